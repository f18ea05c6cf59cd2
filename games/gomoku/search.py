"""The Gomoku search core, compiled by numba: incremental line-window evaluation, alpha-beta, VCF, VCT.

The board is an int8 array (0 empty, 1 and 2 the players). Every k-long line segment of the
board is a window; `counts[w, c]` holds how many stones of player c it has. A window with stones
of one player only is worth WEIGHTS[n] to that player; the totals, the number of windows one
stone short of k ("fours") and of complete ones ("fives") are kept up to date on every move and
its undo, so a position is evaluated in constant time. `near[cell]` counts stones within two
steps, so candidate moves are the empty cells near play.

Arrays, by name: `board`, `counts` (windows x 3), `cell_windows` (cells x at most 4k, -1 padded),
`windows` (windows x k), `near`, `totals` (3), `fours` (3), `fives` (3), `work` (plies x cells x 2)
scratch for ordering moves, `zobrist` (cells x 3) a random number per stone, `table` (slots x 3)
what the search remembers of a position ([key, value, depth | bound << 8 | (best cell + 1) << 16]),
`ctl`: [STOP] set by a timer at the deadline (or by the search past [LIMIT] nodes), [NODES] a counter,
[BEST] the root's best cell.

A position's key is the XOR of its stones' numbers. The table lives for one move, so a position
always sits at the same ply of it and a stored win needs no change of distance.

Threat-space search (`vct`): a threat is a four (one stone short of k, one way to finish) or a
three that can become an open four (a cell that would give two ways to finish at once). The
attacker plays only threats; the defender answers a four with its only block and a three with
every cell of the three's windows that leaves no open four behind, or with a four of its own
(which the attacker must block before going on). The attacker wins when every answer loses.

Over 300 lines in one module: numba compiles these functions together (they call one another
in the hot loop), the evaluation, alpha-beta, VCF and VCT share the incremental window updates,
and numba's disk cache notices a change only in the caller's own file (a cached caller in another
module keeps running the old callee: numba/numba#1833).
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from games.compiled import COMPILED, inlined, jit
from games.search_control import BEST, LIMIT, NODES, STOP

__all__ = ["BEST", "COMPILED", "candidates", "find_vcf", "open_four_cell", "place", "search", "vct"]

EXACT, LOWER, UPPER = 0, 1, 2  # what a stored value is: the value, at least it, at most it
WIN = 1_000_000_000
MAX_PLY = 64
# Typed, not literals: a recursive call with a literal argument cannot be cached.
NO_CELL = cast(int, np.int64(-1))
ATTACKING, DEFENDING = cast(int, np.int64(0)), cast(int, np.int64(1))
SIDE_KEY, ATTACKER_KEY = 0x5851F42D4C957F2D, 0x2545F4914F6CDD1D  # set a threat search's nodes apart in its table


@jit
def _window_value(n: int, k: int) -> int:
    """What a window holding `n` stones of one player only is worth to that player."""
    if n == 0:
        return 0
    if n >= k:
        return 100_000_000
    return 1 << (4 * n)  # 16, 256, 4096, 65536 for k = 5


@inlined
def _account(w: int, sign: int, counts: Any, k: int, totals: Any, fours: Any, fives: Any) -> None:
    """Add (sign 1) or remove (sign -1) window w's share of the totals."""
    a, b = counts[w, 1], counts[w, 2]
    if b == 0 and a > 0:
        totals[1] += sign * _window_value(a, k)
        if a == k - 1:
            fours[1] += sign
        elif a == k:
            fives[1] += sign
    if a == 0 and b > 0:
        totals[2] += sign * _window_value(b, k)
        if b == k - 1:
            fours[2] += sign
        elif b == k:
            fives[2] += sign


@jit
def place(
    cell: int,
    player: int,
    sign: int,
    k: int,
    cols: int,
    board: Any,
    counts: Any,
    cell_windows: Any,
    near: Any,
    totals: Any,
    fours: Any,
    fives: Any,
) -> None:
    """Place (sign 1) or take back (sign -1) a stone of `player`, keeping every count up to date."""
    board[cell] = player if sign > 0 else 0
    for i in range(cell_windows.shape[1]):
        w = cell_windows[cell, i]
        if w < 0:
            break
        _account(w, -1, counts, k, totals, fours, fives)
        counts[w, player] += sign
        _account(w, 1, counts, k, totals, fours, fives)
    _touch(cell, sign, cols, near)


@jit
def _touch(cell: int, sign: int, cols: int, near: Any) -> None:
    """Count a stone (sign 1) or its removal (sign -1) in the neighbourhood of every cell within two steps."""
    rows = len(near) // cols
    r0, c0 = cell // cols, cell % cols
    for r in range(max(0, r0 - 2), min(rows, r0 + 3)):
        for c in range(max(0, c0 - 2), min(cols, c0 + 3)):
            near[r * cols + c] += sign


@jit
def completion_cells(player: int, k: int, windows: Any, counts: Any, board: Any, out: Any) -> int:
    """The distinct empty cells that would give `player` k in a row (written to `out`); their number."""
    n = 0
    for w in range(windows.shape[0]):
        if counts[w, player] == k - 1 and counts[w, 3 - player] == 0:
            for i in range(k):
                cell = windows[w, i]
                if board[cell] == 0:
                    seen = False
                    for j in range(n):
                        if out[j] == cell:
                            seen = True
                    if not seen:
                        out[n] = cell
                        n += 1
    return n


@inlined
def _move_value(cell: int, me: int, k: int, counts: Any, cell_windows: Any) -> int:
    """How much a stone here adds to my windows plus how much it takes from the opponent's (for ordering)."""
    opp = 3 - me
    value = 0
    for i in range(cell_windows.shape[1]):
        w = cell_windows[cell, i]
        if w < 0:
            break
        a, b = counts[w, me], counts[w, opp]
        if b == 0:
            value += _window_value(a + 1, k) - _window_value(a, k)
        if a == 0:
            value += (_window_value(b + 1, k) - _window_value(b, k)) * 3 // 4
    return value


@jit
def candidates(
    me: int, k: int, board: Any, counts: Any, cell_windows: Any, near: Any, out: Any, width: int, answering: bool
) -> int:
    """The `width` best empty cells near play, best first, written to out[:, 0] with their values in out[:, 1].

    `answering` an open three, only the cells of the opponent's threes and our own fours are taken.
    """
    n = 0
    for cell in range(len(board)):
        if board[cell] != 0 or near[cell] == 0:
            continue
        if answering and not (
            _in_window(cell, 3 - me, k - 2, counts, cell_windows) or _in_window(cell, me, k - 2, counts, cell_windows)
        ):
            continue
        value = _move_value(cell, me, k, counts, cell_windows)
        j = n if n < width else width
        if j == width and value <= out[width - 1, 1]:
            continue
        while j > 0 and out[j - 1, 1] < value:
            if j < width:
                out[j, 0] = out[j - 1, 0]
                out[j, 1] = out[j - 1, 1]
            j -= 1
        out[j, 0] = cell
        out[j, 1] = value
        if n < width:
            n += 1
    return n


@jit
def _visit(ctl: Any) -> bool:
    """Count a position; True when the search must stop (its deadline passed or its node limit is reached)."""
    ctl[NODES] += 1
    if ctl[NODES] > ctl[LIMIT]:
        ctl[STOP] = 1
    return ctl[STOP] != 0


@jit
def search(
    me: int,
    depth: int,
    ply: int,
    alpha: int,
    beta: int,
    first: int,
    k: int,
    cols: int,
    width: int,
    key: int,
    board: Any,
    counts: Any,
    windows: Any,
    cell_windows: Any,
    near: Any,
    totals: Any,
    fours: Any,
    fives: Any,
    work: Any,
    zobrist: Any,
    table: Any,
    ctl: Any,
) -> int:
    """Negamax value for `me` to move; WIN - ply for a win found at that ply.

    At ply 0 (the root) `first` (a cell, or -1) is searched first, a few more candidates are searched
    than deeper down, and the best cell is left in ctl[BEST].
    """
    if _visit(ctl):
        return 0
    opp = 3 - me
    if fours[me] > 0:
        return WIN - ply - 1  # a five next move
    if ply >= MAX_PLY - 1:
        return totals[me] - totals[opp]
    scratch = work[ply]
    slot = key & (table.shape[0] - 1)
    hinted = NO_CELL
    if table[slot, 0] == key:
        hinted = (table[slot, 2] >> 16) - 1
        if ply > 0 and (table[slot, 2] & 255) >= depth:
            stored = table[slot, 1]
            bound = (table[slot, 2] >> 8) & 255
            if bound == EXACT or (bound == LOWER and stored >= beta) or (bound == UPPER and stored <= alpha):
                return stored
    if ply == 0:
        hinted = first
    moves = 0
    if fours[opp] > 0:
        blocks = completion_cells(opp, k, windows, counts, board, scratch[:, 0])
        if blocks > 1:
            return -(WIN - ply - 2)  # two ways to five: one block is not enough
        scratch[0, 1] = 0
        moves = 1
    elif ply > 0 and open_four_cell(me, k, windows, counts, board, cell_windows) >= 0:
        return WIN - ply - 3  # an open four now and five the move after: no block stops both
    elif depth <= 0:
        return totals[me] - totals[opp]
    else:
        answering = open_four_cell(opp, k, windows, counts, board, cell_windows) >= 0
        wide = width + 4 if ply == 0 else width
        moves = candidates(me, k, board, counts, cell_windows, near, scratch, wide, answering)
        if moves == 0:
            return 0  # the board is full: a draw
        for i in range(moves):
            if scratch[i, 0] == hinted:
                scratch[i, 0] = scratch[0, 0]
                scratch[0, 0] = hinted
    best, best_cell, floor = -WIN, NO_CELL, alpha
    for i in range(moves):
        cell = scratch[i, 0]
        place(cell, me, 1, k, cols, board, counts, cell_windows, near, totals, fours, fives)
        ceiling = beta if i == 0 else alpha + 1  # after the first move, only prove the others worse
        while True:
            score = -search(
                opp,
                depth - 1,
                ply + 1,
                -ceiling,
                -alpha,
                NO_CELL,
                k,
                cols,
                width,
                key ^ zobrist[cell, me],
                board,
                counts,
                windows,
                cell_windows,
                near,
                totals,
                fours,
                fives,
                work,
                zobrist,
                table,
                ctl,
            )
            if ceiling == beta or score <= alpha or score >= beta or ctl[STOP]:
                break
            ceiling = beta  # it is better: search it again for its value
        place(cell, me, -1, k, cols, board, counts, cell_windows, near, totals, fours, fives)
        if ctl[STOP]:
            return 0
        if score > best:
            best, best_cell = score, cell
            if ply == 0:
                ctl[BEST] = cell
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    bound = LOWER if best >= beta else (UPPER if best <= floor else EXACT)
    table[slot, 0] = key
    table[slot, 1] = best
    table[slot, 2] = max(depth, 0) | (bound << 8) | ((best_cell + 1) << 16)
    return best


@jit
def find_vcf(
    me: int,
    depth: int,
    ply: int,
    k: int,
    cols: int,
    board: Any,
    counts: Any,
    windows: Any,
    cell_windows: Any,
    near: Any,
    totals: Any,
    fours: Any,
    fives: Any,
    work: Any,
    ctl: Any,
) -> int:
    """A first move of a win by continuous fours (victory by continuous fours) for `me`, or -1."""
    if _visit(ctl) or depth <= 0 or ply >= MAX_PLY - 2:
        return -1
    opp = 3 - me
    scratch = work[ply]
    if fours[me] > 0:
        completion_cells(me, k, windows, counts, board, scratch[:, 0])
        return scratch[0, 0]
    if fours[opp] > 0:
        return -1  # the opponent threatens five: a four of ours does not answer it
    n = 0
    for cell in range(len(board)):  # every cell that makes a four
        if board[cell] != 0 or near[cell] == 0:
            continue
        for i in range(cell_windows.shape[1]):
            w = cell_windows[cell, i]
            if w < 0:
                break
            if counts[w, me] == k - 2 and counts[w, opp] == 0:
                scratch[n, 0] = cell
                n += 1
                break
    blocks = work[ply + 1]
    for i in range(n):
        cell = scratch[i, 0]
        place(cell, me, 1, k, cols, board, counts, cell_windows, near, totals, fours, fives)
        replies = completion_cells(me, k, windows, counts, board, blocks[:, 1])
        found = replies >= 2  # an open or double four: no single block stops it
        if not found and replies == 1:
            block = blocks[0, 1]
            place(block, opp, 1, k, cols, board, counts, cell_windows, near, totals, fours, fives)
            if fours[opp] == 0:  # the block makes no four of the opponent's that we would have to answer
                found = (
                    find_vcf(
                        me,
                        depth - 1,
                        ply + 2,
                        k,
                        cols,
                        board,
                        counts,
                        windows,
                        cell_windows,
                        near,
                        totals,
                        fours,
                        fives,
                        work,
                        ctl,
                    )
                    >= 0
                )
            place(block, opp, -1, k, cols, board, counts, cell_windows, near, totals, fours, fives)
        place(cell, me, -1, k, cols, board, counts, cell_windows, near, totals, fours, fives)
        if found and not ctl[STOP]:
            return cell
    return -1


@jit
def _ways_to_five(cell: int, player: int, k: int, windows: Any, counts: Any, board: Any, cell_windows: Any) -> int:
    """How many distinct cells would finish a five after `player` plays `cell` (counting to 2), no fours before."""
    first = -1
    for i in range(cell_windows.shape[1]):
        w = cell_windows[cell, i]
        if w < 0:
            break
        if counts[w, player] != k - 2 or counts[w, 3 - player] != 0:
            continue
        for j in range(k):
            other = windows[w, j]
            if other != cell and board[other] == 0:
                if first < 0:
                    first = other
                elif other != first:
                    return 2
    return 0 if first < 0 else 1


@jit
def _open_four_in(w: int, player: int, k: int, windows: Any, counts: Any, board: Any, cell_windows: Any) -> int:
    """A cell of window `w` where `player` would make two ways to five at once, or -1."""
    if counts[w, player] != k - 2 or counts[w, 3 - player] != 0:
        return -1
    for j in range(k):
        cell = windows[w, j]
        if board[cell] == 0 and _ways_to_five(cell, player, k, windows, counts, board, cell_windows) >= 2:
            return cell
    return -1


@jit
def open_four_cell(player: int, k: int, windows: Any, counts: Any, board: Any, cell_windows: Any) -> int:
    """A cell where `player` would make two ways to five at once (an open or a double four), or -1."""
    for w in range(windows.shape[0]):
        if counts[w, player] != k - 2 or counts[w, 3 - player] != 0:
            continue  # checked here, not in the call: a call that passes arrays costs more than the check
        cell = _open_four_in(w, player, k, windows, counts, board, cell_windows)
        if cell >= 0:
            return cell
    return -1


@jit
def _opened_by(cell: int, player: int, k: int, windows: Any, counts: Any, board: Any, cell_windows: Any) -> bool:
    """True when the stone just played at `cell` gave `player` a cell that makes an open four (none before)."""
    # A new such cell shares a window with the new stone: every other window of it is as it was.
    for i in range(cell_windows.shape[1]):
        w = cell_windows[cell, i]
        if w < 0:
            break
        if _open_four_in(w, player, k, windows, counts, board, cell_windows) >= 0:
            return True
    return False


@jit
def _mark(player: int, stones: int, mark: int, k: int, windows: Any, counts: Any, board: Any, out: Any) -> None:
    """Set out[cell, 1] to `mark` for the unmarked empty cells of windows holding `stones` of `player`'s only."""
    for w in range(windows.shape[0]):
        if counts[w, player] != stones or counts[w, 3 - player] != 0:
            continue
        for j in range(k):
            cell = windows[w, j]
            if board[cell] == 0 and out[cell, 1] == 0:
                out[cell, 1] = mark


@jit
def _marked(mark: int, near: Any, out: Any, n: int) -> int:
    """Write the cells near play marked `mark` (in `out`'s column 1 by cell) to out[n:, 0]; the new count."""
    for cell in range(len(near)):
        if out[cell, 1] == mark and near[cell] > 0:
            out[n, 0] = cell
            n += 1
    return n


@inlined
def _in_window(cell: int, player: int, stones: int, counts: Any, cell_windows: Any) -> bool:
    """True when `cell` lies in a window holding exactly `stones` of `player`'s stones and none of the other's."""
    for i in range(cell_windows.shape[1]):
        w = cell_windows[cell, i]
        if w < 0:
            break
        if counts[w, player] == stones and counts[w, 3 - player] == 0:
            return True
    return False


@jit
def _remember(table: Any, slot: int, node: int, depth: int, found: int) -> int:
    """Store what `vct` found for a node (a win, or none within `depth`), and return it."""
    table[slot, 0] = node
    table[slot, 1] = depth | (1 if found >= 0 else 2) << 8 | (found + 1) << 16
    return found


@jit
def vct(me: int, depth: int, ply: int, defending: int, key: int, k: int, cols: int, arrays: Any, ctl: Any) -> int:
    """`me` to move (`defending` 0): the first cell of a win by threats within `depth` of them, or -1.

    The opponent to move, answering `me` (`defending` 1): 0 when `me` still wins, -1 when it escapes.
    `arrays`: (board, counts, windows, cell_windows, near, totals, fours, fives, work, zobrist, table), the
    table (slots x 2) remembering [node key, depth | outcome << 8 | (cell + 1) << 16]: outcome 1 a win within
    that depth, 2 none within it.
    """
    board, counts, windows, cell_windows, near, totals, fours, fives, work, zobrist, table = arrays
    if _visit(ctl) or ply >= MAX_PLY - 3:
        return -1
    node = key ^ (SIDE_KEY * defending) ^ (ATTACKER_KEY * me)
    slot = node & (table.shape[0] - 1)
    if table[slot, 0] == node:
        stored, outcome = table[slot, 1] & 255, (table[slot, 1] >> 8) & 255
        if outcome == 1 and stored <= depth:
            return 0 if defending else (table[slot, 1] >> 16) - 1
        if outcome == 2 and stored >= depth:
            return -1
    opp = 3 - me
    scratch = work[ply]
    tables = (k, cols, board, counts, cell_windows, near, totals, fours, fives)
    if defending:
        if fours[opp] > 0:
            return -1  # the defender finishes first
        if fours[me] > 0:
            if completion_cells(me, k, windows, counts, board, scratch[:, 0]) >= 2:
                return 0
            block = scratch[0, 0]
            place(block, opp, 1, *tables)
            found = vct(me, depth, ply + 1, ATTACKING, key ^ zobrist[block, opp], k, cols, arrays, ctl)
            place(block, opp, -1, *tables)
            return 0 if found >= 0 else -1
        if open_four_cell(me, k, windows, counts, board, cell_windows) < 0:
            return -1  # no threat: the defender has a free move
        scratch[:, 1] = 0
        _mark(me, k - 2, 1, k, windows, counts, board, scratch)  # the three's cells
        _mark(opp, k - 2, 1, k, windows, counts, board, scratch)  # the defender's own fours
        n = _marked(1, near, scratch, 0)
        replies = work[ply + 1]
        for i in range(n):
            cell = scratch[i, 0]
            place(cell, opp, 1, *tables)
            after = key ^ zobrist[cell, opp]
            if fours[opp] > 0:  # a counter-four: the attacker must block it first
                found = -1
                if completion_cells(opp, k, windows, counts, board, replies[:, 1]) == 1:
                    block = replies[0, 1]
                    place(block, me, 1, *tables)
                    found = vct(me, depth, ply + 2, DEFENDING, after ^ zobrist[block, me], k, cols, arrays, ctl)
                    place(block, me, -1, *tables)
            elif open_four_cell(me, k, windows, counts, board, cell_windows) >= 0:
                found = 0  # not an answer: the open four comes next
            else:
                found = vct(me, depth, ply + 1, ATTACKING, after, k, cols, arrays, ctl)
            place(cell, opp, -1, *tables)
            if ctl[STOP]:
                return -1
            if found < 0:
                return _remember(table, slot, node, depth, -1)
        return _remember(table, slot, node, depth, 0)
    if fours[me] > 0:
        completion_cells(me, k, windows, counts, board, scratch[:, 0])
        return scratch[0, 0]
    if fours[opp] > 0:
        return -1
    cell = open_four_cell(me, k, windows, counts, board, cell_windows)
    if cell >= 0 or depth <= 0:
        return cell
    scratch[:, 1] = 0
    _mark(me, k - 2, 1, k, windows, counts, board, scratch)  # fours first
    _mark(me, k - 3, 2, k, windows, counts, board, scratch)  # then threes
    n = _marked(2, near, scratch, _marked(1, near, scratch, 0))
    for i in range(n):
        cell = scratch[i, 0]
        place(cell, me, 1, *tables)
        found = -1
        if fours[me] > 0 or _opened_by(cell, me, k, windows, counts, board, cell_windows):
            found = vct(me, depth - 1, ply + 1, DEFENDING, key ^ zobrist[cell, me], k, cols, arrays, ctl)
        place(cell, me, -1, *tables)
        if ctl[STOP]:
            return -1
        if found >= 0:
            return _remember(table, slot, node, depth, cell)
    return _remember(table, slot, node, depth, -1)
