"""A run's model calls share one connection pool, closed when the run ends; a call outside a run has its own."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from arena.llm.client import complete
from arena.llm.connections import ConnectionPool, current_pool, pooled
from arena.llm.settings import ModelSettings
from tests.fake_llm_server import FakeServer, Reply

ROOT = Path(__file__).resolve().parent.parent
MESSAGES = [{"role": "user", "content": "Legal moves: 2,2; 1,1"}]


async def ignore(*_: object) -> None:
    return None


def test_a_batchs_calls_reuse_their_connections_and_close_them(fake_llm: FakeServer, db_path: Path) -> None:
    before = set(fake_llm.peers)
    calls_before = len(fake_llm.calls("first-legal"))
    command = [sys.executable, "-m", "arena", "--batch", "--players", "llm:openai/first-legal", "random"]
    command += ["--games", "8", "--concurrency", "2", "--api-base", fake_llm.url, "--db", str(db_path), "--json"]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["matches"] == 8
    calls = len(fake_llm.calls("first-legal")) - calls_before
    connections = fake_llm.peers - before
    assert calls >= 24 and 1 <= len(connections) <= 2, (calls, connections)  # a session a call would open 24+
    assert "Unclosed" not in result.stderr  # the pool is closed before the event loop ends


def test_calls_inside_and_outside_a_run(fake_llm: FakeServer) -> None:
    settings = ModelSettings(model="openai/first-legal", api_base=fake_llm.url, api_key="no-key")
    seen: list[ConnectionPool | None] = []

    async def run() -> list[str]:
        seen.append(current_pool())
        replies = await asyncio.gather(*(complete(settings, MESSAGES, ignore, ignore) for _ in range(6)))
        return [reply.content for reply in replies]

    inside = asyncio.run(pooled(run()))
    outside = asyncio.run(run())
    assert inside == outside and all(reply.endswith("MOVE: 2,2") for reply in inside)
    pool = seen[0]
    assert pool is not None and pool.session is None  # closed and let go at the run's end
    assert seen[1] is None


@pytest.mark.parametrize(("end_delay", "connections"), [(0.3, 1), (1.6, 3)])
def test_a_body_that_ends_after_done_keeps_its_connection(
    fake_llm: FakeServer, end_delay: float, connections: int
) -> None:
    """The body's last bytes come a moment after `[DONE]`: read, the connection is reused; a body that has
    not ended within the wait (1 s) costs only that wait, its reply kept and its connection closed."""
    name = f"late-end-{end_delay}"
    fake_llm.scenarios[name] = [Reply(content="MOVE: 2,2", end_delay=end_delay)]
    settings = ModelSettings(model=f"openai/{name}", api_base=fake_llm.url, api_key="no-key")
    before = set(fake_llm.peers)

    async def run() -> list[str]:
        return [(await complete(settings, MESSAGES, ignore, ignore)).content for _ in range(3)]

    assert asyncio.run(pooled(run())) == ["MOVE: 2,2"] * 3
    assert len(fake_llm.peers - before) == connections
