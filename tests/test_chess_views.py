"""A chess replay as lichess shows it, in the app at 80x24 and on the web at 390 px: SAN with move numbers, every
mark whole, the best move named at each inaccuracy, mistake and blunder, the opening's name, each side's accuracy
and ACPL, the last move highlighted, a flip control, and the FEN and PGN to copy."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import chess
import pytest
from textual.coordinate import Coordinate
from textual.widgets import Static

from arena.analysis.cache import analyse_store
from arena.analysis.moves import MOVE_FIELDS
from arena.match.records import MatchRecord
from arena.store import MatchStore
from arena.tui.screens.replay import ReplayScreen
from arena.tui.widgets.moves import MoveList
from games.chess.theory import book_exit
from tests.processes import ROOT, run_arena
from tests.tui_helpers import make_app, wait_for

os.environ["PATH"] = os.environ.get("PATH", "") + os.pathsep + "/usr/games"  # Debian's Stockfish
CHROMIUM = shutil.which("chromium")
KIND, BEST, VALID = MOVE_FIELDS.index("kind"), MOVE_FIELDS.index("best_move"), MOVE_FIELDS.index("valid")


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, MatchRecord, list[list[Any]]]:
    """One graded game of two random movers (blunders on both sides), its record and move rows."""
    db = tmp_path_factory.mktemp("chess-views") / "db"
    played = run_arena("--batch", "--game", "chess", "--players", "random", "random", "--games", "1", "--max-plies",
                       "24", "--seed", "3", "--db", str(db))  # fmt: skip
    assert played.returncode == 0, played.stderr
    with MatchStore(db, read_only=True) as store:
        record = store.matches()[0]
        rows = analyse_store(store)[0].moves
    return db, record, rows


def expected(record: MatchRecord, rows: list[list[Any]]) -> list[tuple[str, str, str | None]]:
    """Per legal move, by python-chess: its move number, SAN, and the best move's SAN where the move is marked."""
    board, found = chess.Board(), []
    for move, row in zip(record.moves, rows, strict=True):
        if not move.valid:
            continue
        played = chess.Move.from_uci(str(move.move))
        number = f"{board.fullmove_number}{'.' if board.turn else '...'}"
        best = board.san(chess.Move.from_uci(row[BEST])) if row[KIND] else None
        found.append((number, board.san(played), best))
        board.push(played)
    return found


def test_every_marked_move_has_its_best_move(graded: tuple[Path, MatchRecord, list[list[Any]]]) -> None:
    rows = graded[2]
    marked = [row for row in rows if row[VALID] and row[KIND]]
    assert marked and all(row[BEST] and chess.Move.from_uci(row[BEST]) for row in marked)


async def test_the_apps_replay_at_80x24(graded: tuple[Path, MatchRecord, list[list[Any]]]) -> None:
    db, record, rows = graded
    moves = expected(record, rows)
    opening = book_exit(chess.Board(), [chess.Move.from_uci(str(m.move)) for m in record.played]).name
    assert opening  # a random first move is still a named opening (lichess names every first move)
    app = make_app(db)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ReplayScreen(record)
        await app.push_screen(screen)
        await wait_for(pilot, lambda: bool(screen.grades), timeout=120)
        assert screen.sub_title == opening  # the opening in the header at every move
        detail = str(screen.query_one("#detail", Static).render())
        assert f"opening {opening}" in detail and "White accuracy " in detail and "Black accuracy " in detail
        assert "ACPL " in detail
        table = screen.query_one(MoveList)
        for index, (number, san, _) in enumerate(moves):
            cell = str(table.get_cell_at(Coordinate(index, 1)))
            assert cell.startswith(f"{number} {san}")  # SAN with its move number
            mark = screen.grades[index].split(" (")[0]
            assert cell.endswith(mark.strip()) or not mark
            width = list(table.columns.values())[1].get_render_width(table)
            assert width >= len(cell)  # the whole mark in view
        first_marked = next(i for i, (_, _, best) in enumerate(moves) if best)
        for _ in range(first_marked + 1):
            await pilot.press("right")
        shown = " ".join(str(screen.query_one("#status", Static).render()).split())
        number, san, best = moves[first_marked]
        assert f"{number} {san}" in shown and f"Best was {best}." in shown


@pytest.fixture(scope="module")
def site(graded: tuple[Path, MatchRecord, list[list[Any]]], tmp_path_factory: pytest.TempPathFactory) -> Path:
    db, _, _ = graded
    folder = tmp_path_factory.mktemp("chess-site") / "site"
    made = subprocess.run([sys.executable, "-m", "arena", "report", "--db", str(db), "--html", str(folder)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)  # fmt: skip
    assert made.returncode == 0, made.stderr
    return folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("no chromium here (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def test_the_web_replay_at_390_px(graded: tuple[Path, MatchRecord, list[list[Any]]], site: Path, browser: Any) -> None:
    _, record, rows = graded
    moves = expected(record, rows)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto((site / "replay.html").as_uri() + "#" + record.id)
    page.wait_for_selector("#viewer:not([hidden])")
    opening = book_exit(chess.Board(), [chess.Move.from_uci(str(m.move)) for m in record.played]).name
    assert page.locator("#chess-facts .opening").inner_text() == f"Opening: {opening}"
    assert "White: accuracy" in page.locator("#chess-facts .accuracy").inner_text()
    rows_shown = page.locator("#moves li")
    assert rows_shown.count() == (len(moves) + 1) // 2  # a row per move number: White's and Black's moves
    assert rows_shown.nth(0).locator(".number").inner_text() == "1."
    shown = [page.locator("#moves .move").nth(i).inner_text() for i in range(len(moves))]
    for (_, san, _), text, grade in zip(moves, shown, (a for a in rows if a[VALID]), strict=True):
        mark = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}.get(grade[KIND] or "", "")
        assert text == san + mark  # every mark whole, as lichess writes it (Nh3?!)
    first_marked = next(i for i, (_, _, best) in enumerate(moves) if best)
    page.locator("#moves .move").nth(first_marked).click()
    assert f"Best was {moves[first_marked][2]}." in page.locator("#attempt").inner_text()
    assert page.locator("#eval line.now").get_attribute("x1") == str(first_marked + 1)  # the move shown, marked
    assert page.locator("#board td.last").count() == 2  # the move's two squares
    assert page.locator("#board tr").nth(1).locator("th").inner_text() == "8"
    page.locator("#flip").click()
    assert page.locator("#board tr").nth(1).locator("th").inner_text() == "1"  # seen from Black's side
    assert page.locator("#board td.last").count() == 2
    board = chess.Board()
    for move in record.played[: first_marked + 1]:
        board.push(chess.Move.from_uci(str(move.move)))
    assert page.locator("#fen").text_content() == board.fen()
    pgn = page.locator("#pgn").text_content()
    assert f"1. {moves[0][1]} {moves[1][1]}" in pgn
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing off the side of a phone
    assert problems == []
    page.close()
