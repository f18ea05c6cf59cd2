"""An append-only, fsynced journal of finished records: each line is one JSON document."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena.store.atomic import no_number

TABLE_NAME = re.compile(r"[a-z][a-z_]{0,40}")  # the names segment files are made from


@dataclass
class JournalContents:
    """What a journal held: whole documents, and lines that could not be read."""

    documents: list[dict[str, Any]] = field(default_factory=list)
    unreadable: list[bytes] = field(default_factory=list)
    kept: list[Any] | None = None  # the writer's own items for its lines, when the file is exactly what it wrote

    def entries(self, default_table: str) -> Iterator[tuple[str, dict[str, Any]]]:
        """(table, document) of every whole line (`read` has checked that each document is an object)."""
        for entry in self.documents:
            yield str(entry.get("table", default_table)), entry.get("document", {})


class Journal:
    """Appends one line per document with a single write and an fsync: the cost of a record stays flat."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None
        # What this process wrote since the journal was last emptied: while the file holds exactly these
        # bytes, nobody else wrote to it, and a merge takes the documents without parsing them again.
        self.written: list[Any] = []
        self.written_bytes: bytearray | None = None

    def append_many(self, documents: list[Any], lines: list[bytes]) -> None:
        """Write lines durably (one JSON object each, no newline) with one write and one fsync, under the store's lock.

        `documents` are whatever the caller wants back from `contents()` for these lines. A writer
        that failed mid-line (killed, or out of disk) leaves a torn last line; the next append first
        ends that line, so the fragment is set aside alone and these records stay whole.
        """
        if self.fd is None:
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        data = b"\n".join(lines) + b"\n"
        size = os.fstat(self.fd).st_size
        if size and os.pread(self.fd, 1, size - 1) != b"\n":
            data = b"\n" + data
        view = memoryview(data)
        try:
            while view:
                written = os.write(self.fd, view)
                view = view[written:]
            os.fsync(self.fd)
        except OSError:
            os.ftruncate(self.fd, size)  # take back a partial line (a full disk): the journal stays whole
            raise
        if size == 0:
            self.written, self.written_bytes = [], bytearray()
        if self.written_bytes is not None and size == len(self.written_bytes):
            self.written.extend(documents)
            self.written_bytes += data
        else:
            self.written, self.written_bytes = [], None

    def contents(self) -> JournalContents:
        """What the journal holds: this process's own copy if the file is byte for byte what it wrote, else `read()`."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            raw = b""
        if self.written_bytes is not None and raw == self.written_bytes:
            return JournalContents(kept=list(self.written))
        return self.read()

    def read(self) -> JournalContents:
        """Every whole line that parses; the rest kept aside as raw bytes."""
        contents = JournalContents()
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return contents
        for line in raw.splitlines(keepends=True):
            if not line.strip():
                continue
            try:
                if not line.endswith(b"\n"):
                    raise ValueError("torn line")
                document = json.loads(line, parse_constant=no_number)
                if not isinstance(document, dict) or not isinstance(document.get("document", {}), dict):
                    raise ValueError("not an object")
                if not TABLE_NAME.fullmatch(str(document.get("table", "matches"))):
                    raise ValueError("not a table name")  # `../escaped` would be a path out of the store
                contents.documents.append(document)
            except (ValueError, RecursionError):
                contents.unreadable.append(line)
        return contents

    def clear(self) -> None:
        """Empty the journal once its documents are safely in the database."""
        self.close()
        with open(self.path, "wb") as handle:
            os.fsync(handle.fileno())
        self.written, self.written_bytes = [], bytearray()

    def close(self) -> None:
        """Release the file descriptor."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
