"""Published figures in their own form: Topsakal's invalid-move ratios stay ratios, and each difference says why."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.processes import ROOT

# Invalid answers over attempts in the move files (the leaderboard publishes only each session's ratio).
GOMOKU_ILLUSTRATION_INVALID = {
    "anthropic.claude-3-sonnet-20240229-v1:0": 178,
    "gemini-1.5-pro": 635,
    "gpt-4-turbo": 456,
    "gpt-4o": 247,
    "meta.llama3-70b-instruct-v1:0": 532,
}


def comparisons(db: Path, game: str) -> list[dict[str, Any]]:
    command = [sys.executable, "-m", "arena", "report", "--source", "topsakal", "--game", game, "--json"]
    result = subprocess.run([*command, "--resamples", "0", "--db", str(db)], capture_output=True, text=True, cwd=ROOT)
    rows: list[dict[str, Any]] = json.loads(result.stdout)["published_vs_recomputed"]
    return rows


def test_the_published_side_keeps_the_ratio_and_the_files_give_the_counts(topsakal_db: Path) -> None:
    rows = {r["player"]: r for r in comparisons(topsakal_db, "gomoku") if r["group"] == "illustration"}
    for player, invalid in GOMOKU_ILLUSTRATION_INVALID.items():
        published, recomputed = rows[player]["published"], rows[player]["recomputed"]
        assert set(published) == {"wins", "draws", "losses", "disqualified", "invalid_ratio", "attempts"}
        assert 0 < published["invalid_ratio"] < 1  # a share, as published; never a count derived from it
        assert round(recomputed["invalid_ratio"] * recomputed["attempts"]) == invalid, player
    claude = rows["anthropic.claude-3-sonnet-20240229-v1:0"]["published"]
    assert (claude["invalid_ratio"], claude["attempts"]) == (0.3291, 566)


@pytest.mark.slow  # three reports over every Topsakal game
def test_the_differences_are_the_leaderboards_extra_games(topsakal_db: Path) -> None:
    rows = [r for game in ("tictactoe", "connect-four", "gomoku") for r in comparisons(topsakal_db, game)]
    differing = [r for r in rows if r["differs"]]
    assert len(differing) == 11
    for row in differing:
        assert "no game file holds" in row["why"] or "no move file holds" in row["why"], row
        assert "leave out" not in row["why"]  # the files do hold the network-error games


def test_the_image_prompt_rows_have_forty_games(topsakal_db: Path) -> None:
    rows = [r for r in comparisons(topsakal_db, "tictactoe") if r["group"] == "image"]
    assert rows and all(sum(r["recomputed"].values()) <= 40 for r in rows)
    command = [sys.executable, "-m", "arena", "report", "--source", "topsakal", "--game", "tictactoe", "--json"]
    report = subprocess.run([*command, "--resamples", "0", "--db", str(topsakal_db)], capture_output=True, text=True)
    players = json.loads(report.stdout)["games"]["tictactoe"]["players"]
    assert {p["matches"] for p in players if p["family"] == "topsakal-image"} == {40}


def test_the_rows_are_kept_and_made_again_when_the_store_changes(tmp_path: Path) -> None:
    from arena.imports.compare_cache import CACHE_FILE

    db = tmp_path / "db"

    def arena(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run([sys.executable, "-m", "arena", *args, "--db", str(db)], capture_output=True, text=True,
                              cwd=ROOT)  # fmt: skip
        assert done.returncode == 0, done.stderr
        return done

    arena("import", "childplay", "--published", "--no-analyse")
    report = ("report", "--json", "--resamples", "0", "--source", "childplay")
    made = json.loads(arena(*report).stdout)["published_vs_recomputed"]
    assert made and (db / CACHE_FILE).exists()
    kept = json.loads((db / CACHE_FILE).read_text())
    assert json.loads(arena(*report).stdout)["published_vs_recomputed"] == made  # read back, the same rows
    kept["entries"][0]["rows"][0]["why"] = "a stale row"  # shows whether a row comes from the cache
    (db / CACHE_FILE).write_text(json.dumps(kept))
    assert json.loads(arena(*report).stdout)["published_vs_recomputed"][0]["why"] == "a stale row"
    game = tmp_path / "one.pgn"
    game.write_text('[White "a"]\n[Black "b"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n')
    arena("import", "pgn", str(game), "--no-analyse")  # the store changed: every row is made again
    assert json.loads(arena(*report).stdout)["published_vs_recomputed"] == made
