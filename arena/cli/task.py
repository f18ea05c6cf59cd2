"""`arena task run TASK --model SPEC` and `arena task sessions`: ChildPlay's tasks from the command line."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

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
from arena.store import StoreError
from arena.tasks.metrics import session_summary
from arena.tasks.registry import TASK_NAMES, make_task, task_prompts
from arena.tasks.session import TaskSession, resumable, start_task_session, task_sessions
from arena.tasks.tables import results_table
from games.tasks.lcl import MAX_BRICKS

MAX_ITEMS = 100_000  # every item of a run is generated before the first is asked
item_count = whole_number(1, MAX_ITEMS)
brick_count = whole_number(1, MAX_BRICKS)


def task_parser(prog: str, default_db: Path) -> argparse.ArgumentParser:
    """Options of `arena task`."""
    parser = ArgumentParser(prog=prog, description="ChildPlay's single-question tasks: shapes, LCL, Guess-the-SMILES.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=ArgumentParser)
    run = commands.add_parser("run", help="answer a task's items (a model, the random baseline, or you with --plain)")
    run.add_argument("task", choices=TASK_NAMES)
    run.add_argument(
        "--model",
        default="random",
        type=hide_spec,
        metavar="SPEC",
        help="llm:MODEL, llm:local or random (default random)",
    )
    run.add_argument("--plain", action="store_true", help="answer the items yourself in this terminal")
    run.add_argument(
        "--again", action="store_true", help="start a new session even if one with these settings is finished"
    )
    run.add_argument("--items", type=item_count, help="items per run (default: the published count)")
    run.add_argument("--seed", type=non_negative_int, default=0, help="which items (default 0: all alike)")
    run.add_argument("--temperature", type=float, nargs="+", metavar="T", help="one run per temperature")
    run.add_argument("--bricks", type=brick_count, default=3, help="lcl-construct: bricks asked (3)")
    run.add_argument("--generated", action="store_true", help="gts: random molecules instead of the curated list")
    run.add_argument("--concurrency", type=positive_int, default=8, help="model calls in flight (8)")
    add_call_options(run)
    run.add_argument("--json", action="store_true", help="print the results as JSON")
    add_preflight_option(run)
    add_db_option(run, default_db)
    sessions = commands.add_parser("sessions", help="stored task sessions and their results")
    sessions.add_argument("--json", action="store_true", help="print them as JSON")
    add_db_option(sessions, default_db)
    return parser


def options_of(args: argparse.Namespace) -> dict[str, Any]:
    """The task options that change the items."""
    if args.task == "lcl-construct":
        return {"bricks": args.bricks}
    if args.task == "gts" and args.generated:
        return {"generated": True}
    return {}


def run_task(argv: list[str]) -> int:
    """`arena task ...`."""

    parser = task_parser("arena task", DEFAULT_DB)
    args = parser.parse_args(argv)
    if args.command == "sessions":
        return list_sessions(args)
    return with_store(args.db, "arena task", lambda store: run_sessions(args, store, parser))


def list_sessions(args: argparse.Namespace) -> int:
    """`arena task sessions`: read only, so a mistyped --db is said, never created."""
    from arena.store import MatchStore

    try:
        with MatchStore(args.db, read_only=True) as store:
            rows = [session_summary(s) for s in task_sessions(store)]
            warnings = list(store.warnings)
    except StoreError as error:
        print_error(f"arena task sessions: error: {error}")
        return 2
    for warning in warnings:
        print_error(f"warning: {warning}")
    if args.json:
        print(json.dumps(rows))
    elif rows:
        wide_console().print(results_table(rows))
    else:
        print("no task sessions yet")
    return 0


def run_sessions(args: argparse.Namespace, store: Any, parser: argparse.ArgumentParser) -> int:
    """One session per temperature (resuming an unfinished one with the same settings)."""

    spec = "human" if args.plain else args.model.strip()
    if spec != "human" and spec != "random" and not spec.startswith("llm:"):
        parser.error(f"--model takes llm:MODEL, llm:local or random, not {spec!r}")
    task = make_task(args.task, options_of(args))
    count = args.items or task.default_items
    temperatures: list[float | None] = list(args.temperature) if args.temperature else [None]
    if not spec.startswith("llm:") and args.temperature:
        parser.error("--temperature is for llm: models")
    prompts = task_prompts()
    prompt = {"name": prompts.name, "version": prompts.version, "sha256": prompts.sha256}
    rows = []
    code = 0
    for temperature in temperatures:
        player = None
        if spec.startswith("llm:"):
            try:
                player = model_player(spec, temperature, args)
            except ValueError as error:
                print_error(f"arena task: error: {error}")
                return 2
        session = None if args.again else resumable(store, args.task, spec, count, args.seed, temperature)
        if session is not None and session.finished:
            print(f"session {session.record.id} with these settings is finished ({count} of {count} answered): its "
                  "results below; --again starts a new one", file=sys.stderr)  # fmt: skip
            rows.append(session_summary(session))
            continue
        if session is not None:
            print(f"resuming session {session.record.id}: {len(session.answers)} of {count} answered", file=sys.stderr)
        else:
            session = start_task_session(
                store, args.task, spec, count, args.seed, options_of(args), prompt, temperature
            )
        if spec == "human":
            if not run_person_session(session):
                return 0  # a person who stops has not failed: the answers are kept and the command resumes
        else:
            failure = run_with_progress(session, player, args.concurrency)
            if failure:
                print_error(f"arena task: the provider failed ({failure}); run the same command again to resume")
                code = 1
        rows.append(session_summary(session))
    if args.json:
        print(json.dumps(rows))
    else:
        wide_console().print(results_table(rows))
    return code


def model_player(spec: str, temperature: float | None, args: argparse.Namespace) -> Any:
    """The model as an LLM player, checked for its key or endpoint before anything is stored."""
    from arena.players import PlayerOptions
    from arena.tasks.runner import task_model

    options = PlayerOptions(
        temperature=temperature,
        max_tokens=args.max_tokens,
        api_base=args.api_base,
        timeout=args.timeout,
        chunk_timeout=min(args.timeout, 90.0),
        retries=args.retries,
    )
    player = task_model(spec, options)
    if not args.no_preflight:
        refuse_unusable([player])
    return player


def run_with_progress(session: TaskSession, player: Any, concurrency: int) -> str | None:
    """A model or the random baseline answers, with a progress bar on a terminal."""
    from arena.llm.connections import pooled
    from arena.tasks.runner import run_model, run_random

    columns = (TextColumn(f"{session.record.task} {session.record.player}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeRemainingColumn(), disable=not sys.stderr.isatty(), transient=True) as bar:
        bar_id = bar.add_task("answers", total=session.record.count, completed=len(session.answers))

        def advance(current: TaskSession) -> None:
            bar.update(bar_id, completed=len(current.answers))

        if player is None:
            run_random(session, advance)
            return None
        return asyncio.run(pooled(run_model(session, player, concurrency, advance)))


def run_person_session(session: TaskSession) -> bool:
    """A person in the terminal."""
    from arena.tasks.runner import run_person

    return run_person(session, input, print)
