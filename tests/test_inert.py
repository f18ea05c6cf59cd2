"""Model and provider text is inert: no control byte reaches stdout or the screen, markup stays literal."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arena.inert import inert
from arena.store import MatchStore
from arena.tui.screens.replay import ReplayScreen
from arena.tui.series_config import SeriesConfig
from arena.tui.widgets.moves import MoveList
from arena.tui.widgets.reasoning import ReasoningPane
from tests.fake_llm_server import FakeServer, Reply
from tests.tui_helpers import make_app, open_match, status, wait_for

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = (
    "[bold]loud[/] [/] \x1b[2J\x1b]0;owned\x07 \x1b]52;c;ZXZpbA==\x07 nul\x00 bell\x07 "
    "cr\rover \u202eevil\u202c csi\x9b31m"
)
# Every C0 control but tab and newline, DEL, the C1 controls and the bidi overrides.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def test_inert_writes_control_characters_out_and_keeps_newlines_and_tabs() -> None:
    shown = inert(HOSTILE + "\nline\ttab")
    assert not CONTROL.search(shown)
    assert "\\x1b[2J" in shown and "\\x1b]52;c;" in shown and "\\x00" in shown and "\\u202e" in shown
    assert shown.endswith("\nline\ttab") and "[/]" in shown


def hostile_batch(server: FakeServer, db_path: Path) -> subprocess.CompletedProcess[bytes]:
    """A batch in which the model replies with escapes and markup, then its provider fails with more of them."""
    model = server.script(
        "hostile",
        Reply(reasoning_content=HOSTILE, content=f"{HOSTILE}\nMOVE: 2,2"),
        Reply(status=400, content=f"bad request {HOSTILE}"),
    )
    args = ["--batch", "--game", "tictactoe", "--players", f"llm:{model}", "random", "--games", "2"]
    args += ["--db", str(db_path), "--api-base", server.url, "--concurrency", "1"]
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, cwd=ROOT, timeout=120)


def test_batch_and_show_print_no_control_bytes(fake_llm: FakeServer, db_path: Path) -> None:
    batch = hostile_batch(fake_llm, db_path)
    assert batch.returncode == 1  # the provider's failure ended a match as an error
    for stream in (batch.stdout, batch.stderr):
        assert not CONTROL.search(stream.decode())
    assert b"\\x1b]52;c;" in batch.stderr  # the provider's message is shown, written out
    shown = subprocess.run(
        [sys.executable, "-m", "arena", "show", "--db", str(db_path)], capture_output=True, cwd=ROOT, timeout=60
    )
    assert shown.returncode == 0
    text = shown.stdout.decode()
    assert not CONTROL.search(text)
    assert "[bold]loud[/] [/]" in text or "\\x1b" in text


async def test_the_app_shows_hostile_text_literally_and_records_the_match(fake_llm: FakeServer, db_path: Path) -> None:
    from arena.players import PlayerOptions

    model = fake_llm.script("hostile-app", Reply(reasoning_content=HOSTILE, content=f"{HOSTILE}\nMOVE: [/] 2,2"))
    config = SeriesConfig(
        "tictactoe",
        (f"llm:{model}", "random"),
        seed=2,
        llm=PlayerOptions(api_base=fake_llm.url, timeout=10.0, chunk_timeout=2.0, retries=1, backoff=0.01),
    )
    app = make_app(db_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_match(app, pilot, config)
        await wait_for(pilot, lambda: screen.finished)
        pane = screen.query_one(ReasoningPane)
        rendered = str(pane.body.render())
        assert not CONTROL.search(rendered) and "[/]" in rendered
        assert not CONTROL.search(status(app))
        cells = [
            str(c)
            for row in range(screen.query_one(MoveList).row_count)
            for c in screen.query_one(MoveList).get_row_at(row)
        ]
        assert not any(CONTROL.search(c) for c in cells)
        record = screen.records[0]
        assert record.outcome.status == "finished"  # not crashed: recorded with its result
        await app.push_screen(ReplayScreen(record))
        await pilot.pause()
        for _ in record.moves:
            await pilot.press("right")
        await pilot.pause()
        assert not CONTROL.search(status(app))
    with MatchStore(db_path) as store:
        assert len(store.matches()) == 1


def hostile_tournament(folder: Path, scripted: str) -> Path:
    """A tournament file whose name and player spec hold escapes and markup."""
    path = folder / "hostile.toml"
    name = json.dumps(HOSTILE.replace("\x00", ""))  # a JSON string is a TOML basic string
    path.write_text(
        f'name = {name}\ngame = "tictactoe"\nmatches_per_pair = 1\n'
        f'[[players]]\nspec = {json.dumps(scripted)}\n[[players]]\nspec = "random"\n'
    )
    return path


def run_arena(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, cwd=ROOT, timeout=300)


@pytest.mark.slow  # drives every command and export
def test_hostile_specs_replies_and_provider_errors_stay_inert_in_every_command_and_export(
    fake_llm: FakeServer, tmp_path: Path
) -> None:
    db = str(tmp_path / "db")
    model = fake_llm.script(
        "hostile-everywhere",
        Reply(status=429, content=f"slow down {HOSTILE}"),  # retried: shown beside the progress, then recorded
        Reply(reasoning_content=HOSTILE, content=f"{HOSTILE}\nMOVE: 2,2"),
    )
    scripted = "scripted:" + HOSTILE.replace(";", ",").replace("\x00", "")  # a spec with markup and escapes
    outputs = [
        run_arena("--batch", "--players", f"llm:{model}", scripted, "random", "--games", "2", "--db", db,
                  "--api-base", fake_llm.url, "--concurrency", "4"),
        run_arena("task", "run", "lcl-validity", "--model", f"llm:{model}", "--items", "3", "--api-base",
                  fake_llm.url, "--db", db),
        run_arena("report", "--db", db),
        run_arena("report", "--db", db, "--json"),
        run_arena("report", "--db", db, "--out", str(tmp_path / "report")),
        run_arena("task", "sessions", "--db", db),
        run_arena("show", "--db", db),
        run_arena("tournament", str(hostile_tournament(tmp_path, scripted)), "--db", db),
    ]  # fmt: skip
    with MatchStore(tmp_path / "db", read_only=True) as store:
        outputs += [run_arena("show", record.id, "--db", db) for record in store.matches()[:3]]
    outputs.append(run_arena("--batch", "--players", f"llm:{model}", scripted, "random", "--games", "2", "--db", db,
                             "--api-base", fake_llm.url, "--replay"))  # fmt: skip
    refused = [
        run_arena("show", HOSTILE.replace("\x00", ""), "--db", db),
        run_arena("solve", "tictactoe", HOSTILE.replace("\x00", "")),
        run_arena("solve", HOSTILE.replace("\x00", ""), "x"),
        run_arena("--batch", "--players", HOSTILE.replace("\x00", ""), "random", "--db", db),
    ]
    for output in refused:
        assert output.returncode == 2, output.args
        assert len(output.stderr.decode().strip().splitlines()) == 1, output.stderr
        assert not CONTROL.search(output.stderr.decode() + output.stdout.decode()), output.args
    for output in outputs:
        assert output.returncode == 0, (output.args, output.stderr.decode()[-400:])
        for stream in (output.stdout, output.stderr):
            text = stream.decode()
            assert not CONTROL.search(text) and "Traceback" not in text, output.args
    files = [path for path in (tmp_path / "report").rglob("*") if path.is_file() and path.suffix != ".png"]
    assert any(path.suffix == ".txt" for path in files) and any(path.suffix == ".csv" for path in files)
    for path in files:
        assert not CONTROL.search(path.read_text(encoding="utf-8")), path.name
    shown = outputs[2].stdout.decode()
    assert "[/]" in shown  # markup in a spec is shown as written, not read
