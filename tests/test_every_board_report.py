"""`arena report --json`/`--out` and the Leaderboard screen over every game and every board the app offers."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Select
from textual.widgets.data_table import ColumnKey

from arena.tui.setup_form import BOARDS
from games.registry import variant_label
from tests.processes import ROOT
from tests.tui_helpers import make_app, wait_for

VARIANTS = [(game, options) for game, boards in BOARDS.items() for _, options in boards]
# Chess from the start and from a book opening are one board (an opening is where a game starts, not another game).
BOARD_OF = Counter(variant_label(game, options) for game, options in VARIANTS)
LABELS = list(BOARD_OF)


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=600)


def board_flags(options: dict[str, Any]) -> list[str]:
    return [word for key, value in options.items() for word in (f"--{key.replace('_', '-')}", str(value))]


def engine_of(game: str) -> str:
    """Each game's engine at a small budget: Stockfish at chess, the equilibrium at poker, minimax elsewhere."""
    if game.endswith("-poker"):
        return "cfr"
    return "stockfish:nodes=2000" if game == "chess" else "minimax:0.05"


@pytest.fixture(scope="module")
def every_board(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Minimax against random, seats swapped, on every board of every game, in one database."""
    db = tmp_path_factory.mktemp("boards") / "db"
    for game, options in VARIANTS:
        played = arena(
            "--batch", "--game", game, *board_flags(options), "--players", engine_of(game), "random",
            "--games", "2", "--swap-seats", "--db", str(db),
        )  # fmt: skip
        assert played.returncode == 0, played.stderr
    return db


def test_report_json_analyses_every_board(every_board: Path) -> None:
    result = arena("report", "--db", str(every_board), "--json", "--resamples", "50")
    assert result.returncode == 0, result.stderr
    assert "cannot be analysed" not in result.stderr
    data = json.loads(result.stdout)
    assert sorted(data["games"]) == sorted(LABELS)  # boards are rated apart, none dropped
    for label, board in data["games"].items():
        assert board["matches"] == 2 * BOARD_OF[label], label
        for player in board["players"]:
            assert player["valid_moves"] > 0, (label, player["player"])
            assert player["rating"] is not None and player["low"] < player["high"], (label, player["player"])
        if label.startswith("battleship"):
            assert sum(p["missed_sinks"] for p in board["players"]) > 0, label  # random misses sinks
        if label.endswith("-poker"):  # chips per hand and graded decisions beside the wins and losses
            assert all(p["poker"]["hands"] == 240 and p["poker"]["decisions"] > 0 for p in board["players"]), label
    assert data["combined"], "battleship, tic-tac-toe and Connect-Four feed ChildPlay's combined score"


def test_report_out_has_every_board(every_board: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = arena("report", "--db", str(every_board), "--out", str(out), "--resamples", "20")
    assert result.returncode == 0, result.stderr
    with open(out / "leaderboard.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["game"] for row in rows} == set(LABELS)
    assert all(int(row["valid_moves"]) > 0 for row in rows)
    for label in LABELS:
        stem = label.replace(" ", "-").replace("=", "-")
        assert (out / f"{stem}-ratings.png").is_file(), label


async def test_the_leaderboard_screen_shows_every_board(every_board: Path) -> None:
    from arena.tui.screens.leaderboard import LeaderboardScreen

    app = make_app(every_board)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        screen = app.screen
        assert isinstance(screen, LeaderboardScreen)
        await wait_for(pilot, lambda: screen.board is not None, timeout=120)
        choices = screen.query_one("#lb-game", Select)
        for label in LABELS:  # each board once its analyses are in (chess, graded by Stockfish, comes last)
            await wait_for(pilot, lambda shown=label: any(a.variant == shown for a in screen.analyses), timeout=120)
            choices.value = label
            await wait_for(
                pilot, lambda shown=label: screen.board is not None and screen.board.game == shown, timeout=60
            )
            table = screen.query_one("#lb-table", DataTable)
            assert table.row_count == 2, label
            assert all(row.counts.get("valid", 0) > 0 for row in screen.rows), label
            graded = str(table.columns[ColumnKey("keep")].label)  # chess's columns grade other things
            assert graded == ("acpl/rnd" if label == "chess" else "keep"), label


def test_report_html_has_every_board_with_the_json_numbers(every_board: Path, tmp_path: Path) -> None:
    from arena.report.site.overview import game_file, pairs_file

    site = tmp_path / "site"
    made = arena("report", "--db", str(every_board), "--html", str(site), "--resamples", "20")
    assert made.returncode == 0, made.stderr
    assert f"open {site.resolve() / 'index.html'}" in made.stdout
    shown = json.loads(arena("report", "--db", str(every_board), "--json", "--resamples", "20").stdout)
    assert json.loads((site / "site.json").read_text()) == shown  # the pages are drawn from the same numbers
    overview = (site / "index.html").read_text()
    for label in LABELS:
        game = shown["games"][label]
        assert f'id="game-{label}"' in overview  # each board has its card on the overview, and its own page
        page = (site / game_file(label)).read_text()
        assert f'id="game-{label}"' in page and (site / pairs_file(label)).is_file()
        for row in game["players"]:
            assert f'<tr data-player="{row["player"]}">' in page
            assert row["valid_moves"] > 0
    chunks = sorted((site / "data").glob("matches-*.js"))
    assert chunks and all("ARENA.add(" in chunk.read_text() for chunk in chunks)
    replays = "".join(chunk.read_text() for chunk in chunks)
    assert replays.count('"start":') == shown["matches"]  # every match can be stepped through
