"""The hard-boards quiz: 50 boards, whose turn inferred, on the published sheet or a numbered, shuffled one."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from games.base import IllegalMove, InvalidMove
from games.ttt_hard_boards.dataset import Board
from games.ttt_hard_boards.keys import side_to_move

PUBLISHED_HUMAN_MEAN = 42
PUBLISHED_HUMAN_SCORES = (43, 41, 42)
INFER = "infer"  # the published protocol: the answerer works out whose turn it is
TOLD = "told"  # the option: the sheet names the mark to play
PROTOCOLS = (INFER, TOLD)
Sheet = Literal["published", "numbered"]
PUBLISHED: Sheet = "published"  # CloudWalk's sheet: fixed order, cells numbered once at the top, `-` for empty
NUMBERED: Sheet = "numbered"  # the arena's option: a seeded shuffle, each board's empty cells numbered
SHEETS = (PUBLISHED, NUMBERED)
RULE = "X always moves first."
NUMBERING = "\n---+---+---\n".join(" " + " | ".join(str(r * 3 + c + 1) for c in range(3)) + " " for r in range(3))


def quiz_order(keys: list[str], seed: int) -> list[str]:
    """The boards in a seeded shuffled order (independent of the input order)."""
    order = sorted(keys)
    random.Random(seed).shuffle(order)
    return order


def grid(key: str, numbered: bool) -> str:
    """A 3x3 drawing of a board key: empty cells show their number, or `-` as on the published sheet."""
    cells = [ch if ch in "XO" or numbered else "-" for ch in key]
    if numbered:
        rows = [" " + " | ".join(cells[r * 3 : r * 3 + 3]) for r in range(3)]
    else:
        rows = [" " + " | ".join(cells[r * 3 : r * 3 + 3]) + " " for r in range(3)]
    return "\n---+---+---\n".join(rows)


def sheet(key: str, protocol: str = INFER, style: str = NUMBERED) -> str:
    """One question as the sheet shows it: numbered empty cells, or the published sheet's `-`."""
    drawing = grid(key, numbered=style == NUMBERED)
    if protocol == TOLD:
        ask = f"You play {side_to_move(key)}. Choose the best cell (1-9)."
    else:
        ask = "Work out whose turn it is, then choose the best cell (1-9)."
    return f"{drawing}\n\n{RULE} {ask}"


def parse_answer(key: str, text: str) -> int:
    """A cell 1-9 that is empty on this board; InvalidMove or IllegalMove says why not."""
    stripped = text.strip()
    if not stripped.isdigit():
        raise InvalidMove(f"{stripped[:20]!r} is not a number; answer with a cell from 1 to 9")
    cell = int(stripped)
    if not 1 <= cell <= 9:
        raise IllegalMove(f"{cell} is out of range; cells are numbered 1 to 9")
    if key[cell - 1] in "XO":
        raise IllegalMove(f"cell {cell} is already taken by {key[cell - 1]}")
    return cell


@dataclass(frozen=True)
class Verdict:
    """How an answer was judged."""

    correct: bool
    best: tuple[int, ...]


def judge(board: Board, cell: int) -> Verdict:
    """Correct iff the move's value equals the best value (the speed of a win is ignored)."""
    return Verdict(board.is_correct(cell), board.optimal_moves)
