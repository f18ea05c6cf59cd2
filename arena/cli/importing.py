"""`arena import topsakal|childplay`: the seeds' published game logs as match records, each move judged again."""

from __future__ import annotations

import json
from pathlib import Path

from arena.cli.common import (
    ArgumentParser,
    add_db_option,
    open_store,
    print_error,
)
from arena.cli.worker_options import add_analysis_workers, add_backend_options

PAPERS = ("topsakal", "childplay", "llm-chess", "pgn")


def import_parser() -> ArgumentParser:
    """Options of `arena import`."""
    parser = ArgumentParser(
        prog="arena import",
        description=(
            "Import published game logs (Topsakal et al.'s CSV exports, ChildPlay's JSON runs, the LLM Chess "
            "benchmark's game logs, any PGN file): each game becomes a "
            "match record, each move is judged by the arena's rules and compared with the published verdict. "
            "Importing again adds nothing."
        ),
    )
    parser.add_argument("paper", choices=PAPERS, help="whose format the files are in")
    parser.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="files or folders in that format")
    parser.add_argument("--published", action="store_true", help="the paper's own logs, shipped with the arena")
    parser.add_argument("--check", action="store_true", help="judge and compare only: record nothing")
    parser.add_argument(
        "--check-out",
        "--disagreements",
        dest="disagreements",
        type=Path,
        metavar="CSV",
        help="write every disagreement to this file (file, game, move, published, arena, why); nothing is written "
        "unless asked",
    )
    parser.add_argument("--json", action="store_true", help="print the agreement per file as JSON")
    parser.add_argument(
        "--no-analyse",
        action="store_true",
        help="do not analyse the added games now (by default their moves are graded and cached at once, so the "
        "Leaderboard and the report open fast; chess takes about 5 s a game of 100 moves on two cores)",
    )
    add_backend_options(parser)
    add_analysis_workers(parser)
    add_db_option(parser)
    return parser


def run_import(argv: list[str]) -> int:
    """`arena import`."""
    from contextlib import nullcontext

    from arena.imports.common import ImportFormatError
    from arena.imports.files import checked_file
    from arena.imports.run import import_published, write_disagreements
    from arena.imports.shipped import published_folder
    from arena.store import StoreError

    parser = import_parser()
    args = parser.parse_args(argv)
    if args.backend == "ray":
        from arena.analysis.parallel import on_ray

        on_ray(args.address)
    if args.published == bool(args.paths):
        parser.error("give PATH... or --published (the paper's shipped logs), one of the two")
    if args.published and args.paper == "pgn":
        parser.error("pgn has no shipped logs: give the PGN files (or folders of them)")
    for path in args.paths:  # a pipe would hang the import, a device never end it
        if not path.is_dir():
            try:
                checked_file(path)
            except ImportFormatError as error:
                parser.error(str(error))
    store = None if args.check else open_store(args.db, "arena import")
    if store is None and not args.check:
        return 2
    try:
        with published_folder(args.paper) if args.published else nullcontext(None) as shipped:
            paths = [shipped] if shipped is not None else list(args.paths)
            try:
                result = import_published(args.paper, paths, store)
            finally:
                if store is not None:
                    store.close()
    except ImportFormatError as error:
        print_error(f"arena import: error: {error}; nothing was recorded")
        return 2
    except StoreError as error:
        print_error(f"arena import: error: {error}")
        return 2
    written = args.disagreements
    if written is not None:
        try:
            write_disagreements(written, result.checks)
        except OSError as error:
            print_error(f"arena import: error: cannot write {written}: {error.strerror or error}")
            return 2
    if args.json:
        files = [c.as_dict() for c in result.checks]
        counts = {"task_sessions": result.sessions, "task_sessions_added": result.sessions_added}
        where = {"disagreements_file": str(written) if written is not None else None}
        print(json.dumps({"games": result.games, "added": result.added, **counts, "files": files, **where}),
              flush=True)  # fmt: skip
        return analyse_added(args.db, result.added, True, args.workers) if result.added and not args.no_analyse else 0
    from arena.console import wide_console
    from arena.imports.tables import agreement_table
    from arena.inert import inert

    console = wide_console()
    console.print(agreement_table(result.checks))
    for check in result.checks:  # one line each, never wrapped: a refused game is named as a whole
        for refused in check.refused:
            print(inert(f"refused (not imported): {refused}"), flush=True)
    if args.check:
        console.print(f"{result.games} games judged; nothing recorded (--check)", markup=False, highlight=False)
    else:
        sessions = f", {result.sessions_added} task sessions ({result.sessions} read)" if result.sessions else ""
        console.print(
            f"{result.added} games added to {args.db} ({result.already} already there){sessions}; "
            f"see them with: arena report --source {args.paper}",
            markup=False,
            highlight=False,
        )
    count = sum(len(c.disagreements) for c in result.checks)
    if written is not None:
        console.print(f"{count} disagreements written to {written.resolve()}", markup=False, highlight=False)
    elif count:
        console.print(f"{count} disagreements; write them to a file with --check-out FILE", markup=False,
                      highlight=False)  # fmt: skip
    return analyse_added(args.db, result.added, False, args.workers) if result.added and not args.no_analyse else 0


def analyse_added(db: Path, added: int, quiet: bool, workers: int | None = None) -> int:
    """Grade and cache the moves of every match not analysed yet, with a counter; 0, or 2 if the store fails."""
    from arena.analysis.cache import analyse_store
    from arena.analysis.parallel import chosen_workers
    from arena.cli.report import analysis_progress
    from arena.runner.ray_unavailable import RayUnavailable
    from arena.store import MatchStore, StoreError

    if not quiet:
        print_error(f"analysing the {added:,} added games (kept for the Leaderboard and the report; Ctrl+C keeps "
                    "what is done, --no-analyse skips this)...")  # fmt: skip
    progress, on_progress = analysis_progress()
    try:
        with MatchStore(db, read_only=True) as store, progress:
            analyse_store(store, on_progress=on_progress, with_moves=False, workers=chosen_workers(workers))
    except (StoreError, RayUnavailable) as error:
        print_error(f"arena import: error: the games are recorded, but cannot be analysed: {error}")
        return 2
    except KeyboardInterrupt:
        print_error("analysis stopped: the games are recorded; what was analysed is kept, the rest waits for the "
                    "report")  # fmt: skip
    return 0
