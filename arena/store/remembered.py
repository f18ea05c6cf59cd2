"""What a process remembers of each segment file (its ids, group values, quick text reading), kept until the file
changes size or modification time: a long-lived writer checks every id without re-reading old indexes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

Known = TypeVar("Known")

# (folder, table, segment) -> (file size, mtime, ids): a merge checks every id without re-reading old indexes.
SEGMENT_IDS: dict[tuple[str, str, int], tuple[int, int, frozenset[Any]]] = {}
# The same for the group values a segment holds.
SEGMENT_GROUPS: dict[tuple[str, str, int], tuple[int, int, frozenset[str]]] = {}
# The same for the ids a quick reading of a segment's text finds (see crosscheck).
SEGMENT_TEXT_IDS: dict[tuple[str, str, int], tuple[int, int, list[bytes]]] = {}


def remembered(
    cache: dict[tuple[str, str, int], tuple[int, int, Known]],
    key: tuple[str, str, int],
    path: Path,
    compute: Callable[[], Known],
) -> Known:
    """`compute()` for a segment file, kept in `cache` until the file's size or modification time changes."""
    stat = path.stat()
    known = cache.get(key)
    if known is not None and known[:2] == (stat.st_size, stat.st_mtime_ns):
        return known[2]
    value = compute()
    cache[key] = (stat.st_size, stat.st_mtime_ns, value)
    return value
