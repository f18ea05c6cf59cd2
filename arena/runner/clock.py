"""The runner's clock for players with a time limit: a move cut off when its time is up, and what follows."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable
from typing import Any

from arena.match.time_limit import TimeLimit
from arena.players import Choice


class OutOfTime(Exception):
    """A player's move took longer than its clock allowed."""


def clock_of(player: Any) -> TimeLimit | None:
    """The player's time limit, None when it has none."""
    found = getattr(player, "time_limit", None)
    return found if isinstance(found, TimeLimit) and found.limited else None


async def within(asked: Awaitable[Choice], clock: TimeLimit | None, used: float) -> Choice:
    """The choice, or OutOfTime saying which limit ran out (the call in flight is cancelled)."""
    allowed = clock.allowed(used) if clock is not None else None
    if allowed is None:
        return await asked
    try:
        return await asyncio.wait_for(asked, max(allowed, 0.0))
    except TimeoutError:
        assert clock is not None
        raise OutOfTime(out_of_time_reason(clock, allowed)) from None


def out_of_time_reason(clock: TimeLimit, allowed: float) -> str:
    """Which limit ran out, in words."""
    if clock.move_seconds is not None and allowed >= clock.move_seconds:
        return f"out of time: the move took over its {clock.move_seconds:g} s"
    return f"out of time: the match's {clock.match_seconds:g} s for this player's moves ran out"


def random_legal_move(game: Any, state: Any, seed: int | str, ply: int) -> Any:
    """The move a player out of time makes when its clock says `random`: drawn from the match's seed."""
    return random.Random(f"{seed}:clock:{ply}").choice(list(game.legal_moves(state)))
