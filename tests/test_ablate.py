"""`arena ablate` over a grid of harness settings with a scripted fake model: each setting's expected effect."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.store import MatchStore
from tests.fake_llm_server import FakeServer
from tests.processes import run_arena


def effect(summary: dict[str, object], axis: str, value: object, figure: str) -> dict[str, object]:
    """One setting's paired effect on one figure."""
    rows = [r for r in summary["effects"] if r["axis"] == axis and r["value"] == value]  # type: ignore[attr-defined]
    assert len(rows) == 1, summary["effects"]
    return dict(rows[0][figure])


def test_rethink_and_legal_list_show_their_expected_effects(fake_llm: FakeServer, tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    (tmp_path / "grid.toml").write_text(
        'model = "llm:openai/sloppy"\nopponent = "random"\ngames = 6\nseed = 3\ninvalid_retries = 50\n'
        '[grid]\nrethink = ["rule", "none", "retry"]\nlegal = [true, false]\n'
    )
    args = ("ablate", str(tmp_path / "grid.toml"), "--db", db, "--api-base", fake_llm.url, "--no-preflight",
            "--retries", "0", "--timeout", "10")  # fmt: skip
    played = run_arena(*args, "--json")
    assert played.returncode == 0, played.stderr
    summary = json.loads(played.stdout)
    cells = {(c["settings"]["rethink"], c["settings"]["legal"]): c for c in summary["cells"]}
    assert len(cells) == 6 and all(c["matches"] == 6 for c in cells.values())
    base = cells[("rule", True)]
    assert (base["first_legal"], base["final_legal"]) == (0.0, 1.0) and base["score"] > 0.5  # right once told why
    for mode in ("none", "retry"):  # no second try, or the same prompt again: never told, never legal
        assert (cells[(mode, True)]["final_legal"], cells[(mode, True)]["score"]) == (0.0, 0.0)
        shift = effect(summary, "rethink", mode, "score")
        assert shift["changes"] is True and shift["difference"] < 0  # type: ignore[operator]
        assert effect(summary, "rethink", mode, "final_legal")["changes"] is True
        assert effect(summary, "rethink", mode, "first_legal")["difference"] == 0.0  # first tries are alike
    # Without the list the model has no move to copy: told or not, it never answers legally.
    assert cells[("rule", False)]["final_legal"] == 0.0
    assert effect(summary, "legal", False, "final_legal")["changes"] is True
    again = run_arena(*args)  # resumed: nothing left to play; the tables as text
    assert again.returncode == 0, again.stderr
    assert "what each setting changes" in again.stdout and "rethink=none" in again.stdout
    assert len(fake_llm.calls("sloppy")) > 0


def test_flags_declare_a_grid_and_bad_grids_are_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    for args, said in [
        (("--vary", "rethink=rule,none"), "name the model"),
        (("--model", "random", "--vary", "rethink=rule,none"), "the ablated player is a model"),
        (("--model", "llm:x", "--vary", "colour=red,blue"), "no axis 'colour'"),
        (("--model", "llm:x", "--vary", "rethink=rule,maybe"), "rethink must be one of"),
        (("--model", "llm:x", "--vary", "legal=yes,perhaps"), "values are yes or no"),
        (("--model", "llm:x", "--vary", "rethink=rule"), "give some axis two values or more"),
        (("--model", "llm:x", "--vary", "sample=1,many"), "values are numbers of answers"),
        (("--model", "llm:x", "--vary", "sample=1,99"), "from 1 to 32"),
        (("--model", "llm:x", "--vary", "extract=no,maybe"), "values are yes or no"),
    ]:
        refused = run_arena("ablate", "--db", db, *args)
        assert refused.returncode == 2 and said in refused.stderr and refused.stderr.count("\n") == 1, refused.stderr
    (tmp_path / "bad.toml").write_text("model = ")
    refused = run_arena("ablate", str(tmp_path / "bad.toml"), "--db", db)
    assert refused.returncode == 2 and "is not TOML" in refused.stderr and refused.stderr.count("\n") == 1


def test_keep_in_a_cell_is_the_reports_keep() -> None:
    """`keep` counts moves from positions not yet lost, pooled over moves, as the report's column does: a match
    whose moves were mostly made in a lost position (every move keeps a lost value) does not lift it."""
    from arena.analysis.ablation import cell_of, cell_row
    from arena.analysis.leaderboard import build_leaderboard
    from arena.analysis.moves import MatchAnalysis, SeatStats

    def match(index: int, graded: int, optimal: int, graded_open: int, optimal_open: int) -> MatchAnalysis:
        model = SeatStats(valid=graded, turns=graded, first_try_valid=graded, graded=graded, optimal=optimal,
                          graded_open=graded_open, optimal_open=optimal_open)  # fmt: skip
        return MatchAnalysis(id=str(index), ended_at="", game="tictactoe", tournament="t", index=index,
                             status="finished", winner=1, termination="win", disqualified=None,
                             players=["llm:m", "random"], families=["arena", None], seats=[model, SeatStats()],
                             variant="tictactoe", logged=True)  # fmt: skip

    analyses = [match(0, 10, 9, 2, 1), match(1, 4, 3, 4, 3)]  # 12 of 14 moves kept, 4 of 6 on open positions
    row = cell_row(cell_of({}, "llm:m", analyses))
    report = next(r for r in build_leaderboard("tictactoe", analyses, resamples=0).rows if r.player == "llm:m")
    assert row["keep"] == round(report.counts["optimal_open"] / report.counts["graded_open"], 4) == 0.6667


def baseline_and_null(db: str, seed: int) -> tuple[list[Any], list[Any]]:
    """The baseline cell's matches and the null cell's (both play `rethink=rule`; the baseline on `seed`)."""
    from arena.runner.tournament import SEED_STRIDE

    cells: dict[str, list[Any]] = {}
    with MatchStore(Path(db), read_only=True) as store:
        for record in store.iter_matches():
            if any("rethink=rule" in player.spec for player in record.players):
                cells.setdefault(str(record.tournament), []).append(record)
    assert len(cells) == 2
    first, second = (sorted(found, key=lambda r: r.index) for found in cells.values())
    return (first, second) if first[0].seed == seed * SEED_STRIDE else (second, first)


def test_the_null_cell_measures_the_noise_floor_and_effects_within_it_are_marked(
    fake_llm: FakeServer, tmp_path: Path
) -> None:
    spreads = {}
    for model in ("first-legal", "noisy"):  # deterministic, then a sampler whose every run differs
        db = str(tmp_path / model)
        played = run_arena("ablate", "--model", f"llm:openai/{model}", "--vary", "rethink=rule,retry", "--games", "12",
                           "--seed", "5", "--db", db, "--api-base", fake_llm.url, "--no-preflight", "--retries", "0",
                           "--json")  # fmt: skip
        assert played.returncode == 0, played.stderr
        summary = json.loads(played.stdout)
        null, cells = summary["null"], summary["cells"]
        assert len(cells) == 3 and cells[-1]["null"] is True and cells[-1]["settings"] == cells[0]["settings"]
        assert null["pairs"] == 12 and summary["seat_pairs"] is True
        spreads[model] = null["score"]["high"] - null["score"]["low"]
        retry = effect(summary, "rethink", "retry", "score")
        assert retry["noise"] == round((null["score"]["high"] - null["score"]["low"]) / 2, 4) > 0
        assert retry["within_noise"] is (abs(retry["difference"]) <= retry["noise"])  # type: ignore[arg-type]
        assert 0 <= retry["p"] <= retry["p_holm"] <= 1  # type: ignore[operator]
        if model == "first-legal":  # never illegal, so how it is asked again changes nothing: a zero effect
            assert retry["difference"] == 0.0 and retry["within_noise"] is True and retry["p"] == 1.0
        baseline, again = baseline_and_null(db, 5)
        assert [m.seed for m in baseline] != [m.seed for m in again]  # its own seeds
        first = next(m for m in baseline if m.players[0].spec.startswith("llm:"))
        same = next(m for m in again if m.players[0].spec.startswith("llm:"))
        assert first.moves[0].prompt == same.moves[0].prompt  # an empty board: byte-identical prompts
        for even, odd in zip(baseline[::2], baseline[1::2], strict=True):  # each seed from both seats
            assert even.seed == odd.seed and even.players[0].spec == odd.players[1].spec
    assert spreads["noisy"] > 0 and spreads["first-legal"] > 0
    text = run_arena("ablate", "--model", "llm:openai/first-legal", "--vary", "rethink=rule,retry", "--games", "12",
                     "--seed", "5", "--db", str(tmp_path / "first-legal"), "--api-base", fake_llm.url,
                     "--no-preflight")  # fmt: skip
    assert text.returncode == 0, text.stderr
    assert "null (the baseline again, own seeds)" in text.stdout and "Holm" in text.stdout
    assert " ~" in text.stdout  # the zero effect is marked as within the noise floor


def test_majority_vote_and_the_move_extractor_each_lift_first_try_legality(
    fake_llm: FakeServer, tmp_path: Path
) -> None:
    db = tmp_path / "db"
    played = run_arena("ablate", "--model", "llm:openai/sloppy;temperature=1", "--vary", "sample=1,5", "--vary",
                       "extract=no,yes", "--games", "20", "--seed", "1", "--invalid-retries", "50", "--db", str(db),
                       "--api-base", fake_llm.url, "--no-preflight", "--retries", "0", "--json")  # fmt: skip
    assert played.returncode == 0, played.stderr
    summary = json.loads(played.stdout)
    cells = {(c["settings"]["sample"], c["settings"]["extract"]): c for c in summary["cells"] if not c.get("null")}
    # Sampled, a first try is 9,9, the legal move, or it in free form: a third legal alone, two thirds read.
    assert cells[(1, False)]["first_legal"] < cells[(1, True)]["first_legal"] < cells[(5, True)]["first_legal"]
    assert cells[(1, False)]["first_legal"] < cells[(5, False)]["first_legal"]
    for axis, value in (("sample", 5), ("extract", True)):
        lift = effect(summary, axis, value, "first_legal")
        assert lift["difference"] > 0 and lift["changes"] is True and lift["p_holm"] < 0.05  # type: ignore[operator]
    voted = extracted = 0
    with MatchStore(db, read_only=True) as store:
        for record in store.iter_matches():
            settings = next(p.settings for p in record.players if p.spec.startswith("llm:"))
            for move in (m for m in record.moves if m.prompt is not None):
                samples = move.info.get("samples")
                if settings.get("samples") == 5:  # every sample kept, with its legality and cost in the turn's
                    assert samples is not None and len(samples) == 5 and move.info["vote"]["samples"] == 5
                    legal = [s["read"] for s in samples if s["legal"]]
                    assert (move.valid and move.attempt == 1) <= bool(legal)
                    assert move.tokens is not None and move.tokens["completion"] >= sum(
                        s["tokens"]["completion"] for s in samples
                    )
                    voted += 1
                else:
                    assert samples is None and "vote" not in move.info
                found = [move.info] if samples is None else samples
                for sample in found:
                    if "extractor" in sample:  # the second call, recorded apart from the answer it read
                        assert settings.get("extract") is True
                        reader = sample["extractor"]
                        assert "a player's answer in a game of tictactoe" in reader["prompt"][0]["content"]
                        assert reader["raw"].startswith("MOVE: ") and reader["move"] is not None
                        extracted += 1
    assert voted > 0 and extracted > 0
