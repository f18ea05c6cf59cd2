"""Puzzle files in the Lichess puzzle format (`PuzzleId,FEN,Moves,Rating,RatingDeviation,...,Themes,...`): every
row checked (a legal position, a legal line, ratings that are numbers), a bad row refused in one line naming it."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from arena.imports.files import ImportFormatError, read_text
from games.chess.puzzles import Puzzle, checked_line

NEEDED = ("PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation")
MOST_PUZZLES = 200_000  # a sample of the Lichess database; the whole of it (millions) is more than a run asks
IDENTIFIER = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MOST_FIELD = 2_000  # characters of one field (themes, openings, a URL): far more than Lichess writes


def read_puzzles(path: Path) -> list[Puzzle]:
    """Every puzzle of a file, in file order; ImportFormatError names the file and the row of the first bad one."""
    text = read_text(path, "utf-8-sig")
    if "\x00" in text:
        raise ImportFormatError(f"{path}: holds NUL bytes: a binary file, not a puzzle CSV")
    try:
        rows = csv.reader(io.StringIO(text))
        header = next(rows, None)
        if header is None or any(name not in header for name in NEEDED):
            missing = next(n for n in NEEDED if header is None or n not in header)
            raise ImportFormatError(f"{path}: not in the Lichess puzzle format: no column {missing!r}")
        column = {name: header.index(name) for name in header}
        puzzles: list[Puzzle] = []
        seen: set[str] = set()
        for line, cells in enumerate(rows, 2):
            if not cells:
                continue
            if len(puzzles) >= MOST_PUZZLES:
                raise ImportFormatError(f"{path}: more than {MOST_PUZZLES:,} puzzles; take a sample of the file")
            puzzle = puzzle_of(cells, column, f"{path}, row {line}")
            if puzzle.id in seen:
                raise ImportFormatError(f"{path}, row {line}: puzzle {puzzle.id} is listed twice")
            seen.add(puzzle.id)
            puzzles.append(puzzle)
    except csv.Error as error:
        raise ImportFormatError(f"{path}: not a CSV file ({error})") from None
    if not puzzles:
        raise ImportFormatError(f"{path}: no puzzle in it")
    return puzzles


def puzzle_of(cells: list[str], column: dict[str, int], where: str) -> Puzzle:
    """One row as a puzzle; ImportFormatError saying what is wrong with it."""
    if len(cells) != len(column):
        raise ImportFormatError(f"{where}: {len(cells)} fields, the header names {len(column)}")
    if any(len(cell) > MOST_FIELD for cell in cells):
        raise ImportFormatError(f"{where}: a field of more than {MOST_FIELD:,} characters")

    def field(name: str) -> str:
        return cells[column[name]].strip() if name in column else ""

    ident = field("PuzzleId")
    if not IDENTIFIER.match(ident):
        raise ImportFormatError(f"{where}: PuzzleId {ident[:40]!r} is not an identifier")
    moves = field("Moves").split()
    try:
        checked_line(field("FEN"), moves)
    except ValueError as error:
        raise ImportFormatError(f"{where}: puzzle {ident}: {error}") from None
    rating, deviation = (whole(field(name), name, where, 5_000) for name in ("Rating", "RatingDeviation"))
    return Puzzle(ident, field("FEN"), tuple(moves), rating, deviation, tuple(field("Themes").split()),
                  field("GameUrl"), tuple(field("OpeningTags").split()))  # fmt: skip


def whole(text: str, name: str, where: str, most: int) -> int:
    """A whole number from 0 to `most`; ImportFormatError naming the field otherwise."""
    if not text.isdigit() or int(text) > most:
        raise ImportFormatError(f"{where}: {name} {text[:20]!r} is not a whole number from 0 to {most:,}")
    return int(text)
