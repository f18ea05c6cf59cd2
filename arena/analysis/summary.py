"""Per player and seat tallies of a series of matches."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields

from arena.analysis.moves import analyse
from arena.match.records import MatchRecord

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
    opponent_disqualified: int = 0  # the opponent's disqualifications: never a win
    invalid_moves: int = 0
    unscored: int = 0
    moves: int = 0
    seconds: float = 0.0
    valid_moves: int = 0
    win_chances: int = 0
    missed_wins: int = 0
    block_chances: int = 0
    missed_blocks: int = 0
    sink_chances: int = 0
    missed_sinks: int = 0
    cost: float = 0.0
    chips: float = 0.0  # poker: chips won over the finished matches' hands
    hands: int = 0

    @property
    def average_moves(self) -> float:
        """Average number of moves in the scored matches this tally covers (both players' moves)."""
        scored = self.matches - self.unscored
        return self.moves / scored if scored else 0.0

    @property
    def seconds_per_move(self) -> float:
        """Mean thinking time of one answer, refused ones included (unlike a sum, it holds under concurrency)."""
        answers = self.valid_moves + self.invalid_moves
        return self.seconds / answers if answers else 0.0

    def absorb(self, other: SeatTally) -> None:
        """Add the counts of another tally of the same player and seat to this one."""
        for counted in fields(self):
            if counted.name not in IDENTITY:
                setattr(self, counted.name, getattr(self, counted.name) + getattr(other, counted.name))

    def rate(self, count: int) -> float | None:
        """A share of the scored matches (None when none was scored), unrounded: tables and JSON round once."""
        scored = self.matches - self.unscored
        return count / scored if scored else None

    def per_valid_move(self, count: int) -> float | None:
        """A count per accepted move, as Topsakal normalises missed opportunities (unrounded)."""
        return count / self.valid_moves if self.valid_moves else None

    def as_dict(self) -> dict[str, object]:
        """Plain values for JSON."""
        return asdict(self) | {
            "average_moves": round(self.average_moves, 3),
            "seconds": round(self.seconds, 3),
            "cost": round(self.cost, 6),
            "win_rate": _rounded(self.rate(self.wins)),
            "draw_rate": _rounded(self.rate(self.draws)),
            "loss_rate": _rounded(self.rate(self.losses)),
            "disqualified_rate": _rounded(self.rate(self.disqualified)),
            "missed_wins_per_valid_move": _rounded(self.per_valid_move(self.missed_wins)),
            "missed_blocks_per_valid_move": _rounded(self.per_valid_move(self.missed_blocks)),
            "missed_sinks_per_valid_move": _rounded(self.per_valid_move(self.missed_sinks)),
            "chips_per_hand": _rounded(self.chips / self.hands) if self.hands else None,
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


class RunTally:
    """Running tallies of a series as its matches finish: nothing of a match is kept once it is counted."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = list(players)
        self.tallies: dict[tuple[str, int], SeatTally] = {}
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
        played = len(record.played)
        try:
            analysis = analyse(record.model_dump(), grading=False)
        except (ValueError, KeyError, TypeError, AttributeError):
            analysis = None
        for seat, player in enumerate(record.players):
            tally = self.tally(player.spec, seat)
            tally.matches += 1
            tally.invalid_moves += sum(1 for m in record.moves if m.seat == seat and not m.valid
                                       and "time_out" not in m.info)  # fmt: skip
            tally.seconds += sum(m.seconds for m in record.moves if m.seat == seat)
            tally.cost += sum(m.cost or 0.0 for m in record.moves if m.seat == seat)
            if analysis is not None:
                stats = analysis.seats[seat]
                tally.valid_moves += stats.valid
                for name in ("win_chances", "missed_wins", "block_chances", "missed_blocks"):
                    setattr(tally, name, getattr(tally, name) + getattr(stats, name))
                tally.sink_chances += stats.sink_chances
                tally.missed_sinks += stats.missed_sinks
            if outcome.status != "finished":
                tally.unscored += 1
                continue
            tally.moves += played
            if outcome.scores:  # poker: chips, and the hands they were won over
                tally.chips += outcome.scores[seat]
                tally.hands += int(record.game_options.get("hands", 0))
            if outcome.termination == "disqualified":
                tally.disqualified += outcome.disqualified == seat
                tally.opponent_disqualified += outcome.disqualified != seat
            elif outcome.winner is None:
                tally.draws += 1
            elif outcome.winner == seat:
                tally.wins += 1
            else:
                tally.losses += 1

    def tally(self, spec: str, seat: int) -> SeatTally:
        """The tally of a player in a seat, begun on first use (a player not declared is added at the end)."""
        key = (spec, seat)
        if key not in self.tallies:
            if spec not in self.players:
                self.players.append(spec)
            self.tallies[key] = SeatTally(player=self.players.index(spec) + 1, spec=spec, seat=SEAT_NAMES[seat])
        return self.tallies[key]

    def rows(self) -> list[SeatTally]:
        """The tallies of every (player, seat) that played, by player then seat."""
        ordered = sorted(self.tallies.items(), key=lambda item: (self.players.index(item[0][0]), item[0][1]))
        return [t for _, t in ordered if t.matches]


def summarize(records: Iterable[MatchRecord], players: Sequence[str]) -> list[SeatTally]:
    """Tally matches per (player, seat); errors, aborts and cancellations are counted but never scored."""
    tally = RunTally(players)
    for record in records:
        tally.add(record)
    return tally.rows()
