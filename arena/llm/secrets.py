"""Credentials inside a model spec's endpoint, hidden the moment the spec is read and revealed only to make calls.

`llm:openai/m;api_base=https://user:pw@host/v1?api_key=K#token=T` becomes
`llm:openai/m;api_base=https://hidden-1a2b3c4d@host/v1?api_key=hidden-5e6f7a8b#hidden-9c0d1e2f`: that form is
what every record, index, report, file name, title and message ever holds. The real values stay in this
process's memory, keyed by a short digest (the same secret always gets the same placeholder, so a resumed
tournament keeps its identity).
"""

from __future__ import annotations

import hashlib
import re
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from arena.known_secrets import remember
from arena.llm.settings import SECRET_PARAMETER

PLACEHOLDER = re.compile(r"hidden-[0-9a-f]{8}")
_REVEALED: dict[str, str] = {}


def _hide(secret: str) -> str:
    """The placeholder of one secret value (remembered for `reveal_url`)."""
    if PLACEHOLDER.fullmatch(secret):
        return secret
    placeholder = "hidden-" + hashlib.sha256(secret.encode("utf-8")).hexdigest()[:8]
    _REVEALED[placeholder] = secret
    remember(secret)  # a server that echoes it back is redacted too
    return placeholder


def hide_url(url: str) -> str:
    """The URL with its user:password part, key-like query values and fragment replaced by placeholders."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return url  # not a URL the client could call either: its own error names it
    netloc = parts.netloc
    if parts.username is not None or parts.password is not None:
        userinfo = parts.netloc.rpartition("@")[0]
        remember(parts.password or "")
        host = parts.hostname or ""
        netloc = f"{_hide(userinfo)}@{host}" + (f":{port}" if port else "")
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    if any(SECRET_PARAMETER.search(key) for key, _ in pairs):
        query = urlencode([(k, _hide(v) if SECRET_PARAMETER.search(k) else v) for k, v in pairs], quote_via=quote)
    else:
        query = parts.query
    fragment = _hide(parts.fragment) if parts.fragment else ""  # never sent to a server: only a token lives there
    return urlunsplit((parts.scheme, netloc, parts.path, query, fragment))


def reveal_url(url: str) -> str:
    """The URL with its placeholders replaced by the secrets they stand for (for the call only)."""
    return PLACEHOLDER.sub(lambda found: _REVEALED.get(found.group(0), found.group(0)), url)


def hide_spec(spec: str) -> str:
    """A player spec with the credentials of its `api_base` option hidden; other specs unchanged."""
    kind, colon, argument = spec.strip().partition(":")
    if kind.lower() != "llm" or "api_base" not in argument.replace("-", "_"):
        return spec.strip()
    model, *parts = argument.split(";")
    hidden = []
    for part in parts:
        key, sep, value = part.partition("=")
        hidden.append(f"{key}{sep}{hide_url(value.strip())}" if key.strip().replace("-", "_") == "api_base" else part)
    return f"{kind}{colon}" + ";".join([model, *hidden])
