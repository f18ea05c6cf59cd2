"""Connect-Four: 6 rows x 7 columns by default (ChildPlay played 7x7), four in a row."""

from games.connect_four.rules import ConnectFour

__all__ = ["ConnectFour"]
