"""Board keys (`"12345XO89"`: X, O, or the 1-based index of an empty cell) and their symmetries."""

from __future__ import annotations

from functools import cache

# The 8 rotations and mirrors of the 3x3 grid, as "new cell i takes old cell PERMUTATIONS[t][i]".
_ROTATE = (6, 3, 0, 7, 4, 1, 8, 5, 2)
_MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)


def _compose(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(first[second[i]] for i in range(9))


def _group() -> tuple[tuple[int, ...], ...]:
    identity = tuple(range(9))
    rotations = [identity]
    for _ in range(3):
        rotations.append(_compose(rotations[-1], _ROTATE))
    return tuple(rotations + [_compose(r, _MIRROR) for r in rotations])


PERMUTATIONS = _group()


def key_of(marks: str) -> str:
    """The key of a board given as 9 characters of X, O and anything else for empty."""
    return "".join(ch if ch in "XO" else str(i + 1) for i, ch in enumerate(marks))


def marks_of(key: str) -> str:
    """X, O or '.' per cell."""
    return "".join(ch if ch in "XO" else "." for ch in key)


def side_to_move(key: str) -> str:
    """X always moves first: O is to move iff X has more marks."""
    return "O" if key.count("X") > key.count("O") else "X"


@cache
def orbit(key: str) -> tuple[str, ...]:
    """The distinct keys of the board's 8 rotations and mirrors (empty cells renumbered), sorted."""
    marks = marks_of(key)
    return tuple(sorted({key_of("".join(marks[p[i]] for i in range(9))) for p in PERMUTATIONS}))


def representative(key: str) -> str:
    """The lexicographically smallest key of the board's symmetry class."""
    return orbit(key)[0]
