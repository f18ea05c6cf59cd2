"""One chess game's moves summed per seat into slices: in book, out of book, and ply bands (arena.analysis.book
says what each figure means). Kept with the game's analysis, so a report sums them without the move rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

BANDS = ((1, 10), (11, 20), (21, 40), (41, 10_000))
SLICE_FIELDS = ("turns", "first_try_legal", "graded", "accuracy", "best", "random_accuracy", "random_best")


def band_of(game_ply: int) -> str:
    """`1-10`, `11-20`, `21-40` or `41+`."""
    low, high = next(band for band in BANDS if band[0] <= game_ply <= band[1])
    return f"{low}+" if high == BANDS[-1][1] else f"{low}-{high}"


def seat_slices(
    rows: Sequence[Sequence[Any]],
    fields: Sequence[str],
    opening_plies: int,
    book_exit: int | None,
    has_book: bool,
) -> list[dict[str, list[float]]]:
    """Per seat, each slice's sums in SLICE_FIELDS order (rows are the analysis's move rows, named by `fields`)."""
    from arena.engines.chess_grades import move_accuracy

    at = {name: fields.index(name) for name in ("ply", "seat", "valid", "best_value", "value")}
    extra = {name: fields.index(name) for name in ("random_accuracy", "random_best")}
    seats: list[dict[str, list[float]]] = [{}, {}]
    seen: set[tuple[Any, int]] = set()
    for row in rows:
        ply, seat = row[at["ply"]], int(row[at["seat"]])
        names = [band_of(int(ply) + 1 + opening_plies)]
        if has_book:
            names.append("in book" if book_exit is None or ply < book_exit else "out of book")
        first = (ply, seat) not in seen
        seen.add((ply, seat))
        best, value = row[at["best_value"]], row[at["value"]]
        graded = best is not None and value is not None
        for name in names:
            sums = seats[seat].setdefault(name, [0.0] * len(SLICE_FIELDS))
            if first:
                sums[0] += 1
                sums[1] += bool(row[at["valid"]])
            if graded:
                sums[2] += 1
                sums[3] += move_accuracy(int(best), int(value))
                sums[4] += value >= best
                sums[5] += float(row[extra["random_accuracy"]] or 0.0)
                sums[6] += float(row[extra["random_best"]] or 0.0)
    return seats
