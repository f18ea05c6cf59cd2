"""`arena tournament FILE.toml`, and the check-plan-play path it shares with `arena --batch`."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from arena.cli.common import (
    ArgumentParser,
    add_db_option,
    add_llm_options,
    add_run_options,
    llm_defaults,
    positive_int,
    print_error,
    refuse_unusable,
)
from arena.cli.worker_options import add_backend_options

INTERRUPTED = "interrupted; finished matches are recorded (run the same command again to resume)"

if TYPE_CHECKING:
    from arena.players import PlayerOptions
    from arena.tournaments.config import TournamentConfig


def tournament_parser() -> ArgumentParser:
    """Options of `arena tournament`."""
    parser = ArgumentParser(
        prog="arena tournament",
        description="Play every pair of the players a TOML file declares; re-running the file resumes it.",
    )
    parser.add_argument("file", type=Path, help="tournament file (see examples/)")
    add_db_option(parser)
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument("--concurrency", type=positive_int, help="matches at once per provider (default: the file's)")
    parser.add_argument("--workers", type=positive_int, help="worker processes for engine-only matches")
    add_backend_options(parser)
    parser.add_argument(
        "--adaptive",
        type=positive_int,
        metavar="N",
        help="spend at most N matches where the ratings are least certain (the adjacent pair with the widest "
        "interval), stopping when every adjacent pair is separated; replaces the round robin",
    )
    add_llm_options(parser)
    add_run_options(parser)
    return parser


def run_tournament_file(argv: list[str]) -> int:
    """`arena tournament FILE.toml`."""
    from arena.tournaments.config import load_config
    from arena.tournaments.launch import with_llm_defaults

    args = tournament_parser().parse_args(argv)
    try:
        config = load_config(args.file)
    except ValueError as error:
        print_error(f"arena tournament: error: {error}")
        return 2
    defaults = llm_defaults(args)
    # The file's players carry their own options; the command line's llm defaults complete them.
    if args.adaptive:
        return run_adaptive_file(with_llm_defaults(config, defaults), defaults, args)
    return run_configs([(with_llm_defaults(config, defaults), defaults, "")], args, "arena tournament")


def run_adaptive_file(config: TournamentConfig, defaults: PlayerOptions, args: argparse.Namespace) -> int:
    """`arena tournament FILE --adaptive N`: the adaptive run, then its players in order with their intervals."""
    from arena.cli.common import open_store
    from arena.players import make_player
    from arena.runner.ray_unavailable import RayUnavailable
    from arena.store import StoreError
    from arena.tournaments.adaptive import run_adaptive
    from arena.tournaments.launch import batch_workers
    from arena.tournaments.play import RayPlace, chosen_backend

    prog = "arena tournament"
    players = list(dict.fromkeys(config.specs()))
    game = config.games[0] if config.games else ""
    try:
        if not args.replay and not args.no_preflight:  # keys and endpoints, before anything is stored
            models = [spec for spec in players if spec.strip().lower().startswith("llm:")]
            refuse_unusable([make_player(spec, 0, defaults.for_game(game)) for spec in models])
    except ValueError as error:
        print_error(f"{prog}: error: {error}")
        return 2
    store = open_store(args.db, prog)
    if store is None:
        return 2
    workers = batch_workers(args.workers, game, tuple(players), args.adaptive)
    ray = RayPlace(args.address) if args.backend == "ray" else None
    backend = chosen_backend(workers, ray, players)
    try:
        with store:
            run = run_adaptive(config, args.adaptive, store, defaults, args.concurrency or 1, backend=backend)
    except (ValueError, StoreError, RayUnavailable) as error:
        print_error(f"{prog}: error: {error}")
        return 2
    except KeyboardInterrupt:
        print_error(f"{prog}: {INTERRUPTED}")
        return 130
    finally:
        if backend is not None:
            backend.close()
    if args.json:
        import json

        ratings = run.ratings
        players = list(dict.fromkeys(config.specs()))
        print(json.dumps({"tournament": run.tournament_id, "matches": run.matches, "played_now": run.played_now,
                          "stopped": run.stopped, "order": run.order,
                          "ratings": {p: [round(ratings.rating[i], 1), round(ratings.low[i], 1),
                                          round(ratings.high[i], 1)] for i, p in enumerate(players)
                                      if ratings.rated[i]}}))  # fmt: skip
        return 0
    print(f"adaptive run {run.tournament_id}: {run.matches} matches ({run.played_now} now); stopped: {run.stopped}")
    print("best first: " + " > ".join(run.order))
    print(f"ratings with intervals: arena report --tournament {run.tournament_id}")
    return 0


def run_configs(configs: list[tuple[TournamentConfig, PlayerOptions, str]], args: argparse.Namespace, prog: str) -> int:
    """Check, plan and play tournaments (one per temperature of a sweep): the shared path of --batch and files."""
    from arena.runner.ray_unavailable import RayUnavailable
    from arena.store import StoreError
    from arena.tournaments.launch import batch_workers, keys_missing, prepare_runs, run_players, uses_models
    from arena.tournaments.play import RayPlace, run_batch

    specs = [spec for config, _, _ in configs for spec in config.specs()]
    models = uses_models(specs)
    if models and not args.replay and not keys_missing(specs, getattr(args, "api_base", None)):
        from arena.llm.library import warm_up_litellm

        warm_up_litellm()  # seconds of importing, done while the run is checked and planned
    try:
        runs = prepare_runs(configs, args.resume, args.max_cost)
        if args.resume:
            known_tournament(args.db, args.resume)
    except (ValueError, StoreError) as error:
        print_error(f"{prog}: error: {error}")
        return 2
    try:
        if models and not args.replay and not args.no_preflight:
            refuse_unusable(run_players(runs[0]))
    except ValueError as error:
        print_error(f"{prog}: error: {error}")
        return 2
    concurrency = args.concurrency or configs[0][0].concurrency or (8 if models else 1)
    schedule = runs[0].schedule
    workers = batch_workers(args.workers, schedule.plans[0].game, tuple(schedule.players()), schedule.to_play)
    ray = RayPlace(args.address) if getattr(args, "backend", "process") == "ray" else None
    try:
        return run_batch(runs, args.db, args.json, concurrency, workers, ray)
    except (StoreError, RayUnavailable) as error:
        print_error(f"{prog}: error: {error}")
        return 2
    except KeyboardInterrupt:
        print_error(f"{prog}: {INTERRUPTED}")
        return 130


def known_tournament(db: Path, tournament: str) -> None:
    """ValueError unless the database holds matches of the tournament `--resume` names."""
    from arena.store import MatchStore, NoDatabase

    try:
        with MatchStore(db, read_only=True) as store:
            recorded = bool(store.tournament_rows(tournament).rows)
    except NoDatabase:
        recorded = False
    if not recorded:
        raise ValueError(f"--resume: no tournament {tournament} in {db} (run without --resume to start one)")
