"""The yardstick for `arena solve connect-four`: BitBully's solver as a whole process on a Pons-style position
(1-based columns played), printing every column's score. Run: python -m bench.bitbully_solve 4455.

BitBully is AGPL-3.0, so it is no dependency of the arena: `pip install bitbully==0.0.79` to measure against it.
"""

from __future__ import annotations

import sys


def main(position: str) -> int:
    from bitbully import BitBully, Board

    board = Board.from_moves([int(c) - 1 for c in position])
    print(BitBully().score_all_moves(board))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
