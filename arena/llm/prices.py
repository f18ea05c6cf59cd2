"""Dollar prices per token from the price list litellm ships, read as a file: pricing a call never waits for
litellm's import (seconds, holding the GIL) nor imports it at all for the arena's own streams."""

from __future__ import annotations

import importlib.util
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

PRICE_FILE = "model_prices_and_context_window_backup.json"
TIER = re.compile(r"input_cost_per_token_above_(\d+)k_tokens")


@cache
def price_table() -> dict[str, Any]:
    """litellm's bundled price list (model name -> prices), or empty when litellm is not installed."""
    spec = importlib.util.find_spec("litellm")
    if spec is None or not spec.submodule_search_locations:
        return {}
    try:
        table = json.loads((Path(spec.submodule_search_locations[0]) / PRICE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return table if isinstance(table, dict) else {}


def call_cost(model: str, prompt_tokens: int, completion_tokens: int) -> float | None:
    """What a call cost at the list price (tiers above a prompt size included), or None for an unlisted model."""
    table = price_table()
    for name in (model, model.partition("/")[2]):
        entry = table.get(name)
        if isinstance(entry, dict) and "input_cost_per_token" in entry:
            return _cost(entry, prompt_tokens, completion_tokens)
    return None


def most_output_tokens(model: str) -> int | None:
    """The longest reply the model can give (its listed maximum output), or None when the list does not say."""
    table = price_table()
    for name in (model, model.partition("/")[2]):
        entry = table.get(name)
        if isinstance(entry, dict):
            most = entry.get("max_output_tokens") or entry.get("max_tokens")
            if isinstance(most, int) and most > 0:
                return most
    return None


def _cost(entry: dict[str, Any], prompt_tokens: int, completion_tokens: int) -> float:
    input_price = entry["input_cost_per_token"]
    output_price = entry.get("output_cost_per_token", 0.0)
    tiers = sorted(int(m.group(1)) for key in entry if (m := TIER.fullmatch(key)))
    for tier in reversed(tiers):
        if prompt_tokens > tier * 1000:
            input_price = entry[f"input_cost_per_token_above_{tier}k_tokens"]
            output_price = entry.get(f"output_cost_per_token_above_{tier}k_tokens", output_price)
            break
    return float(prompt_tokens * input_price + completion_tokens * output_price)


def estimate_cost(model: str, tokens: dict[str, int] | None) -> float | None:
    """Dollar cost of a call's reported tokens at the list price, or None for an unlisted model or no tokens."""
    if not tokens:
        return None
    return call_cost(model, tokens.get("prompt", 0), tokens.get("completion", 0))
