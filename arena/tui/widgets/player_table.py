"""The Leaderboard's table and filters: its rows, a player column as wide as the terminal allows, tournament labels."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable, Static
from textual.widgets.data_table import ColumnKey

from arena.analysis.leaderboard import Leaderboard, PlayerRow
from arena.analysis.moves import MatchAnalysis
from arena.inert import inert_text
from arena.report.tables import leaderboard_cells
from arena.tui.widgets.player_columns import COLUMNS, header

MIN_NAME = 12  # the player column never narrower; wider as the terminal allows, up to the longest name


def fill_rows(table: DataTable[Text], board: Leaderboard, rows: list[PlayerRow], width: int) -> int:
    """Put a board's rows in the table, headers named for the game (chess grades other things), the player column
    as wide as `width` columns of terminal leave it; the name width used."""
    chess = board.rules == "chess"
    cells = [row_cells(row, board.sinks, chess) for row in rows]
    labels = [header(column, chess) for column in COLUMNS]
    widths = [max([len(label), *(len(c[i]) for c in cells)]) for i, label in enumerate(labels)]
    others = sum(w + 2 for i, w in enumerate(widths) if i != 2)
    name_width = max(MIN_NAME, min(widths[2], width - others - 4))  # 4: the scroll bar and the table's edge
    widths[2] = max(len(labels[2]), min(name_width, widths[2]))
    for column, label, fixed in zip(COLUMNS, labels, widths, strict=True):
        shown = table.columns[ColumnKey(column.label)]
        # Fixed widths: the same table however its rows arrived (point ratings first, then the intervals).
        shown.label, shown.auto_width, shown.width = Text(label), False, fixed
    cut = distinct_cuts([row.player for row in rows], name_width)
    for row, texts in zip(rows, cells, strict=True):
        if len(texts[2]) > name_width:
            texts = (*texts[:2], inert_text(cut[row.player]), *texts[3:])
        table.add_row(*texts, key=row.player)
    return name_width


def show_identity(whole: Static, player: str | None, name_width: int) -> None:
    """The highlighted player's whole name above the table, shown when the table cuts it."""
    whole.display = player is not None and len(player) > name_width
    whole.update(inert_text(player or ""))


def shortened(name: str, width: int) -> str:
    """A name cut to `width` in its middle (`llm:gpt-4o…-05-13`): models that share a long prefix differ at the
    end (their dates and sizes), so the cut keeps both ends and the rows stay told apart."""
    if len(name) <= width:
        return name
    head = max(1, (width - 1) // 2)
    return name[:head] + "…" + name[len(name) - (width - 1 - head) :] if width > 2 else name[:width]


def distinct_cuts(names: list[str], width: int) -> dict[str, str]:
    """Each name cut to `width` so that no two read the same: cut in the middle (`shortened`); where two cuts
    coincide, each keeps its head up to the first character that tells it from the others (or a window around that
    character when it lies further in) and its end after `…`; a tie left after that is numbered."""
    cuts = {name: shortened(name, width) for name in names}
    for group in coinciding(cuts):
        for name in group:
            at = max(common_prefix(name, other) for other in group if other != name)  # the first telling character
            if at + 3 <= width:
                cuts[name] = name[: at + 1] + "…" + name[len(name) - (width - at - 2) :]
            elif at < len(name):
                cuts[name] = "…" + name[at - (width - 3) : at + 1] + "…"
    for group in coinciding(cuts):
        for number, name in enumerate(group[1:], 2):
            cuts[name] = shortened(name, width - len(f"#{number}")) + f"#{number}"
    return cuts


def coinciding(cuts: dict[str, str]) -> list[list[str]]:
    """The names whose cuts read the same, in groups."""
    found: dict[str, list[str]] = {}
    for name, cut in cuts.items():
        found.setdefault(cut, []).append(name)
    return [group for group in found.values() if len(group) > 1]


def common_prefix(one: str, other: str) -> int:
    """How many leading characters two names share."""
    count = 0
    for a, b in zip(one, other, strict=False):
        if a != b:
            break
        count += 1
    return count


def row_cells(row: PlayerRow, sinks: bool, chess: bool = False) -> tuple[Text, ...]:
    """One leaderboard row as table cells (Battleship's missed column counts sinks; chess's are graded)."""
    cells = leaderboard_cells(row, blunder="{:.0%}", cost="{:.3f}", sinks=sinks, chess=chess)
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
