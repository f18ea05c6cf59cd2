"""The arena's own CPU per model request and per streamed chunk, against a loopback server in another process."""

from __future__ import annotations

import asyncio
import resource
import subprocess
import sys
import time
from pathlib import Path

from arena.llm.client import complete
from arena.llm.connections import pooled
from arena.llm.settings import ModelSettings
from arena.match.records import MatchRecord
from arena.players import PlayerOptions
from arena.runner.tournament import TournamentPlan, play_tournament
from bench.tables import table

ROOT = Path(__file__).resolve().parent.parent
CHUNKS = 200
PAIRS = 5  # bare and arena runs, alternated
SERVER = (
    "import sys, time; from tests.fake_llm_server import FakeServer; s = FakeServer(); print(s.url, flush=True); "
    "sys.stdin.read()"
)


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def direct_calls(url: str, requests: int, concurrency: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of `requests` streamed calls, `concurrency` at once (await in `pooled` as a run)."""
    settings = ModelSettings(model=f"openai/first-legal-{CHUNKS}", api_base=url, api_key="no-key")
    messages = [{"role": "user", "content": "Legal moves: 1,1; 1,2"}]

    async def ignore(*_: object) -> None:
        return None

    queue = iter(range(requests))

    async def worker() -> None:
        for _ in queue:
            await complete(settings, messages, ignore, ignore)

    await complete(settings, messages, ignore, ignore)  # litellm imported and warm
    wall, spent = time.perf_counter(), cpu()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return time.perf_counter() - wall, cpu() - spent


async def bare_calls(url: str, requests: int, concurrency: int) -> tuple[float, float]:
    """The floor: a bare aiohttp client (one session) streaming the same replies, reading blocks as they come,
    splitting them into lines and parsing each chunk's JSON (a line-by-line reader is a slower floor)."""
    import json

    import aiohttp

    body = {
        "model": f"first-legal-{CHUNKS}",
        "stream": True,
        "messages": [{"role": "user", "content": "Legal moves: 1,1"}],
    }
    queue = iter(range(requests))
    async with aiohttp.ClientSession() as session:

        async def worker() -> None:
            for _ in queue:
                async with session.post(f"{url}/chat/completions", json=body) as response:
                    rest = b""
                    async for block in response.content.iter_any():
                        *lines, rest = (rest + block).split(b"\n")
                        for line in lines:
                            if line.startswith(b"data:") and line[5:].strip() != b"[DONE]":
                                json.loads(line[5:])

        wall, spent = time.perf_counter(), cpu()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
    return time.perf_counter() - wall, cpu() - spent


async def matches(url: str, games: int, concurrency: int) -> tuple[float, float, int]:
    """(wall, CPU, requests) of tic-tac-toe matches of a streaming model against random."""
    plan = TournamentPlan("tictactoe", (f"llm:openai/first-legal-{CHUNKS}", "random"), games=games, seed=1)
    options = PlayerOptions(api_base=url)
    moves = 0

    def count(record: MatchRecord) -> None:
        nonlocal moves
        moves += sum(1 for m in record.moves if m.seat == 0)

    wall, spent = time.perf_counter(), cpu()
    await play_tournament(plan, (), concurrency, options, count)
    return time.perf_counter() - wall, cpu() - spent, moves


def median_pair(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """The run of median wall time (its CPU with it)."""
    return sorted(runs)[len(runs) // 2]


def bench_llm_path() -> None:
    """Direct calls at concurrency 1 and 16, then 1,000 matches at concurrency 64."""
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    url = server.stdout.readline().strip()
    rows = []
    try:
        requests = 1_000
        bare, ours = [], []
        for _ in range(PAIRS):  # alternated, so a load that comes and goes falls on both alike
            bare.append(asyncio.run(bare_calls(url, requests, 64)))
            ours.append(asyncio.run(pooled(direct_calls(url, requests, 64))))
        (wall, spent), (our_wall, our_spent) = median_pair(bare), median_pair(ours)
        rows.append((f"bare aiohttp client reading blocks (the floor), 1,000 calls at concurrency 64, median of "
                     f"{PAIRS}", f"{requests / wall:.0f}/s", f"{spent / requests * 1000:.2f} ms",
                     f"{spent / (requests * CHUNKS) * 1e6:.1f} us"))  # fmt: skip
        rows.append((f"the arena's model call in a run, the same calls: {wall / our_wall:.2f}x the floor's rate "
                     "(goal >= 0.8x)", f"{requests / our_wall:.0f}/s", f"{our_spent / requests * 1000:.2f} ms",
                     f"{our_spent / (requests * CHUNKS) * 1e6:.1f} us"))  # fmt: skip
        wall, spent = asyncio.run(direct_calls(url, requests, 64))
        rows.append(("the same calls outside a run (a session each)", f"{requests / wall:.0f}/s",
                     f"{spent / requests * 1000:.2f} ms", f"{spent / (requests * CHUNKS) * 1e6:.1f} us"))  # fmt: skip
        for concurrency in (1, 16):
            requests = 300
            wall, spent = asyncio.run(pooled(direct_calls(url, requests, concurrency)))
            rows.append(
                (
                    f"{requests} calls at concurrency {concurrency}",
                    f"{requests / wall:.0f}/s",
                    f"{spent / requests * 1000:.2f} ms",
                    f"{spent / (requests * CHUNKS) * 1e6:.1f} us",
                )
            )
        wall, spent, requests = asyncio.run(pooled(matches(url, 1_000, 64)))
        rows.append(
            (
                f"1,000 tic-tac-toe matches at concurrency 64 ({requests:,} calls)",
                f"{requests / wall:.0f}/s",
                f"{spent / requests * 1000:.2f} ms",
                f"{spent / (requests * CHUNKS) * 1e6:.1f} us",
            )
        )
    finally:
        server.stdin.close()  # type: ignore[union-attr]
        server.wait(10)
    table(
        f"LLM path: the arena's CPU against a loopback server in another process ({CHUNKS} reasoning chunks a reply; "
        "targets: < 10 ms a request, < 50 us a chunk, >= 100 requests/s)",
        ("run", "requests", "arena CPU per request", "per chunk"),
        rows,
    )


if __name__ == "__main__":
    bench_llm_path()
