"""Cost against strength on a priced run through the fake server: dollars and tokens per match and per rated point
above random, the Pareto front, and the chart in the files and on the web, every point within its own group."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.fake_llm_server import FakeServer
from tests.processes import run_arena


@pytest.fixture(scope="module")
def priced(fake_llm: FakeServer, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two comparison groups of priced models at tic-tac-toe: one with random, one with minimax alone."""
    db = tmp_path_factory.mktemp("priced") / "db"
    common = ("--db", str(db), "--api-base", fake_llm.url, "--no-preflight", "--retries", "0", "--game", "tictactoe")
    for players, games in ((("llm:openai/gpt-4o-mini", "llm:openai/gpt-4o", "llm:openai/gpt-4o-mini;legal=no",
                             "random"), "6"), (("llm:openai/gpt-4o;board=list", "minimax"), "4")):  # fmt: skip
        ran = run_arena("--batch", "--players", *players, "--games", games, *common)
        assert ran.returncode == 0, ran.stderr
    return db


def test_each_model_is_priced_per_match_and_per_point_and_the_front_is_undominated(priced: Path) -> None:
    game = json.loads(run_arena("report", "--db", str(priced), "--json").stdout)["games"]["tictactoe"]
    members = {group["group"]: set(group["players"]) for group in game["groups"]}
    spending = game["cost_strength"]
    assert len(spending) == 2 and len(members) == 2
    rows = {row["player"]: row for row in game["players"]}
    for group in spending:
        assert {p["player"] for p in group["players"]} <= members[group["group"]]  # within one group
        baseline = group["baseline_rating"]
        assert (baseline is None) is ("random" not in members[group["group"]])
        for p in group["players"]:
            row = rows[p["player"]]
            assert p["rating"] == row["rating"] and p["cost_per_match"] == pytest.approx(
                row["cost"] / row["matches"], 1e-3
            )
            assert p["cost_per_match"] > 0 and p["tokens_per_match"] == pytest.approx(row["tokens_per_match"], 1e-3)
            if baseline is not None and p["rating"] > baseline:
                above = p["rating"] - baseline
                assert p["dollars_per_point"] == pytest.approx(row["cost"] / row["matches"] / above, rel=2e-3)
            else:
                assert p["dollars_per_point"] is None and p["tokens_per_point"] is None
        points = [(p["cost_per_match"], p["rating"], p["pareto"]) for p in group["players"]]
        for cost, rating, front in points:
            beaten = any((c <= cost and r > rating) or (c < cost and r >= rating) for c, r, _ in points)
            assert front is (not beaten)
        assert any(front for *_, front in points)
    first = next(g for g in spending if g["baseline"] == "random")
    assert len(first["players"]) == 3  # the engines and random spend nothing: not points of the chart


def test_the_chart_is_in_the_files_and_on_the_web_one_panel_per_group(priced: Path, tmp_path: Path) -> None:
    out = run_arena("report", "--db", str(priced), "--out", str(tmp_path / "files"))
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "files" / "tictactoe-cost-vs-rating.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    site = run_arena("report", "--db", str(priced), "--html", str(tmp_path / "site"))
    assert site.returncode == 0, site.stderr
    pages = (tmp_path / "site").glob("games/tictactoe*.html")
    page = next(path for path in pages if not path.name.endswith("-pairs.html")).read_text()
    game = json.loads((tmp_path / "site" / "site.json").read_text())["games"]["tictactoe"]
    members = {group["group"]: set(group["players"]) for group in game["groups"]}
    panels = re.findall(r'<figure class="cost-chart" data-group="(\d+)">(.*?)</figure>', page, re.S)
    assert len(panels) == 2 and "Cost against strength" in page
    for number, panel in panels:
        named = set(re.findall(r"<title>([^<]+?): rating", panel))
        assert named and named <= members[int(number)]  # every point of a panel is of that panel's group
        assert len(re.findall(r"<circle", panel)) == len(named)
    assert page.count('class="front"') >= 2  # each group's front marked
