"""ChildPlay's combined score: imported games count under the same rule, and thin rows never outrank full ones."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from arena.analysis.combined import MINIMUM, CombinedRow, is_random
from tests.processes import ROOT


def test_the_random_player_is_known_under_any_label() -> None:
    assert is_random("random") and is_random("random (childplay)")
    assert not is_random("random-any") and not is_random("llm:random-model")


def test_a_row_with_too_few_items_is_provisional() -> None:
    thin = CombinedRow("llm:local", {"shapes": 1.0}, {"shapes": 2})
    full = CombinedRow("llm:x", {"tictactoe": 0.6}, {"tictactoe": 100})
    assert thin.provisional and not full.provisional and thin.overall > full.overall
    assert thin.as_dict()["provisional"] is True and MINIMUM > 2


def test_childplays_imported_games_feed_the_combined_score(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    command = [sys.executable, "-m", "arena"]
    imported = subprocess.run(
        [*command, "import", "--no-analyse", "childplay", "--published", "--db", db], capture_output=True, cwd=ROOT
    )
    assert imported.returncode == 0, imported.stderr
    report = subprocess.run(
        [*command, "report", "--source", "childplay", "--json", "--resamples", "0", "--db", db],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    rows = {row["player"]: row for row in json.loads(report.stdout)["combined"]}
    gpt4o = rows["llm:gpt-4o T=0 childplay"]
    assert (gpt4o["tictactoe_n"], gpt4o["connect-four_n"], gpt4o["battleship_n"]) == (100, 100, 100)
    assert gpt4o["tictactoe"] == 0.5 and not gpt4o["provisional"]
    order = list(rows)
    assert all(
        order.index(p) > order.index(q)
        for p in order
        if rows[p]["provisional"]
        for q in order
        if not rows[q]["provisional"]
    )
