"""Prompt families: one schema for shipped and user files, and one base for board labels and answers alike."""

from __future__ import annotations

import hashlib
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arena.analysis.identity import identity
from arena.players.base import TurnView
from arena.prompting import game_family_names, load_family, shipped_names
from arena.prompting.family import PromptFamily
from arena.prompting.loading import checked_names
from arena.store import MatchStore
from games.battleship import Battleship
from games.connect_four import ConnectFour
from games.registry import make_game
from tests.fake_llm_server import FakeServer

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "zero-based-prompt.toml"
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("tictactoe", {}),
    ("tictactoe", {"rows": 4, "cols": 5, "k": 4}),
    ("connect-four", {}),
    ("gomoku", {}),
    ("battleship", {"preset": "classic"}),
    ("battleship", {"preset": "childplay"}),
]
HEADER = re.compile(r"^\s*(\d+(?:\s+\d+){2,})\s*$")
ROW_LABEL = re.compile(r"^\s*(\d+)\s+(?:[^\d\s]\S*)(?:\s+[^\d\s]\S*)*\s*$")
STATED = re.compile(r"(?:numbered from|numbers start at|start at|starts at|from) (\d+)\b|(\d+),(\d+) is the top-left")


def families() -> list[PromptFamily]:
    """Every shipped game family and the example user family file."""
    return [load_family(name) for name in game_family_names()] + [load_family(str(EXAMPLE))]


def position(game: Any) -> tuple[Any, Any]:
    """A position a few moves in (Battleship: a few shots each, one of them a hit)."""
    rng = random.Random(3)
    state = game.initial_state(rng)
    for _ in range(4):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return game, state


def texts(messages: list[dict[str, Any]]) -> str:
    """All the text a model is sent."""
    parts = []
    for message in messages:
        content = message["content"]
        parts += [content] if isinstance(content, str) else [p["text"] for p in content if p["type"] == "text"]
    return "\n".join(parts)


def labels(text: str) -> list[int]:
    """The first number of every axis label run: column headers, and the first row label under a header."""
    found: list[int] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        header = HEADER.match(line)
        if not header:
            continue
        numbers = [int(n) for n in header.group(1).split()]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), line
        found.append(numbers[0])
        row = ROW_LABEL.match(lines[i + 1]) if i + 1 < len(lines) else None
        if row:
            found.append(int(row.group(1)))
    return found


def reply_for(family: PromptFamily, game: Any, move: Any) -> str:
    """The answer a model following the family's answer rule gives for `move`."""
    if isinstance(game, ConnectFour):
        numbers = [move + family.base]
    else:
        numbers = [move.row + family.base, move.col + family.base]
    if family.reader == "json":
        keys = ["column"] if len(numbers) == 1 else ["row", "column"]
        return json.dumps(dict(zip(keys, numbers, strict=True)))
    if family.reader == "bare":
        return " ".join(str(n) for n in numbers)
    return "Thinking...\nMOVE: " + ",".join(str(n) for n in numbers)


@pytest.mark.parametrize(("game_name", "options"), GAMES, ids=[f"{g}{o}" for g, o in GAMES])
def test_every_family_labels_the_board_in_the_base_its_answers_use(game_name: str, options: dict[str, Any]) -> None:
    game, state = position(make_game(game_name, **options))
    move = game.legal_moves(state)[-1]
    checked = 0
    for family in families():
        view = TurnView(game, state, game.to_move(state), feedback="that cell is taken", last_answer="x")
        text = texts(family.messages(view))
        for first in labels(text):
            assert first == family.base, (family.name, game_name, text)
            checked += 1
        for stated in STATED.finditer(text):
            numbers = [int(n) for n in stated.groups() if n is not None]
            assert all(n == family.base for n in numbers), (family.name, stated.group(0))
            checked += 1
        answer = family.read(game, state, reply_for(family, game, move))
        assert game.parse_move(state, answer) == move, (family.name, game_name, answer)
    assert checked >= len(families())  # every family states or draws its numbering somewhere


def test_the_battleship_illustration_has_no_zero_based_headers() -> None:
    game, state = position(Battleship("classic"))
    text = texts(load_family("topsakal-illustration").messages(TurnView(game, state, 0)))
    assert labels(text) == [] and "numbered from 1" not in text.split("Your board:")[1]
    assert "Row and column numbers start at 1" in text


def test_solve_prints_every_board_with_one_based_labels() -> None:
    for args in (["tictactoe", "X...O...."], ["connect-four", "4453"], ["gomoku", "8,8", "--budget", "0.1"]):
        result = subprocess.run([sys.executable, "-m", "arena", "solve", *args], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        assert labels(result.stdout) and set(labels(result.stdout)) == {1}, result.stdout


def test_every_shipped_family_file_follows_the_schema_and_states_its_sources() -> None:
    names = shipped_names()
    assert names == checked_names()  # the quick reader the help uses gives the checked files' names
    assert shipped_names(games_only=True) == game_family_names()  # the setup form's quick list, checked
    assert {"childplay-strategy", "cloudwalk-move-only", "cloudwalk-step-by-step", "cloudwalk-heuristic"} <= set(names)
    topsakal = load_family("topsakal-list")
    assert [topsakal.limits(g) for g in ("tictactoe", "connect-four", "gomoku")] == [(3, 20), (6, 80), (15, 400)]
    assert set(topsakal.spec.sources) >= {"tictactoe", "connect-four", "gomoku"}
    assert all(topsakal.policy(g).on_exhausted == "disqualified" for g in ("tictactoe", "connect-four", "gomoku"))


def test_childplay_strategy_adds_the_strategy_to_the_system_message_only() -> None:
    game, state = position(make_game("connect-four"))
    plain = load_family("childplay").messages(TurnView(game, state, 0))
    strategy = load_family("childplay-strategy").messages(TurnView(game, state, 0))
    assert strategy[1] == plain[1] and strategy[0]["content"].startswith(plain[0]["content"])
    assert "centre columns" in strategy[0]["content"] and "centre columns" not in plain[0]["content"]


@pytest.mark.parametrize(
    ("variant", "phrase"),
    [
        ("cloudwalk", "You may reason first"),
        ("cloudwalk-move-only", "nothing else"),
        ("cloudwalk-step-by-step", "step by step"),
        ("cloudwalk-heuristic", "Newell and Simon"),
    ],
)
def test_cloudwalk_variants_share_the_published_structure(variant: str, phrase: str) -> None:
    text = texts(load_family(variant).quiz_messages("12XO567X9", "O"))
    assert phrase in text and "## Your mark\nO" in text and "## Board\n12XO567X9" in text
    assert "submit_move(d)" in text


BROKEN = [
    ('family = "mine"\nversion = 1\nlayout = "template"\nreader = "final-line"\n', "template: missing"),
    ("family = \n", "not valid TOML"),
    (EXAMPLE.read_text().replace("{game_title}", "{game_name}"), "unknown placeholder {game_name}"),
    (EXAMPLE.read_text().replace("version = 1", 'version = 1\ncolour = "red"'), "colour: unknown field"),
    (EXAMPLE.read_text().replace("base = 0", "base = 2"), "base:"),
    (EXAMPLE.read_text().replace('family = "terse"', 'family = "arena"'), "is a shipped family"),
    (EXAMPLE.read_text().replace('board = "coordinates"', 'board = "list"'), "need base = 1"),
]


@pytest.mark.parametrize(("text", "message"), BROKEN, ids=[m for _, m in BROKEN])
def test_a_broken_family_file_is_refused_in_one_line_with_exit_2(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    db = tmp_path / "arena.json"
    command = ["--batch", "--db", str(db), "--players", "llm:openai/x", "random", "--prompt", str(path)]
    result = subprocess.run([sys.executable, "-m", "arena", *command], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert not db.exists()  # nothing was recorded


def test_a_missing_family_file_and_a_missing_variant_are_one_line_errors(tmp_path: Path) -> None:
    for value, message in ((tmp_path / "nope.toml", "no such file"), (f"{EXAMPLE}#fancy", "has no variant 'fancy'")):
        command = ["--batch", "--players", "llm:openai/x", "random", "--prompt", str(value)]
        result = subprocess.run([sys.executable, "-m", "arena", *command], capture_output=True, text=True, cwd=ROOT)
        assert result.returncode == 2 and message in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_user_family_file_round_trips_through_a_batch(fake_llm: FakeServer, tmp_path: Path) -> None:
    db = tmp_path / "arena.json"
    command = [
        "--batch",
        "--db",
        str(db),
        "--players",
        "llm:openai/first-legal",
        "random",
        "--games",
        "2",
        "--prompt",
        str(EXAMPLE),
        "--api-base",
        fake_llm.url,
    ]
    result = subprocess.run([sys.executable, "-m", "arena", *command], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    with MatchStore(db) as store:
        records = store.matches()
    assert len(records) == 2 and all(r.outcome.status == "finished" for r in records)
    digest = hashlib.sha256(EXAMPLE.read_bytes()).hexdigest()
    for record in records:
        seat = next(p for p in record.players if p.spec.startswith("llm:"))
        assert seat.settings["prompt"] == "terse" and seat.settings["prompt_sha256"] == digest
        assert seat.settings["prompt_file"] == str(EXAMPLE.resolve())
        assert identity(seat.spec, seat.settings) == f"llm:openai/first-legal terse@{digest[:8]}"  # a row of its own
        model_moves = [m for m in record.moves if m.prompt is not None]
        assert model_moves and all(m.valid for m in model_moves)
        assert model_moves[0].prompt is not None and "Rows are numbered 0 to 2" in model_moves[0].prompt[0]["content"]
        for move in model_moves:  # the model answers 0-based; the arena records 1-based
            assert move.raw is not None and move.move is not None
            row, col = (int(n) for n in move.raw.rsplit("MOVE: ", 1)[1].split(","))
            assert move.move == f"{row + 1},{col + 1}"


def test_the_prompt_readme_shows_the_example_file_as_it_is() -> None:
    readme = (ROOT / "prompts" / "README.md").read_text()
    assert EXAMPLE.read_text().rstrip() in readme
