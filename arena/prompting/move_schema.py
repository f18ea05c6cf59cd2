"""JSON schemas for constrained decoding of a move: the legal moves only, or every cell of the board."""

from __future__ import annotations

from typing import Any

from arena.prompting.fields import dimensions
from games.connect_four import ConnectFour


def move_schema(game: Any, base: int, state: Any = None, exact: bool = False) -> dict[str, Any]:
    """A JSON schema for constrained decoding of a move: only the legal moves of `state` when it is given.

    `exact` lists every legal cell as one alternative (llama.cpp's grammars take it); otherwise each
    coordinate is limited to the values legal moves use, as OpenAI-style strict schemas allow no
    alternatives at the root.
    """
    if getattr(game, "name", "") == "chess":  # a move in UCI: one of the legal ones, or any well-formed one
        legal_uci = [game.move_text(m) for m in game.legal_moves(state)] if state is not None else None
        text: dict[str, Any] = {"type": "string"}
        text.update({"enum": legal_uci} if legal_uci else {"pattern": "^[a-h][1-8][a-h][1-8][qrbn]?$"})
        return {"type": "object", "properties": {"move": text}, "required": ["move"], "additionalProperties": False}
    if getattr(game, "name", "").endswith("-poker"):  # an action word: the legal ones, or any of the five
        words = list(game.legal_moves(state)) if state is not None else ["check", "bet", "fold", "call", "raise"]
        action = {"type": "string", "enum": words}
        return {"type": "object", "properties": {"move": action}, "required": ["move"], "additionalProperties": False}
    rows, cols, _ = dimensions(game)
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
