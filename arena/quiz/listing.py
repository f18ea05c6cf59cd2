"""Stored quiz sessions as text lines, and each model's scores beside the published baselines."""

from __future__ import annotations

from dataclasses import dataclass
from statistics import mean

from arena.quiz.session import all_sessions, hard_boards
from arena.store import MatchStore
from games.ttt_hard_boards.published import published_lines


@dataclass(frozen=True)
class ModelScores:
    """The finished sessions of one model under one prompt family."""

    player: str
    prompt: str | None
    scores: tuple[int, ...]

    @property
    def label(self) -> str:
        """The model and its prompt family."""
        return self.player + (f" ({self.prompt})" if self.prompt else "")

    def text(self) -> str:
        """`mean 12.5/50, best 14/50 over 2 sessions`."""
        runs = len(self.scores)
        return f"{self.label}: mean {mean(self.scores):.1f}/50, best {max(self.scores)}/50 over {runs} session" + (
            "s" if runs != 1 else ""
        )


def session_lines(store: MatchStore) -> list[str]:
    """One line per session: id, who, protocol, sheet, progress, score; then the baselines."""
    sessions = all_sessions(store)
    if not sessions:
        return ["no quiz sessions yet", *published_lines(hard_boards())]
    lines = [f"{'session':<13}{'player':<30}{'protocol':<9}{'sheet':<10}{'answered':>9}{'score':>7}  started"]
    for session in sessions:
        record = session.record
        who = record.player + (f" ({record.prompt})" if record.prompt else "")
        lines.append(
            f"{record.id:<13}{who[:29]:<30}{record.protocol:<9}{record.sheet:<10}"
            f"{len(session.answers):>6}/{session.total:<2}{session.score:>7}  {record.started_at[:16]}"
        )
    models = model_scores(store)
    if models:
        lines += ["", "Local model sessions:", *(f"  {m.text()}" for m in models)]
    return [*lines, "", *published_lines(hard_boards())]


def model_scores(store: MatchStore) -> list[ModelScores]:
    """Every model's finished sessions per prompt family, best mean first."""
    found: dict[tuple[str, str | None], list[int]] = {}
    for session in all_sessions(store):
        if session.record.player.startswith("llm:") and session.finished:
            found.setdefault((session.record.player, session.record.prompt), []).append(session.score)
    scores = [ModelScores(player, prompt, tuple(values)) for (player, prompt), values in found.items()]
    return sorted(scores, key=lambda m: (-mean(m.scores), m.label))
