"""A table shown at its whole width in a scrolling pane: wider than the screen, it scrolls sideways, never squeezed."""

from __future__ import annotations

from rich.console import Console, RenderableType
from textual.widgets import Static


def show_whole(view: Static, shown: RenderableType, least: int = 40) -> None:
    """Put `shown` in `view` at its full width (at least `least` columns)."""
    view.styles.width = max(Console(width=10_000).measure(shown).maximum, least)
    view.update(shown)
