"""The arena database: a TinyDB file fed by a write-ahead journal, under a file lock.

TinyDB rewrites its whole file on every write, so inserting record by record grows
quadratically. Here a finished match (or a quiz answer) is appended to `<db>.journal`
(one fsynced line, flat cost) and the journal is merged into TinyDB in a single atomic
write when the store opens and closes. A kill -9 at any moment loses no acknowledged
record: the journal is replayed at the next start, and documents already merged are
skipped by id. Journal lines are `{"table": ..., "document": ...}`.
"""

from __future__ import annotations

import os
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


class StoreLocked(StoreError):
    """Another process held the lock past the timeout."""


class MatchStore:
    """Records finished matches durably and reads them back."""

    def __init__(self, path: str | Path, lock_timeout: float = LOCK_TIMEOUT, read_only: bool = False) -> None:
        """Open (creating it if needed) a database; `read_only` views it without the lock and never writes."""
        self.path = Path(path)
        self.read_only = read_only
        self.journal = Journal(self.path.with_name(self.path.name + ".journal"))
        self.lock = FileLock(str(self.path) + ".lock", timeout=lock_timeout)
        self.warnings: list[str] = []
        self.spill: Journal | None = None
        if self.path.is_dir():
            raise StoreError(f"{self.path} is a folder, not a database file")
        self.looks_like_ours()  # before anything is created beside a file that is not ours
        if read_only:
            try:
                AtomicJSONStorage(self.path).read()
            except (ValueError, UnicodeDecodeError) as error:
                why = " ".join(str(error).split())[:80]
                raise StoreError(f"{self.path} cannot be read ({why}); `arena --batch` sets it aside") from None
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.locked():
                self.check_database()
                self.merge_journal()
        except OSError as error:
            raise StoreError(f"cannot use {self.path}: {error.strerror or error}") from None

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
            raise StoreLocked(f"{self.path} is locked by another arena process ({self.lock.lock_file})") from None
        try:
            yield
        finally:
            self.lock.release()

    def set_aside(self, path: Path, why: str) -> Path:
        """Rename an unreadable file to a name no other file has, and warn."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.unreadable-{stamp}")
        number = 1
        while aside.exists():
            number += 1
            aside = path.with_name(f"{path.name}.unreadable-{stamp}-{number}")
        path.replace(aside)
        self.warnings.append(f"{path} could not be read ({why}); moved aside to {aside.name}, a new one was started")
        return aside

    def looks_like_ours(self) -> None:
        """StoreError for an existing file that is not JSON at all: it is someone else's, never touched."""
        try:
            with open(self.path, "rb") as handle:
                start = handle.read(4096).lstrip()
        except FileNotFoundError:
            return
        except OSError as error:
            raise StoreError(f"cannot read {self.path}: {error.strerror or error}") from None
        if start and not start.startswith(b"{"):
            raise StoreError(f"{self.path} is not an arena database (it does not hold JSON); choose another --db")

    def check_database(self) -> None:
        """Move an unreadable arena database aside (never reset it in place); refuse files that are not ours."""
        self.looks_like_ours()
        try:
            AtomicJSONStorage(self.path).read()
        except (ValueError, UnicodeDecodeError) as error:
            self.set_aside(self.path, " ".join(str(error).split())[:80])

    def database(self) -> TinyDB:
        """A TinyDB handle on the file."""
        return TinyDB(self.path, storage=AtomicJSONStorage)

    def spill_journals(self) -> list[Journal]:
        """Spill files other processes (or this one) left when the lock stayed taken."""
        paths = sorted(self.path.parent.glob(f"{self.path.name}.spill-*"))
        return [Journal(path) for path in paths if not path.name.endswith(".rejected")]

    def merge_journal(self) -> int:
        """Move journalled (and spilled) records into TinyDB in one atomic write; returns how many were new."""
        if self.spill is not None:
            self.spill.close()
            self.spill = None
        spills = self.spill_journals()
        fresh_count = sum(self.merge_one(spill) for spill in spills)
        for spill in spills:
            spill.path.unlink(missing_ok=True)
        return fresh_count + self.merge_one(self.journal)

    def merge_one(self, journal: Journal) -> int:
        """Merge one journal into TinyDB and empty it."""
        contents = journal.read()
        if contents.unreadable:
            rejected = journal.path.with_name(journal.path.name + ".rejected")
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
                document = entry.get("document", {})
                if isinstance(document, dict):
                    by_table.setdefault(str(entry.get("table", MATCHES)), []).append(document)
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
        journal.clear()
        return fresh_count

    def append(self, table: str, document: dict[str, Any]) -> None:
        """Record one document (it must carry a unique `id`); durable when this returns, StoreError if it cannot be."""
        if self.read_only:
            raise StoreError(f"{self.path} was opened for viewing only")
        entry = {"table": table, "document": document}
        try:
            with self.locked():
                self.journal.append(entry)
        except StoreLocked:
            # Never drop a finished record: keep it in this process's own spill file, merged at the next open.
            if self.spill is None:
                self.spill = Journal(self.path.with_name(f"{self.path.name}.spill-{os.getpid()}"))
                self.warnings.append(f"the database stayed locked; records wait in {self.spill.path.name}")
            try:
                self.spill.append(entry)
            except OSError as error:
                raise StoreError(f"cannot record to {self.spill.path}: {error.strerror or error}") from None
        except OSError as error:
            raise StoreError(f"cannot record to {self.journal.path}: {error.strerror or error}") from None

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
        """Merge the journal and release files; StoreError if the merge cannot be written (the journal stays)."""
        if self.read_only:
            return
        try:
            with self.locked():
                self.merge_journal()
        except OSError as error:
            reason = error.strerror or error
            raise StoreError(f"cannot merge into {self.path}: {reason}; the journal keeps every record") from None
        finally:
            self.journal.close()
