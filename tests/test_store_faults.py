"""The store never loses what it acknowledged and never touches what is not its own; every fault is one line."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from filelock import FileLock

from arena.store import MatchStore
from tests.factories import sample_record

ROOT = Path(__file__).resolve().parent.parent


def arena(*args: str, shell_prefix: str = "") -> subprocess.CompletedProcess[str]:
    """Run the CLI in a subprocess (under a shell when a prefix such as `ulimit` is given)."""
    if shell_prefix:
        command = " ".join([shell_prefix, "&&", sys.executable, "-m", "arena", *args])
        return subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=ROOT, timeout=300)
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=300)


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize(
    "command",
    [
        ("--batch", "--players", "random", "random"),
        ("show",),
        ("quiz", "--sessions"),
    ],
)
def test_a_folder_or_a_foreign_file_as_db_is_refused_and_untouched(tmp_path: Path, command: tuple[str, ...]) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "photo.jpg").write_bytes(b"\xff\xd8")
    result = arena(*command, "--db", str(folder))
    assert result.returncode == 2 and "is a folder that is not an arena database" in one_line_error(result)
    assert [p.name for p in folder.iterdir()] == ["photo.jpg"]
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping: eggs, milk\n")
    result = arena(*command, "--db", str(notes))
    assert result.returncode == 2 and "not an arena database" in one_line_error(result)
    assert notes.read_text() == "shopping: eggs, milk\n" and sorted(p.name for p in tmp_path.iterdir()) == [
        "folder",
        "notes.txt",
    ]


@pytest.mark.parametrize(
    "content",
    [
        '{"matches":' + '{"a":' * 100_000 + "1" + "}" * 100_001,
        '{"matches": [1, 2, 3]}',
        '{"matches": {"1": "text"}}',
        '{"matches": {"1": {',
    ],
    ids=["deeply nested", "table of numbers", "document that is text", "cut short"],
)
def test_damaged_databases_are_set_aside_once_with_a_warning(db_path: Path, content: str) -> None:
    db_path.parent.mkdir(parents=True, exist_ok=True)
    db_path.write_text(content)
    result = arena("--batch", "--players", "random", "random", "--db", str(db_path))
    assert result.returncode == 0 and "moved aside" in result.stderr and "Traceback" not in result.stderr
    aside = list(db_path.parent.glob(f"{db_path.name}.unreadable-*"))
    assert len(aside) == 1 and aside[0].read_text() == content
    assert len(MatchStore(db_path).matches()) == 1


def test_two_corrupt_files_set_aside_in_the_same_second_keep_both(db_path: Path) -> None:
    segment = db_path.with_suffix("") / "matches-000001.json"
    for content in ('{"first": ', '{"second": '):
        with MatchStore(db_path) as store:
            store.add(sample_record(1))
        segment.write_text(content)
        with MatchStore(db_path) as store:
            store.add(sample_record(2))
    kept = sorted(p.read_text() for p in segment.parent.glob(f"{segment.name}.unreadable-*"))
    assert kept == ['{"first": ', '{"second": ']


def files_under(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_show_views_without_writing_and_reports_a_damaged_file(db_path: Path) -> None:
    with MatchStore(db_path) as store:
        store.add(sample_record(1))
    before = files_under(db_path.parent)
    result = arena("show", "--db", str(db_path))
    assert result.returncode == 0 and "match " in result.stdout
    assert files_under(db_path.parent) == before
    segment = db_path.with_suffix("") / "matches-000001.json"
    segment.write_text('{"matches": {"1": {')
    result = arena("show", "--db", str(db_path))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "cannot be read" in result.stderr and len(result.stderr.strip().splitlines()) == 2  # warning, error
    assert segment.read_text() == '{"matches": {"1": {'  # viewing never moves it
    db_path.with_suffix("").rename(db_path.parent / "elsewhere")
    db_path.write_text('{"matches": {"1": {')  # an old single-file database, damaged
    result = arena("show", "--db", str(db_path))
    assert result.returncode == 2 and "cannot be read" in one_line_error(result)
    assert db_path.read_text() == '{"matches": {"1": {'


def test_a_journal_document_that_is_not_an_object_is_set_aside(db_path: Path) -> None:
    journal = db_path.with_suffix("") / "journal"
    journal.parent.mkdir(parents=True, exist_ok=True)
    journal.write_text('{"table": "matches", "document": "just a string"}\n"a bare string"\n')
    store = MatchStore(db_path)
    assert store.matches() == [] and any("unreadable journal line" in w for w in store.warnings)
    store.close()


def test_a_torn_journal_tail_does_not_swallow_the_next_record(db_path: Path) -> None:
    store = MatchStore(db_path)
    journal = db_path.with_suffix("") / "journal"
    with open(journal, "ab") as handle:
        handle.write(b'{"table": "matches", "document": {"id": "torn", "gam')  # a writer that died mid-line
    record = sample_record(2)
    store.add(record)
    store.journal.close()
    reopened = MatchStore(db_path)
    assert [r.id for r in reopened.matches()] == [record.id]
    assert any("unreadable journal line" in w for w in reopened.warnings)
    reopened.close()


def test_a_record_is_never_dropped_when_the_lock_stays_taken(db_path: Path) -> None:
    store = MatchStore(db_path, lock_timeout=0.2)
    holder = FileLock(str(db_path.with_suffix("") / "lock"))
    record = sample_record(3)
    with holder:
        store.add(record)  # waits 0.2 s, then spills
    assert any("wait in" in w for w in store.warnings)
    other = MatchStore(db_path)  # another process opening later merges the spill
    assert [r.id for r in other.matches()] == [record.id]
    other.close()
    assert not list(db_path.with_suffix("").glob("spill-*"))
    store.close()


def test_a_full_disk_ends_the_batch_with_one_line_and_keeps_the_data(db_path: Path) -> None:
    # ulimit -f counts 1 KB blocks: the journal can grow to 1 MB, less than the 1,000 matches (1.8 MB) before a merge;
    # matches are written in groups of up to 500 (0.9 MB), so the first groups fit and a later one does not.
    result = arena(
        "--batch",
        "--players",
        "minimax",
        "random",
        "--games",
        "3000",
        "--db",
        str(db_path),
        shell_prefix="ulimit -f 1000",
    )
    assert result.returncode != 0
    assert "File too large" in one_line_error(result)
    journal = db_path.with_suffix("") / "journal"
    lines = [line for line in journal.read_bytes().splitlines() if line.strip()]
    assert all(json.loads(line) for line in lines)  # the failed write was taken back: no torn line
    store = MatchStore(db_path)
    assert len(store.matches()) > 0 and not store.warnings  # every acknowledged match is there, nothing torn
    store.close()


def test_a_database_whose_lock_cannot_be_taken_can_still_be_viewed(db_path: Path) -> None:
    with MatchStore(db_path) as store:
        store.add(sample_record(5))
    (db_path.with_suffix("") / "lock").unlink(missing_ok=True)
    (db_path.with_suffix("") / "lock").mkdir()  # stands in for a folder we may read but not write
    batch = arena("--batch", "--players", "random", "random", "--db", str(db_path))
    assert batch.returncode == 2 and "cannot use" in one_line_error(batch)
    shown = arena("show", "--db", str(db_path))
    assert shown.returncode == 0 and "match " in shown.stdout


def test_an_index_with_the_right_size_but_wrong_rows_loses_nothing_at_the_next_merge(tmp_path: Path) -> None:
    from arena.runner.tournament import TournamentPlan, run_tournament

    db = tmp_path / "db"
    with MatchStore(db) as store:
        store.add_many(asyncio.run(run_tournament(TournamentPlan("tictactoe", ("minimax", "random"), 5))))
    index = db / "matches-000001.index.json"
    data = json.loads(index.read_text())
    data["rows"] = data["rows"][:3]  # stamped with the segment's size, but two rows short
    index.write_text(json.dumps(data))
    with MatchStore(db) as store:
        more = TournamentPlan("tictactoe", ("minimax", "random"), 4, tournament_id="t-more")
        store.add_many(asyncio.run(run_tournament(more)))
    with MatchStore(db, read_only=True) as store:
        assert len({d["id"] for d in store.documents()}) == 9 and len(store.summary_rows().rows) == 9
