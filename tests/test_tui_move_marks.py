"""The move list shows every engine mark whole: the move column widens to a marked move (`c1h6??`, `c2e1?!`)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.coordinate import Coordinate

from arena.match.records import MoveRecord
from arena.tui.widgets.moves import MoveList


class MovesApp(App[None]):
    def compose(self) -> ComposeResult:
        yield MoveList()


@pytest.mark.asyncio
async def test_a_mark_on_the_longest_move_is_shown_whole() -> None:
    app = MovesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        moves = app.query_one(MoveList)
        for ply, move in enumerate(("e2e4", "c1h6", "c2e1")):
            moves.add_attempt(ply + 1, "random", MoveRecord(ply=ply, seat=ply % 2, attempt=1, move=move, valid=True,
                                                            seconds=0.1))  # fmt: skip
        await pilot.pause()  # drawn first, as the replay draws its moves before the grades arrive
        moves.mark(1, "??")
        moves.mark(2, "?!")
        await pilot.pause()
        column = moves.columns[moves.keys[1]]
        assert column.get_render_width(moves) - 2 * moves.cell_padding >= len("c1h6??")
        shown = [str(moves.get_cell_at(Coordinate(row, 1))) for row in range(3)]
        assert shown == ["e2e4", "c1h6??", "c2e1?!"]
        line = "".join(segment.text for segment in moves.render_line(2))  # the header is line 0
        assert "c1h6??" in line, line
