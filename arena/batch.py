"""`arena --batch`: a tournament run headless, with a progress bar, a results table or JSON."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from arena.analysis.summary import SeatTally, summarize
from arena.engine.events import Event, MatchEnded
from arena.engine.tournament import TournamentPlan, run_tournament
from arena.records import MatchRecord
from arena.store import MatchStore


def run_batch(plan: TournamentPlan, db_path: Path, as_json: bool, concurrency: int) -> int:
    """Play the plan, record every match, print the summary; returns the exit code."""
    errors = Console(stderr=True)
    store = MatchStore(db_path)
    for warning in store.warnings:
        errors.print(f"[yellow]warning:[/] {warning}")
    started = time.perf_counter()
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )
    task = progress.add_task(f"{plan.game}: {plan.players[0]} vs {plan.players[1]}", total=plan.games)

    def record(event: Event) -> None:
        if isinstance(event, MatchEnded):
            store.add(event.record)
            progress.advance(task)

    try:
        with progress:
            records = asyncio.run(run_tournament(plan, [record], concurrency))
    finally:
        store.close()
    elapsed = time.perf_counter() - started
    tallies = summarize(records, plan.players, plan.swap_seats)
    if as_json:
        print(json.dumps(summary_json(records, tallies, elapsed)))
    else:
        Console().print(summary_table(plan, records, tallies, elapsed, db_path))
    return 0


def summary_json(records: list[MatchRecord], tallies: list[SeatTally], elapsed: float) -> dict[str, object]:
    """The machine-readable summary."""
    return {
        "matches": len(records),
        "unscored": sum(1 for r in records if r.outcome.status != "finished"),
        "seconds": round(elapsed, 3),
        "players": [t.as_dict() for t in tallies],
    }


def summary_table(
    plan: TournamentPlan, records: list[MatchRecord], tallies: list[SeatTally], elapsed: float, db_path: Path
) -> Table:
    """The human-readable summary."""
    unscored = sum(1 for r in records if r.outcome.status != "finished")
    caption = f"{len(records)} matches in {elapsed:.1f} s, recorded to {db_path}"
    if unscored:
        caption += f"; {unscored} ended without a score (error, abort or move limit)"
    table = Table(title=f"{plan.game}: {plan.players[0]} vs {plan.players[1]} (seed {plan.seed})", caption=caption)
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


def stderr_line(message: str) -> None:
    """Print one plain line to stderr."""
    print(message, file=sys.stderr)
