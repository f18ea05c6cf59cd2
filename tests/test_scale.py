"""Long runs: matches played in worker processes, records written together, a run stopped with Ctrl+C."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from arena.match.records import MatchRecord
from arena.runner.tournament import TournamentPlan, play_tournament
from arena.store import MatchStore
from arena.store.recorder import GroupRecorder
from tests.processes import start_arena

ROOT = Path(__file__).resolve().parent.parent


def batch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arena", "--batch", *args], capture_output=True, text=True, cwd=ROOT, timeout=600
    )


def without_times(summary: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "seconds"} for row in summary["players"]]


def test_worker_processes_play_the_same_matches_as_one_process(db_path: Path) -> None:
    common = ("--game", "tictactoe", "--players", "minimax", "random", "--games", "40", "--swap-seats", "--json")
    one = batch(*common, "--workers", "1", "--db", str(db_path))
    two = batch(*common, "--workers", "2", "--db", str(db_path.with_name("two.json")))
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert without_times(json.loads(one.stdout)) == without_times(json.loads(two.stdout))
    with MatchStore(db_path.with_name("two.json"), read_only=True) as store:
        summaries = store.summaries()
    assert sorted(s.index for s in summaries) == list(range(40)) and len({s.id for s in summaries}) == 40


def test_a_model_run_never_goes_to_worker_processes() -> None:
    from arena.tournaments.launch import batch_workers

    assert batch_workers(4, "connect-four", ("llm:local", "random"), 100) == 1
    assert batch_workers(None, "connect-four", ("minimax", "random"), 100) == 1  # too short to pay for starting
    assert batch_workers(None, "connect-four", ("minimax", "random"), 400) >= 1
    assert batch_workers(None, "gomoku", ("minimax", "random"), 3) == 1
    assert batch_workers(None, "tictactoe", ("minimax", "random"), 500) == 1  # faster in one process
    assert batch_workers(None, "gomoku", ("minimax", "random"), 500) >= 1
    assert batch_workers(3, "tictactoe", ("minimax", "random"), 5) == 3


class CountingStore(MatchStore):
    """A real store that counts its group writes."""

    writes: list[int]

    def add_many(self, records: list[MatchRecord]) -> None:
        self.writes = [*getattr(self, "writes", []), len(records)]
        super().add_many(records)


def test_matches_finishing_together_share_one_write_and_each_is_acknowledged_once(db_path: Path) -> None:
    store = CountingStore(db_path)
    acknowledged: list[str] = []
    recorder = GroupRecorder(store, lambda record: acknowledged.append(record.id))
    plan = TournamentPlan("tictactoe", ("random", "random"), games=300, seed=2)

    async def play() -> None:
        try:
            await play_tournament(plan, (), 4, None, recorder.put)
        finally:
            await recorder.aclose()

    asyncio.run(play())
    store.close()
    assert sum(store.writes) == 300 and len(store.writes) < 300  # grouped, none lost
    with MatchStore(db_path) as again:
        assert sorted(s.id for s in again.summaries()) == sorted(acknowledged)


def test_ctrl_c_stops_a_run_with_workers_and_keeps_what_finished(db_path: Path) -> None:
    process = start_arena(
        "--batch",
        "--game",
        "connect-four",
        "--players",
        "minimax:0.2",
        "minimax:0.2",
        "--games",
        "400",
        "--workers",
        "2",
        "--db",
        str(db_path),
    )
    journal = db_path.with_suffix("") / "journal"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (journal.exists() and journal.stat().st_size):
        time.sleep(0.2)  # until the first match is recorded
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("arena: interrupted")
    with MatchStore(db_path) as store:
        recorded = store.summaries()
    assert 0 < len(recorded) < 400 and all(s.status in ("finished", "aborted") for s in recorded)


async def test_a_worker_killed_mid_match_makes_that_match_an_error_and_the_run_goes_on() -> None:
    import os

    from arena.runner.match import MatchSetup
    from arena.runner.workers import ProcessBackend

    backend = ProcessBackend(1)
    try:
        slow = MatchSetup("gomoku", ("minimax:2", "minimax:2"), seed=1)
        playing = asyncio.ensure_future(backend.play(slow))
        deadline = time.monotonic() + 60
        while not backend.executor._processes and time.monotonic() < deadline:  # the worker starts on demand
            await asyncio.sleep(0.05)
        await asyncio.sleep(3)  # inside the match: each move takes 2 s
        for pid in list(backend.executor._processes):
            os.kill(pid, signal.SIGKILL)
        killed = await playing
        assert killed.outcome.status == "error" and "worker process died" in (killed.outcome.detail or "")
        after = await backend.play(MatchSetup("tictactoe", ("minimax", "random"), seed=2))
        assert after.outcome.status == "finished" and not backend.in_process  # a new pool took over
    finally:
        backend.close()
