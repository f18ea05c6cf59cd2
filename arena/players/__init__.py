"""Players: one interface (`async choose_move`) for engines, random play, scripts and later models."""

from arena.players.base import Choice, Player, TurnView
from arena.players.registry import PLAYER_KINDS, make_player, validate_spec

__all__ = ["PLAYER_KINDS", "Choice", "Player", "TurnView", "make_player", "validate_spec"]
