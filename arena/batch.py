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

from arena.analysis.summary import RunTally, SeatTally
from arena.engine.tournament import TournamentPlan, play_tournament
from arena.engine.workers import ProcessBackend
from arena.inert import inert, inert_text
from arena.llm.cache import CallCache
from arena.llm.local import stop_shared_local_server
from arena.players import PlayerOptions
from arena.records import MatchRecord
from arena.store import MatchStore, StoreError
from arena.store.recorder import GroupRecorder


@dataclass(frozen=True)
class BatchRun:
    """One tournament of a batch: a temperature sweep makes one per temperature."""

    plan: TournamentPlan
    options: PlayerOptions
    label: str


def run_batch(runs: list[BatchRun], db_path: Path, as_json: bool, concurrency: int, workers: int = 1) -> int:
    """Play every run, record every match and model call, print the summaries; exit code 1 if any match errored."""
    errors = Console(stderr=True)
    store = MatchStore(db_path)
    for warning in store.warnings:
        errors.print(inert_text(f"warning: {warning}", style="yellow"), soft_wrap=True)
    results: list[tuple[BatchRun, RunTally, float]] = []
    failure: StoreError | None = None
    shown = len(store.warnings)
    try:
        for run in runs:
            started = time.perf_counter()
            tally = play_run(run, store, errors, concurrency, workers)
            results.append((run, tally, time.perf_counter() - started))
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
        for run, tally, elapsed in results:
            console.print(summary_table(run, tally, elapsed, store.path))
    return 1 if any(tally.errors for _, tally, _ in results) else 0


def play_run(run: BatchRun, store: MatchStore, errors: Console, concurrency: int, workers: int = 1) -> RunTally:
    """One tournament with a progress bar; finished matches are recorded (a few together) and counted, not kept."""
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
    tally = RunTally(plan.players, plan.swap_seats)

    def durable(record: MatchRecord) -> None:  # counted once it is on disk
        tally.add(record)
        progress.advance(task)

    recorder = GroupRecorder(store, durable)

    async def play() -> None:
        backend = ProcessBackend(workers) if workers > 1 else None
        try:
            await play_tournament(plan, (), concurrency, options, recorder.put, backend)
        finally:
            await recorder.aclose()
            if backend is not None:
                backend.close()

    with progress:
        asyncio.run(play())
    return tally


def report_errors(results: list[tuple[BatchRun, RunTally, float]], errors: Console) -> None:
    """Say how many matches ended in an error (never scored), and the first reason."""
    failed = sum(tally.errors for _, tally, _ in results)
    if failed:
        first = inert(next(tally.first_error for _, tally, _ in results if tally.errors))
        message = f"{failed} match(es) ended with an error and are not scored; first: {first}"
        errors.print(message, markup=False, highlight=False, soft_wrap=True)


def summary_json(results: list[tuple[BatchRun, RunTally, float]]) -> dict[str, object]:
    """The machine-readable summary: totals, then one entry per run (per temperature in a sweep)."""
    first = results[0][0].plan
    runs = []
    for run, tally, elapsed in results:
        runs.append(
            {
                "temperature": run.options.temperature,
                "matches": tally.matches,
                "seconds": round(elapsed, 3),
                "players": [t.as_dict() for t in tally.rows()],
            }
        )
    return {
        "matches": sum(tally.matches for _, tally, _ in results),
        "unscored": sum(tally.unscored for _, tally, _ in results),
        "errors": sum(tally.errors for _, tally, _ in results),
        "seconds": round(sum(e for _, _, e in results), 3),
        "players": [t.as_dict() for t in combined(results, first.players, first.swap_seats)],
        "runs": runs,
    }


def combined(results: list[tuple[BatchRun, RunTally, float]], players: tuple[str, str], swap: bool) -> list[SeatTally]:
    """The tallies of every run added together (the runs of a sweep share their players)."""
    total = RunTally(players, swap)
    for _, tally, _ in results:
        for key, row in tally.tallies.items():
            total.tallies[key].absorb(row)
    return total.rows()


def summary_table(run: BatchRun, tally: RunTally, elapsed: float, db_path: Path) -> Table:
    """The human-readable summary of one run."""
    plan = run.plan
    caption = f"{tally.matches} matches in {elapsed:.1f} s, recorded to {db_path}"
    if tally.unscored:
        caption += f"; {tally.unscored} ended without a score (error, abort or move limit)"
    if tally.errors:
        caption += f"; {tally.errors} of them with an error"
    title = f"{plan.game}: {plan.players[0]} vs {plan.players[1]} (seed {plan.seed}{run.label})"
    table = Table(title=title, caption=caption)
    for column in ("player", "seat", "wins", "draws", "losses", "dq", "invalid", "avg moves", "secs"):
        table.add_column(column, justify="left" if column in ("player", "seat") else "right")
    for t in tally.rows():
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
