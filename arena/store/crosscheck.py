"""Index and groups files checked against their segment when read: a file that disagrees is rebuilt, never trusted.

The check reads the segment's text, not its JSON: each document is stored as `"n":{"id":...` with n = 1, 2, ...,
so the ids can be picked out in one forward pass (milliseconds for a full segment). Only when that quick reading
and the index differ is the segment parsed, to tell a lying index from a document the quick reading cannot follow.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any


class EmptySegment(ValueError):
    """A segment file that is empty or holds no document of its table: its place is taken by nothing."""


def regular_file(path: Path) -> bool:
    """Whether a path is a file (a folder, a pipe, a broken link or a loop of links is not)."""
    try:
        return path.is_file()
    except OSError:
        return False


def text_ids(text: bytes) -> list[bytes]:
    """The JSON text of each document's id in stored order, as far as documents begin with their id."""
    found: list[bytes] = []
    position = 0
    while True:
        key = b'"%d":{"id":' % (len(found) + 1)
        at = text.find(key, position)
        if at < 0:
            return found
        start = at + len(key)
        end = text.find(b',"', start)
        if end < 0:
            return found
        found.append(text[start:end])
        position = end


def index_ids(rows: list[list[Any]]) -> list[bytes]:
    """The ids of index rows as the segment's text writes them."""
    return [json.dumps(row[0]).encode("utf-8") for row in rows]


def groups_agree(counts: Any, rows: list[list[Any]], group_of: Callable[[list[Any]], str]) -> bool:
    """Whether a groups file counts exactly the group values of the index rows."""
    return isinstance(counts, dict) and Counter(counts) == Counter(group_of(row) for row in rows)


def documents_of(data: dict[str, Any] | None, table: str) -> list[dict[str, Any]]:
    """A segment's documents in stored order; EmptySegment when the file is empty or holds another table."""
    if not data:
        raise EmptySegment("the file is empty")
    if table not in data:
        raise EmptySegment(f"it holds no {table} table (it holds {', '.join(sorted(data))[:60]})")
    return [dict(document) for document in data[table].values()]
