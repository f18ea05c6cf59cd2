"""The arena CLI started as a person's terminal would start it, so that Ctrl+C (SIGINT) reaches it."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def start_arena(*args: str) -> subprocess.Popen[str]:
    """`python -m arena ARGS` with pipes; SIGINT restored (a test run in the background inherits it ignored)."""
    return subprocess.Popen(
        [sys.executable, "-m", "arena", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def run_arena(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m arena ARGS` to its end, its output captured."""
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, check=False)
