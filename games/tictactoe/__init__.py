"""Tic-tac-toe: 3x3, three in a row, generalised to m x n with k in a row."""

from games.tictactoe.rules import TicTacToe

__all__ = ["TicTacToe"]
