"""The replay data made by worker processes is the data one process makes, file for file."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.report.load import load_report
from arena.report.site import chunks, write_site
from arena.store import MatchStore
from tests.processes import run_arena


def test_workers_write_the_same_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "db"
    for game in ("connect-four", "battleship"):
        played = run_arena("--batch", "--game", game, "--players", "random", "minimax", "--games", "6", "--db", str(db))
        assert played.returncode == 0, played.stderr
    monkeypatch.setattr(chunks, "CHUNK", 4)  # several chunks, and segments' last chunks short
    sites = {}
    for name, threshold in (("alone", 10**9), ("workers", 0)):
        monkeypatch.setattr(chunks, "PARALLEL_FROM", threshold)
        with MatchStore(db, read_only=True) as store:
            write_site(tmp_path / name, load_report(store, resamples=10), store)
        sites[name] = {p.relative_to(tmp_path / name): p.read_bytes() for p in (tmp_path / name).rglob("*.js")}
    assert len([p for p in sites["alone"] if p.name.startswith("matches-")]) == 3  # 12 matches, 4 a file
    assert sites["workers"] == sites["alone"]
