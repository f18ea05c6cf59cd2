"""Readers that turn a model's reply into a move in arena notation, or say why they cannot."""

from __future__ import annotations

import json
import re

from games.base import InvalidMove

# Numbers of at most 9 digits everywhere: an answer with a longer one is unreadable, never an int() past its limit.
_CHILDPLAY_CELL = re.compile(r"\s*\(?\s*(-?\d{1,9})\s*[, ]\s*(-?\d{1,9})\s*\)?\s*\.?\s*")
_CHILDPLAY_COLUMN = re.compile(r"\s*(-?\d{1,9})\s*\.?\s*")
_MOVE_LINE = re.compile(r"^\s*\**\s*MOVE\s*\**\s*:\s*\**\s*(.+?)\s*\**\s*$", re.IGNORECASE | re.MULTILINE)
_SUBMIT = re.compile(r"submit_move\(\s*['\"]?(\d{1,9})['\"]?\s*\)")
_JSON_OBJECT = re.compile(r"\{[^{}]*\}", re.DOTALL)
_NUMBERS = re.compile(r"-?\d{1,9}(?:\s*,\s*-?\d{1,9})?")


def read_bare(reply: str, columns_only: bool) -> str:
    """ChildPlay's answers: bare `row col` (or `col`) numbers and nothing else, as written (`row,col`)."""
    if columns_only:
        found = _CHILDPLAY_COLUMN.fullmatch(reply)
        if not found:
            raise InvalidMove(f"expected only a column number, got {_clip(reply)}")
        return str(int(found.group(1)))
    found = _CHILDPLAY_CELL.fullmatch(reply)
    if not found:
        raise InvalidMove(f"expected only 'row col', got {_clip(reply)}")
    return f"{int(found.group(1))},{int(found.group(2))}"


def shift(text: str, delta: int) -> str:
    """`row,col` or `col` with every number moved by `delta` (between a family's base and the arena's 1-based
    notation); any other text is returned unchanged for the game to judge."""
    if delta == 0 or not _NUMBERS.fullmatch(text.strip()):
        return text
    return ",".join(str(int(part) + delta) for part in text.strip().split(","))


def read_json_move(reply: str, columns_only: bool) -> str:
    """Topsakal's answers: a JSON object with 1-based `row` and `column` (or only `column`)."""
    candidates = _JSON_OBJECT.findall(reply)
    if not candidates:
        raise InvalidMove(f"no JSON object in the answer {_clip(reply)}")
    try:
        data = json.loads(candidates[-1])
    except json.JSONDecodeError as error:
        raise InvalidMove(f"malformed JSON ({error.msg})") from None
    except (ValueError, RecursionError):  # an integer past Python's conversion limit, or absurd nesting
        raise InvalidMove("the JSON holds a number too long to read") from None
    if not isinstance(data, dict):
        raise InvalidMove("the JSON is not an object")
    keys = ("column",) if columns_only else ("row", "column")
    values = []
    for key in keys:
        value = data.get(key)
        if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value.strip()) <= 10:
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidMove(f"the JSON needs an integer {key!r}")
        values.append(str(value))
    return ",".join(values)


def read_json_chess(reply: str) -> str:
    """A chess move given as JSON (constrained decoding): the `move` of the last object, for the game to read."""
    candidates = _JSON_OBJECT.findall(reply)
    try:
        data = json.loads(candidates[-1]) if candidates else None
    except (ValueError, RecursionError):
        data = None
    move = data.get("move") if isinstance(data, dict) else None
    if not isinstance(move, str) or not move.strip():
        raise InvalidMove(f"no JSON object with a 'move' in the answer {_clip(reply)}")
    return move.strip()


def move_lines(reply: str) -> list[str]:
    """The texts of every `MOVE: ...` line, in order (the caller picks the last readable one)."""
    return [str(line).strip().strip("`*").strip() for line in _MOVE_LINE.findall(reply)]


def read_submit_move(reply: str) -> str:
    """CloudWalk's answers: the last submit_move(d) call."""
    calls = _SUBMIT.findall(reply)
    if not calls:
        raise InvalidMove("no submit_move(d) call in the answer")
    return str(calls[-1])


def _clip(text: str) -> str:
    text = text.strip()
    return repr(text if len(text) <= 40 else text[:37] + "...")
