"""Chess, its rules from python-chess (GPL-3.0): states, lenient reading of moves, renderings, opening positions."""

from games.chess.rules import Chess, ChessState

__all__ = ["Chess", "ChessState"]
