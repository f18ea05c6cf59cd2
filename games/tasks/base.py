"""What every task module provides: seeded items, a text rendering, a judge, and a random baseline answer."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Item:
    """One question: its number in the run, the hidden truth, and what the asker is shown."""

    number: int
    truth: str  # the right answer in the task's own terms (a shape, "valid", a SMILES, a brick count)
    shown: str  # the question's content as text (a grid, bricks as tuples, an ASCII molecule)
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    """How an answer was judged: `readable` False means no answer could be read (never counted as a guess)."""

    readable: bool
    correct: bool
    read: str | None = None  # the answer as read (a shape name, "valid", a canonical SMILES, a construct)
    scores: dict[str, float] = field(default_factory=dict)
    reason: str = ""


class Task(Protocol):
    """A task: a name, its default run size, and pure functions over items."""

    name: str
    default_items: int

    def items(self, count: int, seed: int) -> list[Item]:
        """`count` items from `seed`: the same seed gives the same items."""
        ...

    def judge(self, item: Item, answer: str) -> Verdict:
        """Judge a reply to an item."""
        ...

    def random_answer(self, item: Item, rng: random.Random) -> str:
        """The random baseline's reply to an item."""
        ...
