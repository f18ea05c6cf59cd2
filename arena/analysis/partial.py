"""Imported players whose logged games are a known partial sample of a published run: marked, never ranked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class PartialSample:
    """A published run of which only some games were logged: the survivors are no random sample of it."""

    logged: int
    played: int
    record: str  # the published run's wins-draws-losses, from this player's side
    file: str  # the run's results file

    def as_dict(self) -> dict[str, Any]:
        """Plain values for JSON."""
        return {"logged": self.logged, "played": self.played, "published_record": self.record, "file": self.file}

    @property
    def words(self) -> str:
        """`11 of 100 games logged; published 10-1-89`."""
        return f"{self.logged} of {self.played} games logged; published {self.record}"


class Ranked(Protocol):
    """A leaderboard row as ranking sees it."""

    rank: int
    group: int
    low: float
    high: float
    sample: PartialSample | None


def rank_without_samples(rows: Mapping[str, Ranked], samples: dict[str, PartialSample]) -> None:
    """Mark the partial samples and leave them out of ranks: theirs is none, and nobody is ranked below one."""
    for name, sample in samples.items():
        if name in rows:
            rows[name].sample = sample
    ranked = [row for row in rows.values() if row.rank and row.sample is None]
    for row in rows.values():
        if row.sample is not None:
            row.rank = 0
        elif row.rank:
            row.rank = 1 + sum(1 for other in ranked if other.group == row.group and other.low > row.high)
