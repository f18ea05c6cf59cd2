"""Puzzle sets: the shipped 1,000 Lichess puzzles or any file in their format, and a seeded sample of one."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from pathlib import Path

from arena.imports.puzzle_files import read_puzzles
from games.chess.puzzles import Puzzle

SHIPPED = Path(__file__).with_name("data") / "lichess_puzzles.csv"


@dataclass(frozen=True)
class PuzzleSet:
    """A file's puzzles, by id, with the file's name and digest (the set's identity)."""

    name: str
    sha256: str
    puzzles: dict[str, Puzzle]

    def sample(self, count: int | None, seed: int) -> list[str]:
        """The ids asked: every puzzle in file order, or `count` of them drawn by `seed` (in the drawn order)."""
        ids = list(self.puzzles)
        if count is None or count >= len(ids):
            return ids
        return random.Random(seed).sample(ids, count)


def load_set(path: Path | None = None) -> PuzzleSet:
    """A puzzle file (the shipped set when None); ImportFormatError names a bad file or row."""
    chosen = path or SHIPPED
    puzzles = read_puzzles(chosen)
    digest = hashlib.sha256(chosen.read_bytes()).hexdigest()
    return PuzzleSet(chosen.name, digest, {puzzle.id: puzzle for puzzle in puzzles})
