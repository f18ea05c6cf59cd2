"""`arena tournament --adaptive N`: a budget spent on the least certain adjacent pair, resumed without doubling."""

from __future__ import annotations

import json
from pathlib import Path

from arena.analysis.ratings import Result
from arena.store import MatchStore
from arena.tournaments.adaptive import STEP, standing
from tests.processes import run_arena


def ladder_file(tmp_path: Path) -> Path:
    path = tmp_path / "ladder.toml"
    path.write_text('games = ["tictactoe"]\nplayers = ["random", "minimax:level=1", "minimax"]\nseed = 2\n')
    return path


def test_an_adaptive_run_spends_its_budget_where_the_ratings_are_least_sure_and_resumes(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    first = run_arena("tournament", str(ladder_file(tmp_path)), "--db", db, "--adaptive", "20", "--json")
    assert first.returncode == 0, first.stderr
    run = json.loads(first.stdout)
    assert run["matches"] == run["played_now"] == 20 and run["stopped"] == "the budget is spent"
    assert run["order"][0] == "minimax" and len(run["order"]) == 3  # the top level above the others
    with MatchStore(db, read_only=True) as store:
        rows = store.tournament_rows(run["tournament"]).rows
    assert len(rows) == 20
    more = run_arena("tournament", str(ladder_file(tmp_path)), "--db", db, "--adaptive", "30", "--json")
    again = json.loads(more.stdout)
    assert (again["tournament"], again["matches"], again["played_now"]) == (run["tournament"], 30, 10)  # 20 kept
    with MatchStore(db, read_only=True) as store:
        indexes = sorted(row[0] for row in store.tournament_rows(run["tournament"]).rows)
    assert len(indexes) == len(set(indexes)) == 30  # nothing played twice
    text = run_arena("tournament", str(ladder_file(tmp_path)), "--db", db, "--adaptive", "30")
    assert "30 matches (0 now)" in text.stdout and "best first: minimax >" in text.stdout


def test_the_least_certain_adjacent_pair_is_chosen_and_a_separated_one_never() -> None:
    # 0 beats 1 every time (separated); 1 and 2 split their games (open): only the pair (1, 2) is open.
    results = [Result(0, 1, 1.0), Result(1, 0, 0.0)] * 15 + [Result(1, 2, 1.0), Result(2, 1, 1.0)] * 3
    order, _, adjacent = standing(results, 3)
    assert order[0] == 0 and len(adjacent) == 2
    (top, top_width), (low, low_width) = adjacent
    assert 0 in top and top_width is None  # separated: never chosen
    assert set(low) == {1, 2} and low_width is not None and low_width > 0
    assert STEP == 2


def test_adaptive_refuses_what_it_cannot_run(tmp_path: Path) -> None:
    path = tmp_path / "two.toml"
    path.write_text('games = ["tictactoe", "connect-four"]\nplayers = ["random", "minimax"]\n')
    refused = run_arena("tournament", str(path), "--db", str(tmp_path / "db"), "--adaptive", "10")
    assert refused.returncode == 2 and "plays one game" in refused.stderr and refused.stderr.count("\n") == 1


def test_an_adaptive_run_on_two_workers_records_what_one_process_records(tmp_path: Path) -> None:
    runs = []
    for workers in ("1", "2"):
        db = str(tmp_path / f"db{workers}")
        ran = run_arena("tournament", str(ladder_file(tmp_path)), "--db", db, "--adaptive", "12", "--json",
                        "--workers", workers)  # fmt: skip
        assert ran.returncode == 0, ran.stderr
        with MatchStore(db, read_only=True) as store:
            moves = [[str(m.move) for m in record.moves] for record in store.matches()]
        runs.append((json.loads(ran.stdout)["order"], moves))
    assert runs[0] == runs[1] and len(runs[0][1]) == 12


def test_an_adaptive_run_checks_a_models_key_before_anything_is_stored(tmp_path: Path) -> None:
    path = tmp_path / "models.toml"
    path.write_text('games = ["tictactoe"]\nplayers = ["random", "llm:openai/gpt-4o-mini"]\n')
    refused = run_arena("tournament", str(path), "--db", str(tmp_path / "db"), "--adaptive", "10")
    assert refused.returncode == 2 and "needs OPENAI_API_KEY" in refused.stderr, refused.stderr
    assert refused.stderr.count("\n") == 1 and not (tmp_path / "db").exists()
