"""One redaction for every string a provider or an endpoint gave back, before it is stored, printed or exported.

A provider may echo the key it was sent ("Incorrect API key provided: sk-..."), a proxy may put a token in a
URL's path, query or fragment. The known secrets (arena.known_secrets: the environment's keys, the credentials
given in endpoints, in every form) are replaced wherever they appear; what looks like a key is replaced even
when unknown.
"""

from __future__ import annotations

import re

from arena.known_secrets import REDACTED, redact_known

_PATTERNS = (
    re.compile(r"(?i)\b(bearer|basic)(\s+)(?!REDACTED)[A-Za-z0-9._~+/=-]{6,}"),  # an Authorization header's value
    re.compile(r"\b(?:sk|pk|rk|ak|gsk|xai|hf)[-_][A-Za-z0-9_-]{8,}"),  # common key prefixes (OpenAI, Groq, HF...)
    re.compile(r"\bAIza[0-9A-Za-z_-]{20,}"),  # Google API keys
)
_PARAMETER = re.compile(
    r"(?i)((?:api[_-]?key|access[_-]?token|token|secret|password|passwd|auth|signature|sig|code|key)"
    r"[\"']?\s*[=:]\s*[\"']?)([^\s&#\"',;}]{4,})"
)


def redact(text: str) -> str:
    """`text` with every known secret (in every form) and every key-like value replaced by REDACTED."""
    text = redact_known(text)
    text = _PATTERNS[0].sub(lambda m: f"{m.group(1)}{m.group(2)}{REDACTED}", text)
    for pattern in _PATTERNS[1:]:
        text = pattern.sub(REDACTED, text)
    return _PARAMETER.sub(lambda m: m.group(1) + REDACTED if m.group(2) != REDACTED else m.group(0), text)
