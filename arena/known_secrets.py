"""The secrets this process knows, kept out of every text the arena writes or shows, in every form one is echoed.

A secret is known when it is in the environment under a secret-looking name (`OPENAI_API_KEY`) or was given
inside an endpoint's address (user:password, a key-like query value, a fragment). A server may echo one back
as given, in another case, percent-encoded, or as the base64 of an HTTP Basic header; each form is replaced.
Streamed text is redacted as it streams: the tail of a piece that could begin a secret waits for the next
piece (`StreamRedactor`), so a key split across chunks never reaches a screen either.
"""

from __future__ import annotations

import base64
import os
import re
from urllib.parse import quote, unquote

REDACTED = "REDACTED"
SECRET_NAME = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)", re.IGNORECASE)
SHORTEST_SECRET = 8  # shorter values (a region, a flag) are too common to hunt down in free text

_GIVEN: set[str] = set()
_names: list[str] = []  # the environment's secret-looking names when last read
_seen: tuple[object, ...] = ()  # what the known forms were built from
_forms: list[str] = []  # lower-cased, longest first
_pattern: re.Pattern[str] | None = None


def remember(secret: str) -> None:
    """Know `secret` from now on (a credential read from an endpoint's address)."""
    if len(secret) >= SHORTEST_SECRET:
        _GIVEN.add(secret)


def _environment_key() -> tuple[object, ...]:
    """A cheap fingerprint of the environment's secrets: its size and the values of the names seen last."""
    return (len(os.environ), *(os.environ.get(name) for name in _names), len(_GIVEN))


def forms_of(secret: str) -> set[str]:
    """Every form of one secret a server could send back: as given, percent-encoded and decoded, base64."""
    found = {secret, quote(secret, safe=""), unquote(secret)}
    for text in list(found):
        # the base64 of "user:password" is a Basic header's value; unpadded, so a padded echo is caught too
        found.add(base64.b64encode(text.encode("utf-8")).decode("ascii").rstrip("="))
    return {form for form in found if len(form) >= SHORTEST_SECRET}


def _refresh() -> None:
    """Rebuild the forms and the pattern when the environment or the given secrets changed."""
    global _names, _seen, _forms, _pattern
    if _environment_key() == _seen:
        return
    _names = [name for name in os.environ if SECRET_NAME.search(name)]
    values = {os.environ[name] for name in _names if len(os.environ[name]) >= SHORTEST_SECRET} | _GIVEN
    forms = {form.lower() for value in values for form in forms_of(value)}
    _forms = sorted(forms, key=len, reverse=True)  # longest first: a secret never leaves a tail of itself
    _pattern = re.compile("|".join(map(re.escape, _forms)), re.IGNORECASE) if _forms else None
    _seen = _environment_key()


def known_forms() -> list[str]:
    """Every form of every known secret, lower-cased, longest first."""
    _refresh()
    return list(_forms)


def redact_known(text: str) -> str:
    """`text` with every form of every known secret, in any case, replaced by REDACTED."""
    _refresh()
    if _pattern is None or not text:
        return text
    return _pattern.sub(REDACTED, text)


def held_back(text: str) -> int:
    """How many characters at the end of `text` could be the start of a known secret (0 when none)."""
    lowered = text.lower()
    longest = 0
    for form in _forms:
        window = lowered[-(len(form) - 1) :] if len(form) > 1 else ""
        start = window.find(form[0])
        while start != -1 and len(window) - start > longest:
            if form.startswith(window[start:]):
                longest = len(window) - start
                break
            start = window.find(form[0], start + 1)
    return longest


class StreamRedactor:
    """Redacts a stream piece by piece: what is passed on never holds a secret, even one split across pieces."""

    def __init__(self) -> None:
        self.waiting = ""

    def feed(self, piece: str) -> str:
        """The text that can be passed on now; a possible beginning of a secret waits for the next piece."""
        _refresh()
        if _pattern is None:
            text, self.waiting = self.waiting + piece, ""
            return text
        text = redact_known(self.waiting + piece)
        keep = held_back(text)
        self.waiting = text[len(text) - keep :] if keep else ""
        return text[: len(text) - keep]

    def flush(self) -> str:
        """What still waits (the stream ended): a part of a secret long enough to matter is redacted too."""
        text, self.waiting = self.waiting, ""
        return REDACTED if len(text) >= SHORTEST_SECRET else text


def redact_whole(text: str) -> str:
    """`text` redacted as a stream of it would be (a secret's beginning at the very end included)."""
    redactor = StreamRedactor()
    return redactor.feed(text) + redactor.flush()
