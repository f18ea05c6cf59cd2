"""A player's identity for tables: its full configuration (model, prompt family, temperature, options), compactly."""

from __future__ import annotations

from typing import Any

from arena.prompting.harness import harness_words
from games import DEFAULT_BUDGET

DEFAULT_LEVEL = 5
SHOWN_ELSEWHERE = ("temperature", "prompt")
HARNESS_KEYS = (
    "rethink",
    "history",
    "board",
    "sample",
    "extract",
    "move_seconds",
    "match_seconds",
    "on_time",
)  # named from the recorded settings (`harness_words`)


def identity(spec: str, settings: dict[str, Any]) -> str:
    """`llm:local T=0.7 topsakal-list`, `minimax L3 2s`, `random`: two players with one name play identically."""
    kind, _, argument = spec.strip().partition(":")
    kind = kind.lower()
    if kind == "llm":
        model, *parts = argument.split(";")
        words = [f"llm:{model.strip()}"]
        if settings.get("temperature") is not None:
            words.append(f"T={float(settings['temperature']):g}")
        if settings.get("prompt") not in (None, "arena"):
            words.append(prompt_label(settings))
        if settings.get("constrained"):
            words.append("constrained")
        if settings.get("show_legal") is False:
            words.append("no-legal")
        words += harness_words(settings)
        for part in parts:
            key, _, value = part.partition("=")
            key = key.strip().replace("-", "_")
            if key not in (*SHOWN_ELSEWHERE, "constrained", "legal", *HARNESS_KEYS):
                words.append(f"{key}={value.strip()}")
        return " ".join(words)
    if kind == "minimax":
        words = ["minimax"]
        level = settings.get("level", DEFAULT_LEVEL)
        budget = settings.get("budget", DEFAULT_BUDGET)
        if level != DEFAULT_LEVEL:
            words.append(f"L{level}")
        if settings.get("nodes"):
            words.append(f"{int(settings['nodes']):,} positions")
        elif budget != DEFAULT_BUDGET:
            words.append(f"{float(budget):g}s")
        return " ".join(words)
    if settings.get("source"):  # an imported game's opponent (ChildPlay's random player) is not the arena's
        return f"{spec.strip()} ({settings['source']})"
    return spec.strip()


def prompt_label(settings: dict[str, Any]) -> str:
    """The family's name; a user's file adds its hash and a later shipped version its number (wordings never mix)."""
    label = str(settings["prompt"])
    if settings.get("prompt_file") and settings.get("prompt_sha256"):
        return f"{label}@{str(settings['prompt_sha256'])[:8]}"
    version = settings.get("prompt_version")
    return f"{label} v{version}" if isinstance(version, int) and version > 1 else label


def family_of(settings: dict[str, Any]) -> str | None:
    """The prompt family a model played under (None for engines and people)."""
    family = settings.get("prompt")
    return str(family) if family is not None else None


def without_family(settings: dict[str, Any]) -> dict[str, Any]:
    """Settings with the prompt family left out: the model itself, as a task session names it."""
    return {key: value for key, value in settings.items() if not key.startswith("prompt")}
