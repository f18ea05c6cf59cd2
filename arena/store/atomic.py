"""A TinyDB storage that replaces its file atomically: temp file, fsync, rename, fsync of the folder."""

from __future__ import annotations

import gc
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tinydb.storages import Storage


@contextmanager
def gc_paused() -> Iterator[None]:
    """Parse without the cycle collector: JSON makes no cycles, and a full collection every few thousand
    new containers doubled the time of reading 200,000 index rows."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            # What the block made goes straight to the oldest generation (frozen, then handed back): the first
            # young collection after it would otherwise walk every object it made, 60 ms for a 10,000-match report.
            gc.freeze()
            gc.unfreeze()
            gc.enable()


@contextmanager
def gc_frozen() -> Iterator[None]:
    """Objects made so far left out of the collector's walks until the block ends (then handed back to it):
    collections inside the block walk only what it makes."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that a crash leaves either the old or the new file, whole."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(temp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


def no_number(name: str) -> None:
    """NaN and Infinity, which the arena never writes (a hand-edited file may hold them), are read as null."""
    return None


class AtomicJSONStorage(Storage):
    """JSON storage for TinyDB whose writes never leave a half-written file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def read(self) -> dict[str, dict[str, Any]] | None:
        """The whole database, or None for a missing or empty file; ValueError if unreadable."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        if not text.strip():
            return None
        try:
            with gc_paused():
                data = json.loads(text, parse_constant=no_number)
        except RecursionError:
            raise ValueError("nested too deeply to be a database") from None
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise ValueError("not a TinyDB database (expected an object of tables)")
        if not all(isinstance(doc, dict) for table in data.values() for doc in table.values()):
            raise ValueError("a table holds something other than documents")
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Write the whole database atomically."""
        write_atomically(self.path, json.dumps(data, separators=(",", ":")).encode("utf-8"))

    def close(self) -> None:
        """Nothing is held open."""
