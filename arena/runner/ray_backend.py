"""Matches and analyses played on a Ray cluster: the only module that imports Ray (an optional extra, `arena[ray]`).

`RayBackend` is the process pool's twin behind the same `MatchBackend` interface: long-lived actors, one CPU
each, keep their engines warm from match to match; the driver sends each a match setup and awaits its record,
and stays the only writer of the store. An actor that dies turns its match into an `error` record with the
reason, and a fresh actor takes its place. Without an address a local Ray is started (and stopped at the end);
with one, the driver joins that cluster as a job: killed, its job ends and Ray removes its actors.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from arena.match.records import MatchRecord, OutcomeRecord
from arena.runner.match import MatchRunner, MatchSetup, now_iso
from arena.runner.ray_unavailable import RayUnavailable

T = TypeVar("T")
R = TypeVar("R")
START_TIMEOUT = 60.0  # seconds to reach a cluster before saying it does not answer
REPLACE_WAIT = 60.0  # seconds a fresh actor may take to start before the cluster is taken to have no room for it
# (20 s was too short beside stress-ng --cpu 4 on 2 cores: the dead actor was never replaced)


def ray_module() -> Any:
    """Ray, or RayUnavailable naming the extra to install."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable("--backend ray needs Ray: pip install 'arena[ray]'") from None
    return ray


def connect(address: str | None, cpus: int | None = None) -> bool:
    """Join the cluster at `address`, or start a local one (`cpus` CPUs); True if this process started it."""
    ray = ray_module()
    if ray.is_initialized():
        return False
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")  # a local or private cluster: its address is the gate
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address and address != "auto":
        refuse_unreachable(address)
    where = f"the Ray cluster at {address}" if address else "a local Ray"
    why = ""
    for _ in range(start_attempts()):
        try:
            if address:
                ray.init(address=address, **options)
            else:  # "local": never a cluster another process started on this machine (Ray would join it)
                ray.init(address="local", num_cpus=cpus, **options)
            break
        except Exception as error:  # Ray raises a plain Exception for a node that "timed out during startup"
            why = str(error).splitlines()[0] if str(error) else type(error).__name__
            with contextlib.suppress(Exception):
                ray.shutdown()  # what was started of it, before the next attempt
    else:
        raise RayUnavailable(
            f"{where} {'could not be joined' if address else 'did not start'} after {start_attempts()} "
            f"attempts ({why}): on a loaded machine "
            "retry later, raise ARENA_RAY_START_ATTEMPTS, or use --backend process (--workers N)"
        )
    return not address


def start_attempts() -> int:
    """How many times Ray's start is tried (each bounded by Ray's own waits: 30 s for the node, 60 s for its
    control store): $ARENA_RAY_START_ATTEMPTS, 2 by default."""
    chosen = os.environ.get("ARENA_RAY_START_ATTEMPTS", "")
    return max(1, int(chosen)) if chosen.isdigit() else 2


def refuse_unreachable(address: str) -> None:
    """RayUnavailable unless something listens at `host:port` (Ray itself retries for minutes before failing)."""
    import socket

    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=START_TIMEOUT / 6):
            return
    except ValueError:
        raise RayUnavailable(f"--address is host:port (or auto), not {address!r}") from None
    except OSError as error:
        raise RayUnavailable(f"the Ray cluster at {address} does not answer ({error.strerror or error})") from None


def cluster_cpus() -> int:
    """The cluster's CPUs (each actor takes one)."""
    return max(1, int(ray_module().cluster_resources().get("CPU", 1)))


class MatchActor:
    """One long-lived worker of the cluster: plays the match setups it is sent, its engines warm between them."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()

    def play(self, setup: MatchSetup) -> MatchRecord:
        """The record of one match, played here."""
        return self.loop.run_until_complete(MatchRunner(setup).run())

    def pid(self) -> int:
        """This actor's process (for the tests that kill one)."""
        return os.getpid()

    def call(self, function: Callable[[T], R], task: T) -> R:
        """Any picklable function of one task, here (the analysis of a chunk of matches)."""
        return function(task)


def failed(setup: MatchSetup, reason: str, started: float) -> MatchRecord:
    """An error record for a match the cluster could not play (resumed by the same command later)."""
    outcome = OutcomeRecord(status="error", termination="fault", detail=reason)
    return MatchRunner(setup).record(outcome, now_iso(), started)


class RayBackend:
    """Ray actors as the match backend: `capacity` of them, each playing one match at a time."""

    def __init__(self, address: str | None = None, actors: int | None = None) -> None:
        self.ray = ray_module()
        self.started = connect(address, actors)
        self.capacity = actors or cluster_cpus()
        self.remote = self.ray.remote(num_cpus=1)(MatchActor)
        self.actors = [self.remote.remote() for _ in range(self.capacity)]
        self.idle: asyncio.Queue[Any] | None = None
        self.replaced = 0  # actors that died and were replaced

    async def play(self, setup: MatchSetup) -> MatchRecord:
        """The record of one match from an idle actor; an actor that dies makes it an error record."""
        if self.idle is None:
            self.idle = asyncio.Queue()
            for actor in self.actors:
                self.idle.put_nowait(actor)
        started = time.perf_counter()
        actor = await self.idle.get()
        if actor is None:  # no actor left: every later match is an error too, resumed when the cluster is back
            self.idle.put_nowait(None)
            return failed(setup, "no Ray actor is left: the cluster lost the CPUs to place one", started)
        try:
            record: MatchRecord = await actor.play.remote(setup)
        except self.ray.exceptions.RayActorError as error:
            fresh = await self.replacement(actor)
            if fresh is not None:
                self.idle.put_nowait(fresh)
            elif not self.actors:
                self.idle.put_nowait(None)  # wakes the matches waiting for an actor: none is left
            reason = str(error).splitlines()[0] if str(error) else "the actor died"
            return failed(setup, f"Ray actor died: {reason}", started)
        self.idle.put_nowait(actor)
        return record

    async def replacement(self, dead: Any) -> Any:
        """A fresh actor in place of one that died, or None when the cluster cannot place one (a lost node)."""
        self.actors = [actor for actor in self.actors if actor is not dead]
        fresh = self.remote.remote()
        try:
            await asyncio.wait_for(asyncio.wrap_future(fresh.pid.remote().future()), REPLACE_WAIT)
        except (TimeoutError, self.ray.exceptions.RayActorError):
            self.ray.kill(fresh)
            self.capacity = max(1, len(self.actors))
            return None
        self.actors.append(fresh)
        self.replaced += 1
        return fresh

    def close(self) -> None:
        """End the actors; a local Ray this backend started ends with them."""
        for actor in self.actors:
            self.ray.kill(actor)
        if self.started:
            self.ray.shutdown()


def in_ray(function: Callable[[T], R], tasks: list[T], address: str | None, actors: int | None = None) -> Iterator[R]:
    """`function` of every task on the cluster's actors, as they finish (in no fixed order)."""
    ray = ray_module()
    started = connect(address, actors)
    remote = ray.remote(num_cpus=1)(MatchActor)
    pool = [remote.remote() for _ in range(min(len(tasks), actors or cluster_cpus()) or 1)]
    try:
        pending: dict[Any, Any] = {}
        queue = list(tasks)
        for actor in pool:
            if queue:
                pending[actor.call.remote(function, queue.pop(0))] = actor
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            actor = pending.pop(done[0])
            if queue:
                pending[actor.call.remote(function, queue.pop(0))] = actor
            yield ray.get(done[0])
    finally:
        for actor in pool:
            ray.kill(actor)
        if started:
            ray.shutdown()
