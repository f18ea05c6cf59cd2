"""A report as rich tables: the leaderboard, the results matrix and the combined score."""

from __future__ import annotations

import math

from rich import box
from rich.table import Table
from rich.text import Text

from arena.analysis.combined import COMPONENTS, PROTOCOL, CombinedRow
from arena.analysis.groups import RatingGroup
from arena.analysis.leaderboard import Leaderboard, PlayerRow
from arena.inert import inert_text
from arena.report.load import sorted_rows

RATING_CAPTION = (
    "rating: Bradley-Terry (Elo scale) with a weak prior, 95% interval; ? under 5 scored matches or a partial "
    "sample (not ranked); "
    "W-D-L-DQ on the board, DQ = own disqualifications, opp DQ = the opponent's (never a win)"
)
KEEP_CAPTION = "; keep: moves keeping the game's value on positions not yet lost / a random legal move's rate there"
MISS_CAPTION = KEEP_CAPTION + "; miss: wins/blocks missed per valid move"
CHESS_CAPTION = (
    "; each move graded by Stockfish at a fixed node budget, each figure beside a random legal move's on the same "
    "positions: acc = mean move accuracy (lichess's per-move formula; not lichess's game accuracy, which --json gives "
    "as game_accuracy), blund = blunders per graded move (lichess's rules: a drop of 0.3 in winning chances, or a "
    "forced mate walked into or lost; each confirmed by a deeper search), acpl = average centipawn loss "
    "(evaluations capped at ±1000)"
)
CHESS_COLUMNS = ("acc", "blund", "acpl")


def number(value: float | None, text: str = "{:.3f}") -> str:
    return "-" if value is None or (isinstance(value, float) and math.isnan(value)) else text.format(value)


GROUPS_APART = (
    "ratings in different groups cannot be compared: no scored match links a player of one group to one of another"
)


def leaderboard_tables(board: Leaderboard, sort: str = "rating") -> list[Table | Text]:
    """One table per comparison group, each group's head-to-head lines, and the unrated players apart."""
    numbers = [group.number for group in board.groups] + ([0] if any(r.group == 0 for r in board.rows) else [])
    shown: list[Table | Text] = []
    for number in numbers:
        shown.append(leaderboard_table(board, sort, number))
        group = next((g for g in board.groups if g.number == number), None)
        if group is not None and group.head_to_head:
            shown.append(head_to_head_table(group))
    if len(board.groups) > 1:
        shown.append(Text(f"{board.game}: {len(board.groups)} comparison groups; {GROUPS_APART}"))
    if len(board.versions) > 1:
        shown.append(mixed_versions_text(board))
    return shown


def mixed_versions_text(board: Leaderboard) -> Text:
    """The warning under a table whose matches were played by different versions (see the run manifest)."""
    mixed = "; ".join(board.versions)
    return Text(f"{board.game}: this table mixes versions ({mixed}): filter by tournament to compare like with like",
                style="bold yellow")  # fmt: skip


def group_title(board: Leaderboard, number: int) -> str:
    """A table's title: the board, and the group when there are several."""
    if number == 0:
        return f"{board.game}: not rated (no scored match)"
    group = next(g for g in board.groups if g.number == number)
    term = first_move_text(board) if len(board.groups) == 1 else group_first_move_text(group)
    if group.anchors:
        term += f"; {group.scale}"
    if len(board.groups) == 1:
        return f"{board.game}: {board.matches} matches; {term}"
    players = len(group.players)
    return f"{board.game}, group {number} of {len(board.groups)}: {players} players, {group.matches} matches; {term}"


def leaderboard_table(board: Leaderboard, sort: str = "rating", group: int | None = None) -> Table:
    """The leaderboard (one group's rows when `group` is given) as a rich table; usage columns when counted."""
    table = Table(
        title=group_title(board, group if group is not None else (board.groups[0].number if board.groups else 0)),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
        caption=RATING_CAPTION + caption_tail(board),
        caption_justify="left",
    )
    usage = any(r.counts.get("prompt_tokens", 0) or r.counts.get("completion_tokens", 0) for r in board.rows)
    missed = "miss sink" if board.sinks else "miss win/blk"
    columns = ["rank", "player", "rating", "95% CI", "n", "W-D-L-DQ", "opp DQ", "win 1st/2nd", "inv/m", "legal 1st/fin"]
    columns += [missed, "blunder", "keep"] + (["tok/m", "$/m"] if usage else [])
    if board.rules == "chess":
        columns[10:13] = CHESS_COLUMNS
    for column in columns:  # a long name folds onto a second line before any number is cut
        table.add_column(column, justify="left" if column in ("player", "W-D-L-DQ") else "right",
                         no_wrap=column != "player", overflow="fold")  # fmt: skip
    for row in sorted_rows(board, sort):
        if group is not None and row.group != group:
            continue
        cells: list[str | Text] = list(leaderboard_cells(row, sinks=board.sinks, chess=board.rules == "chess"))
        cells[0] = inert_text(str(cells[0]))
        if not usage:
            cells = cells[:-2]
        table.add_row(str(row.rank) if row.rank else "-", *cells)
    return table


def head_to_head_table(group: RatingGroup) -> Table:
    """Every pair of the group that met: the leader, the other, matches, and the rating gap with its interval."""
    table = Table(
        title="head to head: rating difference where two players met (95% interval)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
    )
    for column in ("player", "vs"):
        table.add_column(column, overflow="fold")  # long names fold; the numbers are never cut
    for column in ("n", "difference", "95% CI"):
        table.add_column(column, justify="right", no_wrap=True, min_width=len(column))
    for pair in group.head_to_head:
        interval = f"{pair.low:+.0f} to {pair.high:+.0f}"
        table.add_row(
            inert_text(pair.first), inert_text(pair.second), str(pair.matches), f"{pair.difference:+.0f}", interval
        )
    return table


def first_move_text(board: Leaderboard) -> str:
    """The first-move term as fitted, or why it was left out."""
    if len(board.groups) > 1:
        return f"{len(board.groups)} comparison groups, each with its own first-move term"
    return first_move_words(board.first_move, board.first_move_fitted)


def group_first_move_text(group: RatingGroup) -> str:
    """One group's first-move term as fitted, or why it was left out."""
    return first_move_words(group.first_move, group.first_move_fitted)


def first_move_words(advantage: float, fitted: bool) -> str:
    """`first-move advantage +6.8%`, or why there is no such term."""
    return (
        f"first-move advantage {advantage:+.1%}" if fitted else "no first-move term (no two players met in both seats)"
    )


def caption_tail(board: Leaderboard) -> str:
    """What the board's own columns mean, and each partial sample's published record."""
    partial = "".join(f"; partial sample {row.player}: {row.sample.words}" for row in board.rows if row.sample)
    if board.rules == "chess":
        return CHESS_CAPTION + partial
    return (KEEP_CAPTION + "; miss: sinks per valid move" if board.sinks else MISS_CAPTION) + partial


def chess_cells(row: PlayerRow) -> list[str]:
    """Accuracy, blunders per move and centipawn loss, each the player's / a random legal move's."""
    graded = row.counts.get("cp_graded", 0)
    if not graded:
        return ["-", "-", "-"]
    c = row.counts
    return [
        f"{c['accuracy'] / graded:.0f}/{c['random_accuracy'] / graded:.0f}",
        f"{100 * c['blunders'] / graded:.1f}/{100 * c['random_blunders'] / graded:.0f}%",
        f"{c['cp_loss'] / graded:.0f}/{c['random_cp_loss'] / graded:.0f}",
    ]


def leaderboard_cells(
    row: PlayerRow, blunder: str = "{:.1%}", cost: str = "{:.4f}", sinks: bool = False, chess: bool = False
) -> list[str]:
    """One leaderboard row as text: player, rating, interval, n, results, win by seat, rates, tokens and cost."""
    first, second = row.seats
    tokens = row.counts.get("prompt_tokens", 0) + row.counts.get("completion_tokens", 0)
    missed = number(row.per("missed_sinks", "valid"), "{:.2f}")
    if not sinks:
        missed = (
            f"{number(row.per('missed_wins', 'valid'), '{:.2f}')}/{number(row.per('missed_blocks', 'valid'), '{:.2f}')}"
        )
    quality = chess_cells(row) if chess else [missed, number(row.per("blunders", "graded"), blunder), keep_cell(row)]
    return [
        row.player,
        number(row.rating, "{:.0f}") + ("?" if row.rated and row.provisional else ""),
        "-" if math.isnan(row.low) else f"{row.low:.0f}-{row.high:.0f}",
        str(row.scored),
        f"{row.total('wins')}-{row.total('draws')}-{row.total('losses')}-{row.total('disqualified')}",
        str(row.total("opponent_disqualified")),
        seat_shares(share(first.wins, first.matches), share(second.wins, second.matches)),
        number(row.per("invalid", "matches"), "{:.2f}"),
        legal_cell(row),
        *quality,
        number(tokens / row.matches if row.matches and tokens else None, "{:.0f}"),  # none counted: unknown
        number(row.counts.get("cost", 0.0) / row.matches if row.matches and tokens else None, cost),
    ]


def legal_cell(row: PlayerRow) -> str:
    """`92/100%`: turns whose first answer was legal / turns it moved in at all, after any rethinks."""
    turns = row.counts.get("turns", 0)
    if not turns:
        return "-"
    return f"{100 * row.counts['first_try_valid'] / turns:.0f}/{100 * row.counts['valid'] / turns:.0f}%"


def keep_cell(row: PlayerRow) -> str:
    """`72/41%`: moves keeping the value on positions not yet lost / a random legal move's rate on the same ones."""
    graded = row.counts.get("graded_open", 0)
    if not graded:
        return "-"
    return f"{100 * row.counts['optimal_open'] / graded:.0f}/{100 * row.counts['random_keep_open'] / graded:.0f}%"


def seat_shares(first: str, second: str) -> str:
    """`50/40%`, or `0%/-` when a seat was never played (the sign stays with the numbers)."""
    if "-" not in (first, second):
        return f"{first}/{second}%"
    return "/".join(part if part == "-" else f"{part}%" for part in (first, second))


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
        overall = f"{100 * row.overall:.1f}%{'?' if row.provisional else ''} ({len(row.scores)}/7)"
        table.add_row(inert_text(row.player), overall, *cells)
    return table
