"""What goes wrong with a database: the errors a command reports in one line, and setting a damaged file aside."""

from __future__ import annotations

import time
from pathlib import Path


class StoreError(Exception):
    """The database cannot be used (locked by another process, or not writable)."""


class NoDatabase(StoreError):
    """A read-only view asked of a place where no database was ever made."""


class StoreLocked(StoreError):
    """Another process held the lock past the timeout."""


def short_reason(error: BaseException) -> str:
    """An error's message on one line, cut to 80 characters, for a warning."""
    return " ".join(str(error).split())[:80]


def set_aside(path: Path) -> Path:
    """Rename a file to a name no other file has; returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.unreadable-{stamp}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.unreadable-{stamp}-{number}")
    path.replace(aside)
    return aside
