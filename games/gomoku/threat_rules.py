"""The first Gomoku engine, kept as a baseline: threat rules (five, four, open four, open three), then alpha-beta.

Works for any k-in-a-row board (k >= 3), so it also plays large tic-tac-toe variants.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from games.base import Cell
from games.mnk import GridState

FIVE = 10_000_000
OPEN_FOUR = 1_000_000
FOUR_THREE = 100_000
DOUBLE_THREE = 50_000
FOUR = 10_000
OPEN_THREE = 5_000
WIN_SCORE = 1_000_000_000
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


@dataclass(frozen=True)
class Threats:
    """What one stone would make for its owner: a line, completion cells of fours, open-four cells."""

    five: bool
    four_cells: frozenset[int]
    open_three_cells: frozenset[int]
    score: int


@dataclass
class Board:
    """A mutable copy of a grid position used inside the search."""

    rows: int
    cols: int
    k: int
    cells: list[int]
    rays: list[list[list[int | None]]] = field(init=False)

    def __post_init__(self) -> None:
        reach = self.k
        self.rays = []
        for index in range(self.rows * self.cols):
            r, c = divmod(index, self.cols)
            per_direction = []
            for dr, dc in DIRECTIONS:
                ray: list[int | None] = []
                for step in range(-reach, reach + 1):
                    rr, cc = r + dr * step, c + dc * step
                    ray.append(rr * self.cols + cc if 0 <= rr < self.rows and 0 <= cc < self.cols else None)
                per_direction.append(ray)
            self.rays.append(per_direction)

    def threats(self, index: int, stone: int) -> Threats:
        """Classify what placing `stone` on empty `index` makes, over all four directions."""
        k, cells = self.k, self.cells
        five = False
        fours: set[int] = set()
        threes: set[int] = set()
        four_lines = three_lines = 0
        development = 0
        for ray in self.rays[index]:
            line = [(-1 if i is None else (stone if i == index else cells[i])) for i in ray]
            centre = k
            line_fours: set[int] = set()
            line_threes: set[int] = set()
            for start in range(centre - k + 1, centre + 1):
                window = line[start : start + k]
                if any(v != stone and v != 0 for v in window):
                    continue
                count = window.count(stone)
                development += count * count
                if count == k:
                    five = True
                elif count == k - 1:
                    line_fours.add(ray[start + window.index(0)])  # type: ignore[arg-type]
            # An open three: one more stone makes a straight four with both ends free.
            for start in range(centre - k, centre + 1):
                if start < 0 or start + k + 1 > len(line):
                    continue
                window = line[start : start + k + 1]
                if window[0] != 0 or window[-1] != 0:
                    continue
                inner = window[1:-1]
                if inner.count(stone) == k - 2 and inner.count(0) == 1:
                    line_threes.add(ray[start + 1 + inner.index(0)])  # type: ignore[arg-type]
            fours |= line_fours
            threes |= line_threes
            four_lines += bool(line_fours)
            three_lines += bool(line_threes) and not line_fours
        if five:
            score = FIVE
        elif len(fours) >= 2:
            score = OPEN_FOUR
        elif fours and three_lines:
            score = FOUR_THREE
        elif three_lines >= 2:
            score = DOUBLE_THREE
        elif fours:
            score = FOUR
        elif three_lines:
            score = OPEN_THREE
        else:
            score = 0
        return Threats(five, frozenset(fours), frozenset(threes), score + development)

    def candidates(self) -> list[int]:
        """Empty cells within two steps of a stone (the centre on an empty board)."""
        cells, cols, rows = self.cells, self.cols, self.rows
        near: set[int] = set()
        for index, v in enumerate(cells):
            if v:
                r, c = divmod(index, cols)
                for dr in range(-2, 3):
                    for dc in range(-2, 3):
                        rr, cc = r + dr, c + dc
                        if 0 <= rr < rows and 0 <= cc < cols and not cells[rr * cols + cc]:
                            near.add(rr * cols + cc)
        if not near and 0 in cells:
            return [(rows // 2) * cols + cols // 2]
        return sorted(near)


@dataclass
class ThreatRulesEngine:
    """Threat-aware alpha-beta under a per-move time budget."""

    budget: float = 1.0
    width: int = 10
    max_depth: int = 4
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def best_move(self, state: GridState, k: int = 5) -> Cell:
        """The chosen cell."""
        board = Board(state.rows, state.cols, k, list(state.cells))
        me = state.to_move + 1
        index = self.choose(board, me, time.perf_counter() + self.budget)
        return Cell(*divmod(index, state.cols))

    def ranked(self, board: Board, me: int) -> list[tuple[int, int, Threats, Threats]]:
        """Candidates with (value, index, my threats, opponent's threats), best first."""
        opp = 3 - me
        rows = []
        for index in board.candidates():
            mine = board.threats(index, me)
            theirs = board.threats(index, opp)
            rows.append((mine.score + (theirs.score * 9) // 10, index, mine, theirs))
        rows.sort(key=lambda row: (-row[0], row[1]))
        return rows

    def forced(self, board: Board, me: int) -> tuple[int | None, list[int]]:
        """A move the threat rules dictate, or the restricted list of moves to search."""
        ranked = self.ranked(board, me)
        if not ranked:
            raise ValueError("no legal move")
        for _, index, mine, _ in ranked:
            if mine.five:
                return index, []
        blocks = [index for _, index, _, theirs in ranked if theirs.five]
        if blocks:
            return blocks[0], []
        for _, index, mine, _ in ranked:
            if mine.score >= OPEN_FOUR:
                return index, []
        opponent_open_fours = [index for _, index, _, theirs in ranked if theirs.score >= OPEN_FOUR]
        if opponent_open_fours:
            # Meet the open three now: take a cell that stops it, or make a four that forces a reply.
            replies = set(opponent_open_fours)
            for index in opponent_open_fours:
                replies |= board.threats(index, 3 - me).four_cells
            replies |= {index for _, index, mine, _ in ranked if mine.four_cells}
            moves = [index for _, index, _, _ in ranked if index in replies]
            return None, moves
        return None, [index for _, index, _, _ in ranked]

    def choose(self, board: Board, me: int, deadline: float) -> int:
        """Threat rules, then iterative-deepening alpha-beta over the best candidates."""
        move, moves = self.forced(board, me)
        if move is not None:
            return move
        if len(moves) == 1:
            return moves[0]
        moves = moves[: self.width]
        best = moves[0]
        for depth in range(1, self.max_depth + 1):
            try:
                best = self.root(board, me, moves, depth, deadline)
            except TimeoutError:
                break
            if time.perf_counter() > deadline - 0.0:
                break
        return best

    def root(self, board: Board, me: int, moves: list[int], depth: int, deadline: float) -> int:
        """Best root move at a fixed depth."""
        alpha, best = -WIN_SCORE * 2, moves[0]
        for index in moves:
            board.cells[index] = me
            try:
                value = -self.search(board, 3 - me, depth - 1, -WIN_SCORE * 2, -alpha, deadline)
            finally:
                board.cells[index] = 0
            if value > alpha:
                alpha, best = value, index
        return best

    def search(self, board: Board, me: int, depth: int, alpha: int, beta: int, deadline: float) -> int:
        """Negamax value for the side to move (`me`)."""
        if time.perf_counter() > deadline:
            raise TimeoutError
        ranked = self.ranked(board, me)
        if not ranked:
            return 0
        if ranked[0][2].five or any(mine.five for _, _, mine, _ in ranked[:3]):
            return WIN_SCORE
        if depth == 0:
            mine_best = max(mine.score for _, _, mine, _ in ranked)
            theirs_best = max(theirs.score for _, _, _, theirs in ranked)
            return mine_best - (theirs_best * 9) // 10
        for _, index, _, _ in ranked[: self.width]:
            board.cells[index] = me
            try:
                value = -self.search(board, 3 - me, depth - 1, -beta, -alpha, deadline)
            finally:
                board.cells[index] = 0
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
        return alpha


def one_ply_move(state: GridState, rng: random.Random, k: int = 5) -> Cell:
    """A weak baseline: win now if possible, else block an immediate five, else play at random."""
    board = Board(state.rows, state.cols, k, list(state.cells))
    me = state.to_move + 1
    empty = [i for i, v in enumerate(state.cells) if not v]
    for stone in (me, 3 - me):
        for index in empty:
            if board.threats(index, stone).five:
                return Cell(*divmod(index, state.cols))
    return Cell(*divmod(rng.choice(empty), state.cols))
