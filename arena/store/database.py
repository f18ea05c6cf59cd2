"""The arena database: a folder of TinyDB segment files with an index, fed by a journal under a file lock.

A finished match (or a quiz answer, or a model call) is appended to `journal` in the folder (one
fsynced line, flat cost, written under the lock). Closing the store merges the journal into the
newest segment of its table in one atomic write and appends the summary rows to that segment's
index. Opening costs the same whatever the history holds: it merges what a killed process left
in the journal and removes the temp files of writers killed mid-write, nothing more. Listings
read the indexes; a full record is read from its one segment. A kill -9 at any moment loses no
acknowledged record: the journal is replayed at the next start, documents already merged are
skipped by id. Journal lines are `{"table": ..., "document": ...}`.
"""

from __future__ import annotations

import json
import os
from contextlib import AbstractContextManager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from arena.store.atomic import write_atomically
from arena.store.errors import NoDatabase, StoreError, StoreLocked, set_aside, short_reason
from arena.store.journal import Journal
from arena.store.layout import FORMAT, OWN_NAMES, SEGMENT_NAME, Layout, legacy_tables, locate, read_marker
from arena.store.legacy import legacy_documents
from arena.store.locking import FolderLock
from arena.store.reading import StoreReading
from arena.store.segments import Prepared, group_key
from arena.store.tables import MATCHES, record_items

if TYPE_CHECKING:
    from arena.match.records import MatchRecord

LOCK_TIMEOUT = 30.0
MERGE_EVERY = 1000  # records journalled before they are merged into a segment while the store is open


class MatchStore(StoreReading):
    """Records finished matches durably and reads them back."""

    def __init__(self, path: str | Path, lock_timeout: float = LOCK_TIMEOUT, read_only: bool = False) -> None:
        """Open (creating it if needed) a database; `read_only` views it without the lock and never writes."""
        self.path = Path(path)
        try:  # a name too long for the file system, a path through a file
            self.layout: Layout = locate(self.path)
            self.folder = self.layout.folder
            self.check_places()
        except OSError as error:
            raise StoreError(f"cannot use {self.path}: {error.strerror or error}") from None
        self.read_only = read_only
        self.journal = Journal(self.folder / "journal")
        self.lock = FolderLock(self.folder / "lock", self.path, lock_timeout)
        self.warnings: list[str] = []
        self.spill: Journal | None = None
        self.unmerged = 0  # records this process journalled since its last merge
        self.legacy_view: dict[str, list[dict[str, Any]]] | None = None
        if read_only:
            if not self.folder.exists() and self.layout.legacy is None:
                raise NoDatabase(f"no database at {self.path}: nothing has been recorded there (--db names another)")
            if read_marker(self.layout) is None and self.layout.legacy is not None:
                self.legacy_view = self.read_legacy(self.layout.legacy)
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            with self.locked():
                self.remove_stale_temps()
                marker = read_marker(self.layout)
                if marker is None and any(SEGMENT_NAME.match(p.name) for p in self.folder.iterdir()):
                    self.warnings.append(f"{self.layout.marker.name} was missing or damaged: rewritten")
                if marker is None or marker.get("migrating"):
                    self.create()
                self.merge_journal()
        except OSError as error:
            raise StoreError(f"cannot use {self.path}: {error.strerror or error}") from None

    def __enter__(self) -> MatchStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def check_places(self) -> None:
        """StoreError for a path that is someone else's: a foreign file, or a folder with other things in it."""
        legacy = self.layout.legacy
        if legacy is not None:
            try:
                with open(legacy, "rb") as handle:
                    start = handle.read(4096).lstrip()
            except OSError as error:
                raise StoreError(f"cannot read {legacy}: {error.strerror or error}") from None
            if start and not start.startswith(b"{"):
                raise StoreError(f"{legacy} is not an arena database (it does not hold JSON); choose another --db")
            if start and not legacy_tables(legacy, start):
                raise StoreError(f"{legacy} is a JSON file that is not an arena database; choose another --db")
        folder = self.folder
        if folder.exists() and not folder.is_dir():
            raise StoreError(f"{folder} is a file, not an arena database folder; choose another --db")
        if folder.is_dir() and read_marker(self.layout) is None:
            try:
                others = [p.name for p in folder.iterdir() if not OWN_NAMES.match(p.name)]
            except OSError as error:
                raise StoreError(f"cannot read {folder}: {error.strerror or error}") from None
            if others:
                raise StoreError(f"{folder} is a folder that is not an arena database; choose another --db")

    def locked(self) -> AbstractContextManager[None]:
        """Hold the cross-process lock; StoreError if another process keeps it too long."""
        return self.lock.held()

    def remove_stale_temps(self) -> None:
        """Under the lock no one is writing: any temp file here was left by a writer killed mid-write."""
        stale = [p for p in self.folder.glob(".*.tmp") if p.is_file()]
        for path in stale:
            path.unlink(missing_ok=True)
        if stale:
            self.warnings.append(f"removed {len(stale)} temp file(s) left in {self.folder} by killed writers")

    def create(self) -> None:
        """Mark the folder as a database, moving in the old single-file database if there is one."""
        legacy = self.layout.legacy
        done = json.dumps({"format": FORMAT, "version": 1}).encode()
        if legacy is None:
            write_atomically(self.layout.marker, done)
            return
        # Marked as migrating first: a migration cut short is run again (documents already moved are skipped).
        write_atomically(self.layout.marker, json.dumps({"format": FORMAT, "version": 1, "migrating": True}).encode())
        tables = self.read_legacy(legacy)
        if tables is None:  # unreadable: set aside, as ever; the new folder starts empty
            write_atomically(self.layout.marker, done)
            return
        counts = {
            name: self.segments(name).add([self.segments(name).prepare(d) for d in documents])
            for name, documents in tables.items()
            if documents
        }
        write_atomically(self.layout.marker, done)
        total = counts.get(MATCHES, 0)
        others = sum(counts.values()) - total
        self.warnings.append(
            f"moved {total} match(es) and {others} other record(s) from {legacy} into the folder {self.folder}; "
            f"{legacy.name} is kept as it was and no longer written"
        )

    def read_legacy(self, legacy: Path) -> dict[str, list[dict[str, Any]]] | None:
        """Every document of an old single-file database and its journals; None if it cannot be read."""
        try:
            return legacy_documents(legacy)
        except (ValueError, UnicodeDecodeError) as error:
            if self.read_only:
                why = short_reason(error)
                raise StoreError(f"{legacy} cannot be read ({why}); `arena --batch` sets it aside") from None
            aside = set_aside(legacy)
            self.warnings.append(f"{legacy} could not be read ({short_reason(error)}); moved aside to {aside.name}")
            return None

    def merge_quietly(self) -> None:
        """Merge now if possible; if not, the journal keeps every record and the merge is tried again later."""
        try:
            self.merge_journal()
        except OSError as error:
            self.unmerged = 0
            reason = error.strerror or error
            warning = f"cannot merge into {self.folder} yet ({reason}); the journal keeps every record"
            if warning not in self.warnings:
                self.warnings.append(warning)

    def merge_journal(self) -> int:
        """Move journalled (and spilled) records into the segments; returns how many were new."""
        self.unmerged = 0
        if self.spill is not None:
            self.spill.close()
            self.spill = None
        spills = self.spill_journals()
        fresh_count = sum(self.merge_one(spill) for spill in spills)
        for spill in spills:
            spill.path.unlink(missing_ok=True)
        return fresh_count + self.merge_one(self.journal)

    def merge_one(self, journal: Journal) -> int:
        """Merge one journal into the segments of its tables and empty it."""
        contents = journal.contents()
        if contents.unreadable:
            rejected = journal.path.with_name(journal.path.name + ".rejected")
            with open(rejected, "ab") as handle:
                handle.writelines(line if line.endswith(b"\n") else line + b"\n" for line in contents.unreadable)
            self.warnings.append(
                f"{len(contents.unreadable)} unreadable journal line(s) (a process killed mid-write) "
                f"kept in {rejected.name}"
            )
        if not contents.documents and not contents.unreadable and not contents.kept:
            return 0
        by_table: dict[str, list[Prepared]] = {}
        for item in contents.kept or []:  # this process's own records: already encoded and summarised
            by_table.setdefault(item.table, []).append(item)
        for table, document in contents.entries(MATCHES):
            by_table.setdefault(table, []).append(self.segments(table).prepare(document))
        fresh_count = sum(self.add_to_segments(name, items) for name, items in by_table.items())
        journal.clear()
        return fresh_count

    def add_to_segments(self, table: str, items: list[Prepared]) -> int:
        """Add documents to a table's segments; a damaged newest segment is set aside and a new one begun."""
        segments = self.segments(table)
        try:
            return segments.add(items)
        except ValueError as error:
            newest = segments.numbers()[-1]
            aside = set_aside(segments.path(newest))
            segments.index_path(newest).unlink(missing_ok=True)
            segments.groups_path(newest).unlink(missing_ok=True)
            why = short_reason(error)
            self.warnings.append(f"{segments.path(newest)} could not be read ({why}); moved aside to {aside.name}")
            return segments.add(items)

    def append(self, table: str, document: dict[str, Any]) -> None:
        """Record one document (it must carry a unique `id`); durable when this returns, StoreError if it cannot be."""
        self.append_many(table, [document])

    def append_many(self, table: str, documents: list[dict[str, Any]]) -> None:
        """Record documents with one lock and one fsync; all are durable when this returns."""
        self.append_prepared([self.segments(table).prepare(document) for document in documents])

    def append_prepared(self, items: list[Prepared]) -> None:
        """Record prepared documents with one lock and one fsync; all are durable when this returns."""
        if self.read_only:
            raise StoreError(f"{self.path} was opened for viewing only")
        lines = [
            b'{"table":' + json.dumps(item.table).encode() + b',"document":' + item.encoded + b"}" for item in items
        ]
        try:
            with self.locked():
                self.journal.append_many(items, lines)
                self.unmerged += len(items)
                if self.unmerged >= MERGE_EVERY:  # a long run keeps its journal (and its merge) small
                    self.merge_quietly()
        except StoreLocked:
            # Never drop a finished record: keep it in this process's own spill file, merged at the next open.
            if self.spill is None:
                self.spill = Journal(self.folder / f"spill-{os.getpid()}")
                self.warnings.append(f"the database stayed locked; records wait in {self.spill.path.name}")
            try:
                self.spill.append_many(items, lines)
            except OSError as error:
                raise StoreError(f"cannot record to {self.spill.path}: {error.strerror or error}") from None
        except OSError as error:
            raise StoreError(f"cannot record to {self.journal.path}: {error.strerror or error}") from None

    def add(self, record: MatchRecord) -> None:
        """Record one finished match; durable when this returns."""
        self.add_many([record])

    def add_many(self, records: list[MatchRecord]) -> None:
        """Record finished matches with one lock and one fsync (group commit); durable when this returns.

        pydantic encodes a record to JSON several times faster than it builds the dict json would need.
        """
        self.append_prepared(record_items(records))

    def add_new(self, items: list[Prepared]) -> int:
        """Store what no one has stored yet (one table's), under the lock: two imports at once never both count one."""
        if self.read_only:
            raise StoreError(f"{self.path} was opened for viewing only")
        try:
            with self.locked():
                self.merge_journal()
                return self.add_to_segments(items[0].table, items) if items else 0
        except OSError as error:
            raise StoreError(f"cannot write to {self.folder}: {error.strerror or error}") from None

    def remove_matches(self, ids: set[str], tournament: str | None = None) -> int:
        """Delete these matches (of this tournament, if given: only its segments are read); returns how many.

        A resumed tournament replays its failed matches under the same ids.
        """
        if self.read_only:
            raise StoreError("this database was opened read-only")
        try:
            with self.locked():
                self.merge_journal()
                groups = None if tournament is None else {group_key(tournament)}
                return self.segments(MATCHES).remove(set(ids), groups)
        except OSError as error:
            raise StoreError(f"cannot write to {self.folder}: {error.strerror or error}") from None

    def close(self) -> None:
        """Merge the journal and release files; StoreError if the merge cannot be written (the journal stays)."""
        if self.read_only:
            return
        try:
            with self.locked():
                self.merge_journal()
        except OSError as error:
            reason = error.strerror or error
            raise StoreError(f"cannot merge into {self.folder}: {reason}; the journal keeps every record") from None
        finally:
            self.journal.close()
