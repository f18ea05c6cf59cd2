"""Replay a recorded match move by move, with each attempt's recorded reasoning and reply."""

from __future__ import annotations

import random
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Sparkline, Static

from arena.inert import inert_text
from arena.match.records import MatchRecord, MoveRecord
from arena.tui.widgets.board import Board
from games.registry import game_from_record


class ReplayScreen(Screen[None]):
    """Right and left step through the attempts; the board shows the position after each one."""

    BINDINGS = [
        Binding("right", "step(1)", "Next", priority=True),
        Binding("left", "step(-1)", "Previous", priority=True),
        Binding("home", "jump(0)", "Start", priority=True),
        Binding("end", "jump(-1)", "End", priority=True),
        Binding("p", "prompt", "Prompt"),
        Binding("escape", "leave", "Back"),
    ]

    def __init__(self, record: MatchRecord) -> None:
        super().__init__()
        self.record = record
        self.game = game_from_record(record.game, record.game_options)
        self.states = self.positions()
        self.step = 0  # attempts shown so far
        self.with_prompt = False  # the prompt of each attempt is long: shown on demand
        self.grades: list[str] = []  # chess: per attempt, its class mark and Stockfish's evaluation

    def positions(self) -> list[Any]:
        """The position after each attempt (a refused attempt leaves it unchanged)."""
        state = self.game.initial_state(random.Random(f"{self.record.seed}:game"))
        states = [state]
        for move in self.record.moves:
            if move.valid and move.move is not None:
                state = self.game.apply(state, self.game.parse_move(state, move.move))
            states.append(state)
        return states

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="match-body"):
            with Vertical(id="left"):
                yield Board(id="board")
                yield Static("", id="status")
                if self.record.game == "chess":
                    yield Static("", id="eval-title")
                    yield Sparkline([], id="evals")
            with VerticalScroll(id="replay-detail", classes="panel"):
                yield Static("", id="detail")
        yield Footer()

    def on_mount(self) -> None:
        players = " vs ".join(p.spec for p in self.record.players)
        self.title = f"Replay: {self.record.game}, {players}"
        self.query_one("#replay-detail").border_title = "attempt"
        self.show()
        if self.record.game == "chess":
            self.load_grades()

    @work(thread=True, exclusive=True)
    def load_grades(self) -> None:
        """Stockfish's grade of each move (from the analysis cache, or made now), off the screen's thread."""
        from arena.analysis.cache import analyse_store
        from arena.store.summaries import FIELD

        ident = FIELD["id"]
        self.app.call_from_thread(self.query_one("#eval-title", Static).update, "grading the moves…")
        store: Any = getattr(self.app, "store")  # noqa: B009 - ArenaApp's, not typed on Screen.app
        found = analyse_store(store, keep=lambda row: row[ident] == self.record.id)
        self.app.call_from_thread(self.show_grades, found[0].moves if found else None)

    def show_grades(self, rows: list[list[Any]] | None) -> None:
        """Each move's mark and evaluation in the status line, and the evaluation over the game as a graph."""
        from arena.analysis.moves import MOVE_FIELDS
        from arena.report.site.frames import chess_mark

        at = MOVE_FIELDS.index("value")
        if rows is None:
            self.query_one("#eval-title", Static).update("not graded: this match is not in the database")
            return
        self.grades = [chess_mark(row, move.seat) for row, move in zip(rows, self.record.moves, strict=False)]
        evals = [float(row[at]) * (1 if move.seat == 0 else -1) for row, move in zip(rows, self.record.moves,
                 strict=False) if row[at] is not None]  # fmt: skip
        title = "evaluation by move (White's view)" if evals else "no grades (is Stockfish installed?)"
        self.query_one("#eval-title", Static).update(title)
        self.query_one("#evals", Sparkline).data = [max(-1000.0, min(1000.0, e)) + 1000 for e in evals]
        self.show()

    def show(self) -> None:
        state = self.states[self.step]
        self.query_one(Board).show(self.game, state, None)
        total = len(self.record.moves)
        if self.step == 0:
            self.query_one("#status", Static).update(f"Start of the match ({total} attempts). → steps forward.")
            self.query_one("#detail", Static).update(match_summary(self.record))
            return
        move = self.record.moves[self.step - 1]
        self.query_one("#status", Static).update(inert_text(self.describe(move, total)))
        self.query_one("#detail", Static).update(self.detail(move, self.with_prompt))

    def describe(self, move: MoveRecord, total: int) -> str:
        who = self.record.players[move.seat].spec
        verdict = move.move if move.valid else f"refused: {move.error}"
        grade = self.grades[self.step - 1] if self.step - 1 < len(self.grades) else ""
        text = f"Attempt {self.step}/{total}: {who} → {verdict}{grade} ({move.seconds:.2f} s)"
        if self.step == total:
            text += f"\nResult: {result_words(self.record)}"
        return text

    @staticmethod
    def detail(move: MoveRecord, with_prompt: bool = False) -> Text:
        text = Text()
        published = move.info.get("published")
        if published is not None:  # an imported game: the paper's verdict beside the arena's
            arena = "valid" if move.valid else f"refused ({move.error})"
            text.append("published verdict ", style="bold")
            text.append_text(inert_text(f"{published}; the arena's: {arena}\n\n"))
        if with_prompt:
            shown = "\n\n".join(str(m.get("content", "")) for m in move.prompt or []) or move.info.get("state")
            text.append("prompt\n", style="bold")
            text.append_text(inert_text(f"{shown or '(not recorded)'}\n\n", style="grey62"))
        engine = engine_words(move.info)
        if engine:
            text.append("engine ", style="bold")
            text.append(f"{engine}\n\n")
        if move.reasoning:
            text.append("reasoning\n", style="bold")
            text.append_text(inert_text(move.reasoning + "\n\n", style="italic grey62"))
        if move.raw is not None:
            text.append("reply\n", style="bold")
            text.append_text(inert_text(move.raw + "\n"))
        if move.tokens:
            text.append(f"\ntokens {move.tokens['prompt']}+{move.tokens['completion']}", style="grey62")
        return text

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(len(self.record.moves), self.step + delta))
        self.show()

    def action_jump(self, where: int) -> None:
        self.step = 0 if where == 0 else len(self.record.moves)
        self.show()

    def action_prompt(self) -> None:
        """Show or hide each attempt's prompt (for an imported game, what its log kept of it)."""
        self.with_prompt = not self.with_prompt
        self.show()

    def action_leave(self) -> None:
        self.app.pop_screen()


def match_summary(record: MatchRecord) -> Text:
    """What the detail pane shows before the first attempt: who played, how it ended, where it comes from."""
    text = Text()
    for seat, player in enumerate(record.players):
        text.append(f"{'first' if seat == 0 else 'second'} ", style="bold")
        text.append_text(inert_text(f"{player.spec}\n"))
    text.append("result ", style="bold")
    text.append_text(inert_text(f"{result_words(record)}\n"))
    text.append("ended ", style="bold")
    text.append(
        f"{record.ended_at[:16].replace('T', ' ')}"
        + (f" · tournament {record.tournament}" if record.tournament else "")
        + "\n"
    )
    if record.source:
        shown = ("paper", "file", "row", "prompt", "published_result", "arena_result")
        where = ", ".join(f"{key} {record.source[key]}" for key in shown if key in record.source)
        text.append("imported ", style="bold")
        text.append_text(inert_text(f"{where}\n"))
    if not record.moves:
        text.append("\nno moves were recorded (a published log that kept only the result)", style="grey62")
    return text


def result_words(record: MatchRecord) -> str:
    """How the match ended, in words: who won and how, a draw, a disqualification, or why it stopped."""
    outcome, players = record.outcome, record.players
    if outcome.status != "finished":
        return f"not scored ({outcome.status}: {outcome.termination}{', ' + outcome.detail if outcome.detail else ''})"
    if outcome.termination == "disqualified" and outcome.disqualified is not None:
        return f"{players[outcome.disqualified].spec} disqualified ({outcome.detail or 'invalid moves'}); no winner"
    if outcome.winner is None:
        return f"draw{' (' + outcome.detail + ')' if outcome.detail else ''}"
    how = "the opponent's invalid move" if outcome.termination == "invalid move" else outcome.detail or "a win"
    return f"{players[outcome.winner].spec} won ({how})"


def engine_words(info: dict[str, object]) -> str:
    """What the engine recorded about its move: exact or searched, depth, nodes, score, time."""
    if "engine_seconds" not in info:
        return ""
    words = ["random move (strength level)"] if info.get("noise") else []
    if info.get("exact"):
        words.append("exact")
    for key, label in (("depth", "depth"), ("nodes", "nodes"), ("score", "score")):
        value = info.get(key)
        if isinstance(value, int):
            words.append(f"{label} {value:,}" if key != "score" else f"score {value:+d}")
    if info.get("reason"):
        words.append(str(info["reason"]))
    words.append(f"{float(str(info['engine_seconds'])):.2f} s")
    return ", ".join(words)
