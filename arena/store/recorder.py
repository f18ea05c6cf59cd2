"""Group commit: finished matches are written together (one lock, one fsync) while the next ones play.

Matches that finish while a write is under way wait for the next one, so groups grow exactly as
fast as the disk is slow. Writes run in a thread: the event loop goes on playing during the
fsync. A match is acknowledged (`on_durable`) only once it is on disk.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from arena.match.records import MatchRecord
from arena.store.database import MatchStore
from arena.store.errors import StoreError

LIMIT = 500  # records written together at most
WAITING = 2 * LIMIT  # records waiting for a write before the players wait too (memory stays flat)


class GroupRecorder:
    """Takes finished matches and records them in groups; `on_durable` hears of each once it is on disk."""

    def __init__(self, store: MatchStore, on_durable: Callable[[MatchRecord], None] = lambda _: None) -> None:
        self.store = store
        self.on_durable = on_durable
        self.buffer: list[MatchRecord] = []
        self.writer: asyncio.Task[None] | None = None
        self.failure: StoreError | None = None
        self.written = asyncio.Event()

    async def put(self, record: MatchRecord) -> None:
        """Take a finished match, waiting while too many wait for the disk (matches play faster than it writes)."""
        self.add(record)
        while len(self.buffer) >= WAITING and self.writer is not None and self.failure is None:
            self.written.clear()
            await self.written.wait()

    def add(self, record: MatchRecord) -> None:
        """Take a finished match; StoreError if an earlier write failed (the run must stop)."""
        if self.failure is not None:
            raise self.failure
        self.buffer.append(record)
        if self.writer is None:
            try:
                self.writer = asyncio.get_running_loop().create_task(self.write_all())
            except RuntimeError:  # no loop (a synchronous caller): write at once
                self.write_now()

    async def write_all(self) -> None:
        """Write groups until nothing waits; a failure is kept and raised at the next `add` or at `close`."""
        try:
            while self.buffer and self.failure is None:
                group, self.buffer = self.buffer[:LIMIT], self.buffer[LIMIT:]
                try:
                    await asyncio.to_thread(self.store.add_many, group)
                except StoreError as error:
                    self.failure = error
                    return
                for record in group:
                    self.on_durable(record)
                self.written.set()
        finally:
            self.writer = None
            self.written.set()

    def write_now(self) -> None:
        """Write everything buffered in this thread."""
        group, self.buffer = self.buffer, []
        self.store.add_many(group)
        for record in group:
            self.on_durable(record)

    async def aclose(self) -> None:
        """Wait for the writes under way and write what is left; StoreError if anything could not be written."""
        while self.writer is not None:
            await asyncio.shield(self.writer)
        if self.failure is not None:
            raise self.failure
        if self.buffer:
            await asyncio.to_thread(self.write_now)
