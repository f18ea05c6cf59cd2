"""ChildPlay's combined score (its Figure 9): one measure per task, averaged, per player.

The protocol is ChildPlay's: a game counts only when the player moved first against the random player, and a
win is a win on the board. Players are never merged: each full identity (model, level, prompt family,
temperature) has its own row; a model's task sessions join every row of that model at that temperature.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import mean
from typing import TYPE_CHECKING

from arena.analysis.identity import identity
from arena.analysis.moves import MatchAnalysis

if TYPE_CHECKING:
    from arena.tasks.session import TaskSession

GAMES = ("battleship", "tictactoe", "connect-four")  # win rate moving first against the random player
TASKS = ("shapes", "lcl-validity", "lcl-construct", "gts")  # proportion correct (GtS: of parsable answers)
COMPONENTS = GAMES + TASKS
MINIMUM = 20  # matches or answers a component needs before its row is ranked with the others
PROTOCOL = (
    "games: moving first against random (an imported `random (childplay)` too), wins on the board; tasks: "
    f"proportion correct; (n) under each score; ? marks a row with a component on fewer than {MINIMUM}, ranked last"
)


def is_random(player: str) -> bool:
    """The random baseline under any label: `random`, or an imported one such as `random (childplay)`."""
    return player == "random" or player.startswith("random (")


def session_key(session: TaskSession) -> str:
    """A task session's player as a game's identity names it without a prompt family (`llm:x T=0.5`)."""
    return identity(session.record.player, {"temperature": session.record.temperature})


@dataclass
class CombinedRow:
    """One player: each component's score, how many matches or answers it rests on, and which boards fed it."""

    player: str
    scores: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    boards: dict[str, set[str]] = field(default_factory=dict)

    @property
    def overall(self) -> float:
        """The mean of the components measured."""
        return mean(self.scores.values())

    @property
    def provisional(self) -> bool:
        """Some component rests on too few matches or answers to rank the row beside fuller ones."""
        return any(self.counts.get(name, 0) < MINIMUM for name in self.scores)

    def as_dict(self) -> dict[str, object]:
        """Plain values for JSON and CSV."""
        return {
            "player": self.player,
            "overall": round(self.overall, 4),
            "provisional": self.provisional,
            "components": len(self.scores),
            **{name: (round(self.scores[name], 4) if name in self.scores else None) for name in COMPONENTS},
            **{f"{name}_n": self.counts.get(name, 0) for name in COMPONENTS},
            "boards": "; ".join(sorted(b for boards in self.boards.values() for b in boards)),
        }


def combined_scores(analyses: list[MatchAnalysis], sessions: list[TaskSession]) -> list[CombinedRow]:
    """Every player with at least one component, best overall first (the random player is not rated)."""
    rows: dict[str, CombinedRow] = {}
    model_of: dict[str, str] = {}
    wins: dict[tuple[str, str], list[int]] = {}
    for analysis in analyses:
        if analysis.game not in GAMES or analysis.status != "finished" or len(analysis.players) != 2:
            continue
        player, opponent = analysis.players
        if not is_random(opponent) or is_random(player):
            continue
        tally = wins.setdefault((player, analysis.game), [0, 0])
        tally[0] += analysis.winner == 0 and analysis.termination != "disqualified"
        tally[1] += 1
        row = rows.setdefault(player, CombinedRow(player))
        row.boards.setdefault(analysis.game, set()).add(analysis.variant or analysis.game)
        model_of[player] = analysis.models[0] if analysis.models else player
    for (player, game), (won, total) in wins.items():
        rows[player].scores[game] = won / total
        rows[player].counts[game] = total
    by_task: dict[tuple[str, str], list[TaskSession]] = {}
    for session in sessions:
        by_task.setdefault((session_key(session), session.record.task), []).append(session)
    if by_task:
        from arena.tasks.metrics import task_metrics  # pydantic's task records: only when there are sessions
    for (key, task), group in by_task.items():
        answers = [answer for session in group for answer in session.answers]
        metrics = task_metrics(task, answers)
        if metrics["accuracy"] is None:
            continue
        joined = [row for player, row in rows.items() if model_of.get(player) == key] or [
            rows.setdefault(key, CombinedRow(key))
        ]
        for row in joined:
            row.scores[task] = metrics["accuracy"]
            row.counts[task] = len(answers) - int(metrics.get("invalid_smiles", 0))
    return sorted((row for row in rows.values() if row.scores), key=lambda r: (r.provisional, -r.overall, r.player))
