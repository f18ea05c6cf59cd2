"""CPU-bound matches (engines, random and scripted players) played in worker processes.

The tournament scheduler asks a backend to play one match setup and awaits its record; the
records come back to the one process that records them. `ProcessBackend` runs them on the
cores of this machine; a distributed backend (Ray actors, see docs/scaling.md) would implement
the same two methods.
"""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Protocol

from arena.match.records import MatchRecord, OutcomeRecord
from arena.runner.match import MatchRunner, MatchSetup, now_iso

IN_PROCESS_KINDS = ("llm", "human")  # players that need this process: its model client, its screen


class MatchBackend(Protocol):
    """Somewhere matches are played: `capacity` at once, each awaited for its record."""

    capacity: int

    async def play(self, setup: MatchSetup) -> MatchRecord: ...

    def close(self) -> None: ...


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def runs_in_workers(players: tuple[str, ...]) -> bool:
    """True if no player needs this process (no model client, no person at the screen)."""
    return all(spec.strip().partition(":")[0] not in IN_PROCESS_KINDS for spec in players)


_loop: asyncio.AbstractEventLoop | None = None
PARENT_CHECK = 0.5  # seconds between checks that the parent still lives, where the kernel cannot tell us
PR_SET_PDEATHSIG = 1  # prctl(2): the signal this process gets when the thread that started it dies


def start_worker(parent: int) -> None:
    """A worker leaves Ctrl+C to the parent, which stops the run and records what finished, and dies with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not die_with_parent():
        threading.Thread(target=exit_with_parent, args=(parent,), daemon=True, name="parent-watch").start()
    if os.getppid() != parent:  # the parent died before the kernel was asked to tell us
        os._exit(1)


def die_with_parent() -> bool:
    """Ask Linux to kill this process when its parent dies; False where the kernel has no such request."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def exit_with_parent(parent: int) -> None:
    """End this worker once its parent is gone (killed with -9 it cannot shut the pool down)."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(1)


def play_in_worker(setup: MatchSetup) -> MatchRecord:
    """Play one match in this worker process (its engines stay warm from match to match)."""
    global _loop
    if _loop is None:
        _loop = asyncio.new_event_loop()
    return _loop.run_until_complete(MatchRunner(setup).run())


class ProcessBackend:
    """A pool of worker processes on this machine."""

    def __init__(self, workers: int) -> None:
        self.capacity = workers
        self.executor = self.start()
        self.renewals = 0  # pools renewed since a worker last finished a match
        self.in_process = False  # workers cannot start here: matches are played in this process

    def start(self) -> ProcessPoolExecutor:
        # spawn, not fork: the parent may hold threads (engine timers, the litellm import) that fork would copy.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(self.capacity, mp_context=context, initializer=start_worker, initargs=(os.getpid(),))

    async def play(self, setup: MatchSetup) -> MatchRecord:
        """The record of one match; a worker that dies makes that match an error, and the pool is renewed."""
        if self.in_process:
            return await MatchRunner(setup).run()
        started = time.perf_counter()
        try:
            record = await asyncio.wrap_future(self.executor.submit(play_in_worker, setup))
        except BrokenProcessPool as error:
            self.renew()
            outcome = OutcomeRecord(
                status="error", termination="fault", detail=f"worker process died: {error or 'killed'}"
            )
            return MatchRunner(setup).record(outcome, now_iso(), started)
        self.renewals = 0
        return record

    def renew(self) -> None:
        """Replace a broken pool; after three pools broke without finishing a match, play in this process."""
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.renewals += 1
        if self.renewals >= 3:
            self.in_process = True
            return
        self.executor = self.start()

    def close(self) -> None:
        """Stop the workers; matches not started are dropped (they were never recorded)."""
        self.executor.shutdown(wait=True, cancel_futures=True)
