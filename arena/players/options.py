"""Defaults a front end gives every player it builds: the game, and the LLM settings from its flags."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class PlayerOptions:
    """LLM defaults (each `llm:` spec may override them with `;key=value`) and where calls are cached."""

    game: str = ""
    prompt: str = "arena"
    temperature: float | None = None
    max_tokens: int | None = None
    api_base: str | None = None
    reasoning_effort: str | None = None
    constrained: bool = False
    show_legal: bool = True
    rethink: str = "rule"  # the harness options: arena.prompting.harness
    history: bool | None = None
    board: str | None = None
    samples: int = 1  # majority vote over this many answers a prompt: arena.players.sampling
    extract: bool = False  # unreadable answers read by a second call
    move_seconds: float | None = None  # the clock: arena.match.time_limit
    match_seconds: float | None = None
    on_time: str = "forfeit"
    timeout: float = 300.0
    chunk_timeout: float = 90.0
    retries: int = 4
    backoff: float = 1.0
    transport: str = "auto"  # "litellm": OpenAI-compatible endpoints too go through litellm's stream
    replay: bool = False
    call_cache: Any = None  # an arena.llm.cache.CallCache, or None to keep no calls
    spend_gate: Any = None  # an arena.llm.spend.SpendGate asked before every live call, or None

    def for_game(self, game: str) -> PlayerOptions:
        """The same options for a given game."""
        return replace(self, game=game)
