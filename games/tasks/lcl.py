"""ChildPlay's LEGO Connect Language: 2x4 bricks as (x, y, colour); validity testing and construct generation.

A brick at (x, y) covers studs x..x+3 on layer y. Two bricks overlap when they are on the same layer and
share a stud; two bricks connect (interlocking pegs) when their layers differ by one and they share a
stud; touching sides does not connect. A construct is valid when no two bricks overlap and the
connections join every brick into one structure (a graph property: every brick touching another is
not enough, the whole must be one component).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from itertools import islice

from games.tasks.base import Item, Verdict

LENGTH = 4
COLOURS = ("red", "blue", "yellow")
MAX_BRICKS = 100  # a reply's bricks read at most (and asked at most): checks are quadratic, pictures finite
# Coordinates of at most 6 digits: a tuple with a longer one is not read as a brick (never an int() past its limit).
_BRICK = re.compile(r"\(\s*(-?\d{1,6})\s*,\s*(-?\d{1,6})\s*,\s*['\"]?([A-Za-z]+)['\"]?\s*\)")
_VERDICT = re.compile(r"\b(valid|invalid)\b")


@dataclass(frozen=True)
class Brick:
    """A 2x4 brick: its left-most stud column, its layer, its colour."""

    x: int
    y: int
    colour: str


def studs(brick: Brick) -> range:
    """The stud columns a brick covers."""
    return range(brick.x, brick.x + LENGTH)


def overlap(a: Brick, b: Brick) -> bool:
    """Same layer and a shared stud."""
    return a.y == b.y and abs(a.x - b.x) < LENGTH


def connected(a: Brick, b: Brick) -> bool:
    """Adjacent layers and a shared stud: the pegs interlock."""
    return abs(a.y - b.y) == 1 and abs(a.x - b.x) < LENGTH


def components(bricks: list[Brick]) -> int:
    """How many separate structures the interlocking connections make."""
    parent = list(range(len(bricks)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(bricks)):
        for j in range(i + 1, len(bricks)):
            if connected(bricks[i], bricks[j]):
                parent[root(i)] = root(j)
    return len({root(i) for i in range(len(bricks))})


def is_valid(bricks: list[Brick]) -> bool:
    """No overlap, and one connected structure (an empty construct is not valid)."""
    if not bricks:
        return False
    if any(overlap(a, b) for i, a in enumerate(bricks) for b in bricks[i + 1 :]):
        return False
    return components(bricks) == 1


def overlap_free(bricks: list[Brick]) -> bool:
    """ChildPlay's own check (`is_valid_construct` in its lcl.py): no two bricks of a layer share a stud. It never
    asks whether the bricks connect, though the paper's definition does; kept to re-judge its published labels."""
    return bool(bricks) and not any(overlap(a, b) for i, a in enumerate(bricks) for b in bricks[i + 1 :])


def why_invalid(bricks: list[Brick]) -> str:
    """A short reason, or "" for a valid construct."""
    if not bricks:
        return "no bricks"
    for i, a in enumerate(bricks):
        for b in bricks[i + 1 :]:
            if overlap(a, b):
                return f"({a.x}, {a.y}) and ({b.x}, {b.y}) overlap"
    parts = components(bricks)
    return f"the bricks form {parts} separate structures" if parts > 1 else ""


def text(bricks: list[Brick]) -> str:
    """The construct as ChildPlay writes it: ((x, y, 'colour'), ...)."""
    return "(" + ", ".join(f"({b.x}, {b.y}, '{b.colour}')" for b in bricks) + ")"


def parse(answer: str, most: int = MAX_BRICKS + 1) -> list[Brick]:
    """The (x, y, 'colour') tuples of a reply in order, at most `most` of them (empty when there is none)."""
    found = islice(_BRICK.finditer(answer), most)
    return [Brick(int(m[1]), int(m[2]), m[3].lower()) for m in found]


def grow_valid(count: int, rng: random.Random) -> list[Brick]:
    """A valid construct of `count` bricks, grown from (0, 0) by attaching each brick to one already placed."""
    bricks = [Brick(0, 0, rng.choice(COLOURS))]
    while len(bricks) < count:
        anchor = rng.choice(bricks)
        candidate = Brick(anchor.x + rng.randint(-(LENGTH - 1), LENGTH - 1), anchor.y + rng.choice((-1, 1)), "")
        if candidate.y < 0 or any(overlap(candidate, b) for b in bricks):
            continue
        bricks.append(Brick(candidate.x, candidate.y, rng.choice(COLOURS)))
    return bricks


def break_construct(bricks: list[Brick], rng: random.Random) -> list[Brick]:
    """An invalid variant: one brick moved so that it overlaps another, or so that the whole falls apart."""
    while True:
        broken = list(bricks)
        index = rng.randrange(len(broken))
        moved = broken[index]
        if rng.random() < 0.5:
            other = rng.choice([b for i, b in enumerate(broken) if i != index])
            broken[index] = Brick(other.x + rng.randint(-(LENGTH - 1), LENGTH - 1), other.y, moved.colour)
        else:
            broken[index] = Brick(
                moved.x + rng.choice((-1, 1)) * rng.randint(LENGTH, 3 * LENGTH), moved.y, moved.colour
            )
        if not is_valid(broken):
            return broken


class LCLValidityTask:
    """Balanced valid and invalid constructs of 2-5 bricks; the answer is `valid` or `invalid`."""

    name = "lcl-validity"
    default_items = 800

    def items(self, count: int, seed: int) -> list[Item]:
        """Half valid, half invalid (the odd one valid), in a seeded order."""
        rng = random.Random(f"lcl-validity:{seed}")
        truths = ["valid" if i < (count + 1) // 2 else "invalid" for i in range(count)]
        rng.shuffle(truths)
        items = []
        for number, truth in enumerate(truths, start=1):
            bricks = grow_valid(rng.randint(2, 5), rng)
            if truth == "invalid":
                bricks = break_construct(bricks, rng)
            items.append(Item(number, truth, text(bricks), {"bricks": [[b.x, b.y, b.colour] for b in bricks]}))
        return items

    def judge(self, item: Item, answer: str) -> Verdict:
        """The last `valid` or `invalid` in the reply; neither is unreadable."""
        found = _VERDICT.findall(answer.lower())
        if not found:
            return Verdict(False, False, None, reason="neither valid nor invalid in the answer")
        return Verdict(True, found[-1] == item.truth, found[-1])

    def random_answer(self, item: Item, rng: random.Random) -> str:
        """valid or invalid, uniformly."""
        return rng.choice(("valid", "invalid"))


class LCLConstructTask:
    """Asks for a valid construct of a given number of bricks (3 by default, as published)."""

    name = "lcl-construct"
    default_items = 100

    def __init__(self, bricks: int = 3) -> None:
        if not 1 <= bricks <= MAX_BRICKS:
            raise ValueError(f"bricks: {bricks} is not between 1 and {MAX_BRICKS}")
        self.bricks = bricks

    def items(self, count: int, seed: int) -> list[Item]:
        """Every request asks for the same number of bricks."""
        return [Item(n, str(self.bricks), str(self.bricks), {"bricks": self.bricks}) for n in range(1, count + 1)]

    def judge(self, item: Item, answer: str) -> Verdict:
        """Correct when the reply holds exactly the asked number of bricks and they are a valid construct."""
        bricks = parse(answer)
        if not bricks:
            return Verdict(False, False, None, reason="no (x, y, 'colour') tuples in the answer")
        wanted = int(item.truth)
        if len(bricks) > MAX_BRICKS:
            return Verdict(True, False, None, reason=f"more than {MAX_BRICKS} bricks, {wanted} asked")
        if len(bricks) != wanted:
            return Verdict(True, False, text(bricks), reason=f"{len(bricks)} bricks, {wanted} asked")
        reason = why_invalid(bricks)
        return Verdict(True, not reason, text(bricks), reason=reason)

    def random_answer(self, item: Item, rng: random.Random) -> str:
        """Bricks at random studs and layers, as ChildPlay's random player builds them."""
        bricks = [
            Brick(rng.randint(0, 10) * LENGTH, rng.randint(0, 10), rng.choice(COLOURS)) for _ in range(int(item.truth))
        ]
        return text(bricks)
