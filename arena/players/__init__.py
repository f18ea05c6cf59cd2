"""Players: one interface (`async choose_move`) for engines, random play, scripts and language models.

The registry (and with it every engine) loads on first use of its names: the app's first screen needs
the options and the interface, not the engines.
"""

from typing import Any

from arena.players.base import Choice, Player, PlayerFailure, TurnView
from arena.players.options import PlayerOptions

__all__ = [
    "PLAYER_KINDS",
    "Choice",
    "Player",
    "PlayerFailure",
    "PlayerOptions",
    "TurnView",
    "make_player",
    "validate_spec",
]
REGISTRY_NAMES = ("PLAYER_KINDS", "make_player", "validate_spec")


def __getattr__(name: str) -> Any:
    """`PLAYER_KINDS`, `make_player` and `validate_spec`, from the registry imported now."""
    if name in REGISTRY_NAMES:
        from arena.players import registry

        return getattr(registry, name)
    raise AttributeError(f"module 'arena.players' has no attribute {name!r}")
