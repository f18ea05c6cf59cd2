"""The tables of a database, and how each one's index summarises a document."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.store.segments import Prepared, Summarizer
from arena.store.summaries import FIELD, record_row, summary_row

if TYPE_CHECKING:
    from arena.match.records import MatchRecord

MATCHES = "matches"
QUIZ_SESSIONS = "quiz_sessions"
QUIZ_ANSWERS = "quiz_answers"
TASK_SESSIONS = "task_sessions"
TASK_ANSWERS = "task_answers"
PUZZLE_SESSIONS = "puzzle_sessions"
PUZZLE_ATTEMPTS = "puzzle_attempts"
SPENT = "spent"  # the cost of matches removed to be played again: a spend cap counts it
PUBLISHED = "published"  # the published totals of imported runs, to set beside the ones recomputed from their games
CALLS = "llm_calls"  # the replay cache (arena.llm.cache writes it; named here so that old files holding it are ours)
TABLES = (MATCHES, QUIZ_SESSIONS, QUIZ_ANSWERS, TASK_SESSIONS, TASK_ANSWERS, PUZZLE_SESSIONS, PUZZLE_ATTEMPTS, SPENT,
          PUBLISHED, CALLS)  # fmt: skip
SUMMARIZERS: dict[str, Summarizer] = {MATCHES: summary_row}
# The index column each table's segments are grouped by: a tournament's matches are found without reading the rest.
GROUPS: dict[str, int] = {MATCHES: FIELD["tournament"]}


def record_items(records: list[MatchRecord]) -> list[Prepared]:
    """Match records ready to store (pydantic encodes a record several times faster than json would)."""
    return [Prepared(MATCHES, r.id, r.model_dump_json().encode("utf-8"), record_row(r)) for r in records]
