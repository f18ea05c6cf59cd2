"""Players: one interface (`async choose_move`) for engines, random play, scripts and language models."""

from arena.players.base import Choice, Player, PlayerFailure, TurnView
from arena.players.options import PlayerOptions
from arena.players.registry import PLAYER_KINDS, make_player, validate_spec

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
