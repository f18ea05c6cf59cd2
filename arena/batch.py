"""`arena --batch` and `arena tournament`: tournaments run headless and resumable, with progress, a table or JSON."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from arena.analysis.summary import RunTally, SeatTally
from arena.engine.events import Event, MatchStarted, ProviderRetry
from arena.engine.tournament import play_tournament
from arena.engine.workers import ProcessBackend
from arena.inert import inert, inert_text
from arena.llm.cache import CallCache
from arena.llm.local import stop_shared_local_server
from arena.players import PlayerOptions
from arena.records import MatchRecord
from arena.store import MatchStore, StoreError
from arena.store.recorder import GroupRecorder
from arena.summaries import FIELD
from arena.tournaments.schedule import Schedule, resumed

CAP_STOPPED = 3  # exit code when the spend cap stopped a tournament before its end


@dataclass(frozen=True)
class BatchRun:
    """One tournament of a batch: a temperature sweep makes one per temperature."""

    schedule: Schedule
    options: PlayerOptions
    label: str
    max_cost: float | None = None
    limits: dict[str, int] | None = None


@dataclass
class Spending:
    """The recorded cost of a tournament so far, and the model calls whose price litellm does not know."""

    cost: float = 0.0
    unpriced: int = 0
    unpriced_models: set[str] | None = None
    capped: bool = False

    def add(self, record: MatchRecord) -> None:
        """Count a finished match's calls."""
        for move in record.moves:
            if move.cost is not None:
                self.cost += move.cost
            elif move.tokens and record.players[move.seat].settings.get("api_base") != "local":  # local is free
                self.unpriced += 1
                self.unpriced_models = (self.unpriced_models or set()) | {record.players[move.seat].spec}


@dataclass
class RunResult:
    """A finished (or stopped) tournament: its tallies, time, spending and how much of it was played now."""

    run: BatchRun
    tally: RunTally
    seconds: float
    spending: Spending
    schedule: Schedule


def run_batch(runs: list[BatchRun], db_path: Path, as_json: bool, concurrency: int, workers: int = 1) -> int:
    """Play (or resume) every run, record every match and model call, print the summaries.

    Exit code 1 if any match errored, 3 if the spend cap stopped a run, else 0.
    """
    errors = Console(stderr=True)
    store = MatchStore(db_path)
    for warning in store.warnings:
        errors.print(inert_text(f"warning: {warning}", style="yellow"), soft_wrap=True)
    results: list[RunResult] = []
    failure: StoreError | None = None
    shown = len(store.warnings)
    try:
        for run in runs:
            results.append(play_run(run, store, errors, concurrency, workers))
            if results[-1].spending.capped:
                break
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
    report_spending(results, errors)
    if as_json:
        print(json.dumps(summary_json(results)))
    else:
        console = wide_console()
        for result in results:
            console.print(summary_table(result, store.path))
            hint = f"ratings, matrix and charts: arena report --tournament {result.schedule.tournament_id}"
            console.print(hint, markup=False, highlight=False)
    if any(result.spending.capped for result in results):
        return CAP_STOPPED
    return 1 if any(result.tally.errors for result in results) else 0


def recorded_records(store: MatchStore, tournament_id: str) -> list[MatchRecord]:
    """The stored records of one tournament (each segment that holds some is read once)."""
    table = store.summary_rows()
    tournament, ident = FIELD["tournament"], FIELD["id"]
    wanted: dict[int, set[str]] = {}
    for row, segment in zip(table.rows, table.segments, strict=True):
        if row[tournament] == tournament_id:
            wanted.setdefault(segment, set()).add(row[ident])
    records = []
    for segment, ids in sorted(wanted.items()):
        for document in store.documents_in(segment):
            if document.get("id") in ids and (record := store.validated(document)) is not None:
                records.append(record)
    return records


def play_run(run: BatchRun, store: MatchStore, errors: Console, concurrency: int, workers: int = 1) -> RunResult:
    """One tournament with a progress bar: matches already recorded are skipped, failed ones played again."""
    started = time.perf_counter()
    schedule = resumed(run.schedule, store)
    if schedule.replaced:
        store.remove_matches(set(schedule.replaced))
    if schedule.recorded or schedule.replaced or errors.is_terminal:  # a fresh run's id is in its summary
        errors.print(inert(schedule.resume_line() + run.label), markup=False, highlight=False, soft_wrap=True)
    options = replace(run.options, call_cache=CallCache(store, run.options.replay))
    tally = RunTally(schedule.players())
    spending = Spending(cost=schedule.recorded_cost)
    if schedule.recorded:
        for record in recorded_records(store, schedule.tournament_id):
            tally.add(record)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("errors {task.fields[errors]}  ${task.fields[cost]:.4f}"),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        TextColumn("{task.fields[waiting]}"),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )
    task = progress.add_task(
        run_title(schedule) + run.label,
        total=schedule.total,
        completed=schedule.recorded,
        errors=0,
        cost=spending.cost,
        waiting="",
    )
    played = 0

    def durable(record: MatchRecord) -> None:  # counted once it is on disk
        nonlocal played
        played += 1
        tally.add(record)
        progress.update(task, advance=1, errors=tally.errors, cost=spending.cost)

    def spent(record: MatchRecord) -> object:
        spending.add(record)
        return recorder.put(record)

    def may_start() -> bool:
        if run.max_cost is not None and spending.cost >= run.max_cost:
            spending.capped = True
            return False
        return True

    def watch(event: Event) -> None:  # rate-limit and other provider waits, shown beside the bar
        if isinstance(event, ProviderRetry):
            progress.update(task, waiting=f"waiting {event.wait:.0f}s: {event.reason[:40]}")
        elif isinstance(event, MatchStarted):
            progress.update(task, waiting="")

    recorder = GroupRecorder(store, durable)
    uses_models = any(spec.strip().lower().startswith("llm:") for spec in schedule.players())

    async def play() -> None:
        backend = ProcessBackend(workers) if workers > 1 else None
        try:
            await play_tournament(
                schedule.plans,
                (watch,) if uses_models else (),
                concurrency,
                options,
                spent,
                backend,
                may_start,
                run.limits or {},
            )
        finally:
            await recorder.aclose()
            if backend is not None:
                backend.close()

    with progress:
        asyncio.run(play())
    if spending.capped and played + schedule.recorded >= schedule.total:
        spending.capped = False  # the cap was reached by the last match: nothing was left out
    return RunResult(run, tally, time.perf_counter() - started, spending, schedule)


def run_title(schedule: Schedule) -> str:
    """`tictactoe: minimax vs random` for a pair, `tictactoe: 4 players, all-play-all` for more."""
    players = schedule.players()
    games = ", ".join(dict.fromkeys(plan.game for plan in schedule.plans))
    if len(players) == 2:
        return f"{games}: {players[0]} vs {players[1]}"
    return f"{games}: {len(players)} players, all-play-all"


def report_errors(results: list[RunResult], errors: Console) -> None:
    """Say how many matches ended in an error (never scored), and the first reason."""
    failed = sum(result.tally.errors for result in results)
    if failed:
        first = inert(next(result.tally.first_error for result in results if result.tally.errors))
        message = (
            f"{failed} match(es) ended with an error and are not scored; first: {first}. "
            "Run the same command again to play them again."
        )
        errors.print(message, markup=False, highlight=False, soft_wrap=True)


def report_spending(results: list[RunResult], errors: Console) -> None:
    """Say when the spend cap stopped a run (and how to go on), and which calls had no known price."""
    for result in results:
        spending, schedule = result.spending, result.schedule
        if spending.capped:
            left = schedule.total - result.tally.matches
            errors.print(
                f"spend cap ${result.run.max_cost:g} reached (${spending.cost:.4f} recorded for tournament "
                f"{schedule.tournament_id}); {left} match(es) not started. Run the same command with a higher "
                "--max-cost to resume.",
                markup=False,
                highlight=False,
                soft_wrap=True,
            )
        if spending.unpriced:
            models = ", ".join(sorted(spending.unpriced_models or ()))
            errors.print(
                inert(f"{spending.unpriced} model call(s) have no known price (counted as $0): {models}"),
                markup=False,
                highlight=False,
                soft_wrap=True,
            )


def summary_json(results: list[RunResult]) -> dict[str, object]:
    """The machine-readable summary: totals, then one entry per run (per temperature in a sweep)."""
    runs = []
    for result in results:
        tally, schedule = result.tally, result.schedule
        runs.append(
            {
                "tournament": schedule.tournament_id,
                "temperature": result.run.options.temperature,
                "planned": schedule.total,
                "already_recorded": schedule.recorded,
                "matches": tally.matches,
                "seconds": round(result.seconds, 3),
                "cost": round(result.spending.cost, 6),
                "unpriced_calls": result.spending.unpriced,
                "stopped_by_cost_cap": result.spending.capped,
                "players": [t.as_dict() for t in tally.rows()],
            }
        )
    return {
        "matches": sum(result.tally.matches for result in results),
        "unscored": sum(result.tally.unscored for result in results),
        "errors": sum(result.tally.errors for result in results),
        "seconds": round(sum(result.seconds for result in results), 3),
        "cost": round(sum(result.spending.cost for result in results), 6),
        "players": [t.as_dict() for t in combined(results)],
        "runs": runs,
    }


def combined(results: list[RunResult]) -> list[SeatTally]:
    """The tallies of every run added together (the runs of a sweep share their players)."""
    total = RunTally(results[0].schedule.players() if results else [])
    for result in results:
        for (spec, seat), row in result.tally.tallies.items():
            total.tally(spec, seat).absorb(row)
    return total.rows()


def wide_console() -> Console:
    """stdout as rich sees it, but wide enough for whole tables when it is a file or a pipe."""
    console = Console()
    return console if console.is_terminal else Console(width=160)


def percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


def per_move(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def summary_table(result: RunResult, db_path: Path) -> Table:
    """The human-readable summary of one run."""
    tally, schedule = result.tally, result.schedule
    caption = f"{tally.matches} matches ({tally.matches - schedule.recorded} now) in {result.seconds:.1f} s"
    caption += f", recorded to {db_path}"
    if tally.unscored:
        caption += f"; {tally.unscored} ended without a score (error, abort or move limit)"
    if tally.errors:
        caption += f"; {tally.errors} of them with an error"
    if result.spending.cost:
        caption += f"; cost ${result.spending.cost:.4f}"
    title = f"{run_title(schedule)} (seed {schedule.config.seed}{result.run.label}, {schedule.tournament_id})"
    table = Table(title=title, caption=caption, box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0))
    columns: tuple[str, ...] = ("player", "seat", "wins", "draws", "losses", "dq", "win%", "invalid")
    columns += ("miss win", "miss blk", "moves", "secs")
    for column in columns:
        justify: Literal["left", "right"] = "left" if column in ("player", "seat") else "right"
        table.add_column(column, justify=justify, no_wrap=True)
    for t in tally.rows():
        table.add_row(
            t.spec,
            t.seat,
            str(t.wins),
            str(t.draws),
            str(t.losses),
            str(t.disqualified),
            percent(t.rate(t.wins)),
            str(t.invalid_moves),
            per_move(t.per_valid_move(t.missed_wins)),
            per_move(t.per_valid_move(t.missed_blocks)),
            f"{t.average_moves:.1f}",
            f"{t.seconds:.2f}",
        )
    return table
