"""Poker's standing in the Leaderboard: chips per hand with intervals and graded decisions, not Elo."""

from __future__ import annotations

from typing import Any

from rich.console import Group

from arena.analysis.moves import MatchAnalysis
from arena.report.load import PokerStanding, poker_standing
from arena.report.poker_table import mistakes_table, poker_pairs_table, poker_table
from arena.tui.widgets.table_style import house_style


def standing_of(analyses: list[MatchAnalysis], game: str) -> PokerStanding:
    """The game's chips per hand and grades (seconds at Leduc: call it off the screen's thread)."""
    return poker_standing(analyses, game)


def standing_view(game: str, standing: PokerStanding, variables: dict[str, str]) -> Any:
    """The two poker tables in the app's style."""
    tables = [poker_table(game, standing), mistakes_table(game, standing), poker_pairs_table(game, standing)]
    return Group(*(part for table in tables if table is not None for part in (house_style(table, variables), "")))
