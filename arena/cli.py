"""The `arena` command: the app (later), `--batch` tournaments, and the `solve` tool."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from arena.paths import default_db

if TYPE_CHECKING:
    from arena.batch import BatchRun
    from arena.players import PlayerOptions
    from arena.tournaments.config import TournamentConfig

DEFAULT_DB = default_db()
DEFAULT_BUDGET = 1.0


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def whole_number(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer of at least `minimum` (and at most `maximum`)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} must be at least {minimum}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"{value:,} is more than {maximum:,}; split it into several runs")
        return value

    return parse


MAX_GAMES = 1_000_000  # a run keeps its records in memory until it ends
positive_int = whole_number(1)
games_count = whole_number(1, MAX_GAMES)
non_negative_int = whole_number(0)


def positive_float(text: str) -> float:
    """A number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{value:g} must be a finite number above 0")
    return value


POOL_MIN_GAMES = 20  # starting worker processes costs about a second: short runs play in this one
# Games whose engine moves cost more than sending a record between processes (tic-tac-toe and
# Battleship matches take well under a millisecond: measured slower with workers, see bench/scale.py).
POOL_GAMES = ("connect-four", "gomoku")


def print_error(line: str) -> None:
    """One line to stderr, with anything a model, provider or file put in it made inert."""
    from arena.inert import inert

    print(inert(line), file=sys.stderr)


def add_game_options(parser: argparse.ArgumentParser, battleship: bool = True) -> None:
    """Board options shared by batch mode and solve (which has no Battleship)."""
    parser.add_argument("--rows", type=positive_int, help="board rows (tic-tac-toe, Connect-Four, Gomoku)")
    parser.add_argument("--cols", type=positive_int, help="board columns")
    parser.add_argument("--k", type=positive_int, help="stones in a row to win (tic-tac-toe, Gomoku)")
    if battleship:
        parser.add_argument("--preset", help="Battleship preset: childplay (5x5) or classic (10x10)")


def game_options(args: argparse.Namespace) -> dict[str, int | str]:
    """The board options the user gave."""
    return {k: v for k in ("rows", "cols", "k", "preset") if (v := getattr(args, k, None)) is not None}


def with_budget(spec: str, budget: float) -> str:
    """A `minimax` spec that names no budget of its own takes the `--budget` given on the command line."""
    kind, _, argument = spec.strip().partition(":")
    parts = [p.strip() for p in argument.split(",") if p.strip()]
    if kind != "minimax" or budget == DEFAULT_BUDGET or any("=" not in p or p.startswith("budget=") for p in parts):
        return spec
    return "minimax:" + ",".join([f"{budget:g}", *parts])


def package_version() -> str:
    """The installed arena's version."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("arena")
    except PackageNotFoundError:
        return "unknown (not installed)"


BATCH_ONLY = (
    "--games",
    "--seed",
    "--swap-seats",
    "--json",
    "--concurrency",
    "--workers",
    "--max-moves",
    "--players",
    "--game",
    "--max-cost",
    "--resume",
)


def main_parser() -> ArgumentParser:
    """Options of `arena` and `arena --batch`."""
    parser = ArgumentParser(
        prog="arena",
        description="Models, people and engines playing grid games. "
        "Other commands: arena tournament FILE.toml, arena report, arena solve GAME POSITION, "
        "arena dataset --out DIR, arena quiz --plain, arena task run TASK, arena show [MATCH].",
    )
    parser.add_argument("--version", action="version", version=f"arena {package_version()}")
    parser.add_argument("--batch", action="store_true", help="run matches headless and print a summary")
    parser.add_argument("--game", default="tictactoe", help="tictactoe, connect-four, gomoku or battleship")
    parser.add_argument(
        "--players",
        nargs="+",
        metavar="SPEC",
        default=["minimax", "random"],
        help="two or more player specs (more than two: every pair plays): random, random-any (any cell, taken ones "
        "too), minimax[:SECONDS][,level=1-5], "
        "llm:PROVIDER/MODEL[;key=value...], llm:local, scripted:MOVE,MOVE... (human players need the app)",
    )
    parser.add_argument(
        "--games", type=games_count, default=1, help=f"matches per pair of players (at most {MAX_GAMES:,})"
    )
    parser.add_argument("--seed", type=non_negative_int, default=0, help="tournament seed")
    parser.add_argument("--swap-seats", action="store_true", help="alternate who moves first")
    parser.add_argument("--db", type=Path, default=DEFAULT_DB, help=f"match database (default {DEFAULT_DB})")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument(
        "--concurrency",
        type=positive_int,
        help="matches played at once (default 8 when a model plays, else 1)",
    )
    parser.add_argument(
        "--workers",
        type=positive_int,
        help="worker processes for matches where no model or person plays (default: one per core for "
        f"Connect-Four and Gomoku runs of at least {POOL_MIN_GAMES} matches, else 1)",
    )
    parser.add_argument("--max-moves", type=positive_int, help="cancel a match that reaches this many moves")
    parser.add_argument(
        "--invalid-retries",
        type=non_negative_int,
        default=0,
        help="invalid answers tolerated per player (default 0: the first one ends the match)",
    )
    parser.add_argument(
        "--on-invalid",
        choices=("loss", "disqualified"),
        default="loss",
        help="what ends a match after too many invalid answers",
    )
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


def non_negative_money(text: str) -> float:
    """A dollar amount above 0."""
    return positive_float(text)


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """Options of every tournament run (batch and file): replay, resume, spend cap."""
    parser.add_argument(
        "--replay", action="store_true", help="answer every model call from the recorded ones in --db (no network)"
    )
    parser.add_argument(
        "--max-cost",
        type=non_negative_money,
        metavar="USD",
        help="start no new match once the tournament's recorded cost reaches this (exit code 3; re-run to resume)",
    )
    parser.add_argument(
        "--resume",
        metavar="ID",
        help="continue the tournament with this id even though its settings changed (the same settings resume "
        "by themselves)",
    )


def add_llm_options(parser: argparse.ArgumentParser) -> None:
    """Defaults for `llm:` players (a spec can override each with `;key=value`)."""
    from arena.prompting import shipped_names

    parser.add_argument(
        "--prompt",
        type=prompt_family,
        metavar="FAMILY",
        help=f"prompt family of llm: players: {', '.join(shipped_names())}, or PATH.toml[#variant] of your own "
        "(see prompts/README.md); default arena (cloudwalk for the quiz)",
    )
    parser.add_argument("--max-tokens", type=positive_int, help="reply token limit of llm: players")
    parser.add_argument("--api-base", help="endpoint for llm: players (e.g. a vLLM or Ollama server)")
    parser.add_argument(
        "--reasoning-effort",
        choices=("minimal", "low", "medium", "high"),
        help="reasoning effort, for models that take one",
    )
    parser.add_argument(
        "--constrained", action="store_true", help="ask for the move as JSON under a schema (constrained decoding)"
    )
    parser.add_argument("--hide-legal", action="store_true", help="do not list the legal moves (arena prompt)")
    parser.add_argument("--timeout", type=positive_float, default=300.0, help="seconds allowed for one model call")
    parser.add_argument(
        "--retries",
        type=non_negative_int,
        default=4,
        help="retries of a failed provider call before the match ends as an error",
    )


def prompt_family(value: str) -> str:
    """A --prompt value that names a shipped family or a valid family file (checked now, not mid-run)."""
    from arena.prompting import load_family

    try:
        load_family(value)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return value


def llm_defaults(args: argparse.Namespace, prompt: str = "arena") -> PlayerOptions:
    """PlayerOptions from the command line (`prompt`: the family when --prompt is not given)."""
    from arena.players import PlayerOptions

    temperatures = getattr(args, "temperature", None)
    return PlayerOptions(
        prompt=args.prompt or prompt,
        temperature=temperatures[0] if temperatures else None,
        max_tokens=args.max_tokens,
        api_base=args.api_base,
        reasoning_effort=args.reasoning_effort,
        constrained=args.constrained,
        show_legal=not args.hide_legal,
        timeout=args.timeout,
        chunk_timeout=min(args.timeout, 90.0),
        retries=args.retries,
        replay=getattr(args, "replay", False),
    )


def solve_parser() -> ArgumentParser:
    """Options of `arena solve`."""
    parser = ArgumentParser(prog="arena solve", description="Print the engine's verdict on a position.")
    parser.add_argument("game", help="tictactoe, connect-four or gomoku")
    parser.add_argument(
        "position",
        help="connect-four: columns played (1-based digits); "
        "tictactoe: the board row by row (X, O, digit or . for empty); gomoku: moves as row,col",
    )
    add_game_options(parser, battleship=False)
    parser.add_argument(
        "--budget",
        type=positive_float,
        help="stop searching after this many seconds (default: Connect-Four searches until exact, Gomoku 1 s)",
    )
    return parser


def dataset_parser() -> ArgumentParser:
    """Options of `arena dataset`."""
    parser = ArgumentParser(prog="arena dataset", description="Write CloudWalk's tic-tac-toe dataset files.")
    parser.add_argument("--out", type=Path, required=True, help="folder for dataset.json and dataset_top50.json")
    return parser


def run_dataset(argv: list[str]) -> int:
    """`arena dataset`."""
    from arena.dataset_export import write_dataset

    args = dataset_parser().parse_args(argv)
    try:
        _, lines = write_dataset(args.out)
    except OSError as error:
        print_error(f"arena dataset: error: cannot write to {args.out}: {error.strerror}")
        return 2
    print("\n".join(lines))
    return 0


def quiz_parser() -> ArgumentParser:
    """Options of `arena quiz`."""
    parser = ArgumentParser(prog="arena quiz", description="Take the 50 hardest tic-tac-toe boards.")
    parser.add_argument("--plain", action="store_true", help="ask in the plain terminal (no app)")
    parser.add_argument("--name", help="who is answering (stored with the session; default anonymous)")
    parser.add_argument(
        "--sheet",
        choices=("published", "numbered"),
        help="published (default): CloudWalk's sheet, its board order, cells numbered once at the top and - for "
        "empty; numbered: each board's empty cells numbered, in a shuffled order",
    )
    parser.add_argument(
        "--seed", type=non_negative_int, help="order of the boards on the numbered sheet (default: a fresh seed)"
    )
    parser.add_argument(
        "--tell-mark", action="store_true", help="tell the mark to play instead of letting you infer it"
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const="latest",
        metavar="SESSION",
        help="continue a stopped session (default: your latest unfinished one)",
    )
    parser.add_argument("--sessions", action="store_true", help="list stored sessions and their scores")
    parser.add_argument(
        "--model", metavar="SPEC", help="let a model take the quiz, e.g. llm:local or llm:openai/gpt-4o"
    )
    parser.add_argument("--db", type=Path, default=DEFAULT_DB, help=f"database (default {DEFAULT_DB})")
    return parser


def run_quiz(argv: list[str]) -> int:
    """`arena quiz`."""
    import secrets

    from arena.quiz import latest_unfinished, load_session, start_session
    from arena.quiz.listing import session_lines
    from arena.quiz.plain import run_plain_quiz
    from arena.quiz.session import all_sessions
    from arena.store import MatchStore, StoreError
    from games.ttt_hard_boards.quiz import NUMBERED, PUBLISHED, Sheet

    parser = quiz_parser()
    add_llm_options(parser)
    args = parser.parse_args(argv)
    if args.seed is not None and args.sheet == "published":
        parser.error("--seed orders the numbered sheet; the published sheet has its own order")
    if args.model:
        return run_model_quiz_command(args)
    if not (args.plain or args.sessions):
        return run_app(args.db, start_quiz=True, quiz_sheet=args.sheet or ("numbered" if args.seed else "published"))
    try:
        store = MatchStore(args.db)
    except StoreError as error:
        print_error(f"arena quiz: error: {error}")
        return 2
    for warning in store.warnings:
        print_error(f"warning: {warning}")
    player = f"human:{args.name or 'anonymous'}"
    try:
        if args.sessions:
            from arena.inert import inert

            print(inert("\n".join(session_lines(store))))
            return 0
        if args.resume == "latest":
            # Without --name: the latest unfinished session of a person, whoever it was.
            if args.name:
                session = latest_unfinished(store, player)
            else:
                unfinished = [s for s in all_sessions(store) if s.record.player.startswith("human:") and not s.finished]
                session = unfinished[-1] if unfinished else None
            if session is None:
                who = args.name or "nobody"
                print_error(f"arena quiz: error: {who} has no unfinished session to resume")
                return 2
        elif args.resume:
            try:
                session = load_session(store, args.resume)
            except KeyError as error:
                print_error(f"arena quiz: error: {error.args[0]}")
                return 2
            if session.finished:
                print_error(f"arena quiz: error: session {session.record.id} is already finished")
                return 2
        else:
            seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
            sheet: Sheet = args.sheet or (NUMBERED if args.seed is not None else PUBLISHED)
            session = start_session(store, player, "told" if args.tell_mark else "infer", seed, sheet)
        complete = run_plain_quiz(session, input, print)
    finally:
        store.close()
    return 0 if complete else 1


def run_model_quiz_command(args: argparse.Namespace) -> int:
    """`arena quiz --model SPEC`."""
    import asyncio
    import secrets

    from arena.inert import inert
    from arena.llm.cache import CallCache
    from arena.llm.local import stop_shared_local_server
    from arena.players import make_player
    from arena.players.llm_player import LLMPlayer
    from arena.quiz import latest_unfinished, start_session
    from arena.quiz.model import run_model_quiz
    from arena.store import MatchStore, StoreError

    if not args.model.startswith("llm:"):
        print_error("arena quiz: error: --model takes an llm: spec, e.g. llm:local")
        return 2
    defaults = llm_defaults(args, prompt="cloudwalk")
    try:
        store = MatchStore(args.db)
    except StoreError as error:
        print_error(f"arena quiz: error: {error}")
        return 2
    try:
        player = make_player(args.model, 0, defaults)
        assert isinstance(player, LLMPlayer)
        if not player.family.quiz_only:
            raise ValueError(
                f"the {player.family.name} prompts are for games; the quiz takes cloudwalk or its variants"
            )
        if not getattr(args, "replay", False):
            from arena.llm.preflight import check_players

            problem = check_players([player])  # no key or no endpoint: said before any session is stored
            if problem:
                raise ValueError(problem)
        session = latest_unfinished(store, player.spec, player.family.name) if args.resume else None
        if session is None:
            seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
            session = start_session(store, player.spec, "told", seed, "numbered", player.family.name)
        complete = asyncio.run(run_model_quiz(session, player, CallCache(store), lambda line: print(inert(line))))
    except ValueError as error:
        print_error(f"arena quiz: error: {error}")
        return 2
    finally:
        store.close()
        stop_shared_local_server()
    return 0 if complete else 1


def run_show(argv: list[str]) -> int:
    """`arena show [MATCH] [--db PATH]`: a recorded match as a transcript."""
    from arena.analysis.transcript import transcript
    from arena.inert import inert
    from arena.store import MatchStore, StoreError
    from arena.summaries import FIELD

    parser = ArgumentParser(prog="arena show", description="Print a recorded match move by move.")
    parser.add_argument("match", nargs="?", default="latest", help="match id or a prefix of it (default: latest)")
    parser.add_argument("--db", type=Path, default=DEFAULT_DB, help=f"database (default {DEFAULT_DB})")
    parser.add_argument("--no-prompts", action="store_true", help="leave out the prompts")
    args = parser.parse_args(argv)
    try:
        with MatchStore(args.db, read_only=True) as store:
            table = store.summary_rows()
            ended = FIELD["ended_at"]
            if args.match == "latest":
                positions = [max(range(len(table)), key=lambda i: table.rows[i][ended])] if len(table) else []
            else:
                positions = [i for i, row in enumerate(table.rows) if str(row[0]).startswith(args.match)]
            chosen = [table.summary(i) for i in positions[:2]]
            record = store.match(chosen[0]) if len(chosen) == 1 else None
    except StoreError as error:
        print_error(f"arena show: error: {error}")
        return 2
    for warning in store.warnings:
        print_error(f"warning: {warning}")
    if len(chosen) != 1:
        problem = "no recorded match" if not chosen else "more than one match"
        print_error(f"arena show: error: {problem} matches {args.match!r} in {args.db}")
        return 2
    if record is None:
        print_error(f"arena show: error: the record of match {chosen[0].id} cannot be read")
        return 2
    print(inert(transcript(record, prompts=not args.no_prompts)))
    return 0


def run_solve(argv: list[str]) -> int:
    """`arena solve`."""
    from arena.solve import solve

    args = solve_parser().parse_args(argv)
    try:
        for line in solve(args.game, args.position, game_options(args), args.budget):
            print(line, flush=True)
    except ValueError as error:  # includes InvalidMove / IllegalMove
        print_error(f"arena solve: error: {error}")
        return 2
    except KeyboardInterrupt:
        print_error("arena solve: interrupted")
        return 130
    return 0


def run_app(db_path: Path, start_quiz: bool = False, quiz_sheet: str = "published") -> int:
    """The Textual app (opened on the quiz when asked)."""
    from arena.store import StoreError
    from arena.tui.app import ArenaApp

    try:
        app = ArenaApp(db_path, start_quiz, quiz_sheet)
    except StoreError as error:
        print_error(f"arena: error: {error}")
        return 2
    app.run()
    return 0


def batch_workers(asked: int | None, game: str, players: tuple[str, ...], games: int) -> int:
    """Worker processes: as asked, else one per core for a long engine-bound run with no model or person."""
    from arena.engine.workers import default_workers, runs_in_workers

    if not runs_in_workers(players):
        return 1
    if asked is not None:
        return asked
    return default_workers() if game in POOL_GAMES and games >= POOL_MIN_GAMES else 1


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
    defaults = llm_defaults(args)
    temperatures = args.temperature or [defaults.temperature]
    try:
        name = canonical_name_of(args.game)
        configs = [
            flag_config(args, name, [with_budget(spec, args.budget) for spec in args.players], replace_t(defaults, t))
            for t in temperatures
        ]
    except ValueError as error:
        print_error(f"arena: error: {error}")
        return 2
    labels = ["" if len(temperatures) == 1 else f", temperature {t:g}" for t in temperatures]
    pairs = [
        (config, replace_t(defaults, t), label) for config, t, label in zip(configs, temperatures, labels, strict=True)
    ]
    return run_configs(pairs, args, "arena")


def canonical_name_of(game: str) -> str:
    """The registry's name of a game; ValueError for an unknown one."""
    from games.registry import canonical_name

    return canonical_name(game)


def replace_t(defaults: PlayerOptions, temperature: float | None) -> PlayerOptions:
    """The defaults with another temperature (one tournament per temperature of a sweep)."""
    from dataclasses import replace

    return replace(defaults, temperature=temperature)


def llm_identity(options: PlayerOptions) -> dict[str, object]:
    """The llm defaults that change what a model answers: part of a tournament's identity."""
    return {
        "prompt": options.prompt,
        "temperature": options.temperature,
        "max_tokens": options.max_tokens,
        "api_base": options.api_base,
        "reasoning_effort": options.reasoning_effort,
        "constrained": options.constrained,
        "show_legal": options.show_legal,
    }


def flag_config(args: argparse.Namespace, game: str, specs: list[str], defaults: PlayerOptions) -> TournamentConfig:
    """The tournament a batch command line describes (so that the same command resumes it)."""
    from arena.tournaments.config import parse_config

    uses_models = any(spec.strip().lower().startswith("llm:") for spec in specs)
    return parse_config(
        {
            "games": [game],
            "options": game_options(args),
            "players": specs,
            "matches_per_pair": args.games,
            "swap_seats": args.swap_seats,
            "seed": args.seed,
            "invalid_retries": args.invalid_retries,
            "on_invalid": args.on_invalid,
            "max_moves": args.max_moves,
            "llm_defaults": llm_identity(defaults) if uses_models else {},
        },
        "command line",
    )


def run_configs(configs: list[tuple[TournamentConfig, PlayerOptions, str]], args: argparse.Namespace, prog: str) -> int:
    """Check, plan and play tournaments (one per temperature of a sweep): the shared path of --batch and files."""
    from arena.batch import BatchRun, run_batch
    from arena.players import validate_spec
    from arena.store import StoreError
    from arena.tournaments.schedule import build_schedule
    from games.registry import make_game

    uses_models = any(spec.strip().lower().startswith("llm:") for config, _, _ in configs for spec in config.specs())
    if uses_models and not args.replay:
        from arena.llm.client import warm_up_litellm

        warm_up_litellm()  # seconds of importing, done while the run is checked and planned
    runs: list[BatchRun] = []
    try:
        for config, defaults, label in configs:
            schedule = build_schedule(config, args.resume)
            for game in config.games:
                make_game(canonical_name_of(game), **config.options)
            for spec in schedule.players():
                if spec.strip().lower().startswith("human"):
                    raise ValueError("human players need the app: run `arena` without --batch to play")
                for plan in schedule.plans:
                    validate_spec(spec, defaults.for_game(plan.game))
            max_cost = args.max_cost if args.max_cost is not None else config.max_cost
            runs.append(BatchRun(schedule, defaults, label, max_cost, dict(config.provider_concurrency)))
    except ValueError as error:
        print_error(f"{prog}: error: {error}")
        return 2
    if uses_models and not args.replay:
        from arena.llm.preflight import check_players
        from arena.players import make_player

        first = runs[0]
        game = first.schedule.plans[0].game
        problem = check_players(
            [make_player(spec, 0, first.options.for_game(game)) for spec in first.schedule.players()]
        )
        if problem:
            print_error(f"{prog}: error: {problem}")
            return 2
    first_config = configs[0][0]
    concurrency = args.concurrency or first_config.concurrency or (8 if uses_models else 1)
    schedule = runs[0].schedule
    workers = batch_workers(args.workers, schedule.plans[0].game, tuple(schedule.players()), schedule.to_play)
    try:
        return run_batch(runs, args.db, args.json, concurrency, workers)
    except StoreError as error:
        print_error(f"{prog}: error: {error}")
        return 2
    except KeyboardInterrupt:
        print_error(f"{prog}: interrupted; finished matches are recorded (run the same command again to resume)")
        return 130


def tournament_parser() -> ArgumentParser:
    """Options of `arena tournament`."""
    parser = ArgumentParser(
        prog="arena tournament",
        description="Play every pair of the players a TOML file declares; re-running the file resumes it.",
    )
    parser.add_argument("file", type=Path, help="tournament file (see examples/)")
    parser.add_argument("--db", type=Path, default=DEFAULT_DB, help=f"match database (default {DEFAULT_DB})")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument("--concurrency", type=positive_int, help="matches at once per provider (default: the file's)")
    parser.add_argument("--workers", type=positive_int, help="worker processes for engine-only matches")
    add_llm_options(parser)
    add_run_options(parser)
    return parser


def run_tournament_file(argv: list[str]) -> int:
    """`arena tournament FILE.toml`."""
    from arena.tournaments.config import load_config

    args = tournament_parser().parse_args(argv)
    try:
        config = load_config(args.file)
    except ValueError as error:
        print_error(f"arena tournament: error: {error}")
        return 2
    defaults = llm_defaults(args)
    uses_models = any(spec.strip().lower().startswith("llm:") for spec in config.specs())
    # The file's players carry their own options; the command line's llm defaults complete them.
    config = config.model_copy(update={"llm_defaults": llm_identity(defaults) if uses_models else {}})
    return run_configs([(config, defaults, "")], args, "arena tournament")


def report_parser() -> ArgumentParser:
    """Options of `arena report`."""
    from arena.report import SORTS

    parser = ArgumentParser(
        prog="arena report",
        description="Leaderboards (ratings with 95%% intervals), results matrices, move analysis; files with --out.",
    )
    parser.add_argument("--db", type=Path, default=DEFAULT_DB, help=f"match database (default {DEFAULT_DB})")
    parser.add_argument("--game", help="only this game")
    parser.add_argument("--tournament", metavar="ID", help="only this tournament")
    parser.add_argument("--family", metavar="PROMPT", help="only matches with a model under this prompt family")
    parser.add_argument("--out", type=Path, metavar="DIR", help="write CSV, JSON, transcripts and PNG charts here")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--sort", choices=tuple(SORTS), default="rating", help="leaderboard order (default rating)")
    parser.add_argument(
        "--grade-budget",
        type=positive_float,
        default=0.25,
        metavar="SECONDS",
        help="Connect-Four solver time per position before a move's grade is unknown (default 0.25)",
    )
    parser.add_argument(
        "--resamples", type=non_negative_int, default=1000, help="bootstrap resamples for rating intervals"
    )
    return parser


def run_report(argv: list[str]) -> int:
    """`arena report`."""
    import json

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from arena.report import combined_table, leaderboard_table, load_report, matrix_table, report_json, write_report
    from arena.store import MatchStore, StoreError

    args = report_parser().parse_args(argv)
    errors = Console(stderr=True)
    game = None
    if args.game:
        try:
            game = canonical_name_of(args.game)
        except ValueError as error:
            print_error(f"arena report: error: {error}")
            return 2
    progress = Progress(
        TextColumn("analysing moves"),
        BarColumn(),
        MofNCompleteColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )
    task = progress.add_task("analyse", total=None)
    try:
        with MatchStore(args.db, read_only=True) as store, progress:
            report = load_report(
                store,
                game,
                args.tournament,
                args.family,
                args.grade_budget,
                args.resamples,
                lambda done, total: progress.update(task, completed=done, total=total),
            )
            written = write_report(args.out, report, store) if args.out else []
    except StoreError as error:
        print_error(f"arena report: error: {error}")
        return 2
    except OSError as error:
        print_error(f"arena report: error: cannot write to {args.out}: {error.strerror or error}")
        return 2
    for warning in store.warnings:
        print_error(f"warning: {warning}")
    if not report.analyses and not report.sessions:
        print_error(f"arena report: no recorded match or task session in {args.db} matches these filters")
        return 1
    if args.json:
        print(json.dumps(report_json(report)))
    else:
        from arena.batch import wide_console

        console = wide_console()
        for board in report.boards:
            console.print(leaderboard_table(board, args.sort))
            console.print(matrix_table(board))
        if report.sessions:
            from arena.tasks.command import results_table
            from arena.tasks.metrics import session_summary

            console.print(results_table([session_summary(s) for s in report.sessions]))
        if report.combined:
            console.print(combined_table(report.combined))
        if written:
            console.print(f"wrote {len(written)} files to {args.out}", markup=False, highlight=False)
    return 0


def run_task_command(argv: list[str]) -> int:
    """`arena task ...` (ChildPlay's single-question tasks)."""
    from arena.tasks.command import run_task

    types = {
        "positive_int": positive_int,
        "non_negative_int": non_negative_int,
        "positive_float": positive_float,
    }
    return run_task(argv, DEFAULT_DB, types)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `arena` console script."""
    argv = sys.argv[1:] if argv is None else argv
    commands = {
        "task": run_task_command,
        "solve": run_solve,
        "dataset": run_dataset,
        "quiz": run_quiz,
        "show": run_show,
        "tournament": run_tournament_file,
        "report": run_report,
    }
    try:
        if argv and argv[0] in commands:
            return commands[argv[0]](argv[1:])
        return run_main(argv)
    except KeyboardInterrupt:  # every command stops the same way: what was finished is recorded
        print_error("arena: interrupted; everything finished before is recorded")
        return 130
    except BrokenPipeError:  # the reader went away (`arena ... | head`): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    raise SystemExit(main())
