"""Majority vote and the move extractor's reading, on a real game's positions."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from arena.players.base import Choice, TurnView
from arena.players.sampling import checked_sampler, extracted_move, voted
from games.registry import make_game
from tests.processes import run_arena


def view() -> TurnView:
    """The first move of tic-tac-toe."""
    game = make_game("tictactoe")
    return TurnView(game, game.initial_state(random.Random(0)), 0)


def answer(text: str | None, cost: float, error: str | None = None) -> Choice:
    return Choice(text=text, raw=f"MOVE: {text}", error=error, tokens={"prompt": 10, "completion": 5}, cost=cost)


def test_the_most_common_legal_move_wins_and_every_sample_is_kept_and_paid() -> None:
    samples = [answer("9,9", 0.1), answer("1,1", 0.1), answer("2,2", 0.1), answer("2,2", 0.1), answer(None, 0.1, "x")]
    chosen = voted(view(), samples)
    assert chosen.text == "2,2" and chosen.info["vote"] == {"samples": 5, "counts": {"1,1": 1, "2,2": 2},
                                                            "chosen": 2, "move": "2,2"}  # fmt: skip
    assert [s["legal"] for s in chosen.info["samples"]] == [False, True, True, True, False]
    assert chosen.cost == pytest.approx(0.5) and chosen.tokens == {"prompt": 50, "completion": 25}


def test_a_tie_goes_to_the_earliest_and_no_legal_sample_leaves_the_first_to_be_refused() -> None:
    assert voted(view(), [answer("3,3", 0), answer("1,1", 0), answer("1,1", 0), answer("3,3", 0)]).text == "3,3"
    refused = voted(view(), [answer("9,9", 0), answer("0,0", 0), answer(None, 0, "no move")])
    assert refused.text == "9,9" and refused.info["vote"]["move"] is None and refused.info["vote"]["counts"] == {}


def test_the_extractor_reads_its_line_in_the_familys_numbering() -> None:
    assert extracted_move("MOVE: 2,3", base=1) == "2,3"
    assert extracted_move("Sure.\nMOVE: 1,2", base=0) == "2,3"  # a 0-based family's answer, in arena notation
    assert extracted_move("MOVE: none", base=1) is None and extracted_move("I cannot tell", base=1) is None
    with pytest.raises(ValueError, match="from 1 to 32"):
        checked_sampler(0, False)


def test_the_quiz_refuses_samplers_and_clocks_in_one_line(tmp_path: Path) -> None:
    for option in (("--model", "llm:local;sample=3"), ("--model", "llm:local", "--extract"),
                   ("--model", "llm:local", "--move-seconds", "5")):  # fmt: skip
        refused = run_arena("quiz", *option, "--db", str(tmp_path / "db"))
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
        assert "do not apply to the quiz" in refused.stderr


def test_childplays_tasks_refuse_samplers_and_clocks_in_one_line_and_store_nothing(tmp_path: Path) -> None:
    for spec in ("llm:local;sample=3", "llm:local;extract=yes", "llm:local;move_seconds=5"):
        refused = run_arena("task", "run", "shapes", "--model", spec, "--db", str(tmp_path / "db.json"))
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
        assert "do not apply to ChildPlay's tasks" in refused.stderr
    assert not (tmp_path / "db.json").exists()
