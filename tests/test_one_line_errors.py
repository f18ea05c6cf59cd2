"""Arguments, files and store contents that used to end in a traceback or a hang: one line each, or a warning."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import ROOT

MODEL = ("--batch", "--players", "llm:openai/x", "random", "--games", "1", "--no-preflight")


def arena(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "arena", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=timeout)


def one_line(ran: subprocess.CompletedProcess[str], said: str) -> None:
    lines = ran.stderr.strip().splitlines()
    assert ran.returncode == 2 and len(lines) == 1 and said in lines[0], ran.stderr[-400:]


@pytest.mark.parametrize(
    "address, said",
    [
        ("not a url", "is not an http:// or https:// URL"),
        ("http://127.0.0.1:99999/v1", "Port out of range"),
        ("http://[::1/v1", "Invalid IPv6 URL"),
        ("ftp://example.org/v1", "is not an http:// or https:// URL"),
    ],
)
def test_an_endpoint_that_is_not_a_url_is_one_line(tmp_path: Path, address: str, said: str) -> None:
    one_line(arena(*MODEL, "--api-base", address, "--db", str(tmp_path / "db")), said)
    spec = f"llm:openai/x;api_base={address}"
    one_line(arena("--batch", "--players", spec, "random", "--no-preflight", "--db", str(tmp_path / "db")), said)
    assert not (tmp_path / "db").exists()


@pytest.mark.parametrize("db, said", [("", "an empty path"), ("/dev/null", "/dev/null is a device, pipe or socket")])
def test_a_database_that_cannot_be_one_is_refused(db: str, said: str) -> None:
    one_line(arena("--batch", "--players", "random", "random", "--games", "1", "--db", db), said)
    assert not Path("/dev/null.d").exists()


def test_a_game_option_of_the_wrong_type_is_one_line(tmp_path: Path) -> None:
    config = tmp_path / "t.toml"
    config.write_text('players = ["random", "minimax"]\ngames = ["tictactoe"]\noptions = {rows = "x"}\n')
    one_line(arena("tournament", str(config), "--db", str(tmp_path / "db")), "option rows must be a whole number")


def test_a_pipe_given_as_a_settings_file_is_refused_not_waited_on(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    one_line(arena("tournament", str(pipe), "--db", str(tmp_path / "db"), timeout=60), "is not a regular file")
    one_line(arena(*MODEL, "--prompt", str(pipe), "--db", str(tmp_path / "db"), timeout=60), "is not a regular file")


def test_segments_that_are_not_files_are_skipped_with_a_warning(tmp_path: Path) -> None:
    db = tmp_path / "db"
    assert arena("--batch", "--players", "random", "random", "--games", "2", "--db", str(db)).returncode == 0
    (db / "matches-000009.json").mkdir()
    (db / "matches-000010.json").symlink_to("matches-000010.json")  # a loop of links
    report = arena("report", "--db", str(db), "--json")
    assert report.returncode == 0 and json.loads(report.stdout)["matches"] == 2, report.stderr
    assert "matches-000009.json is not a file" in report.stderr and "matches-000010.json is not a file" in report.stderr
    more = arena("--batch", "--players", "random", "random", "--games", "2", "--seed", "7", "--db", str(db), "--json")
    assert more.returncode == 0, more.stderr
    again = arena("report", "--db", str(db), "--json")
    assert json.loads(again.stdout)["matches"] == 4 and (db / "matches-000009.json").is_dir()


def test_nan_written_into_a_segment_is_read_as_unknown(tmp_path: Path) -> None:
    db = tmp_path / "db"
    assert arena("--batch", "--players", "random", "random", "--games", "3", "--db", str(db)).returncode == 0
    segment = db / "matches-000001.json"
    segment.write_text(re.sub(r'"seconds":[0-9.e-]+', '"seconds":NaN', segment.read_text()))
    (db / "matches-000001.index.json").unlink()
    report = arena("report", "--db", str(db), "--json")
    assert report.returncode == 0, report.stderr[-400:]
    assert json.loads(report.stdout)["matches"] == 3


def test_the_dataset_is_never_written_into_a_folder_holding_other_files(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    one_line(arena("dataset", "--out", str(tmp_path)), "holds other files; choose a new or empty folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    fresh = tmp_path / "data"
    assert arena("dataset", "--out", str(fresh)).returncode == 0
    assert arena("dataset", "--out", str(fresh)).returncode == 0  # its own files are written again
    assert sorted(p.name for p in fresh.iterdir()) == ["dataset.json", "dataset_top50.json"]


@pytest.mark.parametrize("value", ["0", "-1", '"many"'])
def test_provider_concurrency_is_a_positive_count(tmp_path: Path, value: str) -> None:
    config = tmp_path / "t.toml"
    config.write_text(f'players = ["random", "minimax"]\nprovider_concurrency = {{"http://x" = {value}}}\n')
    one_line(arena("tournament", str(config), "--db", str(tmp_path / "db")), "provider_concurrency")
