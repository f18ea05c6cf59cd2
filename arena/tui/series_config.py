"""A series' settings as the setup form makes them (light: the first screen imports it, the match machinery loads
with the first match)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from arena.match.policy import InvalidMovePolicy
from arena.players import PlayerOptions

if TYPE_CHECKING:
    from arena.runner.tournament import TournamentPlan

PACES = (0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0)  # seconds between moves, one notch at a time with + and -
DEMO_PACE = 0.5  # the setup form's pace when nobody human plays: engines' games are watched, not flashed


@dataclass(frozen=True)
class SeriesConfig:
    """A series of matches chosen on the setup screen."""

    game: str
    players: tuple[str, str]
    games: int = 1
    swap_seats: bool = False
    seed: int = 0
    game_options: dict[str, Any] = field(default_factory=dict)
    llm: PlayerOptions = field(default_factory=PlayerOptions)
    pause_between: float = 1.5  # seconds the game-over banner stays before the next game of a series
    policy: InvalidMovePolicy | None = None  # None: the prompt families' rule for invalid answers
    pace: float = 0.0  # seconds between moves (the setup form's default is DEMO_PACE when nobody human plays)

    def plan(self) -> TournamentPlan:
        """The same plan `arena --batch` would run."""
        from arena.runner.tournament import TournamentPlan  # the runner loads with the first match

        return TournamentPlan(
            self.game, self.players, self.games, self.seed, self.swap_seats, self.game_options, policy=self.policy
        )


__all__ = ["DEMO_PACE", "PACES", "SeriesConfig"]
