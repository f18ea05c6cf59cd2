"""The web report in a real browser (Debian's Chromium through Playwright), opened from file://."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.processes import ROOT
from tests.test_site import MARKUP, SYSTEM, hostile_store
from tests.test_tui import leaderboard_db

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium here (apt-get install chromium)")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tic-tac-toe round robin with a DQ, a Connect-Four pair and a player whose name and replies are hostile."""
    folder = tmp_path_factory.mktemp("site")
    leaderboard_db(folder / "db")
    hostile_store(folder / "db")
    made = subprocess.run(
        [sys.executable, "-m", "arena", "report", "--db", str(folder / "db"), "--html", str(folder / "site")],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    return folder / "site"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page that collects console errors, failed requests and dialogs (a script that ran would open one)."""
    opened = browser.new_page(viewport={"width": 1280, "height": 800})
    opened.problems = []
    opened.on("console", lambda message: message.type == "error" and opened.problems.append(message.text))
    opened.on("pageerror", lambda error: opened.problems.append(str(error)))
    opened.on("requestfailed", lambda request: opened.problems.append(f"failed: {request.url}"))
    opened.on("dialog", lambda dialog: (opened.problems.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    yield opened
    assert opened.problems == []
    opened.close()


def game_page(site: Path, name: str) -> str:
    """The address of a game's page."""
    from arena.report.site.overview import game_file

    return (site / game_file(name)).as_uri()


def test_the_leaderboard_equals_the_json_sorts_and_filters(site: Path, page: Any) -> None:
    summary = json.loads((site / "site.json").read_text())
    for name, game in summary["games"].items():
        page.goto(game_page(site, name))
        rows = page.locator(f"section#game-{name} table.leaderboard tbody tr")
        shown = [rows.nth(i).get_attribute("data-player") for i in range(rows.count())]
        assert shown == [p["player"] for p in game["players"]]
        for i, player in enumerate(game["players"]):
            cells = rows.nth(i).locator("td")
            assert [cells.nth(k).inner_text() for k in (6, 7, 8, 9)] == [  # after group, rank, player, rating, CI, n
                str(player[key]) for key in ("wins", "draws", "losses", "disqualified")
            ]
    page.goto(game_page(site, "tictactoe"))
    table = page.locator("section#game-tictactoe table.leaderboard")
    header = table.locator("th", has_text="rating")
    header.click()
    descending = [float(v) for v in table.locator("tbody tr td:nth-child(4)").evaluate_all(
        "cells => cells.map(c => c.dataset.value)") if v]  # fmt: skip
    assert descending == sorted(descending, reverse=True)
    header.click()
    ascending = [float(v) for v in table.locator("tbody tr td:nth-child(4)").evaluate_all(
        "cells => cells.map(c => c.dataset.value)") if v]  # fmt: skip
    assert ascending == sorted(ascending)
    page.locator("section#game-tictactoe input.filter").fill("minimax")
    visible = table.locator("tbody tr:visible")
    assert visible.count() >= 1 and all("minimax" in visible.nth(i).inner_text() for i in range(visible.count()))


def test_a_player_page_opens_and_a_replay_steps_with_the_keyboard(site: Path, page: Any) -> None:
    page.goto(game_page(site, "connect-four"))
    page.locator("section#game-connect-four td.name a", has_text="random").click()
    page.wait_for_url("**/players/*.html")
    assert page.locator("h1.player").inner_text() == "random"
    page.locator("td a", has_text="replay").first.click()
    page.wait_for_selector("#board table")

    def marks() -> int:
        return int(page.locator("#board td.c-X, #board td.c-O").count())

    assert marks() == 0 and "Start of the match" in page.locator("#step").inner_text()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert marks() == 2 and "Attempt 2/" in page.locator("#step").inner_text()
    assert "The engines' verdict: " in page.locator("#attempt").inner_text()  # graded by the analysis
    page.keyboard.press("End")
    assert "the end: " in page.locator("#step").inner_text()  # the result said at the last attempt
    ended = marks()
    page.keyboard.press("Home")
    assert marks() == 0 < ended
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.url.endswith("/2")  # the step is in the address: a link opens this move
    again = page.url
    page.goto((site / "index.html").as_uri())
    page.goto(again)
    page.wait_for_selector("#board table")
    assert marks() == 2 and "Attempt 2/" in page.locator("#step").inner_text()
    total = int(page.locator("#step").inner_text().split("/")[1].split(":")[0])
    assert page.locator("#moves li").count() == total >= 2  # every attempt listed, to jump to
    page.locator("#moves li").nth(0).click()
    assert "Attempt 1/" in page.locator("#step").inner_text() and page.url.endswith("/1")
    assert page.locator("#moves li.current").inner_text() == page.locator("#moves li").nth(0).inner_text()
    assert page.locator("#eval polyline").count() == 1  # the value over the game, drawn from the analysis
    page.go_back()
    page.wait_for_load_state()
    assert "No such match" not in page.content()


def test_hostile_names_and_replies_stay_text(site: Path, page: Any) -> None:
    page.goto(game_page(site, "tictactoe"))
    assert page.locator("section#game-tictactoe").get_by_text(MARKUP, exact=False).count() >= 1
    assert page.locator("img[src=x]").count() == 0
    page.goto((site / "replay.html").as_uri())
    page.locator("#match-filter").fill("onerror")
    page.locator("#match-list tbody tr:visible").first.click()
    page.wait_for_selector("#board table")  # the match's chunk is loaded by a script tag, after the click
    page.keyboard.press("ArrowRight")
    reply = page.locator("#attempt pre").last.inner_text()
    assert MARKUP in reply and "\\x1b[2J" in reply  # shown literally, escapes written out
    page.locator("#attempt details summary").click()
    prompt = page.locator("#attempt details pre").inner_text()
    assert prompt.startswith(SYSTEM.strip()) and prompt.endswith(f"board 0 {MARKUP}")  # rebuilt from shared texts
    assert page.locator("#attempt img, #attempt script").count() == 0


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_pages_fit_desktop_and_phone(site: Path, browser: Any, size: tuple[int, int], tmp_path: Path) -> None:
    from arena.report.site.overview import pairs_file

    opened = browser.new_page(viewport={"width": size[0], "height": size[1]})
    pages = ["index.html", "replay.html", game_page(site, "tictactoe"), (site / pairs_file("tictactoe")).as_uri()]
    for address in pages:
        opened.goto(address if address.startswith("file:") else (site / address).as_uri())
        width = opened.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0], address  # wide tables scroll inside their box, the page never scrolls sideways
    opened.goto((site / "replay.html").as_uri())
    opened.locator("#match-list tbody tr").first.click()
    opened.wait_for_selector("#board table")
    opened.keyboard.press("End")
    pane = opened.locator("#attempt").bounding_box()
    assert pane is not None and pane["width"] >= min(300, size[0] - 40)  # the side pane keeps its room at the end
    opened.close()


def test_seat_chart_and_a_players_mistakes_by_opponent(site: Path, page: Any) -> None:
    page.goto(game_page(site, "tictactoe"))
    summary = json.loads((site / "site.json").read_text())
    game = summary["games"]["tictactoe"]
    chart = page.locator("section#game-tictactoe table.seats tbody tr")
    assert chart.count() == len(game["players"])
    for i, player in enumerate(game["players"]):
        seats = [s for s in (player["as_first"], player["as_second"]) if s["matches"]]
        assert chart.nth(i).locator("rect").count() == len(seats)
        words = chart.nth(i).locator(".seat-words").inner_text()
        assert all(f"{s['wins']['count']}/{s['matches']}" in words for s in seats)
    scripted = next(p for p in game["players"] if p["player"].startswith("scripted"))
    assert scripted["invalid_moves"] > 0
    page.locator("section#game-tictactoe td.name a", has_text="scripted").click()
    page.wait_for_url("**/players/*.html")
    rows = page.locator("section", has_text="Against each opponent").locator("tbody tr")
    invalid = sum(int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(rows.count()))
    assert invalid == scripted["invalid_moves"]
    assert page.locator("td", has_text=" invalid").count() >= 1  # each match says its own mistakes


def test_the_overview_leads_to_every_game_and_to_featured_matches(site: Path, page: Any) -> None:
    summary = json.loads((site / "site.json").read_text())
    page.goto((site / "index.html").as_uri())
    cards = page.locator("section.card[id^=game-]")
    names = [cards.nth(i).get_attribute("id").removeprefix("game-") for i in range(cards.count())]
    counts = [summary["games"][name]["matches"] for name in names]
    assert sorted(names) == sorted(summary["games"]) and counts == sorted(counts, reverse=True)  # the busiest first
    leaders = cards.first.locator("tbody tr td.name")
    first_rated = [p["player"] for p in summary["games"][names[0]]["players"] if p["rating"] is not None]
    assert leaders.first.inner_text() == first_rated[0]
    assert page.locator("h3", has_text="Upsets").count() == 1 and page.locator("h3", has_text="Worst mistakes").count()
    mistakes = page.locator("section.card", has_text="Worst mistakes").locator("li a")
    assert mistakes.count() >= 1  # the scripted player's invalid games and minimax's wins leave blunders to show
    mistakes.first.click()
    page.wait_for_selector("#board table")
    cards = None
    page.goto((site / "index.html").as_uri())
    page.locator("section.card#game-tictactoe h2 a").click()
    page.wait_for_url("**/games/*.html")
    assert page.locator("section#game-tictactoe table.leaderboard").count() == 1


def test_head_to_head_lists_every_pair_and_opens_their_matches(site: Path, page: Any) -> None:
    from arena.report.site.overview import pairs_file

    summary = json.loads((site / "site.json").read_text())
    game = summary["games"]["tictactoe"]
    pairs = {tuple(sorted((c["player"], c["opponent"]))) for c in game["matrix"]}
    page.goto((site / pairs_file("tictactoe")).as_uri())
    rows = page.locator("table tbody tr")
    assert rows.count() == len(pairs)
    first, second = rows.first.locator("td").nth(0).inner_text(), rows.first.locator("td").nth(1).inner_text()
    rows.first.locator("a", has_text="matches").click()
    page.wait_for_selector("#match-list tbody tr")
    listed = page.locator("#match-list tbody tr")
    assert listed.count() >= 1
    for i in range(listed.count()):
        text = listed.nth(i).inner_text()
        assert first in text and second in text  # only their matches
    ended = [listed.nth(i).locator("td").first.inner_text() for i in range(listed.count())]
    assert ended == sorted(ended, reverse=True)  # newest first


def test_head_to_head_fits_a_desktop_without_scrolling_sideways(site: Path, browser: Any) -> None:
    from arena.report.site.overview import pairs_file

    opened = browser.new_page(viewport={"width": 1700, "height": 900})
    try:
        for game in json.loads((site / "site.json").read_text())["games"]:
            opened.goto((site / pairs_file(game)).as_uri())
            fits = opened.evaluate("(() => { const s = document.querySelector('.scroll');"
                                   " return s.scrollWidth <= s.clientWidth; })()")  # fmt: skip
            assert fits, game  # the 95% and matches columns in view, long names cut (whole on hover)
    finally:
        opened.close()
