"""Charts drawn with text for the terminal: rating intervals, results by seat, a player's move heatmap."""

from __future__ import annotations

import math

from rich.text import Text

from arena.analysis.leaderboard import Leaderboard
from arena.analysis.move_counts import move_counts
from arena.analysis.moves import MatchAnalysis

BAR = 30  # characters of a chart bar


def rating_chart(board: Leaderboard) -> Text:
    """Each player's rating as a dot on a shared axis, its 95% interval as a bar around it."""
    rows = [row for row in board.rows if not math.isnan(row.rating)]
    if not rows:
        return Text("no scored matches")
    low, high = min(r.low for r in rows), max(r.high for r in rows)
    span = (high - low) or 1.0
    width = max(len(r.player) for r in rows)
    text = Text(f"ratings, 95% intervals ({low:.0f} to {high:.0f})\n", style="bold")
    for row in rows:
        start, end, dot = (round((v - low) / span * (BAR - 1)) for v in (row.low, row.high, row.rating))
        line = [" "] * BAR
        for i in range(start, end + 1):
            line[i] = "─"
        line[start], line[end], line[dot] = "├", "┤", "●"
        text.append(f"{row.player:<{width}} ")
        text.append("".join(line), style="cyan")
        text.append(f" {row.rating:.0f}\n")
    return text


def seat_chart(board: Leaderboard) -> Text:
    """Topsakal's picture: win/draw/loss/DQ shares as first and as second player, as stacked bars."""
    width = max((len(r.player) for r in board.rows), default=6)
    text = Text("results as first | as second player (", style="bold")
    for label, style in (("win", "green"), ("draw", "white"), ("loss", "red"), ("DQ", "magenta")):
        text.append(f" {label}", style=style)
    text.append(" )\n")
    half = BAR // 2
    for row in board.rows:
        text.append(f"{row.player:<{width}} ")
        for seat in row.seats:
            counts = (seat.wins, seat.draws, seat.losses, seat.disqualified)
            widths = [round(half * c / seat.matches) if seat.matches else 0 for c in counts]
            for count, style in zip(widths, ("green", "white", "red", "magenta"), strict=True):
                text.append("█" * count, style=style)
            text.append(" " * (half - sum(widths)) + " │ ")
        text.append("\n")
    return text


def heat_chart(analyses: list[MatchAnalysis], game: str, player: str) -> Text:
    """ChildPlay's move heatmap for one player: how often it chose each cell (Connect-Four: column)."""
    grid, total = move_counts(analyses, game, player)
    text = Text(f"where {player} played ({total} moves)\n", style="bold")
    if not total:
        return text
    top = max(max(row) for row in grid) or 1
    for row in grid:
        for count in row:
            level = count / top
            shade = int(40 + 215 * level)
            cell = f"{100 * count / total:3.0f}%" if len(row) <= 9 else "  "
            text.append(f" {cell} ", style=f"black on rgb({shade // 3},{shade},{shade // 2})")
        text.append("\n")
    return text
