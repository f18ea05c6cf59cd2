"""Tournaments played headless and resumable, with a progress bar, every match recorded as it ends."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from dataclasses import dataclass, replace
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from arena.analysis.summary import RunTally
from arena.console import wide_console
from arena.inert import inert, inert_text
from arena.llm.cache import CallCache
from arena.llm.connections import pooled
from arena.llm.local import stop_shared_local_server
from arena.llm.spend import SpendGate
from arena.match.events import Event, MatchStarted, ProviderRetry
from arena.match.records import MatchRecord
from arena.runner.tournament import play_tournament
from arena.runner.workers import MatchBackend, ProcessBackend, runs_in_workers
from arena.store import MatchStore, StoreError
from arena.store.recorder import GroupRecorder
from arena.store.summaries import FIELD, SummaryRows
from arena.store.tables import SPENT
from arena.tournaments.runs import BatchRun, RunResult, Spending
from arena.tournaments.schedule import Schedule, resumed
from arena.tournaments.summary import report_errors, report_spending, run_title, summary_json, summary_table

CAP_STOPPED = 3  # exit code when the spend cap stopped a tournament before its end


@dataclass(frozen=True)
class RayPlace:
    """Engine-only matches go to a Ray cluster: the one at `address`, or a local one started for the run."""

    address: str | None = None


def run_batch(
    runs: list[BatchRun],
    db_path: Path,
    as_json: bool,
    concurrency: int,
    workers: int = 1,
    ray: RayPlace | None = None,
) -> int:
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
            results.append(play_run(run, store, errors, concurrency, workers, ray))
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


def recorded_records(store: MatchStore, table: SummaryRows, removed: frozenset[str]) -> list[MatchRecord]:
    """The stored records listed in a tournament's index rows but not `removed` (each segment read once)."""
    ident = FIELD["id"]
    wanted: dict[int, set[str]] = {}
    for row, segment in zip(table.rows, table.segments, strict=True):
        if row[ident] not in removed:
            wanted.setdefault(segment, set()).add(row[ident])
    records = []
    for segment, ids in sorted(wanted.items()):
        for document in store.documents_in(segment):
            if document.get("id") in ids and (record := store.validated(document)) is not None:
                records.append(record)
    return records


def play_run(
    run: BatchRun, store: MatchStore, errors: Console, concurrency: int, workers: int = 1, ray: RayPlace | None = None
) -> RunResult:
    """One tournament with a progress bar: matches already recorded are skipped, failed ones played again."""
    started = time.perf_counter()
    recorded = store.tournament_rows(run.schedule.tournament_id)  # only the segments holding it are read
    schedule = resumed(run.schedule, store, recorded)
    if schedule.replaced:
        if schedule.replaced_cost:
            store.append(SPENT, spent_entry(schedule))
        store.remove_matches(set(schedule.replaced), schedule.tournament_id)
    if schedule.recorded or schedule.replaced or errors.is_terminal:  # a fresh run's id is in its summary
        errors.print(inert(schedule.resume_line() + run.label), markup=False, highlight=False, soft_wrap=True)
    gate = SpendGate(run.max_cost, spent=schedule.recorded_cost)
    cache = CallCache(store, run.options.replay, reuse=schedule.replaced)
    options = replace(run.options, call_cache=cache, spend_gate=gate)
    tally = RunTally(schedule.players())
    spending = Spending(cost=schedule.recorded_cost)
    if schedule.recorded:
        for record in recorded_records(store, recorded, schedule.replaced):
            tally.add(record)
    progress = Progress(
        TextColumn("{task.description}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("errors {task.fields[errors]}  ${task.fields[cost]:.4f}"),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        TextColumn("{task.fields[waiting]}", markup=False),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )
    task = progress.add_task(
        inert(run_title(schedule) + run.label),
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
        spending.stopped += record.outcome.termination == "spend cap"
        return recorder.put(record)

    def may_start() -> bool:
        return gate.may_start()

    def watch(event: Event) -> None:  # rate-limit and other provider waits, shown beside the bar
        if isinstance(event, ProviderRetry):
            progress.update(task, waiting=inert(f"waiting {event.wait:.0f}s: {event.reason[:40]}"))
        elif isinstance(event, MatchStarted):
            progress.update(task, waiting="")

    recorder = GroupRecorder(store, durable)
    uses_models = any(spec.strip().lower().startswith("llm:") for spec in schedule.players())

    async def play() -> None:
        backend = chosen_backend(workers, ray, schedule.players())
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
        asyncio.run(pooled(play()))
    spending.reached = gate.passed()  # said even when the last match went over: the cap was passed all the same
    spending.capped = spending.reached and (played + schedule.recorded < schedule.total or spending.stopped > 0)
    return RunResult(run, tally, time.perf_counter() - started, spending, schedule)


def chosen_backend(workers: int, ray: RayPlace | None, players: list[str]) -> MatchBackend | None:
    """Where the run's matches are played: Ray's actors, worker processes, or this process (models, people)."""
    if ray is not None and runs_in_workers(tuple(players)):
        from arena.runner.ray_backend import RayBackend

        return RayBackend(ray.address)
    return ProcessBackend(workers) if workers > 1 else None


def spent_entry(schedule: Schedule) -> dict[str, object]:
    """A ledger line: the cost of the matches about to be removed and played again."""
    return {
        "id": f"{schedule.tournament_id}:{uuid.uuid4().hex[:12]}",
        "tournament": schedule.tournament_id,
        "matches": sorted(schedule.replaced),
        "cost": round(schedule.replaced_cost, 8),
    }
