"""The counting rules: a DQ is never the opponent's win, ratings that mean something, one policy per match."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import math
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from arena.analysis.combined import combined_scores
from arena.analysis.leaderboard import build_leaderboard
from arena.analysis.moves import analyse
from arena.analysis.ratings import Result, bradley_terry
from arena.analysis.summary import SeatTally
from arena.console import per_move
from arena.match.events import MatchStarted, Preparing
from arena.runner.match import MatchRunner, MatchSetup
from arena.runner.tournament import TournamentPlan, run_tournament
from arena.sessions.records import TaskAnswerRecord
from arena.store import MatchStore
from arena.tasks.metrics import task_metrics
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import ROOT


def arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, timeout=600)


def play(*plans: TournamentPlan) -> list[dict[str, object]]:
    """Real matches, as stored documents."""
    documents = []
    for plan in plans:
        documents += [record.model_dump() for record in asyncio.run(run_tournament(plan))]
    return documents


# -- an opponent's disqualification is not a win ------------------------------------------------------------


def test_an_opponents_disqualification_is_not_a_win_anywhere(tmp_path: Path) -> None:
    db = tmp_path / "db"
    batch = arena(
        "--batch", "--players", "random", "scripted:5,5", "--games", "4", "--swap-seats", "--on-invalid",
        "disqualified", "--db", str(db), "--json",
    )  # fmt: skip
    assert batch.returncode == 0, batch.stderr
    tallies = [row for run in json.loads(batch.stdout)["runs"] for row in run["players"]]
    randoms = [row for row in tallies if row["spec"] == "random"]
    assert sum(row["wins"] for row in randoms) == 0 and sum(row["opponent_disqualified"] for row in randoms) == 4
    report = json.loads(arena("report", "--db", str(db), "--json", "--resamples", "20").stdout)
    board = report["games"]["tictactoe"]
    rows = {row["player"]: row for row in board["players"]}
    assert rows["random"]["wins"] == 0 and rows["random"]["opponent_disqualified"] == 4
    assert rows["random"]["as_first"]["wins"]["count"] == 0
    assert rows["scripted:5,5"]["disqualified"] == 4 and rows["scripted:5,5"]["losses"] == 0
    cells = {(m["player"], m["opponent"]): m for m in board["matrix"]}
    assert cells[("random", "scripted:5,5")]["wins"] == 0
    assert cells[("random", "scripted:5,5")]["opponent_disqualified"] == 4
    assert rows["random"]["rating"] > rows["scripted:5,5"]["rating"]  # the rating counts a DQ as a lost comparison


# -- ratings --------------------------------------------------------------------------------------------------


def test_without_seat_swaps_the_first_move_term_is_left_out() -> None:
    ratings = bradley_terry([Result(0, 1, 1.0)] * 996 + [Result(0, 1, 0.5)] * 4, 2, resamples=200)
    assert not ratings.first_move_fitted and math.isnan(ratings.first_move)
    assert ratings.rating[0] - ratings.rating[1] > 600  # not 1000 and 1000: the gap is the players'
    assert all(low < high for low, high in zip(ratings.low, ratings.high, strict=True))


def test_a_childplay_style_run_without_swaps_gives_the_order_a_person_expects() -> None:
    players = ("minimax", "minimax:level=3", "minimax:level=2", "minimax:level=1", "random")
    plans = [
        TournamentPlan("tictactoe", (players[a], players[b]), 12, seed=a * 10 + b, first_index=100 * (a * 10 + b))
        for a in range(len(players))
        for b in range(a + 1, len(players))
    ]
    analyses = [analyse(document, grading=False) for document in play(*plans)]
    board = build_leaderboard("tictactoe", analyses, resamples=100)
    order = [row.player for row in board.rows]
    assert order[0] == "minimax" and order[-1] == "random", order
    assert order.index("minimax L1") < order.index("random")
    assert not board.first_move_fitted


def test_with_seat_swaps_the_first_move_term_is_fitted_and_strengths_recovered() -> None:
    rng = random.Random(4)
    true = np.array([-1.0, 0.0, 1.0])
    results = []
    for _ in range(3000):
        a, b = rng.sample(range(3), 2)
        results.append(Result(a, b, float(rng.random() < 1 / (1 + math.exp(-(true[a] - true[b] + 0.4))))))
    ratings = bradley_terry(results, 3, resamples=200)
    assert ratings.first_move_fitted and 0.05 < ratings.first_move < 0.15
    assert ratings.rating[0] < ratings.rating[1] < ratings.rating[2]


@pytest.mark.parametrize("results", [[Result(0, 1, 1.0)] * 20, [Result(0, 1, 1.0)] * 3, [Result(0, 1, 1.0)]])
def test_unbeaten_records_and_single_matches_have_honest_intervals(results: list[Result]) -> None:
    ratings = bradley_terry(results, 2, resamples=200)
    assert all(math.isfinite(value) for value in ratings.rating + ratings.low + ratings.high)
    for low, rating, high in zip(ratings.low, ratings.rating, ratings.high, strict=True):
        assert low < rating < high and high - low > 100  # never zero-width, wide for few matches
    assert ratings.rating[0] > ratings.rating[1]


def test_fewer_matches_give_wider_intervals() -> None:
    few = bradley_terry([Result(0, 1, 1.0)] * 3, 2, resamples=100)
    many = bradley_terry([Result(0, 1, 1.0)] * 30 + [Result(1, 0, 0.0)] * 30, 2, resamples=100)
    assert few.high[0] - few.low[0] > many.high[0] - many.low[0]


def test_players_without_scored_matches_are_unrated_and_few_are_provisional() -> None:
    analyses = [analyse(d, grading=False) for d in play(TournamentPlan("tictactoe", ("minimax", "random"), 3))]
    aborted = analyse(
        {**play(TournamentPlan("tictactoe", ("random", "minimax:level=1"), 1))[0], "outcome": {"status": "aborted"}},
        grading=False,
    )
    board = build_leaderboard("tictactoe", [*analyses, aborted], resamples=50)
    rows = {row.player: row for row in board.rows}
    unrated = rows["minimax L1"]
    assert not unrated.rated and math.isnan(unrated.rating) and board.rows[-1] is unrated
    assert rows["minimax"].provisional and rows["minimax"].as_dict()["provisional"] is True
    assert unrated.as_dict()["rating"] is None and unrated.as_dict()["rated"] is False


# -- Guess-the-SMILES, the combined score ------------------------------------------------------------------------


def answer(number: int, correct: bool, reason: str = "") -> TaskAnswerRecord:
    return TaskAnswerRecord(
        id=f"a{number}", session="s", number=number, truth="C", read="C", readable=True, correct=correct,
        reason=reason, seconds=0.1, answered_at="2026-01-01T00:00:00",
        scores={"similarity": 1.0 if correct else 0.0, "distance": 0.0},
    )  # fmt: skip


def test_gts_accuracy_leaves_unparsable_answers_out_as_the_paper() -> None:
    answers = [answer(1, True), answer(2, False), answer(3, False, "not a valid SMILES"), answer(4, True)]
    metrics = task_metrics("gts", answers)
    assert metrics["accuracy"] == round(2 / 3, 4) and metrics["accuracy_all_answers"] == 0.5
    assert metrics["invalid_smiles"] == 1 and "parsable" in metrics["accuracy_rule"]


def test_the_combined_score_never_merges_levels_and_counts_only_the_first_seat() -> None:
    documents = play(
        TournamentPlan("tictactoe", ("minimax", "random"), 4, swap_seats=True, first_index=0),
        TournamentPlan("tictactoe", ("minimax:level=1", "random"), 6, seed=3, first_index=10),
    )
    rows = {row.player: row for row in combined_scores([analyse(d, grading=False) for d in documents], [])}
    assert set(rows) == {"minimax", "minimax L1"}
    assert rows["minimax"].counts["tictactoe"] == 2  # the two matches where minimax moved first
    firsts = [d for d in documents if d["players"][0]["spec"] == "minimax"]  # type: ignore[index]
    won = sum(d["outcome"]["winner"] == 0 for d in firsts)  # type: ignore[index]
    assert rows["minimax"].scores["tictactoe"] == won / 2 and rows["minimax L1"].counts["tictactoe"] == 6
    assert rows["minimax"].as_dict()["boards"] == "tictactoe"


# -- one invalid-move policy per match -----------------------------------------------------------------------


def test_an_explicit_policy_overrides_the_prompt_family_for_every_player(fake_llm: FakeServer, tmp_path: Path) -> None:
    fake_llm.script("muddled", Reply(content="I think the centre is nice."))
    base = ["--batch", "--players", "llm:openai/muddled", "random-any", "--prompt", "topsakal-list"]
    base += ["--api-base", fake_llm.url, "--games", "1"]
    explicit, family = tmp_path / "explicit", tmp_path / "family"
    assert arena(*base, "--invalid-retries", "1", "--db", str(explicit)).returncode == 0
    assert arena(*base, "--db", str(family)).returncode == 0
    with MatchStore(explicit) as store:
        (record,) = store.matches()
    assert record.policy["allowed"] == 1 and record.policy["source"] == "run"
    assert len([m for m in record.moves if m.seat == 0 and not m.valid]) == 2
    assert record.outcome.termination == "invalid move"  # the run's on_invalid (loss), not the family's
    first_prompt = next(m.prompt for m in record.moves if m.prompt)
    assert "more than 1 invalid" in json.dumps(first_prompt)  # the model is told the limit that applies
    with MatchStore(family) as store:
        (record,) = store.matches()
    assert record.policy == {"allowed": 3, "on_exhausted": "disqualified", "source": "prompt family topsakal-list"} | {
        "max_moves": None
    }
    assert len([m for m in record.moves if m.seat == 0 and not m.valid]) == 4
    assert record.outcome.termination == "disqualified" and record.outcome.disqualified == 0


# -- quiz baselines, engine set-up, rounding, report folders --------------------------------------------------


def test_quiz_baselines_are_exact_and_shown_with_the_sessions(tmp_path: Path) -> None:
    from arena.quiz.session import hard_boards
    from games.ttt_hard_boards.baselines import baselines, empty_cells
    from games.ttt_hard_boards.published import PUBLISHED_ORDER

    boards = [hard_boards().boards[key] for key in PUBLISHED_ORDER]
    found = baselines(boards)
    assert found.best_cell == 1 and found.best_cell_score == sum(b.is_correct(1) for b in boards) == 24
    rng = random.Random(0)
    runs = sorted(sum(b.is_correct(rng.choice(empty_cells(b))) for b in boards) for _ in range(4000))
    assert abs(sum(runs) / len(runs) - found.random_mean) < 0.2
    assert abs(runs[100] - found.random_low) <= 1 and abs(runs[3900] - found.random_high) <= 1
    listing = arena("quiz", "--sessions", "--db", str(tmp_path / "db"))
    assert "Trivial baselines" in listing.stdout and "always cell 1 24/50" in listing.stdout


async def test_engines_are_prepared_before_the_clock_starts() -> None:
    events: list[object] = []
    setup = MatchSetup("gomoku", ("minimax:0.05", "random"), seed=1, max_moves=2)
    runner = MatchRunner(setup, [events.append])
    record = await runner.run()
    kinds = [type(event) for event in events]
    assert kinds.index(Preparing) < kinds.index(MatchStarted)
    assert getattr(runner.players[0], "gomoku", None) is not None  # built in prepare, not in the first move
    first = record.moves[0]
    assert first.info is not None and first.info["engine_seconds"] <= first.seconds


def test_tables_round_once() -> None:
    tally = SeatTally(player=1, spec="x", seat="first", valid_moves=101, missed_wins=15)
    assert per_move(tally.per_valid_move(tally.missed_wins)) == "0.149"  # 0.14851..., not 0.1485 then 0.148
    assert tally.as_dict()["missed_wins_per_valid_move"] == 0.1485


def test_report_folders_are_written_whole_with_every_tasks_fields(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    assert arena("task", "run", "shapes", "--items", "6", "--db", db).returncode == 0
    assert arena("task", "run", "lcl-construct", "--items", "3", "--db", db).returncode == 0
    out = tmp_path / "report"
    result = arena("report", "--db", db, "--out", str(out))
    assert result.returncode == 0, result.stderr
    header = (out / "tasks.csv").read_text().splitlines()[0]
    assert "valid_constructs" in header and "answered" in header
    assert not list(tmp_path.glob(".report.*"))  # no partial folder left
    again = arena("report", "--db", db, "--out", str(out))
    assert again.returncode == 0 and (out / "tasks.csv").is_file()
    elsewhere = tmp_path / "mine"
    elsewhere.mkdir()
    (elsewhere / "notes.txt").write_text("keep me")
    refused = arena("report", "--db", db, "--out", str(elsewhere))
    assert refused.returncode == 2 and "not a report folder" in refused.stderr
    assert (elsewhere / "notes.txt").read_text() == "keep me" and len(refused.stderr.splitlines()) == 1


def test_a_failing_report_leaves_the_previous_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from arena.analysis import charts
    from arena.report.files import write_report
    from arena.report.load import load_report

    db = tmp_path / "db"
    with MatchStore(db) as store:
        store.add_many(asyncio.run(run_tournament(TournamentPlan("tictactoe", ("minimax", "random"), 2))))
    out = tmp_path / "report"
    with MatchStore(db, read_only=True) as store:
        report = load_report(store, resamples=10)
        write_report(out, report, store)
        before = (out / "leaderboard.json").read_bytes()

        def full_disk(*_: object) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(charts, "heatmap", full_disk)  # the disk fills while the charts are written
        with pytest.raises(OSError):
            write_report(out, report, store)
    assert (out / "leaderboard.json").read_bytes() == before and (out / "matches.csv").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["db", "report"]


@pytest.mark.parametrize(
    ("command", "columns"),
    [
        (
            ("--help",),
            ("wins draws losses", "opp dq", "win%", "invalid", "miss win, miss blk", "miss sink", "moves", "s/move"),
        ),
        (
            ("report", "--help"),
            (
                "rank",
                "rating",
                "95% CI",
                "W-D-L-DQ",
                "opp DQ",
                "win 1st/2nd",
                "inv/m",
                "legal 1st/fin",
                "miss win/blk",
                "blunder",
                "keep",
            ),
        ),
    ],
)
def test_help_defines_every_table_column(command: tuple[str, ...], columns: tuple[str, ...]) -> None:
    shown = arena(*command)
    assert shown.returncode == 0
    for column in columns:
        assert f"\n  {column} " in shown.stdout, column


def test_the_same_matches_stored_in_another_order_give_the_same_figures() -> None:
    """Classic Elo is updated match by match and the bootstrap draws matches by position: both follow the order
    the matches ended (then their ids), never the order they were stored in (elo differed by 0.2)."""
    players = ("minimax:level=1", "minimax:level=2", "random")
    plans = [TournamentPlan("tictactoe", (players[a], players[b]), 10, seed=a * 10 + b, first_index=100 * (a * 10 + b))
             for a in range(len(players)) for b in range(len(players)) if a != b]  # fmt: skip
    analyses = [analyse(document, grading=False) for document in play(*plans)]
    for number, analysis in enumerate(analyses):  # ended at distinct times, so the order is the one they ended in
        analyses[number] = dataclasses.replace(analysis, ended_at=f"2026-11-21T10:{number // 60:02d}:{number % 60:02d}")
    shuffled = analyses[:]
    random.Random(5).shuffle(shuffled)
    first, second = (build_leaderboard("tictactoe", these, resamples=200) for these in (analyses, shuffled))
    figures = [[(r.player, r.elo, r.rating, r.low, r.high) for r in board.rows] for board in (first, second)]
    assert figures[0] == figures[1]
    assert len({row.elo for row in first.rows}) == 3  # the players do differ: the figures are not all the same
