"""Topsakal's published leaderboard (`leaderboard-data.json`): its rows kept beside the imported games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arena.imports.common import ImportFormatError, SourceFile, record_id
from arena.imports.files import check_numbers, read_json

PAPER = "topsakal"


def published_totals(paths: list[Path]) -> list[dict[str, Any]]:
    """The published leaderboard's rows (one per session of five games), from `leaderboard-data.json` beside or
    above the exports named; ImportFormatError if it is not a list of rows."""
    found = {p for path in paths for p in (path, path.parent, path.parent.parent) if p.is_dir()}
    files = sorted({f for folder in found for f in folder.glob("leaderboard-data.json")})
    files += [path for path in paths if path.name == "leaderboard-data.json"]
    rows: list[dict[str, Any]] = []
    for file in sorted(set(files)):
        data = read_json(file)
        if not isinstance(data, list) or not all(isinstance(row, dict) and "UUID" in row for row in data):
            raise ImportFormatError(f"{file}: not Topsakal's leaderboard data (a list of rows with a UUID)")
        source = SourceFile.read(file)
        for number, row in enumerate(data):
            check_numbers(f"{file}, row {number + 1}", row)
            key = record_id(PAPER, "leaderboard", row["UUID"], row.get("LLM1stPlayer"), row.get("LLM2ndPlayer"))
            rows.append(
                {"id": key, "paper": PAPER, "kind": "leaderboard", "file": source.name, "row": number, "values": row}
            )
    return rows
