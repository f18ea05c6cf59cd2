"""Every reader of outside input, fed thousands of generated inputs (Hypothesis): only its own one-line error.

Replies go through every prompt family of every game and every task judge; published files through the import
readers; store files through a database's readers; specs, tournament files and prompt files through their parsers.
A traceback is any other exception; a hang is an example past Hypothesis' deadline (20 s, far above any reader).
"""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import tempfile
import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.imports.files import ImportFormatError
from arena.prompting.loading import game_family_names, load_family, load_family_file
from arena.store import MatchStore, StoreError
from arena.tasks.registry import TASK_NAMES, make_task
from arena.tournaments.config import parse_config
from games.base import InvalidMove
from games.registry import GAMES, make_game
from tests.processes import ROOT

# The same inputs every run (derandomize) and no example database left behind: a failure reproduces anywhere.
FUZZ = settings(
    max_examples=400,
    deadline=timedelta(seconds=20),
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
# Pieces a hostile or broken reply is made of: numbers past every bound, JSON and tuple syntax, markers, controls.
PIECES = st.sampled_from(
    ["MOVE:", "move", "{", "}", "[", "]", "(", ")", ",", ":", '"row"', '"column"', "'red'", "valid", "invalid",
     "9" * 5000, "-1", "0", "1", "3", "1e308", "NaN", "Infinity", "\x00", "\u202e", "\n", " ", "<think>", "</think>",
     "A1", "j10", "```json", "```", "x" * 1000, "\\", '"', "'"]
)  # fmt: skip
HOSTILE = st.one_of(st.text(max_size=300), st.lists(PIECES, max_size=40).map("".join))
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=30,
)


def states() -> dict[str, tuple[Any, Any]]:
    """A game and a position a few moves in, for every game."""
    made = {}
    for name in GAMES:
        game = make_game(name)
        rng = random.Random(name)
        state = game.initial_state(rng)
        for _ in range(3):
            moves = game.legal_moves(state)
            if moves:
                state = game.apply(state, rng.choice(moves))
        made[name] = (game, state)
    return made


GAME_STATES = states()
FAMILIES = [load_family(name) for name in game_family_names()]


@FUZZ
@given(HOSTILE)
def test_every_prompt_family_reads_any_reply_or_says_why(reply: str) -> None:
    for family in FAMILIES:
        for game, state in GAME_STATES.values():
            try:
                move = family.read(game, state, reply)
            except InvalidMove:
                continue
            assert isinstance(move, str)


TASKS = [make_task(name) for name in TASK_NAMES]
ITEMS = [(task, task.items(3, 0)) for task in TASKS]


@FUZZ
@given(HOSTILE)
def test_every_task_judges_any_answer(answer: str) -> None:
    for task, items in ITEMS:
        for item in items:
            verdict = task.judge(item, answer)
            assert verdict.correct in (True, False) and (verdict.readable or not verdict.correct)


PUBLISHED = ROOT / "tests" / "data" / "published"


def import_reads(paper: str, folder: Path) -> None:
    """The import readers over a folder: a result, or ImportFormatError."""
    from arena.imports.run import import_published

    with contextlib.suppress(ImportFormatError):
        import_published(paper, [folder], None)


@FUZZ
@given(JSONISH, st.sampled_from(["results_tictactoe.json", "game_messages_tictactoe.json"]))
def test_published_childplay_files_of_any_json_are_read_or_refused(content: Any, name: str) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        run = Path(temporary) / "experiment_tictactoe_gpt4_oneshot_temp_0"
        shutil.copytree(PUBLISHED / "childplay" / run.name, run)
        (run / name).write_text(json.dumps(content))
        import_reads("childplay", Path(temporary))


@FUZZ
@given(st.lists(st.lists(st.text(max_size=30), min_size=1, max_size=12), max_size=8), st.integers(1, 40))
def test_published_topsakal_csv_rows_are_read_or_refused(rows: list[list[str]], keep: int) -> None:
    source = PUBLISHED / "topsakal" / "tic-tac-toe_illustration_240614-064150_all_moves.csv"
    lines = source.read_text(encoding="utf-8-sig").splitlines()[:keep]
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        text = "\n".join(lines + [",".join(json.dumps(cell) for cell in row) for row in rows]) + "\n"
        (folder / source.name).write_text(text)
        import_reads("topsakal", folder)


STORE_FILES = ["matches-000001.json", "matches-000001.index.json", "matches-000001.groups.json", "journal"]


@FUZZ
@given(st.sampled_from(STORE_FILES), st.one_of(JSONISH.map(json.dumps), st.binary(max_size=200).map(repr)))
def test_a_store_with_any_file_content_is_read_with_warnings(name: str, content: str) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        db = Path(temporary) / "db"
        template = TEMPLATE_STORE
        shutil.copytree(template, db)
        (db / name).write_text(content)
        for read_only in (True, False):
            try:
                with MatchStore(db, read_only=read_only) as store:
                    rows = store.summary_rows().rows
                    records = store.matches()
            except StoreError:
                continue
            assert len(records) <= len(rows) + 2


@FUZZ
@given(st.lists(st.sampled_from(["random", "minimax", "llm:openai/x", "human", "scripted:1,1", "random-any"]),
                max_size=1), HOSTILE)  # fmt: skip
def test_player_specs_are_built_or_refused(kinds: list[str], tail: str) -> None:
    from arena.players.registry import make_player

    for spec in [*kinds, tail, f"minimax:{tail}", f"llm:openai/x;{tail}", f"llm:openai/x;temperature={tail}"]:
        with contextlib.suppress(ValueError):
            make_player(spec, 0)


@FUZZ
@given(st.dictionaries(st.sampled_from(["players", "games", "options", "seed", "games_per_pair", "concurrency",
                                         "provider_concurrency", "max_cost", "llm_defaults", "swap_seats", "other"]),
                       JSONISH, max_size=6))  # fmt: skip
def test_tournament_files_are_parsed_or_refused(data: dict[str, Any]) -> None:
    try:
        config = parse_config(data, "fuzz.toml")
    except ValueError:
        return
    assert config.specs()


PROMPT_KEYS = ["name", "version", "layout", "system", "user", "reader", "base", "board", "retry", "variants"]


@FUZZ
@given(st.dictionaries(st.sampled_from(PROMPT_KEYS), JSONISH.filter(lambda v: v is not None), max_size=8))
def test_prompt_files_are_loaded_or_refused(data: dict[str, Any]) -> None:
    example = tomllib.loads((ROOT / "examples" / "zero-based-prompt.toml").read_text())
    with tempfile.TemporaryDirectory() as temporary:
        path = Path(temporary) / "mine.toml"
        path.write_text(toml_text({**example, **data}))
        with contextlib.suppress(ValueError):
            load_family_file(str(path))


def toml_text(data: dict[str, Any]) -> str:
    """A TOML document of JSON-like values (TOML has no null: left out)."""
    lines = [f"{json.dumps(key)} = {toml_value(value)}" for key, value in data.items() if value is not None]
    return "\n".join(lines) + "\n"


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value != value:
        return "nan"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "inf" if value > 0 else "-inf"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value if v is not None) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items() if v is not None) + "}"
    return json.dumps(value)


def make_template() -> Path:
    """A small database of two finished matches, copied for each generated damage."""
    import asyncio

    from arena.runner.tournament import TournamentPlan, run_tournament

    folder = Path(tempfile.mkdtemp(prefix="arena-fuzz-")) / "db"
    records = asyncio.run(run_tournament(TournamentPlan("tictactoe", ("random", "minimax"), games=2)))
    with MatchStore(folder) as store:
        store.add_many(records)
    return folder


TEMPLATE_STORE = make_template()
