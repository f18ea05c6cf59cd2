"""Ratings only where players met: comparison groups, ranks within them, head-to-head differences."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from arena.analysis.groups import connected_parts, fit_groups
from arena.analysis.ratings import Result, bradley_terry
from arena.report.tables import GROUPS_APART
from tests.processes import ROOT

LIST_RESULTS = [("a", "b", 1.0)] * 6 + [("b", "a", 0.0)] * 3 + [("b", "a", 0.5)] * 1
OTHER_RESULTS = [("c", "d", 1.0)] * 2 + [("d", "c", 1.0)] * 2 + [("c", "e", 1.0)] * 3 + [("e", "d", 0.0)] * 2


def test_connected_parts_follow_the_matches() -> None:
    parts = connected_parts(["a", "b", "c", "d", "e", "f"], [("a", "b"), ("c", "d"), ("e", "d")])
    assert sorted(map(sorted, parts)) == [["a", "b"], ["c", "d", "e"], ["f"]]


def test_each_group_is_fitted_as_if_alone_and_never_ranked_against_another() -> None:
    fitted, groups = fit_groups(["a", "b", "c", "d", "e", "lonely"], LIST_RESULTS + OTHER_RESULTS, resamples=0)
    assert [(g.number, sorted(g.players), g.matches) for g in groups] == [(1, ["a", "b"], 10), (2, ["c", "d", "e"], 9)]
    alone = bradley_terry([Result(0 if a == "a" else 1, 0 if b == "a" else 1, p) for a, b, p in LIST_RESULTS], 2, 0)
    assert fitted["a"].rating == pytest.approx(alone.rating[0]) and fitted["b"].rating == pytest.approx(alone.rating[1])
    assert fitted["a"].group == fitted["b"].group == 1 and fitted["c"].group == 2
    assert fitted["lonely"].group == 0 and math.isnan(fitted["lonely"].rating) and fitted["lonely"].rank == 0
    # Each group is centred on its own mean: the mean of a group's ratings is 1000, whatever the other group.
    assert (fitted["a"].rating + fitted["b"].rating) / 2 == pytest.approx(1000)


def test_rank_counts_the_players_whose_whole_interval_is_above() -> None:
    strong = [("top", "mid", 1.0)] * 30 + [("mid", "top", 0.0)] * 30
    weak = [("mid", "low", 1.0)] * 30 + [("low", "mid", 0.0)] * 30 + [("low", "bottom", 0.5)] * 4
    names = ["top", "mid", "low", "bottom"]
    fitted, groups = fit_groups(names, strong + weak, resamples=200)
    assert len(groups) == 1 and fitted["top"].rank == 1 and fitted["mid"].rank == 2
    for name in names:
        assert fitted[name].rank == 1 + sum(fitted[other].low > fitted[name].high for other in names)
    assert fitted["bottom"].rank < 4  # bottom's wide interval (4 draws) overlaps low's: low is not above it


def test_head_to_head_reads_as_a_lead_with_an_interval_around_it() -> None:
    fitted, groups = fit_groups(["a", "b"], LIST_RESULTS, resamples=300)
    (pair,) = groups[0].head_to_head
    assert (pair.first, pair.second, pair.matches) == ("a", "b", 10)
    assert pair.difference == pytest.approx(fitted["a"].rating - fitted["b"].rating) and pair.difference > 0
    assert pair.low < pair.difference < pair.high


def arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def test_topsakals_prompt_families_are_three_groups(topsakal_db: Path) -> None:
    db = str(topsakal_db)
    report = json.loads(
        arena("report", "--game", "tictactoe", "--json", "--resamples", "50", "--db", db, cwd=ROOT).stdout
    )
    board = report["games"]["tictactoe"]
    families = [{p["family"] for p in board["players"] if p["group"] == g["group"]} for g in board["groups"]]
    assert len(board["groups"]) == 3 and all(len(f) == 1 for f in families), families
    assert sorted(f.pop() for f in families) == ["topsakal-illustration", "topsakal-image", "topsakal-list"]
    assert all(len(g["head_to_head"]) == 15 if len(g["players"]) == 6 else 10 for g in board["groups"])
    assert all(p["rank"] >= 1 for p in board["players"])
    table = arena("report", "--game", "tictactoe", "--resamples", "50", "--db", db, cwd=ROOT)
    text = " ".join(table.stdout.split())
    assert "tictactoe, group 1 of 3" in text and "group 3 of 3" in text and GROUPS_APART in text
    assert "head to head: rating difference where two players met" in text


def test_the_ratings_chart_draws_each_group_on_its_own_panel() -> None:
    """Groups that never met are not on one axis: a panel each, titled by group, the interval named as it is."""
    from arena.analysis.charts import ratings_figure
    from arena.analysis.leaderboard import Leaderboard, PlayerRow

    fitted, groups = fit_groups(["a", "b", "c", "d", "e"], LIST_RESULTS + OTHER_RESULTS, resamples=50)
    rows = []
    for name, fit in fitted.items():
        row = PlayerRow(name, None)
        row.rating, row.low, row.high, row.group, row.rank = fit.rating, fit.low, fit.high, fit.group, fit.rank
        rows.append(row)
    board = Leaderboard("tictactoe", rows, {}, 19, math.nan, False, "tictactoe", groups, [])
    figure = ratings_figure(board)
    titles = [axis.get_title() for axis in figure.axes]
    assert titles == ["group 1 of 2: 2 players, 10 matches; 1000 = the group's mean player",
                      "group 2 of 2: 3 players, 9 matches; 1000 = the group's mean player"]  # fmt: skip
    shown = [[label.get_text() for label in axis.get_yticklabels()] for axis in figure.axes]
    assert shown == [["a?", "b?"], ["c?", "d?", "e?"]]  # no scored matches counted on these rows: provisional
    assert all("the wider of the bootstrap's and the posterior's" in axis.get_xlabel() for axis in figure.axes)
    assert "2 comparison groups never met" in figure.get_suptitle()
