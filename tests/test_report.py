"""`arena report`: leaderboard JSON, every file of --out parseable, charts that open and repeat byte for byte."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from arena.analysis.cache import CACHE_FILE
from tests.processes import ROOT

PLAYERS = ("minimax", "random", "minimax:level=1", "scripted:2,2;2,2")


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with a 4-player tic-tac-toe round robin and a Connect-Four pair."""
    db = tmp_path_factory.mktemp("report") / "db"
    ttt = arena("--batch", "--players", *PLAYERS, "--games", "6", "--swap-seats", "--db", str(db))
    assert ttt.returncode == 0, ttt.stderr
    c4 = arena(
        "--batch", "--game", "connect-four", "--players", "minimax:0.05", "random", "--games", "2", "--db", f"{db}"
    )
    assert c4.returncode == 0, c4.stderr
    return db


def test_report_json_has_a_leaderboard_per_game(played: Path) -> None:
    result = arena("report", "--db", str(played), "--json", "--resamples", "100")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["matches"] == 36 + 2
    assert set(data["games"]) == {"tictactoe", "connect-four"}
    players = data["games"]["tictactoe"]["players"]
    assert players[0]["player"] == "minimax"  # sorted by rating
    assert players[-1]["player"] == "scripted:2,2;2,2"
    for key in ("player", "rating", "low", "high", "matches", "wins", "draws", "losses", "disqualified"):
        assert all(key in p for p in players)
    for key in ("invalid_moves", "missed_wins", "missed_blocks", "blunders", "tokens", "cost"):
        assert all(key in p for p in players)
    minimax = players[0]
    assert minimax["matches"] == 18 and minimax["losses"] == 0 and minimax["blunders"] == 0
    assert minimax["low"] <= minimax["rating"] <= minimax["high"]
    scripted = players[-1]
    assert scripted["invalid_moves"] > 0 and scripted["invalid_by_kind"]["occupied"] > 0
    assert sum(p["matches"] for p in players) == 2 * 36
    matrix = data["games"]["tictactoe"]["matrix"]
    assert {"player": "minimax", "opponent": "random"}.items() <= matrix[0].items() or any(
        m["player"] == "minimax" and m["opponent"] == "random" for m in matrix
    )


def test_report_writes_every_file_and_the_same_charts_twice(played: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for out in (first, second):
        result = arena("report", "--db", str(played), "--out", str(out), "--resamples", "50")
        assert result.returncode == 0, result.stderr
        assert "wrote" in result.stdout
    json.loads((first / "leaderboard.json").read_text())
    for name in ("leaderboard.csv", "matrix.csv", "matches.csv", "moves.csv"):
        with open(first / name, newline="") as handle:
            rows = list(csv.DictReader(handle))
        assert rows, name
    with open(first / "moves.csv", newline="") as handle:
        moves = list(csv.DictReader(handle))
    assert {"match", "ply", "seat", "player", "move", "valid", "error_kind", "missed_win", "blunder"} <= set(moves[0])
    assert any(m["error_kind"] == "occupied" for m in moves)
    assert len(list((first / "transcripts").glob("*.txt"))) == 38
    charts = sorted(p.name for p in first.glob("*.png"))
    assert "tictactoe-results-by-seat.png" in charts and "connect-four-ratings.png" in charts
    assert any(name.startswith("tictactoe-heatmap-minimax-") for name in charts) and "tictactoe-missed.png" in charts
    for name in charts:
        with Image.open(first / name) as image:
            image.verify()
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_the_analysis_is_cached(played: Path) -> None:
    arena("report", "--db", str(played), "--json", "--resamples", "10")
    cache = played / CACHE_FILE
    assert cache.exists()
    before = cache.stat().st_mtime_ns
    again = arena("report", "--db", str(played), "--json", "--resamples", "10")
    assert again.returncode == 0 and cache.stat().st_mtime_ns == before  # nothing new to analyse


def test_report_filters_and_bad_input(played: Path, tmp_path: Path) -> None:
    only = json.loads(arena("report", "--db", str(played), "--game", "connect4", "--json").stdout)
    assert list(only["games"]) == ["connect-four"] and only["matches"] == 2
    nothing = arena("report", "--db", str(played), "--tournament", "t-000000000000")
    assert nothing.returncode == 1 and "no recorded match" in nothing.stderr
    bad = arena("report", "--db", str(played), "--game", "go")
    assert bad.returncode == 2 and "unknown game" in bad.stderr and "Traceback" not in bad.stderr
    table = arena("report", "--db", str(played), "--sort", "missed-blocks")
    assert table.returncode == 0 and "results of the row player" in table.stdout
    missing = arena("report", "--db", str(tmp_path / "nowhere"))
    assert missing.returncode == 2 and f"no database at {tmp_path / 'nowhere'}" in missing.stderr, missing.stderr
    assert not (tmp_path / "nowhere").exists()  # a report never creates a database


def test_json_players_follow_the_sort(played: Path) -> None:
    for sort, key in (("missed-blocks", "missed_blocks"), ("player", "player"), ("matches", "matches")):
        report = json.loads(arena("report", "--db", str(played), "--sort", sort, "--json").stdout)
        for board in report["games"].values():
            values = [row[key] for row in board["players"]]
            assert board["sort"] == sort
            if key == "missed_blocks":  # a rate per valid move, highest first
                rates = [row["missed_blocks"] / max(row["valid_moves"], 1) for row in board["players"]]
                assert rates == sorted(rates, reverse=True), rates
            elif key == "matches":
                assert values == sorted(values, reverse=True)
            else:
                assert values == sorted(values)


def test_leftovers_of_a_killed_writer_are_removed_at_the_next_write(played: Path, tmp_path: Path) -> None:
    dead = subprocess.Popen(["true"])  # a process that has ended: its id names a writer killed mid-write
    dead.wait()
    leftovers = [tmp_path / f".site.partial-{dead.pid}", tmp_path / f".out.partial-{dead.pid}"]
    living = tmp_path / f".out.partial-{os.getpid()}"  # this test's process is alive: its folder is kept
    for folder in [*leftovers, living]:
        (folder / "charts").mkdir(parents=True)
        (folder / "charts" / "x.png").write_bytes(b"x" * 1000)
    for out in ("out", "site"):
        written = arena("report", "--db", str(played), "--out" if out == "out" else "--html", str(tmp_path / out))
        assert written.returncode == 0, written.stderr
    assert not any(folder.exists() for folder in leftovers) and living.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["out", "site", living.name])


def test_names_that_differ_only_in_punctuation_get_their_own_files() -> None:
    from arena.report.files import unique_name

    names = ["llm:a/b", "llm:a:b", "llm/a/b", "llm-a-b"]
    assert len({unique_name(name) for name in names}) == 4
    assert all(unique_name(name).startswith("llm-a-b-") for name in names)
