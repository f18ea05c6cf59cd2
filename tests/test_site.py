"""`arena report --html`: the same bytes for the same database, and text from models never becomes markup."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from arena.match.records import PlayerRecord
from arena.store import MatchStore
from tests.factories import sample_record
from tests.processes import ROOT
from tests.test_inert import CONTROL, HOSTILE

MARKUP = '<script>alert("reply")</script><img src=x onerror=alert(1)></script><!--'
SYSTEM = "System message 7f3: you play tic-tac-toe. " + "Think before you answer. " * 40  # every attempt repeats it


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def hostile_store(db: Path) -> str:
    """Matches whose player, replies and reasoning carry markup, script and terminal escapes; the player's name."""
    player = f"llm:openai/{MARKUP}"
    with MatchStore(db) as store:
        for index in range(3):
            record = sample_record(index, move_bytes=400)
            hostile = {"raw": MARKUP + HOSTILE, "reasoning": HOSTILE + MARKUP}
            moves = [
                m.model_copy(update={**hostile, "prompt": [{"role": "system", "content": SYSTEM},
                                                          {"role": "user", "content": f"board {m.ply} {MARKUP}"}]})
                for m in record.moves
            ]  # fmt: skip
            players = [PlayerRecord(seat=0, spec=player), record.players[1]]
            store.add(record.model_copy(update={"moves": moves, "players": players}))
    return player


def files_of(site: Path) -> dict[str, bytes]:
    return {str(path.relative_to(site)): path.read_bytes() for path in sorted(site.rglob("*")) if path.is_file()}


def test_the_same_database_gives_the_same_bytes_and_a_rewrite_replaces_the_site(tmp_path: Path) -> None:
    db = tmp_path / "db"
    with MatchStore(db) as store:
        for index in range(6):
            store.add(sample_record(index, move_bytes=400))
    first, second = tmp_path / "a", tmp_path / "b"
    assert arena("report", "--db", str(db), "--html", str(first)).returncode == 0
    assert arena("report", "--db", str(db), "--html", str(second)).returncode == 0
    assert files_of(first) == files_of(second)
    again = arena("report", "--db", str(db), "--html", str(first))
    assert again.returncode == 0 and files_of(first) == files_of(second)  # written again, whole
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    refused = arena("report", "--db", str(db), "--html", str(tmp_path / "other"))
    assert refused.returncode == 2 and "not a report folder" in refused.stderr
    assert (tmp_path / "other" / "notes.txt").read_text() == "mine"


def test_text_from_models_is_escaped_in_every_page_and_data_file(tmp_path: Path) -> None:
    db, site = tmp_path / "db", tmp_path / "site"
    hostile_store(db)
    made = arena("report", "--db", str(db), "--html", str(site))
    assert made.returncode == 0, made.stderr
    for name, data in files_of(site).items():
        text = data.decode("utf-8")
        assert not CONTROL.search(text), name
        assert "<script>alert" not in text and "<img src=x" not in text, name
        if name.startswith("data/"):
            assert "<" not in text and ">" not in text, name  # JSON with < > & written as \\u escapes
    page = (site / "index.html").read_text()
    assert "&lt;script&gt;alert(" in page  # the name is shown, as text
    assert re.search(r"\\\\x1b\[2J", "".join(p.read_text() for p in (site / "data").glob("matches-*.js")))


def test_a_prompt_message_is_kept_once_per_data_file(tmp_path: Path) -> None:
    db, site = tmp_path / "db", tmp_path / "site"
    hostile_store(db)
    assert arena("report", "--db", str(db), "--html", str(site)).returncode == 0
    (chunk,) = (site / "data").glob("matches-*.js")
    text = chunk.read_text()
    attempts = text.count('"attempt":{')
    assert attempts > 3 and text.count("System message 7f3") == 1  # one copy for every attempt of every match
    assert text.count("board 0 ") == 1 and '"prompt":[0,' in text


def test_a_chess_player_with_no_graded_move_is_shown_with_unknown_figures(tmp_path: Path) -> None:
    db, site = tmp_path / "db", tmp_path / "site"
    played = arena("--batch", "--game", "chess", "--players", "scripted:e2e5", "random", "--db", str(db))
    assert played.returncode == 0, played.stderr
    made = arena("report", "--db", str(db), "--html", str(site))
    assert made.returncode == 0, made.stderr  # it once failed: the row had no chess figures at all
    from arena.report.site.overview import game_file

    page = (site / game_file("chess")).read_text()
    row = re.search(r'<tr data-player="scripted:e2e5">.*?</tr>', page, re.S)
    assert row is not None and 'title="0 graded moves">-</td>' in row.group(0)
