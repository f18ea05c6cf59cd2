"""The app's evaluation graph: bars about a zero line on a fixed scale, the current move marked, and a dip kept when
there are more moves than columns (a sparkline scaled to its own range drew a game won throughout as bottom bars
and averaged dips away)."""

from __future__ import annotations

from arena.tui.widgets.eval_graph import graph_text


def lines(values: list[float | None], width: int, current: int | None = None) -> list[str]:
    return graph_text(values, 1000.0, width, current).plain.split("\n")


def test_a_game_won_throughout_stands_above_the_zero_line() -> None:
    marker, above, zero, below = lines([300.0, 500.0, 800.0, 1000.0], 10)
    assert above.strip() and not below.strip()  # every bar above, none below
    assert set(zero) == {"─"} and marker.strip() == ""
    assert above[3] == "█" and above[0] in "▁▂▃"  # on the fixed scale: +10 fills the row, +3 a little of it


def test_a_dip_survives_more_moves_than_columns_and_the_move_is_marked() -> None:
    values: list[float | None] = [400.0] * 200
    values[117] = -900.0  # one blunder in a long game
    marker, _above, zero, below = lines(values, 40, current=117)
    assert below.count(" ") == 39 and below.strip() in "▀█"  # its column shows the dip
    assert marker.index("▼") == zero.index("┼") == below.index(below.strip())


def test_ungraded_moves_leave_a_gap_on_the_line() -> None:
    _marker, above, zero, below = lines([100.0, None, -100.0], 3)
    assert zero == "─·─" and above[1] == " " and below[1] == " "
