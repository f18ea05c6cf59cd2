"""Analyses shared out over worker processes are the ones one process makes, and the cache takes them all."""

from __future__ import annotations

from pathlib import Path

from arena.analysis.cache import analyse_store
from arena.store import MatchStore
from tests.processes import run_arena


def test_workers_analyse_as_one_process_does(tmp_path: Path) -> None:
    db = tmp_path / "db"
    for game in ("connect-four", "tictactoe", "battleship"):
        played = run_arena("--batch", "--game", game, "--players", "random", "minimax", "--games", "8", "--db", str(db))
        assert played.returncode == 0, played.stderr
    played = run_arena("--batch", "--game", "chess", "--players", "random", "random", "--games", "4", "--max-plies",
                       "6", "--db", str(db))  # fmt: skip
    assert played.returncode == 0, played.stderr
    with MatchStore(db, read_only=True) as store:
        shared = analyse_store(store, budget=200_000, workers=lambda missing: 2)
    written_by_two = (db / "analysis-cache.jsonl").read_bytes()
    (db / "analysis-cache.jsonl").unlink()
    with MatchStore(db, read_only=True) as store:
        alone = analyse_store(store, budget=200_000)
        asked: list[int] = []

        def workers(missing: int) -> int:
            asked.append(missing)
            return 2

        cached = analyse_store(store, budget=200_000, workers=workers)
    assert len(shared) == 28 and asked == [0]  # the cache held every analysis: none was made again
    assert [a.as_json() for a in shared] == [a.as_json() for a in alone] == [a.as_json() for a in cached]
    assert sum(seat.graded for a in shared for seat in a.seats) > 50
    assert (db / "analysis-cache.jsonl").read_bytes() == written_by_two  # merged in one order, whoever finished first
