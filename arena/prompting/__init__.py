"""Prompt families: shipped ones under prompts/, or a user's own file, all checked against one schema.

The names are imported when first used: the command line's `--help` lists the shipped families without
loading the schema (pydantic) behind them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from arena.prompting.names import shipped_names

if TYPE_CHECKING:
    from arena.prompting.family import PromptFamily
    from arena.prompting.fields import TurnContext
    from arena.prompting.loading import game_family_names, is_family_path, load_family

__all__ = ["PromptFamily", "TurnContext", "game_family_names", "is_family_path", "load_family", "shipped_names"]
_WHERE = {
    "PromptFamily": "arena.prompting.family",
    "TurnContext": "arena.prompting.fields",
    "game_family_names": "arena.prompting.loading",
    "is_family_path": "arena.prompting.loading",
    "load_family": "arena.prompting.loading",
}


def __getattr__(name: str) -> Any:
    """A name of the package, imported from its module on first use."""
    if name in _WHERE:
        return getattr(import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'arena.prompting' has no attribute {name!r}")
