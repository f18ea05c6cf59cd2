"""ChildPlay's combined score (its Figure 9): one measure per task, averaged, per model and temperature."""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import mean

from arena.analysis.moves import MatchAnalysis
from arena.tasks.session import TaskSession

GAMES = ("battleship", "tictactoe", "connect-four")  # win rate against the random player
TASKS = ("shapes", "lcl-validity", "lcl-construct", "gts")  # proportion correct (GtS: accuracy)
COMPONENTS = GAMES + TASKS


def model_key(identity: str) -> str:
    """A player's model and temperature (`llm:x T=0.5`): the unit ChildPlay reports, whatever the prompt."""
    words = identity.split()
    return " ".join([words[0], *(w for w in words[1:] if w.startswith("T="))]) if words else identity


def session_key(session: TaskSession) -> str:
    """The same key for a task session."""
    temperature = session.record.temperature
    return session.record.player + ("" if temperature is None else f" T={temperature:g}")


@dataclass
class CombinedRow:
    """One model at one temperature: each component's score and how many matches or items it rests on."""

    player: str
    scores: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def overall(self) -> float:
        """The mean of the components measured."""
        return mean(self.scores.values())

    def as_dict(self) -> dict[str, object]:
        """Plain values for JSON and CSV."""
        return {
            "player": self.player,
            "overall": round(self.overall, 4),
            "components": len(self.scores),
            **{name: (round(self.scores[name], 4) if name in self.scores else None) for name in COMPONENTS},
        }


def combined_scores(analyses: list[MatchAnalysis], sessions: list[TaskSession]) -> list[CombinedRow]:
    """Every player with at least one component, best overall first (the random player is not rated against itself)."""
    wins: dict[tuple[str, str], list[int]] = {}
    for analysis in analyses:
        if analysis.game not in GAMES or analysis.status != "finished" or "random" not in analysis.players:
            continue
        for seat, identity in enumerate(analysis.players):
            if identity == "random" or analysis.players[1 - seat] != "random":
                continue
            tally = wins.setdefault((model_key(identity), analysis.game), [0, 0])
            tally[0] += analysis.winner == seat
            tally[1] += 1
    answers: dict[tuple[str, str], list[int]] = {}
    for session in sessions:
        tally = answers.setdefault((session_key(session), session.record.task), [0, 0])
        tally[0] += sum(a.correct for a in session.answers)
        tally[1] += len(session.answers)
    rows: dict[str, CombinedRow] = {}
    for (player, component), (good, total) in [*wins.items(), *answers.items()]:
        if total:
            row = rows.setdefault(player, CombinedRow(player))
            row.scores[component] = good / total
            row.counts[component] = total
    return sorted(rows.values(), key=lambda r: (-r.overall, r.player))
