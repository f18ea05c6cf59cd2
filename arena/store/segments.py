"""The segment files of one table: TinyDB files of bounded size, each with a small index beside it.

`matches-000001.json` is a TinyDB file holding up to SEGMENT_DOCUMENTS documents (fewer when
they pass SEGMENT_BYTES); `matches-000001.index.json` holds one summary row per document, so
listings never open a segment. A table with a group column (the tournament of a match) also keeps
`matches-000001.groups.json`: how many of the segment's rows hold each group value, so finding one
tournament's matches or checking its ids reads only the indexes of the segments that hold it.
A segment is written before its index and groups; only the newest segment can have an index that
is behind (a writer killed between the two). Every index and groups file is checked against its segment when read
(arena.store.crosscheck) and rebuilt from the segment when it disagrees.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb import TinyDB

from arena.store.atomic import AtomicJSONStorage, no_number, write_atomically
from arena.store.crosscheck import EmptySegment, documents_of, groups_agree, index_ids, regular_file, text_ids
from arena.store.errors import set_aside
from arena.store.remembered import SEGMENT_GROUPS, SEGMENT_IDS, SEGMENT_TEXT_IDS, remembered

SEGMENT_DOCUMENTS = 1000
SEGMENT_BYTES = 8 * 2**20  # a merge rewrites the newest segment: its size bounds the cost of a close

Summarizer = Callable[[dict[str, Any]], list[Any]]


def id_only(document: dict[str, Any]) -> list[Any]:
    """The index row of tables that need no more than the id."""
    return [document.get("id")]


@dataclass(frozen=True, slots=True)
class Prepared:
    """A document ready to be stored: its table, id, JSON text and index row."""

    table: str
    id: Any
    encoded: bytes
    row: list[Any]


@dataclass
class SegmentIndex:
    """An index file: one row per document, and the size its segment had when the rows were written."""

    segment_bytes: int
    rows: list[list[Any]]


def group_key(value: Any) -> str:
    """A group value as a key of a groups file (JSON text: None and "null" stay apart)."""
    return json.dumps(value)


class Segments:
    """Every segment of one table in a database folder."""

    def __init__(
        self,
        folder: Path,
        table: str,
        summarize: Summarizer,
        group: int | None = None,
        warn: Callable[[str], None] | None = None,
    ) -> None:
        self.folder = folder
        self.warn = warn or (lambda message: None)  # where a rebuilt or set-aside file is said
        self.table = table
        self.summarize = summarize
        self.group = group  # the index column documents are grouped by (None: no groups file)
        self.pattern = re.compile(rf"^{re.escape(table)}-(\d{{6}})\.json$")

    def numbers(self, taken: bool = False) -> list[int]:
        """Segment numbers on disk, oldest first (with `taken`, also the names held by something else)."""
        found: list[int] = []
        if not self.folder.is_dir():
            return found  # a read-only view of a store nobody has created yet: empty
        for path in self.folder.iterdir():
            match = self.pattern.match(path.name)
            if not match:
                continue
            regular = regular_file(path)
            if not regular:
                self.warn(f"{path} is not a file (a folder, a pipe or a broken link): skipped")
            if regular or taken:
                found.append(int(match.group(1)))
        return sorted(found)

    def path(self, number: int) -> Path:
        return self.folder / f"{self.table}-{number:06d}.json"

    def index_path(self, number: int) -> Path:
        return self.folder / f"{self.table}-{number:06d}.index.json"

    def groups_path(self, number: int) -> Path:
        return self.folder / f"{self.table}-{number:06d}.groups.json"

    def group_of(self, row: list[Any]) -> str:
        """The group key of an index row (rows written before a column existed are padded with None)."""
        assert self.group is not None
        return group_key(row[self.group] if len(row) > self.group else None)

    def database(self, number: int) -> TinyDB:
        """A TinyDB handle on one segment (its reads raise ValueError when the file is damaged)."""
        return TinyDB(self.path(number), storage=AtomicJSONStorage)

    def read_documents(self, number: int) -> list[dict[str, Any]]:
        """The documents of one segment, in the order they were written (ValueError: damaged; EmptySegment)."""
        return documents_of(AtomicJSONStorage(self.path(number)).read(), self.table)

    def read_index(self, number: int) -> SegmentIndex | None:
        """A segment's index if it is readable and up to date with its segment, else None."""
        data = self.read_stamped(self.index_path(number), number)
        if data is None:
            return None
        rows = data.get("rows")
        if not isinstance(rows, list) or not all(isinstance(row, list) and row for row in rows):
            return None
        return SegmentIndex(int(data["segment_bytes"]), rows)

    def read_stamped(self, path: Path, number: int) -> dict[str, Any] | None:
        """A file written beside a segment (its index or groups), if readable and stamped with the segment's
        present size; else None. A segment only changes size when rewritten, so another stamp is behind it."""
        try:
            data = json.loads(path.read_bytes(), parse_constant=no_number)
            if not isinstance(data, dict) or int(data["segment_bytes"]) != self.path(number).stat().st_size:
                return None
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            return None
        return data

    def write_stamped(self, path: Path, size: int, name: str, value: Any) -> None:
        """Write a file beside a segment holding `value` under `name`, stamped with the segment's size."""
        data = {"table": self.table, "segment_bytes": size, name: value}
        write_atomically(path, json.dumps(data, separators=(",", ":")).encode("utf-8"))

    def write_index(self, number: int, rows: list[list[Any]]) -> None:
        """Write a segment's index, stamped with the segment's present size."""
        size = self.path(number).stat().st_size
        self.write_stamped(self.index_path(number), size, "rows", rows)
        if self.group is not None:
            self.write_groups(number, size, rows)

    def write_groups(self, number: int, size: int, rows: list[list[Any]]) -> None:
        """Write how many of a segment's rows hold each group value, stamped with the segment's size."""
        counts: dict[str, int] = {}
        for row in rows:
            key = self.group_of(row)
            counts[key] = counts.get(key, 0) + 1
        self.write_stamped(self.groups_path(number), size, "groups", counts)

    def read_groups(self, number: int, repair: bool) -> frozenset[str]:
        """The group keys a segment holds, from its groups file, or its index rows if that is missing or behind."""
        data = self.read_stamped(self.groups_path(number), number)
        rows = self.rows(number, repair=repair)
        if data is not None and groups_agree(data.get("groups"), rows, self.group_of):
            return frozenset(data["groups"])
        if data is not None:
            self.warn(f"{self.groups_path(number)} disagreed with its index; rebuilt from it")
        if repair and self.path(number).exists():
            self.write_groups(number, self.path(number).stat().st_size, rows)
        return frozenset(self.group_of(row) for row in rows)

    def groups_in(self, number: int, repair: bool = True) -> frozenset[str]:
        """The group keys a segment holds, remembered per process until the segment's file changes."""
        key = (str(self.folder), self.table, number)
        return remembered(SEGMENT_GROUPS, key, self.path(number), lambda: self.read_groups(number, repair))

    def holding(self, keys: set[str], numbers: list[int], repair: bool = True) -> list[int]:
        """The segments (of `numbers`) holding a document of one of these group keys; all of them without groups."""
        if self.group is None:
            return numbers
        return [number for number in numbers if not keys.isdisjoint(self.groups_in(number, repair))]

    def rows(self, number: int, repair: bool = True) -> list[list[Any]]:
        """A segment's index rows, checked against the segment; a missing, stale or lying index is rebuilt from the
        segment (written back if `repair`). An empty or wrong-table segment is set aside (if `repair`): no rows."""
        index = self.read_index(number)
        if index is not None and self.index_agrees(number, index.rows):
            return index.rows
        try:
            rows = [self.summarize(document) for document in self.read_documents(number)]
        except EmptySegment as error:
            if not repair:
                raise
            self.set_aside(number, str(error))
            return []
        if index is not None:
            self.warn(
                f"{self.index_path(number)} disagreed with its segment ({len(index.rows)} rows for {len(rows)}"
                " documents); rebuilt from the segment"
            )
        if repair:
            self.write_index(number, rows)
        return rows

    def index_agrees(self, number: int, rows: list[list[Any]]) -> bool:
        """Whether index rows name the segment's documents, in order (the segment's text is read, quickly)."""
        key = (str(self.folder), self.table, number)
        path = self.path(number)
        if remembered(SEGMENT_TEXT_IDS, key, path, lambda: text_ids(path.read_bytes())) == index_ids(rows):
            return True
        return [row[0] for row in rows] == [document.get("id") for document in self.read_documents(number)]

    def set_aside(self, number: int, reason: str) -> None:
        """Move an empty or wrong segment and the files beside it out of the table, saying so."""
        aside = set_aside(self.path(number))
        for beside in (self.index_path(number), self.groups_path(number)):
            if beside.exists():
                set_aside(beside)
        self.warn(f"{self.path(number)} set aside as {aside.name}: {reason}")

    def ids_in(self, number: int) -> frozenset[Any]:
        """The ids a segment holds, remembered per process until the segment's file changes."""
        key = (str(self.folder), self.table, number)
        return remembered(SEGMENT_IDS, key, self.path(number), lambda: frozenset(r[0] for r in self.rows(number)))

    def all_ids(self, numbers: list[int]) -> set[Any]:
        """Every id stored in the table: another process may have merged the same match anywhere, not only last."""
        ids: set[Any] = set()
        for number in numbers:
            ids |= self.ids_in(number)
        return ids

    def prepare(self, document: dict[str, Any]) -> Prepared:
        """A parsed document made ready to store."""
        encoded = json.dumps(document, separators=(",", ":")).encode("utf-8")
        return Prepared(self.table, document.get("id"), encoded, self.summarize(document))

    def add(self, items: list[Prepared]) -> int:
        """Append documents whose ids no segment holds yet, filling the newest segment; returns how many."""
        numbers = self.numbers()
        # Every segment that could hold one of these ids: a lagging process must never store a match twice.
        # A document stored before is the same document, so it sits in a segment holding its group.
        groups = {self.group_of(item.row) for item in items} if self.group is not None else set()
        known = self.all_ids(self.holding(groups, numbers))
        fresh = []
        for item in items:
            if item.id not in known:
                known.add(item.id)
                fresh.append(item)
        added = len(fresh)
        taken = self.numbers(taken=True)
        number = numbers[-1] if numbers and numbers[-1] == taken[-1] else taken[-1] + 1 if taken else 1
        while fresh:
            full = self.path(number).exists() and self.path(number).stat().st_size >= SEGMENT_BYTES
            rows = [] if full or not self.path(number).exists() else self.rows(number)
            room = SEGMENT_DOCUMENTS - len(rows)
            if full or room <= 0:
                number += 1
                continue
            chunk, fresh = fresh[:room], fresh[room:]
            self.write_segment(number, len(rows), chunk)
            self.write_index(number, rows + [item.row for item in chunk])
        return added

    def remove(self, ids: set[Any], groups: set[str] | None = None) -> int:
        """Take the documents with these ids (of these group keys, if given) out of their segments; returns how many.

        Each segment that holds one is rewritten whole.
        """
        removed = 0
        numbers = self.numbers()
        for number in numbers if groups is None else self.holding(groups, numbers):
            if not any(row[0] in ids for row in self.rows(number)):
                continue
            kept = [d for d in self.read_documents(number) if d.get("id") not in ids]
            removed += len(self.rows(number)) - len(kept)
            items = [self.prepare(document) for document in kept]
            body = b",".join(b'"%d":%s' % (offset + 1, item.encoded) for offset, item in enumerate(items))
            write_atomically(self.path(number), b'{"' + self.table.encode("utf-8") + b'":{' + body + b"}}")
            self.write_index(number, [item.row for item in items])
        return removed

    def write_segment(self, number: int, stored: int, chunk: list[Prepared]) -> None:
        """Add documents to a segment that holds `stored` of them, as TinyDB would store them (ids 1, 2, ...).

        The documents are already JSON: they are spliced into the file's text rather than parsed and
        encoded again. A segment whose text does not end as expected goes through TinyDB instead.
        """
        path = self.path(number)
        entries = b",".join(b'"%d":%s' % (stored + offset + 1, item.encoded) for offset, item in enumerate(chunk))
        old = path.read_bytes() if stored else b""
        head = b'{"' + self.table.encode("utf-8") + b'":{'
        if not stored:
            write_atomically(path, head + entries + b"}}")
        elif old.startswith(head) and old.endswith(b"}}"):
            write_atomically(path, old[:-2] + b"," + entries + b"}}")
        else:
            with self.database(number) as db:
                db.table(self.table).insert_multiple([json.loads(item.encoded) for item in chunk])
