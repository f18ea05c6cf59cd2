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
from textual.widgets import DataTable, Footer, Header, Static

from arena.inert import inert_text
from arena.match.records import MatchRecord, MoveRecord
from arena.tui.widgets.board import Board
from arena.tui.widgets.eval_graph import EvalGraph
from arena.tui.widgets.moves import MoveList
from arena.tui.widgets.poker_board import board_for
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
        self.verdicts: list[str] = []  # per attempt, the engines' verdict in words
        self.chess: list[dict[str, Any]] = []  # chess: per attempt, its SAN, move number and the best move if marked
        self.facts: dict[str, Any] = {}  # chess: the opening, each side's accuracy and ACPL

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
                yield board_for(self.record.game, "board")
                yield Static("", id="status")
                yield Static("", id="eval-title")
                yield EvalGraph(id="evals")
            with Vertical(id="right"):
                yield MoveList(id="replay-moves")
                with VerticalScroll(id="replay-detail", classes="panel"):
                    yield Static("", id="detail")
        yield Footer()

    def on_mount(self) -> None:
        players = " vs ".join(p.spec for p in self.record.players)
        self.title = f"Replay: {self.record.game}, {players}"
        self.query_one("#replay-detail").border_title = "the move"
        self.query_one("#evals", EvalGraph).display = False  # until there are grades to draw
        moves = self.query_one(MoveList)
        moves.border_title = "moves (Enter or a click jumps there)"
        self.chess_words([[]] * len(self.record.moves))
        for number, move in enumerate(self.record.moves, start=1):
            shown = self.chess[number - 1] if self.chess else {}
            label = f"{shown['number']} {shown['san']}" if "san" in shown else ""
            moves.add_attempt(number, self.record.players[move.seat].spec, move, label)
        self.show()
        if self.record.moves:
            self.load_grades()

    @work(thread=True, exclusive=True)
    def load_grades(self) -> None:
        """The engines' grade of each move (from the analysis cache, or made now), off the screen's thread."""
        from arena.analysis.cache import analyse_store
        from arena.store.summaries import FIELD

        ident = FIELD["id"]
        self.app.call_from_thread(self.query_one("#eval-title", Static).update, "grading the moves…")
        store: Any = getattr(self.app, "store")  # noqa: B009 - ArenaApp's, not typed on Screen.app
        found = analyse_store(store, keep=lambda row: row[ident] == self.record.id)
        self.app.call_from_thread(self.show_grades, found[0].moves if found else None)

    def show_grades(self, rows: list[list[Any]] | None) -> None:
        """Each move's mark (??, ?, ?!) in the move list and the status line, the evaluation over the game as a
        graph (the first player's view)."""
        poker = self.record.game.endswith("-poker")  # graded by the solved game alone, stored or not
        if rows is None and not poker:
            self.query_one("#eval-title", Static).update("not graded: this match is not in the database")
            return
        rows, chess = rows or [], self.record.game == "chess"
        from arena.report.site.frames import grade_words, move_mark, poker_verdicts

        self.grades = [move_mark(row, move.seat, chess) for row, move in zip(rows, self.record.moves, strict=False)]
        self.verdicts = poker_verdicts(self.record) if poker else [grade_words(row, chess) or "" for row in rows]
        self.chess_words(rows)
        moves = self.query_one(MoveList)
        for index, grade in enumerate(self.grades):
            moves.mark(index, grade.split(" (")[0])
        evals = first_player_values(rows, self.record.moves)
        known = [abs(value) for value in evals if value is not None]
        title = (
            "evaluation by move (White's view, ±10)" if chess else "the position's value by move (first player's view)"
        )
        self.query_one("#eval-title", Static).update(title if known else "")
        graph = self.query_one("#evals", EvalGraph)
        graph.set_values(evals, 1000.0 if chess else max(known, default=1.0))  # chess: capped at ±1000 cp
        graph.display = bool(known)
        self.show()

    def chess_words(self, rows: list[list[Any]]) -> None:
        """Chess in chess's terms, as the web replay: SAN, move numbers, the best move, the opening, accuracy, ACPL."""
        if self.record.game == "chess" and len(rows) == len(self.record.moves):
            from arena.report.site.chess_frames import chess_facts, chess_steps

            self.chess = [{} for _ in rows]
            chess_steps(self.record, rows, self.chess)
            self.facts = chess_facts(self.record, rows)
            self.sub_title = self.facts.get("opening") or ""  # in the header at every move

    def show(self) -> None:
        state = self.states[self.step]
        self.query_one("#evals", EvalGraph).mark(self.step - 1 if self.step else None)
        self.query_one(Board).show(self.game, state, None, names=tuple(p.spec for p in self.record.players))
        total = len(self.record.moves)
        moves = self.query_one(MoveList)
        if self.step and moves.cursor_row != self.step - 1:
            moves.move_cursor(row=self.step - 1)
        if self.step == 0:
            self.query_one("#status", Static).update(f"Start of the match ({total} attempts). → steps forward.")
            self.query_one("#detail", Static).update(match_summary(self.record, self.facts))
            return
        move = self.record.moves[self.step - 1]
        self.query_one("#status", Static).update(inert_text(self.describe(move, total)))
        attempts = [m for m in self.record.moves if m.ply == move.ply and m.seat == move.seat]
        self.query_one("#detail", Static).update(self.detail(move, attempts, self.with_prompt))

    def describe(self, move: MoveRecord, total: int) -> str:
        who = self.record.players[move.seat].spec
        grade = self.grades[self.step - 1].strip() if self.step - 1 < len(self.grades) else ""
        shown = self.chess[self.step - 1] if self.chess else {}
        played = f"{shown['number']} {shown['san']}" if "san" in shown else move.move
        verdict = f"{played}{f' {grade}' if grade else ''}" if move.valid else f"refused: {move.error}"
        text = f"Attempt {self.step}/{total}: {who} → {verdict} ({seconds_words(move.seconds)})"
        if self.step - 1 < len(self.verdicts) and self.verdicts[self.step - 1]:
            text += f"\n{self.verdicts[self.step - 1]}" + (f" Best was {shown['best']}." if "best" in shown else "")
        if self.step == total:
            text += f"\nResult: {result_words(self.record)}"
        return text

    @staticmethod
    def detail(move: MoveRecord, attempts: list[MoveRecord], with_prompt: bool = False) -> Text:
        """The move's verdicts, then each of its attempts (the one shown marked) with time, reasoning and reply."""
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
        for attempt in attempts:
            if len(attempts) > 1:
                verdict = attempt.move if attempt.valid else f"refused: {attempt.error}"
                head = f"{'▶ ' if attempt is move else ''}attempt {attempt.attempt} · {verdict} · "
                text.append_text(inert_text(head + seconds_words(attempt.seconds) + "\n", style="bold"))
            attempt_text(text, attempt)
        return text

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter or a click on the move list jumps to that attempt."""
        self.step = event.cursor_row + 1
        self.show()

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


def match_summary(record: MatchRecord, facts: dict[str, Any] | None = None) -> Text:
    """What the detail pane shows before the first attempt: who played, how it ended, where it comes from, and a
    chess game's opening and each side's accuracy and ACPL."""
    text = Text()
    if facts:
        text.append("opening ", style="bold")
        text.append(f"{facts.get('opening') or 'not in the book'}\n")
        for index, side in enumerate(("White", "Black")):
            accuracy, acpl = (facts.get("accuracy") or [None, None])[index], facts["acpl"][index]
            text.append(f"{side} ", style="bold")
            text.append(f"accuracy {'-' if accuracy is None else accuracy}, ACPL {'-' if acpl is None else acpl}\n")
    for seat, player in enumerate(record.players):
        side = ("White", "Black")[seat] if record.game == "chess" else ("first", "second")[seat]
        text.append(f"{side} ", style="bold")
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


def attempt_text(text: Text, move: MoveRecord) -> None:
    """One attempt's reasoning, reply and tokens, appended to `text`."""
    if move.reasoning:
        text.append("reasoning\n", style="bold")
        text.append_text(inert_text(move.reasoning + "\n\n", style="italic grey62"))
    if move.raw is not None:
        text.append("reply\n", style="bold")
        text.append_text(inert_text(move.raw + "\n"))
    if move.tokens:
        text.append(f"tokens {move.tokens['prompt']}+{move.tokens['completion']}\n", style="grey62")
    text.append("\n")


def seconds_words(seconds: float) -> str:
    """An attempt's time; `time unknown` where none was recorded (imported logs kept none)."""
    return f"{seconds:.2f} s" if seconds else "time unknown"


def first_player_values(rows: list[list[Any]], moves: list[MoveRecord]) -> list[float | None]:
    """Each move's value after it, from the first player's side (chess: centipawns), None where it is not graded."""
    from arena.report.site.frames import first_player_value

    return [first_player_value(row, move.seat) for row, move in zip(rows, moves, strict=False)]
