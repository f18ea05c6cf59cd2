"""The spend cap: each call reserves its bound before it starts, passes the cap by at most one call at any
concurrency, and a resumed run never pays again for the calls of the matches it plays again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arena.llm.cache import CALLS
from arena.store import MatchStore
from arena.store.summaries import FIELD
from tests.fake_llm_server import FakeServer
from tests.processes import ROOT

PRICED = "llm:openai/gpt-4o-mini"  # listed in litellm's prices; the fake server answers it with usage


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def tournament_rows(db: Path) -> list[list[Any]]:
    with MatchStore(db, read_only=True) as store:
        return list(store.summary_rows().rows)


def paid_calls(db: Path) -> list[dict[str, Any]]:
    with MatchStore(db, read_only=True) as store:
        return list(store.documents(CALLS))


def test_the_spend_cap_stops_new_matches_and_a_higher_cap_resumes(tmp_path: Path, fake_llm: FakeServer) -> None:
    db = tmp_path / "db"
    args: tuple[str, ...] = ("--batch", "--players", "llm:openai/gpt-4o-mini", "random", "--games", "30")
    args += ("--concurrency", "2")
    args += ("--api-base", fake_llm.url, "--db", str(db), "--json")
    capped = arena(*args, "--max-cost", "0.0001")
    assert capped.returncode == 3, capped.stderr
    summary = json.loads(capped.stdout)
    run = summary["runs"][0]
    assert run["stopped_by_cost_cap"] and run["cost_cap_reached"] and 0 < run["matches"] < 30
    assert run["unpriced_calls"] == 0
    assert "spend cap $0.0001 reached" in capped.stderr and "higher --max-cost to resume" in capped.stderr
    # Checked before every call: past the cap by at most the calls in flight (concurrency 2), one call's price each.
    rows = tournament_rows(db)
    done = sum(1 for row in rows if row[FIELD["status"]] == "finished")
    resumed = arena(*args, "--max-cost", "1")
    assert resumed.returncode == 0, resumed.stderr
    assert f"{done} of 30 already recorded; playing {30 - done}" in resumed.stderr
    assert len(tournament_rows(db)) == 30


def test_unknown_prices_are_counted_as_zero_and_flagged(tmp_path: Path, fake_llm: FakeServer) -> None:
    args = ("--batch", "--players", "llm:openai/first-legal", "random", "--games", "2", "--api-base", fake_llm.url)
    result = arena(*args, "--db", str(tmp_path / "db"), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["runs"][0]["unpriced_calls"] > 0
    assert "have no known price (counted as $0): llm:openai/first-legal" in result.stderr


def test_the_cap_is_checked_before_every_call_and_counts_replayed_matches(tmp_path: Path, fake_llm: FakeServer) -> None:
    from arena.llm.cache import CALLS

    db = tmp_path / "db"
    args: tuple[str, ...] = ("--batch", "--players", "llm:openai/gpt-4o-mini", "random", "--games", "40")
    args += ("--api-base", fake_llm.url, "--db", str(db), "--json")  # 8 at once
    capped = arena(*args, "--max-cost", "0.0004")
    assert capped.returncode == 3 and "spend cap $0.0004 reached" in capped.stderr, capped.stderr
    with MatchStore(db, read_only=True) as store:
        calls = [float(call["cost"]) for call in store.documents(CALLS)]
    assert sum(calls) <= 0.0004 + 8 * max(calls) * 1.001  # past the cap by at most the calls in flight
    stopped = [row for row in tournament_rows(db) if row[FIELD["status"]] == "aborted"]
    paid_in_stopped = sum(row[FIELD["cost"]] for row in stopped)
    again = arena(*args, "--max-cost", "0.0004")  # resuming removes the stopped matches: their cost still counts
    assert again.returncode == 3 and "spend cap $0.0004 reached" in again.stderr
    with MatchStore(db, read_only=True) as store:
        assert sum(float(d["cost"]) for d in store.documents("spent")) == pytest.approx(paid_in_stopped)
        every_call = [float(call["cost"]) for call in store.documents(CALLS)]
    assert sum(every_call) <= 0.0004 + 8 * max(every_call) * 1.001  # the resumed run counted what it removed


def test_a_cap_passed_by_the_last_call_of_the_last_match_is_said(tmp_path: Path, fake_llm: FakeServer) -> None:
    from arena.llm.cache import CALLS

    args = ("--batch", "--players", "llm:openai/gpt-4o-mini", "minimax", "--games", "1", "--api-base", fake_llm.url)
    try:
        fake_llm.grow_usage(4)  # each call costs about four times the one before: the last one is the dearest
        free = arena(*args, "--db", str(tmp_path / "free"))
        assert free.returncode == 0 and "spend cap" not in free.stderr, free.stderr
        with MatchStore(tmp_path / "free", read_only=True) as store:
            costs = [float(call["cost"]) for call in store.documents(CALLS)]
        cap = sum(costs) - costs[-1] / 2  # only the last call goes past it, and nothing is left to play after it
        fake_llm.grow_usage(4)
        passed = arena(*args, "--db", str(tmp_path / "capped"), "--max-cost", f"{cap:.10f}")
    finally:
        fake_llm.grow_usage(0)
    assert len(costs) >= 3 and costs[-1] > costs[0]
    assert passed.returncode == 0, passed.stderr  # nothing was stopped
    assert "spend cap" in passed.stderr and "every match was played" in passed.stderr, passed.stderr
    assert tournament_rows(tmp_path / "capped")[0][FIELD["status"]] != "aborted"


@pytest.mark.parametrize("concurrency", ["64", "32"])
def test_at_any_concurrency_the_cap_is_passed_by_at_most_one_call(
    tmp_path: Path, fake_llm: FakeServer, concurrency: str
) -> None:
    db = tmp_path / "db"
    args = ("--batch", "--players", PRICED, "random", "--games", "150", "--concurrency", concurrency)
    capped = arena(*args, "--api-base", fake_llm.url, "--db", str(db), "--max-cost", "0.0003", "--json")
    assert capped.returncode == 3 and "spend cap $0.0003 reached" in capped.stderr, capped.stderr
    costs = [float(call["cost"]) for call in paid_calls(db)]
    assert len(costs) > 10  # the cap let calls through before it stopped them
    assert sum(costs) <= 0.0003 + max(costs)  # before: $0.01 at concurrency 64 spent $0.80


def test_replies_that_grow_at_concurrency_64_pass_the_cap_by_at_most_one_call(
    tmp_path: Path, fake_llm: FakeServer
) -> None:
    """20 completion tokens for 3 calls, then 5,000 (each $0.003 on a $0.002 cap), no --max-tokens: before, the
    calls in flight all reserved by the short replies seen so far and spent $0.19."""
    db = tmp_path / "db"
    fake_llm.jump_usage(3, 20, 5_000)
    try:
        args = ("--batch", "--players", PRICED, "random", "--games", "100", "--concurrency", "64")
        capped = arena(*args, "--api-base", fake_llm.url, "--db", str(db), "--max-cost", "0.002", "--json")
    finally:
        fake_llm.grow_usage(0)
    assert capped.returncode == 3 and "spend cap $0.002 reached" in capped.stderr, capped.stderr
    costs = [float(call["cost"]) for call in paid_calls(db)]
    assert len(costs) >= 4 and max(costs) > 0.002  # the long replies came: one of them passed the cap
    assert sum(costs) <= 0.002 + max(costs), (sum(costs), len(costs))


def test_a_resumed_run_does_not_pay_again_for_stopped_matches(tmp_path: Path, fake_llm: FakeServer) -> None:
    db = tmp_path / "db"
    args: tuple[str, ...] = ("--batch", "--players", PRICED, "random", "--games", "40", "--concurrency", "8")
    args += ("--api-base", fake_llm.url, "--db", str(db), "--json")
    capped = arena(*args, "--max-cost", "0.0002")
    assert capped.returncode == 3, capped.stderr
    stopped = {row[FIELD["id"]] for row in tournament_rows(db) if row[FIELD["status"]] == "aborted"}
    assert stopped, "the cap stopped matches mid-game"
    before = paid_calls(db)
    paid_in_stopped = {call["id"] for call in before if call["match"] in stopped}
    assert paid_in_stopped
    requests_before = len(fake_llm.calls("gpt-4o-mini"))
    finished = arena(*args, "--max-cost", "1")
    assert finished.returncode == 0, finished.stderr
    after = paid_calls(db)
    made = len(fake_llm.calls("gpt-4o-mini")) - requests_before
    assert made == len(after) - len(before)  # every request of the resumed run is a new, recorded call
    assert len({call["id"] for call in after}) == len(after)  # no call was paid twice
    with MatchStore(db, read_only=True) as store:
        records = [record for record in store.matches() if record.id in stopped]
        spent = sum(float(entry["cost"]) for entry in store.documents("spent"))
        recorded = sum(row[FIELD["cost"]] or 0.0 for row in store.summary_rows().rows)
    reused = [move.info["reused_paid_call"] for r in records for move in r.moves if "reused_paid_call" in move.info]
    assert len(reused) == len(paid_in_stopped)  # each paid call of a stopped match was served again, once
    assert spent + recorded == pytest.approx(sum(float(call["cost"]) for call in after))  # every dollar once
