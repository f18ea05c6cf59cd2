"""The Leaderboard's table: its columns (with the sort each header picks) and a player's row as cells."""

from __future__ import annotations

from rich.text import Text

from arena.analysis.leaderboard import PlayerRow
from arena.inert import inert_text
from arena.report.tables import leaderboard_cells

COLUMNS = (
    ("player", "player"),
    ("rating", "rating"),
    ("95% CI", "rating"),
    ("n", "matches"),
    ("W-D-L-DQ", "wins"),
    ("opp DQ", "dq"),
    ("win 1st/2nd", "wins"),
    ("inv/m", "invalid"),
    ("miss w/b", "missed-wins"),
    ("blunder", "blunders"),
    ("tok/m", "tokens"),
    ("$/m", "cost"),
)

NAME_WIDTH = 26  # a longer identity is cut in the table; the highlighted row's is shown whole above it


def row_cells(row: PlayerRow, sinks: bool) -> tuple[Text, ...]:
    """One leaderboard row as table cells (Battleship's missed column counts sinks)."""
    cells = leaderboard_cells(row, blunder="{:.0%}", cost="{:.3f}", sinks=sinks)
    if len(cells[0]) > NAME_WIDTH:
        cells[0] = cells[0][: NAME_WIDTH - 1] + "…"
    texts = tuple(inert_text(cell) for cell in cells)
    for position, text in enumerate(texts):
        if position not in (0, 4):  # numbers line up on the right; names and W-D-L-DQ read from the left
            text.justify = "right"
    return texts
