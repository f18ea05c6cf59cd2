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
def fake_llm() -> Iterator[FakeServer]:
    """One misbehaving OpenAI-compatible server on loopback for the whole session."""
    server = FakeServer()
    yield server
    server.close()
