"""A small OpenAI-compatible server on loopback that misbehaves on purpose, for LLM player tests.

Each request names a scenario as its model. A scenario is a list of replies used in turn (the
last one repeats). A reply can stream reasoning (`reasoning_content`, `reasoning`, or inline
`<think>` text), pad the stream with empty chunks, stop for the token limit, fail with a status,
stall, or drop the connection mid-stream. The scenario `first-legal` plays the first move of the
"Legal moves:" list in the prompt, so whole matches can be played against it. `sloppy` answers 9,9 on every
first try and the first legal move once the prompt says its answer was not accepted; sampled at a temperature
above 0, each first try is by an even draw 9,9, the first legal move, or that move in free form with no MOVE
line. `noisy` plays a legal move drawn at random (unseeded, like sampling at a temperature). `echo-auth...`
streams the Authorization header it was sent back in its reasoning and its answer (as sent and upper-cased)
before a legal move. Any model asked the move extractor's question answers it, reading "go with X" as X.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


@dataclass
class Reply:
    """One scripted answer."""

    content: str = ""
    reasoning_content: str = ""
    reasoning: str = ""
    status: int = 200
    finish_reason: str = "stop"
    chunk_size: int = 4
    empty_chunks: bool = False
    stall_after: int | None = None  # chunks sent before the stream goes silent
    drop_after: int | None = None  # chunks sent before the connection is cut
    delay: float = 0.0  # seconds before the first chunk
    chunk_delay: float = 0.0  # seconds between chunks (0.02 = 50 chunks a second)
    end_delay: float = 0.0  # seconds between `[DONE]` and the end of the body
    completion_tokens: int | None = None  # usage to report instead of the chunks sent (a provider that lies)


@dataclass
class FakeServer:
    """Runs in its own thread and event loop; `url` is the api_base to give litellm."""

    scenarios: dict[str, list[Reply]] = field(default_factory=dict)
    requests: list[dict[str, Any]] = field(default_factory=list)
    port: int = 0
    in_flight: int = 0
    most_in_flight: int = 0
    usage_growth: int = 0  # when set, each priced call reports this many times the completion tokens of the last
    growth_from: int = 0  # priced calls made before the growth started
    jump: tuple[int, int, int] | None = None  # (calls, short, long): `short` tokens for `calls` calls, then `long`
    peers: set[Any] = field(default_factory=set)  # the client addresses requests came from (one per connection)
    models_route: bool = True  # False: no /models, as proxies that serve only /chat/completions

    def __post_init__(self) -> None:
        self.noise = random.Random()  # the sampled models' draws: seeded from the system, as sampling is
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()
        self.ready.wait(10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def script(self, name: str, *replies: Reply) -> str:
        """Register a scenario; returns the litellm model name to use."""
        self.scenarios[name] = list(replies)
        return f"openai/{name}"

    def grow_usage(self, factor: int) -> None:
        """From now on each priced call reports `factor` times the tokens of the one before (0: back to normal)."""
        self.usage_growth, self.growth_from, self.jump = factor, len(self.calls("gpt-4o-mini")), None

    def jump_usage(self, calls: int, short: int, long: int) -> None:
        """From now on, priced calls report `short` completion tokens for `calls` calls, then `long` ones."""
        self.jump, self.growth_from = (calls, short, long), len(self.calls("gpt-4o-mini"))

    def calls(self, name: str) -> list[dict[str, Any]]:
        """Request bodies received for a scenario."""
        return [r for r in self.requests if r.get("model") == name]

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.closing = asyncio.Event()
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._complete)
        if self.models_route:
            app.router.add_get("/v1/models", self._models)
        runner = web.AppRunner(app, shutdown_timeout=0.5)
        self.runner = runner
        self.loop.run_until_complete(runner.setup())
        site = web.TCPSite(runner, "127.0.0.1", 0)
        self.loop.run_until_complete(site.start())
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.ready.set()
        self.loop.run_forever()

    async def _models(self, request: web.Request) -> web.Response:
        return web.json_response({"object": "list", "data": [{"id": name} for name in self.scenarios]})

    def _next_reply(self, body: dict[str, Any], authorization: str = "") -> Reply:
        name = str(body.get("model"))
        if name.startswith("echo-auth"):  # a provider that echoes the Authorization header, 4 characters a chunk
            said = f"You sent {authorization!r} (loud: {authorization.upper()}).\n"
            return Reply(reasoning_content=f"The header was {authorization}.", content=said + first_legal_answer(body))
        if "a player's answer in a game of" in prompt_text(body):  # the move extractor's call: read it, no more
            named = re.search(r"go with ([^\s.]+)", prompt_text(body))
            return Reply(content=f"MOVE: {named.group(1) if named else 'none'}")
        if name in ("first-legal", "slow-first-legal", "gpt-4o-mini", "gpt-4o"):  # the gpt-4o pair: priced by litellm
            made = len(self.calls(name)) - 1 - self.growth_from
            tokens = 10 * self.usage_growth**made if self.usage_growth else None
            if self.jump is not None:
                tokens = self.jump[1] if made < self.jump[0] else self.jump[2]
            delay = 0.2 if name.startswith("slow") else 0.0
            return Reply(content=first_legal_answer(body), delay=delay, completion_tokens=tokens)
        if name == "noisy":  # a sampler at temperature: any listed legal move, unseeded, so no two runs agree
            return Reply(content=first_legal_answer(body, pick=self.noise.choice))
        if name == "sloppy":  # a wrong first try every turn; the first legal move once told the answer was refused
            told = "not accepted" in json.dumps(body.get("messages", []))
            if told:
                return Reply(content=first_legal_answer(body))
            if float(body.get("temperature") or 0) > 0:  # sampled: 9,9, the first legal move, or it in free form
                move = first_legal_answer(body).rpartition("MOVE: ")[2]
                return Reply(content=self.noise.choice(["MOVE: 9,9", f"MOVE: {move}", f"I'd go with {move}."]))
            return Reply(content="MOVE: 9,9")
        if name.startswith("first-legal-"):  # first-legal-N: N chunks of reasoning before the answer
            chunks = int(name.removeprefix("first-legal-"))
            return Reply(reasoning_content="hmm " * chunks, content=first_legal_answer(body), chunk_size=4)
        replies = self.scenarios.get(name)
        if not replies:
            return Reply(status=404, content=f"unknown scenario {name}")
        index = len(self.calls(name)) - 1
        return replies[min(index, len(replies) - 1)]

    async def _complete(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.requests.append(body)
        if request.transport is not None:
            self.peers.add(request.transport.get_extra_info("peername"))
        reply = self._next_reply(body, request.headers.get("Authorization", ""))
        if reply.status != 200:
            return web.json_response(
                {"error": {"message": reply.content or "scripted failure", "type": "x"}}, status=reply.status
            )
        if not body.get("stream"):
            message = {"role": "assistant", "content": reply.content}
            return web.json_response(
                {
                    "id": "c1",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body["model"],
                    "choices": [{"index": 0, "message": message, "finish_reason": reply.finish_reason}],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
                }
            )
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            return await self._stream(request, body, reply)
        finally:
            self.in_flight -= 1

    async def _stream(self, request: web.Request, body: dict[str, Any], reply: Reply) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        if reply.delay:
            await asyncio.sleep(reply.delay)
        deltas = stream_deltas(reply)
        for count, delta in enumerate(deltas):
            if reply.stall_after is not None and count == reply.stall_after:
                await self.closing.wait()  # silent until the server shuts down
                return response
            if reply.drop_after is not None and count == reply.drop_after:
                assert request.transport is not None
                request.transport.close()
                return response
            await response.write(sse(body["model"], delta, None))
            if reply.chunk_delay:
                await asyncio.sleep(reply.chunk_delay)
        await response.write(sse(body["model"], {}, reply.finish_reason))
        if (body.get("stream_options") or {}).get("include_usage"):
            produced = len(deltas) - 1 if reply.completion_tokens is None else reply.completion_tokens
            usage = {"prompt_tokens": 42, "completion_tokens": produced, "total_tokens": 42 + produced}
            chunk = {
                "id": "c1",
                "object": "chat.completion.chunk",
                "created": 0,
                "model": body["model"],
                "choices": [],
                "usage": usage,
            }
            await response.write(f"data: {json.dumps(chunk)}\n\n".encode())
        await response.write(b"data: [DONE]\n\n")
        if reply.end_delay:
            await asyncio.sleep(reply.end_delay)
        return response

    def close(self) -> None:
        """Stop serving, cancel stalled handlers, and end the thread."""
        self.loop.call_soon_threadsafe(self.closing.set)
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def stream_deltas(reply: Reply) -> list[dict[str, Any]]:
    """The reply cut into chunks: reasoning first, then content, with optional empty chunks."""
    deltas: list[dict[str, Any]] = [{"role": "assistant", "content": ""}]
    for key in ("reasoning_content", "reasoning", "content"):
        text = getattr(reply, key)
        for start in range(0, len(text), reply.chunk_size):
            deltas.append({key: text[start : start + reply.chunk_size]})
            if reply.empty_chunks:
                deltas.append({"content": ""})
    return deltas


def sse(model: str, delta: dict[str, Any], finish: str | None) -> bytes:
    chunk = {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return f"data: {json.dumps(chunk)}\n\n".encode()


def prompt_text(body: dict[str, Any]) -> str:
    """Every message's text, one after another."""
    return "\n".join(
        str(part.get("text", "")) if isinstance(part, dict) else str(part)
        for m in body.get("messages", [])
        for part in _parts(m.get("content"))
    )


def first_legal_answer(body: dict[str, Any], pick: Callable[[list[str]], str] | None = None) -> str:
    """Play the first listed legal move (or the one `pick` chooses), in the answer format the prompt asks for."""
    text = prompt_text(body)
    found = re.search(r"Legal moves: ([^\n]+)", text)
    listed = [move.strip() for move in found.group(1).split(";")] if found else ["1"]
    move = pick(listed) if pick is not None else listed[0]
    return f"I look at the board and pick the first legal move.\nMOVE: {move}"


def _parts(content: Any) -> list[Any]:
    return content if isinstance(content, list) else [content]
