"""The schema every prompt family file follows, shipped or the user's own: one-line errors naming the field."""

from __future__ import annotations

import string
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

GAMES = ("tictactoe", "connect-four", "gomoku", "battleship", "chess", "kuhn-poker", "leduc-poker")
LAYOUTS = ("template", "system-user", "parts", "quiz")
BOARDS = ("coordinates", "ascii", "list", "illustration")
PART_NAMES = ("state", "role", "answer-cell", "answer-column", "invalid", "previous", "count")
FORMAT_NAMES = ("list", "illustration", "image")

# Placeholders any game template may use (PromptFamily.fields fills them).
GAME_FIELDS = frozenset(
    {
        "game_title",
        "rows",
        "cols",
        "k",
        "max_row",
        "max_col",
        "first_row",
        "first_col",
        "last_row",
        "last_col",
        "base",
        "mark",
        "opponent_mark",
        "player_number",
        "opponent_number",
        "role",
        "invalid_limit",
        "invalid_so_far",
        "invalid_left",
        "feedback",
        "last_answer",
        "ships",
        "column_note",
        "max_plies",
        "hands",
    }
)
TEMPLATE_FIELDS = GAME_FIELDS | {"rules", "board", "legal", "move_format", "previous"}
QUIZ_FIELDS = frozenset({"mark", "key", "board", "instruction"})


def placeholders(text: str) -> set[str]:
    """The field names a str.format template uses; ValueError if its braces are malformed or a field is not plain.

    Only `{name}` is allowed: attribute or index access (`{rules.__class__}`), conversions and format specs
    (`{rules:>300000000}` would build a 300 MB prompt) are refused.
    """
    names = set()
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            shown = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            raise ValueError(f"{{{shown}}} is not a plain placeholder: write {{name}} only")
        names.add(name)
    return names


class FamilyFile(BaseModel):
    """A prompt family file (`prompts/*.toml` or the user's own), checked before any prompt is built."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    family: str = Field(min_length=1, max_length=60, pattern=r"^[a-z0-9][a-z0-9_.]*$")
    version: int = Field(ge=1)
    layout: Literal["template", "system-user", "parts", "quiz"]
    reader: Literal["final-line", "json", "bare", "submit-move"]
    base: Literal[0, 1] = 1
    board: Literal["coordinates", "ascii", "list", "illustration"] = "coordinates"
    invalid_allowed: int = Field(default=0, ge=0, le=1000)
    on_invalid: Literal["loss", "disqualified"] = "loss"
    limits: dict[Literal["tictactoe", "connect-four", "gomoku", "battleship"], tuple[int, int]] | None = None
    sources: dict[str, str] = {}
    variants: list[str] = []
    plain: bool = True
    template: str | None = None
    previous: str | None = None
    rules: dict[str, str] = {}
    move_format: dict[str, str] = {}
    system: dict[str, str] = {}
    user: dict[str, str] = {}
    strategy: dict[str, str] = {}
    explain: dict[str, str] = {}
    format: dict[str, str] = {}
    parts: dict[str, str] = {}
    instruction: dict[str, str] = {}

    @model_validator(mode="after")
    def _consistent(self) -> FamilyFile:
        """Each layout has the texts it needs, every text uses known placeholders, labels match answers."""
        required = {
            "template": ("template", "rules", "move_format"),
            "system-user": ("system", "user"),
            "parts": ("explain", "format", "parts"),
            "quiz": ("template",),
        }[self.layout]
        for name in required:
            if not getattr(self, name):
                raise ValueError(f"{name}: missing (layout {self.layout!r} needs it)")
        if (self.layout == "quiz") != (self.reader == "submit-move"):
            raise ValueError("reader 'submit-move' goes with layout 'quiz' and only with it")
        if self.board == "ascii" and self.base != 0:
            raise ValueError("board 'ascii' is drawn with 0-based labels; it needs base = 0")
        if self.base != 1 and (self.board in ("list", "illustration") or self.layout == "parts"):
            raise ValueError("Topsakal's list and illustration forms are 1-based; they need base = 1")
        for name in ("rules", "move_format", "system", "strategy", "explain"):
            for key in getattr(self, name):
                if key not in GAMES and not (name == "system" and key == "all"):
                    raise ValueError(f"{name}.{key}: not a game (choose from {', '.join(GAMES)})")
        for key in self.user:
            if key not in (*GAMES, "all"):
                raise ValueError(f"user.{key}: not a game or 'all'")
        for key in self.parts:
            if key not in PART_NAMES:
                raise ValueError(f"parts.{key}: unknown part (choose from {', '.join(PART_NAMES)})")
        if self.layout == "parts":
            missing = [p for p in PART_NAMES if p not in self.parts]
            if missing:
                raise ValueError(f"parts needs {', '.join(missing)}")
        quiz_instruction = self.layout == "quiz" and "instruction" in placeholders(self.template or "")
        if quiz_instruction and self.plain and "plain" not in self.instruction:
            raise ValueError("instruction.plain: missing (the plain family's instruction)")
        self._check_variants()
        self._check_placeholders()
        return self

    def _check_variants(self) -> None:
        if not self.plain and not self.variants:
            raise ValueError("plain = false needs at least one variant")
        for variant in self.variants:
            if self.layout == "parts" and variant not in FORMAT_NAMES:
                raise ValueError(f"variants: {variant!r} is not a board form (choose from {', '.join(FORMAT_NAMES)})")
            if self.layout == "quiz" and variant not in self.instruction:
                raise ValueError(f"variants: {variant!r} has no instruction.{variant}")
            if self.layout in ("template", "system-user") and variant != "strategy":
                raise ValueError(f"variants: layout {self.layout!r} offers only 'strategy'")
            if variant == "strategy" and not self.strategy:
                raise ValueError("variant 'strategy' needs a [strategy] table")

    def _check_placeholders(self) -> None:
        known = QUIZ_FIELDS if self.layout == "quiz" else TEMPLATE_FIELDS | {"board"}
        texts: list[tuple[str, str]] = []
        for name in ("template", "previous"):
            value = getattr(self, name)
            if value is not None:
                texts.append((name, value))
        tables = ("rules", "move_format", "system", "user", "strategy", "explain", "format", "parts", "instruction")
        for table in tables:
            texts += [(f"{table}.{key}", value) for key, value in getattr(self, table).items()]
        for where, text in texts:
            try:
                used = placeholders(text)
            except ValueError as error:
                raise ValueError(f"{where}: {error} (write {{{{ and }}}} for literal braces)") from None
            unknown = sorted(used - known)
            if unknown:
                raise ValueError(f"{where}: unknown placeholder {{{unknown[0]}}} (known: {', '.join(sorted(known))})")

    def names(self) -> list[str]:
        """The family names this file offers: its own (if plain) and `family-variant` for each variant."""
        return ([self.family] if self.plain else []) + [f"{self.family}-{v}" for v in self.variants]


def validate_family(data: dict[str, Any], where: str) -> FamilyFile:
    """The checked file; ValueError with one line naming the file and the field."""
    try:
        return FamilyFile.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(p) for p in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        if first["type"] == "extra_forbidden":
            message = "unknown field"
        elif first["type"] == "missing":
            message = "missing"
        raise ValueError(f"{where}: {field}: {message}" if field else f"{where}: {message}") from None
