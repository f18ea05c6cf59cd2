"""Analyses of every recorded match, computed once and kept in a cache file beside the database."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from arena.analysis.claims import claimed, say_waiting
from arena.analysis.moves import ANALYSIS_VERSION, DEFAULT_GRADE_BUDGET, MatchAnalysis
from arena.analysis.parallel import Outcome, analyse_here, analyse_in_workers, cost_of
from arena.store import MatchStore
from arena.store.atomic import gc_paused, write_atomically
from arena.store.summaries import FIELD, SummaryRows

CACHE_FILE = "analysis-cache.jsonl"
ID_AT_HEAD = re.compile(rb'^\{"id":("(?:[^"\\]|\\.)*")')
BATCH_LINES = 500  # lines parsed in one call: a few milliseconds, so the app's event loop still runs between them
OLD_CACHE_FILE = "analysis-cache.json"  # one JSON document: parsing it held the GIL (and the app's keys) 120 ms


def cache_path(store: MatchStore) -> Path:
    return store.folder / CACHE_FILE


def read_cache(path: Path) -> tuple[dict[str, dict[str, Any]], int]:
    """Cached analyses by match id, and the file's line count; an unreadable or outdated cache is recomputed.

    A line per match, each parsed on its own: a reading thread lets the app's event loop run between lines.
    Later lines replace earlier ones, and a torn last line (a run stopped while writing) is skipped. A line is
    the analysis, a tab, then its move rows, kept as JSON text: a report of rates never parses them (older
    lines hold the rows inside the analysis).
    """
    try:
        lines = path.read_bytes().splitlines()
    except OSError:
        return {}, 0
    cached: dict[str, dict[str, Any]] = {}
    with gc_paused():
        try:
            if not lines or json.loads(lines[0]) != {"version": ANALYSIS_VERSION}:
                return {}, 0
        except ValueError:
            return {}, 0
        for start in range(1, len(lines), BATCH_LINES):
            parts = [line.partition(b"\t") for line in lines[start : start + BATCH_LINES]]
            for (_, _, rows), entry in zip(parts, parsed_heads([head for head, _, _ in parts]), strict=True):
                try:
                    analysis = entry["analysis"]
                    if rows:
                        analysis["moves"] = rows
                    cached[entry["id"]] = analysis
                except (TypeError, KeyError):
                    continue
    return cached, len(lines)


def parsed_heads(heads: list[bytes]) -> list[Any]:
    """The heads parsed as one JSON array (a call a line cost a third more); with a bad one among them, each
    alone, the bad ones None. A line with NaN is analysed again."""
    try:
        together = json.loads(b"[" + b",".join(heads) + b"]", parse_constant=refuse_constant)
        if len(together) == len(heads):  # a line such as `{},{}` would shift the others
            return list(together)
    except ValueError:
        pass
    entries: list[Any] = []
    for head in heads:
        try:
            entries.append(json.loads(head, parse_constant=refuse_constant))
        except ValueError:
            entries.append(None)
    return entries


def move_rows_text(store: MatchStore) -> dict[str, bytes]:
    """Each cached match's move rows as JSON text, by id: a page writer parses one match's at a time.

    Only the id at the head of a line is read (`{"id":"...",` is how `entry_line` starts every line); a line of
    the older form, rows inside the analysis, is parsed whole.
    """
    try:
        lines = cache_path(store).read_bytes().splitlines()[1:]
    except OSError:
        return {}
    found: dict[str, bytes] = {}
    for line in lines:
        head, tab, rows = line.partition(b"\t")
        matched = ID_AT_HEAD.match(head)
        try:
            if tab and matched:
                found[json.loads(matched.group(1))] = rows
            else:
                entry = json.loads(head)
                found[entry["id"]] = json.dumps(entry["analysis"].get("moves", [])).encode("utf-8")
        except (ValueError, TypeError, KeyError, AttributeError):
            continue
    return found


def refuse_constant(name: str) -> None:
    """NaN or Infinity in a cache line (the arena writes none): the line is not used."""
    raise ValueError(f"{name} in the analysis cache")


def entry_line(ident: str, entry: dict[str, Any]) -> bytes:
    """One match's analysis as a cache line: the analysis, a tab, its move rows (JSON text never holds a tab)."""
    analysis = dict(entry)
    rows = analysis.pop("moves", [])
    text = rows if isinstance(rows, bytes) else json.dumps(rows, separators=(",", ":")).encode("utf-8")
    head = json.dumps({"id": ident, "analysis": analysis}, separators=(",", ":")).encode("utf-8")
    return head + b"\t" + text + b"\n"


def cache_bytes(cached: dict[str, dict[str, Any]]) -> bytes:
    """The whole cache file: a version line, then one line per match."""
    header = (json.dumps({"version": ANALYSIS_VERSION}) + "\n").encode("utf-8")
    return header + b"".join(entry_line(ident, entry) for ident, entry in cached.items())


class CacheWriter:
    """Appends each new analysis as it is made, so a run stopped midway (leaving the screen, Ctrl+C) keeps them.

    A cache that cannot be written is said once in the store's warnings; the analysis goes on without it.
    """

    def __init__(self, store: MatchStore, cached: dict[str, dict[str, Any]], lines: int) -> None:
        self.path = cache_path(store)
        self.warnings = store.warnings
        self.handle: Any = None
        if not store.folder.is_dir():  # an old single-file database viewed read-only: not migrated yet
            return
        try:
            (store.folder / OLD_CACHE_FILE).unlink(missing_ok=True)
            if not lines:  # no cache, or an outdated one: start the file afresh
                write_atomically(self.path, cache_bytes(cached))
            self.handle = open(self.path, "ab", buffering=0)  # noqa: SIM115 - closed by close()
        except OSError as error:
            self.failed(error)

    def add(self, ident: str, entry: dict[str, Any]) -> None:
        """Append one line in one write: concurrent writers in append mode never mix their lines."""
        if self.handle is not None:
            try:
                self.handle.write(entry_line(ident, entry))
            except OSError as error:
                self.failed(error)

    def failed(self, error: OSError) -> None:
        self.warnings.append(f"cannot write the analysis cache {self.path}: {error.strerror or error}")
        self.close()

    def close(self) -> None:
        if self.handle is not None:
            with contextlib.suppress(OSError):
                self.handle.close()
            self.handle = None


def fresh(entry: dict[str, Any] | None, ended_at: str, budget: int, grader: Callable[[], str] = str) -> bool:
    """A cached analysis still holds: same record, Connect-Four graded within the same budget in positions,
    and a chess match graded by the engine and node budget that would grade it now (`grader()`, "" when none
    can). A budget is part of the key both ways: a larger one grades more, a smaller one fewer."""
    if entry is None or entry.get("ended_at") != ended_at:
        return False
    if entry.get("game") == "chess" and entry.get("grader", "") != (now := grader()) and now:
        return False
    return entry.get("game") != "connect-four" or entry.get("budget") in (0, budget)


def chess_grader() -> Callable[[], str]:
    """The engine and budget that grade chess here, asked once (it starts Stockfish) and only if needed."""
    known: list[str] = []

    def name() -> str:
        if not known:
            from arena.analysis.chess_moves import ChessGrader

            known.append(ChessGrader().name())
        return known[0]

    return name


def analyses_of(store: MatchStore, missing: dict[int, dict[str, str]], budget: int, workers: int) -> Iterator[Outcome]:
    """(match id, analysis or None, problem or None) of every missing match: here, or in `workers` processes."""
    if workers > 1:
        yield from analyse_in_workers(store.folder, missing, budget, workers)
    else:
        yield from analyse_here(store, missing, budget)


def analyse_store(
    store: MatchStore,
    keep: Callable[[list[Any]], bool] = lambda row: True,
    budget: int = DEFAULT_GRADE_BUDGET,
    on_progress: Callable[[int, int], None] | None = None,
    with_moves: bool = True,
    workers: Callable[[int], int] = lambda missing: 1,
    on_wait: Callable[[str], None] | None = None,
) -> list[MatchAnalysis]:
    """Analyses of the recorded matches whose index rows `keep` accepts, oldest first; new ones are cached.

    Without `with_moves` their move rows are left unread (`moves` empty): rates, ratings and the matrix need none.
    `workers` says how many processes analyse the missing matches, from their cost (one: this process alone).
    A game another arena process is grading is waited for (`on_wait(game)` told meanwhile; it may raise to give up).
    """
    table = store.summary_rows()
    path = cache_path(store)
    cached, lines = read_cache(path)
    ident = FIELD["id"]
    chosen = [i for i, row in enumerate(table.rows) if keep(row)]
    grader = chess_grader()
    missing = missing_matches(table, chosen, cached, budget, grader)
    games = {game for ids in missing.values() for game in ids.values()}
    with claimed(store.folder, games, on_wait or say_waiting) as waited:
        if waited:  # another process graded them meanwhile: what it cached is not graded twice
            cached, lines = read_cache(path)
            missing = missing_matches(table, chosen, cached, budget, grader)
        grade_missing(store, missing, cached, lines, budget, on_progress, workers)
    with gc_paused():  # each cached entry is let go as soon as it is made an analysis: the two never add up
        made: dict[str, MatchAnalysis] = {}
        for i in chosen:
            key = table.rows[i][ident]
            if key in cached:
                made[key] = MatchAnalysis.from_json(cached.pop(key), with_moves)
        return [made[key] for i in chosen if (key := table.rows[i][ident]) in made]


def missing_matches(
    table: SummaryRows, chosen: list[int], cached: dict[str, dict[str, Any]], budget: int, grader: Callable[[], str]
) -> dict[int, dict[str, str]]:
    """The chosen matches without a fresh analysis: {segment: {match id: its game}}."""
    ident, ended = FIELD["id"], FIELD["ended_at"]
    missing: dict[int, dict[str, str]] = {}
    for i in chosen:
        row = table.rows[i]
        if not fresh(cached.get(row[ident]), row[ended], budget, grader):
            missing.setdefault(table.segments[i], {})[row[ident]] = row[FIELD["game"]]
    return missing


def grade_missing(
    store: MatchStore,
    missing: dict[int, dict[str, str]],
    cached: dict[str, dict[str, Any]],
    lines: int,
    budget: int,
    on_progress: Callable[[int, int], None] | None,
    workers: Callable[[int], int],
) -> None:
    """Analyse the missing matches into `cached`, appending each to the cache file (of `lines` lines so far)."""
    path = cache_path(store)
    total = sum(len(ids) for ids in missing.values())
    cost = cost_of([game for games in missing.values() for game in games.values()])
    writer = CacheWriter(store, cached, lines) if total else None
    problems: list[str] = []
    faults: dict[str, list[int]] = {}  # an engine fault: the moves it left ungraded, per match
    try:
        for done, (key, analysis, problem) in enumerate(analyses_of(store, missing, budget, workers(cost)), 1):
            if analysis is not None:
                cached[key] = analysis
                if analysis.get("grading_problem"):  # used in this report, graded again by the next one
                    ungraded = sum(seat.get("unknown", 0) for seat in analysis.get("seats", []))
                    faults.setdefault(analysis["grading_problem"], []).append(ungraded)
                elif writer is not None:
                    writer.add(key, analysis)
            if problem is not None:
                problems.append(problem)
            if on_progress is not None:
                on_progress(done, total)
    finally:
        for fault, ungraded in sorted(faults.items()):
            problems.append(f"{sum(ungraded):,} moves in {len(ungraded):,} matches could not be graded (not cached: "
                            f"the next report grades them again): {fault}")  # fmt: skip
        store.warnings.extend(sorted(problems))  # in one order whichever worker finished first
        if writer is not None:
            writer.close()
    if writer is not None and lines > 2 * len(cached) + 100:  # mostly replaced entries: rewrite it compact
        with contextlib.suppress(OSError):
            write_atomically(path, cache_bytes(cached))
