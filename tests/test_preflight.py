"""The check before play: an endpoint without `/models` plays with a warning; real refusals stay one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fake_llm_server import FakeServer, Reply
from tests.processes import ROOT


@pytest.fixture(scope="module")
def chat_only() -> Iterator[FakeServer]:
    """A server that answers chat completions and 404 on `/models`, as many proxies do."""
    server = FakeServer(models_route=False)
    yield server
    server.close()


def batch(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "arena", "--batch", "--game", "tictactoe", "--games", "1", "--json"]
    return subprocess.run([*command, *args, "--db", str(db)], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_a_chat_server_without_models_plays_with_a_warning(chat_only: FakeServer, tmp_path: Path) -> None:
    model = chat_only.script("proxy", *[Reply(content="MOVE: 2,2")] * 3 + [Reply(content="MOVE: 1,1")] * 3)
    result = batch("--players", f"llm:{model}", "random", "--api-base", chat_only.url, db=tmp_path / "db")
    assert result.returncode == 0, result.stderr
    warning = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warning) == 1 and "has no /models (404)" in warning[0], result.stderr
    assert json.loads(result.stdout)["matches"] == 1 and chat_only.calls("proxy")


def test_no_preflight_skips_the_check_and_a_dead_endpoint_is_then_an_error_not_a_move(tmp_path: Path) -> None:
    dead = "http://127.0.0.1:9/v1"
    refused = batch("--players", "llm:openai/x", "random", "--api-base", dead, db=tmp_path / "a")
    assert refused.returncode == 2 and "is unreachable" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1 and not (tmp_path / "a").exists()
    skipped = batch(
        "--players", "llm:openai/x", "random", "--api-base", dead, "--retries", "0", "--no-preflight", db=tmp_path / "b"
    )  # fmt: skip
    assert skipped.returncode == 1, skipped.stderr  # the match ended as an error: never scored as the model's move
    assert "ended with an error" in skipped.stderr and "Traceback" not in skipped.stderr


def test_a_missing_key_is_still_refused_in_one_line(tmp_path: Path) -> None:
    environment = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    command = [sys.executable, "-m", "arena", "--batch", "--players", "llm:openai/gpt-4o-mini", "random"]
    result = subprocess.run(
        [*command, "--db", str(tmp_path / "db")], capture_output=True, text=True, cwd=ROOT, env=environment
    )
    assert result.returncode == 2 and "OPENAI_API_KEY" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
