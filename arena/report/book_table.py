"""A chess board's play in and out of book and by ply band, as a Rich table (arena.analysis.book)."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from arena.inert import inert_text


def percent(value: float | None, scale: float = 100.0) -> str:
    return "-" if value is None else f"{value * scale:.0f}%" if scale != 1.0 else f"{value:.1f}"


def book_table(game: str, book: dict[str, Any]) -> Table:
    """Per player and slice: first-try legality, accuracy and best moves, each beside the random mover's."""
    games = book["games"]
    left = [g["exit_ply"] for g in games if g["exit_ply"] is not None]
    caption = (f"{len(games)} games from the standard start; {len(left)} left Lichess's named openings, at ply "
               f"{sorted(left)[len(left) // 2] if left else '-'} (median). In book: the moves before the one that "
               "left; ply bands count from the start. random: a random legal mover in the same positions.")  # fmt: skip
    table = Table(title=f"{game}: in and out of book", caption=caption)
    for column in ("player", "slice", "turns", "first-try legal", "graded", "accuracy", "random", "best", "random"):
        table.add_column(column, justify="left" if column in ("player", "slice") else "right")
    for player, slices in book["players"].items():
        for number, (name, cut) in enumerate(slices.items()):
            table.add_row(
                inert_text(player) if number == 0 else "", name, str(cut["turns"]), percent(cut["first_try_legal"]),
                str(cut["graded_moves"]), percent(cut["accuracy"], 1.0), percent(cut["random_accuracy"], 1.0),
                percent(cut["best"]), percent(cut["random_best"]),
            )  # fmt: skip
        table.add_section()
    return table
