"""The Leaderboard's table and filters: its columns (with the sort each header picks), rows, tournament labels."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey

from arena.analysis.leaderboard import Leaderboard, PlayerRow
from arena.analysis.moves import MatchAnalysis
from arena.inert import inert_text
from arena.report.tables import leaderboard_cells

COLUMNS = (
    ("grp", "rating"),
    ("rank", "rating"),
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
    ("keep", "keep"),
    ("tok/m", "tokens"),
    ("$/m", "cost"),
)

NAME_WIDTH = 26  # a longer identity is cut in the table; the highlighted row's is shown whole above it


CHESS_LABELS = {"miss w/b": "acc/rnd", "blunder": "blund/rnd", "keep": "acpl/rnd"}


def fill_rows(table: DataTable[Text], board: Leaderboard, rows: list[PlayerRow]) -> None:
    """Put a board's rows in the table, its headers named for the game (chess grades other things)."""
    chess = board.rules == "chess"
    for label, _ in COLUMNS:
        table.columns[ColumnKey(label)].label = Text(CHESS_LABELS.get(label, label) if chess else label)
    for row in rows:
        table.add_row(*row_cells(row, board.sinks, chess), key=row.player)


def row_cells(row: PlayerRow, sinks: bool, chess: bool = False) -> tuple[Text, ...]:
    """One leaderboard row as table cells (Battleship's missed column counts sinks; chess's are graded)."""
    cells = leaderboard_cells(row, blunder="{:.0%}", cost="{:.3f}", sinks=sinks, chess=chess)
    if len(cells[0]) > NAME_WIDTH:
        cells[0] = cells[0][: NAME_WIDTH - 1] + "…"
    cells = [str(row.group) if row.group else "-", str(row.rank) if row.rank else "-", *cells]
    texts = tuple(inert_text(cell) for cell in cells)
    for position, text in enumerate(texts):
        if position not in (2, 6):  # numbers line up on the right; names and W-D-L-DQ read from the left
            text.justify = "right"
    return texts


def tournament_options(analyses: list[MatchAnalysis], game: str) -> list[tuple[str, str]]:
    """A game's tournaments, latest first, each told by its last date, size and players (not a bare id)."""
    found: dict[str, list[MatchAnalysis]] = {}
    for analysis in analyses:
        if analysis.variant == game and analysis.tournament:
            found.setdefault(analysis.tournament, []).append(analysis)
    options = []
    for tournament, matches in sorted(found.items(), key=lambda item: max(a.ended_at for a in item[1]), reverse=True):
        players = sorted({p for a in matches for p in a.players})
        names = ", ".join(players[:3]) + (f" +{len(players) - 3}" if len(players) > 3 else "")
        options.append((f"{max(a.ended_at for a in matches)[:10]} · {len(matches):,} matches · {names}", tournament))
    return options
