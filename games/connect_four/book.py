"""Readers of the BitBully opening books (8 plies: win/draw/loss; 12 plies: exact distances).

The file (package `bitbully-databases`, MIT) is a sorted list of 5-byte records: a signed
big-endian 32-bit Huffman code of a 12-stone position, then a signed byte: 0 for a draw,
`100 - n` if the first player (to move at 12 stones) wins in `n` more stones, `n - 100`
if it loses. Keys and scores go to two numpy arrays (21 MB in all), searched by bisection
from Python and from the compiled search alike.

The first read converts a book to native byte order once and keeps the arrays in the user's cache
(`~/.cache/arena/books`); later processes map those files into memory (no read, no copy: pages load
as the bisection touches them), which takes a millisecond instead of a tenth of a second.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path

import numpy as np

Arrays = tuple[np.ndarray, np.ndarray]

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


def cache_folder() -> Path:
    """Where converted books are kept."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "arena" / "books"


def mapped_arrays(path: Path, convert: Callable[[bytes], Arrays]) -> Arrays:
    """A book file's two arrays: mapped from the cache when it holds them, else converted and kept there."""
    stat = path.stat()
    stem = cache_folder() / f"{path.stem}-{stat.st_size}-{stat.st_mtime_ns}"
    names = [stem.with_name(f"{stem.name}-{part}.npy") for part in ("keys", "values")]
    try:  # copy-on-write: writable arrays, as the compiled search's signature wants, that no one writes
        keys, values = (np.asarray(np.load(name, mmap_mode="c")) for name in names)
        return keys, values
    except (OSError, ValueError):
        pass
    arrays = convert(path.read_bytes())
    try:
        names[0].parent.mkdir(parents=True, exist_ok=True)
        for name, array in zip(names, arrays, strict=True):
            temp = name.with_name(f".{name.name}.{os.getpid()}.tmp")
            with open(temp, "wb") as handle:
                np.save(handle, array)
            os.replace(temp, name)  # whole or absent: a reader never maps half a file
    except OSError:
        pass  # no cache (a read-only home): every process converts, as before
    return arrays


def opening_arrays(raw: bytes) -> Arrays:
    """Keys and scores of the 12-ply book's records, in native byte order."""
    if len(raw) % RECORD:
        raise ValueError("opening book size is not a whole number of records")
    records = np.frombuffer(raw, dtype=np.dtype([("key", ">i4"), ("score", "i1")]))
    return records["key"].astype(np.int32), records["score"].copy()


def outcome_arrays(raw: bytes) -> Arrays:
    """Codes (their two low bits cleared) and results of the 8-ply book's 3-byte records."""
    planes = np.frombuffer(raw[: len(raw) - len(raw) % 3], dtype=np.uint8).reshape(-1, 3).astype(np.int64)
    codes = (planes[:, 0] << 16) | (planes[:, 1] << 8) | planes[:, 2]
    return codes & ~3, (codes & 3).astype(np.uint8)


class OpeningBook:
    """Exact scores of 6x7 positions with 12 stones, in Pons' convention."""

    def __init__(self, keys: np.ndarray, scores: np.ndarray) -> None:
        self.keys_array = keys
        self.scores_array = scores

    @classmethod
    def load(cls, path: Path) -> OpeningBook:
        """Read a book file (mapped from the cache after the first time)."""
        return cls(*mapped_arrays(path, opening_arrays))

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

    def __init__(self, keys: np.ndarray, results: np.ndarray) -> None:
        self.keys_array = keys
        self.results_array = results

    @classmethod
    def load(cls, path: Path) -> OutcomeBook:
        """Read a book file (mapped from the cache after the first time)."""
        return cls(*mapped_arrays(path, outcome_arrays))

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
