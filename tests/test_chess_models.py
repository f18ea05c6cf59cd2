"""Models at chess through the arena prompt: the board as a diagram, FEN and moves so far; replies read leniently;
an unreadable or illegal reply is an invalid move with its reason, never a random move."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from arena.store import MatchStore
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import ROOT


def batch(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "arena", "--batch", "--game", "chess", "--db", str(db), "--no-preflight", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_a_model_plays_a_whole_game_from_the_prompt(fake_llm: FakeServer, tmp_path: Path) -> None:
    ran = batch(
        "--players", "llm:openai/first-legal", "random", "--api-base", fake_llm.url, "--json", db=tmp_path / "db"
    )
    assert ran.returncode == 0, ran.stderr
    with MatchStore(tmp_path / "db", read_only=True) as store:
        record = store.matches()[0]
    assert record.outcome.status == "finished" and len(record.played) > 10
    prompt = next(m for m in record.moves if m.seat == 0 and m.prompt).prompt
    text = json.dumps(prompt)
    assert "FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" in text and "MOVE: <move> in SAN" in text


def test_unreadable_illegal_and_ambiguous_replies_are_invalid_moves_with_reasons(
    fake_llm: FakeServer, tmp_path: Path
) -> None:
    replies = [Reply(content=text) for text in ("MOVE: Ke9", "MOVE: " + "9" * 5000, "MOVE: Ke2", "MOVE: e4")]
    model = fake_llm.script("chess-tries", *replies)
    ran = batch("--players", f"llm:{model}", "random", "--api-base", fake_llm.url, "--invalid-retries", "3",
                "--games", "1", db=tmp_path / "db")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    with MatchStore(tmp_path / "db", read_only=True) as store:
        record = store.matches()[0]
    first = [m for m in record.moves if m.seat == 0 and m.ply == 0]
    assert [m.valid for m in first] == [False, False, False, True] and first[-1].move == "e2e4"
    assert "not a move in SAN" in (first[0].error or "") and "not a legal move here" in (first[2].error or "")


def test_a_family_without_chess_prompts_is_refused_in_one_line(fake_llm: FakeServer, tmp_path: Path) -> None:
    ran = batch("--players", "llm:openai/first-legal;prompt=childplay", "random", "--api-base", fake_llm.url,
                db=tmp_path / "db")  # fmt: skip
    assert ran.returncode == 2 and "the childplay prompts have none for chess" in ran.stderr
    assert len(ran.stderr.strip().splitlines()) == 1


def test_constrained_decoding_asks_for_a_legal_move_in_uci(fake_llm: FakeServer, tmp_path: Path) -> None:
    model = fake_llm.script("chess-json", Reply(content='{"move": "e2e4"}'))
    ran = batch("--players", f"llm:{model}", "random", "--api-base", fake_llm.url, "--constrained",
                "--invalid-retries", "0", db=tmp_path / "db")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    with MatchStore(tmp_path / "db", read_only=True) as store:
        record = store.matches()[0]
    assert record.moves[0].valid and record.moves[0].move == "e2e4"
    schema = fake_llm.calls("chess-json")[0]["response_format"]["json_schema"]["schema"]
    assert len(schema["properties"]["move"]["enum"]) == 20 and "e2e4" in schema["properties"]["move"]["enum"]
