"""The web report of poker: a model's strategy table beside the equilibrium's, its exploitability with interval and
noise floor on the game's chart beside random's exact figure, chips per hand, and replays that show both cards."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.fake_llm_server import FakeServer
from tests.processes import ROOT

MODEL = "llm:openai/first-legal"


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def text_of(page: Path) -> str:
    """A page's text with tags dropped and entities read, one space between words."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page.read_text())))


def test_the_web_report_shows_a_models_strategy_and_exploitability(fake_llm: FakeServer, tmp_path: Path) -> None:
    db, site = tmp_path / "db", tmp_path / "site"
    played = arena("--batch", "--db", str(db), "--no-preflight", "--game", "kuhn-poker", "--players", MODEL, "random",
                   "--api-base", fake_llm.url, "--games", "6")  # fmt: skip
    assert played.returncode == 0, played.stderr
    report = arena("report", "--db", str(db), "--json", "--html", str(site))
    assert report.returncode == 0, report.stderr
    game: dict[str, Any] = json.loads(report.stdout)["games"]["kuhn-poker"]
    model = next(row["poker"] for row in game["players"] if row["player"] == MODEL)
    assert model["decisions"] >= 50 and model["exploitability"] is not None

    player_page = next((site / "players").glob("llm-openai-first-legal*.html"))
    shown = text_of(player_page)
    for key, words in model["strategy"].items():  # every set it reached, its visits and its play
        row = re.search(re.escape(key) + r" (\d+) (.+?) (?=first |second |Against)", shown)
        assert row is not None, key
        assert int(row.group(1)) == model["visits"][key]
        for word, share in words.items():
            assert f"{word} {100 * share:.0f}%" in row.group(2), (key, row.group(2))
    visits = model["visits"]["first K | -"]
    assert f"first K | - {visits} check 100% bet 67% · check 33%" in shown  # beside the shipped equilibrium's mix
    low, high, floor = model["exploitability_low"], model["exploitability_high"], model["exploitability_floor"]
    said = f"{model['exploitability']} mbb/hand (95% {low} to {high}; the equilibrium observed as often: {floor})"
    assert said in shown
    assert f"{model['chips_per_hand']:+.3f} (95% {model['low']:+.3f} to {model['high']:+.3f})" in shown

    game_page = next((site / "games").glob("kuhn-poker-*[0-9a-f].html"))
    page = game_page.read_text()
    label = (f'aria-label="exploitability of {MODEL}: {model["exploitability"]} mbb/hand, 95% '
             f'{model["exploitability_low"]} to {model["exploitability_high"]}"')  # fmt: skip
    assert label in page
    assert "random play&#39;s exact figure is 458.3" in page or "random play's exact figure is 458.3" in page
    assert game["poker"]["random_exploitability"] == 458.3
    assert "Bradley-Terry rating" not in page  # poker is never rated by Elo on wins and losses
    first = re.search(r'class="name"><a [^>]+>([^<]+)</a>', page)
    assert first is not None and html.unescape(first.group(1)) == game["players"][0]["player"]


def test_a_poker_replay_shows_both_cards_and_grades_each_decision(tmp_path: Path) -> None:
    db, site = tmp_path / "db", tmp_path / "site"
    assert arena("--batch", "--db", str(db), "--game", "leduc-poker", "--hands", "2", "--players", "cfr", "tight",
                 "--games", "1").returncode == 0  # fmt: skip
    assert arena("report", "--db", str(db), "--html", str(site)).returncode == 0
    data = (site / "data" / "matches-0000.js").read_text()
    match = json.loads(data[data.index("ARENA.add(") + len("ARENA.add(") : data.rindex(")")])["matches"]
    frames = next(iter(match.values()))
    start = frames["start"]["text"]
    assert re.search(r"seat 1 \(first\): [JQK]\n", start) and re.search(r"seat 2 \(second\): [JQK]\n", start)
    graded = [s["attempt"]["analysis"] for s in frames["steps"]]
    assert all(re.fullmatch(r"at (first|second) .+: gives away \d+\.\d{3} chips against the equilibrium.*", g)
               for g in graded)  # fmt: skip
