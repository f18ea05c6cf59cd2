"""Streaming calls through litellm, with retries for provider failures. The one importer of litellm."""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from arena.llm.direct import DirectStream, ProviderError, pieces, takes_direct_path
from arena.llm.local import capacity_gate
from arena.llm.settings import ModelSettings
from arena.llm.thinking import ThinkSplitter

DeltaSink = Callable[[str, str], Awaitable[None]]  # (kind: "reasoning" | "answer", text)
RetrySink = Callable[[str, float], Awaitable[None]]  # (reason, seconds to wait)
DELTA_INTERVAL = 0.05  # seconds between two batches of streamed text passed on


class ProviderFailure(Exception):
    """The provider, not the model, failed: never scored as a move."""

    def __init__(self, message: str, retryable: bool) -> None:
        super().__init__(message)
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


_import_lock = threading.Lock()
_warming: list[threading.Thread] = []


def warm_up_litellm() -> None:
    """Import litellm in a background thread (it takes seconds) while the run is being prepared; once."""
    if not _warming:
        _warming.append(threading.Thread(target=litellm_module, name="import-litellm", daemon=True))
        _warming[0].start()


def litellm_module() -> Any:
    """litellm, imported once (whichever thread asks first does it; the others wait for it)."""
    with _import_lock:
        return _import_litellm()


@cache
def _import_litellm() -> Any:
    """Import litellm quietly and offline: no price-list download, nothing on the terminal."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_LOG", "ERROR")
    import litellm

    litellm.suppress_debug_info = True
    litellm.drop_params = True
    for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "litellm"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    return litellm


def classify(error: BaseException) -> ProviderFailure:
    """Timeouts, rate limits, connection errors and 5xx are retried; bad keys or requests are not."""
    if isinstance(error, ProviderFailure):
        return error
    litellm = litellm_module()
    errors = litellm.exceptions
    status = getattr(error, "status_code", None)
    name = type(error).__name__
    text = str(error).splitlines()[0][:200] if str(error) else name
    final = (
        errors.AuthenticationError,
        errors.PermissionDeniedError,
        errors.NotFoundError,
        errors.BadRequestError,
        errors.ContextWindowExceededError,
        errors.UnsupportedParamsError,
    )
    if isinstance(error, final) and not (isinstance(status, int) and status >= 500):
        return ProviderFailure(f"{name}: {text}", retryable=False)
    if "Missing credentials" in text or ("api_key" in text and "must be set" in text):
        return ProviderFailure(f"no API key for this provider ({text})", retryable=False)
    return ProviderFailure(f"{name}: {text}", retryable=True)


def estimate_cost(model: str, tokens: dict[str, int] | None) -> float | None:
    """Dollar cost from litellm's price list, or None for a model it does not know."""
    if not tokens:
        return None
    try:
        prompt, completion = litellm_module().cost_per_token(
            model=model, prompt_tokens=tokens.get("prompt", 0), completion_tokens=tokens.get("completion", 0)
        )
    except Exception:  # litellm raises a plain Exception for unmapped models
        return None
    return float(prompt + completion)


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


async def _next_chunk(iterator: Any, timeout: float) -> Any:
    # asyncio.timeout, not wait_for: on Python 3.11 wait_for can swallow a cancellation that
    # arrives as the chunk completes, and an aborted match would go on streaming.
    try:
        async with asyncio.timeout(timeout):
            return await iterator.__anext__()
    except TimeoutError:
        raise ProviderFailure(f"the stream stalled for {timeout:g} s", retryable=True) from None


class ReplyParts:
    """A reply as it streams in: reasoning and answer kept apart (inline <think> split out), passed on in batches."""

    def __init__(self, settings: ModelSettings, on_delta: DeltaSink) -> None:
        self.settings = settings
        self.started = time.perf_counter()
        self.first: float | None = None
        self.content: list[str] = []
        self.reasoning: list[str] = []
        self.splitter = ThinkSplitter()
        self.batcher = DeltaBatcher(on_delta)
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
        """Keep a piece of reasoning or answer and pass it on."""
        (self.reasoning if kind == "reasoning" else self.content).append(piece)
        await self.batcher.add(kind, piece)

    async def end(self, provider_finished: bool) -> str:
        """Pass on the rest; the finish reason, or ProviderFailure for a stream the provider did not finish."""
        for kind, piece in self.splitter.flush():
            await self.take(kind, piece)
        await self.batcher.close()
        if self.finish is None or not provider_finished:
            raise ProviderFailure(
                "the stream ended before the provider finished it (connection dropped?)", retryable=True
            )
        return self.finish

    def completion(self, tokens: dict[str, int] | None) -> Completion:
        """The whole reply; a reply with no text and no tokens is the provider's failure, never a move."""
        if not self.content and not self.reasoning and (tokens is None or tokens["completion"] == 0):
            raise ProviderFailure("the provider sent an empty reply (no text, no tokens)", retryable=True)
        return Completion(
            content="".join(self.content),
            reasoning="".join(self.reasoning),
            finish_reason=self.finish,
            tokens=tokens,
            cost=estimate_cost(self.settings.model, tokens),
            first_token_seconds=None if self.first is None else round(self.first, 4),
            seconds=round(time.perf_counter() - self.started, 4),
        )


async def stream_once(settings: ModelSettings, messages: list[dict[str, Any]], on_delta: DeltaSink) -> Completion:
    """One streamed call; ProviderFailure on anything that is the provider's fault."""
    if takes_direct_path(settings):
        return await stream_direct(settings, messages, on_delta)
    litellm = litellm_module()
    reply = ReplyParts(settings, on_delta)
    usage: Any = None
    kwargs: dict[str, Any] = dict(settings.sampling())
    if settings.api_base:
        kwargs["api_base"] = settings.api_base
    if settings.api_key:
        kwargs["api_key"] = settings.api_key
    elif settings.api_base and settings.model.startswith("openai/") and not os.environ.get("OPENAI_API_KEY"):
        kwargs["api_key"] = "no-key"  # a self-hosted OpenAI-compatible server usually wants none
    try:
        async with asyncio.timeout(settings.chunk_timeout):
            response = await litellm.acompletion(
                model=settings.model,
                messages=messages,
                stream=True,
                stream_options={"include_usage": True},
                timeout=settings.timeout,
                num_retries=0,
                max_retries=0,
                **kwargs,
            )
        watch = None
        if getattr(response, "completion_stream", None) is not None:
            watch = FinishWatch(response.completion_stream)
            response.completion_stream = watch
        iterator = response.__aiter__()
        while True:
            try:
                chunk = await _next_chunk(iterator, settings.chunk_timeout)
            except StopAsyncIteration:
                break
            if getattr(chunk, "usage", None):
                usage = chunk.usage
            for choice in getattr(chunk, "choices", None) or []:
                delta = choice.delta
                await reply.feed(
                    getattr(delta, "reasoning_content", None), getattr(delta, "content", None), choice.finish_reason
                )
    except asyncio.CancelledError:
        raise
    except Exception as error:  # every failure of the call or the stream is the provider's
        raise classify(error) from error
    finally:
        reply.batcher.stop()
    await reply.end(watch is None or watch.finished)
    tokens = None
    if usage is not None:
        tokens = {
            "prompt": int(getattr(usage, "prompt_tokens", 0) or 0),
            "completion": int(getattr(usage, "completion_tokens", 0) or 0),
            "total": int(getattr(usage, "total_tokens", 0) or 0),
        }
    return reply.completion(tokens)


async def stream_direct(settings: ModelSettings, messages: list[dict[str, Any]], on_delta: DeltaSink) -> Completion:
    """One streamed call to an OpenAI-compatible endpoint, read by the arena itself (see arena.llm.direct)."""
    reply = ReplyParts(settings, on_delta)
    usage: dict[str, Any] | None = None
    stream = DirectStream(settings, messages)
    iterator = stream.chunks()
    try:
        while True:
            try:
                chunk = await _next_chunk(iterator, settings.chunk_timeout)
            except StopAsyncIteration:
                break
            thought, text, reason, used = pieces(chunk)
            usage = used or usage
            await reply.feed(thought, text, reason)
    except ProviderError as error:
        raise ProviderFailure(str(error), error.retryable) from None
    finally:
        reply.batcher.stop()
        await iterator.aclose()
    await reply.end(stream.finished)
    if usage is not None:
        tokens = {name: int(usage.get(f"{name}_tokens", 0) or 0) for name in ("prompt", "completion", "total")}
    else:  # the server reports no usage (llama-cpp-python does not): counted as litellm counts it
        tokens = estimated_tokens(settings.model, messages, "".join(reply.reasoning) + "".join(reply.content))
    return reply.completion(tokens)


def estimated_tokens(model: str, messages: list[dict[str, Any]], reply: str) -> dict[str, int]:
    """Token counts by litellm's tokenizer, marked `estimated`, for servers that report none."""
    litellm = litellm_module()
    prompt = int(litellm.token_counter(model=model, messages=messages))
    completion = int(litellm.token_counter(model=model, text=reply, count_response_tokens=True)) if reply else 0
    return {"prompt": prompt, "completion": completion, "total": prompt + completion, "estimated": 1}


async def complete(
    settings: ModelSettings,
    messages: list[dict[str, Any]],
    on_delta: DeltaSink,
    on_retry: RetrySink,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> Completion:
    """Stream a reply, retrying provider failures with bounded backoff; ProviderFailure once they persist."""
    failures: list[str] = []
    for attempt in range(settings.retries + 1):
        try:
            gate = capacity_gate(settings.api_base)
            if gate is None:
                completion = await stream_once(settings, messages, on_delta)
            else:
                async with gate:  # the local server serves one request at a time: queue, never interrupt
                    completion = await stream_once(settings, messages, on_delta)
        except ProviderFailure as failure:
            failures.append(str(failure))
            if not failure.retryable or attempt == settings.retries:
                raise ProviderFailure(
                    f"{failure} (after {attempt + 1} attempt{'s' if attempt else ''})", failure.retryable
                ) from failure
            wait = settings.wait_before(attempt + 1)
            await on_retry(str(failure), wait)
            await sleep(wait)
            continue
        completion.failures = failures
        return completion
    raise AssertionError("unreachable")
