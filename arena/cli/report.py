"""`arena report`: leaderboards, results matrices and move analysis as tables, JSON or files."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from pathlib import Path

from arena.cli.columns import REPORT_COLUMNS
from arena.cli.common import (
    ArgumentParser,
    add_db_option,
    canonical_name_of,
    non_negative_int,
    positive_int,
    print_error,
)
from arena.cli.worker_options import add_analysis_workers, add_backend_options


def report_parser() -> ArgumentParser:
    """Options of `arena report`."""
    from arena.analysis.moves import DEFAULT_GRADE_BUDGET
    from arena.report.load import SORTS

    parser = ArgumentParser(
        prog="arena report",
        description="Leaderboards (ratings with 95% intervals), results matrices, move analysis; files with --out.",
        epilog=REPORT_COLUMNS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_db_option(parser)
    parser.add_argument("--game", help="only this game")
    parser.add_argument("--tournament", metavar="ID", help="only this tournament")
    parser.add_argument("--family", metavar="PROMPT", help="only matches with a model under this prompt family")
    parser.add_argument(
        "--source",
        choices=("arena", "topsakal", "childplay", "llm-chess", "pgn"),
        help="only the arena's own matches, or one paper's imported games (arena import)",
    )
    parser.add_argument("--out", type=Path, metavar="DIR", help="write CSV, JSON, transcripts and PNG charts here")
    parser.add_argument(
        "--html", type=Path, metavar="DIR", help="write a static web site here (open DIR/index.html; no server)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--sort", choices=tuple(SORTS), default="rating", help="leaderboard order (default rating)")
    parser.add_argument(
        "--grade-budget",
        type=positive_int,
        default=DEFAULT_GRADE_BUDGET,
        metavar="POSITIONS",
        help=f"Connect-Four positions searched per move before its grade is unknown (default {DEFAULT_GRADE_BUDGET:,})",
    )
    parser.add_argument(
        "--resamples", type=non_negative_int, default=1000, help="bootstrap resamples for rating intervals"
    )
    add_backend_options(parser)
    add_analysis_workers(parser)
    parser.add_argument(
        "--anchor",
        type=anchor,
        action="append",
        default=[],
        metavar="PLAYER=RATING",
        help="a player with a fixed rating (e.g. 'minimax L3=1200'; repeatable): each comparison group holding "
        "one is put on its scale, so tables from different runs with the same anchor compare (arena compare)",
    )
    return parser


def anchor(value: str) -> tuple[str, float]:
    """`PLAYER=RATING` (the last `=` splits: player names may hold one, as `llm:x T=0.7`)."""
    import math

    player, sep, rating = value.rpartition("=")
    try:
        number = float(rating)
    except ValueError:
        number = math.nan
    if not sep or not player.strip() or not math.isfinite(number):
        raise argparse.ArgumentTypeError(f"an anchor is PLAYER=RATING, e.g. 'minimax L3=1200', not {value!r}")
    return player.strip(), number


def analysis_progress() -> tuple[contextlib.AbstractContextManager[object], Callable[[int, int], None] | None]:
    """A progress bar for the analysis on a terminal; nothing elsewhere (rich is not even imported)."""
    if not sys.stderr.isatty():
        return contextlib.nullcontext(), None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(TextColumn("analysing moves"), BarColumn(), MofNCompleteColumn(), console=Console(stderr=True),
                   transient=True)  # fmt: skip
    task = bar.add_task("analyse", total=None)
    return bar, lambda done, total: bar.update(task, completed=done, total=total)


def run_report(argv: list[str]) -> int:
    """`arena report`."""
    import json

    from arena.analysis.parallel import chosen_workers
    from arena.report.load import load_report, report_json
    from arena.runner.ray_unavailable import RayUnavailable
    from arena.store import MatchStore, StoreError

    args = report_parser().parse_args(argv)
    if args.backend == "ray":
        from arena.analysis.parallel import on_ray

        on_ray(args.address)
    game = None
    if args.game:
        try:
            game = canonical_name_of(args.game)
        except ValueError as error:
            print_error(f"arena report: error: {error}")
            return 2
    progress, on_progress = analysis_progress()
    try:
        with MatchStore(args.db, read_only=True) as store, progress:
            report = load_report(
                store,
                game,
                args.tournament,
                args.family,
                args.grade_budget,
                args.resamples,
                on_progress,
                args.source,
                with_moves=bool(args.out),  # the tables, JSON and pages need none (pages read them one by one)
                workers=chosen_workers(args.workers),
                anchors=dict(args.anchor),
            )
            written, site = [], []
            if args.out:
                from arena.report.files import write_report

                written = write_report(args.out, report, store)
            if args.html and (report.analyses or report.sessions or report.puzzles):
                from arena.report.site import write_site

                site = write_site(args.html, report, store)
    except (StoreError, ValueError, RayUnavailable) as error:
        print_error(f"arena report: error: {error}")
        return 2
    except OSError as error:
        print_error(f"arena report: error: cannot write to {args.html or args.out}: {error.strerror or error}")
        return 2
    for warning in store.warnings:
        print_error(f"warning: {warning}")
    rated = {row.player for board in report.boards for row in board.rows if row.rated}
    for name in report.anchors:
        if name not in rated:
            print_error(f"warning: anchor {name!r} has no scored match in this report: no table rests on it")
    if not report.analyses and not report.sessions and not report.puzzles:
        print_error(f"arena report: no recorded match, task or puzzle session in {args.db} matches these filters")
        return 1
    if args.json:
        print(json.dumps(report_json(report, args.sort), allow_nan=False))  # strict JSON: no NaN
    else:
        from arena.console import wide_console
        from arena.report.tables import combined_table, leaderboard_tables, matrix_table

        console = wide_console()
        for board in report.boards:
            if board.game in report.poker:  # chips per hand, not a rating on wins and losses
                from arena.report.poker_table import mistakes_table, poker_pairs_table, poker_table

                standing = report.poker[board.game]
                tables = (poker_table, mistakes_table, poker_pairs_table)
                console.print(*(t for t in (table(board.game, standing) for table in tables) if t is not None))
                continue
            for shown in leaderboard_tables(board, args.sort):
                console.print(shown)
            console.print(matrix_table(board))
            if board.game.startswith("chess"):
                from arena.analysis.book import book_json
                from arena.report.book_table import book_table

                played = [a for a in report.analyses if a.variant == board.game]
                console.print(book_table(board.game, book_json(played)))
        if report.sessions:
            from arena.tasks.metrics import session_summary
            from arena.tasks.tables import results_table

            console.print(results_table([session_summary(s) for s in report.sessions]))
        if report.puzzles:
            from arena.puzzles.tables import puzzle_table

            console.print(puzzle_table(report.puzzles))
        if report.combined:
            console.print(combined_table(report.combined))
        if report.published:
            from arena.imports.tables import comparison_table

            console.print(comparison_table(report.published))
        if written:
            console.print(f"wrote {len(written)} files to {args.out}", markup=False, highlight=False)
    if site:
        from arena.inert import inert

        where = inert(str(args.html.resolve() / "index.html"))
        print(f"wrote a web site of {len(site)} files: open {where} in a browser (no server needed)",
              file=sys.stderr if args.json else sys.stdout)  # fmt: skip
    return 0
