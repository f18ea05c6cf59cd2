"""Every chess move graded by Stockfish at a fixed node budget: one search scores all legal moves of the position,
so the played move, the best one and a uniform random mover are measured on the same numbers; a verdict that
names a move a mistake or a blunder, or a mate lost, is confirmed by a deeper search of that move.

Lichess's formulas, exactly (lila, modules/analyse/src/main/): each in the mover's view.
- WinPercent.scala: win% = 50 + 50·(2/(1+exp(-0.00368208·cp)) - 1), cp capped at ±1000; a forced mate is ±1000
  (Eval.forceAsCp). Centipawn loss = best - played, capped evaluations, never below 0.
- AccuracyPercent.scala, fromWinPercents: 100 when the move keeps or raises win%; else
  103.1668100711649·exp(-0.04354415386753951·drop) - 3.166924740191411 + 1 (lila's uncertainty bonus), clipped
  to 0-100. `gameAccuracy` (per game and side): the mean of a volatility-weighted mean (weights: the population
  standard deviation of win% over a sliding window, 0.5-12) and a harmonic mean (common/Maths.scala: each accuracy
  at least 1) of the side's move accuracies, over the game's evaluations after each ply from 15 cp (Cp.initial);
  `game_accuracy` below. The multiplier 0.00368208 is lichess's current one (its accuracy page; lila PR 11148).
- Advice.scala: a drop in winning chances (2·win%/100 - 1) of 0.1 is an inaccuracy, 0.2 a mistake, 0.3 a
  blunder, when neither evaluation is a mate. Mates (MateAdvice): walking into a forced mate from an evaluation
  below -999 cp is an inaccuracy, below -700 a mistake, else a blunder (MateCreated); losing a forced mate to an
  evaluation above 999 cp is an inaccuracy, above 700 a mistake, else a blunder (MateLost); a mate delayed is none.

Where the arena differs from lichess, it says so: "before" is the best move's score in the same search (lichess
uses the previous ply's evaluation), and a player's "mean move accuracy" is the plain mean over its graded moves
(lichess shows game accuracies; `game_accuracy` gives them).

Budgets (in nodes, one thread, the hash cleared before each position: the same verdicts under any load): every
legal move at DEFAULT_NODES in one MultiPV search; a move it classes a mistake or a blunder (or a mate lost) is
searched again beside the best move at CONFIRM_NODES, and the milder of the two classes stands (the deeper search
confirms a verdict or withdraws it, never sharpens one). The random mover's
blunder rate is measured the same way on one legal move per position, drawn by a seed of the position.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import asdict, dataclass
from typing import Any

import chess
import chess.engine

from arena.engines import stockfish
from arena.engines.engine_lines import checked_scores

DEFAULT_NODES = 20_000  # per position, shared by the scores of all its legal moves
CONFIRM_NODES = 50_000  # per confirmed verdict: the best move and the played one alone, searched again (25,000
# nodes a move where the first search gives each of ~30 moves ~700)
CP_CAP = 1000
INITIAL_CP = 15  # lila's Cp.initial: the start position's evaluation in gameAccuracy
CLASSES = ((0.3, "blunder"), (0.2, "mistake"), (0.1, "inaccuracy"))
SEVERE = ("mistake", "blunder")
SEVERITY = ("", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class ChessVerdict:
    """A move against the position's best, and what a uniform random legal move would have scored there."""

    best_cp: int
    played_cp: int
    accuracy: float
    kind: str  # "", "inaccuracy", "mistake" or "blunder"
    best: bool  # the move scored as well as the best one (uncapped: in a won game, the quickest mate)
    mate_chance: bool  # the mover had a forced mate
    missed_mate: bool  # a forced mate lost (confirmed)
    mate: int | None  # moves to mate after the move, the mover's view (negative: the mover is mated), or None
    confirmed: bool  # a deeper search of the move decided its class
    random_cp_loss: float
    random_accuracy: float
    random_blunder: float  # the share of legal moves that are blunders
    random_best: float  # the share of legal moves scoring as the best
    best_move: str = ""  # the engine's best move (UCI), named beside an inaccuracy, a mistake or a blunder

    @property
    def cp_loss(self) -> int:
        """Centipawns the move gave away (capped evaluations)."""
        return max(0, self.best_cp - self.played_cp)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def win_percent(cp: int) -> float:
    """Lichess's win chance (0-100) of a centipawn evaluation, capped at ±1000 first (WinPercent.fromCentiPawns)."""
    return 50 + 50 * (2 / (1 + math.exp(-0.00368208 * max(-CP_CAP, min(CP_CAP, cp)))) - 1)


def accuracy_from(before: float, after: float) -> float:
    """lila's AccuracyPercent.fromWinPercents: a move's accuracy (0-100) from the mover's win% before and after."""
    if after >= before:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411
    return min(100.0, max(0.0, raw + 1))  # lila's +1: "uncertainty bonus (due to imperfect analysis)"


def move_accuracy(best_cp: int, played_cp: int) -> float:
    """Lichess's accuracy (0-100) of a move from the evaluations before (the best move's) and after it."""
    return accuracy_from(win_percent(best_cp), win_percent(played_cp))


def game_accuracy(white_cps: list[int], white_starts: bool = True) -> tuple[float | None, float | None]:
    """lila's AccuracyPercent.gameAccuracy: (White's, Black's) accuracy of one game from the evaluations after each
    ply in White's view (capped, mates as ±1000), from Cp.initial; None for a side that did not move."""
    wins = [win_percent(cp) for cp in [INITIAL_CP, *white_cps]]
    size = min(8, max(2, len(white_cps) // 10))
    windows = [wins[:size]] * (min(size, len(wins)) - 2) + [wins[i : i + size] for i in range(len(wins) - size + 1)]
    weights = [min(12.0, max(0.5, population_sd(window))) for window in windows]
    sides: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
    for i, (before, after) in enumerate(itertools.pairwise(wins)):
        white = (i % 2 == 0) == white_starts
        accuracy = accuracy_from(before, after) if white else accuracy_from(after, before)
        if i < len(weights):
            sides[white].append((accuracy, weights[i]))

    def side(moves: list[tuple[float, float]]) -> float | None:
        if not moves or sum(w for _, w in moves) == 0:
            return None
        weighted = sum(a * w for a, w in moves) / sum(w for _, w in moves)
        harmonic = len(moves) / sum(1 / max(1.0, a) for a, _ in moves)  # lila's Maths.harmonicMean
        return (weighted + harmonic) / 2

    return side(sides[True]), side(sides[False])


def population_sd(values: list[float]) -> float:
    """lila's Maths.standardDeviation: the population standard deviation."""
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def capped(score: chess.engine.PovScore, turn: chess.Color) -> tuple[int, int | None, int]:
    """The mover's evaluation capped at ±CP_CAP, the moves to mate (positive: the mover mates) if forced, and the
    evaluation uncapped (a mate as 100,000 less its distance), which alone tells moves apart in a decided game."""
    mover = score.pov(turn)
    cp = mover.score(mate_score=100_000)
    assert cp is not None
    return max(-CP_CAP, min(CP_CAP, cp)), mover.mate(), cp


def mate_lost(best_mate: int | None, played_mate: int | None) -> bool:
    """The mover had a forced mate and the move keeps none (lila's MateLost)."""
    return best_mate is not None and best_mate > 0 and not (played_mate is not None and played_mate > 0)


def kind_of(best_cp: int, played_cp: int, best_mate: int | None, played_mate: int | None) -> str:
    """The move's class by lila's Advice (CpAdvice, else MateAdvice), from the mover's evaluations before (the
    best move's) and after."""
    if best_mate is None and played_mate is None:
        drop = (win_percent(best_cp) - win_percent(played_cp)) / 50
        return next((name for threshold, name in CLASSES if drop >= threshold - 1e-9), "")
    if best_mate is None and played_mate is not None and played_mate < 0:  # MateCreated
        return "inaccuracy" if best_cp < -999 else "mistake" if best_cp < -700 else "blunder"
    if mate_lost(best_mate, played_mate):
        after = 0 if played_mate is not None else played_cp  # lila: a mate's cp is none, counted as 0
        return "inaccuracy" if after > 999 else "mistake" if after > 700 else "blunder"
    return ""


MARKS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}  # the annotation symbols of each class


def recorded_kind(best_cp: int, played_cp: int, blunder: bool, kind: str | None = None) -> str:
    """A graded move's class from what an analysis row keeps: its class when the row has one (mates and the
    confirming search included), else its blunder flag, else the drop in winning chances."""
    if kind is not None:
        return kind
    return "blunder" if blunder else kind_of(best_cp, played_cp, None, None)


def scored_moves(board: chess.Board, nodes: int) -> dict[chess.Move, tuple[int, int | None, int]]:
    """Every legal move's `capped` score from one search (EngineFailed for an impossible answer, as `checked_lines`)."""
    return {move: capped(score, board.turn) for move, score in checked_scores(board, nodes).items()}


def confirmed_class(board: chess.Board, move: chess.Move, best: chess.Move, confirm_nodes: int) -> tuple[str, bool]:
    """(class, mate lost) of `move` from a deeper search of it beside `best` (the shallow search's best move)."""
    scores = checked_scores(board, confirm_nodes, [best, move])
    deep = {first: capped(score, board.turn) for first, score in scores.items()}
    top = max(deep.values(), key=lambda value: value[2])
    (best_cp, best_mate, _), (played_cp, played_mate, _) = top, deep[move]
    return kind_of(best_cp, played_cp, best_mate, played_mate), mate_lost(best_mate, played_mate)


def checked_class(
    board: chess.Board,
    scored: dict[chess.Move, tuple[int, int | None, int]],
    best: chess.Move,
    move: chess.Move,
    confirm_nodes: int,
) -> tuple[str, bool, bool]:
    """(class, mate lost, confirmed) of `move`: the first search's class, and where that names a mistake, a blunder
    or a lost mate, the milder of it and the deeper search's (which confirms a verdict or withdraws it, never
    sharpens one)."""
    (best_cp, best_mate, _), (cp, mate, _) = scored[best], scored[move]
    kind, lost = kind_of(best_cp, cp, best_mate, mate), mate_lost(best_mate, mate)
    confirmed = (kind in SEVERE or lost) and move != best
    if confirmed:
        deep_kind, deep_lost = confirmed_class(board, move, best, confirm_nodes)
        kind, lost = min(kind, deep_kind, key=SEVERITY.index), lost and deep_lost
    return kind, lost, confirmed


def grade_move(
    board: chess.Board, move: chess.Move, nodes: int = DEFAULT_NODES, confirm_nodes: int = CONFIRM_NODES
) -> ChessVerdict:
    """The verdict on `move` in `board` (EngineMissing or EngineFailed when Stockfish cannot be used)."""
    scored = scored_moves(board, nodes)
    best_move = max(scored, key=lambda m: (scored[m][2], m.uci()))
    best_cp, best_mate, best_raw = scored[best_move]
    played_cp, played_mate, played_raw = scored[move]
    kind, missed, confirmed = checked_class(board, scored, best_move, move, confirm_nodes)
    accuracies = [move_accuracy(best_cp, cp) for cp, _, _ in scored.values()]
    count = len(scored)
    return ChessVerdict(
        best_cp=best_cp,
        played_cp=played_cp,
        accuracy=move_accuracy(best_cp, played_cp),
        kind=kind,
        best=played_raw >= best_raw,
        mate_chance=best_mate is not None and best_mate > 0,
        missed_mate=missed,
        mate=played_mate,
        confirmed=confirmed,
        random_cp_loss=sum(best_cp - cp for cp, _, _ in scored.values()) / count,
        random_accuracy=sum(accuracies) / count,
        random_blunder=random_blunder(board, scored, best_move, confirm_nodes),
        random_best=sum(raw >= best_raw for _, _, raw in scored.values()) / count,
        best_move=best_move.uci(),
    )


def random_blunder(
    board: chess.Board, scored: dict[chess.Move, tuple[int, int | None, int]], best: chess.Move, confirm_nodes: int
) -> float:
    """Whether a random legal move, drawn by a seed of the position, is a blunder by the same rule as the played
    move's (the shallow class, confirmed by the deeper search): 1.0 or 0.0, averaged over positions it is the
    random mover's blunder rate."""
    drawn = random.Random(board.fen()).choice(sorted(scored, key=chess.Move.uci))
    return float(checked_class(board, scored, best, drawn, confirm_nodes)[0] == "blunder")


# 2: lichess's formulas exactly (+1 bonus, mates created), verdicts confirmed by a deeper search; 3: the best move kept
GRADING_RULES = 3


def grader_name(nodes: int = DEFAULT_NODES, confirm_nodes: int = CONFIRM_NODES) -> str:
    """The engine, budgets and rules behind the grades (`Stockfish 15.1, 20000 nodes, verdicts confirmed at 50000,
    rules 2`), kept with every analysis: a cached grade made otherwise is graded again."""
    return f"{stockfish.version()}, {nodes} nodes, verdicts confirmed at {confirm_nodes}, rules {GRADING_RULES}"
