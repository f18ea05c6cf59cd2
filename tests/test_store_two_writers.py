"""The same tournament in two processes, one of them suspended at random moments: every match stored once."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from arena.store import MatchStore
from tests.processes import ROOT

RUNS = int(os.environ.get("ARENA_TWIN_RUNS", "20"))
MATCHES = 2500  # more than a segment holds (1,000): the lagging twin merges into older segments


@pytest.mark.slow
def test_a_lagging_twin_never_stores_a_match_twice(tmp_path: Path) -> None:
    rng = random.Random(11)
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    for run in range(RUNS):
        db = tmp_path / f"arena-{run}"
        MatchStore(db).close()  # created beforehand: two processes creating one store at once is another test
        command = [sys.executable, "-m", "arena", "--batch", "--players", "minimax", "random"]
        command += ["--games", str(MATCHES), "--seed", "1", "--db", str(db)]
        first = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        twin = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0.5, 3.0))  # somewhere in start-up, play or the final merge
        twin.send_signal(signal.SIGSTOP)
        time.sleep(rng.uniform(0.3, 2.5))
        twin.send_signal(signal.SIGCONT)
        errors = [process.communicate(timeout=120)[1].decode() for process in (first, twin)]
        assert first.returncode == 0 and twin.returncode == 0, (run, errors)
        with MatchStore(db, read_only=True) as store:
            counts = Counter(str(document.get("id")) for document in store.documents())
            rows = store.summary_rows().rows
        twice = [match for match, count in counts.items() if count > 1]
        assert not twice and len(counts) == MATCHES, f"run {run}: {len(twice)} stored twice, {len(counts)} in all"
        assert len(rows) == MATCHES, f"run {run}: {len(rows)} stored for {MATCHES} matches"
