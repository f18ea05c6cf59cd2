"""The match runner: asks players for moves, lets the game judge them, tells observers, builds the record."""

from __future__ import annotations

import asyncio
import inspect
import random
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from arena.engine.events import Event, MatchEnded, MatchStarted, MovePlayed, MoveRejected, TurnStarted
from arena.engine.policy import CHILDPLAY, InvalidMovePolicy
from arena.players import Player, TurnView, make_player
from arena.records import MatchRecord, MoveRecord, OutcomeRecord, PlayerRecord
from games.base import GameError
from games.registry import make_game

Observer = Callable[[Event], Awaitable[None] | None]


class PlayerFailure(Exception):
    """A player could not answer for a reason that is not its move (e.g. its provider failed)."""


@dataclass(frozen=True)
class MatchSetup:
    """Everything that defines a match before it is played."""

    game: str
    players: tuple[str, str]
    seed: int | str
    game_options: dict[str, Any] = field(default_factory=dict)
    policy: InvalidMovePolicy = CHILDPLAY
    max_moves: int | None = None
    tournament: str | None = None
    index: int = 0
    match_id: str = field(default_factory=lambda: uuid.uuid4().hex)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class MatchRunner:
    """Plays one match from a setup; the TUI and batch mode both use it."""

    def __init__(
        self,
        setup: MatchSetup,
        observers: Sequence[Observer] = (),
        players: Sequence[Player] | None = None,
    ) -> None:
        self.setup = setup
        self.observers = list(observers)
        self.game = make_game(setup.game, **setup.game_options)
        self.players = (
            list(players)
            if players is not None
            else [make_player(spec, f"{setup.seed}:seat{seat}") for seat, spec in enumerate(setup.players)]
        )
        self.moves: list[MoveRecord] = []

    async def emit(self, event: Event) -> None:
        """Send an event to every observer, awaiting those that are coroutines."""
        for observer in self.observers:
            result = observer(event)
            if inspect.isawaitable(result):
                await result

    async def run(self) -> MatchRecord:
        """Play to the end; a cancelled match is recorded as aborted before the cancellation goes on."""
        setup = self.setup
        started_at, clock = _now(), time.perf_counter()
        state = self.game.initial_state(random.Random(f"{setup.seed}:game"))
        await self.emit(MatchStarted(setup.match_id, self.game.name, setup.players, setup.seed, state))
        try:
            outcome = await self.play(state)
        except asyncio.CancelledError:
            outcome = OutcomeRecord(status="aborted", termination="aborted", detail="stopped before the end")
            record = self.record(outcome, started_at, clock)
            await self.emit(MatchEnded(setup.match_id, record))
            raise
        record = self.record(outcome, started_at, clock)
        await self.emit(MatchEnded(setup.match_id, record))
        return record

    def record(self, outcome: OutcomeRecord, started_at: str, clock: float) -> MatchRecord:
        """The match record as it stands."""
        setup = self.setup
        return MatchRecord(
            id=setup.match_id,
            game=self.game.name,
            game_options=self.game.options(),
            players=[PlayerRecord(seat=s, spec=p.spec, settings=p.settings()) for s, p in enumerate(self.players)],
            seed=setup.seed,
            policy=setup.policy.as_dict() | {"max_moves": setup.max_moves},
            moves=list(self.moves),
            outcome=outcome,
            started_at=started_at,
            ended_at=_now(),
            seconds=round(time.perf_counter() - clock, 6),
            tournament=setup.tournament,
            index=setup.index,
        )

    async def play(self, state: Any) -> OutcomeRecord:
        """The move loop; returns how the match ended."""
        game, setup = self.game, self.setup
        invalid = [0, 0]
        while (result := game.outcome(state)) is None:
            if setup.max_moves is not None and game.ply(state) >= setup.max_moves:
                return OutcomeRecord(
                    status="cancelled", termination="move limit", detail=f"reached {setup.max_moves} moves"
                )
            seat, ply = game.to_move(state), game.ply(state)
            attempt, feedback = 1, None
            while True:
                await self.emit(TurnStarted(setup.match_id, ply, seat, attempt))
                started = time.perf_counter()
                try:
                    choice = await self.players[seat].choose_move(TurnView(game, state, seat, attempt, feedback))
                except PlayerFailure as failure:
                    return OutcomeRecord(
                        status="error", termination="player failure", detail=f"seat {seat + 1}: {failure}"
                    )
                seconds = round(time.perf_counter() - started, 6)
                try:
                    move = choice.move if choice.move is not None else game.parse_move(state, choice.text or "")
                    after = game.apply(state, move)
                except GameError as error:
                    invalid[seat] += 1
                    self.moves.append(
                        MoveRecord(
                            ply=ply,
                            seat=seat,
                            attempt=attempt,
                            raw=choice.text,
                            valid=False,
                            error=str(error),
                            seconds=seconds,
                            info=choice.info,
                        )
                    )
                    await self.emit(MoveRejected(setup.match_id, ply, seat, attempt, choice.text, str(error)))
                    if invalid[seat] > setup.policy.allowed:
                        return self.invalid_end(seat, str(error))
                    attempt, feedback = attempt + 1, str(error)
                    continue
                text = game.move_text(move)
                self.moves.append(
                    MoveRecord(
                        ply=ply,
                        seat=seat,
                        attempt=attempt,
                        move=text,
                        raw=choice.text,
                        valid=True,
                        seconds=seconds,
                        info=choice.info,
                    )
                )
                state = after
                await self.emit(MovePlayed(setup.match_id, ply, seat, text, choice.text, seconds, attempt, state))
                break
        return OutcomeRecord(
            status="finished",
            winner=result.winner,
            termination="draw" if result.winner is None else "win",
            detail=result.reason,
        )

    def invalid_end(self, seat: int, reason: str) -> OutcomeRecord:
        """The end the policy gives after one invalid answer too many."""
        if self.setup.policy.on_exhausted == "disqualified":
            return OutcomeRecord(status="finished", termination="disqualified", disqualified=seat, detail=reason)
        return OutcomeRecord(status="finished", winner=1 - seat, termination="invalid move", detail=reason)
