"""A report as rich tables: the leaderboard, the results matrix and the combined score."""

from __future__ import annotations

import math

from rich import box
from rich.table import Table
from rich.text import Text

from arena.analysis.combined import COMPONENTS, PROTOCOL, CombinedRow
from arena.analysis.leaderboard import Leaderboard, PlayerRow
from arena.inert import inert_text
from arena.report.load import sorted_rows

RATING_CAPTION = (
    "rating: Bradley-Terry (Elo scale) with a weak prior, 95% interval; ? under 5 scored matches; "
    "W-D-L-DQ on the board, DQ = own disqualifications, opp DQ = the opponent's (never a win)"
)
MISS_CAPTION = "; miss: wins/blocks missed per valid move"


def number(value: float | None, text: str = "{:.3f}") -> str:
    return "-" if value is None or (isinstance(value, float) and math.isnan(value)) else text.format(value)


def leaderboard_table(board: Leaderboard, sort: str = "rating") -> Table:
    """The leaderboard as a rich table (token and cost columns only when some model was paid or counted)."""
    table = Table(
        title=f"{board.game}: {board.matches} matches; {first_move_text(board)}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
        caption=RATING_CAPTION + ("; miss: sinks per valid move" if board.sinks else MISS_CAPTION),
        caption_justify="left",
    )
    usage = any(r.counts.get("prompt_tokens", 0) or r.counts.get("completion_tokens", 0) for r in board.rows)
    missed = "miss sink" if board.sinks else "miss win/blk"
    columns = ["player", "rating", "95% CI", "n", "W-D-L-DQ", "opp DQ", "win 1st/2nd", "inv/m", missed, "blunder"]
    columns += ["tok/m", "$/m"] if usage else []
    for column in columns:
        table.add_column(column, justify="left" if column in ("player", "W-D-L-DQ") else "right", no_wrap=True)
    for row in sorted_rows(board, sort):
        cells: list[str | Text] = list(leaderboard_cells(row, sinks=board.sinks))
        cells[0] = inert_text(str(cells[0]))
        if not usage:
            cells = cells[:-2]
        table.add_row(*cells)
    return table


def first_move_text(board: Leaderboard) -> str:
    """The first-move term as fitted, or why it was left out."""
    if board.first_move_fitted:
        return f"first-move advantage {board.first_move:+.1%}"
    return "no first-move term (no two players met in both seats)"


def leaderboard_cells(row: PlayerRow, blunder: str = "{:.1%}", cost: str = "{:.4f}", sinks: bool = False) -> list[str]:
    """One leaderboard row as text: player, rating, interval, n, results, win by seat, rates, tokens and cost."""
    first, second = row.seats
    tokens = row.counts.get("prompt_tokens", 0) + row.counts.get("completion_tokens", 0)
    missed = number(row.per("missed_sinks", "valid"), "{:.2f}")
    if not sinks:
        missed = (
            f"{number(row.per('missed_wins', 'valid'), '{:.2f}')}/{number(row.per('missed_blocks', 'valid'), '{:.2f}')}"
        )
    return [
        row.player,
        number(row.rating, "{:.0f}") + ("?" if row.rated and row.provisional else ""),
        "-" if math.isnan(row.low) else f"{row.low:.0f}-{row.high:.0f}",
        str(row.scored),
        f"{row.total('wins')}-{row.total('draws')}-{row.total('losses')}-{row.total('disqualified')}",
        str(row.total("opponent_disqualified")),
        f"{share(first.wins, first.matches)}/{share(second.wins, second.matches)}%",
        number(row.per("invalid", "matches"), "{:.2f}"),
        missed,
        number(row.per("blunders", "graded"), blunder),
        number(tokens / row.matches if row.matches else None, "{:.0f}"),
        number(row.counts.get("cost", 0.0) / row.matches if row.matches else None, cost),
    ]


def share(count: int, total: int) -> str:
    """A whole percentage, or - without matches."""
    return f"{100 * count / total:.0f}" if total else "-"


def matrix_table(board: Leaderboard, numbers_only: bool = False) -> Table:
    """Player x player: the row player's wins-draws-losses (and DQs) against the column player.

    `numbers_only` labels rows by number alone (a narrow screen: `matrix_legend` names them), so long player
    names never squeeze the cells.
    """
    names = board.players()
    table = Table(
        title=f"{board.game}: results of the row player (W-D-L, +DQ)", title_justify="left", box=box.SIMPLE_HEAD
    )
    table.add_column("player", no_wrap=True)
    for column, _ in enumerate(names, 1):
        table.add_column(str(column), justify="right", no_wrap=True)
    for index, name in enumerate(names, 1):
        cells = [matrix_cell(board.matrix.get((name, other))) if other != name else "·" for other in names]
        table.add_row(inert_text(str(index) if numbers_only else f"{index} {name}"), *cells)
    return table


def matrix_legend(board: Leaderboard) -> Table:
    """The players behind the matrix's numbers, in full."""
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="bold")
    table.add_column(overflow="fold")
    for index, name in enumerate(board.players(), 1):
        table.add_row(str(index), inert_text(name))
    return table


def matrix_cell(counts: list[int] | None) -> str:
    """`3-1-0` or `3-1-0+2` with disqualifications; blank for pairs that never met."""
    if not counts:
        return ""
    text = f"{counts[0]}-{counts[1]}-{counts[2]}"
    return text + (f"+{counts[3]}" if counts[3] else "")


def combined_table(rows: list[CombinedRow]) -> Table:
    """ChildPlay's combined score: one measure per task and their mean, per model and temperature."""
    table = Table(
        title="combined score (ChildPlay, Figure 9)",
        title_justify="left",
        caption=PROTOCOL,
        caption_justify="left",
        box=box.SIMPLE_HEAD,  # one table style: the leaderboard's and the matrix's
    )
    table.add_column("player")
    table.add_column("overall", justify="right")
    for name in COMPONENTS:
        table.add_column(name, justify="right")
    for row in rows:
        cells = [f"{100 * row.scores[n]:.0f}% ({row.counts[n]})" if n in row.scores else "-" for n in COMPONENTS]
        table.add_row(inert_text(row.player), f"{100 * row.overall:.1f}% ({len(row.scores)}/7)", *cells)
    return table
