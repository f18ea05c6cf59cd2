"""Trivial baselines of the hard-boards quiz: what answering without thinking scores on the same boards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.ttt_hard_boards.dataset import Board


@dataclass(frozen=True)
class Baselines:
    """Scores of strategies that never look at the position, out of `boards`."""

    boards: int
    first_empty: int  # always the first empty cell in reading order
    best_cell: int  # the one cell number that scores most when answered every time
    best_cell_score: int
    random_mean: float  # a uniformly random legal cell: expected score
    random_low: int  # and its central 95% range
    random_high: int

    def lines(self) -> list[str]:
        """The baselines as sentences, for the end screen, --sessions and the README."""
        return [
            f"Trivial baselines on these {self.boards} boards: always the first empty cell {self.first_empty}/"
            f"{self.boards}; always cell {self.best_cell} {self.best_cell_score}/{self.boards} (the cell most often "
            f"optimal); a random legal cell {self.random_mean:.1f}/{self.boards} on average "
            f"(95% of runs {self.random_low}-{self.random_high})."
        ]


def empty_cells(board: Board) -> list[int]:
    """The free cells (1-9) of a board, in reading order."""
    return [i + 1 for i, ch in enumerate(board.key) if ch not in "XO"]


def baselines(boards: Sequence[Board]) -> Baselines:
    """Exact scores: the random player's distribution is the Poisson-binomial of each board's chance."""
    first = sum(board.is_correct(empty_cells(board)[0]) for board in boards if empty_cells(board))
    per_cell = {cell: sum(board.is_correct(cell) for board in boards) for cell in range(1, 10)}
    best = max(per_cell, key=lambda cell: (per_cell[cell], -cell))
    chances = [len(board.optimal_moves) / len(empty_cells(board)) for board in boards if empty_cells(board)]
    distribution = [1.0]
    for chance in chances:
        grown = [0.0] * (len(distribution) + 1)
        for score, weight in enumerate(distribution):
            grown[score] += weight * (1 - chance)
            grown[score + 1] += weight * chance
        distribution = grown
    return Baselines(
        boards=len(boards),
        first_empty=first,
        best_cell=best,
        best_cell_score=per_cell[best],
        random_mean=sum(chances),
        random_low=_quantile(distribution, 0.025),
        random_high=_quantile(distribution, 0.975),
    )


def _quantile(distribution: list[float], share: float) -> int:
    """The smallest score whose cumulative probability reaches `share`."""
    total = 0.0
    for score, weight in enumerate(distribution):
        total += weight
        if total >= share - 1e-12:
            return score
    return len(distribution) - 1
