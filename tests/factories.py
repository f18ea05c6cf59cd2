"""Synthetic match records of a chosen size, for store tests and benchmarks."""

from __future__ import annotations

import uuid

from arena.match.records import MatchRecord, MoveRecord, OutcomeRecord, PlayerRecord


def sample_record(index: int, move_bytes: int = 2_000) -> MatchRecord:
    """A finished tic-tac-toe-like record whose moves carry about `move_bytes` of raw replies."""
    per_move = 200
    count = max(1, move_bytes // per_move)
    moves = [
        MoveRecord(
            ply=i,
            seat=i % 2,
            attempt=1,
            move=f"{i % 3 + 1},{i % 3 + 1}",
            raw=("reasoning " * 20)[:per_move],
            valid=True,
            seconds=0.001,
        )
        for i in range(count)
    ]
    return MatchRecord(
        id=uuid.uuid4().hex,
        game="tictactoe",
        game_options={"rows": 3, "cols": 3, "k": 3},
        players=[PlayerRecord(seat=0, spec="minimax"), PlayerRecord(seat=1, spec="random", settings={"seed": index})],
        seed=index,
        policy={"allowed": 0, "on_exhausted": "loss"},
        moves=moves,
        outcome=OutcomeRecord(status="finished", winner=0, termination="win", detail="X made a line"),
        started_at="2026-11-21T10:00:00.000+00:00",
        ended_at="2026-11-21T10:00:01.000+00:00",
        seconds=1.0,
        index=index,
    )
