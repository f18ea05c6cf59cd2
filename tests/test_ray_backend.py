"""The Ray backend on a real Ray started by the tests: a local one with this machine's 2 CPUs and a two-node
cluster on this machine; a killed actor, a driver killed with -9 and resumed, records equal to the process
pool's, and analyses fanned out with the same grades."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from arena.store import MatchStore
from tests.processes import run_arena, start_arena

ray = pytest.importorskip("ray", reason="the Ray extra: pip install 'arena[ray]'")
TIMING = ("seconds", "started_at", "ended_at", "call_seconds", "first_token_seconds", "engine_seconds")


def recorded(db: Path) -> list[int]:
    """The match indexes a store holds (an empty list before it exists)."""
    if not (db / "arena-store.json").exists():
        return []
    with MatchStore(db, read_only=True) as store:
        return [row[0] for row in store.summary_rows().rows]


def descendants(root: int) -> dict[int, str]:
    """Every process under `root`, with its name as `ps` shows it."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            fields = dict(line.split(":\t", 1) for line in (entry / "status").read_text().splitlines() if ":\t" in line)
            command = (entry / "cmdline").read_bytes().split(b"\0")[0].decode(errors="replace")
        except OSError:
            continue
        parents[int(entry.name)] = int(fields.get("PPid", "0"))
        names[int(entry.name)] = command
    found: dict[int, str] = {}
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in found:
                found[pid] = names[pid]
                frontier.append(pid)
    return found


def wait_until(check: Any, timeout: float, what: str) -> None:
    """Poll `check` until it holds (each poll waits on the process or the store it reads)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def test_a_batch_on_a_local_ray_resumes_after_kill_9_with_nothing_lost_or_doubled(tmp_path: Path) -> None:
    db = tmp_path / "db"
    args = ("--batch", "--backend", "ray", "--game", "connect-four", "--players", "minimax", "random",
            "--games", "200", "--db", str(db))  # fmt: skip
    driver = start_arena(*args)
    try:
        wait_until(lambda: len(recorded(db)) >= 10 or driver.poll() is not None, 900, "the first matches")
        actors = {pid for pid, name in descendants(driver.pid).items() if name.startswith("ray::MatchActor")}
        assert driver.poll() is None and actors, driver.stderr.read() if driver.stderr else ""
        driver.send_signal(signal.SIGKILL)
        driver.wait(30)
    finally:
        if driver.poll() is None:
            driver.kill()
    wait_until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in actors), 120, "the actors to end")
    before = recorded(db)
    assert 10 <= len(before) < 200
    again = run_arena(*args)
    assert again.returncode == 0, again.stderr
    after = recorded(db)
    assert len(after) == len(set(after)) == 200 and set(before) <= set(after)


def test_an_actor_killed_mid_run_makes_its_match_an_error_and_the_run_goes_on() -> None:
    from arena.runner.ray_backend import RayBackend
    from arena.runner.tournament import TournamentPlan, play_tournament

    backend = RayBackend(actors=2)
    try:
        pids = [ray.get(actor.pid.remote()) for actor in backend.actors]
        records: list[Any] = []

        def keep(record: Any) -> None:
            if not records:  # the first record back: the other actor is mid-match, and both have work queued
                os.kill(pids[0], signal.SIGKILL)
            records.append(record)

        plan = TournamentPlan("gomoku", ("minimax:0.2", "random"), games=8, seed=1)
        asyncio.run(play_tournament(plan, (), 2, None, keep, backend))
    finally:
        backend.close()
    assert len(records) == 8
    errors = [r for r in records if r.outcome.status == "error"]
    assert errors and all("Ray actor died" in r.outcome.detail for r in errors)
    assert backend.replaced >= 1 and sum(r.outcome.status == "finished" for r in records) >= 8 - len(errors)


def plain(record: dict[str, Any]) -> Any:
    """A record without its timings (what two runs of one deterministic tournament may differ in)."""
    if isinstance(record, dict):
        return {key: plain(value) for key, value in record.items() if key not in TIMING}
    if isinstance(record, list):
        return [plain(value) for value in record]
    return record


def records_of(db: Path) -> dict[int, Any]:
    with MatchStore(db, read_only=True) as store:
        return {r.index: plain(r.model_dump(mode="json")) for r in store.iter_matches()}


def test_a_two_node_cluster_plays_the_process_pools_records(tmp_path: Path) -> None:
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        base = ("--batch", "--game", "tictactoe", "--players", "minimax", "random", "--games", "12", "--seed", "4",
                "--swap-seats")  # fmt: skip
        on_ray = run_arena(*base, "--backend", "ray", "--address", cluster.address, "--db", str(tmp_path / "ray"))
        assert on_ray.returncode == 0, on_ray.stderr
    finally:
        cluster.shutdown()  # type: ignore[no-untyped-call]
    pooled = run_arena(*base, "--workers", "2", "--db", str(tmp_path / "pool"))
    assert pooled.returncode == 0, pooled.stderr
    first, second = records_of(tmp_path / "ray"), records_of(tmp_path / "pool")
    assert len(first) == 12 and first == second  # every move, prompt, seed and result alike


def test_a_local_ray_is_its_own_even_beside_a_cluster_started_on_this_machine() -> None:
    from ray.cluster_utils import Cluster

    from arena.runner.ray_backend import RayBackend

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})  # recorded as this machine's latest
    try:
        backend = RayBackend(actors=2)
        try:
            ours = ray.get_runtime_context().gcs_address
            assert backend.started and ours != cluster.address and ray.cluster_resources()["CPU"] == 2
        finally:
            backend.close()
    finally:
        cluster.shutdown()  # type: ignore[no-untyped-call]


def statuses(db: Path) -> list[str]:
    """Each recorded match's status."""
    if not (db / "arena-store.json").exists():
        return []
    with MatchStore(db, read_only=True) as store:
        return [record.outcome.status for record in store.iter_matches()]


def test_a_node_lost_mid_run_turns_its_matches_into_errors_and_the_run_ends_then_resumes(tmp_path: Path) -> None:
    from ray.cluster_utils import Cluster

    db = tmp_path / "db"
    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        worker = cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        args = ("--batch", "--backend", "ray", "--address", cluster.address, "--game", "gomoku", "--players",
                "minimax:nodes=12000", "minimax:nodes=12000,level=4", "--games", "24", "--db", str(db))  # fmt: skip
        driver = start_arena(*args)
        wait_until(lambda: len(recorded(db)) >= 4 or driver.poll() is not None, 900, "the first matches")
        cluster.remove_node(worker)  # the node and its actor are gone mid-match
        _, said = driver.communicate(timeout=600)
        assert driver.returncode == 1, said  # errors in the run: exit code 1, and it ended
        found = statuses(db)
        assert len(found) == 24 and "error" in found and found.count("finished") >= 4
        again = run_arena(*args)  # the same command plays the errored matches again
        assert again.returncode == 0, again.stderr
        assert statuses(db).count("finished") == 24
    finally:
        cluster.shutdown()  # type: ignore[no-untyped-call]


def test_analyses_fan_out_over_ray_with_the_same_grades(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    played = run_arena("--batch", "--game", "connect-four", "--players", "random", "random", "--games", "80",
                       "--db", db)  # fmt: skip
    assert played.returncode == 0, played.stderr
    report = ("report", "--db", db, "--json", "--grade-budget", "200000", "--resamples", "50")
    on_ray = run_arena(*report, "--backend", "ray")
    assert on_ray.returncode == 0, on_ray.stderr
    (Path(db) / "analysis-cache.jsonl").unlink()
    local = run_arena(*report)
    assert local.returncode == 0, local.stderr
    assert json.loads(on_ray.stdout) == json.loads(local.stdout)
    graded = json.loads(local.stdout)["games"]["connect-four"]["players"][0]["graded_moves"]
    assert graded > 0


def test_an_address_that_does_not_answer_is_one_line(tmp_path: Path) -> None:
    refused = run_arena("--batch", "--backend", "ray", "--address", "127.0.0.1:1", "--game", "tictactoe",
                        "--players", "minimax", "random", "--games", "2", "--db", str(tmp_path / "db"))  # fmt: skip
    assert refused.returncode == 2 and "does not answer" in refused.stderr and refused.stderr.count("\n") == 1


@pytest.mark.skipif(shutil.which("stress-ng") is None, reason="stress-ng makes the load (apt-get install stress-ng)")
def test_a_local_ray_under_load_runs_or_refuses_in_one_line(tmp_path: Path) -> None:
    hogs = subprocess.Popen(["stress-ng", "--cpu", "4", "--quiet"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        ran = run_arena("--batch", "--backend", "ray", "--game", "tictactoe", "--players", "minimax", "random",
                        "--games", "4", "--db", str(tmp_path / "db"))  # fmt: skip
    finally:
        hogs.terminate()
        hogs.wait()
    assert "Traceback" not in ran.stderr, ran.stderr
    if ran.returncode == 0:
        assert len(recorded(tmp_path / "db")) == 4
    else:
        assert ran.returncode == 2 and "a local Ray did not start after 2 attempts" in ran.stderr, ran.stderr
        assert ran.stderr.count("\n") == 1
