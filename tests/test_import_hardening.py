"""A bad published file is refused in one line naming the file (and the field), before anything is recorded:
pipes, devices, dangling links, oversized CSV fields, deep JSON, absurd integers and numbers that are not numbers;
two imports at once never both count the same games."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import ROOT

PUBLISHED = ROOT / "tests" / "data" / "published"
TTT_RUN = "experiment_tictactoe_gpt4_oneshot_temp_0"


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


def refused(paper: str, path: Path, db: Path, said: str) -> None:
    ran = arena("import", "--no-analyse", paper, str(path), "--db", str(db))
    assert ran.returncode == 2, ran.stderr
    assert said in ran.stderr and len(ran.stderr.strip().splitlines()) == 1, ran.stderr
    if db.exists():
        with_matches = list(db.glob("matches-*.json"))
        assert with_matches == [], "nothing is recorded from a refused import"


def childplay_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "childplay" / TTT_RUN
    shutil.copytree(PUBLISHED / "childplay" / TTT_RUN, folder)
    return folder


@pytest.mark.parametrize(
    "make, said",
    [
        (lambda p: os.symlink(p / "gone.csv", p / "x_all_moves.csv"), "a link to nothing"),
        (lambda p: os.mkfifo(p / "x_all_moves.csv"), "not a regular file"),
    ],
    ids=["dangling link", "fifo"],
)
def test_a_path_that_is_not_a_file_is_refused(tmp_path: Path, make: object, said: str) -> None:
    make(tmp_path)  # type: ignore[operator]
    refused("topsakal", tmp_path / "x_all_moves.csv", tmp_path / "db", said)


def test_a_device_is_refused(tmp_path: Path) -> None:
    refused("topsakal", Path("/dev/zero"), tmp_path / "db", "/dev/zero: not a regular file")


def test_a_csv_field_over_the_csv_limit_names_its_row(tmp_path: Path) -> None:
    source = PUBLISHED / "topsakal" / "connect-four_list_240612-203105_all_moves.csv"
    lines = source.read_text(encoding="utf-8-sig").splitlines()
    lines[3] = lines[3] + ',"' + "x" * 200_000 + '"'
    bad = tmp_path / source.name
    bad.write_text("\n".join(lines) + "\n")
    refused("topsakal", bad, tmp_path / "db", f"{bad}, row 4: field larger than field limit")


@pytest.mark.parametrize(
    "content, said",
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"P1 Wins": ' + "9" * 100_000 + "}", "cannot be read as JSON (Exceeds the limit"),
        (
            '{"P1 Wins": "many", "P2 Wins": 1, "Ties": 0, "P1 Wrong Moves": 0}',
            "field 'P1 Wins': 'many' is not a number",
        ),
        ('{"P1 Wins": NaN, "P2 Wins": 1, "Ties": 0, "P1 Wrong Moves": 0}', "field 'P1 Wins': nan is not a count"),
    ],
    ids=["deep nesting", "huge integer", "a word", "NaN"],
)
def test_published_totals_are_numbers_or_refused(tmp_path: Path, content: str, said: str) -> None:
    folder = childplay_copy(tmp_path)
    (folder / "results_tictactoe.json").write_text(content)
    refused("childplay", folder.parent, tmp_path / "db", said)


def test_topsakal_leaderboard_numbers_are_checked(tmp_path: Path) -> None:
    folder = tmp_path / "topsakal"
    shutil.copytree(PUBLISHED / "topsakal", folder)
    rows = json.loads((folder / "leaderboard-data.json").read_text())
    field = next(name for name in rows[0] if name.startswith("Wins"))
    rows[0][field] = "many"
    (folder / "leaderboard-data.json").write_text(json.dumps(rows))
    refused("topsakal", folder, tmp_path / "db", f"row 1: field {field!r}: 'many' is not a number")


def test_two_imports_at_once_count_each_game_once(tmp_path: Path) -> None:
    db = tmp_path / "db"
    command = [
        sys.executable,
        "-m",
        "arena",
        "import",
        "--no-analyse",
        "topsakal",
        "--published",
        "--db",
        str(db),
        "--json",
    ]
    both = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)]
    both.append(subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT))
    results = []
    for process in both:
        out, err = process.communicate(timeout=600)
        assert process.returncode == 0, err
        results.append(json.loads(out))
    games = results[0]["games"]
    assert results[1]["games"] == games and sum(r["added"] for r in results) == games


def test_a_file_of_nul_bytes_is_no_pgn(tmp_path: Path) -> None:
    (tmp_path / "nul.pgn").write_bytes(b"\0" * 1_000)  # was imported as "1 games"
    refused("pgn", tmp_path / "nul.pgn", tmp_path / "db", "holds NUL bytes: a binary file, not PGN text")


def test_a_huge_pgn_header_refuses_its_game_and_keeps_the_store_small(tmp_path: Path) -> None:
    """A 20 MB tag grew the store to 58 MB (and `arena report` to 582 s): its game is refused, the next one kept."""
    huge = '[Event "' + "x" * 20_000_000 + '"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4 e5 *\n\n'
    (tmp_path / "big.pgn").write_text(huge + '[White "c"]\n[Black "d"]\n[Result "*"]\n\n1. d4 *\n')
    ran = arena("import", "--no-analyse", "pgn", str(tmp_path / "big.pgn"), "--db", str(tmp_path / "db"))
    assert ran.returncode == 0 and "1 games added" in ran.stdout, ran.stderr
    assert "game 1: tag 'Event' of 20,000,000 characters" in ran.stdout
    assert sum(p.stat().st_size for p in (tmp_path / "db").rglob("*") if p.is_file()) < 1_000_000


def test_non_finite_numbers_are_refused_and_never_recorded(tmp_path: Path) -> None:
    from pydantic import ValidationError

    from arena.match.records import MoveRecord

    source = PUBLISHED / "topsakal" / "connect-four_list_240612-203105_all_moves.csv"
    lines = source.read_text(encoding="utf-8-sig").splitlines()
    lines[1] = lines[1].replace('"winner1st","22"', '"winner1st","nan"', 1)
    bad = tmp_path / source.name
    bad.write_text("\n".join(lines) + "\n")
    refused("topsakal", bad, tmp_path / "db", "field 'GameDuration': nan is not a count or a ratio")
    with pytest.raises(ValidationError):  # the last guard: a record holds finite numbers or is not made
        MoveRecord(ply=0, seat=0, attempt=0, valid=True, seconds=float("inf"))


def test_a_killed_published_import_leaves_no_folder_behind_the_next_one(tmp_path: Path) -> None:
    """kill -9 while the shipped logs are unpacked: the next import removes the dead one's folder (15 were seen,
    144 MB), never a live import's, and an unnamed old one only once it is hours old."""
    import signal
    import time

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {**os.environ, "TMPDIR": str(temporary)}
    command = [sys.executable, "-m", "arena", "import", "--published", "--no-analyse", "llm-chess", "--db"]
    killed = subprocess.Popen([*command, str(tmp_path / "db")], cwd=ROOT, env=env, stderr=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + 120
    while not any(temporary.glob(f"arena-published-{killed.pid}-*/llm_chess")) and killed.poll() is None:
        assert time.monotonic() < deadline, "the import never unpacked its logs"
        time.sleep(0.05)  # waits on the folder appearing (the event), not on a guess of how long it takes
    os.kill(killed.pid, signal.SIGKILL)
    killed.wait()
    left = list(temporary.glob(f"arena-published-{killed.pid}-*"))
    assert left, "the kill came after the import had cleaned up: nothing to test"
    live = temporary / f"arena-published-{os.getpid()}-live"
    old, recent = temporary / "arena-published-abcd1234", temporary / "arena-published-efgh5678"
    for folder in (live, old, recent):
        folder.mkdir()
    os.utime(old, (time.time() - 7 * 3600, time.time() - 7 * 3600))
    again = subprocess.run([*command, str(tmp_path / "db2")], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=300)  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in temporary.iterdir()) == sorted([live.name, recent.name])
