"""A tournament to play (its schedule, options and spend cap) and what playing it gave (tallies, time, spending)."""

from __future__ import annotations

from dataclasses import dataclass

from arena.analysis.summary import RunTally
from arena.match.records import MatchRecord
from arena.players import PlayerOptions
from arena.tournaments.schedule import Schedule


@dataclass(frozen=True)
class BatchRun:
    """One tournament of a batch: a temperature sweep makes one per temperature."""

    schedule: Schedule
    options: PlayerOptions
    label: str
    max_cost: float | None = None
    limits: dict[str, int] | None = None


@dataclass
class Spending:
    """The recorded cost of a tournament so far, and the model calls whose price litellm does not know."""

    cost: float = 0.0
    unpriced: int = 0
    unpriced_models: set[str] | None = None
    capped: bool = False  # the cap left matches unplayed (or stopped some): exit code 3
    reached: bool = False  # the cap was reached, even if every match was played
    stopped: int = 0  # matches the cap stopped part-way (recorded as aborted, played again on resume)

    def add(self, record: MatchRecord) -> None:
        """Count a finished match's calls."""
        for move in record.moves:
            if move.cost is not None:
                self.cost += move.cost
            elif move.tokens and record.players[move.seat].settings.get("api_base") != "local":  # local is free
                self.unpriced += 1
                self.unpriced_models = (self.unpriced_models or set()) | {record.players[move.seat].spec}


@dataclass
class RunResult:
    """A finished (or stopped) tournament: its tallies, time, spending and how much of it was played now."""

    run: BatchRun
    tally: RunTally
    seconds: float
    spending: Spending
    schedule: Schedule
