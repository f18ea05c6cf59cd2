"""How often a player chose each cell: the heatmaps' counts, read without matplotlib (the app draws them as text)."""

from __future__ import annotations

from collections.abc import Iterable

from arena.analysis.moves import MatchAnalysis


def move_counts(analyses: Iterable[MatchAnalysis], game: str, player: str) -> tuple[list[list[int]], int]:
    """How often `player` played each cell (Connect-Four: each column) in `game`, and the number of moves."""
    grid: list[list[int]] = []
    total = 0
    for analysis in analyses:
        if analysis.variant != game or player not in analysis.players:
            continue
        rows, cols = analysis.shape
        if not grid:
            grid = [[0] * cols for _ in range(1 if analysis.game == "connect-four" else rows)]
        seats = {seat for seat, name in enumerate(analysis.players) if name == player}
        for move in analysis.moves:
            if move[1] in seats and move[3] and (cell := cell_of(str(move[2]))) is not None:
                r, c = cell
                if r < len(grid) and c < len(grid[0]):
                    grid[r][c] += 1
                    total += 1
    return grid, total


def cell_of(move: str) -> tuple[int, int] | None:
    """The 0-based (row, column) a move names; Connect-Four moves name a column only (row 0), for heatmaps."""
    numbers = [int(part) for part in move.replace(" ", "").split(",") if part.isdigit()]
    if len(numbers) == 1:
        return 0, numbers[0] - 1
    if len(numbers) == 2:
        return numbers[0] - 1, numbers[1] - 1
    return None
