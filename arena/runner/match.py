"""The match runner: asks players for moves, lets the game judge them, tells observers, builds the record."""

from __future__ import annotations

import asyncio
import inspect
import random
import time
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from arena.match.events import Event, MatchEnded, MatchStarted, MovePlayed, MoveRejected, Preparing, TurnStarted
from arena.match.manifest import run_manifest
from arena.match.policy import InvalidMovePolicy, applied_policy
from arena.match.records import MatchRecord, MoveRecord, OutcomeRecord, PlayerRecord
from arena.match.time_limit import TimeLimit
from arena.players import Choice, Player, PlayerOptions, TurnView
from arena.players.base import PlayerFailure, SpendCapReached
from arena.runner.clock import OutOfTime, clock_of, random_legal_move, within
from games.base import GameError, InvalidMove
from games.registry import make_game

Observer = Callable[[Event], Awaitable[None] | None]


@dataclass(frozen=True)
class MatchSetup:
    """Everything that defines a match before it is played."""

    game: str
    players: tuple[str, str]
    seed: int | str
    game_options: dict[str, Any] = field(default_factory=dict)
    policy: InvalidMovePolicy | None = None  # None: the prompt families' policy, else ChildPlay's
    max_moves: int | None = None
    tournament: str | None = None
    index: int = 0
    match_id: str = field(default_factory=lambda: uuid.uuid4().hex)


def fault_text(fault: BaseException) -> str:
    """An exception as one line: its type and message."""
    message = " ".join(str(fault).split())
    return f"{type(fault).__name__}: {message}" if message else type(fault).__name__


async def notify(observers: Sequence[Observer], event: Event) -> None:
    """Send an event to every observer, awaiting those that are coroutines."""
    for observer in observers:
        result = observer(event)
        if inspect.isawaitable(result):
            await result


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class MatchRunner:
    """Plays one match from a setup; the TUI and batch mode both use it."""

    def __init__(
        self,
        setup: MatchSetup,
        observers: Sequence[Observer] = (),
        players: Sequence[Player] | None = None,
        options: PlayerOptions | None = None,
    ) -> None:
        self.setup = setup
        self.observers = list(observers)
        self.game = make_game(setup.game, **setup.game_options)
        defaults = (options or PlayerOptions()).for_game(self.game.name)
        from arena.players.registry import make_player  # the engines load with the first match, not with the app

        self.players = (
            list(players)
            if players is not None
            else [make_player(spec, f"{setup.seed}:seat{seat}", defaults) for seat, spec in enumerate(setup.players)]
        )
        self.moves: list[MoveRecord] = []
        found = [getattr(player, "policy", None) for player in self.players]
        declared = [policy for policy in found if isinstance(policy, InvalidMovePolicy)]
        self.policy = applied_policy(setup.policy, declared)
        self._manifest: dict[str, Any] | None = None

    async def prepare_players(self, state: Any) -> None:
        """Let players that need it get ready (compile or load an engine) before any move's clock starts."""
        ready = [(seat, prepare) for seat, p in enumerate(self.players) if (prepare := getattr(p, "prepare", None))]
        if ready:
            await self.emit(Preparing(self.setup.match_id, tuple(seat for seat, _ in ready), state))
            for _, prepare in ready:
                await prepare(self.game)

    async def emit(self, event: Event) -> None:
        """Send an event to every observer."""
        await notify(self.observers, event)

    async def run(self) -> MatchRecord:
        """Play to the end; a cancelled match is recorded as aborted before the cancellation goes on."""
        setup = self.setup
        started_at, clock = now_iso(), time.perf_counter()
        state = self.game.initial_state(random.Random(f"{setup.seed}:game"))
        try:
            await self.prepare_players(state)
            await self.emit(MatchStarted(setup.match_id, self.game.name, setup.players, setup.seed, state))
            outcome = await self.play(state)
        except Exception as fault:  # a player's or game's fault ends this match only, unscored
            outcome = OutcomeRecord(status="error", termination="fault", detail=fault_text(fault))
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
            policy=self.policy.as_dict() | {"max_moves": setup.max_moves},
            moves=list(self.moves),
            outcome=outcome,
            started_at=started_at,
            ended_at=now_iso(),
            seconds=round(time.perf_counter() - clock, 6),
            tournament=setup.tournament,
            index=setup.index,
            manifest=self.manifest(),
        )

    def manifest(self) -> dict[str, Any]:
        """The match's run manifest, made once (a player may be swapped in after the runner is built)."""
        if self._manifest is None:
            self._manifest = run_manifest(self.game.name, list(self.players))
        return self._manifest

    def move_limit(self) -> int | None:
        """The match's move limit, or the tightest one a player's prompt family declares."""
        limits = [self.setup.max_moves] + [getattr(p, "max_moves", None) for p in self.players]
        known = [limit for limit in limits if isinstance(limit, int)]
        return min(known) if known else None

    async def play(self, state: Any) -> OutcomeRecord:
        """The move loop; returns how the match ended."""
        game, setup = self.game, self.setup
        invalid = [0, 0]
        used = [0.0, 0.0]  # seconds each player's moves took, against its clock
        clocks = [clock_of(player) for player in self.players]
        history: list[str] = []
        limit = self.move_limit()
        while (result := game.outcome(state)) is None:
            if limit is not None and game.ply(state) >= limit:
                return OutcomeRecord(status="cancelled", termination="move limit", detail=f"reached {limit} moves")
            seat, ply = game.to_move(state), game.ply(state)
            attempt, feedback, last_answer = 1, None, None
            refused: list[tuple[str | None, str]] = []
            while True:
                await self.emit(TurnStarted(setup.match_id, ply, seat, attempt))
                view = TurnView(
                    game,
                    state,
                    seat,
                    attempt,
                    feedback,
                    last_answer,
                    invalid[seat],
                    self.policy.allowed,
                    ply,
                    setup.match_id,
                    self.emit,
                    tuple(refused),
                    tuple(history),
                )
                started = time.perf_counter()
                try:
                    choice = await within(self.players[seat].choose_move(view), clocks[seat], used[seat])
                except OutOfTime as out:
                    seconds = round(time.perf_counter() - started, 6)
                    used[seat] += seconds  # spent all the same: a match's budget has nothing left after it
                    timed = await self.out_of_time(state, seat, attempt, seconds, str(out), clocks[seat])
                    if isinstance(timed, OutcomeRecord):
                        return timed
                    state, text = timed
                    history.append(text)
                    break
                except SpendCapReached as stopped:
                    return OutcomeRecord(status="aborted", termination="spend cap", detail=str(stopped))
                except PlayerFailure as failure:
                    return OutcomeRecord(
                        status="error", termination="player failure", detail=f"seat {seat + 1}: {failure}"
                    )
                seconds = round(time.perf_counter() - started, 6)
                used[seat] += seconds
                try:
                    if choice.error is not None:
                        raise InvalidMove(choice.error)
                    move = choice.move if choice.move is not None else game.parse_move(state, choice.text or "")
                    after = game.apply(state, move)
                except GameError as error:
                    invalid[seat] += 1
                    self.moves.append(self.move_record(choice, ply, seat, attempt, seconds, None, str(error)))
                    await self.emit(
                        MoveRejected(setup.match_id, ply, seat, attempt, choice.raw or choice.text, str(error))
                    )
                    if invalid[seat] > self.policy.allowed or getattr(self.players[seat], "final_answers", False):
                        return self.invalid_end(seat, str(error), self.policy)
                    attempt, feedback, last_answer = attempt + 1, str(error), choice.raw or choice.text
                    refused.append((choice.text.strip() if choice.text and choice.text.strip() else None, str(error)))
                    continue
                text = game.move_text(move)
                history.append(text)
                if hasattr(game, "move_info"):  # what the game records of a decision (poker: its information set)
                    choice = replace(choice, info={**choice.info, **game.move_info(state, move)})
                self.moves.append(self.move_record(choice, ply, seat, attempt, seconds, text, None))
                state = after
                await self.emit(
                    MovePlayed(setup.match_id, ply, seat, text, choice.raw or choice.text, seconds, attempt, state)
                )
                break
        return OutcomeRecord(
            status="finished",
            winner=result.winner,
            termination="draw" if result.winner is None else "win",
            detail=result.reason,
            scores=list(result.scores) or None,
        )

    @staticmethod
    def move_record(
        choice: Choice, ply: int, seat: int, attempt: int, seconds: float, move: str | None, error: str | None
    ) -> MoveRecord:
        """One attempt as recorded: the move or the reason it was refused, and everything said."""
        return MoveRecord(
            ply=ply,
            seat=seat,
            attempt=attempt,
            move=move,
            raw=choice.raw or choice.text,
            valid=error is None,
            error=error,
            seconds=seconds,
            prompt=choice.prompt,
            reasoning=choice.reasoning,
            finish_reason=choice.finish_reason,
            tokens=choice.tokens,
            cost=choice.cost,
            first_token_seconds=choice.first_token_seconds,
            info=choice.info,
        )

    async def out_of_time(
        self, state: Any, seat: int, attempt: int, seconds: float, reason: str, clock: TimeLimit
    ) -> OutcomeRecord | tuple[Any, str]:
        """A player out of time: the match forfeited, or a random legal move made for it (recorded as such);
        returns the outcome, or the position after the move and the move's text."""
        ply, match_id = self.game.ply(state), self.setup.match_id
        info = {"time_out": reason, "on_time": clock.on_time}
        if clock.on_time == "forfeit":
            self.moves.append(self.move_record(Choice(info=info), ply, seat, attempt, seconds, None, reason))
            await self.emit(MoveRejected(match_id, ply, seat, attempt, None, reason))
            return OutcomeRecord(status="finished", winner=1 - seat, termination="time forfeit", detail=reason)
        move = random_legal_move(self.game, state, self.setup.seed, ply)
        text = self.game.move_text(move)
        after = self.game.apply(state, move)
        self.moves.append(self.move_record(Choice(info=info | {"random_move": True}), ply, seat, attempt, seconds,
                                           text, None))  # fmt: skip
        await self.emit(MovePlayed(match_id, ply, seat, text, None, seconds, attempt, after))
        return after, text

    def invalid_end(self, seat: int, reason: str, policy: InvalidMovePolicy) -> OutcomeRecord:
        """The end the policy gives after one invalid answer too many."""
        if policy.on_exhausted == "disqualified":
            return OutcomeRecord(status="finished", termination="disqualified", disqualified=seat, detail=reason)
        return OutcomeRecord(status="finished", winner=1 - seat, termination="invalid move", detail=reason)
