"""Reading a published file safely: a pipe, a device, a dangling link, a huge file, deep JSON or an absurd number
is refused in one line naming the file (and the field), before anything is recorded."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

MAX_BYTES = 512 * 2**20  # the largest published file is a few MB
# Topsakal's leaderboard counts and ratios; ChildPlay's result totals.
NUMBER_FIELD = re.compile(
    r"^(Wins|Losses|Draws|Ties|Disqualifications|TotalMoves|InvalidMovesRatio)(-.*)?$|^P[12] (Wins|Wrong Moves)$"
)


class ImportFormatError(ValueError):
    """A file that is not in the published format: says which file and row."""


def checked_file(path: Path) -> Path:
    """The path if it is a readable regular file of a sane size; ImportFormatError saying what it is instead."""
    if path.is_symlink() and not path.exists():
        raise ImportFormatError(f"{path}: a link to nothing")
    if not path.exists():
        raise ImportFormatError(f"{path}: no such file")
    if not path.is_file():
        raise ImportFormatError(f"{path}: not a regular file (a pipe, device or socket)")
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise ImportFormatError(f"{path}: {size:,} bytes, more than a published file holds ({MAX_BYTES:,})")
    return path


def read_bytes(path: Path) -> bytes:
    """A published file's bytes, after `checked_file`."""
    try:
        return checked_file(path).read_bytes()
    except OSError as error:
        raise ImportFormatError(f"{path}: cannot be read ({error.strerror or error})") from None


def read_text(path: Path, encoding: str = "utf-8") -> str:
    """A published file's text."""
    try:
        return read_bytes(path).decode(encoding)
    except UnicodeDecodeError as error:
        raise ImportFormatError(f"{path}: not {encoding} text ({error.reason} at byte {error.start})") from None


def read_json(path: Path) -> Any:
    """A published JSON file, parsed; deep nesting and numbers past Python's digit limit are refused."""
    text = read_text(path)
    try:
        return json.loads(text)
    except RecursionError:
        raise ImportFormatError(f"{path}: nested too deeply to be a published file") from None
    except ValueError as error:  # JSONDecodeError, or an integer of more than 4,300 digits
        raise ImportFormatError(f"{path}: cannot be read as JSON ({str(error)[:120]})") from None


def check_numbers(where: str, values: dict[str, Any], names: Iterable[str] | None = None) -> None:
    """Every published number in `values` (the `names`, else the fields named like counts) is a finite number."""
    for name in names if names is not None else [n for n in values if NUMBER_FIELD.match(str(n))]:
        if name not in values:
            continue
        value = values[name]
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise ImportFormatError(f"{where}: field {name!r}: {value!r} is not a number")
        try:
            number = float(value)
        except (ValueError, OverflowError):
            raise ImportFormatError(f"{where}: field {name!r}: {str(value)[:40]!r} is not a number") from None
        if not math.isfinite(number) or number < 0:
            raise ImportFormatError(f"{where}: field {name!r}: {str(value)[:40]} is not a count or a ratio")
