"""The published-vs-recomputed rows kept beside the store (`comparisons-cache.json`), so a report over imported
games does not read and decode every match again: valid while the tables they are made from are the same files
(names, sizes and modification times) and the rules that made them the same (RULES)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from arena.imports.comparison import Comparison
from arena.store import MatchStore
from arena.store.atomic import write_atomically

CACHE_FILE = "comparisons-cache.json"
RULES = 1  # raised whenever the comparisons are made differently: every cached row is made again
TABLES = ("matches-", "published-", "task_sessions-", "task_answers-")


def fingerprint(folder: Path) -> list[list[Any]]:
    """The files of the tables the comparisons read: name, size, modification time (ns)."""
    found = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith(TABLES) and path.name.endswith(".json"):
            with contextlib.suppress(OSError):
                stat = path.stat()
                found.append([path.name, stat.st_size, stat.st_mtime_ns])
    return found


def cached_comparisons(store: MatchStore, key: list[Any], make: Callable[[], list[Comparison]]) -> list[Comparison]:
    """The rows for `key` (the filters) from the cache when the store's tables are unchanged, else made and kept."""
    path = store.folder / CACHE_FILE
    stamp = {"rules": RULES, "key": key, "files": fingerprint(store.folder)}
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        entries = kept["entries"] if kept.get("files") == stamp["files"] and kept.get("rules") == RULES else []
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        entries = []
    for entry in entries:
        if isinstance(entry, dict) and entry.get("key") == key:
            with contextlib.suppress(TypeError, ValueError, KeyError):
                return [from_json(row) for row in entry["rows"]]
    rows = make()
    entries = [*[e for e in entries if isinstance(e, dict)][-7:], {"key": key, "rows": [asdict(row) for row in rows]}]
    if fingerprint(store.folder) == stamp["files"]:  # nothing was written meanwhile
        with contextlib.suppress(OSError):
            write_atomically(path, json.dumps({"rules": RULES, "files": stamp["files"], "entries": entries}).encode())
    return rows


def from_json(row: dict[str, Any]) -> Comparison:
    """A cached row (its tuples read back from lists)."""
    return Comparison(
        paper=row["paper"],
        game=row["game"],
        group=row["group"],
        player=row["player"],
        metrics=tuple(row["metrics"]),
        published=tuple(row["published"]),
        recomputed=tuple(row["recomputed"]),
        judged=tuple(row["judged"]),
        why=row["why"],
    )
