"""ChildPlay task items and judging: generation of a run's items, judging of 1,000 Guess-the-SMILES answers."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from bench.tables import table
from games.tasks.gts import GtSTask
from games.tasks.lcl import LCLValidityTask
from games.tasks.molecules import MOLECULES
from games.tasks.shapes import ShapesTask

RUNS = 5


def timed(work: Callable[[], object], runs: int = RUNS) -> tuple[float, float]:
    """(median, max) seconds of `work` over `runs` runs, each from a cold start of the seed."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times), max(times)


def bench_tasks() -> None:
    """Generation targets: 800 LCL, 100 shapes, 100 GtS items each under 2 s; 1,000 GtS judgements under 5 s."""
    rows = []
    for label, work in (
        ("800 LCL validity items", lambda: LCLValidityTask().items(800, 1)),
        ("100 shape items", lambda: ShapesTask().items(100, 1)),
        ("100 GtS items, curated list (RDKit 2D layout + ASCII drawing)", lambda: GtSTask().items(100, 1)),
        ("100 GtS items, generated molecules", lambda: GtSTask(generated=True).items(100, 1)),
    ):
        median, worst = timed(work)
        rows.append((label, "< 2 s", f"{median:.3f} s", f"{worst:.3f} s"))
    task = GtSTask()
    items = task.items(100, 2)
    rng = random.Random(3)
    # A mix like real replies: right answers, wrong molecules, and strings RDKit cannot parse.
    answers = [
        (item, rng.choice((item.truth, rng.choice(MOLECULES)[1], item.truth[:-1] + "(", "not a smiles")))
        for item in items
        for _ in range(10)
    ]
    median, worst = timed(lambda: [task.judge(item, answer) for item, answer in answers])
    rows.append(
        (
            "judge 1,000 GtS answers (canonical match, Tanimoto, Levenshtein)",
            "< 5 s",
            f"{median:.3f} s",
            f"{worst:.3f} s",
        )
    )
    table(f"ChildPlay task items and judging ({RUNS} runs each)", ("work", "target", "median", "max"), rows)
