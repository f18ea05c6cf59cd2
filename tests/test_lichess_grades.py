"""Chess grades a player would sign: lichess's formulas exactly (lila's AccuracyPercent, WinPercent, Advice and
Maths), and verdicts that name a mistake, a blunder or a lost mate confirmed by a deeper search of the move."""

from __future__ import annotations

import io
import json
import math
import shutil
from pathlib import Path

import chess
import chess.pgn
import pytest

from arena.engines.chess_grades import (
    CONFIRM_NODES,
    DEFAULT_NODES,
    accuracy_from,
    game_accuracy,
    grade_move,
    kind_of,
    move_accuracy,
    scored_moves,
    win_percent,
)

STOCKFISH = shutil.which("stockfish") or next((p for p in ("/usr/games/stockfish",) if Path(p).is_file()), None)
O3_GAME = "dragon_vs_llm/lvl-10_vs_o3-2025-04-16-low/2025-05-11-15-29/2025.05.11_15:29.json"


def lila_accuracy(before: float, after: float) -> float:
    """AccuracyPercent.fromWinPercents as lila writes it, transcribed apart from the arena's code."""
    if after >= before:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) + -3.166924740191411
    return max(0.0, min(100.0, raw + 1))


def test_move_accuracy_carries_lilas_uncertainty_bonus() -> None:
    assert accuracy_from(60.0, 50.0) == pytest.approx(lila_accuracy(60.0, 50.0))
    assert accuracy_from(60.0, 50.0) - (103.1668 * math.exp(-0.04354 * 10) - 3.1669) == pytest.approx(1.0, abs=0.01)
    assert accuracy_from(50.0, 50.0) == accuracy_from(40.0, 55.0) == 100.0
    assert move_accuracy(0, -2000) == pytest.approx(lila_accuracy(50.0, win_percent(-1000)))  # capped at 1000


def test_walking_into_a_forced_mate_is_classed_as_lichess_classes_it() -> None:
    """MateCreated: from -500 into a mate is a blunder (the drop in chances alone says only ?!); from below -700
    a mistake, below -999 an inaccuracy; MateLost likewise by the evaluation after; a mate delayed is none."""
    assert kind_of(-500, -1000, None, -3) == "blunder"
    assert kind_of(-800, -1000, None, -3) == "mistake" and kind_of(-1000, -1000, None, -3) == "inaccuracy"
    assert kind_of(1000, 300, 2, None) == "blunder" and kind_of(1000, 800, 2, None) == "mistake"
    assert kind_of(1000, 1000, 1, None) == "inaccuracy"  # a mate in one lost to a won position: lichess's ?!
    assert kind_of(1000, 1000, 3, 5) == "" and kind_of(-1000, -1000, -3, -2) == ""
    assert kind_of(100, 30, None, None) == "inaccuracy" and kind_of(100, -20, None, None) == "mistake"


def lila_game_accuracy(cps: list[int]) -> tuple[float, float]:
    """gameAccuracy for White starting, transcribed apart: windows, population deviations, the two means."""
    wins = [win_percent(cp) for cp in [15, *cps]]
    size = max(2, min(8, len(cps) // 10))
    windows = [wins[:size]] * (min(size, len(wins)) - 2) + [wins[i : i + size] for i in range(len(wins) - size + 1)]
    weights = []
    for window in windows:
        mean = sum(window) / len(window)
        weights.append(max(0.5, min(12.0, math.sqrt(sum((x - mean) ** 2 for x in window) / len(window)))))
    per: dict[int, list[tuple[float, float]]] = {0: [], 1: []}
    for i in range(len(wins) - 1):
        prev, nxt = wins[i], wins[i + 1]
        side = i % 2
        per[side].append((lila_accuracy(prev, nxt) if side == 0 else lila_accuracy(nxt, prev), weights[i]))
    out = []
    for side in (0, 1):
        weighted = sum(a * w for a, w in per[side]) / sum(w for _, w in per[side])
        harmonic = len(per[side]) / sum(1 / max(1.0, a) for a, _ in per[side])
        out.append((weighted + harmonic) / 2)
    return out[0], out[1]


def test_game_accuracy_is_lilas_weighted_and_harmonic_mean() -> None:
    cps = [30, 20, 45, -300, -280, -290, -250, -900, -880, 1000, 990, 400, 380, -50, -40, 30, 20, 25, 35, 10, 15, 5]
    white, black = game_accuracy(cps)
    expected = lila_game_accuracy(cps)
    assert white == pytest.approx(expected[0]) and black == pytest.approx(expected[1])
    wins = [win_percent(cp) for cp in [15, *cps]]
    blacks = [accuracy_from(wins[i + 1], wins[i]) for i in range(1, len(cps), 2)]  # Black's moves, lichess's rule
    assert black is not None and black < sum(blacks) / len(blacks)  # its bad moves weigh more than in a plain mean
    assert game_accuracy([]) == (None, None) and game_accuracy([20])[1] is None


@pytest.mark.skipif(STOCKFISH is None, reason="Stockfish is not installed")
def test_a_shallow_blunder_the_deeper_search_refutes_is_not_a_blunder() -> None:
    """o3's Bxc3+ (ply 34 of the shipped 2025.05.11_15:29 game): a blunder to the 20,000-node search of every move,
    the best move to a deep one; the confirming search withdraws the verdict."""
    from arena.imports.shipped import published_folder

    with published_folder("llm-chess") as folder:
        log = json.loads((folder / O3_GAME).read_text())
    game = chess.pgn.read_game(io.StringIO(log["pgn"]))
    assert game is not None
    board = game.board()
    moves = list(game.mainline_moves())
    for move in moves[:33]:
        board.push(move)
    played = moves[33]
    assert board.san(played) == "Bxc3+"
    shallow = scored_moves(board, DEFAULT_NODES)
    best = max(shallow, key=lambda m: shallow[m][2])
    assert kind_of(shallow[best][0], shallow[played][0], shallow[best][1], shallow[played][1]) == "blunder"
    verdict = grade_move(board, played)
    assert verdict.confirmed and verdict.kind not in ("mistake", "blunder"), verdict
    assert CONFIRM_NODES > DEFAULT_NODES


def test_each_game_and_side_gets_lichess_game_accuracy() -> None:
    """The analysis of a graded game keeps each side's game accuracy from its rows (a mate as ±1000), so the
    report averages per-game figures and the PGN export writes them per game."""
    from arena.analysis.moves import MatchAnalysis, SeatStats, add_game_accuracy

    def row(ply: int, seat: int, value: int, mate: int | None) -> list[object]:
        return [ply, seat, "a2a3", True, None, None, None, None, 0, value, False, 0.0, 0, None, "", mate]

    analysis = MatchAnalysis(id="g", ended_at="", game="chess", tournament=None, index=0, status="finished",
                             winner=0, termination="win", disqualified=None, players=["a", "b"],
                             families=[None, None], seats=[SeatStats(), SeatStats()])  # fmt: skip
    analysis.moves = [row(0, 0, 20, None), row(0, 1, -30, None), row(1, 0, 250, None), row(1, 1, -1000, -2)]
    add_game_accuracy(analysis)
    white, black = game_accuracy([20, 30, 250, 1000])  # White's view; Black's mate against it is +1000 for White
    assert analysis.seats[0].game_accuracy == pytest.approx(white) and analysis.seats[0].accuracy_games == 1
    assert analysis.seats[1].game_accuracy == pytest.approx(black) and black is not None and black < 50
