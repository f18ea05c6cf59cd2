"""The Leaderboard table's columns: what each means (the `?` legend) and how each sorts, both ways."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from arena.analysis.leaderboard import PlayerRow


def _ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else math.nan


def _chess(row: PlayerRow, name: str) -> float:
    return _ratio(row.counts.get(name, 0), row.counts.get("cp_graded", 0))


def _tokens(row: PlayerRow) -> float:
    used = row.counts.get("prompt_tokens", 0) + row.counts.get("completion_tokens", 0)
    return _ratio(used, row.matches) if used else math.nan  # no token counted: unknown, not free


@dataclass(frozen=True)
class Column:
    """A column: its header (chess's where chess grades another thing), its sort value, what it means."""

    label: str
    value: Callable[[PlayerRow], float | str]
    meaning: str
    chess_label: str = ""
    chess_value: Callable[[PlayerRow], float | str] | None = None
    chess_meaning: str = ""
    descending: bool = True  # the first click's direction: the most of it first (names and ranks: A to Z, 1 up)


COLUMNS = (
    Column(
        "grp",
        lambda r: r.group or math.inf,
        "comparison group: players linked by scored matches (ratings compare only within one)",
        descending=False,
    ),
    Column(
        "rank",
        lambda r: r.rank or math.inf,
        "1 + the players of its group whose whole interval lies above this one's (ties share a rank)",
        descending=False,
    ),
    Column(
        "player",
        lambda r: r.player.lower(),
        "the player's identity: spec and prompt family (imported games: the source)",
        descending=False,
    ),
    Column("rating", lambda r: r.rating, "Bradley-Terry rating on the Elo scale, weak prior; ? under 5 scored matches"),
    Column("95% CI", lambda r: r.low, "95% bootstrap interval of the rating (sorted by its lower end)"),
    Column("n", lambda r: r.scored, "scored matches (aborted, failed and cancelled ones are not)"),
    Column(
        "W-D-L-DQ",
        lambda r: _ratio(r.total("wins"), r.scored),
        "wins, draws, losses on the board, own disqualifications (sorted by win rate)",
    ),
    Column(
        "opp DQ",
        lambda r: r.total("opponent_disqualified"),
        "matches the opponent was disqualified in: never counted as a win",
    ),
    Column(
        "win 1st/2nd",
        lambda r: _ratio(r.seats[0].wins, r.seats[0].matches),
        "win rate moving first / second (sorted by the first)",
    ),
    Column("inv/m", lambda r: r.per("invalid", "matches"), "invalid answers per logged match"),
    Column(
        "legal 1st/fin",
        lambda r: r.per("first_try_valid", "turns"),
        "turns whose first answer was legal / turns it moved in after any rethinks (sorted by the first)",
    ),
    Column(
        "miss w/b",
        lambda r: r.per("missed_wins", "valid"),
        "wins / blocks missed per valid move (Battleship: sinks missed)",
        "acc/rnd",
        lambda r: _chess(r, "accuracy"),
        "mean move accuracy (lichess's formula) / a random legal move's on the same positions",
    ),
    Column(
        "blunder",
        lambda r: r.per("blunders", "graded"),
        "moves that turn a won or drawn position into a worse one, per graded move",
        "blund/rnd",
        lambda r: _chess(r, "blunders"),
        "blunders per graded move (a drop of 0.3 in winning chances, or a missed mate in one) / a random move's",
    ),
    Column(
        "keep",
        lambda r: r.per("optimal_open", "graded_open"),
        "moves keeping the game's value on positions not yet lost / a random legal move's rate there",
        "acpl/rnd",
        lambda r: _chess(r, "cp_loss"),
        "average centipawn loss (evaluations capped at 1000) / a random move's",
    ),
    Column("tok/m", _tokens, "tokens per match, prompt and reply (- unknown: engines, imported logs)"),
    Column(
        "$/m",
        lambda r: math.nan if math.isnan(_tokens(r)) else _ratio(r.counts.get("cost", 0.0), r.matches),
        "dollars per match at the provider's list price (- unknown)",
    ),
)
BY_LABEL = {column.label: column for column in COLUMNS}


def header(column: Column, chess: bool) -> str:
    """The column's header for this game."""
    return column.chess_label if chess and column.chess_label else column.label


def sorted_players(rows: list[PlayerRow], label: str, descending: bool, chess: bool) -> list[PlayerRow]:
    """Rows sorted by one column, groups apart (group 1 first, the unrated last), unknown values last both ways."""
    column = BY_LABEL.get(label, BY_LABEL["rating"])
    value = column.chess_value if chess and column.chess_value is not None else column.value

    def number(row: PlayerRow) -> tuple[int, float]:
        found = float(value(row))
        return (1, 0.0) if math.isnan(found) else (0, -found if descending else found)

    by_name = sorted(rows, key=lambda row: row.player)
    if rows and isinstance(value(rows[0]), str):
        ordered = sorted(by_name, key=lambda row: str(value(row)), reverse=descending)
    else:
        ordered = sorted(by_name, key=number)
    return sorted(ordered, key=lambda row: row.group or math.inf)


def next_sort(label: str, descending: bool, chosen: str | None) -> tuple[str, bool]:
    """The sort after a choice: a column (the one sorted by: reversed; another: its natural direction), or None
    for the next column."""
    if chosen is None:
        labels = [column.label for column in COLUMNS]
        chosen = labels[(labels.index(label) + 1) % len(labels)]
    elif chosen == label:
        return label, not descending
    return chosen, BY_LABEL[chosen].descending


def legend(chess: bool) -> list[tuple[str, str]]:
    """Each column's header and meaning, for the `?` panel."""
    return [(header(c, chess), c.chess_meaning if chess and c.chess_meaning else c.meaning) for c in COLUMNS]
