"""Arena: language models, people and engines playing grid games, measured honestly."""

__version__ = "0.1.0"
