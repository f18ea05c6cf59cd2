"""The Connect-Four search core to call: built once ahead of time, so later processes never import numba.

Every process that used the search used to import numba (0.14 s) and set up its compiler to load the
cached code (0.12 s), which is most of a whole `arena solve`. The first process on a machine now
compiles `games.connect_four.search` ahead of time with numba's `pycc` into an extension module (as
long as numba's own compilation would take), and every later one imports that module alone. Its name
holds a digest of the search's source, so an edited search is built anew. Without a C compiler, with
pure Python asked for, or if the build fails, the search runs through numba as before (same code, same
scores).
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.util
import inspect
import os
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, cast

SOURCE = Path(__file__).with_name("search.py")
PROVEN = 1000  # as in games.connect_four.search: |value| >= PROVEN is a forced result
BOOK = "Tuple((i4[::1], i1[::1], i8[::1], u1[::1]))"  # exact keys, scores; outcome keys, results
TABLES = f"i8[::1], i8[::1], i8[::1], i1[::1], {BOOK}, i8[:, ::1], i8[::1]"
EXPORTS = {
    "solve": f"i8(i8, i8, i8, {TABLES})",
    "negamax": f"i8(i8, i8, i8, i8, i8, {TABLES})",
    "heuristic_root": "i8[::1](i8, i8, i8, i8, i8, i8[::1], i8[::1], i8[::1], i8[::1])",
    "huffman_code": "i8(i8, i8, b1, i8, i8)",
}


def module_name() -> str:
    """The built module's name, with a digest of the search's source and of this builder."""
    digest = hashlib.sha256(SOURCE.read_bytes() + Path(__file__).read_bytes()).hexdigest()[:16]
    return f"connect_four_core_{digest}"


def cache_dirs() -> list[Path]:
    """Where a built module may live: beside the search's own numba cache, else the user's cache."""
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return [SOURCE.parent / "__pycache__", home / "arena" / "compiled"]


def built_path(directory: Path) -> Path | None:
    """The built module in `directory`, if there is one for this source and Python."""
    found = sorted(directory.glob(f"{module_name()}.{sys.implementation.cache_tag}*.so"))
    return found[0] if found else None


def import_built(path: Path) -> ModuleType:
    """Import an extension module from its file."""
    spec = importlib.util.spec_from_file_location(path.name.split(".")[0], path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build(directory: Path) -> Path:
    """Compile the search ahead of time into `directory` (one builder at a time; others wait and reuse it)."""
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / f"{module_name()}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        ready = built_path(directory)
        if ready is not None:
            return ready
        with tempfile.TemporaryDirectory(dir=directory) as scratch:
            # In a process of its own: a pycc build leaves numba's runtime set up for ahead-of-time code, and
            # every later JIT compilation in the same process (the Gomoku search) would then fail.
            package_root = str(Path(__file__).resolve().parents[2])
            path = os.pathsep.join(filter(None, [package_root, os.environ.get("PYTHONPATH")]))
            subprocess.run(
                [sys.executable, "-m", "games.connect_four.core", scratch, module_name()],
                env={**os.environ, "PYTHONPATH": path},
                capture_output=True,
                check=True,
            )
            made = next(Path(scratch).glob(f"{module_name()}.*"))
            final = directory / made.name
            os.replace(made, final)  # atomic: a reader sees the whole file or none
        for stale in directory.glob("connect_four_core_*"):  # builds of an older search
            if not stale.name.startswith(module_name()):
                stale.unlink(missing_ok=True)
        return final


def compile_into(directory: Path, name: str) -> None:
    """Compile the search with numba's pycc into the extension module `name` in `directory` (this process)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc announces its own deprecation
        from games.connect_four import search

        pycc: Any = importlib.import_module("numba.pycc")
        with releasing_the_gil():
            compiler = pycc.CC(name)
            compiler.output_dir = str(directory)
            compiler.verbose = False
            for export, signature in EXPORTS.items():
                compiler.export(export, signature)(entry(search, export))
            compiler.compile()


@contextmanager
def releasing_the_gil() -> Iterator[None]:
    """Make pycc's exported functions release the GIL, as the numba search does (`nogil=True`).

    pycc has no such option; it compiles every export with a fresh `Flags()`, so a subclass that sets
    `release_gil` is put in its place for the build. Without it a deadline's timer thread, the progress
    line and the app's screen could not run while a search runs, and no search would stop in time.
    """
    pycc_compiler: Any = importlib.import_module("numba.pycc.compiler")
    original = pycc_compiler.Flags

    class ReleasingFlags(original):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.release_gil = True

    pycc_compiler.Flags = ReleasingFlags
    try:
        yield
    finally:
        pycc_compiler.Flags = original


def entry(search: ModuleType, name: str) -> Callable[..., Any]:
    """A plain function that calls the compiled `name` (pycc compiles it; exporting the recursive search
    itself makes numba re-enter its own compilation)."""
    compiled = getattr(search, name)
    arity = len(inspect.signature(compiled.py_func).parameters)
    names = ", ".join(f"a{i}" for i in range(arity))
    scope: dict[str, Any] = {"compiled": compiled}
    exec(f"def call({names}):\n    return compiled({names})\n", scope)  # pycc needs fixed arguments, no *args
    return cast(Callable[..., Any], scope["call"])


@cache
def load() -> ModuleType:
    """The search core: the module built ahead of time (built now if missing), else numba's compiled search."""
    if not os.environ.get("ARENA_PURE_PYTHON") and not os.environ.get("ARENA_NO_AOT"):
        for directory in cache_dirs():
            try:
                path = built_path(directory) if directory.is_dir() else None
                return import_built(path if path is not None else build(directory))
            except Exception:  # unwritable place, no C compiler, a failed build: the next place, then numba
                continue
    from games.connect_four import search

    return search


if __name__ == "__main__":  # python -m games.connect_four.core DIRECTORY NAME: the build's own process
    compile_into(Path(sys.argv[1]), sys.argv[2])
