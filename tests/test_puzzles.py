"""Chess puzzles: Lichess's rules (an alternative mate accepted, a wrong second move fails), the benchmark's first-move
rule beside them, puzzle files read row by row, ratings on the puzzle scale, and `arena puzzles` for the random
mover, Stockfish, a model and a person."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import chess
import pytest

from arena.analysis.puzzle_ratings import benchmark_rating, fit_rating, glicko2_update
from arena.imports.files import ImportFormatError
from arena.imports.puzzle_files import read_puzzles
from arena.puzzles.baseline import gives_mate, random_first_right, random_solves
from arena.puzzles.sets import SHIPPED, load_set
from arena.puzzles.solvers import benchmark_prompt, read_answer
from arena.store import MatchStore
from arena.store.tables import PUZZLE_ATTEMPTS
from games.chess.puzzles import Attempt, Puzzle
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import ROOT

HEADER = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags"
# Black plays c7c6; then Ra8# (the line) and Rb8# both mate.
BACK_RANK = Puzzle("backrank", "7k/2p3pp/8/8/8/8/8/RR4K1 b - - 0 1", ("c7c6", "a1a8"), 900, 80, ("mateIn1",))


def arena(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=900, input=stdin)  # fmt: skip


def shipped_with(solver_moves: int) -> Puzzle:
    return next(p for p in load_set().puzzles.values() if p.solver_moves == solver_moves)


def test_a_mate_other_than_the_lines_solves_by_lichess_rules_but_not_by_the_benchmarks() -> None:
    other = Attempt(BACK_RANK)
    assert other.play(chess.Move.from_uci("b1b8")) and other.solved and other.first_right is False
    line = Attempt(BACK_RANK)
    assert line.play(chess.Move.from_uci("a1a8")) and line.solved and line.first_right is True
    wrong = Attempt(BACK_RANK)
    assert not wrong.play(chess.Move.from_uci("g1f2")) and wrong.failed and not wrong.solved


def test_a_wrong_second_move_fails_a_puzzle_whose_first_move_was_right() -> None:
    puzzle = shipped_with(2)
    attempt = Attempt(puzzle)
    assert attempt.play(chess.Move.from_uci(puzzle.moves[1]))
    assert not attempt.over and attempt.board.peek() == chess.Move.from_uci(puzzle.moves[2])  # the reply played
    line = chess.Move.from_uci(puzzle.moves[3])
    wrong = next(m for m in attempt.board.legal_moves if m != line and not gives_mate(attempt.board, m))
    assert not attempt.play(wrong)
    assert attempt.failed and attempt.found == 1 and attempt.first_right is True and not attempt.solved
    whole = Attempt(puzzle)
    for move in puzzle.moves[1::2]:
        assert whole.play(chess.Move.from_uci(move))
    assert whole.solved and whole.found == 2


def test_the_random_movers_expected_score_is_exact() -> None:
    legal = BACK_RANK.board().legal_moves.count()
    assert random_solves(BACK_RANK) == pytest.approx(2 / legal)  # two mates among the legal moves
    assert random_first_right(BACK_RANK) == pytest.approx(1 / legal)
    puzzle = shipped_with(2)
    rng, solved, trials = random.Random(3), 0, 20_000
    for _ in range(trials):
        attempt = Attempt(puzzle)
        while not attempt.over:
            attempt.play(rng.choice(list(attempt.board.legal_moves)))
        solved += attempt.solved
    assert abs(solved / trials - random_solves(puzzle)) < 4 * (random_solves(puzzle) / trials) ** 0.5 + 1e-3


def test_answers_are_read_as_the_benchmark_reads_them() -> None:
    board = BACK_RANK.board()
    assert read_answer(board, " Ra8# ")[1] == "move" and read_answer(board, "a1a8")[0] == chess.Move.from_uci("a1a8")
    assert read_answer(board, "Qh5")[1] == "illegal" and read_answer(board, "The best move is Ra8")[1] == "unreadable"
    assert read_answer(board, "")[1] == "unreadable"
    fen = "7k/6pp/2p5/8/8/8/8/RR4K1 w - - 0 2"
    assert benchmark_prompt(board).startswith(f"You are a chess expert. Given the FEN '{fen}'")
    assert "it is white's turn to move" in benchmark_prompt(board)


def test_glicko2_follows_glickmans_worked_example_and_the_fit_is_order_free() -> None:
    rating, deviation, volatility = glicko2_update((1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert (round(rating, 1), round(deviation, 1), round(volatility, 5)) == (1464.1, 151.5, 0.06)
    attempts = [(1200 + 7 * i, float(i % 3 == 0)) for i in range(120)]
    shuffled = attempts[:]
    random.Random(1).shuffle(shuffled)
    assert fit_rating(attempts) == fit_rating(shuffled)
    none = fit_rating([(1500, 0.0)] * 500)
    assert -2000 < none.low < none.rating < none.high < 900  # finite, far below the puzzles, a wide interval
    more = fit_rating(attempts * 4)
    assert more.high - more.low < fit_rating(attempts).high - fit_rating(attempts).low
    ordered = [(1500, 80, 1)] * 5 + [(1500, 80, 0)] * 5
    assert benchmark_rating(ordered) != benchmark_rating(ordered[::-1])  # the benchmark's figure depends on order
    assert benchmark_rating([(1500, 80, -1), (1500, 80, 1)]).adjusted == benchmark_rating(
        [(1500, 80, -1), (1500, 80, 1)]).glicko // 2  # fmt: skip


@pytest.mark.parametrize(
    ("row", "said"),
    [
        ("x1,7k/2p3pp/8/8/8/8/8/RR4K1 b - - 0 1,c7c6 a1a9,900,80,1,1,mate,,", "move 2 of the line, 'a1a9', is not UCI"),
        ("x1,7k/2p3pp/8/8/8/8/8/RR4K1 b - - 0 1,c7c6 a2a8,900,80,1,1,mate,,", "a2a8, is not legal there"),
        ("x1,7k/2p3pp/8/8/8/8/8/RR4K1 b - - 0 1,c7c6 a1a8,high,80,1,1,mate,,", "Rating 'high' is not a whole"),
        ("x1,not a fen,c7c6 a1a8,900,80,1,1,mate,,", "not a FEN position"),
        ("x1,7k/2p3pp/8/8/8/8/8/RR4K1 b - - 0 1,c7c6,900,80,1,1,mate,,", "at least one move to find"),
    ],
    ids=["not uci", "illegal", "rating", "fen", "short line"],
)
def test_a_bad_row_is_refused_in_one_line_naming_it_and_nothing_is_recorded(
    tmp_path: Path, row: str, said: str
) -> None:
    good = "ok1,7k/2p3pp/8/8/8/8/8/RR4K1 b - - 0 1,c7c6 a1a8,900,80,1,1,mate,,"
    (tmp_path / "p.csv").write_text(f"{HEADER}\n{good}\n{row}\n")
    with pytest.raises(ImportFormatError, match="row 3"):
        read_puzzles(tmp_path / "p.csv")
    ran = arena("puzzles", "--puzzles", str(tmp_path / "p.csv"), "--db", str(tmp_path / "db"))
    assert ran.returncode == 2 and said in ran.stderr and "row 3" in ran.stderr, ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1 and not (tmp_path / "db").exists()


def test_the_random_mover_sits_far_below_every_puzzle(tmp_path: Path) -> None:
    ran = arena("puzzles", "--db", str(tmp_path / "db"), "--json")
    assert ran.returncode == 0, ran.stderr
    (row,) = json.loads(ran.stdout)
    lowest = min(p.rating for p in load_set().puzzles.values())
    assert row["attempted"] == 1000 and row["high"] < lowest - 200 and row["low"] > -2000
    assert row["solved"] < 10 and abs(row["first_right"] - row["random_first_right"]) < 20
    again = arena("puzzles", "--db", str(tmp_path / "db"), "--json")
    assert again.returncode == 0 and json.loads(again.stdout) == [row]  # finished: shown again, not re-run
    report = json.loads(arena("report", "--db", str(tmp_path / "db"), "--json").stdout)
    assert [(p["player"], p["attempted"], p["solved"]) for p in report["puzzles"]] == [("random", 1000, row["solved"])]


def test_stockfish_at_a_strong_budget_solves_nearly_every_puzzle(tmp_path: Path) -> None:
    ran = arena("puzzles", "--player", "stockfish:nodes=200000", "--sample", "30", "--seed", "4", "--db",
                str(tmp_path / "db"), "--json")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    (row,) = json.loads(ran.stdout)
    assert row["attempted"] == 30 and row["solved"] >= 28 and row["low"] > 1500
    assert row["illegal"] == 0 and row["unreadable"] == 0


def test_a_models_illegal_and_unreadable_answers_count_apart_and_a_provider_failure_is_no_answer(
    fake_llm: FakeServer, tmp_path: Path
) -> None:
    db = str(tmp_path / "db")
    for name, text, kind in (("pz-illegal", "Qh5", "illegal"), ("pz-words", "I would play the rook", "unreadable")):
        model = fake_llm.script(name, Reply(content=text))
        ran = arena("puzzles", "--player", f"llm:{model}", "--sample", "5", "--api-base", fake_llm.url, "--db", db,
                    "--json")  # fmt: skip
        assert ran.returncode == 0, ran.stderr
        (row,) = json.loads(ran.stdout)
        assert row[kind] == 5 and row["solved"] == 0 and row["adjusted"] == 0  # every answer illegal: adjusted 0
    asked = fake_llm.calls("pz-illegal")[0]["messages"][0]["content"]
    assert asked.startswith("You are a chess expert. Given the FEN '") and fake_llm.calls("pz-illegal")[0][
        "temperature"] == 0.01  # fmt: skip
    broken = fake_llm.script("pz-down", Reply(status=500, content="down"))
    failed = arena("puzzles", "--player", f"llm:{broken}", "--sample", "3", "--api-base", fake_llm.url, "--retries",
                   "0", "--db", db)  # fmt: skip
    assert failed.returncode == 1 and "run the same command again to resume" in failed.stderr
    with MatchStore(Path(db), read_only=True) as store:
        players = {d["session"] for d in store.documents(PUZZLE_ATTEMPTS)}
    assert len(players) == 2  # the failed provider's session holds no attempt


def test_a_person_solves_in_the_terminal_sees_the_solution_and_a_rating_and_resumes(tmp_path: Path) -> None:
    second = Puzzle("other", "7k/2p3pp/8/8/8/8/8/RR4K1 b - - 0 1", ("h7h6", "a1a8"), 1100, 80)
    (tmp_path / "p.csv").write_text(
        f"{HEADER}\n{BACK_RANK.id},{BACK_RANK.fen},{' '.join(BACK_RANK.moves)},900,80,1,1,mateIn1,,\n"
        f"{second.id},{second.fen},{' '.join(second.moves)},1100,80,1,1,,,\n"
    )
    args = ("puzzles", "--plain", "--puzzles", str(tmp_path / "p.csv"), "--db", str(tmp_path / "db"))
    first = arena(*args, stdin="Qz9\nRb8\nq\n")
    assert first.returncode == 0, first.stderr
    assert "try again" in first.stdout and "solved: the solution was Ra8#" in first.stdout
    assert "your puzzle rating:" in first.stdout and "Stopped" in first.stdout
    resumed = arena(*args, stdin="Kf1\n")
    assert resumed.returncode == 0 and "resuming session" in resumed.stderr and "Puzzle 2 of 2" in resumed.stdout
    assert "wrong: the solution was Ra8" in resumed.stdout
    with MatchStore(tmp_path / "db", read_only=True) as store:
        attempts = sorted(store.documents(PUZZLE_ATTEMPTS), key=lambda d: d["number"])
    assert [(a["puzzle"], a["solved"], a["first_right"]) for a in attempts] == [
        ("backrank", True, False), ("other", False, False)]  # fmt: skip


def test_the_shipped_set_is_the_benchmarks_thousand() -> None:
    puzzles = read_puzzles(SHIPPED)
    assert len(puzzles) == 1000 and len({p.id for p in puzzles}) == 1000
    assert sum(random_first_right(p) for p in puzzles) == pytest.approx(38.75, abs=0.01)


def test_a_prompt_familys_harness_applies_to_puzzles_as_in_games(fake_llm: FakeServer, tmp_path: Path) -> None:
    """`sloppy` answers 9,9 first and the first legal move once told its answer was not accepted: with the arena
    family's rethink it is asked again (the refusal recorded, not counted as illegal), with `--rethink none` not."""
    db = tmp_path / "db"
    common = ("puzzles", "--player", "llm:openai/sloppy", "--prompt", "arena", "--sample", "3", "--api-base",
              fake_llm.url, "--json")  # fmt: skip
    again = arena(*common, "--db", str(db))
    assert again.returncode == 0, again.stderr
    (row,) = json.loads(again.stdout)
    assert row["unreadable"] == 0 and row["illegal"] == 0
    with MatchStore(db, read_only=True) as store:
        attempts = list(store.documents(PUZZLE_ATTEMPTS))
    assert all(a["moves"][0]["move"] is None and a["moves"][1]["move"] for a in attempts)  # refused, then a move
    once = arena(*common, "--rethink", "none", "--db", str(tmp_path / "once"))
    assert once.returncode == 0, once.stderr
    assert json.loads(once.stdout)[0]["unreadable"] == 3
    refused = arena("puzzles", "--player", "llm:openai/sloppy", "--prompt", "childplay-strategy", "--db", str(db))
    assert refused.returncode == 2 and "have none for chess" in refused.stderr


def test_the_web_report_has_a_puzzle_page_with_inert_answers(fake_llm: FakeServer, tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    model = fake_llm.script("pz-hostile", Reply(content="<script>alert(1)</script> Qh5"))
    assert arena("puzzles", "--sample", "20", "--db", db).returncode == 0
    ran = arena("puzzles", "--player", f"llm:{model}", "--sample", "4", "--api-base", fake_llm.url, "--db", db)
    assert ran.returncode == 0, ran.stderr
    site = tmp_path / "site"
    made = arena("report", "--db", db, "--html", str(site))
    assert made.returncode == 0, made.stderr
    page = (site / "puzzles.html").read_text()
    assert "lichess_puzzles.csv" in page and "random" in page and "pz-hostile" in page
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)" in page
    assert 'href="puzzles.html"' in (site / "index.html").read_text()


def test_scripted_answers_reproduce_an_attempt_move_by_move(tmp_path: Path) -> None:
    """One right move then a wrong one on a two-move puzzle: found 1 of 2, right by the benchmark's rule."""
    puzzle = shipped_with(2)
    board = puzzle.board()
    board.push_uci(puzzle.moves[1])
    board.push_uci(puzzle.moves[2])
    line = chess.Move.from_uci(puzzle.moves[3])
    wrong = next(m for m in board.legal_moves if m != line and not gives_mate(board, m))
    (tmp_path / "p.csv").write_text(f"{HEADER}\n{puzzle.id},{puzzle.fen},{' '.join(puzzle.moves)},{puzzle.rating},"
                                    f"{puzzle.deviation},1,1,,,\n")  # fmt: skip
    ran = arena("puzzles", "--player", f"scripted:{puzzle.moves[1]};{wrong.uci()}", "--puzzles",
                str(tmp_path / "p.csv"), "--db", str(tmp_path / "db"), "--json")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    with MatchStore(tmp_path / "db", read_only=True) as store:
        (attempt,) = store.documents(PUZZLE_ATTEMPTS)
    assert (attempt["found"], attempt["needed"], attempt["ended"], attempt["first_right"]) == (1, 2, "wrong", True)
    assert [m["move"] for m in attempt["moves"]] == [puzzle.moves[1], wrong.uci()]
