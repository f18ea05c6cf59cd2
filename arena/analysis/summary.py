"""Per player and seat tallies of a series of matches."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass

from arena.records import MatchRecord

SEAT_NAMES = ("first", "second")


@dataclass
class SeatTally:
    """Results of one player (by its place in `--players`) in one seat."""

    player: int
    spec: str
    seat: str
    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    disqualified: int = 0
    invalid_moves: int = 0
    unscored: int = 0
    moves: int = 0
    seconds: float = 0.0

    @property
    def average_moves(self) -> float:
        """Average number of moves in the scored matches this tally covers (both players' moves)."""
        scored = self.matches - self.unscored
        return self.moves / scored if scored else 0.0

    def as_dict(self) -> dict[str, object]:
        """Plain values for JSON."""
        return asdict(self) | {"average_moves": round(self.average_moves, 3), "seconds": round(self.seconds, 3)}


def summarize(records: Iterable[MatchRecord], players: tuple[str, str], swap_seats: bool) -> list[SeatTally]:
    """Tally matches per (player, seat); errors, aborts and cancellations are counted but never scored."""
    tallies = {(p, s): SeatTally(player=p + 1, spec=players[p], seat=SEAT_NAMES[s]) for p in (0, 1) for s in (0, 1)}
    for record in records:
        owners = (1, 0) if swap_seats and record.index % 2 else (0, 1)
        outcome = record.outcome
        for seat, owner in enumerate(owners):
            tally = tallies[(owner, seat)]
            tally.matches += 1
            tally.invalid_moves += sum(1 for m in record.moves if m.seat == seat and not m.valid)
            tally.seconds += sum(m.seconds for m in record.moves if m.seat == seat)
            if outcome.status != "finished":
                tally.unscored += 1
                continue
            tally.moves += len(record.played)
            if outcome.termination == "disqualified":
                tally.disqualified += outcome.disqualified == seat
            elif outcome.winner is None:
                tally.draws += 1
            elif outcome.winner == seat:
                tally.wins += 1
            else:
                tally.losses += 1
    return [t for t in tallies.values() if t.matches]
