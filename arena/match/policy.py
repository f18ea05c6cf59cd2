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
    source: str = "default"  # who set it: the run, a prompt family, or the default (ChildPlay's)

    def as_dict(self) -> dict[str, Any]:
        """For the match record: the policy the match applied and where it came from."""
        return {"allowed": self.allowed, "on_exhausted": self.on_exhausted, "source": self.source}


CHILDPLAY = InvalidMovePolicy(0, "loss")


def applied_policy(explicit: InvalidMovePolicy | None, declared: list[InvalidMovePolicy]) -> InvalidMovePolicy:
    """The one policy a match applies to both players.

    An explicit run or tournament setting wins; else the players' prompt families' (the most lenient when two
    differ, so swapping seats never changes the rules); else ChildPlay's instant loss.
    """
    if explicit is not None:
        return InvalidMovePolicy(explicit.allowed, explicit.on_exhausted, "run")
    if declared:
        chosen = max(declared, key=lambda p: (p.allowed, p.on_exhausted == "disqualified", p.source))
        return InvalidMovePolicy(chosen.allowed, chosen.on_exhausted, chosen.source)
    return CHILDPLAY
