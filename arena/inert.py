"""Text from models, providers and databases made inert: control characters are shown, never obeyed.

A reply may hold terminal escapes (clear screen, window title, clipboard writes), NUL, bidi
overrides or Rich markup; none of it may drive the user's terminal or the app's renderer.
Every front end passes such text through `inert` (plain output) or `inert_text` (Rich/Textual), which also
replace every known secret (arena.known_secrets).
"""

from __future__ import annotations

import re

from rich.text import Text

from arena.known_secrets import redact_known

# C0 controls but tab and newline, DEL, C1 controls, and the invisible bidi marks and overrides.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def inert(text: str) -> str:
    """The text with every known secret redacted and every unsafe character written out as an escape (`\\x1b`)."""
    return _UNSAFE.sub(_visible, redact_known(text))


def inert_text(text: str, style: str = "") -> Text:
    """A Rich Text that shows `text` literally: no markup is read and no control character survives."""
    return Text(inert(text), style=style)


_FORMULA_START = ("=", "+", "-", "@")
_NUMBER = re.compile(r"[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?")


def spreadsheet_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: inert, and a leading = + - @ (a formula to Excel, LibreOffice and
    Sheets) behind a quote, unless the cell is a plain number; other values unchanged."""
    if not isinstance(value, str):
        return value
    text = inert(value)
    if text.startswith(_FORMULA_START) and text != "-" and not _NUMBER.fullmatch(text):  # "-": a table's blank
        return "'" + text
    return text
