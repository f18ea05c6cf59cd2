"""A series of matches as the app plays it: its settings, its running score, and each game's ending in words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arena.match.events import MovePlayed
from arena.match.records import MatchRecord
from games.battleship import Battleship

MARKS = ("X", "O")


def pace_words(pace: float) -> str:
    """The pace between moves as the match screen shows it."""
    shown = "full speed" if not pace else f"{pace:g} s a move"
    return f"pace: {shown} (+ faster, - slower)"


@dataclass
class SeriesScore:
    """The running score of a series, per `--players` entry."""

    wins: list[int] = field(default_factory=lambda: [0, 0])
    disqualified: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    played: int = 0
    unscored: int = 0

    def count(self, record: MatchRecord, owners: tuple[int, int]) -> None:
        """Add a finished game; `owners` maps seats to the series' players (seats swap between games)."""
        outcome = record.outcome
        self.played += 1
        if outcome.termination == "disqualified" and outcome.disqualified is not None:
            self.disqualified[owners[outcome.disqualified]] += 1
        elif outcome.status != "finished":
            self.unscored += 1
        elif outcome.winner is None:
            self.draws += 1
        else:
            self.wins[owners[outcome.winner]] += 1

    def text(self, names: tuple[str, str]) -> str:
        """The score in one line."""
        text = f"{names[0]} {self.wins[0]} · {names[1]} {self.wins[1]} · draws {self.draws}"
        if any(self.disqualified):
            dq = self.disqualified
            text += f" · disqualified {names[0]} {dq[0]}, {names[1]} {dq[1]}"
        if self.unscored:
            text += f" · unscored {self.unscored}"
        return text


def outcome_text(record: MatchRecord) -> str:
    """How a match ended, in words: who won and why, or why it is not scored."""
    outcome = record.outcome
    detail = f": {outcome.detail}" if outcome.detail else ""

    def who(seat: int) -> str:
        return f"{record.players[seat].spec} ({side_name(record.game, seat)})"

    if outcome.status == "aborted":
        return "Aborted: not scored"
    if outcome.status == "error":
        return f"Error, not scored{detail}"
    if outcome.status == "cancelled":
        return f"Cancelled, not scored{detail}"
    if outcome.termination == "disqualified" and outcome.disqualified is not None:
        return f"{who(outcome.disqualified)} disqualified{detail}"
    if outcome.winner is None:
        return f"Draw{detail}"
    if outcome.termination == "invalid move":
        return f"{who(outcome.winner)} wins: {who(1 - outcome.winner)} made an invalid move{detail}"
    return f"{who(outcome.winner)} wins{detail}"


def move_words(game: Any, event: MovePlayed) -> str:
    """'played 2,3', or for Battleship 'fired at 2,3: hit' (miss, or which ship sank)."""
    if game.name.endswith("-poker"):
        return f"says {event.move}"
    if not isinstance(game, Battleship):
        return f"played {event.move}"
    view = game.observe(event.state, event.seat)
    shot = event.state.shots[event.seat][-1]
    if shot not in view.hits:
        return f"fired at {event.move}: miss"
    sunk = next((ship for ship in view.sunk if shot in ship.cells), None)
    return f"fired at {event.move}: hit" + (f", sank a ship of {len(sunk.cells)}" if sunk else "")


def your_move(game: str, seat: int) -> str:
    """What a person is told when it is their move: their side (White or Black at chess, else a mark) and how."""
    if game.endswith("-poker"):  # a key acts at once
        return f"Your move as {side_name(game, seat)}: {move_hint(game)}."
    return f"Your move as {side_name(game, seat)}: {move_hint(game)}, then Enter."


def side_name(game: str, seat: int) -> str:
    """A seat as its game names it: White or Black at chess, else its mark (X, O)."""
    if game.endswith("-poker"):
        return ("player 1", "player 2")[seat]
    return ("White", "Black")[seat] if game == "chess" else MARKS[seat]


def move_hint(game: str) -> str:
    """How a person plays a move in this game."""
    if game == "chess":
        return "click a piece, then its square (or type e4, Nf3, O-O, e2e4)"
    if game.endswith("-poker"):
        return "c check/call, b bet/raise, f fold (or arrows + Enter, or a click)"
    return (
        "click a column or type its number"
        if game == "connect-four"
        else "click a cell, arrows + Enter, or type row,col"
    )
