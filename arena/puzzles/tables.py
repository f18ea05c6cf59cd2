"""The puzzle figures as a Rich table, for the command line and the report."""

from __future__ import annotations

from rich.table import Table

from arena.inert import inert_text
from arena.puzzles.metrics import PuzzleRow


def puzzle_table(rows: list[PuzzleRow]) -> Table:
    """Per player and puzzle set: Lichess's and the benchmark's scores, the rating, the random mover's figures."""
    caption = (
        "solved: every move of the line found (a mate accepted, Lichess's rules); first move: the "
        "benchmark's rule. rating: maximum likelihood on the puzzle scale, 95% interval; Glicko-2 and "
        "adjusted: the benchmark's own figures (order-dependent), comparable with its published table. "
        "random: a random legal mover's expected score on the same puzzles."
    )
    table = Table(title="Chess puzzles", caption=caption)
    for column in ("player", "set", "puzzles", "solved", "random", "first move", "random", "illegal", "unreadable",
                   "rating [95%]", "random", "Glicko-2", "adjusted"):  # fmt: skip
        table.add_column(column, justify="left" if column in ("player", "set") else "right")
    for row in rows:
        table.add_row(
            inert_text(row.player), inert_text(row.puzzle_set), str(row.attempted), str(row.solved),
            f"{row.random_solved:.1f}", str(row.first_right), f"{row.random_first_right:.1f}", str(row.illegal),
            str(row.unreadable), f"{row.rating:.0f} [{row.low:.0f}, {row.high:.0f}]", f"{row.random_rating:.0f}",
            str(row.glicko), str(row.adjusted),
        )  # fmt: skip
    return table
