"""PGN both ways: `report --out` writes every chess match as PGN and `arena import pgn` reads any PGN file back,
graded to the same numbers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from arena.analysis.cache import CACHE_FILE, read_cache
from tests.processes import ROOT


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PATH": os.environ.get("PATH", "") + os.pathsep + "/usr/games"}
    command = [sys.executable, "-m", "arena", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600, env=environment)


def chess_figures(db: Path) -> dict[str, dict[str, object]]:
    report = arena("report", "--db", str(db), "--json")
    assert report.returncode == 0, report.stderr
    boards = json.loads(report.stdout)["games"]
    return {p["player"].removesuffix(" (pgn)"): p["chess"] for board in boards.values() for p in board["players"]}


def test_exported_games_import_back_with_the_same_grades(tmp_path: Path) -> None:
    played, imported = tmp_path / "played", tmp_path / "imported"
    run = arena("--batch", "--game", "chess", "--players", "stockfish:nodes=2000", "random", "--games", "2",
                "--swap-seats", "--db", str(played))  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert arena("report", "--db", str(played), "--out", str(tmp_path / "out")).returncode == 0
    pgn = tmp_path / "out" / "chess.pgn"
    first = arena("import", "pgn", str(pgn), "--db", str(imported), "--json")  # graded and cached at import
    assert first.returncode == 0, first.stderr
    summary = json.loads(first.stdout)
    assert summary["added"] == 2 and summary["files"][0]["games_agreeing"] == summary["files"][0]["games"] > 0
    cached, _ = read_cache(imported / CACHE_FILE)
    assert len(cached) == 2 and all(entry.get("grader", "").startswith("Stockfish") for entry in cached.values())
    assert (
        json.loads(arena("import", "--no-analyse", "pgn", str(pgn), "--db", str(imported), "--json").stdout)["added"]
        == 0
    )
    assert chess_figures(imported) == chess_figures(played)  # the same positions, the same node budget


def test_a_pgn_from_elsewhere_with_a_start_position_and_a_wrong_result(tmp_path: Path) -> None:
    pgn = tmp_path / "mine.pgn"
    pgn.write_text(
        '[White "Me\x1b[2J"]\n[Black "You"]\n[Result "0-1"]\n'
        '[SetUp "1"]\n[FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"]\n\n'
        "1. Ra8# 0-1\n\n"
        '[White "Me"]\n[Black "You"]\n[Result "*"]\n\n1. e4 *\n'
    )
    ran = arena("import", "--no-analyse", "pgn", str(pgn), "--db", str(tmp_path / "db"), "--json")
    assert ran.returncode == 0, ran.stderr
    check = json.loads(ran.stdout)["files"][0]
    assert (check["games"], check["games_agreeing"], check["disagreements"]) == (1, 0, 1)  # mate, yet 0-1 published
    assert json.loads(ran.stdout)["added"] == 2
    exported = arena("report", "--db", str(tmp_path / "db"), "--out", str(tmp_path / "out"))
    assert exported.returncode == 0, exported.stderr
    text = (tmp_path / "out" / "chess.pgn").read_text(encoding="utf-8")
    assert "\x1b" not in text and "Me\\x1b[2J" in text  # a name from a file is written out, never obeyed


def test_bad_pgn_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pgn"
    bad.write_text('[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 1-0\n')
    ran = arena("import", "--no-analyse", "pgn", str(bad), "--db", str(tmp_path / "db"))
    assert ran.returncode == 2 and "bad.pgn, game 1: move 2. Ke3: not a legal move in that position" in ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1
    empty = tmp_path / "empty.pgn"
    empty.write_text("")
    assert (
        "no PGN game in it" in arena("import", "--no-analyse", "pgn", str(empty), "--db", str(tmp_path / "db")).stderr
    )
    shipped = arena("import", "--no-analyse", "pgn", "--published")
    assert shipped.returncode == 2 and "pgn has no shipped logs" in shipped.stderr
