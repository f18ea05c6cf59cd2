"""A prompt family: the messages it builds for a turn, how it reads an answer, its invalid-move policy."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from arena.match.policy import InvalidMovePolicy
from arena.prompting import answers
from arena.prompting.boards import board_image, render_board, with_history
from arena.prompting.fields import TITLES, TurnContext, template_fields
from arena.prompting.harness import DEFAULT_RETHINK, Harness, rethink_feedback
from arena.prompting.move_schema import move_schema
from arena.prompting.schema import FamilyFile
from games.base import IllegalMove, InvalidMove
from games.battleship import Battleship
from games.connect_four import ConnectFour
from games.ttt_hard_boards.quiz import grid


@dataclass(frozen=True)
class PromptFamily:
    """One family (and variant) of prompts, with its version and the hash of its template file."""

    name: str
    spec: FamilyFile
    sha256: str
    variant: str | None = None
    show_legal: bool = True
    constrained: bool = False
    path: str | None = None
    rethink: str = DEFAULT_RETHINK
    history: bool | None = None  # None: the family's own (chess's board lists the moves so far; no other does)
    board_form: str | None = None  # None: the family's own

    @property
    def version(self) -> int:
        """The template version written in the file."""
        return self.spec.version

    @property
    def reader(self) -> str:
        """How answers are read."""
        return "json" if self.constrained else self.spec.reader

    @property
    def base(self) -> int:
        """The number of the first row and column, in the board labels and in the answers alike."""
        return self.spec.base

    @property
    def quiz_only(self) -> bool:
        """A family for the hard-boards quiz, not for games."""
        return self.spec.layout == "quiz"

    def recorded(self) -> dict[str, Any]:
        """What goes into the match record."""
        recorded: dict[str, Any] = {
            "prompt": self.name,
            "prompt_version": self.version,
            "prompt_sha256": self.sha256,
            "show_legal": self.show_legal,
            "constrained": self.constrained,
        }
        harness = Harness(self.rethink, self.show_legal, self.history, self.board_form).recorded()
        recorded.update({key: value for key, value in harness.items() if value is not None})
        if self.path is not None:
            recorded["prompt_file"] = self.path
        return recorded

    def limits(self, game_name: str) -> tuple[int, int | None]:
        """(invalid answers tolerated, moves before the game is cancelled)."""
        if self.spec.limits is not None and game_name in self.spec.limits:
            allowed, moves = self.spec.limits[game_name]
            return allowed, moves
        return self.spec.invalid_allowed, None

    def with_harness(self, harness: Harness) -> PromptFamily:
        """The family under these harness options; ValueError in one line for one its layout cannot honour."""
        if self.spec.layout != "template":
            fixed = [name for name, value in (("legal", not harness.legal), ("history", harness.history is not None),
                                              ("board", harness.board is not None)) if value]  # fmt: skip
            if fixed:
                raise ValueError(f"the {self.name} prompts keep their published form: {fixed[0]}= is for the "
                                 "arena family (rethink= works with every family)")  # fmt: skip
        return replace(self, show_legal=harness.legal, rethink=harness.rethink, history=harness.history,
                       board_form=harness.board)  # fmt: skip

    def policy(self, game_name: str) -> InvalidMovePolicy:
        """The family's declared policy for a game."""
        return InvalidMovePolicy(self.limits(game_name)[0], self.spec.on_invalid, f"prompt family {self.name}")

    def fields(self, turn: TurnContext) -> dict[str, Any]:
        """The values every template may use (row and column numbers in the family's base)."""
        allowed, _ = self.limits(turn.game.name) if turn.game.name in TITLES else (0, None)
        applied = getattr(turn, "invalid_allowed", None)  # the match's policy, when the run set one
        values = template_fields(turn, self.base, allowed if applied is None else applied)
        values["feedback"] = self.feedback(turn) or ""
        return values

    def feedback(self, turn: TurnContext) -> str | None:
        """What this turn's prompt says about its refused answers, by the rethink mode (None: nothing)."""
        refused = tuple((answers.shift(move, self.base - 1) if move is not None else None, why)
                        for move, why in getattr(turn, "refused", ()))  # fmt: skip
        return rethink_feedback(self.rethink, refused, turn.feedback)

    def plays(self, game_name: str) -> bool:
        """Whether the family has its per-game texts for this game (every table its layout reads per game)."""
        tables = {"template": ("rules", "move_format"), "system-user": ("system", "user"), "parts": ("explain",)}
        for table in tables.get(self.spec.layout, ()):
            texts: dict[str, str] = getattr(self.spec, table)
            if game_name not in texts and "all" not in texts:
                return False
        return True

    def _text(self, table: str, game_name: str) -> str:
        """A per-game text (or the table's `all` entry); ValueError if the family has none for the game."""
        texts: dict[str, str] = getattr(self.spec, table)
        text = texts.get(game_name, texts.get("all"))
        if text is None:
            raise ValueError(f"the {self.name} prompts have no {table} text for {game_name}")
        return text

    def messages(self, turn: TurnContext) -> list[dict[str, Any]]:
        """The chat messages for this turn (a fresh conversation every turn)."""
        layout = self.spec.layout
        if layout == "system-user":
            return self._system_user(turn)
        if layout == "parts":
            return self._parts(turn)
        if layout == "template":
            return self._template(turn)
        raise ValueError(f"the {self.name} prompts are only for the hard-boards quiz")

    def strategy(self, game_name: str) -> str:
        """The strategy text of the `strategy` variant, else empty."""
        return self._text("strategy", game_name) if self.variant == "strategy" else ""

    def _system_user(self, turn: TurnContext) -> list[dict[str, Any]]:
        values = self.fields(turn)
        game = turn.game
        board = render_board(game, turn.state, turn.seat, self.spec.board, self.base)
        system = self._text("system", game.name).format(**values)
        strategy = self.strategy(game.name).format(**values)
        if strategy:
            system = f"{system}\n\n{strategy}"
        return [
            {"role": "system", "content": system},
            {"role": "user", "content": self._text("user", game.name).format(**values, board=board)},
        ]

    def _parts(self, turn: TurnContext) -> list[dict[str, Any]]:
        values = self.fields(turn)
        game, variant = turn.game, self.variant or "list"
        parts_text = self.spec.parts
        battleship = isinstance(game, Battleship)
        format_key = f"battleship-{variant}" if battleship else variant
        board = "(see the image)" if variant == "image" else render_board(game, turn.state, turn.seat, variant, 1)
        parts = [
            self._text("explain", game.name).format(**values),
            self.spec.format.get(format_key, self.spec.format.get(variant, "")).format(**values),
            parts_text["state"].format(**values, board=board),
            parts_text["role"].format(**values),
            parts_text["answer-column" if isinstance(game, ConnectFour) else "answer-cell"].format(**values),
            parts_text["invalid"].format(**values),
        ]
        if values["feedback"]:
            parts.append(parts_text["previous"].format(**values))
        parts.append(parts_text["count"].format(**values))
        text = "\n\n".join(part for part in parts if part)
        if variant != "image":
            return [{"role": "user", "content": text}]
        image = board_image(game, turn.state, turn.seat)
        return [
            {
                "role": "user",
                "content": [{"type": "text", "text": text}, {"type": "image_url", "image_url": {"url": image}}],
            }
        ]

    def _template(self, turn: TurnContext) -> list[dict[str, Any]]:
        values = self.fields(turn)
        game = turn.game
        legal = ""
        if self.show_legal:
            moves = "; ".join(answers.shift(game.move_text(m), self.base - 1) for m in game.legal_moves(turn.state))
            legal = f"\nLegal moves: {moves}\n"
        previous = (self.spec.previous or "").format(**values) if values["feedback"] else ""
        rules = self._text("rules", game.name).format(**values)
        strategy = self.strategy(game.name).format(**values)
        board = render_board(game, turn.state, turn.seat, self.board_form or self.spec.board, self.base)
        history = tuple(answers.shift(move, self.base - 1) for move in getattr(turn, "history", ()))
        text = (self.spec.template or "").format(
            **values,
            rules=f"{rules}\n\n{strategy}" if strategy else rules,
            board=with_history(board, game, turn.state, history, self.history),
            legal=legal,
            move_format=self._text("move_format", game.name).format(**values),
            previous=previous,
        )
        return [{"role": "user", "content": text}]

    def quiz_messages(self, key: str, mark: str) -> list[dict[str, Any]]:
        """The hard-boards quiz prompt for a board key (quiz layout only)."""
        if not self.quiz_only:
            raise ValueError(f"the {self.name} prompts are for games, not for the hard-boards quiz")
        instruction = self.spec.instruction.get(self.variant or "plain", "").format(mark=mark, key=key)
        board = grid(key, numbered=True)  # the numbered sheet's drawing
        text = (self.spec.template or "").format(mark=mark, key=key, board=board, instruction=instruction)
        return [{"role": "user", "content": text}]

    def read(self, game: Any, state: Any, reply: str) -> str:
        """The move text (arena notation, 1-based) in a reply; InvalidMove if none can be read."""
        columns_only = isinstance(game, ConnectFour)
        if self.reader == "json" and (game.name == "chess" or game.name.endswith("-poker")):
            return answers.read_json_chess(reply)
        if self.reader == "json":
            return answers.shift(answers.read_json_move(reply, columns_only), 1 - self.base)
        if self.reader == "bare":
            return answers.shift(answers.read_bare(reply, columns_only), 1 - self.base)
        if self.reader == "final-line":
            why = ""
            for written in reversed(answers.move_lines(reply)):
                candidate = answers.shift(written, 1 - self.base)
                try:
                    game.parse_move(state, candidate)
                except IllegalMove:
                    return candidate  # readable: the game will say why it is not allowed
                except InvalidMove as unreadable:
                    why = why or f" (the last one: {unreadable})"
                    continue
                return candidate
            raise InvalidMove(f"no readable final line 'MOVE: <move>' in the answer{why}")
        if self.reader == "submit-move":
            return answers.read_submit_move(reply)
        raise ValueError(f"unknown answer reader {self.reader!r}")

    def schema(self, game: Any, state: Any = None, exact: bool = False) -> dict[str, Any]:
        """A JSON schema for constrained decoding of a move (see `move_schema`)."""
        return move_schema(game, self.base, state, exact)
