"""The match runner: events, invalid-move policies, limits, failures, seeds, tournaments."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from arena.match.events import Event, MatchEnded, MatchStarted, MovePlayed, MoveRejected, TurnStarted
from arena.match.policy import InvalidMovePolicy
from arena.players import Choice, TurnView
from arena.players.base import PlayerFailure
from arena.players.scripted import ScriptedPlayer
from arena.runner.match import MatchRunner, MatchSetup
from arena.runner.tournament import TournamentPlan, run_tournament


async def run(setup: MatchSetup, players: list[Any] | None = None) -> tuple[Any, list[Event]]:
    events: list[Event] = []
    record = await MatchRunner(setup, [events.append], players).run()
    return record, events


async def test_events_come_in_order_and_match_the_record() -> None:
    setup = MatchSetup("tictactoe", ("scripted", "scripted"), seed=1)
    players = [ScriptedPlayer(["1 1", "1 2", "1 3"]), ScriptedPlayer(["2 1", "2 2"])]
    record, events = await run(setup, players)
    kinds = [type(e).__name__ for e in events]
    assert kinds[0] == "MatchStarted" and kinds[-1] == "MatchEnded"
    assert kinds[1:-1] == ["TurnStarted", "MovePlayed"] * 5
    played = [e for e in events if isinstance(e, MovePlayed)]
    assert [e.move for e in played] == ["1,1", "2,1", "1,2", "2,2", "1,3"]
    assert [e.seat for e in played] == [0, 1, 0, 1, 0]
    assert record.outcome.winner == 0 and record.outcome.status == "finished"
    assert [m.move for m in record.moves] == [e.move for e in played]
    ended = events[-1]
    assert isinstance(ended, MatchEnded) and ended.record == record
    started = events[0]
    assert isinstance(started, MatchStarted) and started.match_id == record.id


async def test_childplay_policy_an_invalid_answer_loses_at_once() -> None:
    setup = MatchSetup("tictactoe", ("scripted", "scripted"), seed=1)
    players = [ScriptedPlayer(["2 2", "2 2"]), ScriptedPlayer(["1 1"])]
    record, events = await run(setup, players)
    assert record.outcome.winner == 1 and record.outcome.termination == "invalid move"
    rejected = [e for e in events if isinstance(e, MoveRejected)]
    assert len(rejected) == 1 and "taken" in rejected[0].reason
    assert record.moves[-1].valid is False and record.moves[-1].raw == "2 2"


async def test_retry_policy_gives_feedback_then_disqualifies() -> None:
    seen: list[TurnView] = []

    class Stubborn(ScriptedPlayer):
        async def choose_move(self, view: TurnView) -> Choice:
            seen.append(view)
            return await super().choose_move(view)

    policy = InvalidMovePolicy(allowed=2, on_exhausted="disqualified")
    setup = MatchSetup("connect-four", ("scripted", "scripted"), seed=1, policy=policy)
    players = [Stubborn(["4", "nine", "9", "3", "x"]), ScriptedPlayer(["4", "4", "4"])]
    record, events = await run(setup, players)
    assert record.outcome.termination == "disqualified"
    assert record.outcome.disqualified == 0 and record.outcome.winner is None
    turns = [e for e in events if isinstance(e, TurnStarted) and e.seat == 0]
    assert [t.attempt for t in turns] == [1, 1, 2, 3, 1]  # the limit counts the whole match
    assert seen[2].feedback is not None and "column" in seen[2].feedback
    assert sum(1 for m in record.moves if not m.valid) == 3


async def test_retry_policy_recovers_after_a_correction() -> None:
    policy = InvalidMovePolicy(allowed=3, on_exhausted="disqualified")
    setup = MatchSetup("tictactoe", ("scripted", "scripted"), seed=1, policy=policy)
    players = [ScriptedPlayer(["1 1", "oops", "1 2", "1 3"]), ScriptedPlayer(["3 3", "3 2"])]
    record, _ = await run(setup, players)
    assert record.outcome.winner == 0
    assert [m.attempt for m in record.moves if m.seat == 0] == [1, 1, 2, 1]


async def test_move_limit_cancels_without_scoring() -> None:
    setup = MatchSetup("gomoku", ("random", "random"), seed=3, max_moves=10)
    record, _ = await run(setup)
    assert record.outcome.status == "cancelled" and record.outcome.winner is None
    assert len(record.played) == 10


async def test_a_player_failure_ends_the_match_as_error_not_as_a_move() -> None:
    class Broken:
        spec = "broken"

        def settings(self) -> dict[str, Any]:
            return {}

        async def choose_move(self, view: TurnView) -> Choice:
            raise PlayerFailure("provider unreachable after 5 tries")

    setup = MatchSetup("tictactoe", ("random", "broken"), seed=1)
    record, events = await run(setup, [ScriptedPlayer(["1 1"]), Broken()])
    assert record.outcome.status == "error" and record.outcome.winner is None
    assert "provider unreachable" in record.outcome.detail
    assert all(m.seat == 0 for m in record.moves)
    assert not any(isinstance(e, MoveRejected) for e in events)


async def test_cancelling_records_the_match_as_aborted() -> None:
    release = asyncio.Event()

    class Waiting(ScriptedPlayer):
        async def choose_move(self, view: TurnView) -> Choice:
            await release.wait()
            return await super().choose_move(view)

    events: list[Event] = []
    runner = MatchRunner(
        MatchSetup("tictactoe", ("a", "b"), seed=1), [events.append], [Waiting(["1 1"]), ScriptedPlayer([])]
    )
    task = asyncio.create_task(runner.run())
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    ended = events[-1]
    assert isinstance(ended, MatchEnded) and ended.record.outcome.status == "aborted"


async def test_same_seed_same_match_different_seed_different_match() -> None:

    first, _ = await run(MatchSetup("battleship", ("minimax", "random"), seed=11, game_options={"preset": "childplay"}))
    again, _ = await run(MatchSetup("battleship", ("minimax", "random"), seed=11, game_options={"preset": "childplay"}))
    other, _ = await run(MatchSetup("battleship", ("minimax", "random"), seed=12, game_options={"preset": "childplay"}))
    assert [m.move for m in first.moves] == [m.move for m in again.moves]
    assert [m.move for m in first.moves] != [m.move for m in other.moves]
    assert first.outcome.winner == 0 or first.outcome.winner == 1


async def test_tournament_swaps_seats_and_derives_seeds() -> None:
    plan = TournamentPlan("tictactoe", ("minimax", "random"), games=6, seed=7, swap_seats=True)
    records = await run_tournament(plan, concurrency=3)
    assert [r.index for r in records] == list(range(6))
    assert [r.players[0].spec for r in records] == ["minimax", "random"] * 3
    assert len({r.seed for r in records}) == 6
    assert all(r.tournament == plan.tournament_id for r in records)
    for r in records:
        engine_seat = 0 if r.players[0].spec == "minimax" else 1
        assert r.outcome.winner in (None, engine_seat)
