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


def test_round_trip_through_tinydb(db_path: Path) -> None:
    records = [sample_record(i) for i in range(5)]
    with MatchStore(db_path) as store:
        for record in records:
            store.add(record)
        assert [r.id for r in store.matches()] == [r.id for r in records]
    data = json.loads(db_path.read_text())
    assert len(data["matches"]) == 5
    assert not (db_path.parent / "arena.json.journal").read_bytes()
    with MatchStore(db_path) as again:
        assert again.matches() == records
        assert not again.warnings


def test_an_unclosed_store_is_recovered_from_its_journal(db_path: Path) -> None:
    store = MatchStore(db_path)
    first = sample_record(1)
    store.add(first)
    store.journal.close()  # the process dies: no merge happens
    assert not db_path.exists() or first.id not in db_path.read_text()
    with MatchStore(db_path) as recovered:
        assert [r.id for r in recovered.matches()] == [first.id]
    assert first.id in db_path.read_text()


def test_replaying_a_journal_twice_does_not_duplicate(db_path: Path) -> None:
    record = sample_record(1)
    with MatchStore(db_path) as store:
        store.add(record)
    journal = db_path.with_name("arena.json.journal")
    entry = {"table": "matches", "document": record.model_dump(mode="json")}
    journal.write_text(json.dumps(entry) + "\n")  # merged but not yet cleared
    with MatchStore(db_path) as store:
        assert len(store.matches()) == 1


def test_an_unreadable_database_is_moved_aside_never_reset(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_text('{"matches": {"1": {"id": "x"')
    store = MatchStore(db_path)
    assert len(store.warnings) == 1 and "moved aside" in store.warnings[0]
    aside = list(db_path.parent.glob("arena.json.unreadable-*"))
    assert len(aside) == 1 and aside[0].read_text() == '{"matches": {"1": {"id": "x"'
    store.add(sample_record(2))
    store.close()
    assert len(MatchStore(db_path).matches()) == 1


def test_a_torn_journal_line_is_kept_aside_and_whole_lines_are_recovered(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    whole = sample_record(1)
    line = json.dumps({"table": "matches", "document": whole.model_dump(mode="json")})
    db_path.with_name("arena.json.journal").write_text(line + "\n" + line[:50])
    with MatchStore(db_path) as store:
        assert [r.id for r in store.matches()] == [whole.id]
        assert any("unreadable journal line" in w for w in store.warnings)
    assert db_path.with_name("arena.json.journal.rejected").read_text() == line[:50] + "\n"


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
    db_path.parent.mkdir(parents=True)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from filelock import FileLock; l = FileLock(sys.argv[1]); l.acquire(); "
            "print('held', flush=True); time.sleep(30)",
            str(db_path) + ".lock",
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
