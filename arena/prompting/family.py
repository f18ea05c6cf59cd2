"""Prompt families loaded from `prompts/*.toml`: their messages, answer readers and invalid-move policies."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from arena.match.policy import InvalidMovePolicy
from arena.prompting import answers
from arena.prompting.boards import board_image, render_board
from arena.prompting.schema import FamilyFile, validate_family
from games.base import IllegalMove, InvalidMove
from games.battleship import Battleship
from games.connect_four import ConnectFour
from games.ttt_hard_boards.quiz import grid

PROMPTS = Path(__file__).resolve().parent.parent.parent / "prompts"
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
    spec: FamilyFile
    sha256: str
    variant: str | None = None
    show_legal: bool = True
    constrained: bool = False
    path: str | None = None

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
        if self.path is not None:
            recorded["prompt_file"] = self.path
        return recorded

    def limits(self, game_name: str) -> tuple[int, int | None]:
        """(invalid answers tolerated, moves before the game is cancelled)."""
        if self.spec.limits is not None and game_name in self.spec.limits:
            allowed, moves = self.spec.limits[game_name]
            return allowed, moves
        return self.spec.invalid_allowed, None

    def policy(self, game_name: str) -> InvalidMovePolicy:
        """The family's declared policy for a game."""
        return InvalidMovePolicy(self.limits(game_name)[0], self.spec.on_invalid)

    def fields(self, turn: TurnContext) -> dict[str, Any]:
        """The values every template may use (row and column numbers in the family's base)."""
        game, seat = turn.game, turn.seat
        rows, cols, k = dimensions(game)
        allowed, _ = self.limits(game.name) if game.name in TITLES else (0, None)
        marks, base = ("X", "O"), self.base
        return {
            "game_title": TITLES.get(game.name, game.name),
            "rows": rows,
            "cols": cols,
            "k": k,
            "base": base,
            "first_row": base,
            "first_col": base,
            "last_row": rows - 1 + base,
            "last_col": cols - 1 + base,
            "max_row": rows - 1 + base,
            "max_col": cols - 1 + base,
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
        if turn.feedback:
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
        previous = (self.spec.previous or "").format(**values) if turn.feedback else ""
        rules = self._text("rules", game.name).format(**values)
        strategy = self.strategy(game.name).format(**values)
        text = (self.spec.template or "").format(
            **values,
            rules=f"{rules}\n\n{strategy}" if strategy else rules,
            board=render_board(game, turn.state, turn.seat, self.spec.board, self.base),
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
        if self.reader == "json":
            return answers.shift(answers.read_json_move(reply, columns_only), 1 - self.base)
        if self.reader == "bare":
            return answers.shift(answers.read_bare(reply, columns_only), 1 - self.base)
        if self.reader == "final-line":
            for written in reversed(answers.move_lines(reply)):
                candidate = answers.shift(written, 1 - self.base)
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
        base = self.base
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


SHIPPED = ("arena", "childplay", "topsakal", "cloudwalk")


def _parse(raw: bytes, where: str) -> FamilyFile:
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(f"{where}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{where}: not valid TOML ({error})") from None
    return validate_family(data, where)


@cache
def _shipped(stem: str) -> tuple[FamilyFile, str]:
    raw = (PROMPTS / f"{stem}.toml").read_bytes()
    return _parse(raw, f"prompts/{stem}.toml"), hashlib.sha256(raw).hexdigest()


def shipped_names() -> tuple[str, ...]:
    """Every shipped family name, variants included, in file order."""
    return tuple(name for stem in SHIPPED for name in _shipped(stem)[0].names())


def game_family_names() -> tuple[str, ...]:
    """The shipped families that play games (the quiz's own are left out)."""
    return tuple(name for stem in SHIPPED if _shipped(stem)[0].layout != "quiz" for name in _shipped(stem)[0].names())


def is_family_path(name: str) -> bool:
    """Whether a --prompt value names a file rather than a shipped family."""
    return name.partition("#")[0].endswith(".toml")


def _pick(spec: FamilyFile, variant: str | None, where: str) -> str | None:
    if variant is None:
        if spec.plain:
            return None
        return spec.variants[0]
    if variant not in spec.variants:
        offered = ", ".join(spec.names())
        raise ValueError(f"{where} has no variant {variant!r} (it offers {offered})")
    return variant


def load_family_file(argument: str, show_legal: bool = True, constrained: bool = False) -> PromptFamily:
    """A user's family file, `PATH.toml` or `PATH.toml#variant`; ValueError in one line on any fault."""
    location, _, variant = argument.partition("#")
    path = Path(location).expanduser()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ValueError(f"prompt file {location}: no such file") from None
    except IsADirectoryError:
        raise ValueError(f"prompt file {location}: is a folder, not a file") from None
    except OSError as error:
        raise ValueError(f"prompt file {location}: cannot be read ({error.strerror})") from None
    spec = _parse(raw, f"prompt file {location}")
    if spec.family in SHIPPED:
        raise ValueError(f"prompt file {location}: family {spec.family!r} is a shipped family; give yours another name")
    chosen = _pick(spec, variant or None, f"prompt file {location}")
    name = spec.family if chosen is None else f"{spec.family}-{chosen}"
    digest = hashlib.sha256(raw).hexdigest()
    return PromptFamily(name, spec, digest, chosen, show_legal, constrained, str(path.resolve()))


def load_family(name: str, show_legal: bool = True, constrained: bool = False) -> PromptFamily:
    """A shipped family by name, or a user's file by path; ValueError names the choices."""
    if is_family_path(name):
        return load_family_file(name, show_legal, constrained)
    for stem in SHIPPED:
        spec, digest = _shipped(stem)
        if name in spec.names():
            variant = name.removeprefix(spec.family).removeprefix("-") or None
            return PromptFamily(name, spec, digest, variant, show_legal, constrained)
    choices = ", ".join(shipped_names())
    raise ValueError(f"unknown prompt family {name!r} (choose from {choices}, or give a PATH.toml of your own)")
