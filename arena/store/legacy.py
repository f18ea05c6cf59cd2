"""The old single-file database (before segments): its documents, with those of its journals, to move in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arena.store.atomic import AtomicJSONStorage
from arena.store.journal import Journal
from arena.store.tables import MATCHES


def legacy_documents(legacy: Path) -> dict[str, list[dict[str, Any]]]:
    """Every document of an old single-file database and its journals, by table; ValueError if unreadable."""
    data = AtomicJSONStorage(legacy).read() or {}
    tables = {name: [dict(document) for document in table.values()] for name, table in data.items()}
    journals = [Journal(legacy.with_name(legacy.name + ".journal"))]
    spills = sorted(legacy.parent.glob(f"{legacy.name}.spill-*"))
    journals += [Journal(p) for p in spills if p.suffix != ".rejected"]
    for journal in journals:
        for table, document in journal.read().entries(MATCHES):
            tables.setdefault(table, []).append(document)
    return tables
