"""What happens after an invalid answer: ChildPlay's instant loss, or Topsakal's retries."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class InvalidMovePolicy:
    """`allowed` invalid answers per player are tolerated (each is retried); one more ends the match.

    `on_exhausted` says how it ends: `loss` (the opponent wins, ChildPlay) or
    `disqualified` (no winner is scored, Topsakal).
    """

    allowed: int = 0
    on_exhausted: Literal["loss", "disqualified"] = "loss"

    def as_dict(self) -> dict[str, Any]:
        """For the match record."""
        return {"allowed": self.allowed, "on_exhausted": self.on_exhausted}


CHILDPLAY = InvalidMovePolicy(0, "loss")
