"""Tournaments of many players: declared in files or flags, scheduled, resumed."""

# The runs that play faster in worker processes, by game: the least matches for which they pay for starting
# (about a second each: importing the engines, loading their compiled code). A Gomoku engine spends its
# budget on every move (workers 1.9x faster at 100 matches, already faster at 4); a Connect-Four match
# against random takes ~10 ms (slower with workers at 20 and 100 matches, 1.2x at 400, 1.4x at 1,000);
# tic-tac-toe and Battleship matches take well under a millisecond (slower with workers at any length).
# Measured with minimax against random on 2 cores: bench/scale.py and docs/benchmarks.md.
POOL_MIN_GAMES = {"gomoku": 4, "connect-four": 400}
