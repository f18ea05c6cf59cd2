"""Chess grading against its floor: the arena's grading search beside a minimal UCI loop (one that reads only each
line's score and first move) on the same positions and settings, in alternated rounds; the whole grade (with its
confirming searches) in one and two processes; and the published LLM Chess sample imported and graded
(`python -m bench.chess [--search] [--whole=1,2]`: the whole sample with 1, then 2 workers); `--fewer=N` asks
whether a search of the played and the best move alone gives the same figures on N positions."""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import chess
import chess.pgn

from arena.engines import stockfish
from arena.engines.chess_grades import DEFAULT_NODES, capped, grade_move, grader_name, scored_moves
from arena.engines.lean_uci import position_command
from arena.imports.files import read_json
from arena.imports.shipped import published_folder
from bench.tables import table

POSITIONS = 400  # every 7th position of the shipped games' mainlines, in path order, with the game's history
STEP = 7
ROUNDS = 3


def sample() -> list[tuple[chess.Board, chess.Move]]:
    """(position with its history, played move) pairs from the shipped LLM Chess games."""
    pairs: list[tuple[chess.Board, chess.Move]] = []
    with published_folder("llm-chess") as folder:
        for path in sorted(folder.rglob("*.json")):
            data = read_json(path) if not path.name.startswith("_") else {}
            game = chess.pgn.read_game(io.StringIO(data.get("pgn") or "")) if isinstance(data, dict) else None
            board = chess.Board()
            for ply, move in enumerate(game.mainline_moves() if game else []):
                if ply % STEP == 0 and len(pairs) < POSITIONS:
                    pairs.append((board.copy(), move))
                board.push(move)
    return pairs


class MinimalLoop:
    """The floor: Stockfish over pipes, the grader's settings, each line's last score and first move and nothing
    else (no checks, no parsing beyond splitting the line)."""

    def __init__(self) -> None:
        self.engine = subprocess.Popen([stockfish.stockfish_path()], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       text=True, bufsize=1)  # fmt: skip
        self.send("uci")
        self.until("uciok")
        self.send(f"setoption name Threads value 1\nsetoption name Hash value {stockfish.HASH_MB}")

    def send(self, text: str) -> None:
        assert self.engine.stdin is not None
        self.engine.stdin.write(text + "\n")
        self.engine.stdin.flush()

    def until(self, word: str) -> list[str]:
        assert self.engine.stdout is not None
        lines = []
        for line in self.engine.stdout:
            lines.append(line)
            if line.startswith(word):
                return lines
        raise RuntimeError("the engine ended")

    def scores(self, board: chess.Board, nodes: int) -> dict[str, tuple[str, int]]:
        self.send(f"setoption name MultiPV value {board.legal_moves.count()}\nucinewgame\n"
                  f"{position_command(board)}\ngo nodes {nodes}")  # fmt: skip
        found: dict[str, tuple[str, str, int]] = {}
        for line in self.until("bestmove"):
            words = line.split()
            if "multipv" in words and "score" in words and "pv" in words:
                at = words.index("score")
                first = words[words.index("pv") + 1]
                found[words[words.index("multipv") + 1]] = (first, words[at + 1], int(words[at + 2]))
        return {first: (kind, value) for first, kind, value in found.values()}

    def close(self) -> None:
        self.send("quit")
        self.engine.wait()


def engine_cpu() -> float:
    """CPU seconds of this process's children so far, the running engines included (read from /proc)."""
    total = 0.0
    for child in Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children").read_text().split():
        with open(f"/proc/{child}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def timed(run: object, pairs: list[tuple[chess.Board, chess.Move]]) -> tuple[float, float, float]:
    """(wall, own CPU, engine CPU) seconds of scoring every position with `run`."""
    wall, own, engine = time.perf_counter(), time.process_time(), engine_cpu()
    for board, _ in pairs:
        run(board, DEFAULT_NODES)  # type: ignore[operator]
    return time.perf_counter() - wall, time.process_time() - own, engine_cpu() - engine


def same_scores(loop: MinimalLoop, pairs: list[tuple[chess.Board, chess.Move]]) -> int:
    """On how many positions the arena's scores are the loop's, move by move."""
    agree = 0
    for board, _ in pairs:
        floor = loop.scores(board, DEFAULT_NODES)
        arena = scored_moves(board, DEFAULT_NODES)
        ours = {move.uci(): value for move, value in arena.items()}
        theirs = {}
        for first, (kind, value) in floor.items():
            number = chess.engine.Cp(value) if kind == "cp" else chess.engine.Mate(value)
            theirs[first] = capped(chess.engine.PovScore(number, board.turn), board.turn)
        agree += ours == theirs
    return agree


def grade_all(pairs: list[tuple[chess.Board, chess.Move]]) -> int:
    """Grade each pair's move whole (the confirming searches included); how many were graded."""
    for board, move in pairs:
        grade_move(board, move)
    return len(pairs)


def bench_search(pairs: list[tuple[chess.Board, chess.Move]]) -> None:
    """The grading search beside the minimal loop, alternated rounds; the medians and the ratio."""
    loop = MinimalLoop()
    scored_moves(pairs[0][0], DEFAULT_NODES)  # both engines started before the clock
    loop.scores(pairs[0][0], DEFAULT_NODES)
    arena_runs, loop_runs = [], []
    for _ in range(ROUNDS):
        arena_runs.append(timed(scored_moves, pairs))
        loop_runs.append(timed(loop.scores, pairs))
    agree = same_scores(loop, pairs)
    loop.close()
    rows = []
    for label, runs in (("the arena's grading search", arena_runs), ("minimal UCI loop", loop_runs)):
        wall = statistics.median(r[0] for r in runs)
        own = statistics.median(r[1] for r in runs)
        engine = statistics.median(r[2] for r in runs)
        each = (f"{1000 * own / len(pairs):.1f} ms", f"{1000 * engine / len(pairs):.1f} ms")
        rows.append((label, f"{len(pairs) / wall:.1f}", *each))
    ratio = statistics.median(r[0] for r in loop_runs) / statistics.median(r[0] for r in arena_runs)
    table(
        f"The grading search (MultiPV over every legal move, {DEFAULT_NODES:,} nodes, 1 thread, a new game a "
        f"position), {len(pairs)} positions of the shipped games, median of {ROUNDS} alternated rounds "
        f"({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})",
        ("reader", "positions/s", "Python CPU a position", "engine CPU a position"),
        rows,
    )
    print(f"\nthe arena at {ratio:.2f}x the loop's speed; the same scores on {agree} of {len(pairs)} positions")


def bench_whole_grades(pairs: list[tuple[chess.Board, chess.Move]]) -> None:
    """Whole grades (confirming searches included), one and two processes."""
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
    table(
        f"Whole grades, {grader_name()} (load {os.getloadavg()[0]:.1f})",
        ("processes", "positions/s", "per position"),
        rows,
    )


def bench_whole_sample(counts: tuple[str, ...]) -> None:
    """The published LLM Chess sample imported and graded with each number of workers; the same report bytes."""
    steps, outputs = [], []
    for workers in counts:
        with tempfile.TemporaryDirectory() as folder:
            db = str(Path(folder) / "db")
            started = time.perf_counter()
            environment = {**os.environ, "ARENA_WORKERS": workers}
            subprocess.run([sys.executable, "-m", "arena", "import", "llm-chess", "--published", "--db", db,
                            "--workers", workers], check=True, capture_output=True, env=environment)  # fmt: skip
            imported = time.perf_counter() - started
            done = subprocess.run([sys.executable, "-m", "arena", "report", "--game", "chess", "--json", "--db", db],
                                  check=True, capture_output=True)  # fmt: skip
            outputs.append(done.stdout)
            steps.append((f"import llm-chess --published --workers {workers} (every move graded)", f"{imported:.1f} s"))
    same = "one run" if len(outputs) == 1 else "the same" if len(set(outputs)) == 1 else "DIFFERENT"
    table(
        f"The published LLM Chess sample, whole commands (load {os.getloadavg()[0]:.1f} at the end; the reports: "
        f"{same} bytes)",
        ("command", "time"),
        steps,
    )


def bench_fewer_moves(pairs: list[tuple[chess.Board, chess.Move]]) -> None:
    """Would a cheaper search give the same figures? The played and the best move alone, at the same budget, beside
    their values from the search of every legal move: how often the move's class and its centipawn loss change."""
    from arena.engines.chess_grades import kind_of
    from arena.engines.engine_lines import checked_scores

    changed_class = changed_loss = same_best = 0
    for board, move in pairs:
        every = scored_moves(board, DEFAULT_NODES)
        best = max(every, key=lambda m: (every[m][2], m.uci()))
        if best == move:
            same_best += 1
            continue
        two = {m: capped(score, board.turn) for m, score in checked_scores(board, DEFAULT_NODES, [best, move]).items()}
        wide = kind_of(every[best][0], every[move][0], every[best][1], every[move][1])
        narrow = kind_of(two[best][0], two[move][0], two[best][1], two[move][1])
        changed_class += wide != narrow
        changed_loss += max(0, every[best][0] - every[move][0]) != max(0, two[best][0] - two[move][0])
    others = len(pairs) - same_best
    table(
        f"The played and the best move searched alone at {DEFAULT_NODES:,} nodes, beside the search of every legal "
        f"move, {len(pairs)} positions ({same_best} where the played move was the best)",
        ("figure", "changed"),
        [
            (
                "the move's class (lichess's advice)",
                f"{changed_class} of {others} ({100 * changed_class / max(1, others):.0f}%)",
            ),
            ("its centipawn loss", f"{changed_loss} of {others} ({100 * changed_loss / max(1, others):.0f}%)"),
        ],
    )


def bench_chess(search_only: bool = False, whole: tuple[str, ...] = (), fewer: int = 0) -> None:
    """The grading search beside its floor; whole grades at 1 and 2 processes; optionally the whole sample."""
    os.environ["PATH"] = os.environ.get("PATH", "") + os.pathsep + "/usr/games"
    chosen = sample()
    if fewer:
        bench_fewer_moves(chosen[:fewer])
        return
    bench_search(chosen)
    if not search_only:
        bench_whole_grades(chosen)
    if whole:
        bench_whole_sample(whole)


if __name__ == "__main__":
    counts = tuple(a.removeprefix("--whole=").split(",") for a in sys.argv if a.startswith("--whole"))
    fewer = next((int(a.removeprefix("--fewer=")) for a in sys.argv if a.startswith("--fewer=")), 0)
    bench_chess(search_only="--search" in sys.argv, whole=tuple(counts[0]) if counts else (), fewer=fewer)
