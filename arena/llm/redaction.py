"""One redaction for every string a provider or an endpoint gave back, before it is stored, printed or exported.

A provider may echo the key it was sent ("Incorrect API key provided: sk-..."), a proxy may put a token in a
URL's path, query or fragment. The known secrets (the keys in this process's environment, the credentials
hidden from endpoints) are replaced wherever they appear; what looks like a key is replaced even when unknown.
"""

from __future__ import annotations

import os
import re

from arena.llm.secrets import revealed_secrets

REDACTED = "REDACTED"
SECRET_NAME = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)", re.IGNORECASE)
SHORTEST_SECRET = 8  # shorter values (a region, a flag) are too common to hunt down in free text
_PATTERNS = (
    re.compile(r"(?i)\b(bearer|basic)(\s+)(?!REDACTED)[A-Za-z0-9._~+/=-]{6,}"),  # an Authorization header's value
    re.compile(r"\b(?:sk|pk|rk|ak|gsk|xai|hf)[-_][A-Za-z0-9_-]{8,}"),  # common key prefixes (OpenAI, Groq, HF...)
    re.compile(r"\bAIza[0-9A-Za-z_-]{20,}"),  # Google API keys
)
_PARAMETER = re.compile(
    r"(?i)((?:api[_-]?key|access[_-]?token|token|secret|password|passwd|auth|signature|sig|code|key)"
    r"[\"']?\s*[=:]\s*[\"']?)([^\s&#\"',;}]{4,})"
)


def known_secrets() -> list[str]:
    """The values that must never be shown: keys in the environment and credentials given in endpoints."""
    values = [v for k, v in os.environ.items() if SECRET_NAME.search(k) and len(v) >= SHORTEST_SECRET]
    values += [v for v in revealed_secrets() if len(v) >= SHORTEST_SECRET]
    return sorted(set(values), key=len, reverse=True)  # longest first: a key never leaves a tail of itself


def redact(text: str) -> str:
    """`text` with every known secret and every key-like value replaced by REDACTED."""
    for secret in known_secrets():
        text = text.replace(secret, REDACTED)
    text = _PATTERNS[0].sub(lambda m: f"{m.group(1)}{m.group(2)}{REDACTED}", text)
    for pattern in _PATTERNS[1:]:
        text = pattern.sub(REDACTED, text)
    return _PARAMETER.sub(lambda m: m.group(1) + REDACTED if m.group(2) != REDACTED else m.group(0), text)
