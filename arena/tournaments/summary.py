"""What a headless run says when it ends: the summary table or JSON, errors and spending."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from rich import box
from rich.console import Console
from rich.table import Table

from arena.analysis.summary import RunTally, SeatTally
from arena.console import per_move, percent
from arena.inert import inert, inert_text
from arena.tournaments.runs import RunResult
from arena.tournaments.schedule import Schedule


def run_title(schedule: Schedule) -> str:
    """`tictactoe: minimax vs random` for one pairing, `connect-four 7x7: 4 players, all-play-all` for more."""
    from games.registry import variant_label

    games = ", ".join(dict.fromkeys(variant_label(plan.game, plan.game_options) for plan in schedule.plans))
    pairs = {plan.players for plan in schedule.plans}
    if len(pairs) == 1:
        first, second = next(iter(pairs))
        return f"{games}: {first} vs {second}"
    return f"{games}: {len(schedule.players())} players, all-play-all"


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
        if spending.reached:
            left = schedule.total - (result.tally.matches - spending.stopped)
            after = (
                f"{left} match(es) not played. Run the same command with a higher --max-cost to resume."
                if left
                else "every match was played: the calls of the last ones went past it."
            )
            errors.print(
                f"spend cap ${result.run.max_cost:g} reached (${spending.cost:.4f} spent on tournament "
                f"{schedule.tournament_id}, calls of replayed matches included); {after}",
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
                "cost_cap_reached": result.spending.reached,
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
    table = Table(title=inert_text(title), caption=inert_text(caption), box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0))
    columns: tuple[str, ...] = ("player", "seat", "wins", "draws", "losses", "dq", "opp dq", "win%", "invalid")
    games = set(schedule.config.games)
    poker = {game for game in games if game.endswith("-poker")}
    sinks, lines, chips = "battleship" in games, bool(games - {"battleship"} - poker), bool(poker)
    columns += ("miss win", "miss blk") * lines + ("miss sink",) * sinks + ("chips/hand",) * chips + ("moves", "s/move")
    for column in columns:
        justify: Literal["left", "right"] = "left" if column in ("player", "seat") else "right"
        table.add_column(column, justify=justify, no_wrap=True)
    for t in tally.rows():
        table.add_row(
            inert_text(t.spec),
            t.seat,
            str(t.wins),
            str(t.draws),
            str(t.losses),
            str(t.disqualified),
            str(t.opponent_disqualified),
            percent(t.rate(t.wins)),
            str(t.invalid_moves),
            *(per_move(t.per_valid_move(t.missed_wins)), per_move(t.per_valid_move(t.missed_blocks))) * lines,
            *(per_move(t.per_valid_move(t.missed_sinks)),) * sinks,
            *((f"{t.chips / t.hands:+.3f}" if t.hands else "-"),) * chips,
            f"{t.average_moves:.1f}",
            f"{t.seconds_per_move:.2f}",
        )
    return table
