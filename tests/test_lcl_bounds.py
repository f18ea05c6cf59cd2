"""Model-written LEGO constructs are bounded before any check or drawing; task sizes are bounded; listing task
sessions never creates a database."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from arena.report.pictures import construct_png
from games.tasks.base import Item
from games.tasks.lcl import MAX_BRICKS, LCLConstructTask, parse
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import ROOT

PNG = b"\x89PNG"


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_six_thousand_bricks_are_not_read_past_the_bound() -> None:
    answer = ", ".join(f"({4 * i}, 0, 'red')" for i in range(6000))
    assert len(parse(answer)) == MAX_BRICKS + 1
    verdict = LCLConstructTask().judge(Item(1, "3", "3"), answer)
    assert verdict.readable and not verdict.correct and verdict.reason == f"more than {MAX_BRICKS} bricks, 3 asked"


def test_a_far_brick_is_described_not_drawn() -> None:
    bricks = parse("((0, 0, 'red'), (999999, 1, 'blue'), (-999999, 2, 'yellow'))")
    assert [b.x for b in bricks] == [0, 999999, -999999]
    assert construct_png(bricks).startswith(PNG)  # was a MemoryError: a tick for every stud


def test_a_huge_coordinate_is_not_a_brick() -> None:
    assert parse(f"(({'9' * 5000}, 0, 'red'), (0, 1, 'blue'))") == parse("((0, 1, 'blue'))")


def test_task_sizes_are_bounded_in_one_line(tmp_path: Path) -> None:
    for args, said in (
        (("lcl-construct", "--bricks", "100000"), "100,000 is more than 100"),
        (("gts", "--items", "100000000"), "100,000,000 is more than 100,000"),
    ):
        ran = arena("task", "run", *args, "--db", str(tmp_path / "db"))
        assert ran.returncode == 2 and said in ran.stderr and len(ran.stderr.strip().splitlines()) <= 3, ran.stderr
        assert "Traceback" not in ran.stderr
    assert not (tmp_path / "db").exists()


def test_listing_sessions_of_a_missing_database_creates_nothing(tmp_path: Path) -> None:
    ran = arena("task", "sessions", "--db", str(tmp_path / "typo"))
    assert ran.returncode == 2 and "no database at" in ran.stderr and "typo" in ran.stderr, ran.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_model_construct_a_million_studs_wide_goes_through_the_report(tmp_path: Path, fake_llm: FakeServer) -> None:
    model = fake_llm.script("far-bricks", Reply(content="((0, 0, 'red'), (999999, 1, 'blue'), (4, 2, 'red'))"))
    db = tmp_path / "db"
    ran = arena("task", "run", "lcl-construct", "--model", f"llm:{model}", "--items", "1", "--api-base", fake_llm.url,
                "--db", str(db), "--no-preflight")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    out = tmp_path / "out"
    report = arena("report", "--db", str(db), "--out", str(out))
    assert report.returncode == 0, report.stderr
    pictures = list((out / "constructs").glob("*.png"))
    assert len(pictures) == 1 and pictures[0].read_bytes().startswith(PNG)
