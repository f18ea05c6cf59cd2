"""Shared fixtures: a path to a fresh database file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fake_llm_server import FakeServer

REFERENCE = Path(__file__).resolve().parent / "data" / "connect4"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database path in an empty folder."""
    return tmp_path / "saves" / "arena.json"


@pytest.fixture(scope="session")
def topsakal_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding Topsakal's published games, imported once per worker (tests only read it)."""
    import subprocess
    import sys

    db = tmp_path_factory.mktemp("topsakal") / "db"
    command = [sys.executable, "-m", "arena", "import", "--no-analyse", "topsakal", "--published", "--db", str(db)]
    subprocess.run(command, capture_output=True, check=True, cwd=Path(__file__).resolve().parent.parent)
    return db


@pytest.fixture(scope="session")
def fake_llm() -> Iterator[FakeServer]:
    """One misbehaving OpenAI-compatible server on loopback for the whole session."""
    server = FakeServer()
    yield server
    server.close()
