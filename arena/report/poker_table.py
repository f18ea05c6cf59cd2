"""Poker's report tables: chips per hand with intervals and graded decisions, mistakes, head to head in chips."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from arena.inert import inert
from arena.report.tables import number


def poker_table(game: str, standing: Any) -> Table:
    """One row per player: chips per hand [95%], decisions, EV given away beside random's, exploitability."""
    table = Table(title=f"{game}: chips per hand (not Elo: the deal's luck drowns wins and losses)", box=None)
    for column in ("rank", "player", "chips/hand", "95% CI", "hands", "decisions", "EV loss", "random", "vs BR",
                   "exploitability mbb (95%)", "floor"):  # fmt: skip
        table.add_column(column, justify="left" if column == "player" else "right")
    for rank, row in enumerate(standing.rows, start=1):
        grades = row.grades
        played = row.hands > 0
        graded = bool(grades and grades.decisions)
        exploit = grades.exploitability if grades else None
        table.add_row(
            str(rank) if played else "-",
            inert(row.player),
            number(row.chips_per_hand, "{:+.3f}") if played else "-",
            f"{row.low:+.3f} to {row.high:+.3f}" if played else "-",
            str(row.hands),
            str(grades.decisions if grades else 0),
            number(grades.ev_loss if graded else None, "{:.3f}"),
            number(grades.random_ev_loss if graded else None, "{:.3f}"),
            number(grades.br_ev_loss if graded else None, "{:.3f}"),
            "-"
            if exploit is None
            else f"{exploit:.1f} ({grades.exploitability_low:.1f}-{grades.exploitability_high:.1f})",
            number(grades.exploitability_floor if grades else None, "{:.1f}"),
        )
    found = standing.game["equilibrium"]
    table.caption = (
        f"chips per hand against other players (self-play left out), 95% bootstrap over deals; EV loss: chips a "
        f"decision gives away against the equilibrium (CFR+, {found['iterations']} iterations, exploitability "
        f"{found['exploitability']:.3f} mbb/hand), random: a random action's on the same decisions; vs BR: against a "
        f"best response to the player's own play; exploitability of the observed strategy (unseen sets play the "
        f"equilibrium), floor: the equilibrium's own figure observed as often (sampling noise alone; uniform random "
        f"play: {standing.game['random_exploitability']:.1f}); 1 chip = 1 big blind"
    )
    return table


def mistakes_table(game: str, standing: Any) -> Table | None:
    """Each player's mistakes by kind (a decision giving away more than 0.01 chip), or None if nobody made one."""
    kinds = sorted({kind for row in standing.rows if row.grades for kind in row.grades.mistakes})
    if not kinds:
        return None
    table = Table(title=f"{game}: mistakes, in poker's words", box=None)
    table.add_column("player")
    for kind in kinds:
        table.add_column(kind, justify="right")
    for row in standing.rows:
        if row.grades and row.grades.mistakes:
            table.add_row(inert(row.player), *(str(row.grades.mistakes.get(kind, 0)) for kind in kinds))
    return table


def poker_pairs_table(game: str, standing: Any) -> Table:
    """Each pair's chips per hand, from the first-named player's side."""
    table = Table(title=f"{game}: head to head, chips per hand", box=None)
    for column in ("player", "vs", "hands", "chips/hand", "95% CI"):
        table.add_column(column, justify="left" if column in ("player", "vs") else "right")
    for pair in standing.pairs:
        table.add_row(inert(pair["player"]), inert(pair["opponent"]), str(pair["hands"]),
                      f"{pair['chips_per_hand']:+.3f}", f"{pair['low']:+.3f} to {pair['high']:+.3f}")  # fmt: skip
    return table
