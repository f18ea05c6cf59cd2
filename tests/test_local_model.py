"""The real local model (SmolLM2-135M via llama.cpp on loopback) playing every game, offline."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arena.llm.local import model_path, shared_local_server, stop_shared_local_server
from arena.players import PlayerOptions
from arena.runner.match import MatchRunner, MatchSetup

GAMES: list[tuple[str, dict[str, Any]]] = [("tictactoe", {}), ("connect-four", {}), ("gomoku", {})]
GAMES += [("battleship", {"preset": "childplay"}), ("chess", {"max_plies": 6})]  # a short chess game
GAMES += [("kuhn-poker", {"hands": 4}), ("leduc-poker", {"hands": 2})]


@pytest.fixture(scope="module", autouse=True)
def local_server() -> Iterator[None]:
    """Stop the shared server once this module is done."""
    yield
    stop_shared_local_server()


def test_the_model_ships_inside_the_python_package() -> None:
    assert model_path().stat().st_size > 90_000_000


@pytest.mark.slow
@pytest.mark.parametrize(("game", "game_options"), GAMES)
async def test_a_full_match_against_random_is_recorded(game: str, game_options: dict[str, Any]) -> None:
    setup = MatchSetup(game, ("llm:local", "random"), seed=3, game_options=game_options)
    record = await MatchRunner(setup, options=PlayerOptions(temperature=0.0, max_tokens=96)).run()
    assert record.outcome.status == "finished", record.outcome
    model_turns = [m for m in record.moves if m.seat == 0]
    assert model_turns
    for move in model_turns:
        assert move.prompt and move.raw is not None and move.tokens and move.tokens["completion"] > 0
        assert move.valid or move.error  # a refused answer always says why
    settings = record.players[0].settings
    assert settings["model"] == "openai/smollm2-135m" and settings["api_base"] == "local"


@pytest.mark.parametrize("game", ["kuhn-poker", "leduc-poker"])
async def test_constrained_poker_answers_are_legal_actions(game: str) -> None:
    setup = MatchSetup(game, ("llm:local", "cfr"), seed=2, game_options={"hands": 2})
    options = PlayerOptions(temperature=0.0, max_tokens=32, constrained=True)
    record = await MatchRunner(setup, options=options).run()
    assert record.outcome.status == "finished" and record.outcome.scores is not None
    model_moves = [m for m in record.moves if m.seat == 0]
    assert model_moves and all(m.valid for m in model_moves)  # the grammar admits only the legal words
    assert all(m.info["infoset"].startswith(("first", "second")) for m in model_moves)


async def test_constrained_answers_are_always_readable() -> None:
    setup = MatchSetup("tictactoe", ("llm:local", "random"), seed=5)
    record = await MatchRunner(setup, options=PlayerOptions(temperature=0.0, constrained=True)).run()
    model_turns = [m for m in record.moves if m.seat == 0]
    assert model_turns and record.outcome.status == "finished"
    for move in model_turns:  # the grammar lists only the free cells: every answer is a legal move
        assert move.valid, move.error


async def test_the_server_starts_on_a_free_loopback_port_and_stops() -> None:
    server = await shared_local_server()
    assert server.api_base.startswith("http://127.0.0.1:") and server.ready()
    process = server.process
    stop_shared_local_server()
    assert process is not None and process.poll() is not None


@pytest.mark.slow
async def test_eight_matches_at_once_get_every_reply_whole() -> None:
    from arena.runner.tournament import TournamentPlan, run_tournament

    plan = TournamentPlan("tictactoe", ("llm:local", "random"), games=8, seed=9, swap_seats=True)
    options = PlayerOptions(temperature=0.0, max_tokens=48, constrained=True)
    records = await run_tournament(plan, concurrency=8, options=options)
    assert [r.outcome.status for r in records] == ["finished"] * 8
    attempts = [m for r in records for m in r.moves if r.players[m.seat].spec == "llm:local"]
    assert attempts
    empty = [m for m in attempts if not m.raw or not m.tokens or m.tokens["completion"] == 0]
    assert empty == []


@pytest.mark.slow
@pytest.mark.parametrize("task", ["shapes", "lcl-validity", "lcl-construct", "gts"])
def test_every_task_runs_offline_with_the_local_model(task: str, tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    db = str(tmp_path / "arena")
    command = [sys.executable, "-m", "arena", "task", "run", task, "--model", "llm:local", "--items", "2"]
    result = subprocess.run([*command, "--max-tokens", "48", "--db", db, "--json"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    (row,) = json.loads(result.stdout)
    assert row["answered"] == 2 and row["player"] == "llm:local"
