"""The house's structure, read from its imports: games import nothing of arena, layers only point down, no circles.

Every import counts, at module level or inside a function (a lazy import is still a dependency).
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LONG_MODULE = 300  # lines; a longer module says why in its docstring ("Over 300 lines ...")

# Lowest first. A module may import its own package and anything in a lower layer, never a higher one.
LAYERS: list[tuple[str, ...]] = [
    ("games",),
    ("arena.known_secrets",),  # what must never be written or shown: below everything that writes or shows
    ("arena", "arena.inert", "arena.paths", "arena.console"),
    ("arena.match",),  # records, events, policy: shared by everything above
    ("arena.llm",),
    ("arena.engines",),  # engine processes (Stockfish over UCI)
    ("arena.poker",),  # OpenSpiel (solver, best responses, exploitability), the equilibria, exact action values
    ("arena.prompting",),
    ("arena.players",),
    ("arena.runner",),
    ("arena.store",),
    ("arena.sessions",),
    ("arena.quiz", "arena.tasks"),
    ("arena.analysis",),
    ("arena.imports",),  # published logs read, judged by the rules and the analysis, compared with the papers
    ("arena.puzzles",),  # puzzle sets (read by the imports), solvers (players, engines, models), sessions
    ("arena.tournaments",),
    ("arena.solve", "arena.report"),
    ("arena.tui",),
    ("arena.cli",),
    ("arena.__main__",),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources() -> dict[str, Path]:
    """Every module of arena/ and games/ by dotted name."""
    return {module_name(p): p for top in ("arena", "games") for p in sorted((ROOT / top).rglob("*.py"))}


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The project modules a module imports, anywhere in it (resolved to the deepest known module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from package import module` names the module; `from module import name` the module
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def graph() -> dict[str, set[str]]:
    known = sources()
    return {name: set(imported(name, path, known)) for name, path in known.items()}


def layer_of(module: str) -> int:
    """The layer a module belongs to: the most specific prefix listed."""
    best, length = -1, -1
    for rank, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > length:
                best, length = rank, len(prefix)
    assert best >= 0, f"{module} is in no layer: add it to LAYERS"
    return best


def package_of(module: str) -> str:
    parts = module.split(".")
    return parts[0] if parts[0] == "games" else ".".join(parts[:2])


def test_every_module_has_a_layer() -> None:
    for module in sources():
        layer_of(module)


def test_no_arrow_runs_up_or_sideways() -> None:
    wrong = [
        f"{a} -> {b}"
        for a, targets in graph().items()
        for b in targets
        if package_of(a) != package_of(b) and layer_of(b) >= layer_of(a)
    ]
    assert wrong == []


def test_no_import_circle() -> None:
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in edges:
        if node not in index:
            visit(node)
    assert circles == []


def test_only_main_imports_the_command_line_and_only_it_the_app() -> None:
    for module, targets in graph().items():
        if not module.startswith("arena.cli") and module != "arena.__main__":
            assert not any(t.startswith("arena.cli") for t in targets), module
        if not module.startswith(("arena.cli", "arena.tui")):
            assert not any(t.startswith("arena.tui") for t in targets), module


def test_long_modules_say_why() -> None:
    for module, path in sources().items():
        text = path.read_text()
        if text.count("\n") > LONG_MODULE:
            docstring = ast.get_docstring(ast.parse(text)) or ""
            assert "Over 300 lines" in docstring, f"{module} has {text.count(chr(10))} lines and no reason"


def test_the_check_sees_a_circle_and_an_upward_arrow(tmp_path: Path) -> None:
    """The checks above are not vacuous: the graph has the arrows the code has."""
    edges = graph()
    assert "arena.match.records" in edges["arena.runner.match"]
    assert "arena.runner.match" not in edges["arena.match.records"]
    assert layer_of("arena.tui.app") > layer_of("arena.store.database")


def loaded_after(statement: str) -> set[str]:
    code = f"import sys, json; {statement}; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    return set(json.loads(result.stdout))


def top_level(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def test_the_main_help_loads_the_parser_alone() -> None:
    # `arena --help` answered in 0.14 s while it imported the tournament launcher, dataclasses and inspect;
    # without them it takes 0.08 s (docs/benchmarks.md)
    modules = loaded_after("from arena.cli.play import main_parser; main_parser().format_help()")
    assert "arena.cli.play" in modules
    heavy = {"arena.tournaments.launch", "arena.cli.tournament", "games.base", "dataclasses", "inspect", "pydantic"}
    assert not modules & heavy


def test_games_import_nothing_from_arena() -> None:
    modules = loaded_after(
        "import games.registry, games.connect_four.engine, games.gomoku.engine, "
        "games.battleship.engine, games.tictactoe.engine"
    )
    assert "arena" not in top_level(modules)


def test_runner_and_players_load_no_store_ui_or_llm_library() -> None:
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


def test_only_the_ray_backend_imports_ray_and_no_other_path_loads_it() -> None:
    for path in list((ROOT / "arena").rglob("*.py")) + list((ROOT / "games").rglob("*.py")):
        text = path.read_text()
        if re.search(r"^\s*(import ray|from ray)\b", text, re.MULTILINE):
            assert path == ROOT / "arena" / "runner" / "ray_backend.py", path
    modules = top_level(loaded_after("import arena.cli.report, arena.tournaments.play, arena.runner.ray_backend"))
    assert "ray" not in modules  # imported only when a run asks for --backend ray


def test_only_arena_poker_spiel_imports_openspiel() -> None:
    for path in list((ROOT / "arena").rglob("*.py")) + list((ROOT / "games").rglob("*.py")):
        if re.search(r"^\s*(import pyspiel|from pyspiel|import open_spiel|from open_spiel)\b", path.read_text(), re.M):
            assert path == ROOT / "arena" / "poker" / "spiel.py", path
    assert "pyspiel" not in top_level(loaded_after("import arena.cli, arena.tournaments.play, games.poker"))


def test_only_arena_engines_drives_engine_processes() -> None:
    for path in list((ROOT / "arena").rglob("*.py")) + list((ROOT / "games").rglob("*.py")):
        text = path.read_text()
        if "chess.engine" in text or "popen_uci" in text:
            assert path.parent == ROOT / "arena" / "engines", path


def test_games_never_import_arena_in_source() -> None:
    for path in (ROOT / "games").rglob("*.py"):
        text = path.read_text()
        assert "from arena" not in text and "import arena" not in text, path


def compiled_modules(known: dict[str, Path]) -> set[str]:
    """The modules whose functions numba compiles (they import games.compiled)."""
    return {
        name
        for name, path in known.items()
        if name != "games.compiled" and "games.compiled" in set(imported(name, path, known))
    }


def test_compiled_code_never_calls_another_modules_compiled_code() -> None:
    # numba's disk cache checks only the file of the cached function: compiled code calling a function
    # compiled in another module would load stale machine code after that module changed (it crashed).
    known = sources()
    compiled = compiled_modules(known)
    assert {"games.gomoku.search", "games.connect_four.search"} <= compiled
    crossing = {
        name: imports & compiled
        for name in compiled
        if (imports := set(imported(name, known[name], known)) - {name}) & compiled
    }
    assert crossing == {}
