"""`arena --batch`: a tournament run headless, with a progress bar, a results table or JSON."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, replace
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from arena.analysis.summary import SeatTally, summarize
from arena.engine.events import Event, MatchEnded
from arena.engine.tournament import TournamentPlan, run_tournament
from arena.inert import inert, inert_text
from arena.llm.cache import CallCache
from arena.llm.local import stop_shared_local_server
from arena.players import PlayerOptions
from arena.records import MatchRecord
from arena.store import MatchStore, StoreError


@dataclass(frozen=True)
class BatchRun:
    """One tournament of a batch: a temperature sweep makes one per temperature."""

    plan: TournamentPlan
    options: PlayerOptions
    label: str


def run_batch(runs: list[BatchRun], db_path: Path, as_json: bool, concurrency: int) -> int:
    """Play every run, record every match and model call, print the summaries; exit code 1 if any match errored."""
    errors = Console(stderr=True)
    store = MatchStore(db_path)
    for warning in store.warnings:
        errors.print(inert_text(f"warning: {warning}", style="yellow"), soft_wrap=True)
    results: list[tuple[BatchRun, list[MatchRecord], float]] = []
    failure: StoreError | None = None
    shown = len(store.warnings)
    try:
        for run in runs:
            started = time.perf_counter()
            records = play_run(run, store, errors, concurrency)
            results.append((run, records, time.perf_counter() - started))
    except StoreError as error:
        failure = error  # the first cause is the one to report; closing may fail the same way
    finally:
        try:
            store.close()
        except StoreError as error:
            failure = failure or error
        stop_shared_local_server()  # nothing to do unless a local model was started
        for warning in store.warnings[shown:]:
            errors.print(inert_text(f"warning: {warning}", style="yellow"), soft_wrap=True)
    if failure is not None:
        raise failure
    report_errors(results, errors)
    if as_json:
        print(json.dumps(summary_json(results)))
    else:
        console = Console()
        for run, records, elapsed in results:
            tallies = summarize(records, run.plan.players, run.plan.swap_seats)
            console.print(summary_table(run, records, tallies, elapsed, db_path))
    return 1 if any(r.outcome.status == "error" for _, records, _ in results for r in records) else 0


def play_run(run: BatchRun, store: MatchStore, errors: Console, concurrency: int) -> list[MatchRecord]:
    """One tournament with a progress bar; each finished match is recorded as it ends."""
    plan = run.plan
    options = replace(run.options, call_cache=CallCache(store, run.options.replay))
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )
    task = progress.add_task(f"{plan.game}: {plan.players[0]} vs {plan.players[1]}{run.label}", total=plan.games)

    def record(event: Event) -> None:
        if isinstance(event, MatchEnded):
            store.add(event.record)
            progress.advance(task)

    with progress:
        return asyncio.run(run_tournament(plan, [record], concurrency, options))


def report_errors(results: list[tuple[BatchRun, list[MatchRecord], float]], errors: Console) -> None:
    """Say how many matches ended in an error (never scored), and the first reason."""
    failed = [r for _, records, _ in results for r in records if r.outcome.status == "error"]
    if failed:
        first = inert(failed[0].outcome.detail or "")
        message = f"{len(failed)} match(es) ended with an error and are not scored; first: {first}"
        errors.print(message, markup=False, highlight=False, soft_wrap=True)


def summary_json(results: list[tuple[BatchRun, list[MatchRecord], float]]) -> dict[str, object]:
    """The machine-readable summary: totals, then one entry per run (per temperature in a sweep)."""
    everything = [r for _, records, _ in results for r in records]
    first = results[0][0].plan
    runs = []
    for run, records, elapsed in results:
        runs.append(
            {
                "temperature": run.options.temperature,
                "matches": len(records),
                "seconds": round(elapsed, 3),
                "players": [t.as_dict() for t in summarize(records, run.plan.players, run.plan.swap_seats)],
            }
        )
    return {
        "matches": len(everything),
        "unscored": sum(1 for r in everything if r.outcome.status != "finished"),
        "errors": sum(1 for r in everything if r.outcome.status == "error"),
        "seconds": round(sum(e for _, _, e in results), 3),
        "players": [t.as_dict() for t in summarize(everything, first.players, first.swap_seats)],
        "runs": runs,
    }


def summary_table(
    run: BatchRun, records: list[MatchRecord], tallies: list[SeatTally], elapsed: float, db_path: Path
) -> Table:
    """The human-readable summary of one run."""
    plan = run.plan
    unscored = sum(1 for r in records if r.outcome.status != "finished")
    errored = sum(1 for r in records if r.outcome.status == "error")
    caption = f"{len(records)} matches in {elapsed:.1f} s, recorded to {db_path}"
    if unscored:
        caption += f"; {unscored} ended without a score (error, abort or move limit)"
    if errored:
        caption += f"; {errored} of them with an error"
    title = f"{plan.game}: {plan.players[0]} vs {plan.players[1]} (seed {plan.seed}{run.label})"
    table = Table(title=title, caption=caption)
    for column in ("player", "seat", "wins", "draws", "losses", "dq", "invalid", "avg moves", "secs"):
        table.add_column(column, justify="left" if column in ("player", "seat") else "right")
    for t in tallies:
        table.add_row(
            t.spec,
            t.seat,
            str(t.wins),
            str(t.draws),
            str(t.losses),
            str(t.disqualified),
            str(t.invalid_moves),
            f"{t.average_moves:.1f}",
            f"{t.seconds:.2f}",
        )
    return table
