"""The analysis cache: kept line by line as it is made, so a stopped run loses nothing; torn lines skipped."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.analysis.cache import CACHE_FILE, analyse_store
from arena.analysis.moves import seat_values
from arena.runner.tournament import TournamentPlan, run_tournament
from arena.store import MatchStore


class Stopped(Exception):
    """Stands for the user leaving the screen or pressing Ctrl+C midway."""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MatchStore]:
    records = asyncio.run(run_tournament(TournamentPlan("connect-four", ("random", "random"), 12, seed=4)))
    with MatchStore(tmp_path / "db") as opened:
        opened.add_many(records)
        yield opened


def totals(store: MatchStore) -> tuple[int, list[int]]:
    """How many analyses come back, and the progress totals said on the way (what had to be analysed)."""
    said: list[int] = []
    found = analyse_store(store, on_progress=lambda done, total: said.append(total))
    return len(found), sorted(set(said))


def test_a_run_stopped_midway_keeps_what_it_analysed(store: MatchStore) -> None:
    def stop_at_five(done: int, total: int) -> None:
        if done == 5:
            raise Stopped

    with pytest.raises(Stopped):
        analyse_store(store, on_progress=stop_at_five)
    assert totals(store) == (12, [7])  # the 5 already done were kept
    assert totals(store) == (12, [])  # and now nothing is left to do


def test_a_torn_last_line_and_an_outdated_cache(store: MatchStore) -> None:
    assert totals(store) == (12, [12])
    cache = store.folder / CACHE_FILE
    with open(cache, "ab") as handle:
        handle.write(b'{"id":"half-written","analy')  # a run killed while writing
    assert totals(store) == (12, [])
    lines = cache.read_bytes().splitlines()
    cache.write_bytes(b'{"version": -1}\n' + b"\n".join(lines[1:]))  # made by another version: all recomputed
    assert totals(store) == (12, [12])
    assert cache.read_bytes().splitlines()[0] != b'{"version": -1}'


def test_move_rows_are_read_only_when_asked_and_older_lines_still_count(store: MatchStore) -> None:
    full = analyse_store(store)
    assert all(analysis.moves and analysis.logged for analysis in full)
    lean = analyse_store(store, with_moves=False)
    assert [a.moves for a in lean] == [[]] * 12 and all(a.logged for a in lean)
    assert [(a.id, a.seats, a.winner) for a in lean] == [(a.id, a.seats, a.winner) for a in full]
    cache = store.folder / CACHE_FILE
    header, *lines = cache.read_bytes().splitlines()
    assert all(line.count(b"\t") == 1 for line in lines)  # the analysis, then its move rows apart
    older = []  # as lines were written before the rows were kept apart: rows inside, every count written out
    for analysis in full:
        entry = analysis.as_json() | {"seats": [seat_values(seat) for seat in analysis.seats]}
        entry.pop("logged")
        older.append(json.dumps({"id": analysis.id, "analysis": entry}).encode())
    cache.write_bytes(b"\n".join([header, *older]) + b"\n")
    assert totals(store) == (12, [])  # read as they are: nothing analysed again
    assert [(a.moves, a.seats, a.logged) for a in analyse_store(store)] == [(a.moves, a.seats, True) for a in full]


def test_lines_read_in_batches_skip_only_the_bad_ones(store: MatchStore) -> None:
    assert totals(store) == (12, [12])
    cache = store.folder / CACHE_FILE
    header, *lines = cache.read_bytes().splitlines()
    bad = [b'{"id":"a"},{"id":"b"}', b'{"id":"x","analysis":{"budget":NaN}}', b"[1,2]", b"\x00garbage", b""]
    for at, line in zip((0, 3, 6, 9, 12), bad, strict=True):  # each bad line beside good ones in one batch
        lines.insert(at, line)
    cache.write_bytes(b"\n".join([header, *lines]) + b"\n")
    assert totals(store) == (12, [])  # the 12 good lines read, the bad ones passed over
    assert b'"status":"finished"' in lines[1]
    lines[1] = lines[1].replace(b'"status":"finished"', b'"status":NaN')  # a good match's line made bad
    cache.write_bytes(b"\n".join([header, *lines]) + b"\n")
    assert totals(store) == (12, [1])  # that one analysed again, and only it
