"""Prompt families loaded from `prompts/*.toml`: their messages, answer readers and invalid-move policies."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from arena.engine.policy import InvalidMovePolicy
from arena.prompting import answers
from arena.prompting.boards import board_image, coordinate_board
from games.base import IllegalMove, InvalidMove
from games.battleship import Battleship
from games.connect_four import ConnectFour

PROMPTS = Path(__file__).resolve().parent.parent.parent / "prompts"
FAMILIES = ("arena", "childplay", "topsakal-list", "topsakal-illustration", "topsakal-image", "cloudwalk")
TITLES = {"tictactoe": "Tic-Tac-Toe", "connect-four": "Connect-Four", "gomoku": "Gomoku", "battleship": "Battleship"}


class TurnContext(Protocol):
    """What a prompt needs to know about the turn (the runner's TurnView fits)."""

    @property
    def game(self) -> Any: ...

    @property
    def state(self) -> Any: ...

    @property
    def seat(self) -> int: ...

    @property
    def attempt(self) -> int: ...

    @property
    def feedback(self) -> str | None: ...

    @property
    def last_answer(self) -> str | None: ...

    @property
    def invalid_so_far(self) -> int: ...


def dimensions(game: Any) -> tuple[int, int, int]:
    """(rows, cols, k) of any game."""
    if isinstance(game, Battleship):
        return game.size, game.size, 0
    return game.rows, game.cols, getattr(game, "k", 0)


@dataclass(frozen=True)
class PromptFamily:
    """One family (and variant) of prompts, with its version and the hash of its template file."""

    name: str
    data: dict[str, Any]
    sha256: str
    variant: str | None = None
    show_legal: bool = True
    constrained: bool = False
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def version(self) -> int:
        """The template version written in the file."""
        return int(self.data["version"])

    @property
    def reader(self) -> str:
        """How answers are read."""
        return "json" if self.constrained else str(self.data["reader"])

    def recorded(self) -> dict[str, Any]:
        """What goes into the match record."""
        return {
            "prompt": self.name,
            "prompt_version": self.version,
            "prompt_sha256": self.sha256,
            "show_legal": self.show_legal,
            "constrained": self.constrained,
        }

    def limits(self, game_name: str) -> tuple[int, int | None]:
        """(invalid answers tolerated, moves before the game is cancelled)."""
        if "limits" in self.data:
            allowed, moves = self.data["limits"][game_name]
            return int(allowed), int(moves)
        return int(self.data["invalid_allowed"]), None

    def policy(self, game_name: str) -> InvalidMovePolicy:
        """The family's declared policy for a game."""
        return InvalidMovePolicy(self.limits(game_name)[0], self.data["on_invalid"])

    def fields(self, turn: TurnContext) -> dict[str, Any]:
        """The values every template may use."""
        game, seat = turn.game, turn.seat
        rows, cols, k = dimensions(game)
        allowed, _ = self.limits(game.name) if game.name in TITLES else (0, None)
        marks = ("X", "O")
        return {
            "game_title": TITLES.get(game.name, game.name),
            "rows": rows,
            "cols": cols,
            "k": k,
            "max_row": rows - 1,
            "max_col": cols - 1,
            "mark": marks[seat],
            "opponent_mark": marks[1 - seat],
            "player_number": seat + 1,
            "opponent_number": 2 - seat,
            "role": ("first", "second")[seat],
            "invalid_limit": allowed,
            "invalid_so_far": turn.invalid_so_far,
            "invalid_left": max(0, allowed - turn.invalid_so_far),
            "feedback": turn.feedback or "",
            "last_answer": turn.last_answer or "",
            "ships": ", ".join(str(n) for n in getattr(game, "ship_lengths", ())),
            "column_note": ", or drops into a full column" if isinstance(game, ConnectFour) else "",
        }

    def messages(self, turn: TurnContext) -> list[dict[str, Any]]:
        """The chat messages for this turn (a fresh conversation every turn)."""
        family = self.data["family"]
        if family == "childplay":
            return self._childplay(turn)
        if family == "topsakal":
            return self._topsakal(turn)
        if family == "arena":
            return self._arena(turn)
        raise ValueError(f"the {self.name} prompts are only for the hard-boards quiz")

    def _childplay(self, turn: TurnContext) -> list[dict[str, Any]]:
        values = self.fields(turn)
        board = turn.game.render(turn.state, "ascii", turn.seat)
        system = self.data["system"][turn.game.name].format(**values)
        return [
            {"role": "system", "content": system},
            {"role": "user", "content": self.data["user"]["all"].format(board=board)},
        ]

    def _topsakal(self, turn: TurnContext) -> list[dict[str, Any]]:
        values = self.fields(turn)
        game, variant = turn.game, self.variant or "list"
        parts_text = self.data["parts"]
        battleship = isinstance(game, Battleship)
        format_key = f"battleship-{variant}" if battleship else variant
        if variant == "image":
            board = "(see the image)"
        elif battleship:
            board = game.render(turn.state, "list" if variant == "list" else "ascii", turn.seat)
        else:
            board = game.render(turn.state, variant, turn.seat)
        parts = [
            self.data["explain"][game.name].format(**values),
            self.data["format"][format_key].format(**values),
            parts_text["state"].format(board=board),
            parts_text["role"].format(**values),
            parts_text["answer-column" if isinstance(game, ConnectFour) else "answer-cell"].format(**values),
            parts_text["invalid"].format(**values),
        ]
        if turn.feedback:
            parts.append(parts_text["previous"].format(**values))
        parts.append(parts_text["count"].format(**values))
        text = "\n\n".join(parts)
        if variant != "image":
            return [{"role": "user", "content": text}]
        image = board_image(game, turn.state, turn.seat)
        return [
            {
                "role": "user",
                "content": [{"type": "text", "text": text}, {"type": "image_url", "image_url": {"url": image}}],
            }
        ]

    def _arena(self, turn: TurnContext) -> list[dict[str, Any]]:
        values = self.fields(turn)
        game = turn.game
        legal = ""
        if self.show_legal:
            moves = "; ".join(game.move_text(m) for m in game.legal_moves(turn.state))
            legal = f"\nLegal moves: {moves}\n"
        previous = self.data["previous"].format(**values) if turn.feedback else ""
        text = self.data["template"].format(
            **values,
            rules=self.data["rules"][game.name].format(**values),
            board=coordinate_board(game, turn.state, turn.seat),
            legal=legal,
            move_format=self.data["move_format"][game.name],
            previous=previous,
        )
        return [{"role": "user", "content": text}]

    def read(self, game: Any, state: Any, reply: str) -> str:
        """The move text (arena notation) in a reply; InvalidMove if none can be read."""
        columns_only = isinstance(game, ConnectFour)
        if self.reader == "json":
            text = answers.read_json_move(reply, columns_only)
            if self.data["family"] == "childplay":  # 0-based numbers under the ChildPlay convention
                text = ",".join(str(int(v) + 1) for v in text.split(","))
            return text
        if self.reader == "childplay":
            return answers.read_childplay(reply, columns_only)
        if self.reader == "final-line":
            for candidate in reversed(answers.move_lines(reply)):
                try:
                    game.parse_move(state, candidate)
                except IllegalMove:
                    return candidate  # readable: the game will say why it is not allowed
                except InvalidMove:
                    continue
                return candidate
            raise InvalidMove("no readable final line 'MOVE: <move>' in the answer")
        if self.reader == "submit-move":
            return answers.read_submit_move(reply)
        raise ValueError(f"unknown answer reader {self.reader!r}")

    def schema(self, game: Any, state: Any = None, exact: bool = False) -> dict[str, Any]:
        """A JSON schema for constrained decoding of a move: only the legal moves of `state` when it is given.

        `exact` lists every legal cell as one alternative (llama.cpp's grammars take it); otherwise each
        coordinate is limited to the values legal moves use, as OpenAI-style strict schemas allow no
        alternatives at the root.
        """
        rows, cols, _ = dimensions(game)
        base = 0 if self.data["family"] == "childplay" else 1
        legal = list(game.legal_moves(state)) if state is not None else None
        if isinstance(game, ConnectFour):
            columns = sorted(c + base for c in legal) if legal is not None else list(range(base, cols + base))
            properties: dict[str, Any] = {"column": {"type": "integer", "enum": columns}}
            return {"type": "object", "properties": properties, "required": ["column"], "additionalProperties": False}
        cells = (
            [(m.row + base, m.col + base) for m in legal]
            if legal is not None
            else [(r + base, c + base) for r in range(rows) for c in range(cols)]
        )
        if exact and legal is not None:
            return {
                "anyOf": [
                    {
                        "type": "object",
                        "properties": {"row": {"const": r}, "column": {"const": c}},
                        "required": ["row", "column"],
                        "additionalProperties": False,
                    }
                    for r, c in cells
                ]
            }
        properties = {
            "row": {"type": "integer", "enum": sorted({r for r, _ in cells})},
            "column": {"type": "integer", "enum": sorted({c for _, c in cells})},
        }
        return {
            "type": "object",
            "properties": properties,
            "required": ["row", "column"],
            "additionalProperties": False,
        }


@cache
def _file(name: str) -> tuple[dict[str, Any], str]:
    path = PROMPTS / f"{name}.toml"
    raw = path.read_bytes()
    return tomllib.loads(raw.decode("utf-8")), hashlib.sha256(raw).hexdigest()


def load_family(name: str, show_legal: bool = True, constrained: bool = False) -> PromptFamily:
    """A family by name; ValueError names the choices."""
    if name not in FAMILIES:
        raise ValueError(f"unknown prompt family {name!r} (choose from {', '.join(FAMILIES)})")
    stem, _, variant = name.partition("-")
    data, digest = _file(stem)
    return PromptFamily(name, data, digest, variant or None, show_legal, constrained)
