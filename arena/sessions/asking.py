"""Ask a model one question per item (quiz boards, task items), concurrently, stopping at a provider failure.

Shared by the hard-boards quiz and ChildPlay's tasks: each reply is handed to `record` as soon as it
arrives (which stores it), a failed provider is never recorded as an answer, and with a call cache
replies are kept for replay and served back in replay mode.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from arena.llm.cache import CallCache, call_key
from arena.llm.client import complete
from arena.llm.replies import Completion, DeltaSink, ProviderFailure, RetrySink
from arena.llm.settings import ModelSettings

T = TypeVar("T")


async def ask_each(
    items: Sequence[T],
    settings: ModelSettings,
    messages_for: Callable[[T], list[dict[str, Any]]],
    record: Callable[[T, Completion], None],
    concurrency: int = 1,
    settings_for: Callable[[T, ModelSettings], ModelSettings] | None = None,
    cache: CallCache | None = None,
    cache_tag: Callable[[T], str] | None = None,
    started: Callable[[T], None] | None = None,
    on_delta: DeltaSink | None = None,
    on_retry: RetrySink | None = None,
) -> str | None:
    """Ask every item, `concurrency` at a time; the first provider failure stops new calls (returned, else None).

    `started` is told as each call begins; `on_delta` and `on_retry` receive the stream as it arrives.
    """
    slots = asyncio.Semaphore(concurrency)
    failure: list[str] = []

    async def ignore(*_: Any) -> None:
        return None

    async def ask(item: T) -> None:
        async with slots:
            if failure:
                return  # a failed provider is not asked again in this run; the session resumes later
            if started is not None:
                started(item)
            asked = settings_for(item, settings) if settings_for is not None else settings
            messages = messages_for(item)
            key = call_key(asked, messages, 1, cache_tag(item)) if cache is not None and cache_tag else None
            completion = cache.get(key) if cache is not None and key is not None else None
            if completion is None:
                try:
                    completion = await complete(asked, messages, on_delta or ignore, on_retry or ignore)
                except ProviderFailure as error:
                    failure.append(str(error))
                    return
                if cache is not None and key is not None:
                    cache.put(key, asked.model, completion)
            record(item, completion)

    await asyncio.gather(*(ask(item) for item in items))
    return failure[0] if failure else None
