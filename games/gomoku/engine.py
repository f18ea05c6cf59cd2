"""The Gomoku engine: win or block at once, a win by fours or by threats when one exists, else alpha-beta.

When the opponent would win by threats if it were to move, the alpha-beta chooses among the moves proven
to stop that. Works for any k-in-a-row board (k >= 3), so it also plays large tic-tac-toe variants (the
threat searches are for k >= 5). The searches run in the compiled core (`games.gomoku.search`) under a
hard per-move budget.
"""

from __future__ import annotations

import time
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from games.base import Cell
from games.gomoku import search
from games.gomoku.position import Arrays, Position
from games.mnk import GridState
from games.search_control import SearchControl

VCF_DEPTH = 12  # fours in a row the threat-space search tries
VCF_SHARE = 0.1  # of the budget, before the alpha-beta gets the rest
VCT_DEPTH = 8  # threats in a row the search by fours and threes tries
VCT_SHARE = 0.1  # for a win of ours by threats, and again for the opponent's
DEFENCE_SHARE = 0.3  # for proving which moves leave the opponent no win by threats
DEFENCE_WIDTH = 24  # candidate moves tried as answers to the opponent's threats
LAST_PHASE = 0.9  # everything stops by this share of the budget
TABLE_SLOTS = 1 << 20  # positions the search remembers (24 MB)


@dataclass(frozen=True)
class GomokuVerdict:
    """The chosen cell, how it was found, plies searched, nodes, and its value.

    How: win, block (a four), vcf (a win by fours), vct (a win by fours and threes), answer (a search among
    the moves that stop the opponent's win by threats), search (a search among all), opening.
    """

    cell: Cell
    reason: str
    depth: int
    nodes: int
    value: int

    @property
    def exact(self) -> bool:
        """True when the move is a proven win or a forced block."""
        return self.reason in ("win", "vcf", "vct") or abs(self.value) >= search.WIN - 100


@cache
def warm_up() -> None:
    """Compile (first run) or load (later runs) the search core once per process, not inside a timed move."""
    position = Position(GridState(5, 5, (1,) + (0,) * 24, ply=1), 4)
    control = SearchControl()
    control.stop()  # every search returns at once; only the code gets loaded
    stopped = control.ctl
    search.find_vcf(2, 1, 0, 4, 5, *position.tables(), stopped)
    position.vct(2, 1, stopped)
    remembered = (position.key, *position.tables(), position.zobrist, np.zeros((2, 3), dtype=np.int64), stopped)
    search.search(2, 1, 0, -search.WIN, search.WIN, -1, 4, 5, 4, *remembered)
    position.completions(1)


@dataclass
class GomokuEngine:
    """Threat-space search and alpha-beta under a per-move budget: `budget` seconds, or `nodes` positions.

    With `nodes` set the time is not bounded: each move visits the same positions on any machine under any
    load, so its games repeat exactly (the effort that reproduces a result; seconds for play).
    """

    budget: float = 1.0
    width: int = 12
    max_depth: int = 30
    nodes: int | None = None
    control: SearchControl = field(default_factory=SearchControl)

    def __post_init__(self) -> None:
        if self.nodes is not None and self.nodes < 1:
            raise ValueError(f"a Gomoku move needs at least one position to search, not {self.nodes}")
        warm_up()

    def limit(self, share: float) -> AbstractContextManager[None]:
        """A deadline for `share` of the move's effort: of its seconds, or of its positions when `nodes` is set."""
        if self.nodes is not None:
            return self.control.deadline(None, round(self.nodes * share))
        return self.control.deadline(self.budget * share)

    def used(self, since: tuple[float, int]) -> float:
        """The share of the move's effort spent since `since` (a time and a node count)."""
        if self.nodes is not None:
            return (self.control.nodes() - since[1]) / self.nodes
        return (time.perf_counter() - since[0]) / self.budget

    def now(self) -> tuple[float, int]:
        """The time and the node count, to measure the effort spent from here."""
        return time.perf_counter(), self.control.nodes()

    def best_move(self, state: GridState, k: int = 5) -> Cell:
        """The chosen cell."""
        return self.decide(state, k).cell

    def decide(self, state: GridState, k: int = 5) -> GomokuVerdict:
        """Win now, block a five, play a found VCF or VCT, else the deepest completed alpha-beta's best move.

        When the opponent would have a win by threats if it were to move, the alpha-beta chooses only among
        the moves proven to take that win away (see `answers` for the moves it keeps when none is proven).
        """
        start = self.now()
        me = state.to_move + 1
        position = Position(state, k)
        nodes = start[1]

        def verdict(index: int, reason: str, depth: int = 0, value: int = 0) -> GomokuVerdict:
            return GomokuVerdict(Cell(*divmod(index, state.cols)), reason, depth, self.control.nodes() - nodes, value)

        if not position.near.any():
            empty = [i for i, v in enumerate(state.cells) if not v]
            centre = (state.rows // 2) * state.cols + state.cols // 2
            return verdict(centre if not state.cells[centre] else empty[0], "opening")
        wins = position.completions(me)
        if wins:
            return verdict(wins[0], "win", 1, search.WIN)
        blocks = position.completions(3 - me)
        if blocks:  # one block is forced; with two or more the game is lost, and blocking one loses slowest
            return verdict(blocks[0], "block", 1, 0 if len(blocks) == 1 else -search.WIN)
        ctl = self.control.ctl
        with self.limit(VCF_SHARE):
            vcf = search.find_vcf(me, VCF_DEPTH, 0, k, state.cols, *position.tables(), ctl)
        if vcf >= 0 and not self.control.stopped:
            return verdict(int(vcf), "vcf", 2 * VCF_DEPTH, search.WIN)
        moves: list[int] = []
        if k >= 5:
            attack, depth = self.threat_win(position, me, VCT_SHARE)
            if attack >= 0:
                return verdict(attack, "vct", 2 * depth, search.WIN)
            threat, _ = self.threat_win(position, 3 - me, VCT_SHARE)
            if threat >= 0:
                moves = self.answers(position, me, threat, DEFENCE_SHARE)
        if len(moves) == 1:
            return verdict(moves[0], "answer")
        best, value, reached = self.alpha_beta(position, me, moves, LAST_PHASE - self.used(start))
        if best < 0:  # not even one ply finished: the best-looking candidate
            best = moves[0] if moves else int(np.flatnonzero((position.board == 0) & (position.near > 0))[0])
        return verdict(best, "answer" if moves else "search", reached, value)

    def threat_win(self, position: Position, player: int, share: float) -> tuple[int, int]:
        """(first cell, threats) of the shortest win by threats `player` would have if it were to move, or (-1, 0),
        searched within `share` of the move's effort."""
        with self.limit(share):
            for depth in range(1, VCT_DEPTH + 1):
                cell = position.vct(player, depth, self.control.ctl)
                if self.control.stopped:
                    break
                if cell >= 0:
                    return cell, depth
        return -1, 0

    def answers(self, position: Position, me: int, threat: int, share: float) -> list[int]:
        """The candidate moves that leave the opponent no win by threats, checked deeper while `share` of the
        move's effort lasts.

        Each round keeps the moves after which the opponent has no win within one more threat; a round that
        runs out of time or keeps none leaves the last full round's moves (the deepest proven defence).
        """
        safe = [threat] + [cell for cell in position.candidates(me, DEFENCE_WIDTH) if cell != threat]
        with self.limit(share):
            for depth in range(1, VCT_DEPTH + 1):
                held = [cell for cell in safe if self.holds(position, me, cell, depth)]
                if self.control.stopped or not held:
                    break
                safe = held
        return safe

    def holds(self, position: Position, me: int, cell: int, depth: int) -> bool:
        """True when after our move at `cell` the opponent has no win by `depth` threats (False once stopped)."""
        opp = 3 - me
        if self.control.stopped:
            return False
        position.play(cell, me, 1)
        blocks = position.completions(me)  # a four of ours: the opponent blocks it, and then we must still hold
        for block in blocks[:1]:
            position.play(block, opp, 1)
        lost = len(blocks) < 2 and position.vct(opp, depth, self.control.ctl) >= 0
        for block in blocks[:1]:
            position.play(block, opp, -1)
        position.play(cell, me, -1)
        return not lost and not self.control.stopped

    def alpha_beta(self, position: Position, me: int, moves: list[int], share: float) -> tuple[int, int, int]:
        """(best cell or -1, its value, depth) of iterative deepening within `share` of the move's effort, over
        `moves` if given."""
        best, value, reached = -1, 0, 0
        ctl = self.control.ctl
        # One table a move: memory is taken only while a search runs (pages are touched as it fills them).
        table = np.zeros((TABLE_SLOTS, 3), dtype=np.int64)
        remembered = (*position.tables(), position.zobrist, table, ctl)
        started = self.now()
        with self.limit(share):
            for depth in range(1, self.max_depth + 1):
                iteration = self.now()
                if moves:
                    cell, score = self.among(position, me, moves, best, depth, remembered)
                else:
                    ctl[search.BEST] = -1
                    score = self.searched(position, me, depth, 0, search.WIN + 1, best, remembered)
                    cell = int(ctl[search.BEST])
                if self.control.stopped or cell < 0:
                    break
                best, value, reached = cell, score, depth
                if abs(score) >= search.WIN - 100:
                    break  # a forced result: deeper search changes nothing
                if self.used(started) + 3 * self.used(iteration) > share:
                    break  # the next iteration would not finish
        return best, value, reached

    def among(
        self, position: Position, me: int, moves: list[int], first: int, depth: int, remembered: Arrays
    ) -> tuple[int, int]:
        """(best cell, value) of a `depth`-ply search whose first move is one of `moves` (`first` tried first)."""
        ordered = sorted(moves, key=lambda cell: cell != first)
        best, alpha = -1, -search.WIN - 1
        for cell in ordered:
            position.play(cell, me, 1)
            score = -self.searched(position, 3 - me, depth - 1, 1, -alpha, search.NO_CELL, remembered)
            position.play(cell, me, -1)
            if self.control.stopped:
                return -1, 0
            if score > alpha:
                best, alpha = cell, score
        return best, alpha

    def searched(
        self, position: Position, player: int, depth: int, ply: int, beta: int, first: int, remembered: Arrays
    ) -> int:
        """The alpha-beta value of `position` for `player` to move, from alpha's floor up to `beta`."""
        numbers = (player, depth, ply, -search.WIN - 1, beta, first, position.k, position.cols, self.width)
        return int(search.search(*numbers, position.key, *remembered))
