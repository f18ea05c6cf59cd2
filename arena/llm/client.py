"""Model calls: one streamed reply through litellm or the arena's own OpenAI-compatible stream, with retries."""

from __future__ import annotations

import asyncio
import base64
import os
from collections.abc import Awaitable, Callable
from typing import Any

from arena.llm.direct import DirectStream, ProviderError, endpoint, pieces, takes_direct_path
from arena.llm.library import classify, estimated_tokens, litellm_module
from arena.llm.local import capacity_gate
from arena.llm.replies import Completion, DeltaSink, ProviderFailure, RetrySink
from arena.llm.settings import ModelSettings
from arena.llm.streaming import FinishWatch, ReplyParts, StallWatch, Watched


async def stream_once(settings: ModelSettings, messages: list[dict[str, Any]], on_delta: DeltaSink) -> Completion:
    """One streamed call; ProviderFailure on anything that is the provider's fault."""
    if takes_direct_path(settings):
        return await stream_direct(settings, messages, on_delta)
    litellm = litellm_module()
    reply = ReplyParts(settings, on_delta)
    usage: Any = None
    kwargs: dict[str, Any] = dict(settings.sampling())
    if settings.api_base:
        kwargs["api_base"], userinfo = endpoint(settings.api_base, "")
        if userinfo:  # litellm's client cannot call an address with user:password: sent as Basic auth, as direct does
            kwargs["extra_headers"] = {"Authorization": "Basic " + base64.b64encode(userinfo.encode()).decode()}
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
        with StallWatch(settings.chunk_timeout) as stall:
            async for chunk in Watched(response, stall):
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
    chunks = stream.chunks()
    try:
        with StallWatch(settings.chunk_timeout) as stall:
            async for chunk in Watched(chunks, stall):
                thought, text, reason, used = pieces(chunk)
                usage = used or usage
                await reply.feed(thought, text, reason)
    except ProviderError as error:
        raise ProviderFailure(str(error), error.retryable) from None
    finally:
        reply.batcher.stop()
        await chunks.aclose()  # the connection goes back to the pool (or is closed) now, not when collected
    await reply.end(stream.finished)
    if usage is not None:
        tokens = {name: int(usage.get(f"{name}_tokens", 0) or 0) for name in ("prompt", "completion", "total")}
    else:  # the server reports no usage (llama-cpp-python does not): counted as litellm counts it
        tokens = estimated_tokens(settings.model, messages, "".join(reply.reasoning) + "".join(reply.content))
    return reply.completion(tokens)


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
