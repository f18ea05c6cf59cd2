"""The setup form: a player's options box belongs to its kind (switching kinds never carries `elo=1350` from
stockfish to minimax, and switching back restores it); chess names its seats White and Black on the form, in the
match screen's lines and in its endings."""

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


def test_chess_endings_and_turns_name_white_and_black() -> None:
    from arena.match.records import OutcomeRecord
    from arena.tui.series import outcome_text, side_name, your_move
    from tests.factories import sample_record

    record = sample_record(1).model_copy(update={"game": "chess"})
    record = record.model_copy(update={"outcome": OutcomeRecord(status="finished", winner=1, termination="checkmate",
                                                                 detail="checkmate")})  # fmt: skip
    said = outcome_text(record)
    assert said.endswith("(Black) wins: checkmate") and "(O)" not in said and "(X)" not in said
    assert (side_name("chess", 0), side_name("tictactoe", 1)) == ("White", "O")
    assert your_move("chess", 1).startswith("Your move as Black")
