"""What a model call gives back: the reply with its measurements, the sinks streamed text goes to, provider failures."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

DeltaSink = Callable[[str, str], Awaitable[None]]  # (kind: "reasoning" | "answer", text)


RetrySink = Callable[[str, float], Awaitable[None]]  # (reason, seconds to wait)


class ProviderFailure(Exception):
    """The provider, not the model, failed: never scored as a move."""

    def __init__(self, message: str, retryable: bool) -> None:
        from arena.llm.redaction import redact  # every provider failure's text passes here: redacted once, for all

        super().__init__(redact(message))
        self.retryable = retryable


@dataclass
class Completion:
    """A whole reply with its measurements."""

    content: str
    reasoning: str
    finish_reason: str | None
    tokens: dict[str, int] | None
    cost: float | None
    first_token_seconds: float | None
    seconds: float
    failures: list[str] = field(default_factory=list)
    reused_cost: float | None = None  # set when the reply was paid for in a stopped match and served again
