"""Prompt families: templates in `prompts/`, the messages they make, and how answers are read."""

from arena.prompting.family import FAMILIES, PromptFamily, TurnContext, load_family

__all__ = ["FAMILIES", "PromptFamily", "TurnContext", "load_family"]
