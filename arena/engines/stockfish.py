"""Stockfish over UCI (python-chess's engine module): found once, one process per role per worker, closed at exit.

Two roles never share a process: `player` searches with the strength a spec asks for; `grader` always searches
at full strength, one thread and a hash cleared before each position, so that a fixed node budget gives the same
verdict on any machine load.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import chess
import chess.engine

PLACES = ("/usr/games/stockfish", "/usr/local/bin/stockfish", "/opt/homebrew/bin/stockfish")
INSTALL = "install it (Debian/Ubuntu: apt-get install stockfish; macOS: brew install stockfish) or set ARENA_STOCKFISH"
HASH_MB = 16

_engines: dict[str, chess.engine.SimpleEngine] = {}
_owner = os.getpid()  # a forked child inherits the dict but not the engines' threads: it starts its own
_lock = threading.Lock()
_versions: dict[str, str] = {}  # by binary
# One search at a time per role: the app may grade a replay while it analyses in the background, and a UCI
# engine answers one command at a time (the grader also clears its hash before each position).
_searching = {"player": threading.Lock(), "grader": threading.Lock()}
os.register_at_fork(after_in_child=lambda: _searching.update(player=threading.Lock(), grader=threading.Lock()))


class EngineMissing(RuntimeError):
    """No Stockfish binary here: the message says how to get one."""


class EngineFailed(RuntimeError):
    """The engine process died or answered nonsense."""


def stockfish_path() -> str:
    """The Stockfish binary: $ARENA_STOCKFISH, else `stockfish` on the PATH, else Debian's /usr/games place."""
    chosen = os.environ.get("ARENA_STOCKFISH")
    if chosen:
        if not Path(chosen).is_file():
            raise EngineMissing(f"ARENA_STOCKFISH={chosen} is not a file; {INSTALL}")
        return chosen
    found = shutil.which("stockfish") or next((p for p in PLACES if Path(p).is_file()), None)
    if found is None:
        raise EngineMissing(f"stockfish is not installed; {INSTALL}")
    return found


def engine(role: str) -> chess.engine.SimpleEngine:
    """This process's engine for a role (`player` or `grader`), started on first use and kept warm."""
    global _owner
    with _lock:
        if _owner != os.getpid():  # forked: the parent's engines are not ours to use (nor to quit)
            _engines.clear()
            _owner = os.getpid()
        running = _engines.get(role)
        if running is not None:
            return running
        try:
            started = chess.engine.SimpleEngine.popen_uci(stockfish_path(), timeout=30)
            started.configure({"Threads": 1, "Hash": HASH_MB})
        except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
            raise EngineFailed(f"stockfish would not start: {error}") from None
        _engines[role] = started
        return started


def forget(role: str) -> None:
    """Drop a dead engine so the next use starts a new one."""
    with _lock:
        dead = _engines.pop(role, None)
    if dead is not None:
        with contextlib.suppress(chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError):
            dead.quit()


def version() -> str:
    """The engine's own name and version (`Stockfish 15.1`), as the grades record it.

    Read from the banner the binary prints before UCI (its `id name` followed by " by ..."): a tenth of a
    second, where a UCI start-up loads the network first. The UCI name is asked only when there is no banner.
    """
    path = stockfish_path()
    if path in _versions:
        return _versions[path]
    try:
        done = subprocess.run([path], input="quit\n", capture_output=True, text=True, timeout=30, check=False)
        banner = done.stdout.splitlines()[0] if done.stdout.strip() else ""
    except (OSError, subprocess.TimeoutExpired):
        banner = ""
    name = banner.split(" by ")[0].strip() if " by " in banner else str(engine("grader").id.get("name", "stockfish"))
    _versions[path] = name
    return name


def close_all() -> None:
    """Quit every engine of this process (also called by workers at their end)."""
    if _owner != os.getpid():
        return
    for role in list(_engines):
        forget(role)


# Before the interpreter waits for its threads: python-chess keeps each engine's event loop in a thread that
# would otherwise be waited for, and the process would never end (concurrent.futures registers the same way).
threading._register_atexit(close_all)  # type: ignore[attr-defined]


def play(board: chess.Board, budget: dict[str, int], options: dict[str, Any]) -> chess.Move:
    """The player engine's move in `board` within `budget` (nodes, depth, movetime in ms), with these strength
    options for this search only."""
    movetime = budget.get("movetime")
    limit = chess.engine.Limit(
        nodes=budget.get("nodes"), depth=budget.get("depth"), time=movetime / 1000 if movetime else None
    )
    try:
        with _searching["player"]:
            result = engine("player").play(board, limit, options=options, game=board.root())
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
        forget("player")
        raise EngineFailed(f"stockfish failed: {error}") from None
    if result.move is None:
        raise EngineFailed("stockfish gave no move")
    return result.move


def analyse_all(board: chess.Board, nodes: int) -> list[chess.engine.InfoDict]:
    """Every legal move of `board` scored at full strength under one node budget (one search, all moves shown)."""
    legal = board.legal_moves.count()
    try:
        with _searching["grader"]:
            return engine("grader").analyse(
                board, chess.engine.Limit(nodes=nodes), multipv=max(1, legal), game=object(), options=FULL_STRENGTH
            )
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
        forget("grader")
        raise EngineFailed(f"stockfish failed: {error}") from None


FULL_STRENGTH = {"UCI_LimitStrength": False, "Skill Level": 20}
