"""Anchored ratings: a player with a declared rating fixes a group's scale, so two runs' tables compare; without
a common anchor the comparison is refused."""

from __future__ import annotations

import json
from pathlib import Path

from arena.analysis.ratings import Result, bradley_terry
from tests.processes import run_arena

LADDER = ("minimax:level=1", "minimax:level=3", "random")


def test_an_anchor_sits_at_its_rating_and_moves_the_others_without_changing_a_difference() -> None:
    results = [Result(0, 1, 1.0)] * 6 + [Result(1, 0, 0.5)] * 3 + [Result(1, 2, 1.0)] * 5 + [Result(2, 0, 0.0)] * 4
    plain = bradley_terry(results, 3, resamples=200)
    anchored = bradley_terry(results, 3, resamples=200, anchors={2: 1500.0})
    assert anchored.rating[2] == anchored.low[2] == anchored.high[2] == 1500.0  # fixed: no interval of its own
    for i in (0, 1):
        assert abs((anchored.rating[i] - anchored.rating[2]) - (plain.rating[i] - plain.rating[2])) < 1e-6
        assert anchored.high[i] - anchored.low[i] > 0  # its difference from the anchor, still uncertain
    two = bradley_terry(results, 3, resamples=0, anchors={0: 1600.0, 2: 1400.0})
    assert abs((two.rating[0] + two.rating[2]) / 2 - 1500.0) < 1e-6  # two anchors: their mean at their mean


def report_of(tmp_path: Path, name: str, seed: str, *anchors: str) -> dict[str, object]:
    """A small engine ladder's report (its own run and seed) as JSON, anchored as asked."""
    db = tmp_path / name
    if not db.exists():
        played = run_arena("--batch", "--game", "tictactoe", "--players", *LADDER, "--games", "6", "--swap-seats",
                           "--seed", seed, "--db", str(db))  # fmt: skip
        assert played.returncode == 0, played.stderr
    shown = run_arena("report", "--db", str(db), "--json", "--resamples", "50",
                      *[f"--anchor={a}" for a in anchors])  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    return dict(json.loads(shown.stdout))


def test_two_runs_compare_only_on_a_common_anchor(tmp_path: Path) -> None:
    first = report_of(tmp_path, "one", "1", "random=800")
    groups = first["games"]["tictactoe"]["groups"]  # type: ignore[index]
    assert groups[0]["anchors"] == {"random": 800.0} and groups[0]["scale"] == "anchored on random = 800"
    rows = {p["player"]: p for p in first["games"]["tictactoe"]["players"]}  # type: ignore[index]
    assert rows["random"]["rating"] == 800.0 and rows["minimax L3"]["rating"] > 800.0
    second = report_of(tmp_path, "two", "2", "random=800")
    for name, report in (("a.json", first), ("b.json", second)):
        (tmp_path / name).write_text(json.dumps(report))
    compared = run_arena("compare", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert compared.returncode == 0, compared.stderr
    assert "minimax L1" in compared.stdout and "minimax L3" in compared.stdout and "random" in compared.stdout

    (tmp_path / "c.json").write_text(json.dumps(report_of(tmp_path, "two", "2", "random=900")))  # another rating
    (tmp_path / "d.json").write_text(json.dumps(report_of(tmp_path, "two", "2")))  # no anchor at all
    refused = run_arena("compare", str(tmp_path / "a.json"), str(tmp_path / "c.json"))
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "the anchor random is held by the first report at 800 and the second report at 900" in refused.stderr
    refused = run_arena("compare", str(tmp_path / "a.json"), str(tmp_path / "d.json"))
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "share no anchor" in refused.stderr
    unanchored = report_of(tmp_path, "two", "2")["games"]["tictactoe"]["groups"][0]  # type: ignore[index]
    assert unanchored["scale"].startswith("relative: 1000 is the group's mean player")


def test_bad_anchors_and_files_are_one_line(tmp_path: Path) -> None:
    db = tmp_path / "one"
    report_of(tmp_path, "one", "1")
    bad = run_arena("report", "--db", str(db), "--anchor", "random")
    assert bad.returncode == 2 and "an anchor is PLAYER=RATING" in bad.stderr
    stranger = run_arena("report", "--db", str(db), "--anchor", "nobody=1000", "--json", "--resamples", "10")
    assert stranger.returncode == 2 and stranger.stderr.count("\n") == 1 and not stranger.stdout
    assert "anchor 'nobody' names no player of this report" in stranger.stderr
    (tmp_path / "junk.json").write_text("{not json")
    junk = run_arena("compare", str(tmp_path / "junk.json"), str(tmp_path / "junk.json"))
    assert junk.returncode == 2 and junk.stderr.count("\n") == 1 and "is not JSON" in junk.stderr


def test_a_second_anchor_in_one_report_only_is_refused_by_name(tmp_path: Path) -> None:
    """One report on random=800, the other on random=800 and minimax L1=2000: random is not at 800 in the
    second, so every change would carry the shift; the comparison is refused naming the anchor that differs."""
    (tmp_path / "a.json").write_text(json.dumps(report_of(tmp_path, "one", "1", "random=800")))
    both = report_of(tmp_path, "two", "2", "random=800", "minimax L1=2000")
    (tmp_path / "b.json").write_text(json.dumps(both))
    refused = run_arena("compare", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and not refused.stdout
    assert "anchor minimax L1 is held by the first report not at all and the second report at 2000" in refused.stderr


def test_an_anchor_named_by_its_spec_is_the_same_anchor(tmp_path: Path) -> None:
    by_name = report_of(tmp_path, "one", "1", "minimax L3=1200")
    by_spec = report_of(tmp_path, "one", "1", "minimax:level=3=1200")
    for report in (by_name, by_spec):
        rows = {p["player"]: p for p in report["games"]["tictactoe"]["players"]}  # type: ignore[index]
        assert rows["minimax L3"]["rating"] == 1200.0
        assert report["games"]["tictactoe"]["groups"][0]["anchors"] == {"minimax L3": 1200.0}  # type: ignore[index]
    assert by_name["games"] == by_spec["games"]
