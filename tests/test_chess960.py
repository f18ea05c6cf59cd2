"""Chess960 starts: drawn by each match's seed (or named, 0-959), played by every kind of player (Stockfish
included), graded like any chess game, rated apart from standard chess, exported as valid PGN."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn
import pytest

from games.chess.rules import Chess
from tests.processes import ROOT


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=900)  # fmt: skip


def test_the_seed_draws_the_start_and_a_number_names_one() -> None:
    rules = Chess(opening="chess960")
    starts = {rules.initial_state(random.Random(seed)).board.fen() for seed in range(40)}
    assert len(starts) > 30  # drawn, not fixed
    again = rules.initial_state(random.Random(7)).board.fen()
    assert again == rules.initial_state(random.Random(7)).board.fen()
    assert Chess(opening="chess960:518").initial_state().board.fen() == chess.STARTING_FEN
    state = Chess(opening="chess960:0").initial_state()
    assert state.board.chess960 and state.opening == "Chess960 #0" and state.board.fen().startswith("bbqnnrkr")
    for wrong in ("chess960:960", "chess960:x", "chess961"):
        with pytest.raises(ValueError, match="chess960:N"):
            Chess(opening=wrong)


def test_stockfish_and_random_play_chess960_graded_rated_apart_and_exported_as_valid_pgn(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    ran = arena("--batch", "--game", "chess", "--opening", "chess960", "--players", "stockfish:nodes=5000", "random",
                "--games", "3", "--swap-seats", "--db", db)  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    standard = arena("--batch", "--game", "chess", "--players", "random", "random", "--games", "1", "--db", db)
    assert standard.returncode == 0, standard.stderr
    report = json.loads(arena("report", "--db", db, "--json").stdout)
    assert set(report["games"]) == {"chess", "chess960"}  # rated apart: another game, not an opening
    players = {p["player"]: p for p in report["games"]["chess960"]["players"]}
    assert all(players[name]["chess"]["graded_moves"] > 0 for name in players)
    out = tmp_path / "out"
    assert arena("report", "--db", db, "--out", str(out)).returncode == 0
    games = []
    with open(out / "chess.pgn", encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            games.append(game)
    c960 = [g for g in games if g.headers.get("Variant") == "Chess960"]
    assert len(c960) == 3 and all(g.headers["SetUp"] == "1" and "FEN" in g.headers for g in c960)
    for game in c960:
        assert not game.errors and game.board().chess960
        board = game.board()
        for move in game.mainline_moves():
            assert move in board.legal_moves
            board.push(move)
        assert game.headers["Result"] in ("1-0", "0-1", "1/2-1/2")
