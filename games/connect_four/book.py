"""Readers of the BitBully opening books (8 plies: win/draw/loss; 12 plies: exact distances).

The file (package `bitbully-databases`, MIT) is a sorted list of 5-byte records: a signed
big-endian 32-bit Huffman code of a 12-stone position, then a signed byte: 0 for a draw,
`100 - n` if the first player (to move at 12 stones) wins in `n` more stones, `n - 100`
if it loses. Keys and scores go to two numpy arrays (21 MB in all), searched by bisection
from Python and from the compiled search alike.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

import numpy as np

BOOK_PLY = 12
OUTCOME_BOOK_PLY = 8
RECORD = 5
BOOK_FILE = "book_12ply_distances.dat"
OUTCOME_BOOK_FILE = "book_8ply.dat"


def default_book_path(name: str = BOOK_FILE) -> Path | None:
    """Where `bitbully-databases` installed a book file, if it is installed."""
    spec = find_spec("bitbully_databases")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "assets" / name
    return path if path.is_file() else None


class OpeningBook:
    """Exact scores of 6x7 positions with 12 stones, in Pons' convention."""

    def __init__(self, raw: bytes) -> None:
        if len(raw) % RECORD:
            raise ValueError("opening book size is not a whole number of records")
        records = np.frombuffer(raw, dtype=np.dtype([("key", ">i4"), ("score", "i1")]))
        self.keys_array = records["key"].astype(np.int32)
        self.scores_array = records["score"].copy()

    @classmethod
    def load(cls, path: Path) -> OpeningBook:
        """Read a book file."""
        return cls(path.read_bytes())

    def __len__(self) -> int:
        return len(self.keys_array)

    def raw_value(self, code: int) -> int | None:
        """The stored signed byte for a Huffman code, or None if absent."""
        i = int(np.searchsorted(self.keys_array, code))
        if i < len(self.keys_array) and self.keys_array[i] == code:
            return int(self.scores_array[i])
        return None

    def score(self, position: int, mask: int) -> int | None:
        """Pons score for the side to move (the first player) at 12 stones, or None if absent."""
        for mirrored in (False, True):
            value = self.raw_value(signed32(huffman_code(position, mask, mirrored)))
            if value is not None:
                return pons_score(value)
        return None


def pons_score(value: int) -> int:
    """Convert a stored distance byte into Pons' score at 12 stones."""
    if value == 0:
        return 0
    if value > 0:
        # Winning stone is number 12 + (100 - value); score = (43 - stones before it) // 2.
        return (value - 68) // 2
    return -((-68 - value) // 2)


def huffman_code(position: int, mask: int, mirrored: bool = False, rows: int = 6, cols: int = 7) -> int:
    """BitBully's code: columns left to right, bottom up, '10' first player, '11' second, '0' ends a column."""
    from games.connect_four import core  # the search core reads the books too

    return int(core.load().huffman_code(position, mask, mirrored, rows, cols))


def signed32(code: int) -> int:
    """A 32-bit code read as a signed integer, as the 12-ply book stores it."""
    return code - (1 << 32) if code >= 1 << 31 else code


class OutcomeBook:
    """Win/draw/loss of 6x7 positions with 8 stones, for the first player (to move).

    Records are 3-byte big-endian codes whose two low bits hold the result: 0 draw,
    1 loss; a position that is absent is a win for the first player.
    """

    def __init__(self, raw: bytes) -> None:
        planes = np.frombuffer(raw[: len(raw) - len(raw) % 3], dtype=np.uint8).reshape(-1, 3).astype(np.int64)
        codes = (planes[:, 0] << 16) | (planes[:, 1] << 8) | planes[:, 2]
        self.keys_array = codes & ~3
        self.results_array = (codes & 3).astype(np.uint8)

    @classmethod
    def load(cls, path: Path) -> OutcomeBook:
        """Read a book file."""
        return cls(path.read_bytes())

    def __len__(self) -> int:
        return len(self.keys_array)

    def outcome(self, position: int, mask: int) -> int:
        """+1 win, 0 draw, -1 loss for the side to move at 8 stones."""
        for mirrored in (False, True):
            code = huffman_code(position, mask, mirrored)
            i = int(np.searchsorted(self.keys_array, code))
            if i < len(self.keys_array) and self.keys_array[i] == code:
                return -1 if self.results_array[i] else 0
        return 1
