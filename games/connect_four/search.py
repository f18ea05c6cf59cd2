"""The Connect-Four search core, compiled by numba: Pons' exact negamax and a heuristic anytime search.

Every function works on bitboards held in 64-bit integers (Pons' layout, one column = rows + 1
bits, so 6x7 and 7x7 fit) and on numpy arrays for the transposition table, the opening books
and a control block. Without numba the very same functions run as plain Python (slower, same
scores); `COMPILED` says which one is in use.

Control block `ctl` (int64): [STOP] is set by a timer thread at the deadline, or by the exact search once
[NODES] passes [LIMIT], and makes every search return at once (the caller then discards its result);
[NODES] counts positions visited.
Geometry `geo` (int64): rows, cols, bottom mask, board mask, cells, books on/off, cells of odd rows, and a
salt added to every table key (a new salt empties the table for the search without clearing it).
Scratch `work` (int64, cells + 1 by 2 * cols): per-ply room for ordering children.

Over 300 lines in one module: numba compiles these functions together (they call one another
in the hot loop), and the exact and anytime searches share the move ordering and table code.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from games.compiled import COMPILED, jit
from games.connect_four.bitboard import TABLE_SIZE

__all__ = ["COMPILED", "heuristic_root", "negamax", "solve"]

STOP, NODES, LIMIT = 0, 1, 3
G_ROWS, G_COLS, G_BOTTOM, G_BOARD, G_CELLS, G_BOOKS, G_ODD_ROWS, G_SALT = 0, 1, 2, 3, 4, 5, 6, 7
BOOK_PLY, OUTCOME_BOOK_PLY = 12, 8
PROVEN = 1000  # heuristic search: |value| >= PROVEN is a forced result, PROVEN + Pons score


@jit
def line_cells(p: int, d: int) -> int:
    """Cells completing four of `p`'s stones along one direction (shift `d`)."""
    q = (p << d) & (p << 2 * d)
    r = q & (p << 3 * d)
    r |= q & (p >> d)
    q = (p >> d) & (p >> 2 * d)
    r |= q & (p << d)
    r |= q & (p >> 3 * d)
    return r


@jit
def winning_cells(p: int, mask: int, rows: int, board: int) -> int:
    """Empty cells of the board that would complete four for the owner of `p`."""
    r = (p << 1) & (p << 2) & (p << 3)
    r |= line_cells(p, rows + 1) | line_cells(p, rows) | line_cells(p, rows + 2)
    return r & (board ^ mask)


@jit
def popcount(x: int) -> int:
    """Number of set bits."""
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@jit
def huffman_code(p: int, mask: int, mirrored: bool, rows: int, cols: int) -> int:
    """BitBully's book key: columns bottom up, '10' first player, '11' second, '0' ends a column."""
    code = 0
    h1 = rows + 1
    for c in range(cols):
        col = cols - 1 - c if mirrored else c
        for r in range(rows):
            bit = 1 << (col * h1 + r)
            if not mask & bit:
                break
            code = (code << 2) | (2 if p & bit else 3)
        code <<= 1
    return code << 1


@jit
def book_score(p: int, mask: int, geo: Any, keys: Any, values: Any) -> int:
    """Pons score at 12 stones from the exact book, or 99 if the position is absent."""
    for mirrored in (False, True):
        code = huffman_code(p, mask, mirrored, geo[G_ROWS], geo[G_COLS])
        if code >= 1 << 31:
            code -= 1 << 32
        i = np.searchsorted(keys, code)
        if i < len(keys) and keys[i] == code:
            value = int(values[i])
            if value == 0:
                return 0
            if value > 0:
                return (value - 68) // 2
            return -((-68 - value) // 2)
    return 99


@jit
def book_outcome(p: int, mask: int, geo: Any, keys: Any, values: Any) -> int:
    """+1 win, 0 draw, -1 loss at 8 stones for the side to move (absent means a win)."""
    for mirrored in (False, True):
        code = huffman_code(p, mask, mirrored, geo[G_ROWS], geo[G_COLS])
        i = np.searchsorted(keys, code)
        if i < len(keys) and keys[i] == code:
            return -1 if values[i] else 0
    return 1


@jit
def deep(
    p: int,
    mask: int,
    moves: int,
    alpha: int,
    beta: int,
    rows: int,
    board: int,
    bottom: int,
    cells: int,
    salt: int,
    order: Any,
    tt_keys: Any,
    tt_values: Any,
    work: Any,
    ctl: Any,
) -> int:
    """`negamax` past the books' plies: the board's sizes as numbers and no books, so that each of the millions
    of calls passes five arrays, not ten (15% more positions a second)."""
    ctl[NODES] += 1
    if ctl[NODES] > ctl[LIMIT]:
        ctl[STOP] = 1
    if ctl[STOP]:
        return 0
    possible = (mask + bottom) & board
    threats = winning_cells(p ^ mask, mask, rows, board)
    forced = possible & threats
    if forced:
        if forced & (forced - 1):
            return -((cells - moves) // 2)
        possible = forced
    candidates = possible & ~(threats >> 1)
    if not candidates:
        return -((cells - moves) // 2)
    if moves >= cells - 2:
        return 0
    min_score = -(cells // 2) + 3
    max_score = (cells + 1) // 2 - 3
    low = -((cells - 2 - moves) // 2)
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return alpha
    high = (cells - 1 - moves) // 2
    key = p + mask + salt
    slot = key % TABLE_SIZE  # a constant: the compiler divides by multiplying
    stored = int(tt_values[slot]) if tt_keys[slot] == key else 0
    if stored:  # 0 marks an empty slot (every stored bound is encoded as 1 or more)
        if stored > max_score - min_score + 1:
            low = stored + 2 * min_score - max_score - 2
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
        else:
            high = stored + min_score - 1
    if beta > high:
        beta = high
        if alpha >= beta:
            return beta
    # Children ordered by how many winning cells they leave the mover, centre first on ties.
    ncols = len(order)
    child_moves = work[moves, :ncols]
    child_ranks = work[moves, ncols:]
    n = 0
    for i in range(ncols):
        move = candidates & (((1 << rows) - 1) << (order[i] * (rows + 1)))
        if move:
            rank = popcount(winning_cells(p | move, mask, rows, board))
            j = n
            while j > 0 and child_ranks[j - 1] < rank:
                child_moves[j] = child_moves[j - 1]
                child_ranks[j] = child_ranks[j - 1]
                j -= 1
            child_moves[j] = move
            child_ranks[j] = rank
            n += 1
    opponent = p ^ mask
    for i in range(n):
        score = -deep(
            opponent,
            mask | child_moves[i],
            moves + 1,
            -beta,
            -alpha,
            rows,
            board,
            bottom,
            cells,
            salt,
            order,
            tt_keys,
            tt_values,
            work,
            ctl,
        )
        if ctl[STOP]:
            return 0
        if score >= beta:
            tt_keys[slot] = key
            tt_values[slot] = score + max_score - 2 * min_score + 2
            return score
        if score > alpha:
            alpha = score
    tt_keys[slot] = key
    tt_values[slot] = alpha - min_score + 1
    return alpha


@jit
def negamax(
    p: int,
    mask: int,
    moves: int,
    alpha: int,
    beta: int,
    geo: Any,
    order: Any,
    tt_keys: Any,
    tt_values: Any,
    book: Any,
    work: Any,
    ctl: Any,
) -> int:
    """Pons' exact score within (alpha, beta); assumes the side to move cannot win at once."""
    ctl[NODES] += 1
    if ctl[NODES] > ctl[LIMIT]:
        ctl[STOP] = 1
    if ctl[STOP]:
        return 0
    rows, board, cells = geo[G_ROWS], geo[G_BOARD], geo[G_CELLS]
    possible = (mask + geo[G_BOTTOM]) & board
    threats = winning_cells(p ^ mask, mask, rows, board)
    forced = possible & threats
    if forced:
        if forced & (forced - 1):
            return -((cells - moves) // 2)
        possible = forced
    candidates = possible & ~(threats >> 1)
    if not candidates:
        return -((cells - moves) // 2)
    if moves >= cells - 2:
        return 0
    if geo[G_BOOKS]:
        if moves == BOOK_PLY:
            exact = book_score(p, mask, geo, book[0], book[1])
            if exact != 99:
                return exact
        elif moves == OUTCOME_BOOK_PLY:
            result = book_outcome(p, mask, geo, book[2], book[3])
            if result == 0:
                return 0
            if result > 0 and alpha < 1:
                alpha = 1
            elif result < 0 and beta > -1:
                beta = -1
            if alpha >= beta:
                return alpha if result > 0 else beta
    min_score = -(cells // 2) + 3
    max_score = (cells + 1) // 2 - 3
    low = -((cells - 2 - moves) // 2)
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return alpha
    high = (cells - 1 - moves) // 2
    key = p + mask + geo[G_SALT]
    slot = key % TABLE_SIZE  # a constant: the compiler divides by multiplying
    stored = int(tt_values[slot]) if tt_keys[slot] == key else 0
    if stored:  # 0 marks an empty slot (every stored bound is encoded as 1 or more)
        if stored > max_score - min_score + 1:
            low = stored + 2 * min_score - max_score - 2
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
        else:
            high = stored + min_score - 1
    if beta > high:
        beta = high
        if alpha >= beta:
            return beta
    # Children ordered by how many winning cells they leave the mover, centre first on ties.
    ncols = len(order)
    child_moves = work[moves, :ncols]
    child_ranks = work[moves, ncols:]
    n = 0
    for i in range(ncols):
        move = candidates & (((1 << rows) - 1) << (order[i] * (rows + 1)))
        if move:
            rank = popcount(winning_cells(p | move, mask, rows, board))
            j = n
            while j > 0 and child_ranks[j - 1] < rank:
                child_moves[j] = child_moves[j - 1]
                child_ranks[j] = child_ranks[j - 1]
                j -= 1
            child_moves[j] = move
            child_ranks[j] = rank
            n += 1
    opponent = p ^ mask
    for i in range(n):
        if geo[G_BOOKS] and moves + 1 <= BOOK_PLY:
            score = -negamax(
                opponent,
                mask | child_moves[i],
                moves + 1,
                -beta,
                -alpha,
                geo,
                order,
                tt_keys,
                tt_values,
                book,
                work,
                ctl,
            )
        else:
            score = -deep(
                opponent,
                mask | child_moves[i],
                moves + 1,
                -beta,
                -alpha,
                geo[G_ROWS],
                geo[G_BOARD],
                geo[G_BOTTOM],
                geo[G_CELLS],
                geo[G_SALT],
                order,
                tt_keys,
                tt_values,
                work,
                ctl,
            )
        if ctl[STOP]:
            return 0
        if score >= beta:
            tt_keys[slot] = key
            tt_values[slot] = score + max_score - 2 * min_score + 2
            return score
        if score > alpha:
            alpha = score
    tt_keys[slot] = key
    tt_values[slot] = alpha - min_score + 1
    return alpha


@jit
def solve(
    p: int, mask: int, moves: int, geo: Any, order: Any, tt_keys: Any, tt_values: Any, book: Any, work: Any, ctl: Any
) -> int:
    """The exact Pons score of a position that is not over (meaningless once ctl[STOP] is set)."""
    rows, board, cells = geo[G_ROWS], geo[G_BOARD], geo[G_CELLS]
    if winning_cells(p, mask, rows, board) & (mask + geo[G_BOTTOM]) & board:
        return (cells + 1 - moves) // 2
    low = -((cells - moves) // 2)
    high = (cells + 1 - moves) // 2
    while low < high and not ctl[STOP]:
        med = low + (high - low) // 2
        half_low = -(-low // 2) if low < 0 else low // 2
        if med <= 0 and half_low < med:
            med = half_low
        elif med >= 0 and high // 2 > med:
            med = high // 2
        result = negamax(p, mask, moves, med, med + 1, geo, order, tt_keys, tt_values, book, work, ctl)
        if result <= med:
            high = result
        else:
            low = result
    return low


@jit
def evaluate(p: int, mask: int, moves: int, geo: Any, weights: Any) -> int:
    """Heuristic value for the side to move: threats (more on rows of the owner's parity) and central stones."""
    rows, board = geo[G_ROWS], geo[G_BOARD]
    mine = winning_cells(p, mask, rows, board)
    theirs = winning_cells(p ^ mask, mask, rows, board)
    # Zugzwang: the first player profits from threats on odd rows (1st, 3rd, ...), the second from even ones.
    odd = geo[G_ODD_ROWS]
    good_mine, good_theirs = (odd, board ^ odd) if moves % 2 == 0 else (board ^ odd, odd)
    score = 8 * (popcount(mine) - popcount(theirs))
    score += 6 * (popcount(mine & good_mine) - popcount(theirs & good_theirs))
    cell = mask
    while cell:
        bit = cell & -cell
        index = popcount(bit - 1)
        score += weights[index] if p & bit else -weights[index]
        cell ^= bit
    return score


@jit
def heuristic(
    p: int, mask: int, moves: int, depth: int, alpha: int, beta: int, geo: Any, order: Any, weights: Any, ctl: Any
) -> int:
    """Alpha-beta to `depth` plies, the heuristic at the horizon; forced results are PROVEN + Pons score."""
    ctl[NODES] += 1
    if ctl[STOP]:
        return 0
    rows, board, cells = geo[G_ROWS], geo[G_BOARD], geo[G_CELLS]
    possible = (mask + geo[G_BOTTOM]) & board
    if winning_cells(p, mask, rows, board) & possible:
        return PROVEN + (cells + 1 - moves) // 2
    threats = winning_cells(p ^ mask, mask, rows, board)
    forced = possible & threats
    if forced:
        if forced & (forced - 1):
            return -(PROVEN + (cells - moves) // 2)
        possible = forced
    candidates = possible & ~(threats >> 1)
    if not candidates:
        return -(PROVEN + (cells - moves) // 2)
    if moves >= cells - 2:
        return 0
    if depth <= 0:
        return evaluate(p, mask, moves, geo, weights)
    opponent = p ^ mask
    best = -(PROVEN + cells)
    for i in range(len(order)):
        move = candidates & (((1 << rows) - 1) << (order[i] * (rows + 1)))
        if not move:
            continue
        score = -heuristic(opponent, mask | move, moves + 1, depth - 1, -beta, -alpha, geo, order, weights, ctl)
        if ctl[STOP]:
            return 0
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    return best


@jit
def heuristic_root(
    p: int, mask: int, moves: int, depth: int, first: int, geo: Any, order: Any, weights: Any, ctl: Any
) -> Any:
    """(best column, its value) of a depth-limited search; `first` (a column or -1) is tried first."""
    rows, board = geo[G_ROWS], geo[G_BOARD]
    possible = (mask + geo[G_BOTTOM]) & board
    ncols = len(order)
    columns = np.empty(ncols + 1, dtype=np.int64)
    n = 0
    if first >= 0:
        columns[0] = first
        n = 1
    for i in range(ncols):
        if order[i] != first:
            columns[n] = order[i]
            n += 1
    alpha = -(PROVEN + geo[G_CELLS] + 1)
    result = np.array([-1, alpha], dtype=np.int64)
    for i in range(n):
        col = columns[i]
        move = possible & (((1 << rows) - 1) << (col * (rows + 1)))
        if not move:
            continue
        if winning_cells(p, mask, rows, board) & move:
            score = PROVEN + (geo[G_CELLS] + 1 - moves) // 2
        elif moves + 1 >= geo[G_CELLS]:
            score = 0
        else:
            score = -heuristic(
                p ^ mask, mask | move, moves + 1, depth - 1, -(PROVEN + 100), -alpha, geo, order, weights, ctl
            )
        if ctl[STOP]:
            return result
        if score > alpha or result[0] < 0:
            alpha = score
            result[0] = col
            result[1] = score
    return result
