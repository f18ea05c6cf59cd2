"""Credentials in a model's endpoint never reach the store, an export, a file name or the terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.fake_llm_server import FakeServer
from tests.processes import ROOT

PASSWORD, TOKEN = "pw-SECRET-99", "tok-SECRET-42"


def arena(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def leaks(folder: Path, *outputs: subprocess.CompletedProcess[str]) -> list[str]:
    """Every place under `folder` (contents and names) and every output that holds a secret."""
    found = []
    for path in folder.rglob("*"):
        if path.suffix == ".toml":
            continue  # the user's own tournament file, which the arena only reads
        for secret in (PASSWORD, TOKEN):
            if secret in path.name or (path.is_file() and secret.encode() in path.read_bytes()):
                found.append(str(path.relative_to(folder)))
    for output in outputs:
        found += [
            f"output of {output.args[3:5]}"
            for text in (output.stdout, output.stderr)
            if PASSWORD in text or TOKEN in text
        ]
    return found


@pytest.mark.slow  # drives every command and export
def test_no_secret_in_the_store_exports_file_names_or_output(fake_llm: FakeServer, tmp_path: Path) -> None:
    base = f"http://alice:{PASSWORD}@127.0.0.1:{fake_llm.port}/v1?api_key={TOKEN}"
    spec = f"llm:openai/first-legal;api_base={base}"
    db = str(tmp_path / "db")
    batch = arena("--batch", "--players", spec, "random", "--games", "2", "--db", db)
    assert batch.returncode == 0, batch.stderr
    assert "error" not in batch.stderr.lower()  # the calls went through: the secrets were only hidden
    replay = arena("--batch", "--players", spec, "random", "--games", "2", "--db", str(tmp_path / "again"), "--replay")
    (tmp_path / "t.toml").write_text(
        f'game = "tictactoe"\nmatches_per_pair = 1\n[[players]]\nspec = "llm:openai/first-legal"\n'
        f'api_base = "{base}"\n[[players]]\nspec = "random"\n'
    )
    tournament = arena("tournament", str(tmp_path / "t.toml"), "--db", db)
    assert tournament.returncode == 0, tournament.stderr
    report = arena("report", "--db", db, "--out", str(tmp_path / "report"))
    as_json = arena("report", "--db", db, "--json")
    show = arena("show", "--db", db)
    assert report.returncode == 0 and as_json.returncode == 0, report.stderr
    unreachable = f"http://alice:{PASSWORD}@127.0.0.1:9/v1?api_key={TOKEN}"
    failing = arena(
        "--batch", "--players", f"llm:openai/x;api_base={unreachable}", "random", "--db", str(tmp_path / "f")
    )
    assert failing.returncode == 2 and len(failing.stderr.strip().splitlines()) == 1, failing.stderr
    assert "unreachable" in failing.stderr and "hidden-" in failing.stderr
    assert leaks(tmp_path, batch, replay, tournament, report, as_json, show, failing) == []
    assert "hidden-" in as_json.stdout  # the endpoint is still told apart, by a digest of its secrets
