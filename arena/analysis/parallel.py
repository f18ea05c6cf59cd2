"""Analyses of many matches at once on the machine's cores: each worker reads its matches from the store
and sends back their analyses as plain values; the caller stays the only writer of the cache.

Grades come from budgets in positions, so a match's analysis is the same in any worker, in any order.
"""

from __future__ import annotations

import contextlib
import os
import sys
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


def chosen_workers(chosen: int | None) -> Callable[[int], int]:
    """How many processes analyse matches of a cost: `worker_count`'s choice, or `chosen` (never more than chunks)."""
    if chosen is None:
        return worker_count
    return lambda cost: max(1, min(chosen, cost // CHUNK + 1))


def analyse_one(document: dict[str, Any], budget: int) -> Outcome:
    """A stored match's analysis as plain values, or the reason it cannot be analysed."""
    try:
        return str(document["id"]), analyse(document, budget).as_json(), None
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        return str(document.get("id")), None, f"match {document.get('id')!r} cannot be analysed: {error}"


Task = tuple[str, int, list[str], int]  # the store's folder, a segment, match ids in it, the grading budget


def analyse_chunk(task: Task, store: MatchStore | None = None) -> list[Outcome]:
    """The analyses of the matches `ids` of one segment of the store in `folder` (opened here unless given), in the
    segment's order."""
    folder, segment, ids, budget = task
    wanted = set(ids)
    with contextlib.nullcontext(store) if store is not None else MatchStore(folder, read_only=True) as opened:
        documents = [d for d in opened.documents_in(segment) if d.get("id") in wanted]
    return [analyse_one(document, budget) for document in documents]


def analyse_numbered(numbered: tuple[int, Task]) -> tuple[int, list[Outcome]]:
    """In a worker: a chunk's analyses with the chunk's number, to put the chunks back in order."""
    return numbered[0], analyse_chunk(numbered[1])


def ignore_interrupts() -> None:
    """In a worker: Ctrl+C is the caller's to handle (it ends the workers), never a traceback of each."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def chunks(folder: Path, missing: dict[int, dict[str, str]], budget: int) -> list[Task]:
    """The missing matches in chunks of about CHUNK's cost, by segment, game and id: the one order of the results."""
    tasks = []
    for segment, games in sorted(missing.items()):
        for game in sorted(set(games.values())):
            ordered = sorted(key for key, of in games.items() if of == game)
            size = max(1, CHUNK // GAME_COST.get(game, 1))
            tasks += [(str(folder), segment, ordered[at : at + size], budget) for at in range(0, len(ordered), size)]
    return tasks


def analyse_here(store: MatchStore, missing: dict[int, dict[str, str]], budget: int) -> Iterator[Outcome]:
    """Every missing match's analysis in this process, in the chunks' order."""
    for task in chunks(store.folder, missing, budget):
        yield from analyse_chunk(task, store)


def analyse_in_workers(
    folder: Path, missing: dict[int, dict[str, str]], budget: int, workers: int
) -> Iterator[Outcome]:
    """Every missing match's analysis from `workers` processes, in the chunks' order whichever finished first (the
    cache and every output are the same bytes as from one process)."""
    finished: dict[int, list[Outcome]] = {}
    due = 0
    for number, outcomes in _fanout[0](analyse_numbered, list(enumerate(chunks(folder, missing, budget))), workers):
        finished[number] = outcomes
        while due in finished:
            yield from finished.pop(due)
            due += 1


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
    with real_stderr():
        pool = multiprocessing.get_context("spawn").Pool(workers, initializer=ignore_interrupts)
    try:
        yield pool.imap_unordered(function, tasks)
        pool.close()
    finally:
        pool.terminate()  # at once: an engine a worker drove ends with the pipe it read
        pool.join()


@contextmanager
def real_stderr() -> Iterator[None]:
    """The process's own stderr while workers are spawned: inside the app, sys.stderr is Textual's stand-in, whose
    `fileno()` of -1 multiprocessing would hand to the new process ("bad value(s) in fds_to_keep")."""
    shown = sys.stderr
    try:
        usable = shown.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable or sys.__stderr__ is None:
        yield
        return
    sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = shown


_fanout: list[Fanout] = [in_workers]  # where analyses fan out: this machine's cores, or Ray's actors (`on_ray`)
