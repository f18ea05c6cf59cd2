"""A yes/no question in a modal panel: asked before leaving what cannot be resumed (a running match)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from arena.inert import inert_text


class ConfirmScreen(ModalScreen[bool]):
    """Ask one question; `y` or the first button says yes, `n` or Esc says no."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Leave", no: str = "Stay") -> None:
        super().__init__()
        self.question = question
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(inert_text(self.question), id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes} (y)", id="confirm-yes", variant="warning", compact=True)
                yield Button(f"{self.no} (n, Esc)", id="confirm-no", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()  # Enter on the panel never leaves by accident

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
