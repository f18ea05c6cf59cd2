"""Every chess move graded by Stockfish at a fixed node budget: one search scores all legal moves of the position,
so the played move, the best one and a uniform random mover are measured on the same numbers.

Rules (stated, as the report says them):
- Evaluations are the mover's, in centipawns, capped at ±1000 as lichess caps them for average centipawn loss;
  a forced mate counts as ±1000. Centipawn loss = best - played (never below 0).
- Win chance (lichess): win% = 50 + 50·(2/(1+exp(-0.00368208·cp)) - 1). Move accuracy (lichess):
  103.1668·exp(-0.04354·(win%best - win%played)) - 3.1669, clipped to 0-100. A player's accuracy is the plain mean
  of its moves' accuracies (lichess weights a game's moves by volatility; the arena does not).
- Classes (lichess `Advice`): the drop in winning chances (2·win%/100 - 1, from -1 to 1) of at least 0.1 is an
  inaccuracy, 0.2 a mistake, 0.3 a blunder. A forced mate lost is classed as lichess classes it (played eval
  above 999 cp: inaccuracy, above 700: mistake, else blunder), except that missing a mate in one is always a blunder.
- The budget is in nodes, one thread, the hash cleared before each position: the same verdicts under any load.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import chess
import chess.engine

from arena.engines import stockfish

DEFAULT_NODES = 20_000  # per position, shared by the scores of all its legal moves
CP_CAP = 1000
CLASSES = ((0.3, "blunder"), (0.2, "mistake"), (0.1, "inaccuracy"))


@dataclass(frozen=True)
class ChessVerdict:
    """A move against the position's best, and what a uniform random legal move would have scored there."""

    best_cp: int
    played_cp: int
    accuracy: float
    kind: str  # "", "inaccuracy", "mistake" or "blunder"
    best: bool  # the move scored as well as the best one (uncapped: in a won game, the quickest mate)
    mate_chance: bool  # the mover had a forced mate
    missed_mate: bool
    random_cp_loss: float
    random_accuracy: float
    random_blunder: float  # the share of legal moves that are blunders
    random_best: float  # the share of legal moves scoring as the best

    @property
    def cp_loss(self) -> int:
        """Centipawns the move gave away (capped evaluations)."""
        return max(0, self.best_cp - self.played_cp)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def win_percent(cp: int) -> float:
    """Lichess's win chance (0-100) of a centipawn evaluation."""
    return 50 + 50 * (2 / (1 + math.exp(-0.00368208 * cp)) - 1)


def move_accuracy(best_cp: int, played_cp: int) -> float:
    """Lichess's accuracy (0-100) of a move from the win chances before and after it."""
    drop = max(0.0, win_percent(best_cp) - win_percent(played_cp))
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * drop) - 3.1669))


def capped(score: chess.engine.PovScore, turn: chess.Color) -> tuple[int, int | None, int]:
    """The mover's evaluation capped at ±CP_CAP, the moves to mate (positive: the mover mates) if forced, and the
    evaluation uncapped (a mate as 100,000 less its distance), which alone tells moves apart in a decided game."""
    mover = score.pov(turn)
    cp = mover.score(mate_score=100_000)
    assert cp is not None
    return max(-CP_CAP, min(CP_CAP, cp)), mover.mate(), cp


def kind_of(best_cp: int, played_cp: int, best_mate: int | None, played_mate: int | None) -> str:
    """The move's class by the rules above."""
    if best_mate is not None and best_mate > 0 and not (played_mate is not None and played_mate > 0):
        if best_mate == 1 or played_cp <= 700:
            return "blunder"
        return "mistake" if played_cp <= 999 else "inaccuracy"
    drop = (win_percent(best_cp) - win_percent(played_cp)) / 50
    return next((name for threshold, name in CLASSES if drop >= threshold - 1e-9), "")


MARKS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}  # the annotation symbols of each class


def recorded_kind(best_cp: int, played_cp: int, blunder: bool) -> str:
    """A graded move's class from what an analysis row keeps: its blunder flag (mate rules included), else the
    drop in winning chances (a row keeps no distance to mate)."""
    return "blunder" if blunder else kind_of(best_cp, played_cp, None, None)


MOST_CP = 32_000  # beyond any evaluation a UCI engine gives (Stockfish's mate value); more is a broken engine
MOST_MATE = 500  # moves to mate: more than any position can need


def scored_moves(board: chess.Board, nodes: int) -> dict[chess.Move, tuple[int, int | None, int]]:
    """Every legal move's `capped` score from one search; EngineFailed, naming the engine and the position, when
    the engine's answer is impossible: a move missing, a line starting with an illegal move, a score out of range
    (`cp` of 40 digits, `mate 0` in a position with moves)."""
    scored: dict[chess.Move, tuple[int, int | None, int]] = {}
    for line in stockfish.analyse_all(board, nodes):
        if not line.get("pv") or "score" not in line:
            continue
        first, score = line["pv"][0], line["score"].pov(board.turn)
        cp, mate = score.score(), score.mate()
        impossible = (
            (first not in board.legal_moves and "an illegal first move")
            or (first in scored and "a move scored twice")
            or (mate is not None and not 0 < abs(mate) <= MOST_MATE and f"mate {mate}")
            or (cp is not None and abs(cp) > MOST_CP and f"cp {cp}")
        )
        if impossible:
            name = stockfish.engine_label("grader")
            raise stockfish.EngineFailed(f"{name} answered {impossible} ({first.uci()}) on {board.fen()}")
        scored[first] = capped(line["score"], board.turn)
    if len(scored) != board.legal_moves.count():
        name = stockfish.engine_label("grader")
        raise stockfish.EngineFailed(f"{name} scored {len(scored)} of {board.legal_moves.count()} moves on "
                                     f"{board.fen()}")  # fmt: skip
    return scored


def grade_move(board: chess.Board, move: chess.Move, nodes: int = DEFAULT_NODES) -> ChessVerdict:
    """The verdict on `move` in `board` (EngineMissing or EngineFailed when Stockfish cannot be used)."""
    scored = scored_moves(board, nodes)
    best_cp, best_mate, best_raw = max(scored.values(), key=lambda value: value[2])
    played_cp, played_mate, played_raw = scored[move]
    kinds = [kind_of(best_cp, cp, best_mate, mate) for cp, mate, _ in scored.values()]
    accuracies = [move_accuracy(best_cp, cp) for cp, _, _ in scored.values()]
    count = len(scored)
    return ChessVerdict(
        best_cp=best_cp,
        played_cp=played_cp,
        accuracy=move_accuracy(best_cp, played_cp),
        kind=kind_of(best_cp, played_cp, best_mate, played_mate),
        best=played_raw >= best_raw,
        mate_chance=best_mate is not None and best_mate > 0,
        missed_mate=best_mate is not None and best_mate > 0 and not (played_mate is not None and played_mate > 0),
        random_cp_loss=sum(best_cp - cp for cp, _, _ in scored.values()) / count,
        random_accuracy=sum(accuracies) / count,
        random_blunder=kinds.count("blunder") / count,
        random_best=sum(raw >= best_raw for _, _, raw in scored.values()) / count,
    )


def grader_name(nodes: int = DEFAULT_NODES) -> str:
    """The engine and budget behind the grades (`Stockfish 15.1, 20000 nodes`), kept with every analysis."""
    return f"{stockfish.version()}, {nodes} nodes"
