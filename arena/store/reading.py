"""Reading a database: the indexes for listings, one segment for a record, the journal for what is not merged yet."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arena.store.atomic import gc_paused
from arena.store.errors import short_reason
from arena.store.journal import Journal
from arena.store.segments import Segments, group_key, id_only
from arena.store.summaries import FIELD, MatchSummary, SummaryRows, summary_row
from arena.store.tables import GROUPS, MATCHES, SUMMARIZERS

if TYPE_CHECKING:
    from arena.match.records import MatchRecord


class StoreReading:
    """The reading half of a store: what a read-only view and a writer share."""

    path: Path
    folder: Path
    journal: Journal
    read_only: bool
    warnings: list[str]
    legacy_view: dict[str, list[dict[str, Any]]] | None

    def segments(self, table: str) -> Segments:
        return Segments(self.folder, table, SUMMARIZERS.get(table, id_only), GROUPS.get(table), self.warn)

    def warn(self, message: str) -> None:
        """Say something about the files once, however often it is met."""
        if message not in self.warnings:
            self.warnings.append(message)

    def spill_journals(self) -> list[Journal]:
        """Spill files other processes (or this one) left when the lock stayed taken."""
        return [Journal(p) for p in sorted(self.folder.glob("spill-*")) if not p.name.endswith(".rejected")]

    def pending(self, table: str) -> list[dict[str, Any]]:
        """Documents of a table still in the journal (recorded, not merged yet)."""
        if self.legacy_view is not None:
            return []
        found = []
        for journal in [*self.spill_journals(), self.journal]:
            found += [document for name, document in journal.read().entries(MATCHES) if name == table]
        return found

    def stamp(self) -> tuple[tuple[str, int, int], ...]:
        """Name, size and time of every file holding records: an equal stamp means the same recorded matches
        (a key for what is computed from them; the analysis cache and the lock are not records)."""
        found = []
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.folder):
                if entry.name.endswith(".json") or entry.name.startswith(("spill-", "journal")):
                    with contextlib.suppress(OSError):
                        stat = entry.stat()
                        found.append((entry.name, stat.st_size, stat.st_mtime_ns))
        return tuple(sorted(found))

    def holds(self, table: str) -> bool:
        """True if the table has any document, merged or still in the journal (no segment is read)."""
        if self.legacy_view is not None:
            return bool(self.legacy_view.get(table))
        return bool(self.segments(table).numbers()) or bool(self.pending(table))

    def read_segment(self, segments: Segments, number: int) -> list[dict[str, Any]]:
        """One segment's documents; a damaged one is reported and skipped."""
        try:
            return segments.read_documents(number)
        except ValueError as error:
            self.skipped(segments, number, error)
            return []

    def skipped(self, segments: Segments, number: int, error: ValueError) -> None:
        """Warn that a damaged segment's records are left out of what is read."""
        self.warnings.append(f"{segments.path(number)} cannot be read ({short_reason(error)}); its records are skipped")

    def documents_in(self, segment: int) -> list[dict[str, Any]]:
        """The match documents of one segment as `summary_rows` numbers them (0: the journal and legacy file)."""
        if segment:
            return self.read_segment(self.segments(MATCHES), segment)
        legacy = self.legacy_view.get(MATCHES, []) if self.legacy_view is not None else []
        return [*legacy, *self.pending(MATCHES)]

    def documents(self, table: str = MATCHES) -> Iterator[dict[str, Any]]:
        """Raw documents of a table, oldest first: merged ones, then those still in the journal."""
        seen: set[Any] = set()
        if self.legacy_view is not None:
            stored: Iterator[dict[str, Any]] = iter(self.legacy_view.get(table, []))
        else:
            segments = self.segments(table)
            stored = (d for number in segments.numbers() for d in self.read_segment(segments, number))
        for document in stored:
            if document.get("id") not in seen:
                seen.add(document.get("id"))
                yield document
        for document in self.pending(table):
            if document.get("id") not in seen:
                seen.add(document.get("id"))
                yield document

    def summary_rows(self) -> SummaryRows:
        """One index row per recorded match, oldest first, read from the indexes (no segment is opened)."""
        with gc_paused():
            return self.read_summary_rows()

    def tournament_rows(self, tournament: str) -> SummaryRows:
        """The index rows of one tournament's matches: only the segments holding some are read."""
        with gc_paused():
            table = self.read_summary_rows({group_key(tournament)})
        column = FIELD["tournament"]
        kept = [position for position, row in enumerate(table.rows) if row[column] == tournament]
        return SummaryRows([table.rows[p] for p in kept], [table.segments[p] for p in kept])

    def read_summary_rows(self, groups: set[str] | None = None) -> SummaryRows:
        """Index rows, oldest first: every segment's, or only those of segments holding one of these group keys."""
        table = SummaryRows([], [])
        if self.legacy_view is not None:
            table.rows = [summary_row(document) for document in self.legacy_view.get(MATCHES, [])]
            table.segments = [0] * len(table.rows)
        segments = self.segments(MATCHES)
        numbers = segments.numbers() if self.legacy_view is None else []
        if groups is not None:
            # An index that cannot be rebuilt: every segment is read below, and the damaged one skipped.
            with contextlib.suppress(ValueError):
                numbers = segments.holding(groups, numbers, repair=not self.read_only)
        for number in numbers:
            try:
                rows = segments.rows(number, repair=not self.read_only)
            except ValueError as error:  # an index that must be rebuilt from a damaged segment
                self.skipped(segments, number, error)
                continue
            table.rows.extend(rows)  # a merge never writes an id twice: no need to check each row
            table.segments.extend([number] * len(rows))
        pending = self.pending(MATCHES)
        if pending:  # recorded, not merged yet (or merged by a process killed before it cleared its journal)
            known = {row[0] for row in table.rows}
            for document in pending:
                if document.get("id") not in known:
                    known.add(document.get("id"))
                    table.rows.append(summary_row(document))
                    table.segments.append(0)
        return table

    def summaries(self) -> list[MatchSummary]:
        """One summary per recorded match, oldest first (see `summary_rows` for the cheap form)."""
        table = self.summary_rows()
        return [table.summary(position) for position in range(len(table))]

    def match(self, summary: MatchSummary) -> MatchRecord | None:
        """The full record of a listed match, read from its one segment (or the journal)."""
        if summary.segment and self.legacy_view is None:
            candidates = self.read_segment(self.segments(MATCHES), summary.segment)
        else:
            candidates = self.legacy_view.get(MATCHES, []) if self.legacy_view is not None else []
            candidates = [*candidates, *self.pending(MATCHES)]
        for document in candidates:
            if document.get("id") == summary.id:
                return self.validated(document)
        return None

    def validated(self, document: dict[str, Any]) -> MatchRecord | None:
        """A record from a document; one that does not fit the schema is reported in `warnings`."""
        from pydantic import ValidationError

        from arena.match.records import MatchRecord  # pydantic: imported by readers of whole records only

        try:
            return MatchRecord.model_validate(document)
        except ValidationError as error:
            self.warnings.append(
                f"match {document.get('id')!r} does not fit the record schema: {error.error_count()} error(s)"
            )
            return None

    def iter_matches(self) -> Iterator[MatchRecord]:
        """Every readable match record, oldest first, one segment in memory at a time."""
        for document in self.documents():
            record = self.validated(document)
            if record is not None:
                yield record

    def matches(self) -> list[MatchRecord]:
        """Every readable match record (all in memory: for small databases and tests)."""
        return list(self.iter_matches())

    def __len__(self) -> int:
        return len(self.summary_rows())
