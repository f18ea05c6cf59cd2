"""Files that are not arena databases are never touched; worker processes never outlive their parent."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.processes import ROOT


def arena(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=cwd, timeout=120)


def test_a_json_file_that_is_not_an_arena_database_is_refused_untouched(tmp_path: Path) -> None:
    package = tmp_path / "package.json"
    package.write_text('{"name": "my-app", "version": "1.0.0", "scripts": {"test": "jest"}}\n')
    before = package.read_bytes()
    for command in (("--batch", "--games", "1"), ("report",), ("task", "run", "shapes", "--items", "2")):
        result = arena(*command, "--db", str(package))
        assert result.returncode == 2, (command, result.stderr)
        assert "not an arena database" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert package.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["package.json"]  # nothing set aside, nothing created


def test_an_old_single_file_database_is_still_migrated(tmp_path: Path) -> None:
    old = tmp_path / "arena.json"
    old.write_text('{"matches": {}}')
    assert arena("--batch", "--games", "1", "--db", str(old)).returncode == 0


def children_of(pid: int) -> list[int]:
    """Processes whose parent is `pid`, read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def pool_processes(main: int) -> list[int]:
    """The children of `main` that multiprocessing started: the pool's workers and the resource tracker."""
    found = []
    for pid in children_of(main):
        try:
            if "multiprocessing" in Path(f"/proc/{pid}/cmdline").read_text():
                found.append(pid)
        except OSError:  # gone between the listing and the read
            continue
    return found


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    """Poll `condition` until it holds or the deadline passes; True if it held."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_workers_exit_when_the_main_process_is_killed(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "arena", "--batch", "--game", "connect-four", "--players", "minimax:0.2",
               "random", "--games", "400", "--workers", "2", "--db", str(tmp_path / "db")]  # fmt: skip
    main = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []

    def pool_started() -> bool:
        workers[:] = pool_processes(main.pid)
        return len(workers) >= 2

    try:
        assert wait_until(pool_started, 120), "the run never started its workers"
    finally:
        # At once, the hardest moment: a worker may not have asked the kernel to follow its parent yet.
        os.kill(main.pid, signal.SIGKILL)
        main.wait(30)
    gone = wait_until(lambda: not any(alive(pid) for pid in workers), 60)
    assert gone, f"workers outlived the killed main process: {[pid for pid in workers if alive(pid)]}"


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 600 KB file system, nearly full (a tmpfs: needs root, as on the CI machines)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("mounting a small tmpfs needs root")
    try:
        (disk / "filler").write_bytes(os.urandom(500_000))
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


@pytest.mark.parametrize(
    ("command", "finished"),
    [
        (("task", "run", "shapes", "--items", "500"), "500/500"),
        (("--batch", "--players", "random", "random", "--games", "80"), "80 matches"),
    ],
)
def test_a_full_disk_is_one_line_and_the_run_resumes(small_disk: Path, command: tuple[str, ...], finished: str) -> None:
    db = small_disk / "db"
    full = arena(*command, "--db", str(db))
    assert full.returncode == 2, full.stderr
    assert "No space left on device" in full.stderr and "Traceback" not in full.stderr, full.stderr
    assert len(full.stderr.strip().splitlines()) == 1, full.stderr
    (small_disk / "filler").unlink()
    again = arena(*command, "--db", str(db))
    assert again.returncode == 0, again.stderr
    assert finished in again.stdout, again.stdout


def test_a_report_saved_beside_the_database_under_its_name_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "r1"
    assert arena("--batch", "--games", "2", "--db", str(db)).returncode == 0
    report = arena("report", "--db", str(db), "--json")
    (tmp_path / "r1.json").write_text(report.stdout)  # as `arena report --db r1 --json > r1.json` leaves it
    again = arena("--batch", "--games", "2", "--seed", "4", "--db", str(db))
    assert again.returncode == 0 and again.stderr == "", again.stderr  # no refusal, no warning
    counted = json.loads(arena("report", "--db", str(db), "--json").stdout)
    assert counted["matches"] == 4 and (tmp_path / "r1.json").read_text() == report.stdout


def test_a_json_output_redirected_beside_a_new_store_is_not_an_old_store(tmp_path: Path) -> None:
    """`arena import ... --db DB --json > DB.json`: the shell makes DB.json (empty) before the store exists;
    the store must not take it for an old single-file database to migrate, then or on the next command."""

    db = tmp_path / "DB"
    with (tmp_path / "DB.json").open("wb") as out:
        done = subprocess.run([sys.executable, "-m", "arena", "import", "--no-analyse", "topsakal", "--published",
                               "--db", str(db), "--json"], stdout=out, stderr=subprocess.PIPE, text=True)  # fmt: skip
    assert done.returncode == 0 and "moved" not in done.stderr, done.stderr
    assert json.loads((tmp_path / "DB.json").read_text())["added"] == 1200
    again = subprocess.run([sys.executable, "-m", "arena", "report", "--db", str(db), "--resamples", "0"],
                           capture_output=True, text=True)  # fmt: skip
    assert again.returncode == 0 and "moved" not in again.stderr and "DB.json" not in again.stderr, again.stderr
