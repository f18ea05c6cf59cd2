"""The replay viewer's match files, made a segment of the store at a time: in this process, or for many matches
in worker processes (replaying every move for its frames is most of a big site's time).

A chunk never spans two segments, so a worker reads each segment once; chunks are numbered in the store's order
before any is made, so the files are the same whichever worker makes which.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from arena.analysis.cache import cache_path, move_rows_text
from arena.report.site.frames import match_frames
from arena.report.site.texts import script_data, shared_texts
from arena.store import MatchStore
from arena.store.summaries import FIELD

CHUNK = 250  # matches per replay data file: a page loads only the file of the match it shows
PARALLEL_FROM = 2_000  # matches below which starting workers costs more than it saves

# A segment's chunks: (segment, number of its first chunk, the ids of each chunk in the store's order)
Task = tuple[str, int, int, list[list[str]]]
# What a task makes: per chunk (number, ids made, file text); each match's longest reasoning; problems
Made = tuple[list[tuple[int, list[str], str]], dict[str, int], list[str]]


def plan(store: MatchStore, wanted: set[str]) -> list[Task]:
    """Every segment's chunks of the wanted matches (each match once, where the store first holds it)."""
    table = store.summary_rows()
    ident = FIELD["id"]
    per_segment: dict[int, list[str]] = {}
    seen: set[str] = set()
    for segment, row in zip(table.segments, table.rows, strict=True):
        key = row[ident]
        if key in wanted and key not in seen:
            seen.add(key)
            per_segment.setdefault(segment, []).append(key)
    tasks, number = [], 0
    for segment, ids in per_segment.items():
        groups = [ids[at : at + CHUNK] for at in range(0, len(ids), CHUNK)]
        tasks.append((str(store.folder), segment, number, groups))
        number += len(groups)
    return tasks


def make_chunks(task: Task) -> Made:
    """A segment's chunk files: each match's frames (a record that does not fit the schema is left out)."""
    folder, segment, first, groups = task
    made: list[tuple[int, list[str], str]] = []
    reasoning: dict[str, int] = {}
    with MatchStore(folder, read_only=True) as store:
        rows = cached_rows(store.folder, *file_stamp(cache_path(store)))
        documents: dict[str, dict[str, Any]] = {}
        for document in store.documents_in(segment):
            documents.setdefault(str(document.get("id")), document)
        for number, ids in enumerate(groups, first):
            frames: dict[str, Any] = {}
            for key in ids:
                record = store.validated(documents[key]) if key in documents else None
                if record is None:
                    continue
                reasoning[key] = max((len(m.reasoning or "") for m in record.moves), default=0)
                text = rows.get(key)
                frames[key] = match_frames(record, json.loads(text) if text else None)
            if frames:
                made.append((number, list(frames), script_data("ARENA.add", shared_texts(frames))))
        return made, reasoning, list(store.warnings)


def file_stamp(path: Path) -> tuple[int, int]:
    """(size, modification time in ns) of a file, (-1, -1) without one: a changed file is read again."""
    try:
        stat = path.stat()
    except OSError:
        return -1, -1
    return stat.st_size, stat.st_mtime_ns


@lru_cache(maxsize=1)
def cached_rows(folder: Path, size: int, modified: int) -> dict[str, bytes]:
    """The analysis cache's move rows by match id, read once a process for all of its segments."""
    with MatchStore(folder, read_only=True) as store:
        return move_rows_text(store)


@contextmanager
def chunks_started(store: MatchStore, wanted: set[str]) -> Iterator[Iterator[Made]]:
    """Every chunk file of the wanted matches, a segment's at a time: made here as they are read, or for many
    matches by workers set to work at once (the caller writes its pages meanwhile)."""
    tasks = plan(store, wanted)
    try:
        if len(wanted) < PARALLEL_FROM:
            yield map(make_chunks, tasks)
            return
        from arena.analysis.parallel import started_in_workers, worker_count

        with started_in_workers(make_chunks, tasks, worker_count(len(wanted))) as results:
            yield results
    finally:
        cached_rows.cache_clear()  # this process's copy: the store may change before the next site


def chunk_numbers(
    store: MatchStore, made_chunks: Iterator[Made], write: Callable[[str, str], None]
) -> tuple[dict[str, int], dict[str, int]]:
    """Write every chunk file with `write(name, text)`; (the chunk of each match made, its longest reasoning)."""
    chunk_of: dict[str, int] = {}
    reasoning: dict[str, int] = {}
    for made, lengths, problems in made_chunks:
        for number, ids, text in made:
            write(f"data/matches-{number:04d}.js", text)
            chunk_of.update(dict.fromkeys(ids, number))
        reasoning.update(lengths)
        store.warnings.extend(problem for problem in problems if problem not in store.warnings)
    return chunk_of, reasoning
