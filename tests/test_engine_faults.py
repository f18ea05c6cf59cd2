"""A grading engine that misbehaves (tests/fake_uci_engine.py): an illegal `bestmove`, unreadable `info` lines,
impossible scores, a partial answer, a death. Each is one warning naming the engine and the position, its moves
ungraded, nothing cached; the real Stockfish then grades and caches the same match."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.analysis.cache import CACHE_FILE, read_cache
from tests.processes import ROOT

GAME = '[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n'


def arena(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PATH": os.environ.get("PATH", "") + os.pathsep + "/usr/games", **env}
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300, env=environment)  # fmt: skip


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One imported six-ply game, not analysed yet."""
    folder = tmp_path_factory.mktemp("faults")
    (folder / "game.pgn").write_text(GAME)
    imported = arena("import", "--no-analyse", "pgn", str(folder / "game.pgn"), "--db", str(folder / "db"))
    assert imported.returncode == 0, imported.stderr
    return folder


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("illegal-bestmove", "invalid uci"),
        ("malformed-info", "scored 0 of 20 moves"),
        ("huge-score", "answered cp 1234567890123456789012345678901234567890"),
        ("mate-zero", "answered mate 0"),
        ("partial", "scored 1 of 20 moves"),
        ("die", "engine process died"),
    ],
)
def test_an_engine_fault_is_one_warning_and_never_a_cached_grade(store: Path, mode: str, said: str) -> None:
    fake = store / f"fake-{mode}.sh"
    fake.write_text(f"#!/bin/sh\nexec {sys.executable} {ROOT / 'tests' / 'fake_uci_engine.py'}\n")
    fake.chmod(0o755)
    db = store / "db"
    (db / CACHE_FILE).unlink(missing_ok=True)
    shown = arena("report", "--db", str(db), "--json", "--resamples", "0", ARENA_STOCKFISH=str(fake),
                  FAKE_UCI_MODE=mode, ARENA_ENGINE_WATCHDOG="5")  # fmt: skip
    assert shown.returncode == 0 and "Traceback" not in shown.stderr, shown.stderr
    warning = [line for line in shown.stderr.splitlines() if "could not be graded" in line]
    assert len(warning) == 1 and "FakeFish 1" in warning[0] and said in warning[0], shown.stderr
    assert "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" in warning[0]  # the first position
    board = next(iter(json.loads(shown.stdout)["games"].values()))
    assert all(not (p.get("chess") or {}).get("graded_moves") for p in board["players"])
    cached, _ = read_cache(db / CACHE_FILE)
    assert cached == {}  # nothing kept: the next report grades again
    real = arena("report", "--db", str(db), "--json", "--resamples", "0")
    assert real.returncode == 0 and "could not be graded" not in real.stderr, real.stderr
    cached, _ = read_cache(db / CACHE_FILE)
    (entry,) = cached.values()
    assert entry["grader"].startswith("Stockfish") and not entry.get("grading_problem")
    assert sum(seat.get("cp_graded", 0) for seat in entry["seats"]) == 6
