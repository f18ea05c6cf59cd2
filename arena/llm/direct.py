"""A lean stream from OpenAI-compatible endpoints (a vLLM, Ollama or llama.cpp server, the local model).

litellm's stream wrapper and the OpenAI SDK build several objects per chunk: about 0.7 ms of CPU
a chunk here, so a reasoning model streaming thousands of chunks a move kept a core busy. For an
endpoint that speaks the OpenAI protocol itself (`openai/...` or `hosted_vllm/...` with an
`api_base`) the arena reads the server-sent events with aiohttp and parses each line once.
Every other provider goes through litellm.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
from collections.abc import AsyncGenerator
from contextlib import AsyncExitStack, suppress
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit, urlunsplit

from arena.llm.connections import current_pool
from arena.llm.settings import ModelSettings

if TYPE_CHECKING:
    from aiohttp import ClientResponse

DIRECT_PROVIDERS = {"openai": "OPENAI_API_KEY", "hosted_vllm": "HOSTED_VLLM_API_KEY"}
RETRYABLE_STATUS = {408, 409, 425, 429}
END_WAIT_SECONDS = 1.0  # how long a reply already complete waits for its body to end
# The names litellm gives these failures, so a reason reads the same whichever way the call went.
STATUS_NAMES = {
    400: "BadRequestError",
    401: "AuthenticationError",
    403: "PermissionDeniedError",
    404: "NotFoundError",
    408: "Timeout",
    422: "UnprocessableEntityError",
    429: "RateLimitError",
    503: "ServiceUnavailableError",
}


class ProviderError(Exception):
    """What went wrong at the endpoint, and whether trying again may help."""

    def __init__(self, message: str, retryable: bool) -> None:
        super().__init__(message)
        self.retryable = retryable


def endpoint(api_base: str, path: str) -> tuple[str, str]:
    """The URL of `path` under an endpoint (its query kept at the end), and the user:password it carried, if any."""
    parts = urlsplit(api_base)
    userinfo, _, host = parts.netloc.rpartition("@")
    return urlunsplit(parts._replace(netloc=host, path=parts.path.rstrip("/") + path)), unquote(userinfo)


def takes_direct_path(settings: ModelSettings) -> bool:
    """True for an OpenAI-compatible endpoint the arena can stream from itself."""
    provider, _, name = settings.model.partition("/")
    return bool(settings.api_base) and bool(name) and provider in DIRECT_PROVIDERS and settings.transport == "auto"


def request_body(settings: ModelSettings, messages: list[dict[str, Any]]) -> dict[str, Any]:
    """The chat completion request, as litellm would send it to an OpenAI-compatible server."""
    return {
        "model": settings.model.partition("/")[2],
        "messages": messages,
        "stream": True,
        "stream_options": {"include_usage": True},
        **settings.sampling(),
    }


def error_message(status: int, text: str) -> str:
    """A one-line reason from an error response (its `error.message` when it has one)."""
    try:
        data = json.loads(text)
        message = data["error"]["message"] if isinstance(data.get("error"), dict) else data.get("error", text)
    except (ValueError, KeyError, TypeError, AttributeError):
        message = text
    name = STATUS_NAMES.get(status, "InternalServerError" if status >= 500 else "APIError")
    return f"{name}: HTTP {status}: {' '.join(str(message).split())[:200]}"


class DirectStream:
    """The parsed chunks of one streamed reply; `finished` once the server itself ended it (`[DONE]`)."""

    def __init__(self, settings: ModelSettings, messages: list[dict[str, Any]]) -> None:
        self.settings = settings
        self.messages = messages
        self.finished = False

    async def chunks(self) -> AsyncGenerator[dict[str, Any], None]:
        """Each `data:` event as a dict; ProviderError on any failure of the endpoint or the connection."""
        import aiohttp

        settings = self.settings
        provider = settings.model.partition("/")[0]
        key = settings.api_key or os.environ.get(DIRECT_PROVIDERS[provider]) or "no-key"
        url, userinfo = endpoint(settings.api_base or "", "/chat/completions")
        # user:password in the address is Basic auth (a proxy in front of the server); else the key as a bearer.
        authorization = "Basic " + base64.b64encode(userinfo.encode()).decode() if userinfo else f"Bearer {key}"
        timeout = aiohttp.ClientTimeout(total=settings.timeout)
        headers = {"Authorization": authorization}
        pool = current_pool()
        try:
            async with AsyncExitStack() as opened:
                # A run's calls share its pool's connections; a call outside a run opens (and closes) its own.
                session = pool.get() if pool is not None else await opened.enter_async_context(aiohttp.ClientSession())
                body = request_body(settings, self.messages)
                response = await opened.enter_async_context(
                    session.post(url, json=body, headers=headers, timeout=timeout)
                )
                async for chunk in self.read(response):
                    yield chunk
        except aiohttp.ClientError as error:
            raise ProviderError(f"{type(error).__name__}: {error}", retryable=True) from None
        except TimeoutError:
            raise ProviderError(f"the request took over {settings.timeout:g} s", retryable=True) from None

    async def read(self, response: ClientResponse) -> AsyncGenerator[dict[str, Any], None]:
        """The events of one response; ProviderError for an error status."""
        if response.status != 200:
            text = await response.text(errors="replace")
            retryable = response.status in RETRYABLE_STATUS or response.status >= 500
            raise ProviderError(error_message(response.status, text), retryable)
        rest = b""
        async for block in response.content.iter_any():  # lines split here: fewer reads than readline
            *lines, rest = (rest + block).split(b"\n")
            for line in lines:
                if not line.startswith(b"data:"):
                    continue
                data = line[5:].strip()
                if data == b"[DONE]":
                    self.finished = True
                    await read_to_the_end(response)
                    return
                chunk = event(data)
                if chunk is not None:
                    yield chunk
        last = rest[5:].strip() if rest.startswith(b"data:") else b""  # a last event without its newline
        if last == b"[DONE]":
            self.finished = True
        elif last and (chunk := event(last)) is not None:
            yield chunk


async def read_to_the_end(response: ClientResponse) -> None:
    """Read what follows `[DONE]` (the body's closing bytes, usually a moment later): a response released
    before its end closes its connection, and the run's next call would open a new one."""
    import aiohttp

    with suppress(TimeoutError, aiohttp.ClientError):
        async with asyncio.timeout(END_WAIT_SECONDS):  # a server that never ends the body costs only this
            await response.content.read()


def event(data: bytes) -> dict[str, Any] | None:
    """One `data:` event's JSON object (None for JSON that is no object); ProviderError for one that is not JSON
    or that reports an error."""
    try:
        chunk = json.loads(data)
    except ValueError:
        raise ProviderError("the server sent a chunk that is not JSON", retryable=True) from None
    if not isinstance(chunk, dict):
        return None
    if "error" in chunk:
        raise ProviderError(error_message(500, data.decode(errors="replace")), retryable=True)
    return chunk


def pieces(chunk: dict[str, Any]) -> tuple[str, str, str | None, dict[str, Any] | None]:
    """(reasoning, content, finish reason, usage) of one chunk."""
    reasoning = content = ""
    finish = None
    for choice in chunk.get("choices") or ():
        delta = choice.get("delta") or {}
        reasoning += delta.get("reasoning_content") or delta.get("reasoning") or ""
        content += delta.get("content") or ""
        finish = choice.get("finish_reason") or finish
    return reasoning, content, finish, chunk.get("usage")
