"""Prompt families: shipped ones under prompts/, or a user's own file, all checked against one schema."""

from arena.prompting.family import PromptFamily
from arena.prompting.fields import TurnContext
from arena.prompting.loading import game_family_names, is_family_path, load_family, shipped_names

__all__ = ["PromptFamily", "TurnContext", "game_family_names", "is_family_path", "load_family", "shipped_names"]
