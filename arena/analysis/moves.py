"""Per-move analysis of a recorded match, replayed from its moves: tactics, exact grades, invalid kinds, usage.

Over 300 lines: the analysis record, its seats' counts and the replay that fills them belong together.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field, fields
from functools import cache
from operator import attrgetter
from typing import Any

from arena.analysis.identity import family_of, identity, without_family
from arena.analysis.slices import seat_slices
from arena.match.manifest import versions_label
from arena.match.records import seat_points

ANALYSIS_VERSION = 9  # 2: Battleship analysed; 3: imported games' source; 4: random's rate; 5: budgets in positions;
# 6: turns and first-try legality; 7: the versions of the run manifest; 8: chess's book exit, each move's random
# figures; 9: moves the clock cut off counted apart
# Positions a Connect-Four grade may search before it is `unknown` (the published games need 2.1 million at most).
DEFAULT_GRADE_BUDGET = 5_000_000
INVALID_KINDS = ("unreadable", "out_of_range", "occupied", "other")

# One row per attempt, as `moves.csv` lists them.
MOVE_FIELDS = (
    "ply",
    "seat",
    "move",
    "valid",
    "error_kind",
    "missed_win",
    "missed_block",
    "missed_sink",
    "best_value",
    "value",
    "blunder",
    "seconds",
    "tokens",
    "cost",
    "kind",  # chess: the move's class (lichess's rules, confirmed by the deeper search), "" for a good move
    "mate",  # chess: moves to mate after the move, the mover's view (negative: mated), or None
    "random_accuracy",  # chess: a random legal move's mean accuracy in this position
    "random_best",  # chess: the share of legal moves as good as the best there
    "best_move",  # chess: the engine's best move there (UCI)
)


def invalid_kind(error: str) -> str:
    """Which kind of invalid move an error message describes."""
    text = error.lower()
    if "already" in text or "is full" in text or "taken" in text:
        return "occupied"
    if "off the" in text or "out of range" in text:
        return "out_of_range"
    if "game is over" in text or "not your turn" in text:
        return "other"
    return "unreadable"


@dataclass(slots=True)  # tens of thousands are held at once: slots halve their memory
class SeatStats:
    """What one seat did in one match."""

    valid: int = 0
    invalid: int = 0
    turns: int = 0  # turns the seat had to move in (a turn's retries are one turn)
    first_try_valid: int = 0  # turns whose first answer was a legal move (`valid` counts those legal in the end)
    time_outs: int = 0  # moves its clock cut off (forfeited, or made at random for it): not its answers
    unreadable: int = 0
    out_of_range: int = 0
    occupied: int = 0
    other: int = 0
    win_chances: int = 0
    missed_wins: int = 0
    block_chances: int = 0
    missed_blocks: int = 0
    sink_chances: int = 0
    missed_sinks: int = 0
    graded: int = 0
    optimal: int = 0
    blunders: int = 0
    graded_open: int = 0  # graded moves from positions not yet lost for the mover
    optimal_open: int = 0
    random_keep: float = 0.0  # sum over graded positions of a random legal move's chance to keep the value
    random_keep_open: float = 0.0
    unknown: int = 0
    cp_graded: int = 0  # chess: moves graded by Stockfish (arena.analysis.chess_moves)
    cp_loss: float = 0.0
    accuracy: float = 0.0
    inaccuracies: int = 0
    mistakes: int = 0
    mate_chances: int = 0
    missed_mates: int = 0
    random_cp_loss: float = 0.0
    random_accuracy: float = 0.0
    random_blunders: float = 0.0
    confirmed: int = 0  # chess: verdicts decided by the deeper search
    game_accuracy: float = 0.0  # chess: lichess's game accuracy of this side (0 when not computed)
    accuracy_games: int = 0  # 1 when it was computed (every move of the game graded)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float = 0.0
    unpriced: int = 0
    seconds: float = 0.0


SEAT_FIELDS = tuple(f.name for f in fields(SeatStats))
_seat_getter = attrgetter(*SEAT_FIELDS)


def seat_values(seat: SeatStats) -> dict[str, Any]:
    """A seat's statistics by name."""
    return dict(zip(SEAT_FIELDS, _seat_getter(seat), strict=True))


@dataclass(slots=True)
class MatchAnalysis:
    """A match's players (by identity), result and per-seat statistics, and one row per attempt."""

    id: str
    ended_at: str
    game: str
    tournament: str | None
    index: int
    status: str
    winner: int | None
    termination: str
    disqualified: int | None
    players: list[str]
    families: list[str | None]
    seats: list[SeatStats]
    moves: list[list[Any]] = field(default_factory=list)
    shape: list[int] = field(default_factory=list)
    budget: int = 0  # Connect-Four: positions a grade could search (0 ungraded)
    variant: str = ""  # the game and its board when not the default one: leaderboards never mix boards
    models: list[str] = field(default_factory=list)  # the players' identities without their prompt families
    source: str = "arena"  # where the game was played: the arena, or a paper whose published log was imported
    logged: bool = False  # its moves were logged (an imported results-only game has none), loaded or not
    grader: str = ""  # chess: the engine and node budget of its grades ("" ungraded)
    versions: str = ""  # what played it (`versions_label` of its run manifest); "" for an imported game
    grading_problem: str = ""  # chess: why some moves went ungraded (an engine fault): such an analysis is not cached
    has_book: bool = False  # chess from the standard start: it had opening theory to leave (games.chess.theory)
    book_exit: int | None = None  # chess: the ply (as the move rows count) of the first move out of book; None: never
    opening_name: str = ""  # chess: the name of the last named opening position reached
    opening_plies: int = 0  # chess: plies of a shipped opening played before the players' first move
    slices: list[dict[str, list[float]]] = field(default_factory=list)  # chess, per seat: arena.analysis.slices
    poker: dict[str, Any] = field(default_factory=dict)  # poker: its hands and decisions (arena.analysis.poker_record)

    def as_json(self) -> dict[str, Any]:
        """Plain values for the cache: seats without their zero counts (the move rows are not copied)."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values["seats"] = [{name: v for name, v in seat_values(seat).items() if v} for seat in self.seats]
        return values

    @classmethod
    def from_json(cls, data: dict[str, Any], with_moves: bool = True) -> MatchAnalysis:
        """Back from the cache; its move rows may still be JSON text, parsed only `with_moves`."""
        values = dict(data)
        rows = values.pop("moves", [])
        values.setdefault("logged", rows not in (b"[]", []))  # entries cached before `logged` existed
        values["seats"] = [SeatStats(**seat) for seat in data["seats"]]
        if with_moves:
            values["moves"] = json.loads(rows) if isinstance(rows, bytes) else rows
        return cls(**values)

    @property
    def scored(self) -> bool:
        """Finished matches count in tables; errors, aborts and move-limit cancellations do not."""
        return self.status == "finished"

    def points(self, seat: int) -> float | None:
        """Points in the rating fit (`seat_points`, as a match record counts them)."""
        return seat_points(self.status, self.termination, self.winner, self.disqualified, seat)

    def outcome(self, seat: int) -> str | None:
        """How the match ended for a seat, on the board: win, draw, loss, disqualified, opponent_disqualified."""
        if not self.scored:
            return None
        if self.termination == "disqualified":
            return "disqualified" if self.disqualified == seat else "opponent_disqualified"
        if self.winner is None:
            return "draw"
        return "win" if self.winner == seat else "loss"


def game_for(name: str, options: dict[str, Any]) -> Any:
    """A game object per name and options (game objects are immutable, so one serves every match)."""
    return _game_for(name, json.dumps(options, sort_keys=True))


@cache
def _game_for(name: str, options: str) -> Any:
    from games.registry import game_from_record

    return game_from_record(name, json.loads(options))


def analyse(document: dict[str, Any], budget: int = DEFAULT_GRADE_BUDGET, grading: bool = True) -> MatchAnalysis:
    """Replay a stored match document move by move and grade every accepted move."""
    # The games' rules and engines are imported here: a report read from the cache never needs them.
    from games.grading import gradable, grade
    from games.registry import variant_label
    from games.tactics import tactics

    outcome = document.get("outcome") or {}
    players = document.get("players") or []
    settings = [p.get("settings") or {} for p in players]
    options = document.get("game_options") or {}
    game = game_for(document["game"], options)
    seats = [SeatStats(), SeatStats()]
    result = MatchAnalysis(
        id=str(document.get("id")),
        ended_at=str(document.get("ended_at", "")),
        game=document["game"],
        tournament=document.get("tournament"),
        index=int(document.get("index", 0)),
        status=str(outcome.get("status", "")),
        winner=outcome.get("winner"),
        termination=str(outcome.get("termination", "")),
        disqualified=outcome.get("disqualified"),
        players=[identity(p.get("spec", ""), s) for p, s in zip(players, settings, strict=False)],
        families=[family_of(s) for s in settings],
        seats=seats,
        budget=0,
        variant=variant_label(document["game"], options),
        models=[identity(p.get("spec", ""), without_family(s)) for p, s in zip(players, settings, strict=False)],
        source=str((document.get("source") or {}).get("paper") or "arena"),
        versions="" if document.get("source") else versions_label(document.get("manifest")),
    )
    state = game.initial_state(random.Random(f"{document.get('seed')}:game"))
    size = getattr(game, "size", 0)
    result.shape = [getattr(game, "rows", size), getattr(game, "cols", size)]
    grades = grading and gradable(game)
    result.budget = budget if grades and document["game"] == "connect-four" else 0
    chess_grader = None
    if grading and document["game"] == "chess":
        from arena.analysis.chess_moves import ChessGrader

        chess_grader = ChessGrader()
        result.grader = chess_grader.name()
    turn_of: list[Any] = [None, None]  # each seat's ply in progress
    for move in document.get("moves") or []:
        seat = int(move.get("seat", 0))
        stats = seats[seat]
        if (move.get("info") or {}).get("time_out"):  # the clock's doing, not an answer: no turn, legality or grade
            stats.time_outs += 1
            stats.seconds += float(move.get("seconds") or 0.0)
            result.moves.append([move.get("ply"), seat, move.get("move"), bool(move.get("valid")), "time_out",
                                 None, None, None, None, None, None, move.get("seconds"), 0, None])  # fmt: skip
            if move.get("valid"):
                state = game.apply(state, game.parse_move(state, str(move.get("move"))))
            continue
        if move.get("ply") != turn_of[seat]:  # a turn's first answer
            turn_of[seat] = move.get("ply")
            stats.turns += 1
            stats.first_try_valid += bool(move.get("valid"))
        tokens = move.get("tokens") or {}
        stats.prompt_tokens += int(tokens.get("prompt", 0) or 0)
        stats.completion_tokens += int(tokens.get("completion", 0) or 0)
        if move.get("cost") is not None:
            stats.cost += float(move["cost"])
        elif tokens and settings[seat].get("api_base") != "local":  # the bundled local model costs nothing
            stats.unpriced += 1
        stats.seconds += float(move.get("seconds") or 0.0)
        used = (tokens.get("prompt", 0) or 0) + (tokens.get("completion", 0) or 0)
        row: list[Any] = [move.get("ply"), seat, move.get("move"), bool(move.get("valid"))]
        if not move.get("valid"):
            kind = invalid_kind(str(move.get("error") or ""))
            stats.invalid += 1
            setattr(stats, kind, getattr(stats, kind) + 1)
            result.moves.append(
                [*row, kind, None, None, None, None, None, None, move.get("seconds"), used, move.get("cost")]
            )
            continue
        parsed = game.parse_move(state, str(move.get("move")))
        stats.valid += 1
        found = tactics(game, state, parsed)
        for chance, missed, flag in (
            ("win_chances", "missed_wins", found.missed_win),
            ("block_chances", "missed_blocks", found.missed_block),
            ("sink_chances", "missed_sinks", found.missed_sink),
        ):
            if flag is not None:
                setattr(stats, chance, getattr(stats, chance) + 1)
                setattr(stats, missed, getattr(stats, missed) + flag)
        if chess_grader is not None:
            verdict = chess_grader.grade(state, parsed, stats)
            result.moves.append([*row, None, None, None, None, *chess_row(verdict), *usage(move, used),
                                 *chess_class(verdict)])  # fmt: skip
            state = game.apply(state, parsed)
            continue
        graded = grade(game, state, parsed, budget) if grades else None
        if graded is not None:
            stats.graded += 1
            stats.optimal += graded.optimal
            stats.blunders += graded.blunder
            stats.random_keep += graded.random_keep
            if not graded.lost:
                stats.graded_open += 1
                stats.optimal_open += graded.optimal
                stats.random_keep_open += graded.random_keep
        elif grades:
            stats.unknown += 1
        result.moves.append(
            [
                *row,
                None,
                found.missed_win,
                found.missed_block,
                found.missed_sink,
                graded.best if graded else None,
                graded.played if graded else None,
                graded.blunder if graded else None,
                move.get("seconds"),
                used,
                move.get("cost"),
            ]
        )
        state = game.apply(state, parsed)
    result.logged = bool(result.moves)
    if document["game"] == "chess":
        add_book_exit(result, state)
    if chess_grader is not None and chess_grader.problem:
        result.grading_problem = chess_grader.problem
    elif chess_grader is not None:
        add_game_accuracy(result)
    if document["game"].endswith("-poker"):
        from arena.analysis.poker_record import poker_summary

        result.poker = poker_summary(game, document)
    return result


def chess_row(verdict: Any) -> list[Any]:
    """A chess move's best and played evaluations (centipawns, the mover's) and whether it was a blunder."""
    if verdict is None:
        return [None, None, None]
    return [verdict.best_cp, verdict.played_cp, verdict.kind == "blunder"]


def add_game_accuracy(result: MatchAnalysis) -> None:
    """Each side's lichess game accuracy from its graded moves' evaluations, when every legal move was graded."""
    for seat, accuracy in enumerate(side_accuracies(result.moves)):
        if accuracy is not None:
            result.seats[seat].game_accuracy = accuracy
            result.seats[seat].accuracy_games = 1


def side_accuracies(rows: list[list[Any]]) -> tuple[float | None, float | None]:
    """White's and Black's (seat 0's and 1's) lichess game accuracy from a chess game's move rows; None for both
    unless every legal move was graded."""
    from arena.engines.chess_grades import game_accuracy

    value, seat, valid = MOVE_FIELDS.index("value"), MOVE_FIELDS.index("seat"), MOVE_FIELDS.index("valid")
    played = [row for row in rows if len(row) > value and row[valid]]
    if not played or any(row[value] is None for row in played):
        return None, None
    white_starts = int(played[0][seat]) == 0
    # A row's value is capped at ±1000, a forced mate included: lila's forceAsCp already.
    white_cps = [row[value] if int(row[seat]) == 0 else -row[value] for row in played]
    return game_accuracy(white_cps, white_starts)


def chess_class(verdict: Any) -> list[Any]:
    """A chess move's class and moves to mate, the random legal mover's accuracy and best-move share there, and the
    engine's best move."""
    if verdict is None:
        return [None, None, None, None, None]
    return [verdict.kind, verdict.mate, round(verdict.random_accuracy, 3), round(verdict.random_best, 4),
            verdict.best_move]  # fmt: skip


def add_book_exit(result: MatchAnalysis, state: Any) -> None:
    """Where a chess game left opening theory (games.chess.theory), in the move rows' ply count."""
    from games.chess.theory import book_exit

    found = book_exit(state.board.root(), list(state.board.move_stack))
    result.has_book = found.in_book
    result.opening_name = found.name
    result.opening_plies = int(getattr(state, "start_plies", 0))
    result.book_exit = None if found.ply is None else found.ply - 1 - result.opening_plies
    result.slices = seat_slices(result.moves, MOVE_FIELDS, result.opening_plies, result.book_exit, result.has_book)


def usage(move: dict[str, Any], used: int) -> list[Any]:
    """A move row's seconds, tokens and cost."""
    return [move.get("seconds"), used, move.get("cost")]
