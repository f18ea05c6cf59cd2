"""Dependencies point inwards: games import nothing of arena; tinydb only in arena/store."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def loaded_after(statement: str) -> set[str]:
    code = f"import sys, json; {statement}; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return set(json.loads(result.stdout))


def top_level(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def test_games_import_nothing_from_arena() -> None:
    modules = loaded_after(
        "import games.registry, games.connect_four.engine, games.gomoku.engine, "
        "games.battleship.engine, games.tictactoe.engine"
    )
    assert "arena" not in top_level(modules)


def test_engine_and_players_load_no_store_ui_or_llm_library() -> None:
    modules = top_level(loaded_after("import arena, arena.runner.match, arena.runner.tournament, arena.players"))
    assert not modules & {"tinydb", "textual", "litellm"}


def test_engine_only_paths_never_load_litellm() -> None:
    modules = top_level(
        loaded_after("import arena, arena.cli, arena.tournaments.play, arena.players.registry, arena.quiz")
    )
    assert "litellm" not in modules


def test_only_arena_llm_imports_litellm() -> None:
    for path in list((ROOT / "arena").rglob("*.py")) + list((ROOT / "games").rglob("*.py")):
        text = path.read_text()
        if "import litellm" in text or "from litellm" in text:
            assert path.parent == ROOT / "arena" / "llm", path


def test_only_arena_store_imports_tinydb() -> None:
    for path in list((ROOT / "arena").rglob("*.py")) + list((ROOT / "games").rglob("*.py")):
        text = path.read_text()
        if "import tinydb" in text or "from tinydb" in text:
            assert path.parent == ROOT / "arena" / "store", path


def test_games_never_import_arena_in_source() -> None:
    for path in (ROOT / "games").rglob("*.py"):
        text = path.read_text()
        assert "from arena" not in text and "import arena" not in text, path
