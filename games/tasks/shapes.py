"""ChildPlay's Shape Recognition: a shape drawn in 1s on a 15x15 grid of 0s, named among four options."""

from __future__ import annotations

import random
import re

from games.tasks.base import Item, Verdict

SIZE = 15
OPTIONS = ("circle", "rectangle", "triangle", "cross")
SHOWN = ("rectangle", "triangle", "cross")  # as published: circle is offered but never drawn
SYNONYMS = {"square": "rectangle", "plus": "cross"}
_WORD = re.compile(r"[a-z]+")

Grid = list[list[int]]


def _blank() -> Grid:
    return [[0] * SIZE for _ in range(SIZE)]


def draw_rectangle(rng: random.Random) -> Grid:
    """A filled rectangle (or square) of 3-8 cells a side."""
    grid, height, width = _blank(), rng.randint(3, 8), rng.randint(3, 8)
    top, left = rng.randint(0, SIZE - height), rng.randint(0, SIZE - width)
    for r in range(top, top + height):
        for c in range(left, left + width):
            grid[r][c] = 1
    return grid


def draw_triangle(rng: random.Random) -> Grid:
    """A filled isosceles triangle, apex up, 3-7 rows high (row i is 2i+1 cells wide)."""
    grid, height = _blank(), rng.randint(3, 7)
    top, centre = rng.randint(0, SIZE - height), rng.randint(height - 1, SIZE - height)
    for i in range(height):
        for c in range(centre - i, centre + i + 1):
            grid[top + i][c] = 1
    return grid


def draw_cross(rng: random.Random) -> Grid:
    """A plus sign with arms of 2-5 cells."""
    grid, arm = _blank(), rng.randint(2, 5)
    row, col = rng.randint(arm, SIZE - 1 - arm), rng.randint(arm, SIZE - 1 - arm)
    for d in range(-arm, arm + 1):
        grid[row][col + d] = 1
        grid[row + d][col] = 1
    return grid


def draw_circle(rng: random.Random) -> Grid:
    """The outline of a circle of radius 3-6 by the midpoint circle algorithm."""
    grid, radius = _blank(), rng.randint(3, 6)
    cy, cx = rng.randint(radius, SIZE - 1 - radius), rng.randint(radius, SIZE - 1 - radius)
    x, y, err = radius, 0, 1 - radius
    while x >= y:
        for dy, dx in ((y, x), (x, y), (-y, x), (-x, y), (y, -x), (x, -y), (-y, -x), (-x, -y)):
            grid[cy + dy][cx + dx] = 1
        y += 1
        if err < 0:
            err += 2 * y + 1
        else:
            x -= 1
            err += 2 * (y - x) + 1
    return grid


DRAW = {"rectangle": draw_rectangle, "triangle": draw_triangle, "cross": draw_cross, "circle": draw_circle}


def render(grid: Grid) -> str:
    """The grid as ChildPlay shows it: rows of 0 and 1 separated by spaces."""
    return "\n".join(" ".join(str(v) for v in row) for row in grid)


class ShapesTask:
    """25 items per drawn shape by default, in a seeded order; the options are always all four."""

    name = "shapes"
    default_items = 25 * len(SHOWN)

    def __init__(self, shapes: tuple[str, ...] = SHOWN) -> None:
        self.shapes = shapes

    def items(self, count: int, seed: int) -> list[Item]:
        """Shapes in turn (balanced), each drawn at a seeded size and place, then shuffled."""
        rng = random.Random(f"shapes:{seed}")
        truths = [self.shapes[i % len(self.shapes)] for i in range(count)]
        rng.shuffle(truths)
        items = []
        for number, truth in enumerate(truths, start=1):
            grid = DRAW[truth](rng)
            options = list(OPTIONS)
            rng.shuffle(options)
            items.append(Item(number, truth, render(grid), {"options": options}))
        return items

    def judge(self, item: Item, answer: str) -> Verdict:
        """Correct when the one option named (in the last line, else anywhere) is the drawn shape.

        No option or several different ones named is unreadable, never a guess.
        """
        lines = [line for line in answer.lower().splitlines() if line.strip()]
        named: set[str] = set()
        for text in (lines[-1] if lines else "", answer.lower()):
            named = {SYNONYMS.get(w, w) for w in _WORD.findall(text)} & set(OPTIONS)
            if named:
                break
        if len(named) != 1:
            reason = "no option named" if not named else f"several options named ({', '.join(sorted(named))})"
            return Verdict(False, False, None, reason=reason)
        (read,) = named
        return Verdict(True, read == item.truth, read)

    def random_answer(self, item: Item, rng: random.Random) -> str:
        """A uniformly random option."""
        return rng.choice(OPTIONS)
