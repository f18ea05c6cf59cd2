"""The Connect-Four search built ahead of time: the same answers as numba's, no numba in the process, safe builds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from games.connect_four import ConnectFour, core, search
from games.connect_four.solver import SearchTimeout, Solver
from games.search_control import NODES, STOP

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ["4455", "636272322416", "6447226414474", "7346255533123363557", "252346723413221475325437"]
RANDOM_SET = ROOT / "tests" / "data" / "connect4" / "random_10_20.txt"


def run_python(code: str, **env: str) -> list[str]:
    """Run `code` in a fresh interpreter at the project root; its output lines."""
    import os

    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env={**os.environ, **env}, check=True
    )
    return result.stdout.split("\n")[:-1]


def test_the_constants_solver_reads_are_the_searchs() -> None:
    assert (STOP, NODES, core.PROVEN) == (search.STOP, search.NODES, search.PROVEN)


@pytest.fixture(scope="module")
def fresh_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding one build made by this module (a build takes tens of seconds: made once, read twice)."""
    folder = tmp_path_factory.mktemp("built")
    core.build(folder)
    return folder


def test_a_fresh_build_answers_as_numbas_search(fresh_build: Path) -> None:
    built = core.import_built(core.build(fresh_build))  # the module's build, found ready
    assert [p.name for p in fresh_build.glob("*.so")] == [core.built_path(fresh_build).name]  # type: ignore[union-attr]
    solver, game = Solver(6, 7), ConnectFour()
    sequences = POSITIONS + [line.split()[0] for line in RANDOM_SET.read_text().splitlines()[:15]]
    for sequence in sequences:
        state = game.play_sequence(sequence)
        position, mask = solver.layout.from_state(state)
        answers = []
        for module in (built, search):
            solver.clear()
            scores = [int(module.solve(position, mask, state.ply, *solver.tables()))]
            solver.clear()
            scores.append(int(module.negamax(position, mask, state.ply, -1, 0, *solver.tables())))
            root = module.heuristic_root(position, mask, state.ply, 4, -1, solver.geo, solver.order, solver.weights,
                                         solver.ctl)  # fmt: skip
            scores += [int(v) for v in root]
            scores.append(int(module.huffman_code(position, mask, True, 6, 7)))
            answers.append(scores)
        assert answers[0] == answers[1], sequence


def test_the_built_search_lets_a_deadline_stop_it(fresh_build: Path) -> None:
    """The build releases the GIL as numba's `nogil` does: the deadline's timer thread runs and stops it."""
    solver = Solver(6, 7)
    solver.core = core.import_built(core.build(fresh_build))
    state = ConnectFour().play_sequence("35614316")  # about 5 s to solve from a cold table on this machine
    position, mask = solver.layout.from_state(state)
    with solver.deadline(None):
        solver.solve(position, mask, state.ply)
    whole = solver.count_nodes()
    solver.clear()
    before = solver.count_nodes()
    with pytest.raises(SearchTimeout), solver.deadline(0.2):
        solver.solve(position, mask, state.ply)
    assert solver.count_nodes() - before < whole / 2  # a search holding the GIL would run to its end first


def test_a_solve_process_loads_the_built_search_and_never_numba() -> None:
    code = (
        "import sys\n"
        "from arena.solve import solve\n"
        "print(*solve('connect-four', '7346255533123363557', {}, None), sep='\\n')\n"
        "print('numba' in sys.modules)\n"
    )
    run_python(code)  # builds the module if this checkout has none yet
    built = run_python(code)
    through_numba = run_python(code, ARENA_NO_AOT="1")
    assert built[-1] == "False" and through_numba[-1] == "True"
    assert built[:-1] == through_numba[:-1] and any(line.startswith("column scores:") for line in built)


def test_a_build_leaves_the_processs_own_numba_working(tmp_path: Path) -> None:
    """pycc sets numba's runtime up for ahead-of-time code: a build in the app's own process made the Gomoku
    search, compiled afterwards, fail."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from games.connect_four import core\n"
        "from games.gomoku.engine import GomokuEngine\n"
        "from games.mnk import empty_state, place\n"
        "core.build(Path(sys.argv[1]))\n"
        "print(repr(GomokuEngine(budget=0.05).best_move(place(empty_state(15, 15), 112, 5))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.startswith("Cell(") and core.built_path(tmp_path) is not None


def test_an_edited_search_is_built_anew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = core.module_name()
    edited = tmp_path / "search.py"
    edited.write_text(core.SOURCE.read_text() + "\n# edited\n")
    monkeypatch.setattr(core, "SOURCE", edited)
    assert core.module_name() != before
    assert core.built_path(core.cache_dirs()[0]) is None


def test_a_failed_build_falls_back_to_numba(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("")
    monkeypatch.setattr(core, "cache_dirs", lambda: [blocked, blocked / "below"])
    assert core.load.__wrapped__() is search


def test_two_processes_building_at_once_make_one_module(tmp_path: Path) -> None:
    code = (
        f"from pathlib import Path\nfrom games.connect_four import core\nprint(core.build(Path({str(tmp_path)!r})))\n"
    )
    builders = [
        subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True) for _ in range(2)
    ]
    paths = {builder.communicate(timeout=300)[0].strip() for builder in builders}
    assert all(builder.returncode == 0 for builder in builders)
    assert len(paths) == 1 and [str(p) for p in tmp_path.glob("*.so")] == list(paths)
    module, solver = core.import_built(Path(paths.pop())), Solver(6, 7)
    state = ConnectFour().play_sequence("4455")
    position, mask = solver.layout.from_state(state)
    assert int(module.solve(position, mask, state.ply, *solver.tables())) == 18
