"""Game names and their options: the one place that maps a name to a rules object."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def _loaded(module: str, name: str) -> Callable[..., Any]:
    """A game's class, imported when first built: chess's rules cost 0.1 s to import, and most runs need none."""

    def build(**options: Any) -> Any:
        return getattr(import_module(module), name)(**options)

    build.__name__ = build.__qualname__ = name
    return build


GAMES: dict[str, Callable[..., Any]] = {
    "tictactoe": _loaded("games.tictactoe", "TicTacToe"),
    "connect-four": _loaded("games.connect_four", "ConnectFour"),
    "gomoku": _loaded("games.gomoku", "Gomoku"),
    "battleship": _loaded("games.battleship", "Battleship"),
    "chess": _loaded("games.chess", "Chess"),
    "kuhn-poker": _loaded("games.poker", "kuhn"),
    "leduc-poker": _loaded("games.poker", "leduc"),
}
ALIASES = {
    "kuhn": "kuhn-poker",
    "leduc": "leduc-poker",
    "tic-tac-toe": "tictactoe",
    "ttt": "tictactoe",
    "connect4": "connect-four",
    "c4": "connect-four",
}
OPTIONS: dict[str, tuple[str, ...]] = {
    "tictactoe": ("rows", "cols", "k"),
    "connect-four": ("rows", "cols"),
    "gomoku": ("rows", "cols", "k"),
    "battleship": ("preset", "fleets", "side"),
    "chess": ("max_plies", "opening", "claims", "fen", "chess960", "automatic_draws"),
    "kuhn-poker": ("hands", "duplicate"),
    "leduc-poker": ("hands", "duplicate"),
}


def canonical_name(name: str) -> str:
    """The registered name for `name` or an alias; ValueError names the choices."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in GAMES:
        raise ValueError(f"unknown game {name!r} (choose from {', '.join(GAMES)})")
    return key


def make_game(name: str, **options: Any) -> Any:
    """Build a game from its name and options; ValueError on an unknown name or option."""
    key = canonical_name(name)
    allowed = OPTIONS[key]
    extra = sorted(set(options) - set(allowed))
    if extra:
        raise ValueError(f"{key} has no option {extra[0]!r} (options: {', '.join(allowed)})")
    defaults = GAMES[key]()
    for option, value in options.items():
        wanted = type(getattr(defaults, option))
        if wanted is bool and not isinstance(value, bool):
            raise ValueError(f"{key} option {option} must be true or false, not {value!r}")
        if wanted is int and (not isinstance(value, int) or isinstance(value, bool)):
            raise ValueError(f"{key} option {option} must be a whole number, not {value!r}")
        if wanted is str and not isinstance(value, str):
            raise ValueError(f"{key} option {option} must be text, not {value!r}")
    return GAMES[key](**options)


def game_from_record(name: str, options: dict[str, Any]) -> Any:
    """Build a game from a record's options, which also carry derived ones (e.g. a fleet's ship lengths)."""
    allowed = OPTIONS[canonical_name(name)]
    return make_game(name, **{key: value for key, value in options.items() if key in allowed})


def variant_label(name: str, options: dict[str, Any]) -> str:
    """`connect-four`, or `connect-four 7x7`, `tictactoe 4x4 k=4`, `battleship childplay` off the default board."""
    key = canonical_name(name)
    if key.endswith("-poker"):  # a match's length and duplicate dealing change the measurement, not the game
        return key
    defaults = GAMES[key]().options()
    if key == "battleship":  # a published game's fixed fleets are another board than the preset's random ones
        preset = options.get("preset", defaults["preset"])
        words = [key] if preset == defaults["preset"] else [key, preset]
        if options.get("fleets"):
            side = options.get("side")
            words += [f"{side}x{side}"] if side else []
            words.append("published fleets")
        return " ".join(words)
    if key == "chess":  # a book opening is where a game starts, not another game; Chess960 is another game
        limit = options.get("max_plies", defaults["max_plies"])
        name = "chess960" if str(options.get("opening", "")).startswith("chess960") else key
        return name if limit == defaults["max_plies"] else f"{name} limit {limit}"
    chosen = {option: options.get(option, defaults[option]) for option in OPTIONS[key]}
    if all(chosen[option] == defaults[option] for option in chosen):
        return key
    words = [key, f"{chosen['rows']}x{chosen['cols']}"]
    if "k" in chosen and chosen["k"] != defaults["k"]:
        words.append(f"k={chosen['k']}")
    return " ".join(words)
