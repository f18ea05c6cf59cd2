"""Issue 43's figures, each beside its reference, from one run: the report over the published games (first and
cached, and the same bytes twice), the rating fit's Hessians, `report --json` and `--html` on 10,000 matches,
the Connect-Four solver beside BitBully, and the app's first screen beside a minimal Textual app.

Run: python -m bench.limits (about 3 minutes). BitBully's rows need `pip install bitbully==0.0.79` (AGPL-3.0,
so no dependency of the arena).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import numpy as np

from arena.analysis import ratings
from arena.analysis.cache import analyse_store
from arena.runner.tournament import TournamentPlan
from arena.store import MatchStore
from bench.analysis import TEN_PLAYERS, record
from bench.startup import has_bitbully
from bench.tables import table
from bench.timing import ROOT, median_seconds

MIDDLE_AND_END = ("6447226414474", "636272322416", "7346255533123363557", "4455")
# The floor of a cached report: the same index files and analysis cache read with json, per-player counts printed.
MINIMAL_READER = (
    "import collections, json, pathlib, sys\n"
    "folder = pathlib.Path(sys.argv[1])\n"
    "counts = collections.Counter()\n"
    "for path in sorted(folder.glob('matches-*.index.json')):\n"
    "    for row in json.loads(path.read_bytes())['rows']:\n"
    "        for seat, player in enumerate(row[2]):\n"
    "            counts[(row[1], player, 'won' if row[6] == seat else 'drew' if row[6] is None else 'lost')] += 1\n"
    "graded = collections.Counter()\n"
    "with open(folder / 'analysis-cache.jsonl', 'rb') as handle:\n"
    "    next(handle)\n"
    "    for line in handle:\n"
    "        entry = json.loads(line.partition(b'\\t')[0])['analysis']\n"
    "        for seat in entry.get('seats', []):\n"
    "            graded[seat.get('player')] += seat.get('graded', 0)\n"
    "print(json.dumps({'players': len(counts), 'graded': sum(graded.values())}))\n"
)
MISSING_KEY = ("--batch", "--game", "tictactoe", "--players", "llm:gpt-4o-mini", "random", "--games", "1")


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def run(*args: str) -> tuple[float, float, bytes]:
    """One whole `arena` command: wall seconds, CPU seconds (its own and its workers'), stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "arena", *args], cwd=ROOT, capture_output=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done.stdout


def published_rows(folder: Path) -> list[tuple[str, str, str, str]]:
    """The first report over the imported games (no analysis kept), again from scratch, then the cached one."""
    db = str(folder / "published")
    for paper in ("topsakal", "childplay"):
        run("import", paper, "--published", "--no-analyse", "--db", db)
    cache = Path(db) / "analysis-cache.jsonl"
    first_wall, first_cpu, first = run("report", "--db", db, "--json")
    cache.unlink()
    again_wall, _, again = run("report", "--db", db, "--json")
    cached = [run("report", "--db", db, "--json") for _ in range(3)]
    cached_wall = sorted(c[0] for c in cached)[1]
    floor = median_seconds([sys.executable, "-c", MINIMAL_READER, db], 3)
    same = "the same bytes" if first == again else "DIFFERENT bytes"
    return [
        ("first report over the 6,322 published games (none analysed)", f"{first_wall:.1f} s wall, "
         f"{first_cpu:.1f} s CPU on 2 cores", "< 8 s; 33.6 s before (issue 43, load 3)", load()),
        ("the same first report again from scratch", f"{again_wall:.1f} s, {same}", "the same bytes", load()),
        ("the cached report over them, median of 3", f"{cached_wall:.2f} s ({cached_wall / floor:.1f}x the floor)",
         f"a json reader of the same index files and analysis cache {floor:.2f} s; goal <= 1.5x", load()),
    ]  # fmt: skip


def median_call(call: Callable[[], object], runs: int = 7) -> float:
    """Median seconds of a call over `runs` runs (after the one that checked its result)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return sorted(times)[runs // 2]


def hessian_row() -> tuple[str, str, str, str]:
    """One Newton step's Hessians at the published games' size: 98 pairs, 37 players, 1,000 resamples."""
    rng = np.random.default_rng(1)
    first = rng.integers(0, 37, 98)
    second = (first + 1 + rng.integers(0, 36, 98)) % 37
    design = ratings._design(first, second, 37, True)
    weight = rng.random((1000, 98))
    make = ratings._hessian_maker(design)
    assert np.allclose(np.einsum("pk,bp,pl->bkl", design, weight, design), make(weight))
    einsum = median_call(lambda: np.einsum("pk,bp,pl->bkl", design, weight, design))
    ours = median_call(lambda: make(weight))
    return ("rating fit: one Newton step's Hessians (98 pairs, 37 players, 1,000 resamples)",
            f"{ours * 1000:.1f} ms (weight @ outer), median of 7", f"general einsum {einsum * 1000:.0f} ms "
            f"({einsum / ours:.0f}x); 14 ms goal", load())  # fmt: skip


def ten_thousand_rows(folder: Path) -> list[tuple[str, str, str, str]]:
    """`report --json` (CPU) and `--html` (wall) on 9,990 cached tic-tac-toe matches of ten players."""
    db = folder / "ten"
    pairs = combinations(TEN_PLAYERS, 2)
    record(db, [TournamentPlan("tictactoe", pair, 222, seed=3, swap_seats=True, tournament_id="rr",
                               first_index=1000 * i) for i, pair in enumerate(pairs)])  # fmt: skip
    with MatchStore(db, read_only=True) as store:
        count = len(analyse_store(store))
    json_runs = sorted(run("report", "--db", str(db), "--json")[:2] for _ in range(3))
    html = sorted(run("report", "--db", str(db), "--html", str(folder / f"site{n}"))[0] for n in range(3))
    return [
        (f"`report --json` over {count:,} cached matches, median of 3", f"{json_runs[1][1]:.2f} s CPU "
         f"({json_runs[1][0]:.2f} s wall)", "< 0.4 s CPU; interpreter and imports alone take 0.3 s", load()),
        (f"`report --html` over {count:,} matches, median of 3", f"{html[1]:.1f} s", "< 3 s; 5.9-6.2 s before",
         load()),
    ]  # fmt: skip


def solver_rows() -> list[tuple[str, str, str, str]]:
    """`arena solve connect-four` beside BitBully's solve, whole processes, median of 5 after a warm-up."""
    rows = []
    for position in MIDDLE_AND_END:
        ours = median_seconds([sys.executable, "-m", "arena", "solve", "connect-four", position], 5, warmups=1)
        if has_bitbully():
            theirs = median_seconds([sys.executable, "-m", "bench.bitbully_solve", position], 5, warmups=1)
            reference = f"BitBully {theirs:.2f} s: {ours / theirs:.2f}x (goal <= 1.2x)"
        else:
            reference = "BitBully not installed (pip install bitbully==0.0.79)"
        kind = {4: "opening", 12: "middle game", 13: "middle game", 19: "end game"}[len(position)]
        rows.append((f"solve {position} ({len(position)} stones, {kind})", f"{ours:.2f} s", reference, load()))
    return rows


def seconds_to_ready(command: list[str]) -> float:
    """Wall seconds from a process' start to the `ready` line it prints when its first screen is drawn."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert child.stdout is not None
    for line in child.stdout:
        if line.strip() == "ready":
            break
    shown = time.perf_counter() - start
    child.wait()
    return shown


def app_row(folder: Path) -> tuple[str, str, str, str]:
    """The arena app's first screen beside a one-Static Textual app and one with the same kinds of widgets, median of
    5 alternated runs."""
    runs: dict[str, list[float]] = {"arena": [], "static": [], "minimal": []}
    for _ in range(5):
        for kind in runs:
            argv = ["arena", str(folder / "app")] if kind == "arena" else [kind]
            runs[kind].append(seconds_to_ready([sys.executable, "-m", "bench.app_ready", *argv]))
    ours, static, minimal = (sorted(runs[kind])[2] for kind in ("arena", "static", "minimal"))
    return ("the app's first screen (setup), 120x40 headless, median of 5", f"{ours:.2f} s ({ours / static:.1f}x "
            "a one-Static app)", f"one Static {static:.2f} s (goal <= 1.5x); the setup screen's widgets alone "
            f"{minimal:.2f} s ({minimal / static:.1f}x)", load())  # fmt: skip


def missing_key_row(folder: Path) -> tuple[str, str, str, str]:
    """A command naming a hosted model whose key is unset: seconds to its refusal, median of 5."""
    environment = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    times = []
    for _ in range(5):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "arena", *MISSING_KEY, "--db", str(folder / "keyless")], cwd=ROOT,
                              capture_output=True, text=True, env=environment, check=False)  # fmt: skip
        times.append(time.perf_counter() - start)
        assert done.returncode == 2 and "needs OPENAI_API_KEY" in done.stderr, done.stderr
    return ("`arena --batch` naming llm:gpt-4o-mini with no key: the refusal, median of 5",
            f"{sorted(times)[2]:.2f} s", "< 0.5 s; 3-4 s before (litellm imported first)", load())  # fmt: skip


def bench_limits() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        rows = [
            *published_rows(folder),
            hessian_row(),
            *ten_thousand_rows(folder),
            *solver_rows(),
            app_row(folder),
            missing_key_row(folder),
        ]
    table(
        "Issues 43 and 55: the figures beside their references (whole processes on this 2-core machine; load at each "
        "row)",
        ("what", "the arena", "reference", "load"),
        rows,
    )


if __name__ == "__main__":
    bench_limits()
