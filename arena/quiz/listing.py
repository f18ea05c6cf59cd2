"""Stored quiz sessions as text lines."""

from __future__ import annotations

from arena.quiz.session import all_sessions
from arena.store import MatchStore
from games.ttt_hard_boards.quiz import PUBLISHED_HUMAN_MEAN


def session_lines(store: MatchStore) -> list[str]:
    """One line per session: id, who, protocol, progress, score."""
    sessions = all_sessions(store)
    if not sessions:
        return ["no quiz sessions yet"]
    lines = [f"{'session':<13}{'player':<24}{'protocol':<9}{'answered':>9}{'score':>7}  started"]
    for session in sessions:
        record = session.record
        lines.append(
            f"{record.id:<13}{record.player[:23]:<24}{record.protocol:<9}"
            f"{len(session.answers):>6}/{session.total:<2}{session.score:>7}  {record.started_at[:16]}"
        )
    lines.append(f"published human mean: {PUBLISHED_HUMAN_MEAN}/50")
    return lines


def model_scores(store: MatchStore) -> list[tuple[str, int]]:
    """The best score of each model that finished the quiz."""
    best: dict[str, int] = {}
    for session in all_sessions(store):
        if session.record.player.startswith("llm:") and session.finished:
            best[session.record.player] = max(best.get(session.record.player, 0), session.score)
    return sorted(best.items(), key=lambda item: -item[1])
