"""A reply as it streams: finish reasons seen, text passed on in batches, reasoning and answer kept apart."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from arena.known_secrets import StreamRedactor
from arena.llm.prices import estimate_cost
from arena.llm.replies import Completion, DeltaSink, ProviderFailure
from arena.llm.settings import ModelSettings
from arena.llm.thinking import ThinkSplitter

DELTA_INTERVAL = 0.05  # seconds between two batches of streamed text passed on


class FinishWatch:
    """Wraps the provider's raw stream inside litellm's wrapper and notes whether the provider itself finished it.

    litellm reports `finish_reason="stop"` for any stream that simply ends, a cut connection
    included, so only the raw chunks tell a finished reply from a dropped one.
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.chunks = inner.__aiter__()
        self.finished = False

    def __aiter__(self) -> FinishWatch:
        return self

    async def __anext__(self) -> Any:
        chunk = await self.chunks.__anext__()
        if finishes(chunk):
            self.finished = True
        return chunk

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def finishes(chunk: Any) -> bool:
    """True if a raw provider chunk carries a finish reason (OpenAI-style objects or litellm's generic dicts)."""
    if isinstance(chunk, dict):
        if chunk.get("finish_reason") or chunk.get("is_finished"):
            return True
        choices = chunk.get("choices") or []
    else:
        choices = getattr(chunk, "choices", None) or []
    for choice in choices:
        reason = choice.get("finish_reason") if isinstance(choice, dict) else getattr(choice, "finish_reason", None)
        if reason:
            return True
    return False


class DeltaBatcher:
    """Passes streamed text on in batches (at most one every `interval` seconds), in order, none lost.

    A reasoning model can stream thousands of chunks a move; one event per chunk costs more CPU
    than the chunk, and no screen redraws faster than this anyway. Text that waits when the stream
    goes quiet is passed on by a timer, so a slow or stalled stream still shows all it sent.
    """

    def __init__(self, sink: DeltaSink, interval: float = DELTA_INTERVAL) -> None:
        self.sink = sink
        self.interval = interval
        self.kind = ""
        self.pending: list[str] = []
        self.sent = time.perf_counter()
        self.lock = asyncio.Lock()
        self.ticker: asyncio.Task[None] | None = None
        self.failure: BaseException | None = None

    async def add(self, kind: str, text: str) -> None:
        """Take one piece; pass on what waits when the kind changes or the interval has passed."""
        if self.failure is not None:
            raise self.failure
        if kind != self.kind and self.pending:
            await self.flush()
        self.kind = kind
        self.pending.append(text)
        if time.perf_counter() - self.sent >= self.interval:
            await self.flush()
        elif self.ticker is None:
            self.ticker = asyncio.create_task(self.tick())

    async def tick(self) -> None:
        """While text waits, pass it on once the interval has passed even if no chunk comes."""
        try:
            while self.pending:
                await asyncio.sleep(self.interval)
                if self.pending and time.perf_counter() - self.sent >= self.interval:
                    await self.flush()
        except Exception as error:  # an observer's fault: raised to the stream at its next piece
            self.failure = error
        finally:
            self.ticker = None

    async def flush(self) -> None:
        """Pass on everything that waits (one batch at a time, in order)."""
        async with self.lock:
            if self.pending:
                text, self.pending = "".join(self.pending), []
                await self.sink(self.kind, text)
            self.sent = time.perf_counter()

    async def close(self) -> None:
        """Pass on the rest; stop the timer."""
        self.stop()
        await self.flush()
        if self.failure is not None:
            raise self.failure

    def stop(self) -> None:
        """Stop the timer (the stream failed or was cancelled: what waits is not passed on)."""
        if self.ticker is not None:
            self.ticker.cancel()
            self.ticker = None


class StallWatch:
    """Ends a stream that goes quiet for `stall` seconds with ProviderFailure: one timer for the whole stream,
    moved on by each chunk only when it fires (a timeout context per chunk cost more CPU than the chunk)."""

    def __init__(self, stall: float) -> None:
        self.stall = stall
        self.loop = asyncio.get_running_loop()
        self.task = asyncio.current_task()
        self.last = self.loop.time()
        self.fired = False
        self.handle = self.loop.call_at(self.last + stall, self.check)

    def beat(self) -> None:
        """A chunk came."""
        self.last = self.loop.time()

    def check(self) -> None:
        if self.loop.time() - self.last >= self.stall and self.task is not None:
            self.fired = True
            self.task.cancel()
        else:
            self.handle = self.loop.call_at(self.last + self.stall, self.check)

    def __enter__(self) -> StallWatch:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: object) -> None:
        self.handle.cancel()
        # Only this watch's own cancellation becomes a stall; one from outside (an abort) stays a cancellation.
        if kind is asyncio.CancelledError and self.fired and self.task is not None and self.task.uncancel() == 0:
            raise ProviderFailure(f"the stream stalled for {self.stall:g} s", retryable=True) from None


class Watched:
    """A stream's chunks, each one a beat of its stall watch."""

    def __init__(self, chunks: Any, watch: StallWatch) -> None:
        self.chunks = chunks.__aiter__()
        self.watch = watch

    def __aiter__(self) -> Watched:
        return self

    async def __anext__(self) -> Any:
        chunk = await self.chunks.__anext__()
        self.watch.beat()
        return chunk


class ReplyParts:
    """A reply as it streams in: reasoning and answer kept apart (inline <think> split out), known secrets redacted
    as they stream (a key split across chunks included), passed on in batches."""

    def __init__(self, settings: ModelSettings, on_delta: DeltaSink) -> None:
        self.settings = settings
        self.started = time.perf_counter()
        self.first: float | None = None
        self.content: list[str] = []
        self.reasoning: list[str] = []
        self.splitter = ThinkSplitter()
        self.batcher = DeltaBatcher(on_delta)
        self.redactors = {"reasoning": StreamRedactor(), "answer": StreamRedactor()}
        self.finish: str | None = None

    async def feed(self, thought: str | None, text: str | None, finish: str | None) -> None:
        """One chunk's reasoning, answer text and finish reason."""
        parts = [("reasoning", thought)] if thought else []
        if text:
            parts += self.splitter.feed(text)
        for kind, piece in parts:
            if self.first is None:
                self.first = time.perf_counter() - self.started
            await self.take(kind, piece)
        self.finish = finish or self.finish

    async def take(self, kind: str, piece: str) -> None:
        """Keep a piece of reasoning or answer, redacted, and pass it on."""
        await self.keep(kind, self.redactors[kind].feed(piece))

    async def keep(self, kind: str, shown: str) -> None:
        if shown:
            (self.reasoning if kind == "reasoning" else self.content).append(shown)
            await self.batcher.add(kind, shown)

    async def end(self, provider_finished: bool) -> str:
        """Pass on the rest; the finish reason, or ProviderFailure for a stream the provider did not finish."""
        for kind, piece in self.splitter.flush():
            await self.take(kind, piece)
        for kind, redactor in self.redactors.items():
            await self.keep(kind, redactor.flush())
        await self.batcher.close()
        if self.finish is None or not provider_finished:
            raise ProviderFailure(
                "the stream ended before the provider finished it (connection dropped?)", retryable=True
            )
        return self.finish

    def completion(self, tokens: dict[str, int] | None) -> Completion:
        """The whole reply; one the provider ended with no answer text, or cut at a length limit nobody set, is the
        provider's failure.

        One rule for both kinds of empty reply: no answer text at all, with or without reasoning before it, is
        not an answer the model gave, so it is retried and never scored; only a reply cut at the token limit the
        user set is the model's (recorded as cut off).
        """
        cut_by_the_user = self.finish == "length" and self.settings.max_tokens is not None
        if not "".join(self.content).strip() and not cut_by_the_user:
            counted = f", {tokens['completion']} completion tokens reported" if tokens else ""
            thought = ", only reasoning" if "".join(self.reasoning).strip() else ""
            raise ProviderFailure(
                f"the provider sent an empty reply (no answer text{thought}{counted})", retryable=True
            )
        if self.finish == "length" and self.settings.max_tokens is None:
            raise ProviderFailure(
                "the provider cut the reply at its own length limit (the arena set none)", retryable=True
            )
        return Completion(
            content="".join(self.content),
            reasoning="".join(self.reasoning),
            finish_reason=self.finish,
            tokens=tokens,
            cost=estimate_cost(self.settings.model, tokens),
            first_token_seconds=None if self.first is None else round(self.first, 4),
            seconds=round(time.perf_counter() - self.started, 4),
        )
