"""A provider that echoes the key it was sent, in any form, leaves it in no file the arena writes and on no screen.

The fake server streams the Authorization header it received back inside the model's reasoning and answer, four
characters a chunk (so the key is split across chunks), as sent and upper-cased. Both transports; the key from
`OPENAI_API_KEY` (a Bearer header) and a user:password in the endpoint (a Basic header, base64) with a token in
the address's fragment.
"""

from __future__ import annotations

import asyncio
import base64
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.known_secrets import REDACTED, StreamRedactor, redact_known, remember
from arena.llm.client import complete
from arena.llm.secrets import hide_url
from arena.llm.settings import ModelSettings, checked_url, redact_url
from tests.fake_llm_server import FakeServer
from tests.processes import ROOT

KEY = "sk-echo-test-0123456789abcdefXYZ"
PASSWORD = "pw-Echo-Secret-77"
FRAGMENT = "frag-Token-31415926"
BASIC = base64.b64encode(f"alice:{PASSWORD}".encode()).decode()


def forms(secret: str) -> list[str]:
    """The ways a secret may come back: as given, upper- and lower-cased, and its base64 without padding."""
    return [secret, secret.upper(), secret.lower(), secret.rstrip("=")]


FORBIDDEN = [form for secret in (KEY, PASSWORD, FRAGMENT, BASIC) for form in forms(secret)]


def found_in(text: str) -> list[str]:
    return [form for form in FORBIDDEN if form in text]


def test_a_key_split_anywhere_across_pieces_never_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    said = f"header Bearer {KEY} and loud {KEY.upper()} then MOVE: 1,1"
    for cut in range(1, len(said)):
        for step in (1, 3, cut):
            redactor = StreamRedactor()
            pieces = [said[:cut], *(said[i : i + step] for i in range(cut, len(said), step))]
            shown = "".join(redactor.feed(piece) for piece in pieces) + redactor.flush()
            assert found_in(shown) == [] and shown.count(REDACTED) == 2, (cut, step, shown)
            assert shown.startswith("header Bearer ") and shown.endswith(" then MOVE: 1,1")
    untouched = StreamRedactor()
    assert untouched.feed("sk-echo") + untouched.feed("-other text") + untouched.flush() == "sk-echo-other text"


def test_a_basic_header_and_a_fragment_of_the_endpoint_are_known_and_never_recorded() -> None:
    url = f"http://alice:{PASSWORD}@127.0.0.1:9/v1#token={FRAGMENT}"
    checked_url(url)
    assert found_in(redact_known(f"Basic {BASIC} / {BASIC.lower()} / token={FRAGMENT.upper()}")) == []
    assert found_in(redact_url(url)) == [] and found_in(hide_url(url)) == []
    remember("short")  # too short to hunt down in free text: left alone
    assert redact_known("a short word") == "a short word"


@pytest.mark.parametrize("transport", ["direct", "litellm"])
def test_what_streams_to_the_screen_holds_no_echoed_key(
    fake_llm: FakeServer, monkeypatch: pytest.MonkeyPatch, transport: str
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    settings = ModelSettings(model="openai/echo-auth", api_base=fake_llm.url, transport=transport, chunk_timeout=30)
    shown: dict[str, str] = {"reasoning": "", "answer": ""}

    async def on_delta(kind: str, text: str) -> None:
        shown[kind] += text

    async def on_retry(reason: str, wait: float) -> None:
        raise AssertionError(reason)

    completion = asyncio.run(complete(settings, [{"role": "user", "content": "Legal moves: 1,1"}], on_delta, on_retry))
    assert "Bearer REDACTED" in completion.content and "BEARER REDACTED" in completion.content  # echoed, then hidden
    for text in (shown["reasoning"], shown["answer"], completion.content, completion.reasoning):
        assert found_in(text) == [] and REDACTED in text, text
    assert shown["answer"] == completion.content and completion.content.endswith("MOVE: 1,1")


def arena(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600
    )


@pytest.mark.slow  # every command that stores, exports or shows a reply, on both transports and both headers
@pytest.mark.parametrize("transport", ["direct", "litellm"])
@pytest.mark.parametrize("credential", ["environment key", "user:password and fragment"])
def test_an_echoed_key_reaches_no_file_and_no_output(
    fake_llm: FakeServer, tmp_path: Path, transport: str, credential: str
) -> None:
    env = {**os.environ, "OPENAI_API_KEY": KEY}
    base = fake_llm.url
    if credential != "environment key":
        base = base.replace("http://", f"http://alice:{PASSWORD}@") + f"#token={FRAGMENT}"
    spec = "llm:openai/echo-auth" + (";transport=litellm" if transport == "litellm" else "")
    db = str(tmp_path / "db")
    outputs = [
        arena("--batch", "--players", spec, "random", "--games", "2", "--api-base", base, "--db", db, env=env),
        arena("quiz", "--model", spec, "--api-base", base, "--db", db, env=env),
    ]
    assert all(ran.returncode == 0 for ran in outputs), [ran.stderr[-600:] for ran in outputs]
    outputs += [
        arena("report", "--db", db, "--out", str(tmp_path / "out"), env=env),
        arena("report", "--db", db, "--html", str(tmp_path / "site"), env=env),
        arena("report", "--db", db, "--json", env=env),
        arena("show", "--db", db, env=env),
        arena("quiz", "--sessions", "--db", db, env=env),
    ]
    assert all(ran.returncode == 0 for ran in outputs), [ran.stderr[-600:] for ran in outputs]
    written = [path for path in tmp_path.rglob("*") if path.is_file()]
    assert any(path.name.startswith("llm_calls") for path in written)  # the replies were stored: they were read
    echoed = [path for path in written if b"You sent" in path.read_bytes()]
    assert {p.parent.name for p in echoed} >= {"db", "data"}  # the store and the web report's replay data
    leaks = [f"{path.relative_to(tmp_path)}: {found_in(path.read_text(errors='replace'))}" for path in written]
    assert [leak for leak in leaks if not leak.endswith(": []")] == []
    for ran in outputs:
        assert found_in(ran.stdout + ran.stderr) == [], ran.args
