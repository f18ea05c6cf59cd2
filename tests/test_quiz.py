"""The hard-boards quiz: sheets, answers, judging, and sessions that survive interruption."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from arena.quiz import latest_unfinished, load_session, start_session
from arena.quiz.session import hard_boards
from arena.store import MatchStore
from arena.store.tables import QUIZ_ANSWERS, QUIZ_SESSIONS
from games.base import IllegalMove, InvalidMove
from games.ttt_hard_boards.quiz import judge, parse_answer, quiz_order, sheet

ROOT = Path(__file__).resolve().parent.parent


def test_order_is_a_seeded_permutation_of_the_top_50() -> None:
    keys = [b.key for b in hard_boards().top()]
    first, again, other = quiz_order(keys, 1), quiz_order(list(reversed(keys)), 1), quiz_order(keys, 2)
    assert sorted(first) == sorted(keys) and first == again and first != other


def test_sheet_numbers_empty_cells_and_states_the_rule() -> None:
    text = sheet("12O45XXO9")
    assert text.splitlines()[:5] == [" 1 | 2 | O", "---+---+---", " 4 | 5 | X", "---+---+---", " X | O | 9"]
    assert "X always moves first" in text and "whose turn" in text and "You play" not in text
    assert "You play X" in sheet("12O45XXO9", "told")


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("abc", InvalidMove, "not a number"),
        ("", InvalidMove, "not a number"),
        ("0", IllegalMove, "out of range"),
        ("12", IllegalMove, "out of range"),
        ("3", IllegalMove, "already taken by O"),
    ],
)
def test_bad_answers_are_refused_with_a_reason(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        parse_answer("12O45XXO9", text)


def test_a_slower_win_counts_as_correct_a_draw_does_not() -> None:
    board = hard_boards().boards["12OX5O78X"]  # X wins with 1 or 7 at once-ish (depth 7) or 2, 8 (depth 9)
    assert judge(board, 1).correct and judge(board, 2).correct and judge(board, 8).correct
    assert not judge(board, 5).correct
    assert judge(board, 5).best == (1, 2, 7, 8)


def test_every_answer_is_stored_at_once_and_a_session_resumes(db_path: Path) -> None:
    store = MatchStore(db_path)
    session = start_session(store, "human:test", "infer", seed=5)
    for _ in range(3):
        question = session.current()
        assert question is not None
        session.answer(question[1].optimal_moves[0], 1.5)
    store.journal.close()  # the app dies here without closing the store
    reopened = MatchStore(db_path)
    resumed = latest_unfinished(reopened, "human:test")
    assert resumed is not None and resumed.record.id == session.record.id
    assert [a.number for a in resumed.answers] == [1, 2, 3] and resumed.score == 3
    question = resumed.current()
    assert question is not None and question[0] == 4
    assert load_session(reopened, session.record.id[:6]).record == session.record
    reopened.close()


def quiz(db: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "arena", "quiz", "--plain", "--db", str(db), "--name", "kim", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def read_until(process: subprocess.Popen[str], marker: str) -> list[str]:
    assert process.stdout is not None
    lines: list[str] = []
    while True:
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"{marker!r} never came; got {lines[-5:]}")
        lines.append(line)
        if marker in line:
            return lines


def board_of(lines: list[str]) -> str:
    """Read the board key back from the printed sheet."""
    grid = [line for line in lines if "|" in line][-3:]
    return "".join(cell.strip() for row in grid for cell in row.split("|"))


def best_answer(key: str) -> str:
    return str(hard_boards().boards[key].optimal_moves[0])


def test_plain_quiz_taken_killed_and_resumed_without_losing_answers(db_path: Path) -> None:
    process = quiz(db_path, "--sheet", "numbered", "--seed", "9")
    assert process.stdin is not None
    lines = read_until(process, "# 1 of 50")
    lines = read_until(process, "choose the best cell")
    key = board_of(lines)
    occupied = next(str(i + 1) for i, ch in enumerate(key) if ch in "XO")
    process.stdin.write(f"seven\n42\n{occupied}\n{best_answer(key)}\n")
    process.stdin.flush()
    for _ in range(2, 8):
        lines = read_until(process, "choose the best cell")
        process.stdin.write(best_answer(board_of(lines)) + "\n")
        process.stdin.flush()
    read_until(process, "# 8 of 50")
    process.send_signal(signal.SIGKILL)  # no goodbye: the app is killed between questions
    process.wait()

    resumed = quiz(db_path, "--resume")
    assert resumed.stdin is not None
    assert "7 of 50 answered" in "".join(read_until(resumed, "Resuming"))
    for _ in range(43):
        lines = read_until(resumed, "choose the best cell")
        resumed.stdin.write(best_answer(board_of(lines)) + "\n")
        resumed.stdin.flush()
    output, errors = resumed.communicate(timeout=60)
    assert resumed.returncode == 0, errors
    assert "Score: 50/50.\nPublished human mean: 42/50 (individual scores 43, 41, 42)." in output
    assert "boards you missed" not in output
    with MatchStore(db_path) as store:
        answers = list(store.documents(QUIZ_ANSWERS))
    assert len(answers) == 50 and all(a["correct"] for a in answers)
    assert sorted(a["number"] for a in answers) == list(range(1, 51))
    assert all(a["seconds"] >= 0 for a in answers)


def test_stopping_with_q_keeps_answers_and_sessions_are_listed(db_path: Path) -> None:
    process = quiz(db_path, "--seed", "1", "--tell-mark")
    output, _ = process.communicate("1\nq\n", timeout=60)
    assert process.returncode == 0 and "resume with: arena quiz --plain --resume" in output
    assert "You play" in output
    listing = subprocess.run(
        [sys.executable, "-m", "arena", "quiz", "--sessions", "--db", str(db_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    assert "human:kim" in listing and "told" in listing and "1/50" in listing


def test_resume_errors_are_one_line(db_path: Path) -> None:
    for args in (["--resume"], ["--resume", "nosuchid"]):
        result = subprocess.run(
            [sys.executable, "-m", "arena", "quiz", "--plain", "--db", str(db_path), *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_dataset_command_writes_both_files(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "arena", "dataset", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert "reachable boards:        5478" in result.stdout and "decidable classes:       431" in result.stdout
    full = json.loads((tmp_path / "dataset.json").read_text())
    top = json.loads((tmp_path / "dataset_top50.json").read_text())
    assert len(full["boards"]) == 5478 and len(top["boards"]) == 50
    # Same bytes count as the published files (4,181,693 and 47,212 characters).
    assert len((tmp_path / "dataset.json").read_text()) == 4_181_693
    assert len((tmp_path / "dataset_top50.json").read_text()) == 47_212


def test_resume_without_a_name_finds_the_one_unfinished_session(db_path: Path) -> None:
    from arena.quiz import start_session
    from arena.store import MatchStore

    with MatchStore(db_path) as store:
        session = start_session(store, "human:kim", "infer", seed=3)
    result = subprocess.run(
        [sys.executable, "-m", "arena", "quiz", "--plain", "--resume", "--db", str(db_path)],
        input="q\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert f"session {session.record.id}" in result.stdout, result.stdout + result.stderr


def test_the_published_sheet_is_the_default_numbers_once_and_lists_the_missed_boards(db_path: Path) -> None:
    from games.ttt_hard_boards.published import PUBLISHED_ORDER

    process = quiz(db_path)
    assert process.stdin is not None
    intro = "".join(read_until(process, "Answer each board"))
    assert " 1 | 2 | 3 \n---+---+---\n 4 | 5 | 6 \n---+---+---\n 7 | 8 | 9 " in intro and "10 to 20 seconds" in intro
    wrong: dict[int, str] = {}
    for number, key in enumerate(PUBLISHED_ORDER, start=1):
        lines = read_until(process, "choose the best cell")
        drawn = [line for line in lines if "|" in line][-3:]
        assert lines[-8].strip() == f"# {number} of 50"
        # The published sheet: no digit on any board, `-` for each empty cell, in CloudWalk's order.
        assert "".join(c.strip() for row in drawn for c in row.split("|")) == "".join(
            ch if ch in "XO" else "-" for ch in key
        )
        if number == 1:
            process.stdin.write("?\n")  # the numbering again on request
            process.stdin.flush()
            assert "7 | 8 | 9" in "".join(read_until(process, "7 | 8 | 9"))
        board = hard_boards().boards[key]
        answer = board.optimal_moves[0]
        if number in (3, 17):  # two deliberate mistakes
            answer = next(c for c in range(1, 10) if key[c - 1] not in "XO" and not board.is_correct(c))
            wrong[number] = key
        process.stdin.write(f"{answer}\n")
        process.stdin.flush()
    output, errors = process.communicate(timeout=60)
    assert process.returncode == 0, errors
    assert "Score: 48/50." in output and "Published human mean: 42/50 (individual scores 43, 41, 42)." in output
    assert "Trivial baselines on these 50 boards" in output
    assert "gpt-4o 14/50 (answer with the move only)" in output and "o1-preview 28/50" in output
    assert "The 2 boards you missed, with the right answers:" in output
    for number, key in wrong.items():
        best = ", ".join(str(m) for m in hard_boards().boards[key].optimal_moves)
        assert f"board {number:>2} ({key}): you played" in output and f"right: {best}" in output
    with MatchStore(db_path) as store:
        (session,) = store.documents(QUIZ_SESSIONS)
    assert session["sheet"] == "published" and session["order"] == list(PUBLISHED_ORDER)


def test_seed_goes_with_the_numbered_sheet_only(db_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "arena", "quiz", "--plain", "--sheet", "published", "--seed", "3", "--db", str(db_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 2 and "published sheet has its own order" in result.stderr


def test_published_model_runs_score_as_published_with_the_arenas_judge() -> None:
    from games.ttt_hard_boards.published import PUBLISHED_ORDER, PUBLISHED_RUNS, score_run

    dataset = hard_boards()
    assert sorted(PUBLISHED_ORDER) == sorted(b.key for b in dataset.top())
    scores = {(run.model, run.family): score_run(run, dataset) for run in PUBLISHED_RUNS}
    assert scores == {
        ("gpt-4o", "cloudwalk-move-only"): 14,
        ("gpt-4o", "cloudwalk-step-by-step"): 17,
        ("o1-preview", "cloudwalk-step-by-step"): 20,
        ("o1-preview", "cloudwalk-heuristic"): 28,
    }
    for run in PUBLISHED_RUNS:
        assert set(run.moves) == set(PUBLISHED_ORDER)
        assert all(move is None or 1 <= move <= 9 for move in run.moves.values())  # taken cells count as wrong


def test_a_model_without_a_key_is_refused_before_any_session_is_stored(db_path: Path) -> None:
    import os

    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    result = subprocess.run(
        [sys.executable, "-m", "arena", "quiz", "--model", "llm:openai/gpt-4o", "--db", str(db_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert result.returncode == 2 and "needs OPENAI_API_KEY" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    with MatchStore(db_path) as store:
        assert list(store.documents(QUIZ_SESSIONS)) == []
