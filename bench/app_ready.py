"""A child process for the start-up bench: the arena app (or a minimal Textual app with the same kinds of
widgets) in a real terminal size, headless, printing `ready` once its first screen has been drawn, then leaving.

Run: python -m bench.app_ready arena DB | minimal | static
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import ClassVar


def arena_app(db: Path) -> object:
    """The arena app, which says `ready` after its setup screen's first refresh."""
    from arena.tui import app

    class Timed(app.ArenaApp):
        CSS_PATH = str(Path(app.__file__).with_name("arena.tcss"))  # Textual reads it beside the subclass' module

        def on_mount(self) -> None:
            super().on_mount()
            self.call_after_refresh(self.ready)

        def ready(self) -> None:
            print("ready", flush=True)
            self.exit()

    return Timed(db)


def minimal_app() -> object:
    """The smallest Textual app with the setup screen's kinds and numbers of widgets: a header, 6 selects,
    8 inputs, 12 labels, 3 checkboxes, 3 buttons in 8 rows, and a footer with 7 keys."""
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.containers import Horizontal, Vertical
    from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select, Static

    class Minimal(App[None]):
        BINDINGS: ClassVar = [Binding(f"f{n}", "bell", f"Key {n}") for n in range(1, 8)]

        def compose(self) -> ComposeResult:
            yield Header()
            with Vertical():
                for row in range(8):
                    with Horizontal():
                        yield Label(f"label {row}")
                        yield Input(str(row))
                        if row < 6:
                            yield Select([(f"choice {n}", n) for n in range(8)], value=0)
                        if row < 4:
                            yield Label(f"more {row}")
                        if row < 3:
                            yield Checkbox(f"option {row}")
                            yield Button(f"button {row}")
                yield Static("status")
            yield Footer()

        def on_mount(self) -> None:
            self.call_after_refresh(self.ready)

        def ready(self) -> None:
            print("ready", flush=True)
            self.exit()

    return Minimal()


def one_static_app() -> object:
    """The floor: a Textual app of one Static."""
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class OneStatic(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("ready")

        def on_mount(self) -> None:
            self.call_after_refresh(self.ready)

        def ready(self) -> None:
            print("ready", flush=True)
            self.exit()

    return OneStatic()


def main(argv: list[str]) -> int:
    chosen = {"minimal": minimal_app, "static": one_static_app}
    app = arena_app(Path(argv[1])) if argv[0] == "arena" else chosen[argv[0]]()
    app.run(headless=True, size=(120, 40))  # type: ignore[attr-defined]
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
