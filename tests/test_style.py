"""The code stays ruff- and mypy-clean (run as part of the test suite so CI enforces it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_is_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "."], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout


def test_mypy_is_clean() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout
