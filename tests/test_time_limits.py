"""The clock as a harness option: a model that stalls forfeits, one out of time may move at random instead, and a
match budget runs out over several moves; each is recorded and kept apart from the model's own answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.store import MatchStore
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import run_arena


def matches(db: Path) -> list[Any]:
    """Every recorded match, in index order."""
    with MatchStore(db, read_only=True) as store:
        return sorted(store.iter_matches(), key=lambda record: record.index)


def batch(fake: FakeServer, db: Path, model: str, *more: str) -> Any:
    """A batch of the model against random through the fake server; the run's result."""
    return run_arena("--batch", "--game", "tictactoe", "--players", model, "random", "--seed", "2", "--db", str(db),
                     "--api-base", fake.url, "--no-preflight", "--retries", "0", *more)  # fmt: skip


def test_a_model_that_stalls_forfeits_at_its_move_limit(fake_llm: FakeServer, tmp_path: Path) -> None:
    stalls = fake_llm.script("stalls-forever", Reply(content="MOVE: 2,2", chunk_size=2, stall_after=1))
    ran = batch(fake_llm, tmp_path / "db", f"llm:{stalls};move_seconds=1", "--games", "2", "--timeout", "600")
    assert ran.returncode == 0, ran.stderr
    found = matches(tmp_path / "db")
    assert len(found) == 2
    for record in found:
        seat = next(p.seat for p in record.players if p.spec.startswith("llm:"))
        assert record.outcome.status == "finished" and record.outcome.termination == "time forfeit"
        assert record.outcome.winner == 1 - seat and "its 1 s" in record.outcome.detail
        last = record.moves[-1]
        assert last.seat == seat and not last.valid and last.info["time_out"] == record.outcome.detail
        assert 1 <= last.seconds < 60  # cut at the limit, not at the 600 s call timeout
        assert record.players[seat].settings["move_seconds"] == 1.0
    report = json.loads(run_arena("report", "--db", str(tmp_path / "db"), "--json").stdout)
    row = next(r for r in report["games"]["tictactoe"]["players"] if r["player"].startswith("llm:"))
    assert "move-seconds=1" in row["player"] and row["time_outs"] == 2 and row["invalid_moves"] == 0


def test_out_of_time_may_move_at_random_and_a_match_budget_runs_out(fake_llm: FakeServer, tmp_path: Path) -> None:
    slow = "llm:openai/slow-first-legal"  # 0.2 s before each answer's first chunk
    ran = batch(fake_llm, tmp_path / "random", f"{slow};move_seconds=0.05;on_time=random", "--games", "2")
    assert ran.returncode == 0, ran.stderr
    for record in matches(tmp_path / "random"):
        seat = next(p.seat for p in record.players if p.spec.startswith("llm:"))
        own = [m for m in record.moves if m.seat == seat]
        assert record.outcome.termination != "time forfeit" and own
        assert all(m.valid and m.info["random_move"] and m.raw is None and "0.05 s" in m.info["time_out"] for m in own)
    ran = batch(fake_llm, tmp_path / "budget", f"{slow};match_seconds=0.5", "--games", "2")
    assert ran.returncode == 0, ran.stderr
    for record in matches(tmp_path / "budget"):
        seat = next(p.seat for p in record.players if p.spec.startswith("llm:"))
        spent = sum(m.seconds for m in record.moves if m.seat == seat)
        if record.outcome.termination == "time forfeit":  # a match decided first may end before the budget does
            assert "the match's 0.5 s" in record.outcome.detail and 0.45 <= spent < 30
            assert record.moves[-1].info["time_out"] == record.outcome.detail
    assert any(r.outcome.termination == "time forfeit" for r in matches(tmp_path / "budget"))


def test_a_limit_that_is_not_a_number_of_seconds_is_one_line(tmp_path: Path) -> None:
    for spec, said in [("llm:x;move_seconds=soon", "must be a number"), ("llm:x;move_seconds=0", "positive number"),
                       ("llm:x;move_seconds=5;on_time=pass", "on_time must be one of forfeit, random")]:  # fmt: skip
        refused = run_arena("--batch", "--players", spec, "random", "--db", str(tmp_path / "db"))
        assert refused.returncode == 2 and said in refused.stderr and refused.stderr.count("\n") == 1, refused.stderr


def test_a_poker_decision_made_at_random_for_a_model_out_of_time_is_not_graded_as_its_own(
    fake_llm: FakeServer, tmp_path: Path
) -> None:
    db = tmp_path / "db"
    ran = run_arena("--batch", "--game", "kuhn-poker", "--players", "llm:openai/slow-first-legal;move_seconds=0.05;"
                    "on_time=random", "random", "--games", "2", "--hands", "4", "--db", str(db), "--api-base",
                    fake_llm.url, "--no-preflight", "--retries", "0")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    timed = sum(1 for r in matches(db) for m in r.moves if m.info.get("random_move"))
    assert timed > 0
    report = json.loads(run_arena("report", "--db", str(db), "--json").stdout)
    row = next(r for r in report["games"]["kuhn-poker"]["players"] if r["player"].startswith("llm:"))
    assert row["time_outs"] == timed and row["turns"] == 0 and row["poker"]["decisions"] == 0
