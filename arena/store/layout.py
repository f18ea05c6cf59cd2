"""Where a database lives: the folder a `--db` path names, and an old single-file database to migrate."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from arena.store.tables import TABLES

MARKER = "arena-store.json"
FORMAT = "arena segmented store"
# Names a store writes itself: a folder holding only these is a store being created, or one whose marker was lost.
OWN_NAMES = re.compile(
    r"^(arena-store\.json|lock|journal|spill-.*|\..*\.tmp|[a-z_]+-\d{6}(\.index|\.groups)?\.json|analysis-cache\.jsonl?)$"
)
SEGMENT_NAME = re.compile(r"^[a-z_]+-\d{6}\.json$")


@dataclass(frozen=True)
class Layout:
    """The database folder and, if there is one, the single-file database it replaces."""

    folder: Path
    legacy: Path | None

    @property
    def marker(self) -> Path:
        return self.folder / MARKER


def locate(path: Path) -> Layout:
    """`saves/arena.json` and `saves/arena` both name the folder `saves/arena`; a file there is the old format."""
    if path.is_dir():
        return Layout(path, beside(path))
    if path.exists() and not path.is_file():  # (OSError for a name too long: the store reports it)
        raise OSError(0, "a device, pipe or socket, not a database")
    if path.exists():
        folder = path.with_suffix("") if path.suffix == ".json" else path.with_name(path.name + ".d")
        return Layout(folder, path)
    folder = path.with_suffix("") if path.suffix == ".json" else path
    return Layout(folder, beside(folder))


def beside(folder: Path) -> Path | None:
    """The old single-file database next to a folder (`saves/arena.json` for `saves/arena`), if there is one.

    The folder is the database: a file of that name that is not an arena database (a report redirected to
    `r1.json` beside `r1`) is none of the store's business, and is ignored without a word.
    """
    candidate = folder.with_name(folder.name + ".json")
    if not candidate.is_file():
        return None
    try:
        with open(candidate, "rb") as handle:
            start = handle.read(4096).lstrip()
    except OSError:
        return None
    if not start:
        # Empty: the shell made it for a redirect (`--json > DB.json`) before the command started; a killed old
        # writer's empty file held nothing to move either.
        return None
    return candidate if start.startswith(b"{") and legacy_tables(candidate, start) else None


def read_marker(layout: Layout) -> dict[str, object] | None:
    """The folder's marker if it is an arena database (None if the marker is missing or not ours)."""
    try:
        data = json.loads(layout.marker.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def legacy_tables(legacy: Path, start: bytes) -> bool:
    """Whether an old single-file database is one: a JSON object of arena tables (or the start of one, if damaged)."""
    try:
        data = json.loads(legacy.read_bytes())
    except (OSError, ValueError, RecursionError):
        # A file cut short by a killed writer is still ours if it begins like one of our tables.
        return any(start.startswith(b'{"%s":' % name.encode()) for name in TABLES)
    return isinstance(data, dict) and all(name in TABLES for name in data)  # damaged tables are set aside later
