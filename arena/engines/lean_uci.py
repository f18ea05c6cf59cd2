"""The grader's Stockfish over bare UCI pipes: one search scores every root move, and only each line's last score and
first move are read (python-chess's `analyse` parses every principal variation move by move, which the grades never
use and which cost more CPU than the engine's own search).

The commands sent are python-chess's for the same analysis (the same options, `ucinewgame` before every position,
the same `position` line with the game's history), so the scores are the same bytes; they are sent in one write and
the engine's answer is read in large blocks until `bestmove`. Every read has a deadline (`stockfish.watchdog`): a
hung, dead or garbled engine is killed and is EngineFailed naming it and the position.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import subprocess
import threading
import time
from dataclasses import dataclass, field

import chess

from arena.engines import stockfish

READ_BLOCK = 1 << 16


@dataclass
class LineScore:
    """One root move's line as the search left it: the last score read (`cp` or `mate`) and its first move."""

    kind: str = ""
    value: int = 0
    first: str = ""


@dataclass
class LeanEngine:
    """A running engine: its process, its name from `id name`, the options it offers and those already set."""

    process: subprocess.Popen[bytes]
    name: str
    options: set[str]
    config: dict[str, str] = field(default_factory=dict)
    pending: bytes = b""

    def send(self, *lines: str) -> None:
        """Write lines to the engine in one write (a closed pipe is a dead engine)."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write("".join(f"{line}\n" for line in lines).encode())
            self.process.stdin.flush()
        except OSError:
            raise stockfish.EngineFailed(self.died()) from None

    def lines(self, deadline: float) -> list[bytes]:
        """The next complete lines the engine wrote (waiting for at least one until `deadline`)."""
        assert self.process.stdout is not None
        descriptor = self.process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(descriptor, selectors.EVENT_READ)
            while b"\n" not in self.pending:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise TimeoutError
                block = os.read(descriptor, READ_BLOCK)
                if not block:
                    raise stockfish.EngineFailed(self.died())
                self.pending += block
        *complete, self.pending = self.pending.split(b"\n")
        return complete

    def died(self) -> str:
        """python-chess's words for an engine that exited."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(1)
        return f"engine process died unexpectedly (exit code: {self.process.returncode})"

    def set_option(self, name: str, value: str) -> str | None:
        """The `setoption` line for an option the engine offers, when its value changes (python-chess's rule)."""
        if name not in self.options or self.config.get(name) == value:
            return None
        self.config[name] = value
        return f"setoption name {name} value {value}"


_running: LeanEngine | None = None
_owner = os.getpid()
_lock = threading.Lock()  # one search at a time: a UCI engine answers one command at a time
os.register_at_fork(after_in_child=lambda: globals().update(_lock=threading.Lock()))


def started() -> LeanEngine:
    """This process's grader, started on first use (a fork starts its own); EngineFailed for no UCI engine."""
    global _running, _owner
    if _owner != os.getpid():
        _running, _owner = None, os.getpid()
    if _running is not None and _running.process.poll() is None:
        return _running
    path = stockfish.stockfish_path()
    if path in stockfish._broken:
        raise stockfish.EngineFailed(stockfish._broken[path])
    try:
        _running = handshake(path)
    except (OSError, TimeoutError, stockfish.EngineFailed) as error:
        why = f"no uciok in {stockfish.start_timeout():.0f} s" if isinstance(error, TimeoutError) else str(error)
        stockfish._broken[path] = f"{path} would not start as a UCI engine: {why}"
        raise stockfish.EngineFailed(stockfish._broken[path]) from None
    return _running


def handshake(path: str) -> LeanEngine:
    """Start the binary and read its `uci` answer: its name and options, up to `uciok`."""
    process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    engine = LeanEngine(process, path, set())
    deadline = time.monotonic() + stockfish.start_timeout()
    try:
        engine.send("uci")
        while True:
            for raw in engine.lines(deadline):
                line = raw.decode(errors="replace").strip()
                if line.startswith("id name "):
                    engine.name = line[len("id name ") :].strip()
                elif line.startswith("option name "):
                    engine.options.add(line[len("option name ") :].split(" type ")[0].strip())
                elif line == "uciok":
                    settings = {"Threads": "1", "Hash": str(stockfish.HASH_MB), "Ponder": "false"}
                    settings |= {"UCI_AnalyseMode": "true", **strength()}
                    engine.send(*filter(None, (engine.set_option(k, v) for k, v in settings.items())))
                    return engine
    except BaseException:
        process.kill()
        raise


def strength() -> dict[str, str]:
    """stockfish.FULL_STRENGTH as UCI values."""
    return {name: str(value).lower() for name, value in stockfish.FULL_STRENGTH.items()}


def position_command(board: chess.Board) -> str:
    """The `position` line python-chess sends for `board`: its root and every move since, so repetitions count."""
    safe_history = all(board.move_stack)
    root = board.root() if safe_history else board
    fen = root.fen(shredder=board.chess960, en_passant="fen")
    words = ["position", "startpos" if fen == chess.STARTING_FEN else f"fen {fen}"]
    if safe_history and board.move_stack:
        words += ["moves", *(move.uci() for move in board.move_stack)]
    return " ".join(words)


def score_lines(board: chess.Board, nodes: int, root_moves: list[chess.Move] | None = None) -> list[LineScore]:
    """Each MultiPV line's last score and first move from one search of `board` over every legal move (or
    `root_moves`) at `nodes`, a new game to the engine; EngineFailed for a dead, hung or garbled engine."""
    global _running
    with _lock:
        engine = started()
        try:
            return search(engine, board, nodes, root_moves)
        except (TimeoutError, stockfish.EngineFailed, OSError, ValueError) as error:
            engine.process.kill()
            _running = None
            why = f"no answer in {stockfish.watchdog(nodes):.0f} s" if isinstance(error, TimeoutError) else str(error)
            raise stockfish.EngineFailed(f"{engine.name} failed on {board.fen()}: {why}") from None


def search(engine: LeanEngine, board: chess.Board, nodes: int, root_moves: list[chess.Move] | None) -> list[LineScore]:
    """Send one analysis and read its lines up to `bestmove` (ValueError for a best move that is not legal)."""
    count = len(root_moves) if root_moves else board.legal_moves.count()
    multipv = engine.set_option("MultiPV", str(max(1, count)))
    variant = engine.set_option("UCI_Chess960", str(board.chess960).lower())
    go = f"go nodes {nodes}" + (" searchmoves " + " ".join(m.uci() for m in root_moves) if root_moves else "")
    engine.send(*filter(None, (multipv, "ucinewgame", variant, position_command(board), go)))
    found: dict[int, LineScore] = {}
    deadline = time.monotonic() + stockfish.watchdog(nodes)
    while True:
        for raw in engine.lines(deadline):
            words = raw.split()
            if not words:
                continue
            if words[0] == b"bestmove":
                checked_best(board, words[1].decode(errors="replace") if len(words) > 1 else "")
                return [found[index] for index in sorted(found)]
            if words[0] == b"info" and len(words) > 1 and words[1] != b"string":
                read_info(words, found)


def read_info(words: list[bytes], found: dict[int, LineScore]) -> None:
    """Keep an info line's score and first move in its MultiPV line (python-chess's merge: the latest of each)."""
    index = int(words[words.index(b"multipv") + 1]) if b"multipv" in words else 1
    line = found.get(index)
    if b"score" in words:
        at = words.index(b"score")
        with contextlib.suppress(ValueError, IndexError):
            kind, value = words[at + 1].decode(), int(words[at + 2])
            if kind in ("cp", "mate"):
                line = line or found.setdefault(index, LineScore())
                line.kind, line.value = kind, value
    if b"pv" in words:
        at = words.index(b"pv")
        if at + 1 < len(words):
            line = line or found.setdefault(index, LineScore())
            line.first = words[at + 1].decode(errors="replace")


def checked_best(board: chess.Board, token: str) -> None:
    """A `bestmove` that is no legal move is a broken engine (as python-chess refuses it)."""
    board.parse_uci(token)  # InvalidMoveError or IllegalMoveError (both ValueError), in python-chess's words


def kill() -> None:
    """End this process's grader at once, from any thread: a search under way fails (EngineFailed) and the next one
    starts a new engine."""
    running = _running
    if running is not None and _owner == os.getpid():
        with contextlib.suppress(OSError):
            running.process.kill()


def engine_name() -> str:
    """The running grader's name (`Stockfish 15.1`), or its binary's path."""
    return _running.name if _running is not None else stockfish.stockfish_path()


def close() -> None:
    """Quit this process's grader (at exit)."""
    global _running
    if _running is not None and _owner == os.getpid():
        with contextlib.suppress(OSError, stockfish.EngineFailed):
            _running.send("quit")
        with contextlib.suppress(subprocess.TimeoutExpired):
            _running.process.wait(2)
        _running.process.kill()
        _running = None


threading._register_atexit(close)  # type: ignore[attr-defined]
