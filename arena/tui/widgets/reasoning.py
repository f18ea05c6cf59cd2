"""The side pane that streams a model's reasoning and answer as they arrive."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static

from arena.inert import inert_text


class ReasoningPane(VerticalScroll):
    """Holds the current turn's stream: a heading, reasoning (dim) and answer, appended chunk by chunk."""

    DEFAULT_CSS = """
    ReasoningPane { height: 1fr; border: round $primary-darken-2; padding: 0 1; }
    ReasoningPane > Static { width: 1fr; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.heading = ""
        self.reasoning = ""
        self.answer = ""
        self.body = Static("", id="stream")
        self.border_title = "reasoning"

    def compose(self):  # type: ignore[no-untyped-def]
        yield self.body

    def start(self, heading: str) -> None:
        """A new turn or attempt: clear the stream and show who is thinking."""
        self.heading, self.reasoning, self.answer = heading, "", ""
        self.redraw()

    def add_reasoning(self, text: str) -> None:
        self.reasoning += text
        self.redraw()

    def add_answer(self, text: str) -> None:
        self.answer += text
        self.redraw()

    def note(self, text: str) -> None:
        """A line from the arena itself (a retry, a refusal)."""
        self.answer += f"\n[{text}]"
        self.redraw()

    @property
    def streamed(self) -> str:
        """Everything streamed in this turn, reasoning then answer."""
        return self.reasoning + self.answer

    def redraw(self) -> None:
        text = inert_text(self.heading + "\n", style="bold")
        if self.reasoning:
            text.append_text(inert_text(self.reasoning + "\n", style="italic grey62"))
        text.append_text(inert_text(self.answer))
        self.body.update(text)
        self.scroll_end(animate=False)
