"""A model's clock as a harness option: seconds a move and a match may take, and what running out does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ON_TIME = ("forfeit", "random")  # a player out of time loses the match, or its move is a random legal one


@dataclass(frozen=True)
class TimeLimit:
    """Seconds one move may take and all the player's moves of a match together (None: no limit)."""

    move_seconds: float | None = None
    match_seconds: float | None = None
    on_time: str = "forfeit"

    @property
    def limited(self) -> bool:
        """Whether any limit is set."""
        return self.move_seconds is not None or self.match_seconds is not None

    def recorded(self) -> dict[str, Any]:
        """The limits set, for the player's recorded settings (nothing when there are none)."""
        if not self.limited:
            return {}
        found: dict[str, Any] = {"on_time": self.on_time}
        if self.move_seconds is not None:
            found["move_seconds"] = self.move_seconds
        if self.match_seconds is not None:
            found["match_seconds"] = self.match_seconds
        return found

    def allowed(self, used: float) -> float | None:
        """Seconds the next move may take after `used` seconds of the match (None: unlimited)."""
        left = [limit for limit in (self.move_seconds, None if self.match_seconds is None else
                                    max(0.0, self.match_seconds - used)) if limit is not None]  # fmt: skip
        return min(left) if left else None


def checked_time_limit(move_seconds: float | None, match_seconds: float | None, on_time: str) -> TimeLimit:
    """A time limit; ValueError in one line for a limit that is not a positive number or an unknown action."""
    for name, value in (("move_seconds", move_seconds), ("match_seconds", match_seconds)):
        if value is not None and not 0 < value < 1e9:
            raise ValueError(f"{name} must be a positive number of seconds, not {value!r}")
    if on_time not in ON_TIME:
        raise ValueError(f"on_time must be one of {', '.join(ON_TIME)}, not {on_time!r}")
    return TimeLimit(move_seconds, match_seconds, on_time)
