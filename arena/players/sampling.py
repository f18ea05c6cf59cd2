"""Samplers around a model's answer, as harness options: majority vote over k samples of one prompt, and a move
extractor (a second call that reads a free-form answer into a move). Both are recorded beside the answer."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from arena.players.base import Choice, TurnView
from arena.prompting import answers
from games.base import GameError

MAX_SAMPLES = 32
EXTRACT_PROMPT = (
    "Below is a player's answer in a game of {game}. Which move does the answer choose? Reply with one line, "
    "MOVE: followed by the move exactly as the answer writes it, or MOVE: none if it names no move.\n\n"
    "The answer:\n{answer}"
)


@dataclass(frozen=True)
class Sampler:
    """`samples` answers per prompt, the most common legal move played; `extract`: unreadable answers are read
    by a second call."""

    samples: int = 1
    extract: bool = False

    def recorded(self) -> dict[str, Any]:
        """The options set, for the player's recorded settings (nothing at the defaults)."""
        return ({"samples": self.samples} if self.samples > 1 else {}) | ({"extract": True} if self.extract else {})


def checked_sampler(samples: int, extract: bool) -> Sampler:
    """A sampler; ValueError in one line for a sample count out of range."""
    if not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"sample must be a number of answers from 1 to {MAX_SAMPLES}, not {samples!r}")
    return Sampler(samples, extract)


def extraction_prompt(game: str, answer: str) -> list[dict[str, Any]]:
    """The extractor's one message: the answer, and the question of which move it names."""
    return [{"role": "user", "content": EXTRACT_PROMPT.format(game=game, answer=answer)}]


def extracted_move(reply: str, base: int) -> str | None:
    """The move the extractor read (in the arena's notation), or None when it found none."""
    lines = answers.move_lines(reply)
    if not lines or lines[-1].strip().lower() in ("", "none"):
        return None
    return answers.shift(lines[-1], 1 - base)


def with_extraction(choice: Choice, record: dict[str, Any], move: str | None) -> Choice:
    """An unreadable answer with the extractor's reading: its move (or still unreadable), its call recorded
    apart and its cost and tokens added to the turn's."""
    error = None if move is not None else f"{choice.error}; the move extractor found no move either"
    return replace(choice, text=move, error=error, tokens=added_tokens(choice.tokens, record.get("tokens")),
                   cost=added_cost(choice.cost, record.get("cost")),
                   info={**choice.info, "extractor": record})  # fmt: skip


def legal_move(view: TurnView, choice: Choice) -> str | None:
    """The move a sample plays, in the game's notation, if it is legal here (None: unreadable or illegal)."""
    if choice.error is not None or not choice.text:
        return None
    try:
        move = view.game.parse_move(view.state, choice.text)
        view.game.apply(view.state, move)
    except GameError:
        return None
    return str(view.game.move_text(move))


def voted(view: TurnView, samples: list[Choice]) -> Choice:
    """The sample whose legal move is the most common (ties: the earliest); with none legal, the first sample.
    Every sample, the count and the cost of all of them go with it."""
    moves = [legal_move(view, sample) for sample in samples]
    counts = Counter(move for move in moves if move is not None)
    chosen = 0
    if counts:
        best = max(counts.values())
        chosen = next(i for i, move in enumerate(moves) if move is not None and counts[move] == best)
    recorded = [sample_record(sample, move) for sample, move in zip(samples, moves, strict=True)]
    tokens: dict[str, int] | None = None
    cost: float | None = None
    for sample in samples:
        tokens, cost = added_tokens(tokens, sample.tokens), added_cost(cost, sample.cost)
    vote = {"samples": len(samples), "counts": dict(counts), "chosen": chosen, "move": moves[chosen]}
    winner = samples[chosen]
    return replace(winner, tokens=tokens, cost=cost, info={**winner.info, "vote": vote, "samples": recorded})


def sample_record(sample: Choice, move: str | None) -> dict[str, Any]:
    """One sample as the vote records it: what it said, what was read, whether it was legal, what it cost."""
    found = {"raw": sample.raw, "read": sample.text, "legal": move is not None, "error": sample.error,
             "reasoning": sample.reasoning, "tokens": sample.tokens, "cost": sample.cost}  # fmt: skip
    if "extractor" in sample.info:
        found["extractor"] = sample.info["extractor"]
    return found


def added_tokens(first: dict[str, int] | None, second: dict[str, int] | None) -> dict[str, int] | None:
    """Two token counts added key by key (None: none known)."""
    if first is None or second is None:
        return first if second is None else dict(second)
    return {key: first.get(key, 0) + second.get(key, 0) for key in {*first, *second}}


def added_cost(first: float | None, second: float | None) -> float | None:
    """Two costs added (None: none known)."""
    if first is None or second is None:
        return first if second is None else second
    return first + second
