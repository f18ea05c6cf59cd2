"""`random-any`: Topsakal's random player, which names any cell, taken or not, and is judged like a model."""

from __future__ import annotations

import asyncio
import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from arena.analysis.moves import invalid_kind
from arena.players import TurnView, make_player
from arena.store import MatchStore
from games.base import GameError
from games.registry import make_game

ROOT = Path(__file__).resolve().parent.parent


def advanced(game: Any, moves: int, seed: int = 1) -> Any:
    """A position `moves` legal moves in."""
    rng = random.Random(seed)
    state = game.initial_state(rng)
    for _ in range(moves):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def refused_share(game: Any, state: Any, draws: int) -> float:
    """How often random-any's answer is refused by the game at this position."""
    player = make_player("random-any", 7)

    async def answers() -> list[str]:
        return [str((await player.choose_move(TurnView(game, state, game.to_move(state)))).text) for _ in range(draws)]

    refused = 0
    for text in asyncio.run(answers()):
        try:
            game.parse_move(state, text)
        except GameError:
            refused += 1
    return refused / draws


def test_random_any_names_taken_cells_as_often_as_they_are_on_the_board() -> None:
    draws = 6000
    for game, moves, cells in (
        (make_game("tictactoe"), 5, 9),
        (make_game("gomoku"), 60, 225),
        (make_game("battleship", preset="childplay"), 20, 25),
    ):
        state = advanced(game, moves)
        taken = cells - len(game.legal_moves(state))
        expected = taken / cells
        sigma = math.sqrt(expected * (1 - expected) / draws)
        assert abs(refused_share(game, state, draws) - expected) < 5 * sigma, game.name


def test_random_any_drops_into_full_columns_of_connect_four() -> None:
    game = make_game("connect-four")
    state = game.play_sequence("444444333333")  # columns 3 and 4 full
    share = refused_share(game, state, 7000)
    assert abs(share - 2 / 7) < 5 * math.sqrt((2 / 7) * (5 / 7) / 7000)


def test_random_any_is_disqualified_under_topsakal_limits_and_random_never_is(tmp_path: Path) -> None:
    db = tmp_path / "arena.json"
    command = ["--batch", "--db", str(db), "--game", "tictactoe", "--players", "random-any", "random"]
    command += ["--invalid-retries", "3", "--on-invalid", "disqualified", "--games", "100", "--json"]
    result = subprocess.run([sys.executable, "-m", "arena", *command], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    dq: dict[str, int] = {}
    for row in json.loads(result.stdout)["players"]:
        dq[row["spec"]] = dq.get(row["spec"], 0) + row["disqualified"]
    assert dq["random-any"] > 10 and dq["random"] == 0
    with MatchStore(db) as store:
        records = store.matches()
    assert len(records) == 100
    # Each attempt at ply k faces k taken cells of 9: the refusals must match that rate.
    expected = variance = 0.0
    observed = 0
    for record in records:
        seat = next(i for i, p in enumerate(record.players) if p.spec == "random-any")
        for move in record.moves:
            if move.seat != seat:
                continue
            p = move.ply / 9
            expected, variance = expected + p, variance + p * (1 - p)
            if not move.valid:
                observed += 1
                assert move.error is not None and invalid_kind(move.error) == "occupied", move.error
        if record.outcome.termination == "disqualified":
            assert sum(not m.valid for m in record.moves if m.seat == seat) == 4  # 3 retries allowed, the 4th ends it
    assert abs(observed - expected) < 5 * math.sqrt(variance)


def test_random_any_plays_chess_by_naming_any_two_squares(tmp_path: Path) -> None:
    """Chess has no cells: random-any names any pair of distinct squares in UCI, judged like a model's answer, so
    a match is played (no fault) and its refusals are the share of square pairs that are not legal moves."""
    game = make_game("chess")
    state = game.initial_state(random.Random(0))
    share = refused_share(game, state, 4000)
    expected = 1 - 20 / (64 * 63)  # 20 legal moves of 4,032 square pairs at the start
    assert abs(share - expected) < 5 * math.sqrt(expected * (1 - expected) / 4000)
    db = tmp_path / "db"
    command = ["--batch", "--db", str(db), "--game", "chess", "--players", "random-any", "random", "--games", "2"]
    result = subprocess.run([sys.executable, "-m", "arena", *command, "--json"], capture_output=True, text=True,
                            cwd=ROOT)  # fmt: skip
    assert result.returncode == 0, result.stderr
    with MatchStore(db) as store:
        records = store.matches()
    assert len(records) == 2 and all(r.outcome.status == "finished" for r in records)
    assert all(r.outcome.termination != "player failure" for r in records)
    refused = [m for r in records for m in r.moves if not m.valid]
    assert refused and all(m.error and "Traceback" not in m.error for m in refused)


def test_the_game_option_names_every_registered_game() -> None:
    from games.registry import GAMES

    shown = subprocess.run([sys.executable, "-m", "arena", "--help"], capture_output=True, text=True, cwd=ROOT)
    line = " ".join(shown.stdout.split("  --game GAME", 1)[1].split("--players")[0].split())
    assert all(name in line for name in GAMES) and "chess" in line, line
