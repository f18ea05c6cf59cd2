"""Poker's engines: the equilibrium (`cfr`), fixed styles (`always-call`, `always-raise`, `tight`, `loose`) and a
best response to a style or to random (`br:STYLE`)."""

from __future__ import annotations

import random
from typing import Any

from arena.players.base import Choice, TurnView
from games.poker.hands import VARIANTS, Strategy
from games.poker.styles import STYLES, style_action, style_strategy, uniform_strategy

POKER_GAMES = tuple(VARIANTS)


def check_poker(kind: str, game: str) -> None:
    """ValueError when a poker engine is asked to play another game."""
    if game and game not in POKER_GAMES:
        raise ValueError(f"{kind} plays {' and '.join(POKER_GAMES)}, not {game}")


class StrategyPlayer:
    """Plays a strategy over the arena's information sets, drawing mixed choices from a seeded generator."""

    def __init__(self, spec: str, seed: int | str, strategies: dict[str, Strategy]) -> None:
        self.spec = spec
        self.seed = seed
        self.rng = random.Random(f"{seed}:poker")
        self.strategies = strategies  # by game name, so one spec plays either game

    def settings(self) -> dict[str, Any]:
        """The seed."""
        return {"seed": self.seed}

    async def choose_move(self, view: TurnView) -> Choice:
        """The strategy's word at this information set (a draw where it mixes)."""
        key = view.state.hand.information_set()
        chances = self.strategies[view.game.name][key]
        words = [word for word in view.game.legal_moves(view.state) if chances.get(word, 0.0) > 0]
        weights = [chances[word] for word in words]
        return Choice(
            move=self.rng.choices(words, weights)[0], info={"strategy": {w: round(p, 4) for w, p in chances.items()}}
        )


class StylePlayer:
    """A fixed style: the same word in the same spot, every time."""

    def __init__(self, style: str) -> None:
        self.spec = style
        self.style = style

    def settings(self) -> dict[str, Any]:
        """Nothing to set: a style is deterministic."""
        return {}

    async def choose_move(self, view: TurnView) -> Choice:
        """The style's word."""
        return Choice(move=style_action(self.style, view.state.hand))


def equilibrium_player(seed: int | str) -> StrategyPlayer:
    """The equilibrium player: the shipped CFR+ strategy of each game."""
    from arena.poker.equilibrium import equilibrium

    return StrategyPlayer("cfr", seed, {game: equilibrium(game).strategy for game in POKER_GAMES})


def best_response_player(target: str, seed: int | str) -> StrategyPlayer:
    """A best response to a fixed style or to `random`, computed exactly for each game."""
    from arena.poker.spiel import best_response

    if target not in (*STYLES, "random"):
        raise ValueError(f"br answers one of {', '.join((*STYLES, 'random'))}, not {target!r} (e.g. br:always-call)")
    strategies = {}
    for game, variant in VARIANTS.items():
        against = uniform_strategy(variant) if target == "random" else style_strategy(target, variant)
        strategies[game] = best_response(variant, against)
    return StrategyPlayer(f"br:{target}", seed, strategies)
