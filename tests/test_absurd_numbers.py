"""A number no board holds (5,000 nines) is an invalid move or answer, never an unscored error or a crash."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arena.store import MatchStore
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import ROOT

NINES = "9" * 5000
REPLIES = {
    "arena": f"I will play here.\nMOVE: {NINES},1",
    "childplay": f"{NINES} 1",
    "topsakal-list": f'{{"row": {NINES}, "column": 1}}',
}


def batch(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "arena", "--batch", "--games", "1", "--json", "--db", str(db), *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)


@pytest.mark.slow  # every game x every reader: the constrained and quiz cases below stay in the inner loop
@pytest.mark.parametrize("game", ["tictactoe", "connect-four", "gomoku", "battleship"])
@pytest.mark.parametrize("family", sorted(REPLIES))
def test_every_game_and_reader_refuses_an_absurd_number(
    fake_llm: FakeServer, tmp_path: Path, game: str, family: str
) -> None:
    model = fake_llm.script(f"nines-{game}-{family}", Reply(content=REPLIES[family]))
    ran = batch("--game", game, "--players", f"llm:{model};prompt={family}", "random", "--api-base", fake_llm.url,
                "--invalid-retries", "0", "--on-invalid", "loss", db=tmp_path / "db")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout)["matches"] == 1
    with MatchStore(tmp_path / "db", read_only=True) as store:
        (record,) = store.matches()
    assert record.outcome.status == "finished", record.outcome  # scored: the model lost by an invalid move
    assert record.moves[0].valid is False and record.moves[0].error


def test_a_constrained_answer_with_an_absurd_number_is_invalid(fake_llm: FakeServer, tmp_path: Path) -> None:
    model = fake_llm.script("nines-constrained", Reply(content=f'{{"move": "{NINES},1"}}'))
    ran = batch("--players", f"llm:{model}", "random", "--constrained", "--api-base", fake_llm.url, db=tmp_path / "db")
    assert ran.returncode == 0, ran.stderr
    with MatchStore(tmp_path / "db", read_only=True) as store:
        (record,) = store.matches()
    assert record.outcome.status == "finished" and not record.moves[0].valid


def test_the_model_quiz_and_tasks_read_an_absurd_number_as_unreadable(fake_llm: FakeServer, tmp_path: Path) -> None:
    model = fake_llm.script("nines-answers", Reply(content=f"submit_move({NINES}) ({NINES}, 1, 'red')"))
    for command in (
        ["quiz", "--model", f"llm:{model}"],
        ["task", "run", "lcl-construct", "--model", f"llm:{model}", "--items", "2"],
    ):
        ran = subprocess.run(
            [sys.executable, "-m", "arena", *command, "--api-base", fake_llm.url, "--db", str(tmp_path / "db")],
            capture_output=True, text=True, cwd=ROOT, timeout=300,
        )  # fmt: skip
        assert ran.returncode == 0 and "Traceback" not in ran.stderr, (command, ran.stderr[-800:])
