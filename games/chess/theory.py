"""Known opening theory: Lichess's 3,807 named openings (games/chess/data, CC0), matched by position, so that a
game reached by another move order (a transposition) is still in book.

Every position along a named line is theory. A game is in book while each of its moves reaches a theory position;
the move that first reaches another position is where it leaves book (its ply, counted from the start). Its
opening's name is the name of the last named position it reached, Lichess's convention (read the moves backwards
until a named position is found). A game that starts anywhere but the standard start (a FEN, Chess960) has no
book.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import chess

DATA = Path(__file__).with_name("data")
BUILT = DATA / "book.json.gz"


@dataclass(frozen=True)
class Book:
    """Theory positions (EPD) and the names of the named ones."""

    positions: frozenset[str]
    names: dict[str, str]


@cache
def book() -> Book:
    """Every position of every named line, read once per process from the built file (`BUILT`), which holds what
    `build_book` makes of the TSV files; built again here if the TSV files changed since."""
    try:
        built = json.loads(gzip.decompress(BUILT.read_bytes()))
        if built["sources"] == sources_digest():
            return Book(frozenset(built["positions"]), built["names"])
    except (OSError, ValueError, KeyError):
        pass
    return build_book()


def sources_digest() -> str:
    """The SHA-256 of the TSV files, in name order."""
    digest = hashlib.sha256()
    for path in sorted(DATA.glob("*.tsv")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def write_book() -> None:
    """Build the book from the TSV files and write it to `BUILT` (run after the TSV files change)."""
    built = build_book()
    data = {
        "sources": sources_digest(),
        "positions": sorted(built.positions),
        "names": dict(sorted(built.names.items())),
    }
    BUILT.write_bytes(gzip.compress(json.dumps(data, separators=(",", ":")).encode("utf-8"), mtime=0))


def build_book() -> Book:
    """Every position of every named line, from the TSV files (a line's moves are played once per prefix)."""
    positions: set[str] = {chess.Board().epd()}
    names: dict[str, str] = {}
    boards: dict[tuple[str, ...], chess.Board] = {(): chess.Board()}
    for path in sorted(DATA.glob("*.tsv")):
        with path.open(encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle, delimiter="\t"):
                line = tuple(word for word in row["pgn"].split() if not word[0].isdigit())
                known = next(n for n in range(len(line), -1, -1) if line[:n] in boards)
                board = boards[line[:known]]
                for end in range(known + 1, len(line) + 1):
                    board = board.copy(stack=False)
                    board.push_san(line[end - 1])
                    boards[line[:end]] = board
                    positions.add(board.epd())
                names.setdefault(board.epd(), row["name"])  # the first listing of a position names it
    return Book(frozenset(positions), names)


@dataclass(frozen=True)
class BookExit:
    """Where a game left known theory: the ply of the first move out (None: it never left, or had no book)."""

    ply: int | None
    name: str
    in_book: bool  # the game started from the standard position, so it had a book to leave


def book_exit(start: chess.Board, moves: list[chess.Move]) -> BookExit:
    """Where a game left theory, and its opening's name: `start` is the position the players began from (with the
    moves of a shipped opening that led there, if any), `moves` what they played."""
    root = start.root()
    if root.epd() != chess.Board().epd():
        return BookExit(None, "", False)
    theory = book()
    board = root.copy(stack=False)
    name = ""
    for ply, move in enumerate([*start.move_stack, *moves], 1):
        board.push(move)
        position = board.epd()
        if position not in theory.positions:
            return BookExit(ply, name, True)
        name = theory.names.get(position, name)
    return BookExit(None, name, True)
