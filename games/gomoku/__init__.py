"""Gomoku (freestyle): 15x15, five or more in a row wins."""

from games.gomoku.rules import Gomoku

__all__ = ["Gomoku"]
