"""The setup form: a player's options box belongs to its kind (switching kinds never carries `elo=1350` from
stockfish to minimax, and switching back restores it), and chess names its seats White and Black."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Label, Select

from arena.tui.screens.setup import SetupScreen
from tests.tui_helpers import make_app, wait_for


async def test_a_kinds_options_stay_with_that_kind(db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#game", Select).value = "chess"
        await wait_for(pilot, lambda: str(setup.query_one("#seat1", Label).render()) == "White")
        assert str(setup.query_one("#seat2", Label).render()) == "Black"
        kind, box = setup.query_one("#kind1", Select), setup.query_one("#model1", Input)
        kind.value = "stockfish"
        await wait_for(pilot, lambda: not box.disabled)
        box.value = "elo=1350"
        kind.value = "minimax"
        await wait_for(pilot, lambda: setup.kinds["1"] == "minimax")
        assert box.value == "" and not box.disabled
        kind.value = "random"
        await wait_for(pilot, lambda: box.disabled)
        kind.value = "stockfish"
        await wait_for(pilot, lambda: box.value == "elo=1350")
        setup.query_one("#game", Select).value = "tictactoe"
        await wait_for(pilot, lambda: str(setup.query_one("#seat1", Label).render()) == "X plays")
