"""The Ray backend beside the process pool and one process: 100 Gomoku matches at 12,000 positions a move (minimax
against its level 4), and the first report over the published games (every move graded), whole commands.

Ray runs locally with the machine's 2 CPUs (one actor each); its start-up is measured apart. Run alone:
python -m bench.ray_backend [MATCHES ...] (default 100 and 300). Needs the extra: pip install 'arena[ray]'.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.ratings import load
from bench.tables import table
from bench.timing import ROOT

PLAYERS = ("minimax:nodes=12000", "minimax:nodes=12000,level=4")
GOMOKU = ("--batch", "--game", "gomoku", "--players", *PLAYERS, "--seed", "3", "--swap-seats")
WAYS: dict[str, tuple[str, ...]] = {"one process": ("--workers", "1"), "--workers 2": ("--workers", "2"),
                                    "--backend ray": ("--backend", "ray")}  # fmt: skip


def timed(*args: str) -> float:
    """Wall seconds of one whole `arena` command (it must succeed)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "arena", *args], cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def ray_start() -> float:
    """Seconds to start a local Ray, place two actors and get an answer from each, then stop it."""
    code = (
        "import time; t = time.perf_counter()\n"
        "from arena.runner.ray_backend import RayBackend\n"
        "b = RayBackend(); import ray; ray.get([a.pid.remote() for a in b.actors]); b.close()\n"
        "print(time.perf_counter() - t)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True)
    return float(done.stdout.strip().splitlines()[-1])


def bench_ray(runs: tuple[int, ...] = (100, 300)) -> None:
    rows = [("local Ray: start, two actors answer, stop", "-", f"{ray_start():.1f} s", "-", load())]
    for matches in runs:
        gomoku: dict[str, float] = {}
        for way, flags in WAYS.items():
            with tempfile.TemporaryDirectory() as folder:
                gomoku[way] = timed(*GOMOKU, "--games", str(matches), *flags, "--db", str(Path(folder) / "db"))
            what = f"{matches} Gomoku matches at 12,000 positions a move (minimax vs level 4)"
            rows.append((what, way, f"{gomoku[way]:.1f} s", f"{gomoku['one process'] / gomoku[way]:.2f}x one process",
                         load()))  # fmt: skip
        rows.append((f"Ray against the process pool at {matches} matches (goal >= 0.9x)", "--backend ray", "-",
                     f"{gomoku['--workers 2'] / gomoku['--backend ray']:.2f}x", load()))  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "db")
        for paper in ("topsakal", "childplay"):
            subprocess.run([sys.executable, "-m", "arena", "import", paper, "--published", "--no-analyse", "--db", db],
                           cwd=ROOT, check=True, capture_output=True)  # fmt: skip
        cache = Path(db) / "analysis-cache.jsonl"
        ways: list[tuple[str, tuple[str, ...]]] = [("worker processes", ()), ("--backend ray", ("--backend", "ray"))]
        for way, flags in ways:
            cache.unlink(missing_ok=True)
            seconds = timed("report", "--db", db, "--json", *flags)
            rows.append(("first report over the 6,322 published games (every move graded)", way, f"{seconds:.1f} s",
                         "-", load()))  # fmt: skip
    table(
        "The Ray backend (local, 2 CPUs) beside the process pool and one process, whole commands",
        ("what", "where", "time", "ratio", "load"),
        rows,
    )


if __name__ == "__main__":
    bench_ray(tuple(int(count) for count in sys.argv[1:]) or (100, 300))
