"""ChildPlay's single-question tasks: generators, judges, the LCL rule, the molecule drawings, sessions."""

from __future__ import annotations

import collections
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.store import MatchStore
from arena.store.tables import TASK_ANSWERS, TASK_SESSIONS
from games.tasks.base import Item
from games.tasks.gts import GtSTask, ascii_drawing, canonical, random_smiles
from games.tasks.lcl import Brick, LCLConstructTask, LCLValidityTask, is_valid, parse, text
from games.tasks.shapes import OPTIONS, ShapesTask
from tests.fake_llm_server import FakeServer, Reply

ROOT = Path(__file__).resolve().parent.parent


def arena(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=timeout
    )


# Generators: seeded, balanced.


def test_shapes_are_balanced_seeded_and_drawn_in_ones_on_a_15_by_15_grid() -> None:
    task = ShapesTask()
    items = task.items(75, 1)
    assert collections.Counter(i.truth for i in items) == {"rectangle": 25, "triangle": 25, "cross": 25}
    assert [i.shown for i in task.items(75, 1)] == [i.shown for i in items]
    assert [i.shown for i in task.items(75, 2)] != [i.shown for i in items]
    for item in items:
        rows = item.shown.splitlines()
        assert len(rows) == 15 and all(len(r.split()) == 15 and set(r.split()) <= {"0", "1"} for r in rows)
        assert "1" in item.shown and sorted(item.data["options"]) == sorted(OPTIONS)


def test_lcl_validity_items_are_half_valid_and_their_truth_is_the_rule() -> None:
    items = LCLValidityTask().items(800, 4)
    assert collections.Counter(i.truth for i in items) == {"valid": 400, "invalid": 400}
    assert all(is_valid(parse(i.shown)) == (i.truth == "valid") for i in items)
    assert [i.shown for i in LCLValidityTask().items(800, 4)] == [i.shown for i in items]


def test_gts_items_come_from_the_list_or_the_seeded_generator() -> None:
    curated = GtSTask().items(100, 3)
    assert all(i.truth == canonical(i.truth) and i.shown.strip() for i in curated)
    assert len({i.truth for i in curated}) > 50  # the list is cycled, shuffled per cycle
    generated = GtSTask(generated=True).items(20, 3)
    assert all(canonical(i.truth) == i.truth for i in generated)
    assert [i.truth for i in GtSTask(generated=True).items(20, 3)] == [i.truth for i in generated]
    import random

    assert len({random_smiles(random.Random(s)) for s in range(30)}) > 20


# Judges: right, wrong, unreadable.


def test_shape_answers_right_wrong_and_unreadable() -> None:
    item = Item(1, "rectangle", "", {"options": list(OPTIONS)})
    task = ShapesTask()
    assert task.judge(item, "rectangle").correct and task.judge(item, "It is a Square.").correct
    assert task.judge(item, "Looking closely...\ntriangle").read == "triangle"
    assert not task.judge(item, "cross").correct and task.judge(item, "cross").readable
    for reply in ("", "a blob", "circle or triangle"):
        verdict = task.judge(item, reply)
        assert not verdict.readable and not verdict.correct


def test_lcl_validity_answers_take_the_last_word() -> None:
    task, item = LCLValidityTask(), Item(1, "invalid", "")
    assert task.judge(item, "Invalid.").correct and not task.judge(item, "valid").correct
    assert task.judge(item, "At first it looks valid, but it is invalid").correct
    assert not task.judge(item, "no idea").readable


def test_lcl_rule_on_the_papers_examples_and_the_case_a_pairwise_check_gets_wrong() -> None:
    tower = [Brick(0, 0, "red"), Brick(0, 1, "blue"), Brick(0, 2, "yellow")]
    columns = [Brick(0, 0, "red"), Brick(4, 0, "red"), Brick(8, 0, "red")]  # side by side: touching is not joined
    assert is_valid(tower) and not is_valid(columns)
    assert is_valid([Brick(0, 0, "red"), Brick(2, 1, "red"), Brick(4, 0, "red")])  # a bridge over two
    assert not is_valid([Brick(0, 0, "red"), Brick(3, 0, "red"), Brick(0, 1, "red")])  # overlap on a layer
    assert not is_valid([Brick(0, 0, "red"), Brick(4, 1, "red")])  # no shared stud: not connected
    # Every brick is connected to another, yet the whole is two structures: not valid.
    two_parts = [Brick(0, 0, "red"), Brick(0, 1, "red"), Brick(10, 0, "blue"), Brick(10, 1, "blue")]
    assert all(any(abs(a.y - b.y) == 1 and abs(a.x - b.x) < 4 for b in two_parts if b != a) for a in two_parts)
    assert not is_valid(two_parts)
    assert not is_valid([])


def test_lcl_construct_answers_are_parsed_and_judged_by_the_same_rule() -> None:
    task = LCLConstructTask(3)
    item = task.items(1, 0)[0]
    assert task.judge(item, "((0, 0, 'red'), (0, 1, 'blue'), (2, 2, 'red'))").correct
    assert task.judge(item, "[(0, 0, red), (1, 1, 'blue'), (2, 2, 'red')]").correct  # ChildPlay's list form
    wrong_count = task.judge(item, "((0, 0, 'red'), (0, 1, 'blue'))")
    assert wrong_count.readable and not wrong_count.correct and "2 bricks, 3 asked" in wrong_count.reason
    apart = task.judge(item, "((0, 0, 'red'), (4, 0, 'blue'), (8, 0, 'red'))")
    assert apart.readable and not apart.correct and "separate structures" in apart.reason
    assert not task.judge(item, "I cannot build that").readable
    assert text(parse("((1, 2, 'red'),)")) == "((1, 2, 'red'))"


def test_gts_judge_right_stereo_free_wrong_and_invalid_smiles() -> None:
    task = GtSTask()
    alanine = Item(1, canonical("CC(N)C(=O)O") or "", "")
    right = task.judge(alanine, "SMILES: C[C@H](N)C(=O)O")  # stereo is ignored
    assert right.correct and right.scores["similarity"] == 1.0
    assert task.judge(alanine, "The answer is OC(=O)C(C)N").correct  # another way to write it
    wrong = task.judge(alanine, "NCC(=O)O")
    assert wrong.readable and not wrong.correct and 0 < wrong.scores["similarity"] < 1
    assert wrong.scores["distance"] > 0
    invalid = task.judge(alanine, "C1CC(")
    assert invalid.readable and not invalid.correct and invalid.scores["similarity"] == -1.0
    assert task.judge(alanine, "").scores["similarity"] == -1.0


def test_molecules_are_drawn_from_rdkit_coordinates() -> None:
    assert ascii_drawing("CCO") == "     C\n  /     \\\nC         O"
    assert ascii_drawing("CC#N") == "C-----C--#--N"
    assert ascii_drawing("c1ccccc1") == (
        "   C--=--C\n  /       \\\n /         \\\nC           C\n \\         =\n  =       /\n   C-----C"
    )
    assert ascii_drawing("ClC(Cl)Cl") == "Cl        Cl\n  \\     /\n     C\n     |\n     |\n     |\n     Cl"
    with pytest.raises(ValueError, match="cannot parse"):
        ascii_drawing("C1CC(")


# Sessions and the command line.


def test_random_lcl_validity_is_near_half_and_lands_in_the_store(db_path: Path) -> None:
    result = arena("task", "run", "lcl-validity", "--model", "random", "--items", "800", "--db", str(db_path), "--json")
    assert result.returncode == 0, result.stderr
    (row,) = json.loads(result.stdout)
    assert row["answered"] == 800 and abs(row["accuracy"] - 0.5) < 0.06 and row["unreadable"] == 0
    with MatchStore(db_path) as store:
        assert len(list(store.documents(TASK_ANSWERS))) == 800
        (session,) = store.documents(TASK_SESSIONS)
    assert session["prompt"] == "childplay-tasks" and len(session["prompt_sha256"]) == 64
    listing = arena("task", "sessions", "--db", str(db_path))
    assert "lcl-validity" in listing.stdout and "800/800" in listing.stdout


def test_bad_task_arguments_are_one_line_errors(db_path: Path) -> None:
    for args, message in (
        (["task", "run", "mazes"], "invalid choice"),
        (["task", "run", "shapes", "--model", "minimax"], "--model takes"),
        (["task", "run", "shapes", "--temperature", "0.5"], "--temperature is for llm"),
        (["task", "run", "shapes", "--items", "0"], "must be at least 1"),
    ):
        result = arena(*args, "--db", str(db_path))
        assert result.returncode == 2 and message in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_a_model_session_killed_midway_resumes_without_duplicates(fake_llm: FakeServer, db_path: Path) -> None:
    fake_llm.script("slow-shapes", Reply(content="triangle", delay=0.3))
    command = [sys.executable, "-m", "arena", "task", "run", "shapes", "--model", "llm:openai/slow-shapes"]
    command += ["--items", "30", "--concurrency", "2", "--api-base", fake_llm.url, "--db", str(db_path)]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while len(fake_llm.calls("slow-shapes")) < 8 and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    with MatchStore(db_path) as store:
        stored = len(list(store.documents(TASK_ANSWERS)))
    assert 0 < stored < 30
    result = subprocess.run([*command, "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "resuming session" in result.stderr
    (row,) = json.loads(result.stdout)
    with MatchStore(db_path) as store:
        numbers = [a["number"] for a in store.documents(TASK_ANSWERS)]
        sessions = list(store.documents(TASK_SESSIONS))
    assert len(sessions) == 1 and sorted(numbers) == list(range(1, 31))
    assert row["answered"] == 30 and row["correct"] == row["per_shape"]["triangle"]["total"]
    prompt = fake_llm.calls("slow-shapes")[0]["messages"][0]["content"]
    assert "15 by 15" in prompt and "0 0 0" in prompt


def test_a_provider_failure_is_never_an_answer(fake_llm: FakeServer, db_path: Path) -> None:
    fake_llm.script("down", Reply(status=500, content="overloaded"))
    result = arena(
        "task", "run", "gts", "--model", "llm:openai/down", "--items", "5", "--retries", "0",
        "--api-base", fake_llm.url, "--db", str(db_path),
    )  # fmt: skip
    assert result.returncode == 1 and "run the same command again to resume" in result.stderr
    with MatchStore(db_path) as store:
        assert list(store.documents(TASK_ANSWERS)) == []


def test_empty_and_unasked_cut_off_replies_are_never_wrong_answers(fake_llm: FakeServer, db_path: Path) -> None:
    fake_llm.script("task-empty", Reply(content="", completion_tokens=20))
    fake_llm.script("task-cut", Reply(content="The shape is a", finish_reason="length"))
    for model in ("task-empty", "task-cut"):
        result = arena(
            "task", "run", "shapes", "--model", f"llm:openai/{model}", "--items", "4", "--retries", "0",
            "--api-base", fake_llm.url, "--db", str(db_path),
        )  # fmt: skip
        assert result.returncode == 1 and "run the same command again to resume" in result.stderr, result.stderr
    with MatchStore(db_path) as store:
        assert list(store.documents(TASK_ANSWERS)) == []


def test_task_results_land_in_the_report_with_the_combined_score(fake_llm: FakeServer, tmp_path: Path) -> None:
    from PIL import Image

    db = str(tmp_path / "arena")
    fake_llm.script("builder", Reply(content="((0, 0, 'red'), (0, 1, 'blue'), (2, 2, 'red'))"))
    played = arena("--batch", "--db", db, "--game", "tictactoe", "--players", "minimax", "random", "--games", "4")
    assert played.returncode == 0, played.stderr
    built = arena(
        "task", "run", "lcl-construct", "--model", "llm:openai/builder", "--items", "3", "--temperature", "0.5",
        "--api-base", fake_llm.url, "--db", db,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    assert arena("task", "run", "shapes", "--items", "12", "--db", db).returncode == 0
    report = arena("report", "--db", db, "--json")
    assert report.returncode == 0, report.stderr
    data = json.loads(report.stdout)
    combined = {row["player"]: row for row in data["combined"]}
    builder = combined["llm:openai/builder T=0.5"]
    assert builder["lcl-construct"] == 1.0 and builder["overall"] == 1.0 and builder["components"] == 1
    assert combined["minimax"]["tictactoe"] is not None and combined["minimax"]["shapes"] is None
    assert {row["task"] for row in data["tasks"]} == {"lcl-construct", "shapes"}
    out = tmp_path / "report"
    assert arena("report", "--db", db, "--out", str(out)).returncode == 0
    for name in ("tasks.csv", "task-answers.csv", "combined.csv"):
        assert (out / name).read_text().count("\n") >= 2
    pictures = sorted((out / "constructs").glob("*.png"))
    assert len(pictures) == 3 and Image.open(pictures[0]).size[0] > 100
    text = arena("report", "--db", db).stdout
    assert "combined score" in text and "llm:openai/builder T=0.5" in text


def test_a_person_answers_in_the_terminal_and_can_stop_and_resume(db_path: Path) -> None:
    truths = [item.truth for item in ShapesTask().items(3, 0)]
    command = ("task", "run", "shapes", "--plain", "--items", "3", "--db", str(db_path))
    first = subprocess.run(
        [sys.executable, "-m", "arena", *command], input=f"{truths[0]}\nq\n", capture_output=True, text=True, cwd=ROOT
    )
    assert first.returncode == 0 and "right" in first.stdout and "same command again to resume" in first.stdout
    second = subprocess.run(
        [sys.executable, "-m", "arena", *command, "--json"],
        input=f"square or circle\n{truths[2]}\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert second.returncode == 0, second.stderr
    assert "resuming session" in second.stderr and "Item 2 of 3" in second.stdout
    row = json.loads(second.stdout.strip().splitlines()[-1])[0]
    assert row["answered"] == 3 and row["correct"] == 2 and row["unreadable"] == 1
