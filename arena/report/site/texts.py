"""The site's data as text: JSON that no page can read as markup, script files, prompts kept once."""

from __future__ import annotations

import json
from typing import Any

from arena.known_secrets import redact_known


def safe_json(value: Any, indent: int | None = None) -> str:
    """JSON whose `<`, `>` and `&` are written as escapes (no text in it can open or close a tag), no secret in it."""
    separators = (",", ":") if indent is None else (",", ": ")
    text = json.dumps(value, ensure_ascii=True, sort_keys=True, indent=indent, separators=separators, allow_nan=False)
    return redact_known(text).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def script_data(name: str, value: Any) -> str:
    """A JavaScript file that hands `value` to the page."""
    return f"window.ARENA = window.ARENA || {{}};\n{name}({safe_json(value)});\n"


def shared_texts(matches: dict[str, Any]) -> dict[str, Any]:
    """A data file's matches with each prompt message kept once (system messages and boards repeat a lot)."""
    texts: dict[str, int] = {}
    for match in matches.values():
        for step in match["steps"]:
            attempt = step["attempt"]
            if "prompt" in attempt:
                attempt["prompt"] = [texts.setdefault(text, len(texts)) for text in attempt["prompt"]]
    return {"texts": list(texts), "matches": matches}
