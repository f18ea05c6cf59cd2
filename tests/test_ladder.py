"""A player against a ladder of Stockfish strengths, put on the ladder's scale by anchors named by spec."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.processes import ROOT

RUNGS = ("stockfish:elo=1350,nodes=2000", "stockfish:elo=2000,nodes=2000")


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=900)  # fmt: skip


def test_a_player_gets_a_rating_on_the_ladders_scale_with_an_interval(tmp_path: Path) -> None:
    players = "".join(f'[[players]]\nspec = "{spec}"\n\n' for spec in (*RUNGS, "random"))
    (tmp_path / "ladder.toml").write_text(f'name = "ladder"\ngame = "chess"\nmatches_per_pair = 2\nswap_seats = true\n'
                                          f'seed = 3\nmax_moves = 120\n\n{players}')  # fmt: skip
    db = str(tmp_path / "db")
    ran = arena("tournament", str(tmp_path / "ladder.toml"), "--db", db)
    assert ran.returncode == 0, ran.stderr
    anchors = [value for spec, rating in zip(RUNGS, (1350, 2000), strict=True)
               for value in ("--anchor", f"{spec}={rating}")]  # fmt: skip
    report = arena("report", "--db", db, "--json", "--resamples", "200", *anchors)
    assert report.returncode == 0, report.stderr
    rows = {row["player"]: row for row in json.loads(report.stdout)["games"]["chess"]["players"]}
    random_row = next(row for name, row in rows.items() if name.startswith("random"))
    assert random_row["low"] < random_row["rating"] < random_row["high"] and random_row["rating"] < 1350, random_row
    fitted = [rows[spec]["rating"] for spec in RUNGS]
    assert sum(fitted) / 2 == 1675  # several anchors: their mean sits at their declared mean (docs/harness.md)
    wrong = arena("report", "--db", db, "--json", "--anchor", "stockfish:elo=1500,nodes=2000=1500")
    assert wrong.returncode == 2 and "stockfish:elo=1500" in wrong.stderr  # a spec that matches nobody is refused
