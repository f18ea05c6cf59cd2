"""An `llm:` spec's options (`llm:MODEL;key=value;...`): parsed and checked, each fault one line."""

from __future__ import annotations

from typing import Any

from arena.match.time_limit import TimeLimit, checked_time_limit
from arena.players.options import PlayerOptions
from arena.players.sampling import Sampler, checked_sampler
from arena.prompting.harness import checked_board, checked_rethink

SPEC_KEYS = ("temperature", "max_tokens", "api_base", "prompt", "reasoning_effort", "constrained", "legal", "transport",
             "rethink", "history", "board", "sample", "extract", "move_seconds", "match_seconds",
             "on_time")  # fmt: skip
TRANSPORTS = ("auto", "litellm")
EFFORTS = ("minimal", "low", "medium", "high")
TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def parse_spec(argument: str) -> tuple[str, dict[str, str]]:
    """`MODEL;key=value;...` into the model name and its overrides; ValueError on a bad part."""
    model, *parts = argument.split(";")
    if not model.strip():
        raise ValueError("llm: needs a model name, e.g. llm:openai/gpt-4o-mini or llm:local")
    overrides = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in SPEC_KEYS:
            raise ValueError(f"bad llm option {part!r} (use key=value with keys {', '.join(SPEC_KEYS)})")
        if key in overrides:
            raise ValueError(f"llm option {key} is given twice in {argument!r}: say it once")
        overrides[key] = value.strip()
        check_choice(key, overrides[key])
    return model.strip(), overrides


def check_choice(key: str, value: str) -> None:
    """ValueError for a yes/no option that is neither, or a reasoning effort no provider takes."""
    if key in ("constrained", "legal", "history", "extract") and value.lower() not in TRUE + FALSE:
        raise ValueError(f"llm option {key} is yes or no (true/false, on/off, 1/0), not {value!r}")
    if key == "rethink":
        checked_rethink(value)
    if key == "board":
        checked_board(value)
    if key == "reasoning_effort" and value not in EFFORTS:
        raise ValueError(f"llm option reasoning_effort is one of {', '.join(EFFORTS)}, not {value!r}")


def number(name: str, text: str, kind: type) -> Any:
    """An option's number, checked; ValueError naming the option."""
    try:
        value = kind(text)
    except ValueError:
        raise ValueError(f"llm option {name} must be a number, not {text!r}") from None
    check_sampling(name, value)
    return value


def check_sampling(name: str, value: float | None) -> None:
    """ValueError for a temperature outside 0-2 (or not finite) or a token limit below 1."""
    if value is None:
        return
    if name == "temperature" and not 0 <= value <= 2:
        raise ValueError(f"temperature must be a number from 0 to 2, not {value!r}")
    if name == "max_tokens" and value < 1:
        raise ValueError(f"max_tokens must be at least 1, not {value!r}")


def sampler_of(overrides: dict[str, str], options: PlayerOptions) -> Sampler:
    """Majority vote and the move extractor: the spec's, else the front end's defaults."""
    samples = number("sample", overrides["sample"], int) if "sample" in overrides else options.samples
    extract = overrides["extract"].lower() in TRUE if "extract" in overrides else options.extract
    return checked_sampler(samples, extract)


def time_limit_of(overrides: dict[str, str], options: PlayerOptions) -> TimeLimit:
    """The player's clock: the spec's limits, else the front end's defaults."""
    move = (
        number("move_seconds", overrides["move_seconds"], float)
        if "move_seconds" in overrides
        else options.move_seconds
    )
    match = (
        number("match_seconds", overrides["match_seconds"], float)
        if "match_seconds" in overrides
        else options.match_seconds
    )
    return checked_time_limit(move, match, overrides.get("on_time", options.on_time))
