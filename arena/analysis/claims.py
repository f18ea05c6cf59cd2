"""Claims on grading a game's matches, shared by every arena process on one store: two processes never grade the
same match (an import grading chess and the app's Leaderboard), and one that finds a game claimed waits, then takes
what the other cached.

A claim is an advisory lock (`flock`) on a file per game beside the database: the system drops it when its process
ends, however it ends, so a claim is never left behind by a killed run.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

RETRY_SECONDS = 0.2  # how often a claimed game is asked for again; `waiting` is told each time (it may give up)
UNSAFE = re.compile(r"[^a-z0-9_-]+")


def say_waiting(game: str, told: set[str] = set()) -> None:  # noqa: B006 - the games told, once per process
    """The command line's word while another process grades a game: said once, on stderr."""
    if game not in told:
        told.add(game)
        print(f"waiting for another arena process that is grading the {game} matches (none is graded twice)",
              file=sys.stderr, flush=True)  # fmt: skip


def claim_path(folder: Path, game: str) -> Path:
    """The file whose lock claims grading `game`'s matches in the store at `folder`."""
    return folder / f"grading-{UNSAFE.sub('_', game.lower()) or 'game'}.lock"


@contextmanager
def claimed(folder: Path, games: set[str], waiting: Callable[[str], None]) -> Iterator[bool]:
    """Hold the claims on `games` (in name order, so two processes never wait on each other); yields whether any
    had to be waited for, in which case the other process's analyses are in the cache by now.

    `waiting(game)` is called while another process holds a game's claim; an exception from it gives up (every
    claim taken is let go). A store that is not a folder (an old single-file database) has nothing to claim.
    """
    if not folder.is_dir():
        yield False
        return
    handles: list[int] = []
    waited = False
    try:
        for game in sorted(games):
            handle = os.open(claim_path(folder, game), os.O_RDWR | os.O_CREAT, 0o644)
            handles.append(handle)
            while not try_lock(handle):
                waited = True
                waiting(game)
                threading.Event().wait(RETRY_SECONDS)
        yield waited
    finally:
        for handle in handles:
            with contextlib.suppress(OSError):
                os.close(handle)  # closing the file lets go of its lock


def claimed_elsewhere(folder: Path, game: str) -> bool:
    """Whether another process (or thread) grades `game` now: a glance, true only while its claim is held."""
    try:
        handle = os.open(claim_path(folder, game), os.O_RDWR)
    except OSError:  # never claimed here
        return False
    try:
        return not try_lock(handle)
    finally:
        os.close(handle)  # closing lets go of the lock this glance may have taken


def try_lock(handle: int) -> bool:
    """Take the lock at once, or say it is held by another process."""
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True
