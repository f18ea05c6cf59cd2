"""Matches grouped by tournament: a tournament's rows come from its segments, its removals rewrite only those; every
index and groups file is checked against what it summarises, so one that lies neither hides nor doubles a match."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena.store import MatchStore, remembered
from arena.store import segments as segments_module
from arena.store.segments import Segments
from arena.store.summaries import FIELD
from tests.factories import sample_record

# Segment 1: t-a, 2: no tournament, 3: t-b, 4: t-a again (segments of 10 documents).
LAYOUT = (("t-a", 10), (None, 10), ("t-b", 10), ("t-a", 5))


def documents(tournament: str | None, count: int, first: int) -> list[dict[str, Any]]:
    """Match documents of one tournament, numbered from `first`."""
    made = []
    for index in range(first, first + count):
        document = sample_record(index, move_bytes=200).model_dump(mode="json")
        made.append(document | {"id": f"{tournament}-{index}", "tournament": tournament, "index": index})
    return made


@pytest.fixture
def grouped(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The LAYOUT stored; returns the segment numbers whose index rows are read from now on."""
    monkeypatch.setattr(segments_module, "SEGMENT_DOCUMENTS", 10)
    first = 0
    for tournament, count in LAYOUT:
        with MatchStore(db_path) as store:
            store.append_many("matches", documents(tournament, count, first))
        first += count
    read: list[int] = []
    original = Segments.rows

    def counted(self: Segments, number: int, repair: bool = True) -> list[list[Any]]:
        read.append(number)
        return original(self, number, repair)

    monkeypatch.setattr(Segments, "rows", counted)
    return read


def test_a_tournaments_rows_come_from_its_segments_only(db_path: Path, grouped: list[int]) -> None:
    with MatchStore(db_path, read_only=True) as store:
        table = store.tournament_rows("t-a")
        assert sorted(row[FIELD["index"]] for row in table.rows) == [*range(10), *range(30, 35)]
        assert set(table.segments) == {1, 4}
        assert not store.tournament_rows("t-missing").rows
        assert len(store.summary_rows()) == 35  # the full listing still reads every segment


def test_a_lagging_writer_adds_nothing_twice(db_path: Path, grouped: list[int]) -> None:
    again = documents("t-a", 10, 0)[3:] + documents("t-a", 2, 35)  # 7 stored already, 2 new
    with MatchStore(db_path) as store:
        store.append_many("matches", again)
    with MatchStore(db_path, read_only=True) as store:
        ids = [row[FIELD["id"]] for row in store.summary_rows().rows]
    assert len(ids) == 37 and len(set(ids)) == 37


def test_missing_or_stale_group_files_are_rebuilt(db_path: Path, grouped: list[int]) -> None:
    folder = db_path.with_suffix("")
    (folder / "matches-000001.groups.json").unlink()  # a store written before groups existed
    stale = {"table": "matches", "segment_bytes": 1, "groups": {}}  # a writer killed before its groups file
    (folder / "matches-000004.groups.json").write_text(json.dumps(stale))
    remembered.SEGMENT_GROUPS.clear()  # as a new process finds them
    with MatchStore(db_path) as store:
        assert len(store.tournament_rows("t-a").rows) == 15
    rebuilt = json.loads((folder / "matches-000004.groups.json").read_text())
    assert rebuilt["groups"] == {'"t-a"': 5} and (folder / "matches-000001.groups.json").exists()
    assert json.loads((folder / "matches-000002.groups.json").read_text())["groups"] == {"null": 10}


def test_a_tournaments_matches_are_removed_from_its_segments_only(db_path: Path, grouped: list[int]) -> None:
    folder = db_path.with_suffix("")
    others = {n: (folder / f"matches-00000{n}.json").stat().st_mtime_ns for n in (2, 3)}
    with MatchStore(db_path) as store:
        assert store.remove_matches({"t-a-1", "t-a-31", "t-b-20"}, "t-a") == 2  # t-b-20 is not t-a's
    assert {n: (folder / f"matches-00000{n}.json").stat().st_mtime_ns for n in (2, 3)} == others
    with MatchStore(db_path, read_only=True) as store:
        assert len(store.tournament_rows("t-a").rows) == 13 and len(store.tournament_rows("t-b").rows) == 10


def test_a_groups_file_naming_another_tournament_neither_hides_nor_doubles(db_path: Path, grouped: list[int]) -> None:
    folder = db_path.with_suffix("")
    lying = folder / "matches-000001.groups.json"
    data = json.loads(lying.read_text())
    lying.write_text(json.dumps(data | {"groups": {'"t-b"': 10}}))  # its stamp still fits the segment
    remembered.SEGMENT_GROUPS.clear()
    with MatchStore(db_path) as store:
        assert len(store.tournament_rows("t-a").rows) == 15
        store.append_many("matches", documents("t-a", 10, 0))  # the same ten again: none is new
        assert any("matches-000001.groups.json disagreed with its index" in w for w in store.warnings)
    with MatchStore(db_path, read_only=True) as store:
        ids = [row[FIELD["id"]] for row in store.summary_rows().rows]
    assert len(ids) == 35 and len(set(ids)) == 35
    assert json.loads(lying.read_text())["groups"] == {'"t-a"': 10}  # rebuilt from the index


@pytest.mark.parametrize("lie", ["short", "bogus ids"])
def test_an_index_that_lies_is_rebuilt_from_its_segment(db_path: Path, grouped: list[int], lie: str) -> None:
    folder = db_path.with_suffix("")
    index = folder / "matches-000003.index.json"
    data = json.loads(index.read_text())
    rows = data["rows"][:5] if lie == "short" else [["bogus", *row[1:]] for row in data["rows"]]
    index.write_text(json.dumps(data | {"rows": rows}))  # its stamp still fits the segment
    with MatchStore(db_path, read_only=True) as store:
        listed = [row[FIELD["id"]] for row in store.tournament_rows("t-b").rows]
        assert sorted(listed) == sorted(f"t-b-{i}" for i in range(20, 30))
        assert any("matches-000003.index.json disagreed with its segment" in w for w in store.warnings)
    with MatchStore(db_path) as store:
        store.append_many("matches", documents("t-b", 10, 20))  # the same ten again: none is new
    with MatchStore(db_path, read_only=True) as store:
        assert len(store.summary_rows()) == 35 and not store.warnings


@pytest.mark.parametrize("content", [b"", b'{"published": {"1": {"id": "x"}}}'])
def test_an_empty_or_wrong_table_segment_is_set_aside_with_a_warning(
    db_path: Path, grouped: list[int], content: bytes
) -> None:
    folder = db_path.with_suffix("")
    (folder / "matches-000002.json").write_bytes(content)
    with MatchStore(db_path) as store:
        assert len(store.summary_rows()) == 25  # segment 2's ten matches are gone with it
        said = [w for w in store.warnings if "matches-000002.json set aside as matches-000002.json.unreadable" in w]
        assert len(said) == 1, store.warnings
    assert not (folder / "matches-000002.json").exists() and list(folder.glob("matches-000002.json.unreadable-*"))
    with MatchStore(db_path) as store:
        store.append_many("matches", documents("t-c", 3, 100))
        assert len(store.summary_rows()) == 28 and not store.warnings
