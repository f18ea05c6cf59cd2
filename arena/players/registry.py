"""Player specs are strings: `random`, `random-any`, `minimax[:SECONDS][,nodes=N][,level=N]`,
`stockfish[:elo=N,nodes=N]`, `scripted:MOVE;MOVE`, `llm:MODEL`; at poker `cfr`, `br:STYLE` and the styles
`always-call`, `always-raise`, `tight`, `loose`.

An `llm:` spec takes `;key=value` options.
"""

from __future__ import annotations

from collections.abc import Callable

from arena.llm.secrets import hide_spec
from arena.players.base import Player
from arena.players.options import PlayerOptions
from arena.players.random_player import RandomAnyPlayer, RandomPlayer
from arena.players.scripted import ScriptedPlayer
from games import DEFAULT_BUDGET


def _engine(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    from arena.players.engine_player import LEVEL_NOISE, TOP_LEVEL, EnginePlayer  # the engines load their searches

    if options.game == "chess":
        raise ValueError("minimax has no chess engine: play stockfish[:elo=N] (or random) at chess")
    if options.game.endswith("-poker"):
        raise ValueError("minimax has no poker engine: play cfr (the equilibrium), br:STYLE or a style at poker")
    budget, level = DEFAULT_BUDGET, TOP_LEVEL
    nodes: int | None = None
    given: set[str] = set()
    for part in filter(None, (p.strip() for p in argument.split(","))):
        name, has_value, value = part.partition("=")
        if not has_value:
            name, value = "budget", part
        if name in given:
            raise ValueError(f"minimax {name} is given twice in {argument!r}: say it once")
        given.add(name)
        if name == "budget":
            try:
                budget = float(value)
            except ValueError:
                raise ValueError(f"minimax time budget must be a number of seconds, not {value!r}") from None
            if not 0 < budget < float("inf"):
                raise ValueError("minimax time budget must be a positive number of seconds")
        elif name == "nodes":
            if options.game and options.game != "gomoku":
                raise ValueError(f"minimax nodes= is Gomoku's positions budget; {options.game} takes SECONDS")
            if not value.strip().isdigit() or int(value) < 1:
                raise ValueError(f"minimax nodes must be a whole number of positions, at least 1, not {value!r}")
            nodes = int(value)
        elif name == "level":
            if value.strip() not in {str(n) for n in LEVEL_NOISE}:
                raise ValueError(f"minimax level must be one of {', '.join(map(str, LEVEL_NOISE))}, not {value!r}")
            level = int(value)
        else:
            raise ValueError(f"minimax takes SECONDS, budget=SECONDS, nodes=POSITIONS (Gomoku) or level=1-{TOP_LEVEL}, "
                             f"not {part!r}")  # fmt: skip
    return EnginePlayer(seed, budget, level, nodes)


def _stockfish(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    from arena.engines.stockfish import EngineFailed, EngineMissing, version
    from arena.players.stockfish_player import StockfishPlayer, stockfish_options

    chosen = stockfish_options(argument)
    if options.game and options.game != "chess":
        raise ValueError(f"stockfish plays chess, not {options.game}")
    try:
        version()  # found, and a UCI engine: a binary that exits at start (/bin/false) is one line here, not per match
    except (EngineMissing, EngineFailed) as error:
        raise ValueError(str(error)) from None
    return StockfishPlayer(seed, chosen)


def _cfr(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    from arena.players.poker_players import check_poker, equilibrium_player

    check_poker("cfr", options.game)
    if argument:
        raise ValueError("cfr takes no argument")
    return equilibrium_player(seed)


def _best_response(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    from arena.players.poker_players import best_response_player, check_poker

    check_poker("br", options.game)
    return best_response_player(argument.strip(), seed)


def _style(style: str) -> Callable[[str, int | str, PlayerOptions], Player]:
    def build(argument: str, seed: int | str, options: PlayerOptions) -> Player:
        from arena.players.poker_players import StylePlayer, check_poker

        check_poker(style, options.game)
        if argument:
            raise ValueError(f"{style} takes no argument")
        return StylePlayer(style)

    return build


def _random(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    if argument:
        raise ValueError("random takes no argument")
    return RandomPlayer(seed)


def _random_any(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    if argument:
        raise ValueError("random-any takes no argument")
    return RandomAnyPlayer(seed)


def _scripted(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    # Moves are written as everywhere else ("2,2"); separate them with ";" (a "," alone still separates
    # moves that hold no comma, such as Connect-Four columns).
    separator = ";" if ";" in argument else ","
    return ScriptedPlayer([move.strip() for move in argument.split(separator)] if argument else [])


def _human(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    from arena.players.human import HumanPlayer

    return HumanPlayer(argument)


def _llm(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    from arena.players.llm_player import llm_player  # litellm stays unloaded until a model plays

    return llm_player(argument, seed, options)


PLAYER_KINDS: dict[str, Callable[[str, int | str, PlayerOptions], Player]] = {
    "random": _random,
    "random-any": _random_any,
    "minimax": _engine,
    "stockfish": _stockfish,
    "scripted": _scripted,
    "llm": _llm,
    "human": _human,
    "cfr": _cfr,
    "br": _best_response,
    **{style: _style(style) for style in ("always-call", "always-raise", "tight", "loose")},
}


def make_player(spec: str, seed: int | str, options: PlayerOptions | None = None) -> Player:
    """A fresh player for one match; ValueError names an unknown kind or a bad argument."""
    kind, _, argument = spec.strip().partition(":")
    factory = PLAYER_KINDS.get(kind.lower())
    if factory is None:
        raise ValueError(f"unknown player {hide_spec(spec)!r} (choose from {', '.join(PLAYER_KINDS)})")
    player = factory(argument, seed, options or PlayerOptions())
    player.spec = hide_spec(spec)  # the only form a record, a table or a message ever holds
    return player


def validate_spec(spec: str, options: PlayerOptions | None = None) -> str:
    """Check a spec by building it once; returns it unchanged."""
    make_player(spec, 0, options)
    return spec
