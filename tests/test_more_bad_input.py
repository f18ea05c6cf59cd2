"""Inputs that used to be taken silently or wrongly: each is refused in one line or counted by the stated rule."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

from arena.analysis.leaderboard import build_leaderboard
from arena.analysis.moves import analyse
from arena.match.policy import InvalidMovePolicy
from arena.runner.tournament import TournamentPlan, run_tournament
from arena.store import MatchStore
from tests.processes import ROOT


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_a_player_listed_twice_and_an_unknown_resume_are_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    twice = arena("--batch", "--players", "minimax", "minimax", "random", "--db", db)
    assert twice.returncode == 2 and "listed twice" in twice.stderr and len(twice.stderr.splitlines()) == 1
    unknown = arena("--batch", "--resume", "t-123456789abc", "--db", db)
    assert unknown.returncode == 2 and "no tournament t-123456789abc" in unknown.stderr
    assert arena("--batch", "--players", "random", "random", "--games", "2", "--db", db).returncode == 0  # a mirror


def test_a_journal_line_naming_a_path_is_set_aside_not_followed(tmp_path: Path) -> None:
    db = tmp_path / "db"
    MatchStore(db).close()
    line = json.dumps({"table": "../escaped", "document": {"id": "x"}})
    (db / "journal").write_text(line + "\n")
    with MatchStore(db) as store:
        assert any("unreadable journal line" in warning for warning in store.warnings)
    assert not list(tmp_path.glob("escaped*")) and not list(db.glob("*escaped*json"))


def test_task_commands_print_the_stores_warnings_and_a_finished_session_is_not_run_again(tmp_path: Path) -> None:
    db = tmp_path / "db"
    first = arena("task", "run", "shapes", "--items", "4", "--db", str(db))
    assert first.returncode == 0
    (db / "journal").write_bytes(b'{"table": "matches", "document": {"id": "torn')  # a writer killed mid-line
    again = arena("task", "run", "shapes", "--items", "4", "--db", str(db))
    assert again.returncode == 0 and "warning:" in again.stderr and "is finished" in again.stderr
    with MatchStore(db, read_only=True) as store:
        assert len(list(store.documents("task_sessions"))) == 1  # not a second full session
    assert arena("task", "run", "shapes", "--items", "4", "--again", "--db", str(db)).returncode == 0
    with MatchStore(db, read_only=True) as store:
        assert len(list(store.documents("task_sessions"))) == 2


def test_errored_matches_count_in_no_rate() -> None:
    policy = InvalidMovePolicy(5, "loss")
    plans = [
        TournamentPlan("tictactoe", ("scripted:1,1", "random"), 3, seed=1, policy=policy),
        TournamentPlan("tictactoe", ("scripted:9,9", "random"), 1, seed=2, policy=policy, first_index=10),
    ]
    documents = [record.model_dump() for plan in plans for record in asyncio.run(run_tournament(plan))]
    documents[-1]["outcome"] = {"status": "error", "termination": "fault", "detail": "the provider failed"}
    for document in documents:
        document["players"][0]["spec"] = "scripted"  # one player, four matches, one of them errored
    board = build_leaderboard("tictactoe", [analyse(d, grading=False) for d in documents], resamples=10)
    row = next(row for row in board.rows if row.player == "scripted")
    assert (row.matches, row.scored, row.unscored) == (4, 3, 1)
    refused_in_scored = sum(1 for d in documents[:3] for m in d["moves"] if not m["valid"])
    assert row.counts["invalid"] == refused_in_scored  # the errored match's six refusals are not counted
    assert row.per("invalid", "matches") == refused_in_scored / 3


def test_damaged_documents_are_left_out_with_a_warning_by_every_reader(tmp_path: Path) -> None:
    db = tmp_path / "db"
    assert arena("--batch", "--games", "3", "--db", str(db)).returncode == 0
    assert arena("task", "run", "shapes", "--items", "3", "--db", str(db)).returncode == 0
    for table, damage in (("matches", {"moves": "zzz", "players": [{"spec": 5}]}), ("task_answers", {"scores": 7})):
        segment = db / f"{table}-000001.json"
        data = json.loads(segment.read_text())
        first = next(iter(data[table]))
        data[table][first].update(damage)  # the right shape of file, the wrong content
        segment.write_text(json.dumps(data))
        segment.with_name(segment.name.replace(".json", ".index.json")).unlink()
    commands = [("report",), ("report", "--json"), ("task", "sessions"), ("report", "--out", str(tmp_path / "r"))]
    for command in commands:
        result = arena(*command, "--db", str(db))
        assert result.returncode == 0, (command, result.stderr[-500:])
        assert "Traceback" not in result.stderr and "warning:" in result.stderr, command
    shown = arena("show", "--db", str(db))  # the latest match is whole: shown as ever
    assert shown.returncode == 0 and "Traceback" not in shown.stderr
    data = json.loads(arena("report", "--json", "--db", str(db)).stdout)
    assert data["games"]["tictactoe"]["matches"] == 2 and data["tasks"][0]["answered"] == 2
