"""Player specs are strings: `random`, `minimax[:SECONDS]`, `scripted:MOVE,MOVE`, `llm:MODEL[;key=value]`."""

from __future__ import annotations

from collections.abc import Callable

from arena.players.base import Player
from arena.players.engine_player import EnginePlayer
from arena.players.options import PlayerOptions
from arena.players.random_player import RandomPlayer
from arena.players.scripted import ScriptedPlayer


def _engine(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    if not argument:
        return EnginePlayer(seed)
    try:
        budget = float(argument)
    except ValueError:
        raise ValueError(f"minimax time budget must be a number of seconds, not {argument!r}") from None
    if not budget > 0:
        raise ValueError("minimax time budget must be positive")
    return EnginePlayer(seed, budget)


def _random(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    if argument:
        raise ValueError("random takes no argument")
    return RandomPlayer(seed)


def _scripted(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    return ScriptedPlayer(argument.split(",") if argument else [])


def _human(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    from arena.players.human import HumanPlayer

    return HumanPlayer(argument)


def _llm(argument: str, seed: int | str, options: PlayerOptions) -> Player:
    from arena.players.llm_player import llm_player  # litellm stays unloaded until a model plays

    return llm_player(argument, seed, options)


PLAYER_KINDS: dict[str, Callable[[str, int | str, PlayerOptions], Player]] = {
    "random": _random,
    "minimax": _engine,
    "scripted": _scripted,
    "llm": _llm,
    "human": _human,
}


def make_player(spec: str, seed: int | str, options: PlayerOptions | None = None) -> Player:
    """A fresh player for one match; ValueError names an unknown kind or a bad argument."""
    kind, _, argument = spec.strip().partition(":")
    factory = PLAYER_KINDS.get(kind.lower())
    if factory is None:
        raise ValueError(f"unknown player {spec!r} (choose from {', '.join(PLAYER_KINDS)})")
    player = factory(argument, seed, options or PlayerOptions())
    player.spec = spec.strip()
    return player


def validate_spec(spec: str, options: PlayerOptions | None = None) -> str:
    """Check a spec by building it once; returns it unchanged."""
    make_player(spec, 0, options)
    return spec
