"""The hard-boards quiz screen: one board at a time, a visible timer, answers by click or key 1-9."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Header, Static

from arena.quiz import QuizSession
from arena.quiz.listing import model_scores
from arena.quiz.session import hard_boards
from games.base import GameError
from games.ttt_hard_boards.keys import side_to_move
from games.ttt_hard_boards.published import SECONDS_GUIDE, published_lines
from games.ttt_hard_boards.quiz import PUBLISHED, PUBLISHED_HUMAN_MEAN, RULE, parse_answer

CELL_W, CELL_H = 7, 3


class QuizBoard(Widget, can_focus=True):
    """A 3x3 board whose empty cells show their numbers (or `-`, as on the published sheet); click or press a digit."""

    DEFAULT_CSS = "QuizBoard { width: 23; height: 11; }"
    COMPONENT_CLASSES = {"quiz--mark-x", "quiz--mark-o", "quiz--empty", "quiz--grid", "quiz--right"}

    def __init__(self, numbered: bool = True) -> None:
        super().__init__(id="quiz-board")
        self.key = "123456789"
        self.numbered = numbered

    def show(self, key: str) -> None:
        self.key = key
        self.refresh()

    def render(self) -> Text:
        lines, palette = [], self.palette()
        for r in range(3):
            for h in range(CELL_H):
                line = Text()
                for c in range(3):
                    ch = self.key[r * 3 + c]
                    shown = ch if ch in "XO" or self.numbered else "-"
                    body = shown if h == 1 else " "
                    line.append(body.center(CELL_W), style=palette[ch if ch in "XO" else ""])
                    if c < 2:
                        line.append("│", style=palette["grid"])
                lines.append(line)
            if r < 2:
                lines.append(Text("───────┼───────┼───────", style=palette["grid"]))
        return Text("\n").join(lines)

    def palette(self) -> dict[str, Style]:
        """The marks', grid's and right cells' styles, from arena.tcss (the same colours as every board)."""
        parts = {"X": "mark-x", "O": "mark-o", "": "empty", "grid": "grid", "*": "right"}
        return {key: self.get_component_rich_style(f"quiz--{name}", partial=True) for key, name in parts.items()}

    def on_click(self, event: events.Click) -> None:
        col = event.x // (CELL_W + 1)
        row = event.y // (CELL_H + 1)
        if 0 <= row < 3 and 0 <= col < 3 and event.y % (CELL_H + 1) != CELL_H:
            self.screen.answer(str(row * 3 + col + 1))  # type: ignore[attr-defined]


class QuizScreen(Screen[None]):
    """Asks the session's remaining boards; each answer is stored the moment it is given."""

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        *(Binding(str(d), f"answer('{d}')", show=False) for d in range(1, 10)),
        Binding("escape", "leave", "Stop (resume later)"),
        Binding("escape", "back", "Back"),  # once the quiz is finished (check_action shows one of the two)
    ]

    def __init__(self, session: QuizSession, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.session = session
        self.clock = clock
        self.shown_at = clock()

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="quiz", classes="panel"):
            yield Static("", id="quiz-progress")
            yield QuizBoard(numbered=self.session.record.sheet != PUBLISHED)
            yield Static("", id="quiz-ask")
            yield Static("", id="quiz-timer")
            yield Static("", id="quiz-feedback")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Hard-boards quiz"
        total = self.session.total
        self.query_one("#quiz").border_title = f"{total} hard boards · people: {PUBLISHED_HUMAN_MEAN}/{total} (mean)"
        self.set_interval(0.2, self.tick)
        before = len(self.session.answers)
        if before and not self.session.finished:
            self.query_one("#quiz-feedback", Static).update(
                f"Resumed: {before} of {self.session.total} boards were answered before; they keep their answers."
            )
        self.next_board()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc stops a quiz under way (it resumes later) and leaves a finished one."""
        if action == "leave":
            return not self.session.finished
        if action == "back":
            return self.session.finished
        return True

    def next_board(self) -> None:
        question = self.session.current()
        if question is None:
            self.finish()
            return
        number, board = question
        self.query_one(QuizBoard).show(board.key)
        self.query_one("#quiz-progress", Static).update(
            f"Board {number} of {self.session.total} · protocol: "
            + ("you are told your mark" if self.session.record.protocol == "told" else "infer whose turn it is")
        )
        ask = f"You play {side_to_move(board.key)}." if self.session.record.protocol == "told" else "Whose turn is it?"
        cells = " Cells: 1 2 3 / 4 5 6 / 7 8 9." if self.session.record.sheet == PUBLISHED else ""
        self.query_one("#quiz-ask", Static).update(f"{RULE} {ask} Press 1-9 or click the best free cell.{cells}")
        self.shown_at = self.clock()

    def tick(self) -> None:
        if self.session.finished:
            return
        seconds = int(self.clock() - self.shown_at)
        self.query_one("#quiz-timer", Static).update(
            f"{seconds} s on this board (the published sheet suggests {SECONDS_GUIDE})"
        )

    def action_answer(self, digit: str) -> None:
        self.answer(digit)

    def answer(self, text: str) -> None:
        """Judge, store at once, and move on; a bad cell is refused and asked again."""
        question = self.session.current()
        if question is None:
            return
        try:
            cell = parse_answer(question[1].key, text)
        except GameError as error:
            self.query_one("#quiz-feedback", Static).update(f"{error}; choose a free cell.")
            return
        self.session.answer(cell, self.clock() - self.shown_at, raw=text)
        self.query_one("#quiz-feedback", Static).update(
            f"Answered {len(self.session.answers)} of {self.session.total}."
        )
        self.next_board()

    def finish(self) -> None:
        lines = [f"Your score: {self.session.score}/{self.session.total}", *published_lines(hard_boards())]
        models = model_scores(self.session.store)
        if models:
            lines.append("Models here: " + "; ".join(m.text() for m in models))
        self.query_one(QuizBoard).display = False
        self.query_one("#quiz-progress", Static).update(f"Finished: {self.session.score}/{self.session.total}")
        shown = Text("\n".join(lines) + "\n")
        wrong = [a for a in self.session.answers if not a.correct]
        if wrong:
            shown.append(f"\nThe {len(wrong)} boards you missed (your move in brackets, right moves starred):\n")
            for answer in wrong:
                best = hard_boards().boards[answer.board].optimal_moves
                shown.append(f"\nboard {answer.number}\n", style="bold")
                shown.append_text(missed_board(answer.board, answer.move, best, self.query_one(QuizBoard).palette()))
        self.query_one("#quiz-ask", Static).update(shown)
        self.query_one("#quiz-timer", Static).update("")
        self.refresh_bindings()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_leave(self) -> None:
        self.app.pop_screen()


def missed_board(key: str, played: int | None, best: tuple[int, ...], palette: dict[str, Style]) -> Text:
    """A small drawing of a missed board: marks, the cell played in brackets, the right cells starred."""
    text = Text()
    for row in range(3):
        for col in range(3):
            cell = row * 3 + col + 1
            mark = key[cell - 1] if key[cell - 1] in "XO" else "*" if cell in best else "·"
            shown = f"[{mark}]" if cell == played else f" {mark} "
            text.append(shown, style=palette.get(mark, palette[""]))
        text.append("\n")
    return text
