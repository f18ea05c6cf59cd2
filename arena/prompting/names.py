"""The shipped prompt families' names, read from their files without the schema (the command line's help needs
them in a few milliseconds; loading a family checks its whole file)."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

PROMPTS = Path(__file__).resolve().parent.parent.parent / "prompts"
SHIPPED = ("arena", "childplay", "topsakal", "cloudwalk")


@cache
def shipped_names(games_only: bool = False) -> tuple[str, ...]:
    """Every shipped family name, variants included, in file order; `games_only` leaves the quiz's out."""
    names: list[str] = []
    for stem in SHIPPED:
        data = tomllib.loads((PROMPTS / f"{stem}.toml").read_text(encoding="utf-8"))
        if games_only and data.get("layout") == "quiz":
            continue
        family = str(data["family"])
        names.extend([family] if data.get("plain", True) else [])
        names.extend(f"{family}-{variant}" for variant in data.get("variants", []))
    return tuple(names)
