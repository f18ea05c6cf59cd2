"""An engine that hangs, dies late, answers garbage or never finishes its handshake (tests/fake_uci_engine.py):
`solve chess`, the `stockfish` player and report grading each end in one line or an error record, never wait
forever, never print a traceback and never cache what the engine failed to grade. Also: the player's moves
do not depend on which matches its engine played before (a resumed run equals a clean one)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.analysis.cache import CACHE_FILE, read_cache
from arena.store import MatchStore
from tests.processes import ROOT

GAME = '[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n'
WATCHDOG = "5"  # seconds: the guard a hung fake engine meets (a healthy engine's is a minute and more)


def arena(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PATH": os.environ.get("PATH", "") + os.pathsep + "/usr/games", **env}
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=600, env=environment)  # fmt: skip


def fake_engine(folder: Path, mode: str) -> dict[str, str]:
    """The environment that makes the arena start the fake engine in `mode`."""
    script = folder / f"fake-{mode}.sh"
    script.write_text(f"#!/bin/sh\nexec {sys.executable} {ROOT / 'tests' / 'fake_uci_engine.py'}\n")
    script.chmod(0o755)
    return {"ARENA_STOCKFISH": str(script), "FAKE_UCI_MODE": mode, "ARENA_ENGINE_WATCHDOG": WATCHDOG}


def one_line(ran: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in ran.stderr and len(ran.stderr.strip().splitlines()) == 1, ran.stderr
    return ran.stderr.strip()


@pytest.mark.parametrize(
    ("mode", "said"),
    [
        ("silent-go", f"no answer in {WATCHDOG} s"),
        ("illegal-pv", "scored 0 of 20 moves"),
        ("garbage-bestmove", "invalid uci: 'zz99'"),
        ("no-uciok", f"would not start as a UCI engine: no uciok in {WATCHDOG} s"),
        ("die", "engine process died"),
    ],
)
def test_solve_chess_ends_in_one_line(tmp_path: Path, mode: str, said: str) -> None:
    ran = arena("solve", "chess", "startpos", **fake_engine(tmp_path, mode))
    assert ran.returncode == 2 and said in one_line(ran)


@pytest.mark.parametrize("binary", ["/bin/false", "/bin/true"])
def test_an_engine_that_exits_at_start_is_one_line_before_any_match(tmp_path: Path, binary: str) -> None:
    ran = arena("--batch", "--game", "chess", "--players", "stockfish:nodes=2000", "random", "--games", "2",
                "--db", str(tmp_path / "db"), ARENA_STOCKFISH=binary)  # fmt: skip
    assert ran.returncode == 2 and f"{binary} would not start as a UCI engine" in one_line(ran)
    assert not (tmp_path / "db").exists() or not MatchStore(tmp_path / "db", read_only=True).matches()


@pytest.mark.parametrize(("mode", "said"), [("silent-go", f"no answer in {WATCHDOG} s"),
                                            ("garbage-bestmove", "invalid uci")])  # fmt: skip
def test_a_hung_or_garbled_player_engine_is_an_error_record(tmp_path: Path, mode: str, said: str) -> None:
    ran = arena("--batch", "--game", "chess", "--players", "stockfish:nodes=2000", "random", "--games", "2",
                "--db", str(tmp_path / "db"), **fake_engine(tmp_path, mode))  # fmt: skip
    assert "Traceback" not in ran.stderr, ran.stderr
    with MatchStore(tmp_path / "db", read_only=True) as store:
        records = store.matches()
    assert len(records) == 2 and all(r.outcome.status == "error" for r in records)
    assert all(said in (r.outcome.detail) for r in records), [r.outcome.detail for r in records]


@pytest.mark.parametrize(
    ("mode", "said"),
    [("silent-go", f"no answer in {WATCHDOG} s"), ("die-late", "engine process died"), ("no-uciok", "no uciok")],
)
def test_grading_that_meets_a_fault_part_way_is_never_cached(tmp_path: Path, mode: str, said: str) -> None:
    (tmp_path / "game.pgn").write_text(GAME)
    db = tmp_path / "db"
    imported = arena("import", "--no-analyse", "pgn", str(tmp_path / "game.pgn"), "--db", str(db))
    assert imported.returncode == 0, imported.stderr
    shown = arena("report", "--db", str(db), "--json", "--resamples", "0", **fake_engine(tmp_path, mode))
    assert shown.returncode == 0 and "Traceback" not in shown.stderr, shown.stderr
    warning = [line for line in shown.stderr.splitlines() if "could not be graded" in line]
    assert len(warning) == 1 and said in warning[0], shown.stderr
    assert read_cache(db / CACHE_FILE)[0] == {}  # nothing kept: the real engine grades it all next time
    real = arena("report", "--db", str(db), "--json", "--resamples", "0")
    assert real.returncode == 0 and "could not be graded" not in real.stderr, real.stderr
    (entry,) = read_cache(db / CACHE_FILE)[0].values()
    assert sum(seat.get("cp_graded", 0) for seat in entry["seats"]) == 6


def moves_by_match(db: Path) -> dict[int, list[str]]:
    with MatchStore(db, read_only=True) as store:
        return {r.index: [str(m.move) for m in r.moves] for r in store.matches()}


@pytest.mark.slow  # 12 chess matches, twice
def test_the_player_engine_plays_the_same_whatever_it_played_before(tmp_path: Path) -> None:
    """One process playing 12 matches in turn, and 4 at once (the engine's searches interleaved across games):
    the same moves in every match, as a run resumed after a kill must give."""
    runs = {}
    for concurrency in ("1", "4"):
        db = tmp_path / f"c{concurrency}"
        ran = arena("--batch", "--game", "chess", "--players", "stockfish:nodes=2000", "random", "--games", "12",
                    "--seed", "11", "--max-moves", "40", "--concurrency", concurrency, "--db", str(db))  # fmt: skip
        assert ran.returncode == 0, ran.stderr
        runs[concurrency] = moves_by_match(db)
    assert len(runs["1"]) == 12 and runs["1"] == runs["4"]
