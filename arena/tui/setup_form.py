"""The setup form's choices (boards, player kinds, defaults) and how its values become a series to play."""

from __future__ import annotations

import secrets
from typing import Any

from arena.llm.secrets import hide_spec
from arena.match.policy import InvalidMovePolicy
from arena.players import PlayerOptions
from arena.tui.series_config import DEMO_PACE, SeriesConfig

BOARDS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "tictactoe": [("3x3", {}), ("4x4, four in a row", {"rows": 4, "cols": 4, "k": 4})],
    "connect-four": [("6x7", {}), ("7x7 (ChildPlay)", {"rows": 7})],
    "gomoku": [("15x15", {})],
    "battleship": [("classic 10x10", {"preset": "classic"}), ("ChildPlay 5x5", {"preset": "childplay"})],
    "chess": [("from the start", {}), ("from a book opening", {"opening": "book"})],
    "kuhn-poker": [("20 hands, duplicate deals", {}), ("100 hands, duplicate deals", {"hands": 100})],
    "leduc-poker": [("20 hands, duplicate deals", {}), ("100 hands, duplicate deals", {"hands": 100})],
}
KINDS = [
    ("human", "human"),
    ("minimax", "minimax"),
    ("stockfish (chess)", "stockfish"),
    ("poker engine", "poker"),
    ("random", "random"),
    ("random, any cell", "random-any"),
    ("model (litellm)", "llm"),
    ("local model", "local"),
]
MODEL_KINDS = {"llm", "local"}
ENGINE_BOXES = ("llm", "minimax", "stockfish", "poker")  # the kinds whose box beside them takes a name or options
INVALID_RULES = [
    ("the prompt's own rule", "family"),
    ("lose at once (ChildPlay)", "0:loss"),
    ("3 retries, then lose", "3:loss"),
    ("3 retries, then DQ (Topsakal)", "3:disqualified"),
]
DEFAULTS: dict[str, Any] = {
    "game": "tictactoe",
    "board": 0,
    "kind1": "human",
    "model1": "",
    "kind2": "minimax",
    "model2": "",
    "temperature": "",
    "prompt": "arena",
    "api_base": "",
    "games": "1",
    "seed": "",
    "swap": False,
    "pause": "1.5",
    "tell_mark": False,
    "invalid": "family",
    "constrained": False,
    "pace": "",
}


def player_spec(kind: str, model: str) -> str:
    """The player spec for a kind and a model name."""
    if kind == "llm":
        return f"llm:{model.strip()}"
    if kind == "local":
        return "llm:local"
    if kind == "poker":  # the box names the engine: cfr (the equilibrium), a style, or br:STYLE
        return model.strip() or "cfr"
    if kind in ("minimax", "stockfish") and model.strip():
        return f"{kind}:{model.strip()}"  # engine options typed in the same box: SECONDS, level=N; elo=N, nodes=N
    return kind


def pause_seconds(text: str) -> float:
    """Seconds the game-over banner stays between games; ValueError with a readable reason."""
    return seconds_field(text, "pause") if text.strip() else SeriesConfig.pause_between


def pace_seconds(text: str, players: tuple[str, str]) -> float:
    """Seconds between moves: the field's, else DEMO_PACE when nobody human plays (0 when someone does)."""
    if not text.strip():
        return 0.0 if any(spec.startswith("human") for spec in players) else DEMO_PACE
    return seconds_field(text, "pace")


def seconds_field(text: str, name: str) -> float:
    """A field of seconds between 0 and 60; ValueError naming the field with a readable reason."""
    try:
        seconds = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, not {text!r}") from None
    if not 0 <= seconds <= 60:
        raise ValueError(f"{name} must be between 0 and 60 seconds")
    return seconds


def invalid_policy(choice: str) -> InvalidMovePolicy | None:
    """The invalid-move rule chosen on the form, or None for the prompt family's own."""
    if choice == "family":
        return None
    allowed, ending = choice.split(":")
    return InvalidMovePolicy(int(allowed), "disqualified" if ending == "disqualified" else "loss")


def series_config(values: dict[str, Any]) -> SeriesConfig:
    """A series from the form; ValueError with a readable reason if a field is wrong."""
    try:
        games = int(values["games"])
    except ValueError:
        raise ValueError(f"games must be a whole number, not {values['games']!r}") from None
    if games < 1:
        raise ValueError("games must be at least 1")
    seed_text = str(values["seed"]).strip()
    if seed_text and not seed_text.isdigit():
        raise ValueError(f"seed must be a whole number, not {seed_text!r}")
    temperature = None
    if str(values["temperature"]).strip():
        try:
            temperature = float(values["temperature"])
        except ValueError:
            raise ValueError(f"temperature must be a number, not {values['temperature']!r}") from None
    pause = pause_seconds(str(values["pause"]))
    players = (
        hide_spec(player_spec(values["kind1"], values["model1"])),
        hide_spec(player_spec(values["kind2"], values["model2"])),
    )
    for spec, kind in zip(players, (values["kind1"], values["kind2"]), strict=True):
        if spec == "llm:":
            raise ValueError("a model player needs a model name (e.g. openai/gpt-4o-mini)")
        if spec.startswith("minimax") or kind in ("poker", "human", "random"):
            from arena.players.registry import validate_spec  # the engines load once a game is started

            validate_spec(spec, PlayerOptions(game=values["game"]))
    llm = PlayerOptions(
        prompt=values["prompt"],
        temperature=temperature,
        api_base=values["api_base"].strip() or None,
        constrained=bool(values.get("constrained", False)),
    )
    return SeriesConfig(
        game=values["game"],
        players=players,
        games=games,
        swap_seats=bool(values["swap"]),
        seed=int(seed_text) if seed_text else secrets.randbelow(10**6),
        game_options=dict(BOARDS[values["game"]][int(values["board"])][1]),
        llm=llm,
        pause_between=pause,
        pace=pace_seconds(str(values.get("pace", "")), players),
        policy=invalid_policy(str(values.get("invalid", "family"))),
    )
