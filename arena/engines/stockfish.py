"""Stockfish over UCI (python-chess's engine module): found once, one process per role per worker, closed at exit.

Two roles never share a process: `player` searches with the strength a spec asks for; `grader` always searches
at full strength, one thread and a hash cleared before each position, so that a fixed node budget gives the same
verdict on any machine load.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import subprocess
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import chess
import chess.engine

PLACES = ("/usr/games/stockfish", "/usr/local/bin/stockfish", "/opt/homebrew/bin/stockfish")
INSTALL = "install it (Debian/Ubuntu: apt-get install stockfish; macOS: brew install stockfish) or set ARENA_STOCKFISH"
HASH_MB = 16
T = TypeVar("T")

_engines: dict[str, chess.engine.SimpleEngine] = {}
_owner = os.getpid()  # a forked child inherits the dict but not the engines' threads: it starts its own
_lock = threading.Lock()
_versions: dict[str, str] = {}  # by binary
_broken: dict[str, str] = {}  # binaries that would not start, and why: asked once per process, not once per match
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
        path = stockfish_path()
        if path in _broken:
            raise EngineFailed(_broken[path])
        try:
            started = chess.engine.SimpleEngine.popen_uci(path, timeout=start_timeout())
            started.configure({"Threads": 1, "Hash": HASH_MB})
            started.protocol.loop.call_soon_threadsafe(started.protocol.loop.set_exception_handler, loop_fault)
        except Exception as error:  # an exit at start, no `uciok` in time, an option refused: not a chess engine
            why = str(error) or f"no uciok in {start_timeout():.0f} s"
            _broken[path] = f"{path} would not start as a UCI engine: {why}"
            raise EngineFailed(_broken[path]) from None
        _engines[role] = started
        return started


def start_timeout() -> float:
    """Seconds an engine may take to say `uciok` (a healthy one needs well under one; $ARENA_ENGINE_WATCHDOG)."""
    chosen = chosen_watchdog()
    return chosen if chosen is not None else 30.0


def chosen_watchdog() -> float | None:
    """$ARENA_ENGINE_WATCHDOG in seconds (tests of hung engines), or None when unset or not a number."""
    chosen = os.environ.get("ARENA_ENGINE_WATCHDOG", "")
    return float(chosen) if chosen.replace(".", "", 1).isdigit() else None


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
    # EngineFailed for a binary that prints no banner and is no UCI engine either (/bin/false)
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
    options for this search only; EngineFailed, naming the engine and the position, for a fault.

    Each search is a new game to the engine (`ucinewgame`, its hash cleared): a move depends on the position and
    its history only, never on which matches this process played before, so a resumed run replays a clean one.
    """
    movetime = budget.get("movetime")
    limit = chess.engine.Limit(
        nodes=budget.get("nodes"), depth=budget.get("depth"), time=movetime / 1000 if movetime else None
    )
    seconds = watchdog(budget.get("nodes", 0)) + (movetime or 0) / 500 + 30 * budget.get("depth", 0)

    def search(protocol: Any) -> Coroutine[Any, Any, chess.engine.PlayResult]:
        return protocol.play(board, limit, game=object(), options=options)  # type: ignore[no-any-return]

    result = guarded("player", board, seconds, search)
    if result.move is None or result.move not in board.legal_moves:
        name = engine_label("player")
        kill("player")
        raise EngineFailed(f"{name} answered no legal move on {board.fen()}: {result.move}")
    return result.move


def guarded(role: str, board: chess.Board, seconds: float, command: Callable[[Any], Coroutine[Any, Any, T]]) -> T:
    """One command to a role's engine, given `seconds` before the engine is taken for hung; any fault (a dead
    process, a line python-chess refused, a hang) kills the engine and is EngineFailed naming it and the position."""
    with _searching[role]:
        running = engine(role)
        faults.clear()
        try:
            return asyncio.run_coroutine_threadsafe(command(running.protocol), running.protocol.loop).result(seconds)
        except Exception as error:
            name = engine_label(role) if _engines.get(role) is running else stockfish_path()
            kill(role)
            why = faults[-1] if faults else str(error) or f"no answer in {seconds:.0f} s"
            raise EngineFailed(f"{name} failed on {board.fen()}: {why}") from None


def watchdog(nodes: int) -> float:
    """Seconds a search of `nodes` may take before the engine is taken for hung (a fault, never a budget: a grade
    is made of nodes, and a search that ends in time gives the same grade at any load). $ARENA_ENGINE_WATCHDOG
    sets it (tests of hung engines)."""
    chosen = chosen_watchdog()
    return chosen if chosen is not None else 60.0 + nodes / 2_000


def kill(role: str) -> None:
    """End a role's engine at once, hung or not (its next use starts a new one)."""
    with _lock:
        dead = _engines.pop(role, None)
    if dead is not None:
        with contextlib.suppress(Exception):
            dead.close()


def engine_label(role: str) -> str:
    """The engine's name for a message (`Stockfish 15.1`, or the binary's path if it never said)."""
    running = _engines.get(role)
    name = running.protocol.id.get("name") if running is not None else None
    return str(name) if name else stockfish_path()


def analyse_all(
    board: chess.Board, nodes: int, root_moves: list[chess.Move] | None = None
) -> list[chess.engine.InfoDict]:
    """Every legal move of `board` (or only `root_moves`) scored at full strength under one node budget (one search,
    all shown); EngineFailed, naming the engine and the position, for an engine that dies, hangs or answers nonsense."""
    legal = len(root_moves) if root_moves else board.legal_moves.count()
    return guarded("grader", board, watchdog(nodes), lambda protocol: protocol.analyse(
        board,
        chess.engine.Limit(nodes=nodes),
        multipv=max(1, legal),
        game=object(),
        options=FULL_STRENGTH,
        info=chess.engine.INFO_SCORE | chess.engine.INFO_PV,
        root_moves=root_moves,
    ))  # fmt: skip


faults: list[str] = []  # what the engine's protocol reported in the search under way (python-chess logs it)


class FaultLog(logging.Handler):
    """python-chess's complaints about an engine's output, kept for the one-line error instead of printed."""

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            message = str(record.exc_info[1])
        faults.append(message.splitlines()[0][:200] if message else "an unreadable line")


_engine_log = logging.getLogger("chess.engine")
_engine_log.addHandler(FaultLog())
_engine_log.propagate = False
# An engine given up on at start exits later, when its loop is gone; asyncio's child watcher would say so on stderr.
logging.getLogger("asyncio").addFilter(lambda record: "that handles pid" not in record.getMessage())


def loop_fault(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """An engine's event loop reports a command that failed after its first result (an illegal `bestmove`)."""
    error = context.get("exception")
    faults.append(str(error)[:200] if error is not None else str(context.get("message", "a failed command"))[:200])


FULL_STRENGTH = {"UCI_LimitStrength": False, "Skill Level": 20}
