"""`arena puzzles`: Lichess-rated chess puzzles for a model, an engine, the random mover or you (`--plain`)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from arena.cli.common import (
    DEFAULT_DB,
    ArgumentParser,
    add_db_option,
    add_preflight_option,
    non_negative_int,
    positive_int,
    print_error,
    refuse_unusable,
    whole_number,
)
from arena.cli.session_commands import add_call_options, with_store
from arena.console import wide_console
from arena.llm.secrets import hide_spec
from arena.prompting.harness import RETHINK_MODES

MOST_SAMPLE = 200_000
BENCHMARK = "llmchess"


def puzzle_prompt(value: str) -> str:
    """--prompt: the benchmark's, or a prompt family that has chess (checked now, not mid-run)."""
    if value == BENCHMARK:
        return value
    from arena.prompting import load_family

    try:
        family = load_family(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if not family.plays("chess"):
        raise argparse.ArgumentTypeError(f"the {family.name} prompts have none for chess")
    return value


def puzzles_parser(prog: str, default_db: Path) -> argparse.ArgumentParser:
    """Options of `arena puzzles`."""
    parser = ArgumentParser(
        prog=prog,
        description="Chess puzzles in the Lichess format (the shipped 1,000 of the LLM chess puzzles benchmark by "
        "default), solved by Lichess's rules and scored as the benchmark scored them, with a rating on the puzzle "
        "scale.",
    )
    players = "random (default), stockfish[:nodes=N|elo=N|...], scripted:MOVE;MOVE, llm:MODEL or llm:local"
    parser.add_argument("--player", default="random", type=hide_spec, metavar="SPEC", help=players)
    parser.add_argument("--plain", action="store_true", help="solve them yourself in this terminal")
    parser.add_argument("--puzzles", type=Path, metavar="FILE", help="a puzzle file in the Lichess format")
    parser.add_argument("--sample", type=whole_number(1, MOST_SAMPLE), metavar="N", help="N puzzles drawn by --seed")
    parser.add_argument("--seed", type=non_negative_int, default=0, help="which sample (default 0)")
    parser.add_argument("--again", action="store_true", help="a new session even if one with these settings is done")
    parser.add_argument("--sessions", action="store_true", help="the stored puzzle results, one row per player")
    prompt_help = (
        f"a model's prompts: {BENCHMARK} (default: the benchmark's own prompt and reading, one try) or a "
        "prompt family that plays chess (arena, ...), whose harness applies as in games"
    )
    parser.add_argument("--prompt", default=BENCHMARK, type=puzzle_prompt, metavar="FAMILY", help=prompt_help)
    parser.add_argument("--rethink", choices=RETHINK_MODES, help="a family's rethink mode after a refused answer")
    parser.add_argument("--hide-legal", action="store_true", help="a family's prompt without the legal moves")
    parser.add_argument("--concurrency", type=positive_int, default=8, help="puzzles in flight for a model (8)")
    add_call_options(parser)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    add_preflight_option(parser)
    add_db_option(parser, default_db)
    return parser


def run_puzzles(argv: list[str]) -> int:
    """`arena puzzles ...`."""
    parser = puzzles_parser("arena puzzles", DEFAULT_DB)
    args = parser.parse_args(argv)
    if args.sessions:
        return list_results(args)
    from arena.imports.files import ImportFormatError
    from arena.puzzles.sets import load_set

    try:
        puzzle_set = load_set(args.puzzles)
    except ImportFormatError as error:
        print_error(f"arena puzzles: error: {error}; nothing was recorded")
        return 2
    try:
        spec, answer, settings = solver_of(args)
    except ValueError as error:
        print_error(f"arena puzzles: error: {error}")
        return 2
    return with_store(args.db, "arena puzzles",
                      lambda store: run_session(args, store, puzzle_set, spec, answer, settings))  # fmt: skip


def solver_of(args: argparse.Namespace) -> tuple[str, Any, dict[str, Any]]:
    """(the player's spec, its answer function, the settings that make its identity); ValueError for a bad spec."""
    from arena.puzzles import solvers

    if args.plain:
        return "human", None, {}
    spec = args.player.strip()
    kind, _, argument = spec.partition(":")
    if spec == "random":
        return spec, solvers.random_answer(args.seed), {}
    if kind == "stockfish":
        from arena.players import PlayerOptions, make_player

        make_player(spec, 0, PlayerOptions(game="chess"))  # checks the options and that the engine starts
        return spec, solvers.stockfish_answer(argument), {}
    if kind == "scripted":
        from arena.players import PlayerOptions, make_player

        script = make_player(spec, 0, PlayerOptions(game="chess")).settings()["script"]
        return spec, solvers.scripted_answer(list(script)), {}
    if kind == "llm" and args.prompt == BENCHMARK:
        settings = asyncio.run(model_settings(spec, args))
        recorded = {"prompt": "llmchess (the benchmark's)", **settings.recorded()}
        return spec, solvers.model_answer(settings), identity_of(recorded)
    if kind == "llm":
        player = family_player(spec, args)
        return spec, solvers.family_answer(player), identity_of(player.settings())
    raise ValueError(f"--player takes random, stockfish[:OPTIONS], scripted:MOVE;MOVE or llm:MODEL, not {spec!r}")


IDENTITY_NOISE = ("timeout", "chunk_timeout", "retries", "backoff", "backoff_cap", "seed", "replay", "transport")


def identity_of(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings that make a model's session another one (limits of time and retries aside)."""
    return {k: v for k, v in settings.items() if k not in IDENTITY_NOISE and v is not None}


def family_player(spec: str, args: argparse.Namespace) -> Any:
    """The model as an LLM player under a prompt family and its harness, checked before anything is stored."""
    from arena.players import PlayerOptions, make_player

    options = PlayerOptions(
        game="chess", prompt=args.prompt, rethink=args.rethink or "rule", show_legal=not args.hide_legal,
        max_tokens=args.max_tokens, api_base=args.api_base, timeout=args.timeout,
        chunk_timeout=min(args.timeout, 90.0), retries=args.retries,
    )  # fmt: skip
    player = make_player(spec, 0, options)
    player.refuse_match_options("puzzles", samplers=False)  # a family's answers are read as moves: votes apply
    if not args.no_preflight:
        refuse_unusable([player])
    return player


async def model_settings(spec: str, args: argparse.Namespace) -> Any:
    """The model's call settings (the benchmark's temperature unless the spec sets one), checked before anything
    is stored."""
    from arena.players import PlayerOptions, make_player
    from arena.puzzles.solvers import BENCHMARK_TEMPERATURE

    options = PlayerOptions(game="chess", temperature=BENCHMARK_TEMPERATURE, max_tokens=args.max_tokens,
                            api_base=args.api_base, timeout=args.timeout, chunk_timeout=min(args.timeout, 90.0),
                            retries=args.retries)  # fmt: skip
    player = make_player(spec, 0, options)
    player.refuse_match_options("the benchmark's own prompt (majority vote and the extractor work with --prompt arena)")
    if not args.no_preflight:
        refuse_unusable([player])
    return await player.endpoint()


def run_session(args: argparse.Namespace, store: Any, puzzle_set: Any, spec: str, answer: Any,
                settings: dict[str, Any]) -> int:  # fmt: skip
    """Resume or start the session with these settings, run it, print its results."""
    from arena.puzzles.session import resumable, start_puzzle_session

    session = None if args.again else resumable(store, spec, puzzle_set, args.sample, args.seed, settings)
    total = len(puzzle_set.sample(args.sample, args.seed))
    if session is not None and session.finished:
        print(f"session {session.record.id} with these settings is finished ({total} of {total}): its results "
              "below; --again starts a new one", file=sys.stderr)  # fmt: skip
    elif session is not None:
        print(f"resuming session {session.record.id}: {len(session.attempts)} of {total} attempted", file=sys.stderr)
    else:
        session = start_puzzle_session(store, spec, puzzle_set, args.sample, args.seed, settings)
    code = 0
    if not session.finished:
        if spec == "human":
            from arena.puzzles.person import run_person

            if not asyncio.run(run_person(session, input, print)):
                return 0  # a person who stops has not failed: the attempts are kept and the command resumes
        else:
            failure = run_with_progress(session, answer, args.concurrency if spec.startswith("llm:") else 1)
            if failure:
                print_error(f"arena puzzles: {failure}; run the same command again to resume")
                code = 1
    show_rows(args, [(session.record, session.attempts)])
    return code


def run_with_progress(session: Any, answer: Any, concurrency: int) -> str | None:
    """Solve the remaining puzzles with a progress bar on stderr."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from arena.puzzles.solvers import solve_all

    total = len(session.record.order)
    with Progress(TextColumn("puzzles"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:  # fmt: skip
        task = bar.add_task("puzzles", total=total, completed=len(session.attempts))

        def progress(done: Any) -> None:
            bar.update(task, completed=len(done.attempts))

        return asyncio.run(solve_all(session, answer, concurrency, progress))


def list_results(args: argparse.Namespace) -> int:
    """`arena puzzles --sessions`: every player's figures, read only."""
    from arena.puzzles.session import PUZZLE_TABLES
    from arena.store import MatchStore, StoreError

    try:
        with MatchStore(args.db, read_only=True) as store:
            loaded = PUZZLE_TABLES.load(store)
            warnings = list(store.warnings)
    except StoreError as error:
        print_error(f"arena puzzles: error: {error}")
        return 2
    for warning in warnings:
        print_error(f"warning: {warning}")
    if not loaded and not args.json:
        print("no puzzle sessions yet")
        return 0
    show_rows(args, loaded)
    return 0


def show_rows(args: argparse.Namespace, sessions: list[Any]) -> None:
    """The figures as a table (with the random mover's beside them) or JSON."""
    from arena.puzzles.metrics import puzzle_rows

    rows = puzzle_rows(sessions)
    if args.json:
        print(json.dumps([row.as_dict() for row in rows], allow_nan=False))
        return
    from arena.puzzles.tables import puzzle_table

    wide_console().print(puzzle_table(rows))
