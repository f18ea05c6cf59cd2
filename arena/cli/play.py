"""`arena` (the app) and `arena --batch` (a tournament described by flags, played headless)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from arena.cli.columns import BATCH_COLUMNS
from arena.cli.common import (
    MAX_GAMES,
    ArgumentParser,
    add_db_option,
    add_game_options,
    add_llm_options,
    add_policy_options,
    add_run_options,
    canonical_name_of,
    game_options,
    games_count,
    llm_defaults,
    non_negative_int,
    package_version,
    positive_float,
    positive_int,
    print_error,
)
from arena.cli.worker_options import add_backend_options
from arena.tournaments import POOL_MIN_GAMES
from games import DEFAULT_BUDGET
from games.registry import GAMES

BATCH_ONLY = (
    "--games",
    "--seed",
    "--swap-seats",
    "--json",
    "--concurrency",
    "--workers",
    "--backend",
    "--address",
    "--max-moves",
    "--players",
    "--game",
    "--max-cost",
    "--resume",
)


def player_spec(text: str) -> str:
    """A `--players` spec with an `api_base`'s credentials hidden (the secrets module loads only when parsing)."""
    from arena.llm.secrets import hide_spec

    return hide_spec(text)


def main_parser() -> ArgumentParser:
    """Options of `arena` and `arena --batch`."""
    parser = ArgumentParser(
        prog="arena",
        description="Models, people and engines playing grid games. "
        "Other commands: arena tournament FILE.toml, arena report, arena solve GAME POSITION, "
        "arena dataset --out DIR, arena quiz --plain, arena puzzles [--plain], arena task run TASK, "
        "arena show [MATCH], arena import SOURCE --published, arena compare A.json B.json, arena ablate FILE.toml. "
        "Each has its own --help.",
        epilog=BATCH_COLUMNS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"arena {package_version()}")
    parser.add_argument("--batch", action="store_true", help="run matches headless and print a summary")
    parser.add_argument("--game", default="tictactoe", help=f"{', '.join(GAMES)} (default tictactoe)")
    parser.add_argument(
        "--players",
        nargs="+",
        type=player_spec,
        metavar="SPEC",
        default=["minimax", "random"],
        help="two or more player specs (more than two: every pair plays): random, random-any (any cell, taken ones "
        "too), minimax[:SECONDS][,level=1-5], "
        "llm:PROVIDER/MODEL[;key=value...], llm:local, scripted:MOVE,MOVE... (human players need the app); at poker "
        "cfr (the equilibrium), br:STYLE (a best response), and the styles always-call, always-raise, tight, loose",
    )
    parser.add_argument(
        "--games", type=games_count, default=1, help=f"matches per pair of players (at most {MAX_GAMES:,})"
    )
    parser.add_argument("--seed", type=non_negative_int, default=0, help="tournament seed")
    parser.add_argument("--swap-seats", action="store_true", help="alternate who moves first")
    add_db_option(parser)
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument(
        "--concurrency",
        type=positive_int,
        help="matches played at once (default 8 when a model plays, else 1)",
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        help="worker processes for matches where no model or person plays (default: one per core for runs of "
        f"at least {POOL_MIN_GAMES['gomoku']} Gomoku or {POOL_MIN_GAMES['connect-four']} Connect-Four matches, else 1)",
    )
    add_backend_options(parser)
    parser.add_argument("--max-moves", type=positive_int, help="cancel a match that reaches this many moves")
    add_policy_options(parser)
    add_game_options(parser)
    parser.add_argument(
        "--budget",
        type=positive_float,
        default=DEFAULT_BUDGET,
        help="engine seconds per move for minimax players that name none (default 1)",
    )
    add_llm_options(parser)
    parser.add_argument(
        "--temperature",
        type=float,
        nargs="+",
        metavar="T",
        help="sampling temperature of llm: players; several values run a sweep, one run each",
    )
    add_run_options(parser)
    return parser


def run_app(db_path: Path, start_quiz: bool = False, quiz_sheet: str = "published") -> int:
    """The Textual app (opened on the quiz when asked); one line instead when there is no terminal to draw on."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        instead = "add --plain to answer in this terminal" if start_quiz else "add --batch to play headless"
        print_error(f"arena: error: the app needs a terminal for its input and output; {instead}")
        return 2
    from arena.store import StoreError
    from arena.tui.app import ArenaApp

    try:
        app = ArenaApp(db_path, start_quiz, quiz_sheet)
    except StoreError as error:
        print_error(f"arena: error: {error}")
        return 2
    app.run()
    return 0


def run_main(argv: list[str]) -> int:
    """`arena` and `arena --batch`."""

    args = main_parser().parse_args(argv)
    if not args.batch:
        given = [flag for flag in BATCH_ONLY if any(a == flag or a.startswith(flag + "=") for a in argv)]
        if given:
            print_error(f"arena: error: {given[0]} is for batch runs: add --batch (the app asks for its own settings)")
            return 2
        return run_app(args.db)
    if len(args.players) < 2:
        print_error("arena: error: --players needs at least two player specs")
        return 2
    from arena.cli.tournament import run_configs
    from arena.tournaments.launch import flag_config, with_budget, with_temperature

    defaults = llm_defaults(args)
    temperatures = args.temperature or [defaults.temperature]
    specs = [with_budget(spec, args.budget) for spec in args.players]
    settings = {
        "matches_per_pair": args.games,
        "swap_seats": args.swap_seats,
        "seed": args.seed,
        "invalid_retries": args.invalid_retries,
        "on_invalid": args.on_invalid,
        "max_moves": args.max_moves,
    }
    try:
        name = canonical_name_of(args.game)
        options = [with_temperature(defaults, t) for t in temperatures]
        configs = [flag_config(name, game_options(args), specs, o, settings) for o in options]
    except ValueError as error:
        print_error(f"arena: error: {error}")
        return 2
    labels = ["" if len(temperatures) == 1 else f", temperature {t:g}" for t in temperatures]
    return run_configs(list(zip(configs, options, labels, strict=True)), args, "arena")
