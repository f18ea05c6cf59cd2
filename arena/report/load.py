"""A report: the recorded matches that pass the filters, analysed and rated per game, with task sessions."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from arena.analysis.anchors import resolve_anchors
from arena.analysis.cache import analyse_store
from arena.analysis.combined import CombinedRow, combined_scores
from arena.analysis.cost_strength import cost_strength
from arena.analysis.groups import first_move_term
from arena.analysis.leaderboard import Leaderboard, PlayerRow, build_leaderboard, games_of, group_order, rank
from arena.analysis.moves import DEFAULT_GRADE_BUDGET, MatchAnalysis
from arena.imports.compare import comparisons
from arena.imports.comparison import Comparison
from arena.imports.samples import partial_samples
from arena.store import MatchStore
from arena.store.atomic import gc_paused
from arena.store.summaries import FIELD
from arena.store.tables import PUZZLE_SESSIONS, TASK_SESSIONS

if TYPE_CHECKING:
    from arena.puzzles.metrics import PuzzleRow
    from arena.tasks.session import TaskSession


def _rate(row: PlayerRow, outcome: str) -> float:
    scored = row.scored
    return row.total(outcome) / scored if scored else -1.0


SORTS: dict[str, Callable[[PlayerRow], Any]] = {
    "rating": rank,
    "elo": lambda r: -r.elo,
    "player": lambda r: r.player,
    "matches": lambda r: -r.matches,
    "wins": lambda r: -_rate(r, "wins"),
    "draws": lambda r: -_rate(r, "draws"),
    "losses": lambda r: -_rate(r, "losses"),
    "dq": lambda r: -_rate(r, "disqualified"),
    "invalid": lambda r: -_nan_low(r.per("invalid", "matches")),
    "missed-wins": lambda r: -_nan_low(r.per("missed_wins", "valid")),
    "missed-blocks": lambda r: -_nan_low(r.per("missed_blocks", "valid")),
    "blunders": lambda r: -_nan_low(r.per("blunders", "graded")),
    "keep": lambda r: -_nan_low(r.per("optimal_open", "graded_open")),
    "tokens": lambda r: -(r.counts.get("prompt_tokens", 0) + r.counts.get("completion_tokens", 0)),
    "cost": lambda r: -r.counts.get("cost", 0.0),
}


def _nan_low(value: float) -> float:
    return -math.inf if math.isnan(value) else value


@dataclass
class Report:
    """The analyses chosen, one leaderboard per game among them, the task sessions and the combined scores."""

    analyses: list[MatchAnalysis]
    boards: list[Leaderboard]
    sessions: list[TaskSession] = field(default_factory=list)
    combined: list[CombinedRow] = field(default_factory=list)
    published: list[Comparison] = field(default_factory=list)  # imported games' published figures beside ours
    anchors: dict[str, float] = field(default_factory=dict)  # the anchors asked for, under the tables' names
    puzzles: list[PuzzleRow] = field(default_factory=list)  # per player and puzzle set: on the puzzle scale, apart
    poker: dict[str, PokerStanding] = field(default_factory=dict)  # per poker game: chips per hand, graded decisions


def load_report(
    store: MatchStore,
    game: str | None = None,
    tournament: str | None = None,
    family: str | None = None,
    budget: int = DEFAULT_GRADE_BUDGET,
    resamples: int = 1000,
    on_progress: Callable[[int, int], None] | None = None,
    source: str | None = None,
    with_moves: bool = True,
    workers: Callable[[int], int] = lambda missing: 1,
    anchors: dict[str, float] | None = None,
) -> Report:
    """Analyse (or read from the cache) the matches that pass the filters and rate their players per game.

    `source` keeps one paper's imported games (`topsakal`, `childplay`) or the arena's own (`arena`).
    Without `with_moves` the analyses carry no move rows: enough for the tables and JSON, not for files or pages.
    `workers` says how many processes analyse a number of matches not in the cache yet.
    `anchors` (player: declared rating) put each comparison group holding one on their scale.
    """
    game_at, tournament_at, source_at = FIELD["game"], FIELD["tournament"], FIELD["source"]

    def source_of(row: list[Any]) -> str:
        return (row[source_at] if len(row) > source_at else None) or "arena"

    def keep(row: list[Any]) -> bool:
        return (
            (game is None or row[game_at] == game)
            and (tournament is None or row[tournament_at] == tournament)
            and (source is None or source_of(row) == source)
        )

    # Not paused while new matches are analysed: grading chess through an engine makes cyclic garbage (asyncio).
    analyses = analyse_store(store, keep, budget, on_progress, with_moves, workers)
    with gc_paused():  # hundreds of thousands of objects, no cycles: full collections only cost time
        if family is not None:
            analyses = [a for a in analyses if family in a.families]
        if anchors and analyses:  # with none, the report says there is nothing to show
            anchors = resolve_anchors(anchors, {player for analysis in analyses for player in analysis.players})
        samples = partial_samples(store, analyses)
        boards = [
            build_leaderboard(name, analyses, resamples, anchors, samples.get(name)) for name in games_of(analyses)
        ]
    with_sessions = tournament is None and family is None
    sessions = [s for s in stored_sessions(store) if source in (None, session_source(s))] if with_sessions else []
    combined = combined_scores(analyses, sessions) if game is None else []
    imported = any(analysis.source != "arena" for analysis in analyses)
    published = comparisons(store, source, game, imported) if tournament is None and family is None else []
    puzzles = stored_puzzles(store) if with_sessions and source in (None, "arena") else []
    poker = {board.game: poker_standing(analyses, board.game) for board in boards if board.game.endswith("-poker")}
    return Report(analyses, boards, sessions, combined, published, dict(anchors or {}), puzzles, poker)


@dataclass
class PokerStanding:
    """A poker game's players by chips per hand with their graded decisions, and its pairs head to head."""

    rows: list[Any]  # arena.analysis.poker.PokerRow
    pairs: list[dict[str, Any]]
    game: dict[str, Any]


def poker_standing(analyses: list[MatchAnalysis], game: str) -> PokerStanding:
    """Chips per hand and graded decisions at one poker game (imported only when a report holds poker)."""
    from arena.analysis.poker import game_block, head_to_head, poker_rows

    chosen = [analysis for analysis in analyses if analysis.variant == game]
    return PokerStanding(poker_rows(chosen, game), head_to_head(chosen), game_block(game))


def stored_puzzles(store: MatchStore) -> list[PuzzleRow]:
    """The puzzle figures, one row per player and puzzle set (nothing is read when no puzzle was attempted)."""
    if not store.holds(PUZZLE_SESSIONS):
        return []
    from arena.puzzles.metrics import puzzle_rows
    from arena.puzzles.session import PUZZLE_TABLES

    return puzzle_rows(PUZZLE_TABLES.load(store))


def session_source(session: TaskSession) -> str:
    """The paper a session was imported from, or `arena` for one asked here (as a match's source)."""
    return str((session.record.source or {}).get("paper") or "arena")


def stored_sessions(store: MatchStore) -> list[TaskSession]:
    """The task sessions with answers (their records, pydantic models, are loaded only if there are some)."""
    if not store.holds(TASK_SESSIONS):
        return []
    from arena.tasks.session import task_sessions

    return [session for session in task_sessions(store) if session.answers]


def sorted_rows(board: Leaderboard, sort: str) -> list[PlayerRow]:
    """The rows in the order asked for within each comparison group, groups apart (ties by name)."""
    key = SORTS[sort]
    return sorted(board.rows, key=lambda row: (group_order(row), key(row), row.player))


def board_first_move_term(board: Leaderboard) -> str:
    """Whether the board's first-move term was fitted, and why not."""
    if len(board.groups) > 1:
        return "per comparison group (see groups): players of different groups never met"
    return first_move_term(board.first_move_fitted)


def report_json(report: Report, sort: str = "rating") -> dict[str, Any]:
    """`{"matches": N, "games": {GAME: {"players": [...], "matrix": [...], ...}}}`, players in `sort` order."""
    games: dict[str, Any] = {}
    for board in report.boards:
        games[board.game] = {
            "matches": board.matches,
            "first_move_advantage": None if math.isnan(board.first_move) else round(board.first_move, 4),
            "sort": sort,
            "players": [row.as_dict() for row in sorted_rows(board, sort)],
            "first_move_term": board_first_move_term(board),
            "groups": [group.as_dict() for group in board.groups],
            "matrix": board.matrix_rows(),
            "versions": board.versions,  # what played the matches: more than one and the table mixes versions
            "mixed_versions": len(board.versions) > 1,
            "cost_strength": cost_strength(board),  # per comparison group: models' spending beside their rating
        }
        standing = report.poker.get(board.game)
        if standing is not None:  # poker ranks by chips per hand; each player's row gains its poker block
            blocks = {row.player: row.as_dict() for row in standing.rows}
            players = games[board.game]["players"]
            for entry in players:
                entry["poker"] = blocks.get(entry["player"])
            order = [row.player for row in standing.rows]
            players.sort(key=lambda entry: order.index(entry["player"]) if entry["player"] in order else len(order))
            games[board.game]["sort"] = "chips_per_hand"
            games[board.game]["cost_strength"] = []  # poker ranks by chips, not by a rating to price
            games[board.game]["poker"] = standing.game | {"head_to_head": standing.pairs}
        if board.rules == "chess" or board.game.startswith("chess"):
            from arena.analysis.book import book_json

            games[board.game]["book"] = book_json([a for a in report.analyses if a.variant == board.game])
    data: dict[str, Any] = {"matches": len(report.analyses), "games": games}
    if report.sessions:
        from arena.tasks.metrics import session_summary

        data["tasks"] = [session_summary(s) for s in report.sessions]
    if report.combined:
        data["combined"] = [row.as_dict() for row in report.combined]
    if report.published:
        data["published_vs_recomputed"] = [row.as_dict() for row in report.published]
    if report.puzzles:
        data["puzzles"] = [row.as_dict() for row in report.puzzles]
    return data
