"""The match store: round trip, journal replay, unreadable files, kill -9 at any moment, the lock."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arena.store import MatchStore, StoreError
from arena.store.atomic import write_atomically
from tests.factories import sample_record

ROOT = Path(__file__).resolve().parent.parent


def folder_of(db_path: Path) -> Path:
    """`saves/arena.json` names the database folder `saves/arena`."""
    return db_path.with_suffix("")


def test_round_trip_through_tinydb(db_path: Path) -> None:
    records = [sample_record(i) for i in range(5)]
    with MatchStore(db_path) as store:
        for record in records:
            store.add(record)
        assert [r.id for r in store.matches()] == [r.id for r in records]
    data = json.loads((folder_of(db_path) / "matches-000001.json").read_text())
    assert len(data["matches"]) == 5
    assert not (folder_of(db_path) / "journal").read_bytes()
    with MatchStore(db_path) as again:
        assert again.matches() == records
        assert [s.id for s in again.summaries()] == [r.id for r in records]
        assert again.match(again.summaries()[2]) == records[2]
        assert not again.warnings


def test_an_unclosed_store_is_recovered_from_its_journal(db_path: Path) -> None:
    store = MatchStore(db_path)
    first = sample_record(1)
    store.add(first)
    store.journal.close()  # the process dies: no merge happens
    assert not (folder_of(db_path) / "matches-000001.json").exists()
    with MatchStore(db_path) as recovered:
        assert [r.id for r in recovered.matches()] == [first.id]
    assert first.id in (folder_of(db_path) / "matches-000001.json").read_text()


def test_replaying_a_journal_twice_does_not_duplicate(db_path: Path) -> None:
    record = sample_record(1)
    with MatchStore(db_path) as store:
        store.add(record)
    journal = folder_of(db_path) / "journal"
    entry = {"table": "matches", "document": record.model_dump(mode="json")}
    journal.write_text(json.dumps(entry) + "\n")  # merged but not yet cleared
    with MatchStore(db_path) as store:
        assert len(store.matches()) == 1 and len(store.summaries()) == 1


def test_an_unreadable_old_database_is_moved_aside_never_reset(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_text('{"matches": {"1": {"id": "x"')
    store = MatchStore(db_path)
    assert len(store.warnings) == 1 and "moved aside" in store.warnings[0]
    aside = list(db_path.parent.glob("arena.json.unreadable-*"))
    assert len(aside) == 1 and aside[0].read_text() == '{"matches": {"1": {"id": "x"'
    store.add(sample_record(2))
    store.close()
    assert len(MatchStore(db_path).matches()) == 1


def test_a_damaged_segment_is_moved_aside_and_a_new_one_begun(db_path: Path) -> None:
    with MatchStore(db_path) as store:
        store.add(sample_record(1))
    segment = folder_of(db_path) / "matches-000001.json"
    segment.write_text('{"matches": {"1": {"id": "x"')
    store = MatchStore(db_path)
    second = sample_record(2)
    store.add(second)
    store.close()
    assert any("moved aside" in w for w in store.warnings)
    aside = list(folder_of(db_path).glob("matches-000001.json.unreadable-*"))
    assert len(aside) == 1 and aside[0].read_text() == '{"matches": {"1": {"id": "x"'
    with MatchStore(db_path) as again:
        assert [s.id for s in again.summaries()] == [second.id]


def test_a_torn_journal_line_is_kept_aside_and_whole_lines_are_recovered(db_path: Path) -> None:
    folder_of(db_path).mkdir(parents=True)
    whole = sample_record(1)
    line = json.dumps({"table": "matches", "document": whole.model_dump(mode="json")})
    (folder_of(db_path) / "journal").write_text(line + "\n" + line[:50])
    with MatchStore(db_path) as store:
        assert [r.id for r in store.matches()] == [whole.id]
        assert any("unreadable journal line" in w for w in store.warnings)
    assert (folder_of(db_path) / "journal.rejected").read_text() == line[:50] + "\n"


def test_atomic_write_leaves_the_old_file_whole_when_the_temp_is_abandoned(tmp_path: Path) -> None:
    target = tmp_path / "db.json"
    write_atomically(target, b'{"matches": {}}')
    leftover = tmp_path / f".db.json.{os.getpid() + 1}.tmp"
    leftover.write_bytes(b'{"matches": {"1": ')  # a writer killed before its rename
    assert json.loads(target.read_bytes()) == {"matches": {}}
    write_atomically(target, b'{"matches": {"1": {}}}')
    assert json.loads(target.read_bytes()) == {"matches": {"1": {}}}


def test_no_acknowledged_match_is_lost_when_the_writer_is_killed(db_path: Path) -> None:
    rng = random.Random(4)
    acknowledged: list[str] = []
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    for _ in range(6):
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.store_writer", str(db_path)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        assert child.stdout is not None
        wanted = rng.randint(3, 25)
        for _ in range(wanted):
            acknowledged.append(child.stdout.readline().strip())
        time.sleep(rng.random() * 0.05)
        child.send_signal(signal.SIGKILL)
        child.wait()
        # Anything printed before the kill was acknowledged too.
        acknowledged.extend(line.strip() for line in child.stdout.read().splitlines() if line.strip())
    with MatchStore(db_path) as store:
        stored = {r.id for r in store.matches()}
    assert set(acknowledged) <= stored
    assert len(acknowledged) >= 6 * 3


def test_a_lock_held_by_another_process_is_reported(db_path: Path) -> None:
    MatchStore(db_path).close()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from filelock import FileLock; l = FileLock(sys.argv[1]); l.acquire(); "
            "print('held', flush=True); time.sleep(30)",
            str(folder_of(db_path) / "lock"),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(StoreError, match="locked by another arena process"):
            MatchStore(db_path, lock_timeout=0.2)
    finally:
        holder.kill()
        holder.wait()
    with MatchStore(db_path, lock_timeout=5) as store:
        assert store.matches() == []


def test_an_old_single_file_database_is_moved_in_once_and_kept(db_path: Path) -> None:
    old = [sample_record(i) for i in range(3)]
    journalled = sample_record(9)
    db_path.parent.mkdir(parents=True)
    tables = {"matches": {str(i + 1): r.model_dump(mode="json") for i, r in enumerate(old)}, "quiz_sessions": {}}
    db_path.write_text(json.dumps(tables))
    entry = {"table": "matches", "document": journalled.model_dump(mode="json")}
    db_path.with_name("arena.json.journal").write_text(json.dumps(entry) + "\n")  # acknowledged, never merged
    original = db_path.read_bytes()
    with MatchStore(db_path) as store:
        assert [s.id for s in store.summaries()] == [r.id for r in [*old, journalled]]
        assert any("moved 4 match(es)" in w and "kept" in w for w in store.warnings)
    assert db_path.read_bytes() == original  # the old file is kept as it was
    for name in (db_path, folder_of(db_path)):  # either name opens the migrated folder, without a second move
        with MatchStore(name) as again:
            assert len(again.summaries()) == 4 and not again.warnings


def test_a_migration_cut_short_is_finished_without_duplicates(db_path: Path) -> None:
    old = [sample_record(i) for i in range(5)]
    db_path.parent.mkdir(parents=True)
    db_path.write_text(json.dumps({"matches": {str(i + 1): r.model_dump(mode="json") for i, r in enumerate(old)}}))
    MatchStore(db_path).close()
    marker = folder_of(db_path) / "arena-store.json"
    marker.write_text(json.dumps({"format": "arena segmented store", "version": 1, "migrating": True}))
    with MatchStore(db_path) as store:
        assert [s.id for s in store.summaries()] == [r.id for r in old]


def test_segments_roll_over_and_each_record_is_read_from_its_own(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from arena.store import segments

    monkeypatch.setattr(segments, "SEGMENT_DOCUMENTS", 4)
    records = [sample_record(i) for i in range(10)]
    with MatchStore(db_path) as store:
        store.add_many(records[:6])
    with MatchStore(db_path) as store:
        store.add_many(records[6:])
    names = sorted(p.name for p in folder_of(db_path).glob("matches-*.json"))
    assert names == sorted(f"matches-00000{n}{kind}.json" for n in (1, 2, 3) for kind in ("", ".index", ".groups"))
    with MatchStore(db_path) as store:
        summaries = store.summaries()
        assert [s.id for s in summaries] == [r.id for r in records]
        assert [s.segment for s in summaries] == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3]
        assert [store.match(s) for s in summaries] == records


def test_a_listing_checks_the_index_against_its_segment(db_path: Path) -> None:
    """An index is trusted only while it names its segment's documents: a segment gone bad lists nothing of it."""
    records = [sample_record(i) for i in range(3)]
    with MatchStore(db_path) as store:
        store.add_many(records)
    with MatchStore(db_path, read_only=True) as store:
        summary = store.summaries()[1]
        assert (summary.id, summary.game, summary.players, summary.moves) == (
            records[1].id,
            "tictactoe",
            ("minimax", "random"),
            10,
        )
        assert summary.result == "minimax won" and not store.warnings
    segment = folder_of(db_path) / "matches-000001.json"
    segment.write_bytes(b"x" * segment.stat().st_size)  # unreadable, same size: the index's stamp still fits
    with MatchStore(db_path, read_only=True) as store:
        assert store.summaries() == []
        assert len(store.warnings) == 1 and "matches-000001.json cannot be read" in store.warnings[0]


def test_an_index_behind_its_segment_is_rebuilt(db_path: Path) -> None:
    first, second = sample_record(1), sample_record(2)
    with MatchStore(db_path) as store:
        store.add(first)
    index = folder_of(db_path) / "matches-000001.index.json"
    stale = index.read_bytes()
    with MatchStore(db_path) as store:
        store.add(second)
    index.write_bytes(stale)  # a writer killed after the segment was replaced, before its index was
    journal = folder_of(db_path) / "journal"
    journal.write_text(json.dumps({"table": "matches", "document": second.model_dump(mode="json")}) + "\n")
    with MatchStore(db_path) as store:  # the journal was not cleared either: it is replayed
        assert [s.id for s in store.summaries()] == [first.id, second.id]
        assert [r.id for r in store.matches()] == [first.id, second.id]


def test_temp_files_of_killed_writers_are_removed_at_open(db_path: Path) -> None:
    MatchStore(db_path).close()
    for pid in (11, 12):
        (folder_of(db_path) / f".matches-000001.json.{pid}.tmp").write_bytes(b'{"matches": {"1": ')
    store = MatchStore(db_path)
    store.close()
    assert not list(folder_of(db_path).glob(".*.tmp"))
    assert any("removed 2 temp file(s)" in w for w in store.warnings)


def test_a_record_indexed_as_written_matches_the_index_rebuilt_from_its_stored_document(db_path: Path) -> None:
    import asyncio

    from arena.runner.tournament import TournamentPlan, run_tournament
    from arena.store.summaries import record_row, summary_row

    records = asyncio.run(run_tournament(TournamentPlan("connect-four", ("minimax:0.05", "random"), games=3, seed=5)))
    records.append(sample_record(7))
    for record in records:
        assert record_row(record) == summary_row(json.loads(record.model_dump_json()))
    with MatchStore(db_path) as store:
        store.add_many(records)
    index = folder_of(db_path) / "matches-000001.index.json"
    index.unlink()  # rebuilt from the segment, as TinyDB reads it
    with MatchStore(db_path) as store:
        assert [store.match(s) for s in store.summaries()] == records
        assert [s.moves for s in store.summaries()] == [len(r.played) for r in records]
