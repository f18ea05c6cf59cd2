"""`arena ablate FILE.toml` (or flags): one model over a grid of harness settings, then what each setting changes."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arena.cli.common import (
    ArgumentParser,
    add_db_option,
    add_llm_options,
    add_policy_options,
    add_run_options,
    llm_defaults,
    positive_int,
    print_error,
)

if TYPE_CHECKING:
    from arena.tournaments.ablation import AblationConfig


def ablate_parser() -> ArgumentParser:
    """Options of `arena ablate`."""
    parser = ArgumentParser(
        prog="arena ablate",
        description="Play one model over a grid of harness settings (the same openings and seeds in every cell), "
        "then show each setting's paired effect on score, legality and move quality. Re-running resumes.",
    )
    parser.add_argument("file", type=Path, nargs="?", help="an ablation file (see docs/harness.md); or the flags")
    parser.add_argument("--model", help="the model varied, e.g. llm:local")
    parser.add_argument("--opponent", default="random", help="its opponent in every cell (default random)")
    parser.add_argument("--game", default="tictactoe", help="the game (default tictactoe)")
    parser.add_argument("--games", type=positive_int, default=20, help="matches per cell (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="the seed every cell shares (default 0)")
    parser.add_argument(
        "--vary",
        action="append",
        default=[],
        metavar="AXIS=V1,V2",
        help="an axis and its values, the first the baseline: rethink, legal, history, board, prompt, sample, "
        "extract (repeatable)",
    )
    add_policy_options(parser)
    parser.add_argument(
        "--no-null",
        action="store_true",
        help="no null cell (the baseline again on its own seeds, which measures the noise floor)",
    )
    add_db_option(parser)
    parser.add_argument("--json", action="store_true", help="print the cells and effects as one JSON object")
    parser.add_argument("--concurrency", type=positive_int, help="matches at once per provider")
    parser.add_argument("--workers", type=positive_int, help="worker processes (engine-only cells)")
    add_llm_options(parser)
    add_run_options(parser)
    return parser


def ablation_of(args: argparse.Namespace) -> AblationConfig:
    """The ablation a file or the flags declare; ValueError in one line."""
    from arena.tournaments.ablation import ablation_from, load_ablation, parse_vary

    if args.file is not None:
        if args.model or args.vary:
            raise ValueError("give an ablation file or --model and --vary, not both")
        return load_ablation(args.file)
    if not args.model or not args.vary:
        raise ValueError("name the model (--model llm:...) and at least one --vary AXIS=V1,V2, or give a file")
    data = {"model": args.model, "opponent": args.opponent, "game": args.game, "games": args.games,
            "seed": args.seed, "null": not args.no_null, "grid": parse_vary(args.vary),
            "invalid_retries": args.invalid_retries, "on_invalid": args.on_invalid}  # fmt: skip
    return ablation_from(data, "the command line")


def run_ablate(argv: list[str]) -> int:
    """`arena ablate`."""
    from arena.cli.tournament import run_configs
    from arena.tournaments.launch import with_llm_defaults

    args = ablate_parser().parse_args(argv)
    try:
        ablation = ablation_of(args)
        configs = [config for _, _, config in ablation.runs()]
    except ValueError as error:
        print_error(f"arena ablate: error: {error}")
        return 2
    defaults = llm_defaults(args)
    configs = [with_llm_defaults(config, defaults) for config in configs]  # as run: their ids include the defaults
    as_json, args.json = args.json, False
    with contextlib.redirect_stdout(sys.stderr):  # each cell's run summary beside the progress; stdout: the ablation
        played = run_configs([(config, defaults, "") for config in configs], args, "arena ablate")
    if played not in (0, 1):
        return played
    summary = ablation_summary(args.db, ablation, configs)
    if as_json:
        print(json.dumps(summary, allow_nan=False))
    else:
        print_ablation(summary)
    return played


def ablation_summary(db: Path, ablation: AblationConfig, configs: list[Any]) -> dict[str, Any]:
    """Every cell's figures and each setting's paired effect, from the recorded matches."""
    from arena.analysis.ablation import cell_of, cell_row, effects, judged, null_effect
    from arena.analysis.cache import analyse_store
    from arena.analysis.parallel import worker_count
    from arena.store import MatchStore
    from arena.store.summaries import FIELD

    wanted = dict.fromkeys(config.tournament_id() for config in configs)  # in the cells' order
    at = FIELD["tournament"]
    with MatchStore(db, read_only=True) as store:
        analyses = analyse_store(store, lambda row: row[at] in wanted, with_moves=False, workers=worker_count)
    grouped: dict[str, list[Any]] = {tid: [] for tid in wanted}
    for analysis in analyses:
        grouped[str(analysis.tournament)].append(analysis)
    names = [{name for a in found for name in a.players} for found in grouped.values()]
    opponent = set.intersection(*names) if names else set()  # the one player every cell shares
    cells = []
    for found, (settings, _, _), seen in zip(grouped.values(), ablation.runs(), names, strict=True):
        model = sorted(seen - opponent) or [ablation.cell_spec(settings)]
        cells.append(cell_of(settings, model[0], found))
    grid = cells[:-1] if ablation.null else cells  # the null cell comes last (`runs`); the baseline first
    null = null_effect(cells[0], cells[-1]) if ablation.null else None
    rows = [cell_row(cell) for cell in cells]
    if ablation.null:
        rows[-1]["null"] = True
    return {
        "model": ablation.model,
        "opponent": ablation.opponent,
        "game": ablation.game,
        "baseline": ablation.baseline(),
        "seat_pairs": ablation.seat_pairs and ablation.swap_seats,
        "cells": rows,
        "null": null,
        "effects": judged(effects(grid, ablation.baseline()), null),
        "tests": "p: two-sided sign-flip permutation test of the paired differences (exact up to 16 pairs, "
        "20,000 seeded draws beyond); p_holm: Holm-corrected over every figure of every effect",
    }


def print_ablation(summary: dict[str, Any]) -> None:
    """The cells, then the noise floor and the effects, as tables."""
    from rich import box
    from rich.table import Table

    from arena.analysis.ablation import FIGURES
    from arena.console import wide_console
    from arena.inert import inert_text
    from arena.tournaments.ablation import NULL_NAME, cell_name

    def pct(value: float | None) -> str:
        return "-" if value is None else f"{100 * value:.0f}%"

    console = wide_console()
    cells = Table(title=f"{summary['model']} against {summary['opponent']} at {summary['game']}: each cell",
                  title_justify="left", box=box.SIMPLE_HEAD)  # fmt: skip
    for column in ("settings", "n", "score", "legal 1st", "legal final", "keep"):
        cells.add_column(column, justify="left" if column == "settings" else "right")
    for row in summary["cells"]:
        name = NULL_NAME if row.get("null") else cell_name(row["settings"])
        cells.add_row(inert_text(name), str(row["matches"]), pct(row["score"]),
                      pct(row["first_legal"]), pct(row["final_legal"]), pct(row["keep"]))  # fmt: skip
    console.print(cells)
    paired = "each seed played from both seats, " if summary.get("seat_pairs") else ""
    effects = Table(title="what each setting changes against its baseline: paired difference in points over the same "
                    f"openings and seeds ({paired}95% bootstrap interval, permutation p; * Holm-adjusted p < 0.05; "
                    "~ no larger than the null cell's spread, the noise floor)",
                    title_justify="left", box=box.SIMPLE_HEAD)  # fmt: skip
    for column in ("setting", "baseline", "pairs", "score", "legal 1st", "legal final", "keep"):
        effects.add_column(column, justify="left" if column in ("setting", "baseline") else "right")

    def shift(figure: dict[str, Any], null: bool = False) -> str:
        if figure["difference"] is None:
            return "-"
        low, high = 100 * figure["low"], 100 * figure["high"]
        text = f"{100 * figure['difference']:+.0f} ({low:+.0f} to {high:+.0f})"
        if null:
            return text
        p = figure.get("p_holm")
        star = "*" if p is not None and p < 0.05 else ""
        return f"{text} p={p:.3f}{star}{' ~' if figure.get('within_noise') else ''}"

    if summary.get("null"):
        null = summary["null"]
        effects.add_row(inert_text(NULL_NAME), "baseline", str(null["pairs"]),
                        *(shift(null[name], null=True) for name in FIGURES))  # fmt: skip
    for row in summary["effects"]:
        effects.add_row(inert_text(cell_name({row["axis"]: row["value"]})),
                        inert_text(cell_name({row["axis"]: row["baseline"]}).partition("=")[2]),
                        str(row["pairs"]), *(shift(row[name]) for name in FIGURES))  # fmt: skip
    console.print(effects)
    console.print(f"{summary['tests']}." + ("" if summary.get("null") else " No null cell: no noise floor."))
