"""Per player and seat tallies of a series of matches."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields

from arena.records import MatchRecord

SEAT_NAMES = ("first", "second")
IDENTITY = ("player", "spec", "seat")  # the fields of a SeatTally that say whose it is; the rest are counts


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

    def absorb(self, other: SeatTally) -> None:
        """Add the counts of another tally of the same player and seat to this one."""
        for counted in fields(self):
            if counted.name not in IDENTITY:
                setattr(self, counted.name, getattr(self, counted.name) + getattr(other, counted.name))

    def as_dict(self) -> dict[str, object]:
        """Plain values for JSON."""
        return asdict(self) | {"average_moves": round(self.average_moves, 3), "seconds": round(self.seconds, 3)}


class RunTally:
    """Running tallies of a series as its matches finish: nothing of a match is kept once it is counted."""

    def __init__(self, players: tuple[str, str], swap_seats: bool) -> None:
        self.swap_seats = swap_seats
        self.tallies = {
            (p, s): SeatTally(player=p + 1, spec=players[p], seat=SEAT_NAMES[s]) for p in (0, 1) for s in (0, 1)
        }
        self.matches = 0
        self.unscored = 0
        self.errors = 0
        self.first_error = ""

    def add(self, record: MatchRecord) -> None:
        """Count one finished match."""
        self.matches += 1
        outcome = record.outcome
        if outcome.status != "finished":
            self.unscored += 1
        if outcome.status == "error":
            self.errors += 1
            self.first_error = self.first_error or outcome.detail or "error"
        owners = (1, 0) if self.swap_seats and record.index % 2 else (0, 1)
        played = len(record.played)
        for seat, owner in enumerate(owners):
            tally = self.tallies[(owner, seat)]
            tally.matches += 1
            tally.invalid_moves += sum(1 for m in record.moves if m.seat == seat and not m.valid)
            tally.seconds += sum(m.seconds for m in record.moves if m.seat == seat)
            if outcome.status != "finished":
                tally.unscored += 1
                continue
            tally.moves += played
            if outcome.termination == "disqualified":
                tally.disqualified += outcome.disqualified == seat
            elif outcome.winner is None:
                tally.draws += 1
            elif outcome.winner == seat:
                tally.wins += 1
            else:
                tally.losses += 1

    def rows(self) -> list[SeatTally]:
        """The tallies of every (player, seat) that played."""
        return [t for t in self.tallies.values() if t.matches]


def summarize(records: Iterable[MatchRecord], players: tuple[str, str], swap_seats: bool) -> list[SeatTally]:
    """Tally matches per (player, seat); errors, aborts and cancellations are counted but never scored."""
    tally = RunTally(players, swap_seats)
    for record in records:
        tally.add(record)
    return tally.rows()
