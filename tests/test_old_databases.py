"""Every release's database opens with today's code: read as it is, then written to (and migrated if old)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from arena.store import MatchStore
from tests.processes import ROOT

OLD = ROOT / "tests" / "data" / "old_databases"
RELEASES = {"r1": "arena.json", "r2": "arena", "r3": "arena", "r4": "arena"}  # see tests/data/old_databases


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("release", sorted(RELEASES))
def test_an_old_database_is_read_then_written(release: str, tmp_path: Path) -> None:
    shutil.copytree(OLD / release, tmp_path / release)
    db = tmp_path / release / RELEASES[release]
    report = arena("report", "--db", str(db), "--json", "--resamples", "0")
    assert report.returncode == 0, report.stderr
    players = {p["player"]: p["matches"] for p in json.loads(report.stdout)["games"]["tictactoe"]["players"]}
    assert players == {"llm:openai/first-legal": 2, "minimax": 2, "random": 4}
    shown = arena("show", "--db", str(db), "--no-prompts")
    assert shown.returncode == 0 and "tictactoe" in shown.stdout, shown.stderr
    more = arena("--batch", "--players", "random", "random", "--games", "1", "--db", str(db))
    assert more.returncode == 0, more.stderr
    with MatchStore(db, read_only=True) as store:
        assert len(store.summary_rows().rows) == 5
        calls = list(store.documents("llm_calls"))
    assert len(calls) >= 6  # the model's replies, kept for --replay
