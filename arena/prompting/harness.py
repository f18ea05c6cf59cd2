"""The harness around a model's prompt, as an experimental variable: how it may rethink an illegal move, and
whether it sees the legal moves, the moves so far and which board form.

Every option is part of a player's identity and recorded with each match. The defaults are what the arena
did before the options existed, so older records keep their players' names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# How a model is asked again after an illegal or unreadable answer (Kaggle's Game Arena's four ways, and none):
# none: no second try (an illegal answer ends the match, whatever the invalid-move policy);
# retry: the same prompt again, not a word about the failure; illegal: "your answer X was illegal";
# list: every illegal answer of the turn; rule: the game's own reason.
RETHINK_MODES = ("none", "retry", "illegal", "list", "rule")
DEFAULT_RETHINK = "rule"
BOARD_FORMS = ("coordinates", "list", "illustration")  # the arena family's forms (ascii is 0-based: not offered)
UNREADABLE = "an answer with no readable move"

Refusal = tuple[str | None, str]  # the move read from an answer (None: none readable), why it was refused


@dataclass(frozen=True)
class Harness:
    """One setting of the options; `history` and `board` None keep the family's own."""

    rethink: str = DEFAULT_RETHINK
    legal: bool = True
    history: bool | None = None
    board: str | None = None

    def recorded(self) -> dict[str, Any]:
        """The options as a match record keeps them (the legal-move list as `show_legal`, as before)."""
        return {"rethink": self.rethink, "show_legal": self.legal, "history": self.history, "board": self.board}


def checked_rethink(value: str) -> str:
    """A rethink mode; ValueError names the choices."""
    if value not in RETHINK_MODES:
        raise ValueError(f"rethink must be one of {', '.join(RETHINK_MODES)}, not {value!r}")
    return value


def checked_board(value: str) -> str:
    """A board form of the arena family; ValueError names the choices."""
    if value not in BOARD_FORMS:
        raise ValueError(f"board must be one of {', '.join(BOARD_FORMS)}, not {value!r}")
    return value


def rethink_feedback(mode: str, refused: tuple[Refusal, ...], reason: str | None) -> str | None:
    """What the next prompt says about this turn's refused answers (None: nothing, as on a first try)."""
    if not refused and reason is None:
        return None
    if mode in ("none", "retry"):
        return None
    if mode == "rule" or not refused:
        return reason
    if mode == "illegal":
        move = refused[-1][0]
        return f"{move} was illegal" if move is not None else f"it was {UNREADABLE}"
    tried = "; ".join(move if move is not None else f"({UNREADABLE})" for move, _ in refused)
    return f"these answers were illegal: {tried}"


def harness_words(settings: dict[str, Any]) -> list[str]:
    """The options that differ from the defaults, for a player's name (`rethink=list`, `history`, `board=list`,
    `sample=5`, `extract`, `move-seconds=30 on-time=forfeit`)."""
    words = []
    rethink = settings.get("rethink") or DEFAULT_RETHINK
    if rethink != DEFAULT_RETHINK:
        words.append(f"rethink={rethink}")
    if settings.get("history") is True:
        words.append("history")
    elif settings.get("history") is False:
        words.append("no-history")
    if settings.get("board"):
        words.append(f"board={settings['board']}")
    if (settings.get("samples") or 1) > 1:
        words.append(f"sample={settings['samples']}")
    if settings.get("extract"):
        words.append("extract")
    for key in ("move_seconds", "match_seconds"):
        if settings.get(key) is not None:
            words.append(f"{key.replace('_', '-')}={float(settings[key]):g}")
    if settings.get("move_seconds") is not None or settings.get("match_seconds") is not None:
        words.append(f"on-time={settings.get('on_time', 'forfeit')}")
    return words
