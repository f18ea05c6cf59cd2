"""A player that answers from a fixed script of texts: for tests and reproductions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.players.base import Choice, TurnView


class ScriptedPlayer:
    """Returns the next text of its script each turn; the game parses it like any reply."""

    def __init__(self, script: Sequence[str]) -> None:
        self.script = list(script)
        self.spec = "scripted:" + ",".join(self.script)
        self.position = 0

    def settings(self) -> dict[str, Any]:
        """The script."""
        return {"script": self.script}

    async def choose_move(self, view: TurnView) -> Choice:
        """The next scripted text; an exhausted script answers with an empty reply."""
        if self.position >= len(self.script):
            return Choice(text="")
        text = self.script[self.position]
        self.position += 1
        return Choice(text=text)
