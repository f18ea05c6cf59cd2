"""Analyses of every recorded match, computed once and kept in a cache file beside the database."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arena.analysis.moves import ANALYSIS_VERSION, DEFAULT_GRADE_BUDGET, MatchAnalysis, analyse
from arena.store import MatchStore
from arena.store.atomic import gc_paused, write_atomically
from arena.store.summaries import FIELD

CACHE_FILE = "analysis-cache.jsonl"
OLD_CACHE_FILE = "analysis-cache.json"  # one JSON document: parsing it held the GIL (and the app's keys) 120 ms


def cache_path(store: MatchStore) -> Path:
    return store.folder / CACHE_FILE


def read_cache(path: Path) -> dict[str, dict[str, Any]]:
    """Cached analyses by match id; an unreadable or outdated cache is simply recomputed.

    A line per match, each parsed on its own: a reading thread lets the app's event loop run between lines.
    """
    try:
        with gc_paused():
            lines = path.read_bytes().splitlines()
            if not lines or json.loads(lines[0]) != {"version": ANALYSIS_VERSION}:
                return {}
            entries = [json.loads(line) for line in lines[1:]]
            return {entry["id"]: entry["analysis"] for entry in entries}
    except (OSError, ValueError, TypeError, KeyError):
        return {}


def cache_bytes(cached: dict[str, dict[str, Any]]) -> bytes:
    """The cache file: a version line, then one line per match."""
    lines = [json.dumps({"version": ANALYSIS_VERSION})]
    lines.extend(json.dumps({"id": ident, "analysis": entry}, separators=(",", ":")) for ident, entry in cached.items())
    return ("\n".join(lines) + "\n").encode("utf-8")


def fresh(entry: dict[str, Any] | None, ended_at: str, budget: float) -> bool:
    """A cached analysis still holds: same record, and no grade left unknown under a smaller budget."""
    if entry is None or entry.get("ended_at") != ended_at:
        return False
    unknown = any(seat.get("unknown") for seat in entry.get("seats", []))
    return not unknown or float(entry.get("budget", 0.0)) >= budget


def analyse_store(
    store: MatchStore,
    keep: Callable[[list[Any]], bool] = lambda row: True,
    budget: float = DEFAULT_GRADE_BUDGET,
    on_progress: Callable[[int, int], None] | None = None,
) -> list[MatchAnalysis]:
    """Analyses of the recorded matches whose index rows `keep` accepts, oldest first; new ones are cached."""
    table = store.summary_rows()
    path = cache_path(store)
    cached = read_cache(path)
    ident, ended = FIELD["id"], FIELD["ended_at"]
    chosen = [i for i, row in enumerate(table.rows) if keep(row)]
    missing: dict[int, set[str]] = {}
    for i in chosen:
        row = table.rows[i]
        if not fresh(cached.get(row[ident]), row[ended], budget):
            missing.setdefault(table.segments[i], set()).add(row[ident])
    total = sum(len(ids) for ids in missing.values())
    done = 0
    for segment, ids in sorted(missing.items()):
        for document in store.documents_in(segment):
            if document.get("id") in ids:
                try:
                    cached[document["id"]] = analyse(document, budget).as_json()
                except (ValueError, KeyError, TypeError, AttributeError) as error:
                    store.warnings.append(f"match {document.get('id')!r} cannot be analysed: {error}")
                done += 1
                if on_progress is not None:
                    on_progress(done, total)
    if total:
        try:
            write_atomically(path, cache_bytes(cached))
            (store.folder / OLD_CACHE_FILE).unlink(missing_ok=True)
        except OSError as error:
            store.warnings.append(f"cannot write the analysis cache {path}: {error.strerror or error}")
    with gc_paused():
        return [MatchAnalysis.from_json(cached[row[ident]]) for i in chosen if (row := table.rows[i])[ident] in cached]
