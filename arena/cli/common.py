"""What every command shares: one-line argument errors, argument types, option groups and error printing."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from arena.paths import default_db

if TYPE_CHECKING:
    from arena.players import PlayerOptions
    from arena.store import MatchStore

DEFAULT_DB = default_db()
DB_RULE = "$ARENA_HOME/arena if set, saves/arena in the arena's project folder, else the user data folder"


def add_db_option(parser: argparse.ArgumentParser, default: Path = DEFAULT_DB) -> None:
    """The `--db` option, its help stating the rule and what it gives here."""
    parser.add_argument(
        "--db",
        type=database_path,
        default=default,
        metavar="PATH",
        help=f"match database folder ({DB_RULE}; here {default})",
    )


def api_base(text: str) -> str:
    """An argparse type: an http(s) endpoint address."""
    from arena.llm.settings import checked_url

    try:
        return checked_url(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def database_path(text: str) -> Path:
    """An argparse type: a database path, never empty (that would make the working folder the database)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path (name a database folder)")
    path = Path(text)
    try:
        special = path.exists() and not path.is_dir() and not path.is_file()
    except OSError:  # a name too long, a loop of links: the store says so when it opens
        special = False
    if special:
        raise argparse.ArgumentTypeError(f"{text} is a device, pipe or socket, not a database")
    return path


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
        parser.add_argument(
            "--opening",
            help="chess: start from `book` (one of the shipped openings per match), "
            "`chess960` (a Chess960 start drawn by each match's seed) or `chess960:N` (0-959)",
        )
        parser.add_argument("--max-plies", type=positive_int, help="chess: moves of either side before a draw (200)")
        parser.add_argument("--hands", type=positive_int, help="poker: hands a match (20; even with duplicate play)")
        parser.add_argument(
            "--no-duplicate",
            dest="duplicate",
            action="store_false",
            default=None,
            help="poker: deal every hand afresh (by default each deal is played twice, the seats swapped)",
        )


def game_options(args: argparse.Namespace) -> dict[str, int | str | bool]:
    """The board options the user gave."""
    names = ("rows", "cols", "k", "preset", "opening", "max_plies", "hands", "duplicate")
    return {k: v for k in names if (v := getattr(args, k, None)) is not None}


def package_version() -> str:
    """The arena's version (pyproject.toml reads it from `arena.__version__`; importlib.metadata costs 40 ms)."""
    from arena import __version__

    return __version__


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


def add_policy_options(parser: argparse.ArgumentParser) -> None:
    """--invalid-retries and --on-invalid: the invalid-move policy a run sets over the prompt families'."""
    parser.add_argument(
        "--invalid-retries",
        type=non_negative_int,
        help="invalid answers tolerated per player, for every player over the prompt family's own "
        "(unset: the family's, else 0: the first one ends the match)",
    )
    parser.add_argument(
        "--on-invalid",
        choices=("loss", "disqualified"),
        help="what ends a match after too many invalid answers (unset: the family's, else loss)",
    )


def add_llm_options(parser: argparse.ArgumentParser) -> None:
    """Defaults for `llm:` players (a spec can override each with `;key=value`)."""
    from arena.cli.harness_options import add_harness_options
    from arena.prompting import shipped_names

    parser.add_argument(
        "--prompt",
        type=prompt_family,
        metavar="FAMILY",
        help=f"prompt family of llm: players: {', '.join(shipped_names())}, or PATH.toml[#variant] of your own "
        "(see prompts/README.md); default arena (cloudwalk for the quiz)",
    )
    parser.add_argument("--max-tokens", type=positive_int, help="reply token limit of llm: players")
    parser.add_argument("--api-base", type=api_base, help="endpoint for llm: players (e.g. a vLLM or Ollama server)")
    parser.add_argument(
        "--reasoning-effort",
        choices=("minimal", "low", "medium", "high"),
        help="reasoning effort, for models that take one",
    )
    parser.add_argument(
        "--constrained", action="store_true", help="ask for the move as JSON under a schema (constrained decoding)"
    )
    add_harness_options(parser)
    parser.add_argument("--timeout", type=positive_float, default=300.0, help="seconds allowed for one model call")
    parser.add_argument(
        "--retries",
        type=non_negative_int,
        default=4,
        help="retries of a failed provider call before the match ends as an error",
    )
    add_preflight_option(parser)


def refuse_unusable(players: list[object]) -> None:
    """ValueError naming the first model that cannot answer (no key, no endpoint); what could not be checked is
    printed as a warning. Said before anything is stored."""
    from arena.llm.preflight import check_players

    notes: list[str] = []
    problem = check_players(players, notes)
    for note in notes:
        print_error(f"warning: {note}")
    if problem:
        raise ValueError(problem)


def add_preflight_option(parser: argparse.ArgumentParser) -> None:
    """`--no-preflight`: skip the check of keys and endpoints made before anything is stored."""
    parser.add_argument(
        "--no-preflight",
        action="store_true",
        help="do not check the models' keys and endpoints before play (a failure then ends each match as an error)",
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
        rethink=args.rethink,
        history=args.history,
        board=args.board,
        samples=args.sample,
        extract=args.extract,
        move_seconds=args.move_seconds,
        match_seconds=args.match_seconds,
        on_time=args.on_time,
        timeout=args.timeout,
        chunk_timeout=min(args.timeout, 90.0),
        retries=args.retries,
        replay=getattr(args, "replay", False),
    )


def canonical_name_of(game: str) -> str:
    """The registry's name of a game; ValueError for an unknown one."""
    from games.registry import canonical_name

    return canonical_name(game)


def open_store(path: Path, prog: str) -> MatchStore | None:
    """The database for writing, or None after saying in one line why it cannot be opened."""
    from arena.store import MatchStore, StoreError

    try:
        store = MatchStore(path)
    except StoreError as error:
        print_error(f"{prog}: error: {error}")
        return None
    for warning in store.warnings:  # a damaged file set aside, a marker rewritten: said, never silent
        print_error(f"warning: {warning}")
    return store
