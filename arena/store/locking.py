"""A store folder's cross-process lock: filelock is imported by processes that write, never by a read-only view."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from arena.store.errors import StoreLocked

if TYPE_CHECKING:
    from filelock import FileLock


class FolderLock:
    """The lock file of one store, taken with a timeout; StoreLocked when another process keeps it too long."""

    def __init__(self, lock_file: Path, store_path: Path, timeout: float) -> None:
        self.lock_file, self.store_path, self.timeout = lock_file, store_path, timeout
        self._lock: FileLock | None = None

    @contextmanager
    def held(self) -> Iterator[None]:
        """Hold the lock for the block."""
        from filelock import FileLock, Timeout

        if self._lock is None:
            self._lock = FileLock(str(self.lock_file), timeout=self.timeout)
        try:
            self._lock.acquire()
        except Timeout:
            raise StoreLocked(f"{self.store_path} is locked by another arena process ({self.lock_file})") from None
        try:
            yield
        finally:
            self._lock.release()
