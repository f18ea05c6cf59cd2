"""A key a provider echoes back is never stored, printed or exported (both transports, every place it could hide)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.known_secrets import REDACTED
from arena.llm.redaction import redact
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import ROOT

KEY = "sk-arena-test-0123456789abcdef"
CODE = "c0d3c0d3c0d3"
ECHO = (
    f"Incorrect API key provided: Bearer {KEY}. See https://proxy.invalid/v1/{KEY}/chat?code={CODE}#token={CODE} "
    f"or api_key: '{CODE}'"
)


def test_every_form_of_an_echoed_key_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    shown = redact(ECHO)
    assert KEY not in shown and CODE not in shown and shown.count(REDACTED) >= 5
    assert shown.startswith("Incorrect API key provided: Bearer REDACTED.")
    assert redact("status_code=401, error code: 401; keyboard") == "status_code=401, error code: 401; keyboard"


@pytest.mark.parametrize("transport", ["direct", "litellm"])
def test_a_401_that_echoes_the_key_leaves_no_trace(fake_llm: FakeServer, tmp_path: Path, transport: str) -> None:
    model = fake_llm.script(f"echo-{transport}", Reply(status=401, content=ECHO))
    spec = f"llm:{model}" + (";transport=litellm" if transport == "litellm" else "")
    db, out = tmp_path / "db", tmp_path / "out"
    environment = {**os.environ, "OPENAI_API_KEY": KEY}
    command = [sys.executable, "-m", "arena"]
    batch = subprocess.run(
        [*command, "--batch", "--players", spec, "random", "--api-base", fake_llm.url, "--retries", "0",
         "--db", str(db)], capture_output=True, text=True, cwd=ROOT, env=environment,
    )  # fmt: skip
    assert batch.returncode == 1, batch.stderr  # the provider's failure: an error, never the model's move
    report = subprocess.run([*command, "report", "--out", str(out), "--db", str(db)], capture_output=True,
                            text=True, cwd=ROOT, env=environment)  # fmt: skip
    shown = subprocess.run(
        [*command, "show", "--db", str(db)], capture_output=True, text=True, cwd=ROOT, env=environment
    )
    files = [p.read_bytes() for folder in (db, out) for p in folder.rglob("*") if p.is_file()]
    for text in (batch.stdout + batch.stderr, report.stdout + report.stderr, shown.stdout + shown.stderr):
        assert KEY not in text and CODE not in text, text
    assert all(KEY.encode() not in data and CODE.encode() not in data for data in files)
    assert REDACTED in batch.stderr and "Incorrect API key" in batch.stderr
