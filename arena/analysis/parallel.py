"""Analyses of many matches at once on the machine's cores: each worker reads its matches from the store
and sends back their analyses as plain values; the caller stays the only writer of the cache.

Grades come from budgets in positions, so a match's analysis is the same in any worker, in any order.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from arena.analysis.moves import analyse
from arena.store import MatchStore

# What analysing a match costs, in tic-tac-toe matches: Stockfish grades every chess move, the solver every
# Connect-Four move. A worker's task is a chunk of about CHUNK of these: few enough re-reads of a segment, and
# enough tasks (with progress between them) when a few hundred chess games take minutes.
GAME_COST = {"chess": 50, "connect-four": 4}
CHUNK = 400
PARALLEL_FROM = 300  # the cost below which starting workers costs more than it saves

T = TypeVar("T")
R = TypeVar("R")
Outcome = tuple[str, dict[str, Any] | None, str | None]  # match id, its analysis, or why it has none


def cost_of(games: list[str]) -> int:
    """What analysing matches of these games costs, in tic-tac-toe matches."""
    return sum(GAME_COST.get(game, 1) for game in games)


def worker_count(cost: int) -> int:
    """How many processes to analyse matches of this cost with: one per core, one for a small job."""
    if cost < PARALLEL_FROM:
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, min(cores, 8, cost // CHUNK + 1))


def analyse_one(document: dict[str, Any], budget: int) -> Outcome:
    """A stored match's analysis as plain values, or the reason it cannot be analysed."""
    try:
        return str(document["id"]), analyse(document, budget).as_json(), None
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        return str(document.get("id")), None, f"match {document.get('id')!r} cannot be analysed: {error}"


def analyse_chunk(task: tuple[str, int, list[str], int]) -> list[Outcome]:
    """In a worker: the analyses of the matches `ids` of one segment of the store in `folder`."""
    folder, segment, ids, budget = task
    wanted = set(ids)
    with MatchStore(folder, read_only=True) as store:
        documents = [d for d in store.documents_in(segment) if d.get("id") in wanted]
    return [analyse_one(document, budget) for document in documents]


def ignore_interrupts() -> None:
    """In a worker: Ctrl+C is the caller's to handle (it ends the workers), never a traceback of each."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def analyse_in_workers(
    folder: Path, missing: dict[int, dict[str, str]], budget: int, workers: int
) -> Iterator[Outcome]:
    """Every missing match's analysis, as workers finish their chunks (in no fixed order)."""
    tasks = []
    for segment, games in sorted(missing.items()):
        for game in sorted(set(games.values())):
            ordered = sorted(key for key, of in games.items() if of == game)
            size = max(1, CHUNK // GAME_COST.get(game, 1))
            tasks += [(str(folder), segment, ordered[at : at + size], budget) for at in range(0, len(ordered), size)]
    for outcomes in _fanout[0](analyse_chunk, tasks, workers):
        yield from outcomes


Fanout = Callable[[Callable[[Any], Any], list[Any], int], Iterator[Any]]


def on_ray(address: str | None) -> None:
    """From now on this process's analyses fan out over a Ray cluster's actors (`--backend ray`), not its cores."""

    def fanout(function: Callable[[Any], Any], tasks: list[Any], workers: int) -> Iterator[Any]:
        from arena.runner.ray_backend import in_ray

        return in_ray(function, tasks, address)

    _fanout[0] = fanout


def in_workers(function: Callable[[T], R], tasks: list[T], workers: int) -> Iterator[R]:
    """`function` of every task in `workers` spawned processes, as they finish (in no fixed order).

    Stopped early (Ctrl+C, or the caller leaving), the workers are ended at once: a task in progress is lost,
    the results already handed back are the caller's.
    """
    with started_in_workers(function, tasks, workers) as results:
        yield from results


@contextmanager
def started_in_workers(function: Callable[[T], R], tasks: list[T], workers: int) -> Iterator[Iterator[R]]:
    """The workers set to work on every task at once; within the block, their results as they finish.

    The caller may do its own work before reading them. Leaving the block ends the workers, done or not.
    """
    import multiprocessing  # only for many matches: a cached report never needs it

    # Spawned, not forked: the app analyses from a thread, and a fork would copy its locks mid-use.
    pool = multiprocessing.get_context("spawn").Pool(workers, initializer=ignore_interrupts)
    try:
        yield pool.imap_unordered(function, tasks)
        pool.close()
    finally:
        pool.terminate()  # at once: an engine a worker drove ends with the pipe it read
        pool.join()


_fanout: list[Fanout] = [in_workers]  # where analyses fan out: this machine's cores, or Ray's actors (`on_ray`)
