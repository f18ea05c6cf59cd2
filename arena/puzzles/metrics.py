"""What a player's puzzle attempts measure, per puzzle set: solved by Lichess's rules and by the benchmark's, illegal
and unreadable answers apart, the rating on the puzzle scale with its interval, the benchmark's Glicko-2 and adjusted
Elo, and the random legal mover's figures on the same puzzles.

Counting rule: a player's latest attempt at each puzzle counts (a puzzle asked again in another session is not
counted twice); the benchmark's Glicko-2 takes them in the order they were asked (sessions oldest first).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from arena.analysis.puzzle_ratings import benchmark_rating, fit_rating
from arena.sessions.records import PuzzleAttemptRecord, PuzzleSessionRecord

BANDS = ((0, 1200), (1200, 1500), (1500, 1800), (1800, 5001))  # puzzle ratings, lower bound included


def band_label(low: int, high: int) -> str:
    """`1200-1499`, or `1800+` for the top band."""
    return f"{low}-{high - 1}" if high < BANDS[-1][1] else f"{low}+"


BAND_LABELS = tuple(band_label(low, high) for low, high in BANDS)


@dataclass(frozen=True)
class PuzzleRow:
    """One player on one puzzle set."""

    player: str
    puzzle_set: str
    attempted: int
    solved: int
    first_right: int
    illegal: int
    unreadable: int
    rating: float
    low: float
    high: float
    glicko: int
    adjusted: int
    random_solved: float
    random_first_right: float
    random_rating: float
    by_band: dict[str, list[int]] = field(default_factory=dict)  # band: [solved, attempted]
    by_theme: dict[str, list[int]] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The row for JSON."""
        return asdict(self)


def puzzle_rows(sessions: Iterable[tuple[PuzzleSessionRecord, list[PuzzleAttemptRecord]]]) -> list[PuzzleRow]:
    """One row per player and puzzle set, strongest first."""
    latest: dict[tuple[str, str], dict[str, PuzzleAttemptRecord]] = {}
    for record, attempts in sorted(sessions, key=lambda pair: pair[0].started_at):
        kept = latest.setdefault((record.player, f"{record.puzzle_set} ({record.sha256[:8]})"), {})
        for attempt in sorted(attempts, key=lambda a: a.number):
            kept.pop(attempt.puzzle, None)  # re-inserted: the latest attempt, in the order it was asked
            kept[attempt.puzzle] = attempt
    rows = [row_of(player, name, list(kept.values())) for (player, name), kept in latest.items() if kept]
    return sorted(rows, key=lambda row: (-row.rating, row.player))


def row_of(player: str, puzzle_set: str, attempts: list[PuzzleAttemptRecord]) -> PuzzleRow:
    """A player's figures from its attempts at one set (in the order asked)."""
    fit = fit_rating([(a.rating, float(a.solved)) for a in attempts])
    baseline = fit_rating([(a.rating, a.random_solved) for a in attempts])
    benchmark = benchmark_rating([(a.rating, a.deviation, benchmark_result(a)) for a in attempts])
    by_band: dict[str, list[int]] = {}
    by_theme: dict[str, list[int]] = {}
    for a in attempts:
        low, high = next(band for band in BANDS if band[0] <= a.rating < band[1])
        tally = by_band.setdefault(band_label(low, high), [0, 0])
        tally[0] += a.solved
        tally[1] += 1
        for theme in a.themes:
            count = by_theme.setdefault(theme, [0, 0])
            count[0] += a.solved
            count[1] += 1
    return PuzzleRow(
        player=player,
        puzzle_set=puzzle_set,
        attempted=len(attempts),
        solved=sum(a.solved for a in attempts),
        first_right=sum(a.first_right for a in attempts),
        illegal=sum(a.ended == "illegal" for a in attempts),
        unreadable=sum(a.ended == "unreadable" for a in attempts),
        rating=fit.rating,
        low=fit.low,
        high=fit.high,
        glicko=benchmark.glicko,
        adjusted=benchmark.adjusted,
        random_solved=round(sum(a.random_solved for a in attempts), 2),
        random_first_right=round(sum(a.random_first_right for a in attempts), 2),
        random_rating=baseline.rating,
        by_band=dict(sorted(by_band.items())),
        by_theme=dict(sorted(by_theme.items(), key=lambda item: (-item[1][1], item[0]))),
    )


def benchmark_result(attempt: PuzzleAttemptRecord) -> int:
    """The benchmark's verdict on an attempt's first answer: 1 right, -1 illegal or unreadable, 0 wrong."""
    if attempt.first_right:
        return 1
    return -1 if attempt.moves and attempt.moves[0].move is None else 0
