"""An append-only, fsynced journal of finished records: each line is one JSON document."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class JournalContents:
    """What a journal held: whole documents, and lines that could not be read."""

    documents: list[dict[str, Any]] = field(default_factory=list)
    unreadable: list[bytes] = field(default_factory=list)


class Journal:
    """Appends one line per document with a single write and an fsync: the cost of a record stays flat."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None

    def append(self, document: dict[str, Any]) -> None:
        """Write one document durably; a process killed mid-write leaves at most a torn last line."""
        if self.fd is None:
            self.fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        data = (json.dumps(document, separators=(",", ":")) + "\n").encode("utf-8")
        view = memoryview(data)
        while view:
            written = os.write(self.fd, view)
            view = view[written:]
        os.fsync(self.fd)

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
                document = json.loads(line)
                if not isinstance(document, dict):
                    raise ValueError("not an object")
                contents.documents.append(document)
            except ValueError:
                contents.unreadable.append(line)
        return contents

    def clear(self) -> None:
        """Empty the journal once its documents are safely in the database."""
        self.close()
        with open(self.path, "wb") as handle:
            os.fsync(handle.fileno())

    def close(self) -> None:
        """Release the file descriptor."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
