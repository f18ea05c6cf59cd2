"""A player or engine fault ends its own match as `error` (never scored); the run, the batch and the app go on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.cli import main
from arena.players import PLAYER_KINDS, Choice, PlayerOptions, TurnView
from arena.players.random_player import RandomPlayer
from arena.runner.match import MatchRunner, MatchSetup
from arena.runner.tournament import TournamentPlan, run_tournament
from arena.store import MatchStore
from arena.tui.series_config import SeriesConfig
from tests.tui_helpers import make_app, open_match, status, wait_for


class FaultyPlayer(RandomPlayer):
    """Plays randomly, then raises on its `fail_on`-th move (as a broken engine would)."""

    def __init__(self, seed: int | str, fail_on: int = 2) -> None:
        super().__init__(seed)
        self.spec = "faulty"
        self.fail_on = fail_on
        self.turns = 0

    async def choose_move(self, view: TurnView) -> Choice:
        self.turns += 1
        if self.turns == self.fail_on:
            raise RuntimeError("engine broke [/] at move 2")
        return await super().choose_move(view)


@pytest.fixture
def faulty_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    """A `faulty` player spec, as any front end would build it."""

    def build(argument: str, seed: int | str, options: PlayerOptions) -> Any:
        return FaultyPlayer(seed, int(argument or 2))

    monkeypatch.setitem(PLAYER_KINDS, "faulty", build)


async def test_a_fault_ends_the_match_as_error_with_its_type_and_message() -> None:
    setup = MatchSetup("tictactoe", ("faulty", "random"), seed=1)
    record = await MatchRunner(setup, players=[FaultyPlayer(1), RandomPlayer(2)]).run()
    assert record.outcome.status == "error" and record.outcome.winner is None
    assert record.outcome.detail == "RuntimeError: engine broke [/] at move 2"
    assert len([m for m in record.moves if m.seat == 0]) == 1  # the moves before the fault are kept


async def test_a_tournament_goes_on_past_a_faulty_match(faulty_kind: None) -> None:
    # As X the faulty player fails on its 3rd move; as O (seats swapped) tic-tac-toe can end before that.
    plan = TournamentPlan("tictactoe", ("faulty:3", "random"), games=6, seed=4, swap_seats=True)
    records = await run_tournament(plan, concurrency=2)
    assert len(records) == 6
    errored = [r for r in records if r.outcome.status == "error"]
    assert len(errored) >= 3 and all("RuntimeError" in (r.outcome.detail or "") for r in errored)
    assert all(r.outcome.status == "finished" for r in records if r not in errored)


def test_batch_counts_errors_and_exits_1(faulty_kind: None, db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["--batch", "--game", "tictactoe", "--players", "faulty", "random", "--games", "3", "--db", str(db_path)]
    )
    out, err = capsys.readouterr()
    assert code == 1
    assert "3 match(es) ended with an error and are not scored; first: RuntimeError: engine broke [/]" in err
    assert "3 of them with an error" in " ".join(out.split())
    with MatchStore(db_path) as store:
        assert [r.outcome.status for r in store.matches()] == ["error"] * 3


def test_batch_without_errors_still_exits_0(db_path: Path) -> None:
    assert main(["--batch", "--game", "tictactoe", "--players", "minimax", "random", "--db", str(db_path)]) == 0


async def test_the_app_shows_the_fault_and_stays_alive(faulty_kind: None, db_path: Path) -> None:
    app = make_app(db_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_match(app, pilot, SeriesConfig("tictactoe", ("faulty", "random"), seed=3, games=2))
        await wait_for(pilot, lambda: screen.finished)
        assert [r.outcome.status for r in screen.records] == ["error", "error"]
        assert "2 ended with an error: RuntimeError: engine broke [/] at move 2" in status(app)
        await pilot.pause(0.2)
        assert app.is_running and app.screen is screen
    with MatchStore(db_path) as store:
        assert len(store.matches()) == 2
