"""What a newcomer meets first: help that is whole and true, titles that say what ran, one-line refusals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.processes import ROOT


def arena(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arena", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_the_main_help_names_every_command() -> None:
    from arena.cli import commands

    shown = " ".join(arena("--help").stdout.split())
    for name in commands():
        assert f"arena {name}" in shown, name


def test_help_texts_are_formatted_and_say_where_the_database_is() -> None:
    report = arena("report", "--help").stdout
    assert "95%%" not in report and "95% intervals" in " ".join(report.split())
    for command in (("report",), ("show",), ("quiz",), ("tournament",), ("import",), ("task", "run"), ()):
        shown = " ".join(arena(*command, "--help").stdout.split())
        assert "$ARENA_HOME/arena if set, saves/arena in the arena's project folder, else the user data" in shown


def test_titles_name_both_players_and_the_board(tmp_path: Path) -> None:
    same = arena("--batch", "--players", "minimax", "minimax", "--games", "1", "--db", str(tmp_path / "a"))
    assert "tictactoe: minimax vs minimax" in same.stdout and "1 players" not in same.stdout
    board = arena("--batch", "--game", "connect-four", "--rows", "7", "--players", "random", "random", "--db",
                  str(tmp_path / "b"))  # fmt: skip
    assert "connect-four 7x7: random vs random" in board.stdout
    assert "s/move" in board.stdout and "secs" not in board.stdout


def test_the_app_is_not_opened_without_a_terminal(tmp_path: Path) -> None:
    app = arena("--db", str(tmp_path / "db"), stdin="")
    assert app.returncode == 2 and "needs a terminal" in app.stderr and "--batch" in app.stderr
    quiz = arena("quiz", "--db", str(tmp_path / "db"), stdin="")
    assert quiz.returncode == 2 and "--plain" in quiz.stderr and len(quiz.stderr.strip().splitlines()) == 1


def test_resume_with_nothing_to_resume_is_said(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    app = arena("quiz", "--resume", "--db", db, stdin="")
    assert app.returncode == 2 and "--resume carries on in the plain terminal" in app.stderr
    plain = arena("quiz", "--plain", "--resume", "--db", db, stdin="")
    assert plain.returncode == 2 and "no unfinished session to resume" in plain.stderr
