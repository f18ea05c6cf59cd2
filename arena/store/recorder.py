"""Group commit: matches that finish within a few milliseconds are written with one lock and one fsync."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from arena.records import MatchRecord
from arena.store.database import MatchStore, StoreError

WINDOW = 0.005  # seconds a finished match may wait for others to share its write
LIMIT = 256  # records written together at most


class GroupRecorder:
    """Buffers finished matches briefly and records them together; `on_durable` hears of each once it is on disk."""

    def __init__(self, store: MatchStore, on_durable: Callable[[MatchRecord], None] = lambda _: None) -> None:
        self.store = store
        self.on_durable = on_durable
        self.buffer: list[MatchRecord] = []
        self.since = 0.0
        self.timer: asyncio.TimerHandle | None = None
        self.failure: StoreError | None = None

    def add(self, record: MatchRecord) -> None:
        """Take a finished match; StoreError if an earlier write failed (the run must stop)."""
        if self.failure is not None:
            raise self.failure
        if not self.buffer:
            self.since = time.monotonic()
            try:
                self.timer = asyncio.get_running_loop().call_later(WINDOW, self.flush_on_timer)
            except RuntimeError:  # no loop (a synchronous caller): write at once
                self.timer = None
        self.buffer.append(record)
        if self.timer is None or len(self.buffer) >= LIMIT or time.monotonic() - self.since >= WINDOW:
            self.flush()

    def flush_on_timer(self) -> None:
        """The window closed: write what waits; a failure is raised at the next `add` or at `close`."""
        self.timer = None
        try:
            self.flush()
        except StoreError as error:
            self.failure = error

    def flush(self) -> None:
        """Write everything buffered with one lock and one fsync."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if not self.buffer:
            return
        waiting, self.buffer = self.buffer, []
        self.store.add_many(waiting)
        for record in waiting:
            self.on_durable(record)

    def close(self) -> None:
        """Write what is left; StoreError if anything could not be written."""
        self.flush()
        if self.failure is not None:
            raise self.failure
