"""The arena database: a TinyDB file fed by a write-ahead journal, under a file lock.

TinyDB rewrites its whole file on every write, so inserting record by record grows
quadratically. Here a finished match (or a quiz answer) is appended to `<db>.journal`
(one fsynced line, flat cost) and the journal is merged into TinyDB in a single atomic
write when the store opens and closes. A kill -9 at any moment loses no acknowledged
record: the journal is replayed at the next start, and documents already merged are
skipped by id. Journal lines are `{"table": ..., "document": ...}`.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from filelock import FileLock, Timeout
from pydantic import ValidationError
from tinydb import TinyDB

from arena.records import MatchRecord
from arena.store.atomic import AtomicJSONStorage
from arena.store.journal import Journal

MATCHES = "matches"
QUIZ_SESSIONS = "quiz_sessions"
QUIZ_ANSWERS = "quiz_answers"
LOCK_TIMEOUT = 30.0


class StoreError(Exception):
    """The database cannot be used (locked by another process, or not writable)."""


class MatchStore:
    """Records finished matches durably and reads them back."""

    def __init__(self, path: str | Path, lock_timeout: float = LOCK_TIMEOUT) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.journal = Journal(self.path.with_name(self.path.name + ".journal"))
        self.lock = FileLock(str(self.path) + ".lock", timeout=lock_timeout)
        self.warnings: list[str] = []
        with self.locked():
            self.check_database()
            self.merge_journal()

    def __enter__(self) -> MatchStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the cross-process lock; StoreError if another process keeps it too long."""
        try:
            self.lock.acquire()
        except Timeout:
            raise StoreError(f"{self.path} is locked by another arena process ({self.lock.lock_file})") from None
        try:
            yield
        finally:
            self.lock.release()

    def set_aside(self, path: Path, why: str) -> Path:
        """Rename an unreadable file so that nothing overwrites it, and warn."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.unreadable-{stamp}")
        path.replace(aside)
        self.warnings.append(f"{path} could not be read ({why}); moved aside to {aside.name}, a new one was started")
        return aside

    def check_database(self) -> None:
        """Move an unreadable database file aside (never reset it in place)."""
        try:
            AtomicJSONStorage(self.path).read()
        except (ValueError, UnicodeDecodeError) as error:
            self.set_aside(self.path, str(error).splitlines()[0][:80])

    def database(self) -> TinyDB:
        """A TinyDB handle on the file."""
        return TinyDB(self.path, storage=AtomicJSONStorage)

    def merge_journal(self) -> int:
        """Move journalled records into TinyDB in one atomic write; returns how many were new."""
        contents = self.journal.read()
        if contents.unreadable:
            rejected = self.journal.path.with_name(self.journal.path.name + ".rejected")
            with open(rejected, "ab") as handle:
                handle.writelines(line if line.endswith(b"\n") else line + b"\n" for line in contents.unreadable)
            self.warnings.append(
                f"{len(contents.unreadable)} unreadable journal line(s) (a process killed mid-write) "
                f"kept in {rejected.name}"
            )
        if not contents.documents and not contents.unreadable:
            return 0
        fresh_count = 0
        with self.database() as db:
            by_table: dict[str, list[dict[str, Any]]] = {}
            for entry in contents.documents:
                by_table.setdefault(str(entry.get("table", MATCHES)), []).append(entry.get("document", {}))
            for name, documents in by_table.items():
                table = db.table(name)
                known = {doc.get("id") for doc in table.all()}
                fresh = []
                for document in documents:
                    key = document.get("id")
                    if key not in known:
                        known.add(key)
                        fresh.append(document)
                if fresh:
                    table.insert_multiple(fresh)
                    fresh_count += len(fresh)
        self.journal.clear()
        return fresh_count

    def append(self, table: str, document: dict[str, Any]) -> None:
        """Record one document (it must carry a unique `id`); durable when this returns."""
        with self.locked():
            self.journal.append({"table": table, "document": document})

    def add(self, record: MatchRecord) -> None:
        """Record one finished match; durable when this returns."""
        self.append(MATCHES, record.model_dump(mode="json"))

    def documents(self, table: str = MATCHES) -> Iterator[dict[str, Any]]:
        """Raw documents of a table: merged ones, then those still in the journal."""
        seen: set[Any] = set()
        with self.database() as db:
            for document in db.table(table).all():
                seen.add(document.get("id"))
                yield dict(document)
        for entry in self.journal.read().documents:
            document = entry.get("document", {})
            if entry.get("table", MATCHES) == table and document.get("id") not in seen:
                seen.add(document.get("id"))
                yield document

    def matches(self) -> list[MatchRecord]:
        """Every readable match record; documents that do not validate are reported in `warnings`."""
        records = []
        for document in self.documents():
            try:
                records.append(MatchRecord.model_validate(document))
            except ValidationError as error:
                self.warnings.append(
                    f"match {document.get('id')!r} does not fit the record schema: {error.error_count()} error(s)"
                )
        return records

    def __len__(self) -> int:
        return sum(1 for _ in self.documents())

    def close(self) -> None:
        """Merge the journal and release files."""
        with self.locked():
            self.merge_journal()
        self.journal.close()
