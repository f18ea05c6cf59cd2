"""Import published files into a store: read and judge every file first, then record the new games at once."""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena.imports.common import DISAGREEMENT_COLUMNS, FileCheck
from arena.imports.lcl_experiments import read_lcl
from arena.imports.shapes import ImportedSession, read_shapes
from arena.inert import spreadsheet_cell
from arena.match.records import MatchRecord
from arena.store import MatchStore
from arena.store.segments import Prepared
from arena.store.tables import PUBLISHED, TASK_ANSWERS, TASK_SESSIONS, record_items

Judged = list[tuple[list[MatchRecord], FileCheck]]
Reader = Callable[[list[Path]], Judged]
Totals = Callable[[list[Path]], list[dict[str, Any]]]


@dataclass
class ImportResult:
    """What an import read, judged and added."""

    checks: list[FileCheck] = field(default_factory=list)
    games: int = 0
    added: int = 0
    sessions: int = 0  # task sessions read (ChildPlay's Shapes runs)
    sessions_added: int = 0

    @property
    def already(self) -> int:
        """Games read that the store held already (an import run again adds nothing)."""
        return self.games - self.added


def reader_for(paper: str) -> tuple[Reader, Totals]:
    """The readers of one paper's games and of its published totals."""
    if paper == "topsakal":
        from arena.imports.topsakal import read_all
        from arena.imports.topsakal_totals import published_totals
    elif paper == "llm-chess":
        from arena.imports.llm_chess import published_totals, read_all
    elif paper == "pgn":
        from arena.imports.pgn import published_totals, read_all
    else:
        from arena.imports.childplay import published_totals, read_all
    return read_all, published_totals


def import_published(paper: str, paths: list[Path], store: MatchStore | None) -> ImportResult:
    """Read and judge every file (ImportFormatError before anything is recorded), then add what is not stored."""
    read_games, read_totals = reader_for(paper)
    judged = read_games(paths)
    totals = read_totals(paths)
    sessions: list[ImportedSession] = []
    if paper == "childplay":
        sessions, shape_checks, shape_totals = read_shapes(paths)
        lcl_sessions, lcl_checks, lcl_totals = read_lcl(paths)
        sessions, shape_checks, totals = sessions + lcl_sessions, shape_checks + lcl_checks, totals + shape_totals
        totals += lcl_totals
    else:
        shape_checks = []
    result = ImportResult(checks=[check for _, check in judged] + shape_checks, sessions=len(sessions))
    records = [record for file_records, _ in judged for record in file_records]
    result.games = len(records)
    if store is None:
        return result
    # Each part is counted under the store's lock: two imports at once never both say they added it.
    result.added = store.add_new(record_items(records))
    result.sessions_added = add_sessions(store, sessions)
    store.add_new(prepared(store, PUBLISHED, totals))
    return result


def prepared(store: MatchStore, table: str, documents: list[dict[str, Any]]) -> list[Prepared]:
    """Documents of a table ready to store."""
    return [store.segments(table).prepare(document) for document in documents]


def add_sessions(store: MatchStore, sessions: list[ImportedSession]) -> int:
    """Imported task sessions not stored yet, answers first (a session is never seen without its answers)."""
    answers = [a.model_dump(mode="json") for session in sessions for a in session.answers]
    store.add_new(prepared(store, TASK_ANSWERS, answers))
    return store.add_new(
        prepared(store, TASK_SESSIONS, [session.record.model_dump(mode="json") for session in sessions])
    )


def write_disagreements(path: Path, checks: list[FileCheck]) -> int:
    """Every disagreement as one CSV row (file, game, move, published, arena, why); how many."""
    rows = [d.as_row() for check in checks for d in check.disagreements]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(DISAGREEMENT_COLUMNS)
        writer.writerows([spreadsheet_cell(value) for value in row] for row in rows)
    return len(rows)
