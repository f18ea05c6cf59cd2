"""`arena compare A.json B.json`: two reports' ratings side by side, where they share an anchor."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.cli.common import ArgumentParser, canonical_name_of, print_error


def compare_parser() -> ArgumentParser:
    """Options of `arena compare`."""
    parser = ArgumentParser(
        prog="arena compare",
        description="Ratings of two `arena report --json` outputs side by side, only on a common anchor "
        "(`arena report --anchor PLAYER=RATING` in both); refused without one.",
    )
    parser.add_argument("first", type=Path, help="a report's JSON (arena report --json > FILE)")
    parser.add_argument("second", type=Path, help="another report's JSON")
    parser.add_argument("--game", help="only this game")
    return parser


def read_report(path: Path) -> dict[str, Any]:
    """A report's JSON; ValueError in one line if it cannot be read or is not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError(f"{path} is not JSON (make it with arena report --json > FILE)") from None
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        raise ValueError(f"{path} is not the JSON of arena report")
    return data


def run_compare(argv: list[str]) -> int:
    """`arena compare`."""
    from arena.report.compare import compare_reports

    args = compare_parser().parse_args(argv)
    try:
        game = canonical_name_of(args.game) if args.game else None
        reports = read_report(args.first), read_report(args.second)
        rows = compare_reports(*reports, game)
    except (ValueError, KeyError, TypeError) as error:
        print_error(f"arena compare: error: {error}")
        return 2
    from rich import box
    from rich.table import Table

    from arena.console import wide_console
    from arena.inert import inert_text

    table = Table(title=f"ratings on a common anchor: {args.first.name} against {args.second.name}",
                  title_justify="left", box=box.SIMPLE_HEAD)  # fmt: skip
    for column in ("game", "player", "first", "95% CI", "second", "95% CI", "change", "anchors"):
        table.add_column(column, justify="left" if column in ("game", "player", "anchors") else "right")
    for row in rows:
        (a, a_low, a_high), (b, b_low, b_high) = row.first, row.second
        table.add_row(row.game, inert_text(row.player), f"{a:.0f}", f"{a_low:.0f}-{a_high:.0f}", f"{b:.0f}",
                      f"{b_low:.0f}-{b_high:.0f}", f"{b - a:+.0f}", inert_text(", ".join(row.anchors)))  # fmt: skip
    wide_console().print(table)
    return 0
