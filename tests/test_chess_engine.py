"""Chess with the real Stockfish: the engine player, grading of known positions, solve, the report, a missing binary."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn
import pytest

from arena.engines.chess_grades import grade_move, kind_of, move_accuracy, win_percent
from tests.processes import ROOT

STOCKFISH_PATH = os.environ.get("PATH", "") + os.pathsep + "/usr/games"
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


def arena(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PATH": STOCKFISH_PATH, **env}
    command = [sys.executable, "-m", "arena", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600, env=environment)


def test_a_missed_mate_in_one_is_a_blunder_and_the_mate_loses_nothing() -> None:
    board = chess.Board(MATE_IN_ONE)
    mate = grade_move(board, chess.Move.from_uci("a1a8"))
    assert mate.best and mate.cp_loss == 0 and mate.kind == "" and mate.accuracy > 99.9 and mate.mate_chance
    missed = grade_move(board, chess.Move.from_uci("h2h3"))
    assert missed.kind == "blunder" and missed.missed_mate and not missed.best and missed.cp_loss > 0
    assert missed.random_best == pytest.approx(1 / board.legal_moves.count())  # only Ra8# mates
    assert grade_move(board, chess.Move.from_uci("h2h3")) == missed  # a node budget: the same verdict every time


def test_the_engines_own_choice_loses_nothing_and_a_queen_blunder_is_caught() -> None:
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    best = max(board.legal_moves, key=lambda move: -grade_move(board, move).cp_loss)
    assert grade_move(board, best).cp_loss == 0
    board = chess.Board("rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 3")
    hung = grade_move(board, chess.Move.from_uci("f3f7"))  # Qxf7+? Kxf7: the queen is lost
    assert hung.kind == "blunder" and hung.cp_loss >= 500


def test_the_stated_formulas() -> None:
    assert win_percent(0) == pytest.approx(50) and win_percent(1000) > 97 and win_percent(-1000) < 3
    assert move_accuracy(200, 200) == pytest.approx(100, abs=0.01) and move_accuracy(300, -300) < 40
    assert kind_of(0, -40, None, None) == "" and kind_of(0, -80, None, None) == "inaccuracy"  # drops of .07, .15
    assert kind_of(0, -130, None, None) == "mistake" and kind_of(0, -300, None, None) == "blunder"  # .24, .50
    assert kind_of(900, 700, None, None) == ""  # a won game stays won: winning chances barely move
    assert kind_of(1000, 1000, 3, None) == "inaccuracy" and kind_of(1000, 1000, 1, None) == "inaccuracy"  # lichess


def test_stockfish_plays_records_and_is_graded_beside_random(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    played = arena("--batch", "--game", "chess", "--players", "stockfish:elo=1350", "random", "--games", "2",
                   "--swap-seats", "--db", db, "--json")  # fmt: skip
    assert played.returncode == 0, played.stderr
    report = arena("report", "--db", db, "--game", "chess", "--json")
    assert report.returncode == 0, report.stderr
    players = {p["player"]: p for p in json.loads(report.stdout)["games"]["chess"]["players"]}
    engine, mover = players["stockfish:elo=1350"]["chess"], players["random"]["chess"]
    assert engine["graded_moves"] > 10 and mover["graded_moves"] > 10
    assert engine["accuracy"] > engine["random_accuracy"]  # the engine beats a random mover on its own positions
    assert mover["random_accuracy"] == pytest.approx(mover["accuracy"], abs=15)  # random is the random baseline
    assert engine["average_centipawn_loss"] < engine["random_average_centipawn_loss"]
    table = arena("report", "--db", db, "--game", "chess")
    assert "acc" in table.stdout and "acpl" in table.stdout and "random legal move" in table.stdout
    assert arena("report", "--db", db, "--out", str(tmp_path / "out")).returncode == 0
    with open(tmp_path / "out" / "chess.pgn", encoding="utf-8") as handle:
        games = [game for game in iter(lambda: chess.pgn.read_game(handle), None)]
    assert len(games) == 2 and all(
        not game.errors and game.headers["Result"] in ("1-0", "0-1", "1/2-1/2") for game in games
    )
    assert {games[0].headers["White"], games[0].headers["Black"]} == {"stockfish:elo=1350", "random"}
    assert "[%eval" in str(games[0]) and games[0].headers["Annotator"].startswith("Stockfish")


def test_solve_gives_the_engines_verdict() -> None:
    solved = arena("solve", "chess", MATE_IN_ONE)
    assert solved.returncode == 0 and "evaluation #1" in solved.stdout and "Ra8#" in solved.stdout, solved.stderr
    # Every legal move is listed, the worst too: here Qc7 stalemates (0.00 beside mates in one), and mates read #N.
    stalemate_near = "k7/3Q4/1K6/8/8/8/8/8 w - - 0 1"
    every = arena("solve", "chess", stalemate_near)
    listed = {line.split()[0]: line.split()[1] for line in every.stdout.splitlines()[3:]}
    assert len(listed) == chess.Board(stalemate_near).legal_moves.count(), every.stdout
    assert listed["Qd8#"] == "#1" and listed["Qc7"] == "+0.00", every.stdout
    over = arena("solve", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert over.returncode == 2 and "the game is over: stalemate" in over.stderr


def test_a_missing_engine_or_the_wrong_engine_is_one_line(tmp_path: Path) -> None:
    missing = arena("--batch", "--game", "chess", "--players", "stockfish", "random", "--db", str(tmp_path / "db"),
                    ARENA_STOCKFISH=str(tmp_path / "nowhere"))  # fmt: skip
    assert missing.returncode == 2 and "apt-get install stockfish" in missing.stderr
    assert len(missing.stderr.strip().splitlines()) == 1
    minimax = arena("--batch", "--game", "chess", "--players", "minimax", "random", "--db", str(tmp_path / "db"))
    assert minimax.returncode == 2 and "minimax has no chess engine" in minimax.stderr
    wrong = arena("--batch", "--players", "stockfish", "random", "--db", str(tmp_path / "db"))
    assert wrong.returncode == 2 and "stockfish plays chess" in wrong.stderr
    bad = arena("--batch", "--game", "chess", "--players", "stockfish:elo=high", "random", "--db", str(tmp_path / "db"))
    assert bad.returncode == 2 and "elo must be a whole number" in bad.stderr


def test_the_version_read_from_the_banner_is_the_engines_uci_name() -> None:
    from arena.engines import stockfish

    assert stockfish.version() == stockfish.engine("grader").id["name"] and stockfish.version().startswith("Stockfish")
