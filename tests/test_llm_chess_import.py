"""The LLM Chess benchmark's shipped logs: every game read and judged, importing twice adds nothing, damaged logs
are refused in one line naming the file and field."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arena.store import MatchStore
from tests.processes import ROOT

RUN = "engine_vs_llm/dragon-lvl-1/Kimi-K2.5/2026-03-07-09-21-08"


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped sample, unpacked once."""
    from arena.imports.shipped import published_folder

    folder = tmp_path_factory.mktemp("llm-chess") / "_logs"
    with published_folder("llm-chess") as shipped:
        shutil.copytree(shipped, folder)
    return folder


def test_every_shipped_game_is_read_and_agrees_with_its_published_ending(tmp_path: Path) -> None:
    checked = arena(
        "import",
        "--no-analyse",
        "llm-chess",
        "--published",
        "--check",
        "--json",
        "--disagreements",
        str(tmp_path / "d"),
    )
    assert checked.returncode == 0, checked.stderr
    files = json.loads(checked.stdout)["files"]
    assert json.loads(checked.stdout)["games"] == 256 and len(files) == 19
    judged = sum(f["games"] for f in files)
    assert judged == sum(f["games_agreeing"] for f in files) and judged > 150
    assert sum(f["moves"] for f in files) == sum(f["moves_agreeing"] for f in files) > 15_000
    db = str(tmp_path / "db")
    first = json.loads(arena("import", "--no-analyse", "llm-chess", "--published", "--db", db, "--json").stdout)
    again = json.loads(arena("import", "--no-analyse", "llm-chess", "--published", "--db", db, "--json").stdout)
    assert first["added"] == 256 and again["added"] == 0
    with MatchStore(Path(db), read_only=True) as store:
        records = {r.source["file"].split("/")[-1]: r for r in store.matches() if r.source}
        totals = [d for d in store.documents("published") if d["paper"] == "llm-chess"]
    assert len(totals) == 16  # the runs with an _aggregate_results.json
    statuses = {r.outcome.status for r in records.values()}
    assert statuses == {"finished", "error"}  # ERROR OCCURED is never scored
    wrong = [r for r in records.values() if r.outcome.termination == "disqualified"]
    assert wrong and all(r.players[r.outcome.disqualified or 0].spec.startswith("llm:") for r in wrong)
    compared = {c["group"]: c for c in published_vs_recomputed(db)}
    assert len(compared) == 16
    assert compared[f"{RUN.rsplit('/', 1)[0]}/2026-03-07-09-21-08"]["why"].startswith("1 published draws are ERROR")
    o3 = compared["dragon_vs_llm/lvl-1_vs_o3-2025-04-16-low/2025-05-02-00-02"]
    assert o3["published"]["games"] == 33 and o3["recomputed"]["games"] == 23 and "sample holds 23" in o3["why"]


def published_vs_recomputed(db: str) -> list[dict[str, Any]]:
    """The report's published aggregates beside the recounted ones, without grading a move (results only)."""
    from arena.imports.compare import comparisons

    with MatchStore(Path(db), read_only=True) as store:
        return [row.as_dict() for row in comparisons(store, "llm-chess")]


def nested(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {"cost": 0}
    for _ in range(depth):
        value = {"a": value}
    return value


@pytest.mark.parametrize(
    "damage, said",
    [
        (lambda d: d.pop("reason"), "no field 'reason'"),
        (lambda d: d.update(number_of_moves="many"), "field 'number_of_moves': 'many' is not a number"),
        (lambda d: d.update(pgn="1. e4 e5 2. Ke3 Ke6"), "field 'pgn'"),
        (lambda d: d.update(player_black=[]), "field 'player_black' is not an object"),
        (lambda d: d["player_black"].update(accumulated_reply_time_seconds="fast"), "'fast' is not a number"),
        (lambda d: d["player_black"].update(accumulated_reply_time_seconds=[1, 2]), "[1, 2] is not a number"),
        (lambda d: d["player_black"].update(accumulated_reply_time_seconds=int("9" * 4000)), "is not a number"),
        (lambda d: d.update(usage_stats=nested(900)), "field 'usage_stats': nested more than 4 deep"),
        (lambda d: d.update(pgn='[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. N@e5 *'), "move 3. N@e5"),
        (lambda d: d.update(pgn="1. e4 e5 *\n\n1. d4 d5 *\n"), "field 'pgn' holds more than one game"),
        (lambda d: d["player_black"].update(name="Nobody", model="N/A"), "player 'Nobody': neither a model"),
    ],
    ids=[
        "missing field",
        "word for a count",
        "illegal move in the pgn",
        "side not an object",
        "seconds as text",
        "seconds as a list",
        "seconds of 4,000 digits",
        "usage 900 deep",
        "a crazyhouse drop",
        "two games in one pgn",
        "a player of no known kind",
    ],
)
def test_a_damaged_log_is_one_line_and_nothing_is_recorded(
    logs: Path, tmp_path: Path, damage: object, said: str
) -> None:
    run = tmp_path / "_logs" / RUN
    shutil.copytree(logs / RUN, run)
    victim = sorted(p for p in run.glob("*.json") if not p.name.startswith("_"))[3]
    data = json.loads(victim.read_text())
    damage(data)  # type: ignore[operator]
    victim.write_text(json.dumps(data, default=str))
    ran = arena("import", "--no-analyse", "llm-chess", str(tmp_path / "_logs"), "--db", str(tmp_path / "db"))
    assert ran.returncode == 2 and said in ran.stderr and victim.name in ran.stderr, ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1 and not list((tmp_path / "db").glob("matches-*.json"))


def test_a_reviewed_error_says_what_the_benchmark_counted_and_aliases_are_one_player(
    logs: Path, tmp_path: Path
) -> None:
    """`ERROR OCCURED` with a winner named (the review's loss) is not "a draw"; a run's model under two spellings
    is one player, each record keeping the spelling its log used."""
    run = tmp_path / "_logs" / RUN
    shutil.copytree(logs / RUN, run)
    games = sorted(p for p in run.glob("*.json") if not p.name.startswith("_"))
    reviewed = json.loads(games[0].read_text())
    reviewed.update(reason="ERROR OCCURED", winner=reviewed["player_white"]["name"])
    games[0].write_text(json.dumps(reviewed))
    alias = json.loads(games[1].read_text())
    model = alias["player_black"]["model"]
    alias["player_black"]["model"] = f"provider.{model}-v1"
    games[1].write_text(json.dumps(alias))
    ran = arena("import", "--no-analyse", "llm-chess", str(tmp_path / "_logs"), "--db", str(tmp_path / "db"))
    assert ran.returncode == 0, ran.stderr
    with MatchStore(tmp_path / "db") as store:
        records = {r.source["file"].rsplit("/", 1)[1]: r for r in store.matches() if r.source}
    error = records[games[0].name].outcome
    assert error.status == "error" and "(the benchmark: a draw)" not in error.detail
    assert f"a win for {reviewed['player_white']['name']}" in error.detail
    assert {r.players[1].spec for r in records.values()} == {f"llm:{model.lower()}"}
    assert records[games[1].name].players[1].settings["logged_model"] == f"provider.{model}-v1"
    assert "logged_model" not in records[games[2].name].players[1].settings
