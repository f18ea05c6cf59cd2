"""What every importer shares: file identity, deterministic ids, verdicts compared with the published ones."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from arena.imports.files import ImportFormatError, read_bytes

__all__ = ["ImportFormatError"]  # raised by every importer; defined beside the file reader

# The arena's name for each published per-move outcome (the analysis' kinds of invalid move).
VALID = "valid"


@dataclass(frozen=True)
class SourceFile:
    """A published file: where it is, its name as recorded, and its SHA-256."""

    path: Path
    sha256: str

    @classmethod
    def read(cls, path: Path) -> SourceFile:
        """The file's identity (its bytes hashed); ImportFormatError for what is not a readable file."""
        return cls(path, hashlib.sha256(read_bytes(path)).hexdigest())

    @property
    def name(self) -> str:
        """The name recorded with each match: the folder and file (ChildPlay's names repeat across folders)."""
        return f"{self.path.parent.name}/{self.path.name}"


def record_id(*parts: object) -> str:
    """A deterministic id: the same published game always gets the same id, so importing twice adds nothing."""
    return hashlib.sha256(":".join(str(p) for p in parts).encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class Disagreement:
    """One place where the arena's verdict is not the published one."""

    file: str
    game: str
    move: int | None  # None: the game's result
    published: str
    arena: str
    why: str

    def as_row(self) -> list[Any]:
        """For the disagreements CSV."""
        return [self.file, self.game, "" if self.move is None else self.move, self.published, self.arena, self.why]


DISAGREEMENT_COLUMNS = ["file", "game", "move", "published", "arena", "why"]


@dataclass
class FileCheck:
    """Agreement between the arena's verdicts and a file's published ones."""

    file: str
    games: int = 0
    games_agreeing: int = 0
    moves: int = 0
    moves_agreeing: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # games left out, each with why (the others are imported)

    def count_move(self, agrees: bool) -> None:
        """One more judged move."""
        self.moves += 1
        self.moves_agreeing += agrees

    def count_game(self, agrees: bool) -> None:
        """One more judged game."""
        self.games += 1
        self.games_agreeing += agrees

    def as_dict(self) -> dict[str, Any]:
        """For --json."""
        return {
            "file": self.file,
            "games": self.games,
            "games_agreeing": self.games_agreeing,
            "moves": self.moves,
            "moves_agreeing": self.moves_agreeing,
            "disagreements": len(self.disagreements),
            "refused": list(self.refused),
        }


def iso_time(stamp: str, seconds: float = 0.0) -> str:
    """Topsakal's `240614-065038` (or an ISO time) as an ISO time, `seconds` later."""
    try:
        moment = datetime.strptime(stamp, "%y%m%d-%H%M%S")
    except ValueError:
        moment = datetime.fromisoformat(stamp) if stamp else datetime(1970, 1, 1)
    return (moment + timedelta(seconds=seconds)).isoformat()


def board_result(rules: Any, state: Any, words: tuple[str, str, str, str]) -> str:
    """The board's result in a paper's words: (unfinished, draw, first player won, second player won)."""
    outcome = rules.outcome(state)
    if outcome is None:
        return words[0]
    if outcome.winner is None:
        return words[1]
    return words[2 + outcome.winner]
