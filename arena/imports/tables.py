"""The agreement of the arena's verdicts with the published ones, as a terminal table."""

from __future__ import annotations

from rich.table import Table

from arena.imports.common import FileCheck
from arena.inert import inert_text


def share(agreeing: int, total: int) -> str:
    """`1185/1185 (100.0%)`, or `-` when nothing was judged."""
    return f"{agreeing}/{total} ({100 * agreeing / total:.1f}%)" if total else "-"


def agreement_table(checks: list[FileCheck]) -> Table:
    """Per file: games and moves whose arena verdict is the published one."""
    table = Table(title="the arena's verdicts against the published ones", title_justify="left")
    for column in ("file", "games agreeing", "moves agreeing", "disagreements"):
        table.add_column(column, justify="left" if column == "file" else "right")
    for check in checks:
        judged = check.games or check.moves
        table.add_row(
            inert_text(check.file),
            share(check.games_agreeing, check.games) if judged else "results only",
            share(check.moves_agreeing, check.moves) if judged else "-",
            str(len(check.disagreements)),
        )
    return table
