"""Chess grading: positions a second at the grading budget in one and two processes, and the whole published
LLM Chess sample imported and graded (`python -m bench.chess [--whole]`)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import chess
import chess.pgn

from arena.engines.chess_grades import DEFAULT_NODES, grade_move, grader_name
from arena.imports.files import read_json
from arena.imports.shipped import published_folder
from bench.tables import table

POSITIONS = 400  # every 7th position of the shipped games' mainlines, in path order
STEP = 7


def sample() -> list[tuple[str, str]]:
    """(FEN, played move in UCI) pairs from the shipped LLM Chess games."""
    pairs: list[tuple[str, str]] = []
    with published_folder("llm-chess") as folder:
        for path in sorted(folder.rglob("*.json")):
            data = read_json(path) if not path.name.startswith("_") else {}
            game = chess.pgn.read_game(io.StringIO(data.get("pgn") or "")) if isinstance(data, dict) else None
            board = chess.Board()
            for ply, move in enumerate(game.mainline_moves() if game else []):
                if ply % STEP == 0 and len(pairs) < POSITIONS:
                    pairs.append((board.fen(), move.uci()))
                board.push(move)
    return pairs


def grade_all(pairs: list[tuple[str, str]]) -> int:
    """Grade each pair's move; how many were graded."""
    for fen, move in pairs:
        grade_move(chess.Board(fen), chess.Move.from_uci(move))
    return len(pairs)


def bench_chess(whole: bool = False) -> None:
    """Positions a second at the budget, one and two processes; optionally the whole sample, import and report."""
    pairs = sample()
    grader = grader_name()
    rows = []
    started = time.perf_counter()
    grade_all(pairs)
    one = time.perf_counter() - started
    rows.append(("1 process", f"{len(pairs) / one:.1f}", f"{1000 * one / len(pairs):.1f} ms"))
    halves = [pairs[0::2], pairs[1::2]]
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(grade_all, [[pairs[0]], [pairs[1]]]))  # engines started before the clock
        started = time.perf_counter()
        list(pool.map(grade_all, halves))
        two = time.perf_counter() - started
    rows.append(("2 processes", f"{len(pairs) / two:.1f}", f"{1000 * two / len(pairs):.1f} ms"))
    load = os.getloadavg()[0]
    table(
        f"Chess grading, {len(pairs)} positions of the shipped games, {grader} ({os.cpu_count()} cores, "
        f"load {load:.1f})",
        ("processes", "positions/s", "per position"),
        rows,
    )
    if whole:
        with tempfile.TemporaryDirectory() as folder:
            db = str(Path(folder) / "db")
            steps = []
            for label, args in (
                ("import llm-chess --published (256 games)", ("import", "llm-chess", "--published")),
                ("report --game chess --json, first run (every move graded)", ("report", "--game", "chess", "--json")),
                ("report --game chess --json, grades cached", ("report", "--game", "chess", "--json")),
            ):
                started = time.perf_counter()
                subprocess.run([sys.executable, "-m", "arena", *args, "--db", db], check=True, capture_output=True)
                steps.append((label, f"{time.perf_counter() - started:.1f} s"))
        load = os.getloadavg()[0]
        table(
            f"The published LLM Chess sample, whole commands (load {load:.1f} at the end)", ("command", "time"), steps
        )


if __name__ == "__main__":
    os.environ["PATH"] = os.environ.get("PATH", "") + os.pathsep + "/usr/games"
    bench_chess(whole="--whole" in sys.argv)
    print(f"\n(grading budget: {DEFAULT_NODES:,} nodes a position, one search over every legal move)")
