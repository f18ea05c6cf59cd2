"""The setup screen: game and board, two players, model settings, series; checks models before starting."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any, Literal

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select, Static

from arena.inert import inert_text
from arena.llm.library import warm_up_litellm
from arena.prompting import shipped_names
from arena.store import MatchStore
from arena.store.atomic import write_atomically
from arena.tui.series_config import SeriesConfig
from arena.tui.setup_form import BOARDS, DEFAULTS, ENGINE_BOXES, INVALID_RULES, KINDS, MODEL_KINDS, series_config
from games.ttt_hard_boards.quiz import NUMBERED, PUBLISHED, Sheet


class SetupScreen(Screen[None]):
    """Choose everything about a series, then play it; the last choices are remembered."""

    BINDINGS = [Binding("f5", "play", "Play")]  # F2 F3 F4 F6 are the app's: they work on every screen

    AUTO_FOCUS = "#play"  # Enter plays the remembered set-up at once

    def __init__(self, store: MatchStore, memory: Path) -> None:
        super().__init__()
        self.store = store
        self.memory = memory
        self.choices = self.recall()

    def recall(self) -> dict[str, Any]:
        try:
            saved = json.loads(self.memory.read_text())
        except (OSError, ValueError):
            saved = {}
        choices = (
            {**DEFAULTS, **{k: v for k, v in saved.items() if k in DEFAULTS}}
            if isinstance(saved, dict)
            else dict(DEFAULTS)
        )
        if choices["invalid"] not in dict((value, label) for label, value in INVALID_RULES):
            choices["invalid"] = DEFAULTS["invalid"]  # a memory from another version never breaks the form
        return choices

    def compose(self) -> ComposeResult:
        c = self.choices
        yield Header()
        with Vertical(id="setup", classes="panel"):
            with Horizontal(classes="row"):
                yield Label("Game", classes="label")
                yield Select([(g, g) for g in BOARDS], value=c["game"], allow_blank=False, id="game", compact=True)
                yield Label("Board", classes="label")
                yield Select(
                    self.board_options(c["game"]),
                    value=min(int(c["board"]), len(BOARDS[c["game"]]) - 1),
                    allow_blank=False,
                    id="board",
                    compact=True,
                )
            for seat in (1, 2):
                with Horizontal(classes="row"):
                    yield Label(seat_label(c["game"], seat), id=f"seat{seat}", classes="label")
                    yield Select(KINDS, value=c[f"kind{seat}"], allow_blank=False, id=f"kind{seat}", compact=True)
                    yield Input(
                        c[f"model{seat}"],
                        placeholder="model (openai/gpt-4o-mini), minimax: level=3, stockfish: elo=1350, poker: cfr",
                        id=f"model{seat}",
                        compact=True,
                        disabled=c[f"kind{seat}"] not in ENGINE_BOXES,
                    )
            with Horizontal(classes="row"):
                yield Label("Temp.", classes="label")
                yield Input(c["temperature"], placeholder="default", id="temperature", compact=True, classes="short")
                yield Label("Prompt", classes="label")
                yield Select(
                    [(f, f) for f in shipped_names(games_only=True)],  # read without the schema (pydantic)
                    value=c["prompt"],
                    allow_blank=False,
                    id="prompt",
                    compact=True,
                )
            with Horizontal(classes="row"):
                yield Label("Invalid", classes="label")
                yield Select(INVALID_RULES, value=c["invalid"], allow_blank=False, id="invalid", compact=True)
                yield Checkbox("constrained JSON", c["constrained"], id="constrained", compact=True)
                yield Label("Pace s", classes="label")
                yield Input(c["pace"], placeholder="0.5", id="pace", compact=True, classes="short")
            with Horizontal(classes="row"):
                yield Label("API base", classes="label")
                yield Input(c["api_base"], placeholder="provider default", id="api_base", compact=True)
            with Horizontal(classes="row"):
                yield Label("Games", classes="label")
                yield Input(c["games"], id="games", compact=True, classes="short")
                yield Label("Seed", classes="label")
                yield Input(c["seed"], placeholder="random", id="seed", compact=True, classes="short")
                yield Label("Pause s", classes="label")
                yield Input(c["pause"], placeholder="1.5", id="pause", compact=True, classes="short")
                yield Checkbox("swap seats", c["swap"], id="swap", compact=True)
            with Horizontal(classes="row buttons"):
                yield Button("Play", id="play", variant="primary", compact=True)
                yield Button("Quiz", id="quiz", compact=True)
                yield Button("Puzzles", id="puzzles", compact=True)
                yield Checkbox("tell my mark", c["tell_mark"], id="tell_mark", compact=True)
                yield Button("History", id="history", compact=True)
            yield Static("", id="setup-status")
        yield Footer()

    def on_mount(self) -> None:
        # Each seat's options box remembers what was typed for each kind: switching kinds never carries one kind's
        # options (`elo=1350`) to another (minimax).
        self.kinds = {seat: self.choices[f"kind{seat}"] for seat in ("1", "2")}
        self.typed: dict[tuple[str, str], str] = {}
        self.title = "Arena"
        self.sub_title = "set up a match"
        self.query_one("#setup").border_title = "New match (F5 plays it)"
        if {self.choices["kind1"], self.choices["kind2"]} & MODEL_KINDS:
            warm_up_litellm()

    @staticmethod
    def board_options(game: str) -> list[tuple[str, int]]:
        return [(name, i) for i, (name, _) in enumerate(BOARDS[game])]

    def on_input_changed(self, _: Input.Changed) -> None:
        self.clear_error()

    def clear_error(self) -> None:
        """An error about the form goes away as soon as the form is changed."""
        status = self.query_one("#setup-status", Static)
        if status.has_class("error"):
            self.say("")

    def on_select_changed(self, event: Select.Changed) -> None:
        self.clear_error()
        if event.select.id in ("kind1", "kind2"):  # the box beside a player takes a model or engine options
            seat = event.select.id[-1]
            box = self.query_one(f"#model{seat}", Input)
            if self.kinds[seat] != event.value:
                self.typed[(seat, self.kinds[seat])] = box.value
                box.value = self.typed.get((seat, str(event.value)), "")
                self.kinds[seat] = str(event.value)
            box.disabled = event.value not in ENGINE_BOXES
            if event.value in MODEL_KINDS:
                warm_up_litellm()  # the import takes seconds: done while the form is filled in
            if event.value == "local":  # a 135M model answers legally only under a schema: offered ticked
                self.query_one("#constrained", Checkbox).value = True
        if event.select.id == "game" and isinstance(event.value, str):
            board = self.query_one("#board", Select)
            board.set_options(self.board_options(event.value))
            board.value = 0
            board.mutate_reactive(Select.value)  # type: ignore[misc]  # redraw the label when the value stays 0
            for place in (1, 2):
                self.query_one(f"#seat{place}", Label).update(seat_label(event.value, place))

    def gather(self) -> dict[str, Any]:
        """The form's current values."""
        values: dict[str, Any] = {}
        for name in ("game", "board", "kind1", "kind2", "prompt", "invalid"):
            values[name] = self.query_one(f"#{name}", Select).value
        for name in ("model1", "model2", "temperature", "api_base", "games", "seed", "pause", "pace"):
            values[name] = self.query_one(f"#{name}", Input).value
        for name in ("swap", "tell_mark", "constrained"):
            values[name] = self.query_one(f"#{name}", Checkbox).value
        return values

    def remember(self, values: dict[str, Any]) -> None:
        self.memory.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(self.memory, json.dumps(values).encode())

    def config(self, values: dict[str, Any]) -> SeriesConfig:
        """A series from the form; ValueError with a readable reason if a field is wrong."""
        return series_config(values)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "play":
            self.start()
        elif event.button.id == "quiz":
            self.action_quiz()
        elif event.button.id == "puzzles":
            self.action_puzzles()
        elif event.button.id == "history":
            self.action_history()

    def say(self, text: str, error: bool = False) -> None:
        status = self.query_one("#setup-status", Static)
        status.update(inert_text(text))
        status.set_class(error, "error")

    @work(exclusive=True, group="preflight")
    async def start(self) -> None:
        """Check the form and every model (keys, endpoint, local model) before the match starts."""
        import asyncio

        values = self.gather()
        try:
            config = self.config(values)
        except ValueError as error:
            self.say(str(error), error=True)
            return
        self.remember(values)
        models = [spec.removeprefix("llm:") for spec in config.players if spec.startswith("llm:")]
        if models:
            from arena.llm.preflight import check_model

            self.say("Checking the model(s)…")
            for model in models:
                problem = await asyncio.to_thread(check_model, model, config.llm.api_base)
                if problem:
                    self.say(problem, error=True)
                    return
        self.say("")
        from arena.tui.screens.match import MatchScreen  # players, engines and the runner load with the first match

        await self.app.push_screen(MatchScreen(config, self.store))

    def action_play(self) -> None:
        self.start()

    def action_quiz(self) -> None:
        from arena.quiz import latest_unfinished, start_session  # its records load when the quiz is first opened

        values = self.gather()
        self.remember(values)
        player = "human:tui"
        session = latest_unfinished(self.store, player)
        if session is None:
            sheet: Sheet = NUMBERED if getattr(self.app, "quiz_sheet", PUBLISHED) == NUMBERED else PUBLISHED
            protocol: Literal["infer", "told"] = "told" if values["tell_mark"] else "infer"
            session = start_session(self.store, player, protocol, secrets.randbelow(2**31), sheet)
        from arena.tui.screens.quiz import QuizScreen

        self.app.push_screen(QuizScreen(session))

    def action_puzzles(self) -> None:
        from arena.puzzles.session import latest_unfinished, start_puzzle_session
        from arena.puzzles.sets import load_set
        from arena.tui.screens.puzzles import PuzzleScreen

        player = "human:tui"
        puzzle_set = load_set()
        session = latest_unfinished(self.store, player, puzzle_set)
        if session is None:  # every shipped puzzle, in an order of its own
            count = len(puzzle_set.puzzles)
            session = start_puzzle_session(self.store, player, puzzle_set, count, secrets.randbelow(2**31), {})
        self.app.push_screen(PuzzleScreen(session))

    def action_history(self) -> None:
        self.app.action_screen("history")  # type: ignore[attr-defined]


def seat_label(game: str, seat: int) -> str:
    """A seat as its game names it: `White`/`Black` at chess, else the mark (`X plays`, `O plays`)."""
    if game == "chess":
        return "White" if seat == 1 else "Black"
    if game.endswith("-poker"):
        return f"Player {seat}"
    return f"{'X' if seat == 1 else 'O'} plays"
