"""One summary row per recorded match: what listings, History and counts read without the full record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from arena.match.records import MatchRecord


# The order of the values in a stored index row; a new field goes at the end (old rows are padded).
SUMMARY_FIELDS = (
    "id",
    "game",
    "players",
    "tournament",
    "index",
    "status",
    "winner",
    "termination",
    "disqualified",
    "moves",
    "invalid",
    "prompt_tokens",
    "completion_tokens",
    "cost",
    "seconds",
    "ended_at",
    "source",
)


FIELD = {name: position for position, name in enumerate(SUMMARY_FIELDS)}


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """A match as the index knows it; `segment` names the file holding its full record."""

    id: str
    game: str
    players: tuple[str, ...]
    tournament: str | None
    index: int
    status: str
    winner: int | None
    termination: str
    disqualified: int | None
    moves: int
    invalid: int
    prompt_tokens: int
    completion_tokens: int
    cost: float
    seconds: float
    ended_at: str
    source: str | None = None
    segment: int = 0

    @classmethod
    def from_row(cls, row: list[Any], segment: int) -> MatchSummary:
        """A summary from a stored index row."""
        padded = list(row) + [None] * (len(SUMMARY_FIELDS) - len(row))
        values = dict(zip(SUMMARY_FIELDS, padded, strict=False))
        values["players"] = tuple(values["players"] or ())
        for name in ("moves", "invalid", "prompt_tokens", "completion_tokens", "index"):
            values[name] = values[name] or 0
        for name in ("cost", "seconds"):
            values[name] = values[name] or 0.0
        return cls(**values, segment=segment)

    @property
    def result(self) -> str:
        """How the match ended, in a few words, naming the players."""
        return self.result_by(self.players)

    @property
    def seat_result(self) -> str:
        """How the match ended, by seat (`1st won`, `2nd DQ`): for lists whose columns name the players."""
        return self.result_by(("1st", "2nd"), won=" won", disqualified=" DQ")

    def result_by(self, names: tuple[str, ...], won: str = " won", disqualified: str = " disqualified") -> str:
        """The result with each seat called by `names`."""
        if self.status != "finished":
            return self.status
        if self.termination == "disqualified":
            return f"{names[self.disqualified or 0]}{disqualified}"
        if self.winner is None:
            return "draw"
        return f"{names[self.winner]}{won}"


@dataclass
class SummaryRows:
    """Index rows as stored (lists in SUMMARY_FIELDS order) with the segment of each: cheap for 200,000 matches."""

    rows: list[list[Any]]
    segments: list[int]

    def __len__(self) -> int:
        return len(self.rows)

    def summary(self, position: int) -> MatchSummary:
        """The full summary of one row."""
        return MatchSummary.from_row(self.rows[position], self.segments[position])


def record_row(record: MatchRecord) -> list[Any]:
    """The index row of a match record (the same values `summary_row` reads from its stored document)."""
    prompt_tokens = completion_tokens = 0
    cost = 0.0
    valid = 0
    for move in record.moves:
        if move.tokens:
            prompt_tokens += int(move.tokens.get("prompt", 0) or 0)
            completion_tokens += int(move.tokens.get("completion", 0) or 0)
        cost += move.cost or 0.0
        valid += move.valid
    outcome = record.outcome
    return [
        record.id,
        record.game,
        [player.spec for player in record.players],
        record.tournament,
        record.index,
        outcome.status,
        outcome.winner,
        outcome.termination,
        outcome.disqualified,
        valid,
        len(record.moves) - valid,
        prompt_tokens,
        completion_tokens,
        round(cost, 8),
        record.seconds,
        record.ended_at,
        (record.source or {}).get("paper"),
    ]


def summary_row(document: dict[str, Any]) -> list[Any]:
    """The index row of a raw match document; a document damaged past reading gets a `damaged` row, never scored."""
    try:
        return _summary_row(document)
    except (AttributeError, TypeError, ValueError):
        ident = document.get("id")
        return _summary_row({"id": ident if isinstance(ident, str) else str(ident), "outcome": DAMAGED})


DAMAGED = {"status": "damaged", "termination": "damaged"}


def _summary_row(document: dict[str, Any]) -> list[Any]:
    moves = document.get("moves") or []
    outcome = document.get("outcome") or {}
    prompt_tokens = completion_tokens = 0
    cost = 0.0
    for move in moves:
        tokens = move.get("tokens") or {}
        prompt_tokens += int(tokens.get("prompt", 0) or 0)
        completion_tokens += int(tokens.get("completion", 0) or 0)
        cost += float(move.get("cost") or 0.0)
    valid = sum(1 for move in moves if move.get("valid"))
    return [
        document.get("id"),
        document.get("game", ""),
        [player.get("spec", "") for player in document.get("players") or []],
        document.get("tournament"),
        document.get("index", 0),
        outcome.get("status", ""),
        outcome.get("winner"),
        outcome.get("termination", ""),
        outcome.get("disqualified"),
        valid,
        len(moves) - valid,
        prompt_tokens,
        completion_tokens,
        round(cost, 8),
        document.get("seconds", 0.0),
        document.get("ended_at", ""),
        (document.get("source") or {}).get("paper"),
    ]
