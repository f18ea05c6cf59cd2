"""ChildPlay's tasks in the app: take one yourself, or watch a model answer with its reasoning streaming."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Select, Static

from arena.inert import inert_text
from arena.llm.library import warm_up_litellm
from arena.players import PlayerOptions
from arena.store import MatchStore
from arena.tasks.metrics import session_summary
from arena.tasks.registry import TASK_NAMES, task_prompts
from arena.tasks.session import TaskSession, resumable, start_task_session
from arena.tasks.tables import details
from arena.tui.widgets.reasoning import ReasoningPane
from games.tasks.base import Item
from games.tasks.lcl import LENGTH, overlap, parse

WHO = [("you", "human"), ("random baseline", "random"), ("local model", "llm:local"), ("model (litellm)", "llm")]
COLOURS = {"red": "red3", "blue": "dodger_blue2", "yellow": "gold1"}


def construct_picture(item: Item) -> Text:
    """An LCL construct drawn from the side: layers from the top down, each brick 4 studs (8 characters) wide."""
    bricks = parse(item.shown)
    if not bricks:
        return Text("")
    left = min(b.x for b in bricks)
    width = (max(b.x for b in bricks) + LENGTH - left) * 2
    text = Text()
    for layer in range(max(b.y for b in bricks), min(b.y for b in bricks) - 1, -1):
        cells: list[tuple[str, str]] = [(" ", "")] * width
        for brick in (b for b in bricks if b.y == layer):
            clash = any(overlap(brick, other) for other in bricks if other is not brick)
            for stud in range(LENGTH * 2):
                column = (brick.x - left) * 2 + stud
                style = f"on {COLOURS.get(brick.colour, 'grey50')}"
                cells[column] = ("▒", f"bold white {style}") if clash else (" ", style)
        text.append(f"{layer:>3} ")
        for char, style in cells:
            text.append(char, style=style)
        text.append("\n")
    text.append(f"    x from {left}; ▒ marks bricks that overlap", style="grey50")
    return text


def item_view(task: str, item: Item) -> Text:
    """What a person sees of an item: the text a model gets, and for LCL also a picture."""
    content = task_prompts().messages(task, item)[0]["content"]
    view = inert_text(content)
    if task == "shapes":  # the shape stands out as it would on paper
        view.highlight_regex(r"(?m)(?<=[ \n])1(?= |$)|^1(?= )", "bold black on yellow")
    if task == "lcl-validity":
        view.append("\n\n")
        view.append_text(construct_picture(item))
    return view


class TasksScreen(Screen[None]):
    """Pick a task and who answers; a person types answers, a model's run streams in the side pane."""

    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("escape", "leave", "Back (answers are kept)"),
        Binding("f5", "start", "Start"),
    ]

    def __init__(self, store: MatchStore, options: PlayerOptions | None = None) -> None:
        super().__init__()
        self.store = store
        self.options = options or PlayerOptions()
        self.session: TaskSession | None = None
        self.shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="task-controls"):
            yield Select([(t, t) for t in TASK_NAMES], value="shapes", allow_blank=False, id="task-name", compact=True)
            yield Select(WHO, value="human", allow_blank=False, id="task-who", compact=True)
            yield Input("10", placeholder="items", id="task-items", compact=True, classes="short")
            yield Button("Start", id="task-start", compact=True)
        with Horizontal(id="task-model-row"):  # a row of its own: a model's name and address need the width
            yield Input("", placeholder="model, e.g. openai/gpt-4o", id="task-model", compact=True)
            yield Input(
                self.options.api_base or "", placeholder="API base (provider default)", id="task-api-base", compact=True
            )
        with Horizontal(id="task-body"):
            with Vertical(id="task-left"):
                yield Static("", id="task-progress")
                with VerticalScroll(id="task-item-pane"):
                    yield Static("Choose a task and who answers, then Start (F5).", id="task-item")
                yield Input("", placeholder="your answer, then Enter", id="task-answer", compact=True)
                yield Static("", id="task-feedback")
            yield ReasoningPane(id="task-reasoning")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "ChildPlay tasks"
        self.show_model_fields()
        self.show_recorded("shapes")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "task-who":
            self.show_model_fields()
        if event.select.id == "task-name":
            self.show_recorded(str(event.value))

    @work(thread=True, exclusive=True, group="task-recorded")
    def show_recorded(self, task: str) -> None:
        """The task's recorded sessions (run here or imported) with their measures, read off the event loop."""
        from arena.tasks.session import task_sessions

        rows = [session_summary(s) for s in task_sessions(self.store) if s.record.task == task and s.answers]
        self.app.call_from_thread(self.list_recorded, task, rows)

    def list_recorded(self, task: str, rows: list[dict[str, Any]]) -> None:
        """Each recorded session of the task a line, while no session runs here (a published run: its rules)."""
        if self.session is not None or str(self.query_one("#task-name", Select).value) != task:
            return
        lines = ["Choose a task and who answers, then Start (F5)."]
        if rows:
            lines += ["", f"Recorded {task} sessions:"]
        for row in rows:
            accuracy = "-" if row["accuracy"] is None else f"{100 * row['accuracy']:.0f}%"
            temperature = "" if row["temperature"] is None else f" T={row['temperature']:g}"
            lines.append(f"{row['player']}{temperature}: {row['correct']}/{row['answered']} ({accuracy}) "
                         f"{details(row)}".rstrip())  # fmt: skip
        self.query_one("#task-item", Static).update(inert_text("\n".join(lines)))

    def show_model_fields(self) -> None:
        """The model and API-base fields only when a litellm model answers: at 80 columns the rest need the room."""
        hosted = self.query_one("#task-who", Select).value == "llm"
        self.query_one("#task-model-row").display = hosted
        if hosted:
            warm_up_litellm()  # the import takes seconds: done while the model is being named

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "task-start":
            self.action_start()

    def say(self, text: str) -> None:
        self.query_one("#task-feedback", Static).update(inert_text(text))

    def action_start(self) -> None:
        """Open (or resume) a session with the chosen settings and begin asking."""
        task = str(self.query_one("#task-name", Select).value)
        who = str(self.query_one("#task-who", Select).value)
        text = self.query_one("#task-items", Input).value.strip()
        if not text.isdigit() or int(text) < 1:
            self.say(f"items must be a whole number above 0, not {text!r}")
            return
        player = who
        if who == "llm":
            model = self.query_one("#task-model", Input).value.strip()
            if not model:
                self.say("name the model, e.g. openai/gpt-4o-mini")
                return
            player = f"llm:{model}"
            from arena.tasks.runner import task_model  # the model players' code loads only when one answers

            try:
                task_model(player, self.options)
            except ValueError as refused:
                self.say(str(refused))
                return
        count = int(text)
        self.say("")  # the last run's feedback never lingers over a new one
        if who == "llm":
            api_base = self.query_one("#task-api-base", Input).value.strip() or None
            self.options = replace(self.options, api_base=api_base)
            self.check_then_start(task, player, count)
            return
        self.begin(task, player, count)

    @work(exclusive=True, group="task-preflight")
    async def check_then_start(self, task: str, player: str, count: int) -> None:
        """Check the model (keys, endpoint, local model) before a session is opened for it."""
        from arena.llm.preflight import check_model

        self.say("Checking the model…")
        problem = await asyncio.to_thread(check_model, player.removeprefix("llm:"), self.options.api_base)
        if problem:
            self.say(problem)
            return
        self.say("")
        self.begin(task, player, count)

    def begin(self, task: str, player: str, count: int) -> None:
        """Open (or resume) the session and start asking."""
        session = resumable(self.store, task, player, count, 0, self.options.temperature)
        if session is None:
            prompts = task_prompts()
            prompt = {"name": prompts.name, "version": prompts.version, "sha256": prompts.sha256}
            session = start_task_session(self.store, task, player, count, 0, {}, prompt, self.options.temperature)
        self.session = session
        self.query_one(ReasoningPane).display = player.startswith("llm:")  # only a model has reasoning to show
        if player == "human":
            self.next_item()
            self.query_one("#task-answer", Input).focus()
        elif player == "random":
            from arena.tasks.runner import run_random

            run_random(session, lambda _: None)
            self.finish()
        else:
            self.watch_model(session, player)

    def show(self, item: Item) -> None:
        assert self.session is not None
        done = len(self.session.answers)
        self.query_one("#task-progress", Static).update(
            f"{self.session.record.task} · item {item.number} of {self.session.record.count} · {done} answered"
        )
        self.query_one("#task-item", Static).update(item_view(self.session.record.task, item))

    def next_item(self) -> None:
        assert self.session is not None
        item = self.session.current()
        if item is None:
            self.finish()
            return
        self.show(item)
        self.shown_at = time.monotonic()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "task-answer" or self.session is None or self.session.record.player != "human":
            return
        item = self.session.current()
        if item is None or not event.value.strip():
            return
        check = self.session.task.judge(item, event.value)
        if not check.readable:  # a typo is asked again, never scored as a wrong answer
            self.say(f"not an answer this task can read ({check.reason or 'no choice named'}); try again")
            return
        _, verdict = self.session.answer(item, event.value, time.monotonic() - self.shown_at)
        event.input.value = ""
        self.say("right" if verdict.correct else f"wrong: the answer was {item.truth}")
        self.next_item()

    @work(exclusive=True, group="task-model")
    async def watch_model(self, session: TaskSession, spec: str) -> None:
        """Ask the remaining items one at a time, streaming each reply into the side pane."""
        from arena.tasks.runner import run_model, task_model

        pane = self.query_one(ReasoningPane)

        def started(item: Item) -> None:
            self.show(item)
            pane.start(f"{spec} · item {item.number}")

        async def delta(kind: str, text: str) -> None:
            (pane.add_reasoning if kind == "reasoning" else pane.add_answer)(text)

        async def retry(*_: Any) -> None:
            pane.note("the provider failed; retrying")

        def judged(current: TaskSession) -> None:
            answer = current.answers[-1]
            pane.note("right" if answer.correct else f"wrong ({answer.reason or 'the answer was ' + answer.truth})")

        player = task_model(spec, self.options)
        failure = await run_model(session, player, 1, judged, started, delta, retry)
        if failure is not None:
            self.say(f"the provider failed ({failure}); Start again to resume")
            return
        self.finish()

    def finish(self) -> None:
        """The session's results."""
        assert self.session is not None
        row = session_summary(self.session)
        accuracy = "-" if row["accuracy"] is None else f"{100 * row['accuracy']:.1f}%"
        self.query_one("#task-progress", Static).update(f"{row['task']} · done")
        counts = f"{row['correct']} of {row['answered']} correct ({accuracy}), {row['unreadable']} unreadable"
        lines = [f"{row['player']}: {counts}"]
        if details(row):
            lines.append(details(row))
        self.query_one("#task-item", Static).update(inert_text("\n".join(lines)))

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "task-model")
        self.app.pop_screen()
