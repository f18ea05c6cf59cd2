"""Battleship: two hidden fleets, shots in turn, each player sees only its own view."""

from games.battleship.fleet import Ship
from games.battleship.rules import PRESETS, Battleship, BattleshipState, BattleshipView

__all__ = ["PRESETS", "Battleship", "BattleshipState", "BattleshipView", "Ship"]
