"""How to call one model: provider name, sampling parameters, time limits, retries."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, replace
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from arena.known_secrets import remember


@dataclass(frozen=True)
class ModelSettings:
    """A litellm model name with the parameters sent to it and the arena's own limits."""

    model: str
    temperature: float | None = None
    max_tokens: int | None = None
    api_base: str | None = None
    api_key: str | None = field(default=None, repr=False)
    reasoning_effort: str | None = None
    response_format: dict[str, Any] | None = None
    timeout: float = 300.0  # the whole request
    chunk_timeout: float = 90.0  # silence allowed between two streamed chunks
    retries: int = 4  # provider failures retried before the match ends as an error
    backoff: float = 1.0  # first wait; doubles each time
    backoff_cap: float = 30.0
    transport: str = "auto"  # "litellm" sends even OpenAI-compatible endpoints through litellm's stream

    def sampling(self) -> dict[str, Any]:
        """The parameters that shape the reply: part of the replay key and of the record."""
        values = {
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "reasoning_effort": self.reasoning_effort,
            "response_format": self.response_format,
        }
        return {k: v for k, v in values.items() if v is not None}

    def recorded(self) -> dict[str, Any]:
        """Everything but the key (and any credentials inside the endpoint's address), for the match record."""
        values = asdict(self)
        values.pop("api_key")
        if self.api_base:
            values["api_base"] = redact_url(self.api_base)
        return values

    def constrained(self, schema: dict[str, Any], llama_cpp: bool) -> ModelSettings:
        """These settings asking for a reply that is JSON under `schema` (constrained decoding)."""
        # llama.cpp's server takes a schema inside json_object; OpenAI-style APIs take json_schema.
        response_format = (
            {"type": "json_object", "schema": schema}
            if llama_cpp
            else {"type": "json_schema", "json_schema": {"name": "move", "schema": schema, "strict": True}}
        )
        return replace(self, response_format=response_format)

    def wait_before(self, retry: int) -> float:
        """Bounded exponential backoff before retry number `retry` (1-based)."""
        return float(min(self.backoff_cap, self.backoff * 2 ** (retry - 1)))


SECRET_PARAMETER = re.compile(r"(key|token|secret|password|auth|signature|sig)", re.IGNORECASE)


def url_secrets(url: str) -> list[str]:
    """The credentials inside an endpoint's address: user:password, the password, key-like query values, fragment."""
    parts = urlsplit(url)
    found = [parts.netloc.rpartition("@")[0], parts.password or "", parts.fragment]
    found += [v for k, v in parse_qsl(parts.query, keep_blank_values=True) if SECRET_PARAMETER.search(k)]
    return [secret for secret in found if secret]


def redact_url(url: str) -> str:
    """The URL without a user:password part or fragment, and with key-like query values replaced by `REDACTED`."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = host + (f":{parts.port}" if parts.port else "") if parts.username or parts.password else parts.netloc
    query = urlencode(
        [
            (k, "REDACTED" if SECRET_PARAMETER.search(k) else v)
            for k, v in parse_qsl(parts.query, keep_blank_values=True)
        ]
    )
    return urlunsplit((parts.scheme, netloc, parts.path, query, "REDACTED" if parts.fragment else ""))


def checked_url(url: str) -> str:
    """The endpoint address (without a fragment) if an http(s) URL with a host and a valid port; else ValueError."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port  # ValueError for a port past 65535 or not a number
    except ValueError as error:
        raise ValueError(f"api_base is not a URL ({error})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"api_base {redact_url(url)!r} is not an http:// or https:// URL with a host")
    if port == 0:
        raise ValueError(f"api_base {redact_url(url)!r} has port 0")
    for secret in url_secrets(url.strip()):
        remember(secret)  # a server that echoes one back (a Basic header, a token) is redacted too
    # A fragment is never sent to a server (and would swallow the path a client appends): dropped, never stored.
    return urlunsplit(parts._replace(fragment=""))
