"""The match screen: a live board, the model's streamed reasoning, the move list and the running score.

The series' settings, score and words are in `arena.tui.series`; this screen turns events into widgets.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.timer import Timer
from textual.widgets import Footer, Header, Static

from arena.inert import inert, inert_text
from arena.llm.cache import CallCache
from arena.match.events import (
    AnswerDelta,
    Event,
    MatchEnded,
    MatchStarted,
    MovePlayed,
    MoveRejected,
    Preparing,
    ProviderRetry,
    ReasoningDelta,
    TurnStarted,
)
from arena.match.records import MatchRecord
from arena.players import Player, TurnView, make_player
from arena.players.human import HumanPlayer
from arena.runner.match import MatchRunner
from arena.store import MatchStore
from arena.tui.screens.match_controls import MatchControls
from arena.tui.series import SeriesScore, move_words, outcome_text, side_name, your_move
from arena.tui.series_config import SeriesConfig
from arena.tui.widgets.board import Board
from arena.tui.widgets.moves import MoveList
from arena.tui.widgets.poker_board import board_for
from arena.tui.widgets.reasoning import ReasoningPane


class MatchScreen(MatchControls):
    """Plays a series through the shared match runner and shows every event as it happens."""

    def __init__(self, config: SeriesConfig, store: MatchStore) -> None:
        super().__init__()
        self.config = config
        self.store = store
        self.plan = config.plan()
        self.options = replace(config.llm, call_cache=CallCache(store))
        self.humans: dict[int, HumanPlayer] = {}
        for index, spec in enumerate(config.players):
            if spec.split(":")[0] == "human":
                human = make_player(spec, 0)
                assert isinstance(human, HumanPlayer)
                human.on_turn = self.human_turn
                self.humans[index] = human
        self.runner: MatchRunner | None = None
        self.owners: tuple[int, int] = (0, 1)
        self.paused = False
        self.pace = config.pace
        self.go = asyncio.Event()
        self.go.set()
        self.score = SeriesScore()
        self.records: list[MatchRecord] = []
        self.finished = False
        self.aborted = False
        self.preparing: Timer | None = None
        self.preparing_notice = 0.2  # seconds an engine may take to get ready before the screen says so

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="match-body"):
            with Vertical(id="left"):
                yield board_for(self.config.game, "board")
                yield Static("", id="banner")
                yield Static("", id="status")
                yield Static("", id="score")
            with Vertical(id="right"):
                yield ReasoningPane(id="reasoning")
                yield MoveList(id="moves")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"{self.plan.game}: {self.plan.players[0]} vs {self.plan.players[1]}"
        self.set_class(not any(s.startswith("llm:") for s in self.plan.players), "no-reasoning")  # room for the rest
        self.query_one(Board).typing = bool(self.humans)
        self.show_score()
        self.call_after_refresh(self.start_series)

    def start_series(self) -> None:
        """Start playing once the widgets are on screen."""
        self.run_worker(self.play_series(), group="match", exclusive=True, name="series")

    # -- playing -----------------------------------------------------------------------------

    def players_for(self, index: int, seed: int | str, specs: tuple[str, str]) -> list[Player]:
        owners = (1, 0) if self.plan.swap_seats and index % 2 else (0, 1)
        self.owners = owners
        defaults = self.options.for_game(self.plan.game)
        return [
            self.humans.get(owner) or make_player(specs[seat], f"{seed}:seat{seat}", defaults)
            for seat, owner in enumerate(owners)
        ]

    async def play_series(self) -> None:
        """Every match of the series in turn."""
        for setup in self.plan.setups():
            if setup.index:
                await asyncio.sleep(self.config.pause_between)  # the banner of the last game stays a moment
            players = self.players_for(setup.index, setup.seed, setup.players)
            self.runner = MatchRunner(setup, [self.handle_event], players=players, options=self.options)
            await self.runner.run()
        self.finished = True
        self.refresh_bindings()
        errored = [r for r in self.records if r.outcome.status == "error"]
        note = f" {len(errored)} ended with an error: {errored[0].outcome.detail}." if errored else ""
        self.set_status(f"Series over.{note} r rematch, x swap seats, Esc back.")  # the score line has it
        self.show_score()

    def viewer(self, state: Any) -> int | None:
        """Whose view a hidden-information board shows: the human's, else a spectator's."""
        human_seats = [seat for seat, owner in enumerate(self.owners) if owner in self.humans]
        if len(human_seats) == 1:
            return human_seats[0]
        if len(human_seats) == 2:
            assert self.runner is not None
            return int(self.runner.game.to_move(state))
        return None

    def draw(self, state: Any, interactive: bool = False) -> None:
        """Draw a position; while a person is to move, theirs, ready for their move: an event queued before their
        turn began (the opponent's move, drawn late under load) never takes the board from them."""
        assert self.runner is not None
        waiting = next((h.view for h in self.humans.values() if h.waiting and h.view is not None), None)
        if waiting is not None:
            state, interactive = waiting.state, True
        names = tuple(player.spec for player in self.runner.players)
        self.query_one(Board).show(self.runner.game, state, self.viewer(state), interactive, names)

    def spec_of(self, seat: int) -> str:
        assert self.runner is not None
        return self.runner.players[seat].spec

    def side(self, seat: int) -> str:
        """The seat as the game names it (White/Black at chess, X/O otherwise)."""
        return side_name(self.config.game, seat)

    async def handle_event(self, event: Event) -> None:
        """Record finished matches, then turn runner events into updates of the widgets."""
        if isinstance(event, MatchEnded):
            self.store.add(event.record)  # first: the record must survive even a closing app
        with contextlib.suppress(NoMatches):  # a closing app has torn the widgets down; the record is safe
            await self.show_event(event)

    async def show_event(self, event: Event) -> None:
        """Update the widgets for one event."""
        pane = self.query_one(ReasoningPane)
        moves = self.query_one(MoveList)
        if isinstance(event, Preparing) and self.preparing_notice:  # said after a while: a warm engine is ready
            self.preparing = self.set_timer(self.preparing_notice, lambda: self.show_preparing(event))
        elif isinstance(event, Preparing):
            self.show_preparing(event)
        elif isinstance(event, MatchStarted):
            if self.preparing is not None:
                self.preparing.stop()
            self.show_banner(None)
            moves.clear()
            pane.start(f"game {self.score.played + 1} of {self.plan.games} starts")
            self.draw(event.state)
        elif isinstance(event, TurnStarted):
            if event.attempt == 1:
                await self.between_moves()
            spec = self.spec_of(event.seat)
            if spec.startswith("llm:"):  # other players' turns keep the model's last reasoning and answer in view
                heading = f"{spec} ({self.side(event.seat)}) · move {event.ply + 1} · attempt {event.attempt}"
                pane.start(heading, keep=event.attempt > 1)  # a refused attempt's reasoning stays in view
            if not spec.startswith("human"):
                self.set_status(f"{spec} ({self.side(event.seat)}) to move…")
        elif isinstance(event, ReasoningDelta):
            pane.add_reasoning(event.text)
        elif isinstance(event, AnswerDelta):
            pane.add_answer(event.text)
        elif isinstance(event, ProviderRetry):
            pane.note(f"provider failed ({event.reason}); retrying in {event.wait:g} s — not counted as a move")
        elif isinstance(event, MoveRejected):
            pane.note(f"refused: {event.reason}")
            self.add_move(event.seat)
            self.set_status(f"{self.spec_of(event.seat)}: refused ({event.reason})")
        elif isinstance(event, MovePlayed):
            assert self.runner is not None
            self.add_move(event.seat)
            self.draw(event.state)
            said = move_words(self.runner.game, event)
            self.set_status(f"{self.spec_of(event.seat)} ({self.side(event.seat)}) {said}")
        elif isinstance(event, MatchEnded):
            self.match_ended(event.record)

    def show_preparing(self, event: Preparing) -> None:
        names = ", ".join(self.spec_of(seat) for seat in event.seats)
        self.show_banner(None)
        self.draw(event.state)  # the board is in sight while the engine gets ready
        self.set_status(f"preparing the engine ({names}): compiling or loading its code, not counted as move time…")

    def add_move(self, seat: int) -> None:
        assert self.runner is not None
        record = self.runner.moves[-1]
        self.query_one(MoveList).add_attempt(len(self.runner.moves), self.spec_of(seat), record)

    async def between_moves(self) -> None:
        """Hold the runner here while paused (a step lets one move through); otherwise wait the watch speed.

        Even at full speed the runner yields here, so keys are handled between the moves of players
        that answer at once (engines, random), however many games the series has.
        """
        await asyncio.sleep(self.pace)
        await self.go.wait()
        if self.paused:
            self.go.clear()

    def match_ended(self, record: MatchRecord) -> None:
        self.records.append(record)
        self.score.count(record, self.owners)
        self.show_banner(outcome_text(record))
        self.set_status("")  # the banner says it: at 80x24 Gomoku's column has no line to repeat it
        self.show_score()

    def show_banner(self, text: str | None) -> None:
        """The game-over banner: shown from the end of a game until the next one starts."""
        with contextlib.suppress(NoMatches):
            banner = self.query_one("#banner", Static)
            banner.update(inert_text(f"GAME OVER · {text}") if text else "")
            banner.display = text is not None

    def human_turn(self, view: TurnView) -> None:
        """A person is to move: make the board interactive and say how to play."""
        self.draw(view.state, interactive=True)
        board = self.query_one(Board)
        board.focus()
        self.set_status(your_move(self.plan.game, view.seat))

    def on_board_chosen(self, message: Board.Chosen) -> None:
        """A move picked on the board goes to the person whose turn it is, or is refused with the reason."""
        waiting = [h for h in self.humans.values() if h.waiting]
        if not waiting:
            self.set_status("Not your turn.")
            return
        reason = waiting[0].submit_text(message.text)
        if reason is not None:
            self.set_status(f"Refused: {reason}. Try again.")
            self.notify(inert(reason), title="Illegal move", severity="warning", timeout=3, markup=False)
        else:
            self.query_one(Board).interactive = False

    def again(self, config: SeriesConfig) -> MatchScreen:
        return MatchScreen(config, self.store)

    def clear_typing(self) -> bool:
        return self.query_one(Board).clear_typing()

    def on_unmount(self) -> None:
        """Leaving the screen stops its series: nothing streams or plays for a screen nobody sees."""
        self.workers.cancel_group(self, "match")
