"""A store half-created by a killed process, or created by two processes at once, is still a store."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from arena.store import MatchStore
from arena.store.layout import MARKER
from tests.processes import ROOT


def test_two_processes_creating_one_store_at_once_both_succeed(tmp_path: Path) -> None:
    for attempt in range(8):
        db = tmp_path / f"fresh-{attempt}"
        command = [sys.executable, "-m", "arena", "--batch", "--players", "minimax", "random", "--games", "20"]
        twins = [subprocess.Popen([*command, "--db", str(db)], cwd=ROOT, stderr=subprocess.PIPE) for _ in range(2)]
        errors = [twin.communicate(timeout=120)[1].decode() for twin in twins]
        assert [twin.returncode for twin in twins] == [0, 0], (attempt, errors)
        with MatchStore(db, read_only=True) as store:
            assert len(store.summary_rows().rows) == 20


def test_a_lost_or_damaged_marker_is_rewritten_from_the_segments(tmp_path: Path) -> None:
    db = tmp_path / "arena"
    assert subprocess.run([sys.executable, "-m", "arena", "--batch", "--games", "5", "--players", "minimax", "random",
                           "--db", str(db)], cwd=ROOT, capture_output=True).returncode == 0  # fmt: skip
    for damage in (b"", b"{not json"):
        (db / MARKER).write_bytes(damage)
        with MatchStore(db) as store:
            assert len(store.summary_rows().rows) == 5
            assert any("rewritten" in warning for warning in store.warnings)
    (db / MARKER).unlink()
    with MatchStore(db) as store:
        assert len(store.summary_rows().rows) == 5


def test_a_creation_cut_short_leaves_a_usable_folder(tmp_path: Path) -> None:
    db = tmp_path / "arena"
    db.mkdir()
    (db / "lock").write_bytes(b"")
    (db / f".{MARKER}.tmp").write_bytes(b'{"format": "arena segm')  # killed while writing the marker
    with MatchStore(db) as store:
        assert store.summary_rows().rows == []
    assert (db / MARKER).is_file()
    foreign = tmp_path / "photos"
    foreign.mkdir()
    (foreign / "holiday.jpg").write_bytes(b"\xff\xd8")
    result = subprocess.run([sys.executable, "-m", "arena", "report", "--db", str(foreign)], cwd=ROOT,
                            capture_output=True, text=True)  # fmt: skip
    assert result.returncode == 2 and "not an arena database" in result.stderr
