"""One published figure set beside the same figures recomputed from the imported games and re-judged by the arena."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Comparison:
    """One published figure set beside the same figures recomputed from the games (and by the arena's rules)."""

    paper: str
    game: str
    group: str  # Topsakal: the prompt type; ChildPlay: the run's file
    player: str
    metrics: tuple[str, ...]
    published: tuple[float, ...]
    recomputed: tuple[float, ...]  # from the published result of each imported game
    judged: tuple[float, ...]  # from the arena's own verdict on each game
    why: str

    @property
    def differs(self) -> bool:
        """Whether any recomputed or re-judged figure is not the published one."""
        return self.published != self.recomputed or self.published != self.judged

    def as_dict(self) -> dict[str, Any]:
        """For --json."""
        return {
            "paper": self.paper,
            "game": self.game,
            "group": self.group,
            "player": self.player,
            "published": dict(zip(self.metrics, self.published, strict=True)),
            "recomputed": dict(zip(self.metrics, self.recomputed, strict=True)),
            "arena": dict(zip(self.metrics, self.judged, strict=True)),
            "differs": self.differs,
            "why": self.why,
        }
