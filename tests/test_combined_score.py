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
    shown = json.loads(report.stdout)
    rows = {row["player"]: row for row in shown["combined"]}
    # The LCL files name the models by dated ids; joined on the paper's names, each model and temperature is one
    # row holding its games, Shapes and both LCL tasks, and no row is named by a dated id.
    for model in ("gpt-3.5-turbo", "gpt-4", "gpt-4o", "gpt-4o-mini"):
        for temperature in ("0", "0.5", "1", "1.5"):
            row = rows[f"llm:{model} T={temperature} childplay"]
            assert row["components"] == 6, row
            assert row["lcl-validity_n"] == row["lcl-construct_n"] == 100 and row["tictactoe_n"] > 0
    assert not [player for player in rows if "-20" in player or "1106" in player]
    ids = {session["player"]: session for session in shown["tasks"] if session["task"] == "lcl-validity"}
    assert ids["llm:gpt-4o"]["model_id"] == "gpt-4o-2024-08-06" and ids["llm:gpt-4"]["model_id"] == "gpt-4-1106-preview"
    # gpt-4o-mini's tic-tac-toe at T=0 logs 11 of the 100 games played (the results file says 10-89-1): marked
    # as a partial sample beside its published record and left out of the ranks, whatever its rating.
    board = {row["player"]: row for row in shown["games"]["tictactoe"]["players"]}
    survivor = board["llm:gpt-4o-mini T=0 childplay"]
    assert survivor["rank"] is None and survivor["provisional"] and survivor["rating"] > 1200
    assert survivor["partial_sample"]["logged"] == 11 and survivor["partial_sample"]["played"] == 100
    assert survivor["partial_sample"]["published_record"] == "10-1-89"
    ranked = [row for row in board.values() if row["partial_sample"] is None]
    assert all(row["rank"] for row in ranked) and min(row["rank"] for row in ranked) == 1
    assert board["llm:gpt-4o-mini T=0.5 childplay"]["partial_sample"] is None
    assert shown["games"]["connect-four 7x7"]["players"][0]["partial_sample"] is None
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
