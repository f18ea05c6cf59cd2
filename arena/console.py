"""How numbers and tables reach a terminal: a console wide enough for pipes, percentages and per-move rates."""

from __future__ import annotations

from rich.console import Console


def wide_console() -> Console:
    """stdout as rich sees it, but wide enough for whole tables when it is a file or a pipe."""
    console = Console()
    return console if console.is_terminal else Console(width=160)


def percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def per_move(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"
