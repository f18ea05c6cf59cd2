"""Regenerate CloudWalk's dataset: every reachable board, its move scores, and its difficulty.

Definitions (seed 000): a move's `value` is +1/0/-1 for the side to move under optimal play and
its `depth` the number of marks when the game ends; a side with a winning best value takes the
smallest end depth, otherwise the largest. Choice complexity is [wrong, total] (moves below the
best value, legal moves); a board is decidable when wrong > 0.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.tictactoe.engine import Solver, solver_for
from games.ttt_hard_boards.keys import orbit, representative, side_to_move

CENTRE = 5
TOP_SIZE = 50
CENTRE_BOARDS_IN_TOP = 8
PATTERNS = {1: "threat", 2: "threat", 3: "fork", 4: "fork", 5: "threat-fork", 6: "threat-fork"}


@dataclass(frozen=True)
class Score:
    """One legal move (1-9), or `None` on a finished board."""

    value: int
    depth: int
    move: int | None


@dataclass(frozen=True)
class Board:
    """A reachable board with its scores and categories, as published."""

    key: str
    player: str
    scores: tuple[Score, ...]
    wrong: int
    total: int
    depth_complexity: int
    decision: str | None
    pattern: str | None
    symmetry_group: str

    @property
    def marks(self) -> int:
        """Marks on the board."""
        return sum(ch in "XO" for ch in self.key)

    @property
    def terminal(self) -> bool:
        """True for a won or full board."""
        return self.scores[0].move is None

    @property
    def decidable(self) -> bool:
        """Some move is worse than the best."""
        return self.wrong > 0

    @property
    def best_value(self) -> int:
        """The best value among the moves."""
        return max(s.value for s in self.scores)

    @property
    def optimal_moves(self) -> tuple[int, ...]:
        """Moves (1-9) whose value equals the best value: the published scoring of an answer."""
        best = self.best_value
        return tuple(s.move for s in self.scores if s.value == best and s.move is not None)

    def is_correct(self, move: int) -> bool:
        """A move is correct iff its value equals the best value (speed of a win is ignored)."""
        return move in self.optimal_moves

    def to_json(self) -> dict[str, Any]:
        """The published schema."""
        return {
            "state": [ch if ch in "XO" else int(ch) for ch in self.key],
            "player": self.player,
            "scores": [{"value": s.value, "depth": s.depth, "move": s.move} for s in self.scores],
            "category": {
                "choice_complexity": [self.wrong, self.total],
                "depth_complexity": self.depth_complexity,
                "decision": self.decision,
                "pattern": self.pattern,
                "symmetry_group": self.symmetry_group,
            },
        }


def _masks(key: str) -> tuple[int, int]:
    """(side to move's marks, other side's marks) as bit masks."""
    mover = side_to_move(key)
    mine = sum(1 << i for i, ch in enumerate(key) if ch == mover)
    theirs = sum(1 << i for i, ch in enumerate(key) if ch in "XO" and ch != mover)
    return mine, theirs


def score_board(key: str, solver: Solver) -> Board:
    """Scores and categories of one board."""
    mine, theirs = _masks(key)
    marks = (mine | theirs).bit_count()
    done = solver.terminal(mine, theirs)
    if done is not None:
        scores: tuple[Score, ...] = (Score(done[0], done[1], None),)
    else:
        scores = tuple(Score(s.value, s.depth, s.index + 1) for s in solver.scores(mine, theirs))
    best = max(s.value for s in scores)
    wrong = sum(1 for s in scores if s.value < best)
    decision = pattern = None
    depth_complexity = 0
    if wrong:
        if best == 1:
            decision = "offensive"
            depth_complexity = min(s.depth for s in scores if s.value == 1) - marks
        else:
            decision = "defensive"
            depth_complexity = max(s.depth for s in scores if s.value == -1) - marks
        pattern = PATTERNS[depth_complexity]
    return Board(
        key=key,
        player=side_to_move(key),
        scores=scores,
        wrong=wrong,
        total=len(scores),
        depth_complexity=depth_complexity,
        decision=decision,
        pattern=pattern,
        symmetry_group="|".join(orbit(key)),
    )


def reachable_keys(solver: Solver) -> list[str]:
    """Every board reachable from the empty one, stopping at a win or a full board (breadth first)."""
    start = "123456789"
    seen = {start}
    order = [start]
    frontier = [start]
    while frontier:
        following = []
        for key in frontier:
            mine, theirs = _masks(key)
            if solver.terminal(mine, theirs) is not None:
                continue
            mover = side_to_move(key)
            for i, ch in enumerate(key):
                if ch not in "XO":
                    child = key[:i] + mover + key[i + 1 :]
                    if child not in seen:
                        seen.add(child)
                        order.append(child)
                        following.append(child)
        frontier = following
    return order


def _has_open_pair(board: Board, move: int) -> bool:
    """True if `move` lies on a line holding two equal marks and an empty cell (a win or a block)."""
    for line in LINES:
        if move - 1 in line:
            cells = [board.key[i] for i in line]
            for mark in "XO":
                if cells.count(mark) == 2 and sum(ch not in "XO" for ch in cells) == 1:
                    return True
    return False


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@dataclass(frozen=True)
class Dataset:
    """Every reachable board, keyed, in breadth-first order."""

    boards: dict[str, Board]

    @property
    def representatives(self) -> list[Board]:
        """One board per symmetry class: the smallest key."""
        return [b for key, b in self.boards.items() if representative(key) == key]

    @property
    def decidable(self) -> list[Board]:
        """Decidable representatives."""
        return [b for b in self.representatives if b.decidable]

    def class_sizes(self) -> dict[int, int]:
        """How many classes have 1, 2, 4 or 8 boards."""
        return dict(sorted(Counter(len(orbit(b.key)) for b in self.representatives).items()))

    def depth_histogram(self) -> dict[int, int]:
        """Decidable representatives per depth complexity."""
        return dict(sorted(Counter(b.depth_complexity for b in self.decidable).items()))

    def top(self) -> list[Board]:
        """The hardest boards: no immediate win or block among the optimal moves, centre boards capped."""
        candidates = [b for b in self.decidable if not any(_has_open_pair(b, m) for m in b.optimal_moves)]

        def hardness(board: Board) -> tuple[float, int, str]:
            # Ties on (wrong/total, depth) are broken by key so the order never depends on chance.
            return (-board.wrong / board.total, -board.depth_complexity, board.key)

        off_centre = sorted((b for b in candidates if CENTRE not in b.optimal_moves), key=hardness)
        centre = sorted((b for b in candidates if CENTRE in b.optimal_moves), key=hardness)
        return (off_centre + centre[:CENTRE_BOARDS_IN_TOP])[: max(TOP_SIZE, len(off_centre))]

    def to_json(self, boards: list[Board] | None = None) -> dict[str, Any]:
        """`{"boards": {key: board}}` for all boards or the given ones, in order."""
        chosen = boards if boards is not None else list(self.boards.values())
        return {"boards": {b.key: b.to_json() for b in chosen}}


def build_dataset() -> Dataset:
    """Solve and categorise every reachable board."""
    solver = solver_for(3, 3, 3)
    return Dataset({key: score_board(key, solver) for key in reachable_keys(solver)})
