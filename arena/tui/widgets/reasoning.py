"""The side pane that streams a model's reasoning and answer as they arrive."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import Static

from arena.inert import inert_text

REFRESH_SECONDS = 0.05  # chunks arriving faster than this are drawn together (about 20 frames a second)
SHOWN_CHARACTERS = 20_000  # the pane keeps the tail of a long stream; the record keeps all of it


class ReasoningPane(VerticalScroll):
    """Holds the current turn's stream: a heading, reasoning (dim) and answer, drawn at most 20 times a second.

    It follows the end of the stream unless the user scrolls up (wheel, Up, Page Up, Home); the
    border says so until the view is back at the bottom (End, or scrolling down to it).
    """

    DEFAULT_CSS = """
    ReasoningPane { height: 1fr; border: round $primary-darken-2; padding: 0 1; }
    ReasoningPane:focus { border: round $accent; }
    ReasoningPane > Static { width: 1fr; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.heading = ""
        self.reasoning = ""
        self.answer = ""
        self.earlier = ""  # the refused attempts of this move, kept in view
        self.body = Static("", id="stream")
        self.border_title = "reasoning"
        self.pending = False
        self.follow = True

    def compose(self):  # type: ignore[no-untyped-def]
        yield self.body

    def start(self, heading: str, keep: bool = False) -> None:
        """A new turn (the stream cleared) or, with `keep`, another attempt of the same move: the earlier
        attempts' reasoning and answers stay above it, dimmed."""
        if keep:
            self.earlier = (self.earlier + f"{self.heading}\n{self.reasoning}\n{self.answer}\n\n")[-SHOWN_CHARACTERS:]
        else:
            self.earlier = ""
        self.heading, self.reasoning, self.answer = heading, "", ""
        self.redraw()

    def add_reasoning(self, text: str) -> None:
        self.reasoning += text
        self.schedule()

    def add_answer(self, text: str) -> None:
        self.answer += text
        self.schedule()

    def note(self, text: str) -> None:
        """A line from the arena itself (a retry, a refusal)."""
        self.answer += f"\n[{text}]"
        self.redraw()

    @property
    def streamed(self) -> str:
        """Everything streamed in this turn, reasoning then answer."""
        return self.reasoning + self.answer

    def schedule(self) -> None:
        """Draw soon, once for every chunk that arrives before then."""
        if not self.pending:
            self.pending = True
            self.set_timer(REFRESH_SECONDS, self.redraw)

    def redraw(self) -> None:
        self.pending = False
        text = inert_text(self.earlier, style="grey50")
        text.append_text(inert_text(self.heading + "\n", style="bold"))
        reasoning = self.reasoning
        if len(reasoning) > SHOWN_CHARACTERS:
            hidden = len(reasoning) - SHOWN_CHARACTERS
            text.append(f"… {hidden:,} earlier characters (the record keeps them all)\n", style="grey50")
            reasoning = reasoning[-SHOWN_CHARACTERS:]
        if reasoning:
            text.append_text(inert_text(reasoning + "\n", style="italic grey62"))
        text.append_text(inert_text(self.answer))
        self.body.update(text)
        if self.follow:
            self.call_after_refresh(self.follow_end)  # once the new text is laid out
        self.border_subtitle = "" if self.follow else "scrolled up: End follows the stream again"

    def follow_end(self) -> None:
        """Go to the end, unless the user scrolled up since this was asked."""
        if self.follow:
            self.scroll_end(animate=False, immediate=True)

    def on_mount(self) -> None:
        self.watch(self, "scroll_y", self.scrolled, init=False)
        # The text's new height is known only after layout: follow it whenever it changes.
        self.watch(self, "virtual_size", self.grown, init=False)

    def grown(self) -> None:
        self.call_after_refresh(self.follow_end)

    def on_mouse_scroll_up(self) -> None:
        """The user looks back: stop following the stream."""
        self.stop_following()

    def key_up(self) -> None:
        self.stop_following()
        self.scroll_up()

    def key_pageup(self) -> None:
        self.stop_following()
        self.scroll_page_up()

    def key_home(self) -> None:
        self.stop_following()
        self.scroll_home()

    def key_end(self) -> None:
        self.follow = True
        self.scroll_end(animate=False)

    def stop_following(self) -> None:
        self.follow = False
        self.border_subtitle = "scrolled up: End follows the stream again"

    def scrolled(self) -> None:
        """Back at the bottom, by any means: follow the stream again."""
        if self.scroll_y >= self.max_scroll_y - 1:
            self.follow = True
            self.border_subtitle = ""
