"""Shared fixtures: a path to a fresh database file."""

from __future__ import annotations

from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parent / "data" / "connect4"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database path in an empty folder."""
    return tmp_path / "saves" / "arena.json"
