"""Tournaments: all-play-all schedules, content-derived match ids, resume after kill -9, failed matches."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from arena.match.records import MatchRecord
from arena.players import PlayerOptions
from arena.runner.tournament import TournamentPlan, play_tournament, provider_key
from arena.store import MatchStore
from arena.store.summaries import FIELD
from arena.tournaments.config import load_config, parse_config
from arena.tournaments.schedule import build_schedule
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import ROOT, start_arena

EXAMPLES = ROOT / "examples"


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def tournament_rows(db: Path, tournament: str | None = None) -> list[list[Any]]:
    with MatchStore(db, read_only=True) as store:
        rows = store.summary_rows().rows
    return [row for row in rows if tournament is None or row[FIELD["tournament"]] == tournament]


def test_every_pair_plays_and_ids_follow_the_content() -> None:
    config = parse_config(
        {"games": ["tictactoe"], "players": ["minimax", "random", "minimax:level=1", "llm:x/y;temperature=0.5"]},
        "test",
    )
    schedule = build_schedule(config)
    assert [plan.players for plan in schedule.plans] == [
        ("minimax", "random"),
        ("minimax", "minimax:level=1"),
        ("minimax", "llm:x/y;temperature=0.5"),
        ("random", "minimax:level=1"),
        ("random", "llm:x/y;temperature=0.5"),
        ("minimax:level=1", "llm:x/y;temperature=0.5"),
    ]
    assert schedule.total == 12
    ids = [setup.match_id for plan in schedule.plans for setup in plan.setups()]
    assert len(set(ids)) == 12
    again = build_schedule(parse_config(config.model_dump(), "again"))
    assert [s.match_id for plan in again.plans for s in plan.setups()] == ids  # same content, same ids
    changed = build_schedule(parse_config(config.model_dump() | {"seed": 1}, "changed"))
    assert changed.tournament_id != schedule.tournament_id
    assert not {s.match_id for plan in changed.plans for s in plan.setups()} & set(ids)
    # Seats alternate within each pairing when asked.
    assert [s.players for s in schedule.plans[0].setups()] == [("minimax", "random"), ("random", "minimax")]


def test_prompt_families_make_separate_round_robins() -> None:
    config = parse_config(
        {"game": "tictactoe", "players": ["random", "llm:a/b"], "prompts": ["topsakal-list", "topsakal-image"]},
        "test",
    )
    schedule = build_schedule(config)
    assert [plan.players for plan in schedule.plans] == [
        ("random", "llm:a/b;prompt=topsakal-list"),
        ("random", "llm:a/b;prompt=topsakal-image"),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('players = ["random"]', "players: List should have at least 2 items"),
        ('players = ["random", "minimax"]\nmatches_per_pair = 0', "matches_per_pair: Input should be greater"),
        ('players = ["random", "minimax"]\ncolour = "blue"', "colour: Extra inputs are not permitted"),
        ('players = ["random", {spec = "minimax", temperature = 1}]', "temperature only apply to llm: players"),
        ("players = [", "is not valid TOML"),
    ],
)
def test_a_bad_tournament_file_is_refused_in_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "t.toml"
    path.write_text(text)
    with pytest.raises(ValueError) as caught:
        load_config(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    result = arena("tournament", str(path), "--db", str(tmp_path / "db"))
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_examples_are_valid_tournaments() -> None:
    offline = build_schedule(load_config(EXAMPLES / "offline.toml"))
    assert set(offline.players()) >= {"minimax", "random", "llm:local;temperature=0", "llm:local;temperature=1"}
    topsakal = build_schedule(load_config(EXAMPLES / "topsakal.toml"))
    pairs_per_family = 8 * 7 // 2
    assert topsakal.total == 3 * 3 * pairs_per_family * 5  # games x prompt types x pairs x matches


def test_a_tournament_file_runs_and_a_rerun_plays_nothing(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text('game = "tictactoe"\nplayers = ["minimax", "random", "minimax:level=1"]\nmatches_per_pair = 3\n')
    db = tmp_path / "db"
    first = arena("tournament", str(path), "--db", str(db), "--json")
    assert first.returncode == 0, first.stderr
    summary = json.loads(first.stdout)
    assert summary["matches"] == 9 and summary["runs"][0]["already_recorded"] == 0
    tournament = summary["runs"][0]["tournament"]
    assert first.stderr == ""  # a fresh run says nothing on a pipe: its id is in the summary
    second = arena("tournament", str(path), "--db", str(db), "--json")
    assert second.returncode == 0, second.stderr
    assert f"tournament {tournament}: 9 of 9 already recorded; playing 0" in second.stderr
    assert json.loads(second.stdout)["players"] == summary["players"]  # the summary covers the whole tournament
    assert len(tournament_rows(db, tournament)) == 9


def test_flags_with_more_than_two_players_mean_all_play_all(tmp_path: Path) -> None:
    db = tmp_path / "db"
    args = ("--batch", "--players", "minimax", "random", "scripted:5,1,9", "--games", "2", "--db", str(db), "--json")
    result = arena(*args)
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["matches"] == 6
    assert {p["spec"] for p in summary["players"]} == {"minimax", "random", "scripted:5,1,9"}
    assert "playing 0" in arena(*args).stderr


def test_a_killed_tournament_resumes_without_duplicates(tmp_path: Path) -> None:
    """kill -9 midway; the same command then plays exactly the missing matches."""
    db = tmp_path / "db"
    args: tuple[str, ...] = ("--batch", "--game", "gomoku", "--players", "minimax:0.03", "random", "--games", "16")
    args += ("--swap-seats", "--workers", "1", "--db", str(db))
    process = start_arena(*args)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        time.sleep(0.3)
        if db.exists() and (db / "arena-store.json").exists() and len(tournament_rows(db)) >= 4:
            break
    process.send_signal(signal.SIGKILL)
    process.wait(30)
    before = len(tournament_rows(db))
    assert 4 <= before < 16, f"{before} matches were recorded before the kill"
    rerun = arena(*args, "--json")
    assert rerun.returncode == 0, rerun.stderr
    assert f"{before} of 16 already recorded; playing {16 - before}" in rerun.stderr
    rows = tournament_rows(db)
    ids = [row[FIELD["id"]] for row in rows]
    assert len(rows) == 16 and len(set(ids)) == 16
    assert sorted(row[FIELD["index"]] for row in rows) == list(range(16))


def test_a_changed_config_is_a_new_tournament_unless_resumed_by_id(tmp_path: Path) -> None:
    db = tmp_path / "db"
    base = ("--batch", "--players", "minimax", "random", "--games", "2", "--db", str(db), "--json")
    first = json.loads(arena(*base).stdout)["runs"][0]["tournament"]
    other = arena(*base, "--seed", "5")
    assert json.loads(other.stdout)["runs"][0]["tournament"] != first
    resumed = arena(*base, "--games", "3", "--resume", first)
    assert resumed.returncode == 0, resumed.stderr
    assert f"tournament {first}: 2 of 3 already recorded; playing 1" in resumed.stderr
    assert len(tournament_rows(db, first)) == 3


def test_failed_matches_are_played_again_and_replaced(tmp_path: Path, fake_llm: FakeServer) -> None:
    db = tmp_path / "db"
    model = fake_llm.script("down-then-up", Reply(status=500))
    args: tuple[str, ...] = ("--batch", "--players", f"llm:{model}", "random", "--games", "4", "--retries", "0")
    args += ("--api-base", fake_llm.url, "--db", str(db), "--json")
    failing = arena(*args)
    assert failing.returncode == 1 and "ended with an error" in failing.stderr
    rows = tournament_rows(db)
    assert [row[FIELD["status"]] for row in rows] == ["error"] * 4
    fake_llm.script("down-then-up", Reply(content="1 1"))
    again = arena(*args)
    assert "0 of 4 already recorded; playing 4" in again.stderr
    rows = tournament_rows(db)
    assert len(rows) == 4 and len({row[FIELD["id"]] for row in rows}) == 4
    assert "error" not in {row[FIELD["status"]] for row in rows}


async def test_each_provider_has_its_own_slots(fake_llm: FakeServer) -> None:
    """A slow provider's matches never take the slots of another's: both run at their own concurrency."""
    slow = fake_llm.script("slow-provider", Reply(content="1 1", delay=0.3))
    options = PlayerOptions(api_base=fake_llm.url, retries=0)
    fast_base = fake_llm.url.replace("127.0.0.1", "localhost")
    plans = [
        TournamentPlan("tictactoe", (f"llm:{slow}", "random"), games=6, tournament_id="p", first_index=0),
        TournamentPlan(
            "tictactoe",
            (f"llm:openai/first-legal;api_base={fast_base}", "random"),
            games=6,
            tournament_id="p",
            first_index=6,
        ),
    ]
    assert provider_key(plans[0].setup(0), options) == fake_llm.url
    assert provider_key(plans[1].setup(6), options) == fast_base
    finished: list[tuple[float, MatchRecord]] = []
    started = time.perf_counter()
    await play_tournament(
        plans, (), 2, options, lambda r: finished.append((time.perf_counter() - started, r)), limits={fast_base: 6}
    )
    assert Counter(r.index < 6 for _, r in finished) == Counter({True: 6, False: 6})
    fast_done = max(t for t, r in finished if r.index >= 6)
    slow_done = max(t for t, r in finished if r.index < 6)
    assert fast_done < slow_done  # the fast endpoint's six matches never waited behind the slow one's


def test_a_prompt_file_in_a_tournament_is_found_beside_it_and_its_content_is_part_of_the_id(tmp_path: Path) -> None:
    from arena.tournaments.config import load_config

    example = (ROOT / "examples" / "zero-based-prompt.toml").read_text()
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "mine.toml").write_text(example)
    tournament = tmp_path / "t.toml"
    tournament.write_text('players = [{spec = "llm:openai/x", prompt = "prompts/mine.toml"}, "random"]\n')
    config = load_config(tournament)
    assert config.specs()[0] == f"llm:openai/x;prompt={(tmp_path / 'prompts' / 'mine.toml').resolve()}"
    first = config.tournament_id()
    assert load_config(tournament).tournament_id() == first  # the same file resumes the same tournament
    (tmp_path / "prompts" / "mine.toml").write_text(example.replace("Answer with one", "Give one"))
    assert load_config(tournament).tournament_id() != first  # an edited prompt is another tournament
    (tmp_path / "prompts" / "mine.toml").write_text(example.replace("version = 1", "version = 0"))
    with pytest.raises(ValueError, match=r"t.toml: prompt: prompt file .*mine.toml: version:"):
        load_config(tournament)
