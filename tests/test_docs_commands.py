"""Every `arena` command in the README and docs/ runs as written, after the two set-up commands.

Commands are read from the ```bash blocks, in order, one home (`ARENA_HOME`) per document so a later
command sees what an earlier one recorded. With no API key in the environment, a command that names a
hosted model must stop before anything is stored with one line and exit code 2; a `--plain` command
gets `q` on its input (a person stopping) and may end with 1; every other command must succeed.
Commands that open the app are counted, not run: the pilot and tmux tests drive the app.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", ROOT / "prompts" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Lines of a bash block that are not `arena` commands, and who runs them instead.
OTHER_COMMANDS = {
    "python3 -m venv": "set-up command 1, run by .ci/run",
    'CMAKE_ARGS="-DGGML_NATIVE=OFF" .venv/bin/pip install': "set-up command 1, run by .ci/run",
    ".venv/bin/pip install": "set-up command 1, run by .ci/run",
    ".venv/bin/python -m pytest": "set-up command 2, run by .ci/run",
    ".venv/bin/python -m bench.run": "benchmarks: minutes each, run by hand; figures in docs/benchmarks.md",
    "python -m bench.run": "benchmarks: minutes each, run by hand; figures in docs/benchmarks.md",
    "export ": "a provider's key, which tests never have",
    "tmux ": "the terminal checks of docs/tmux-session.md",
}
HOSTED = re.compile(r"llm:(?!local\b)")


@dataclass(frozen=True)
class Command:
    """One `arena` command of a document."""

    line: str
    args: list[str]

    @property
    def opens_app(self) -> bool:
        rest = [a for a in self.args if a != "--db"]
        if not rest:
            return True
        return rest[0] == "quiz" and not {"--plain", "--sessions", "--model"} & set(rest)

    @property
    def plain(self) -> bool:
        return "--plain" in self.args

    def hosted(self, cwd: Path) -> bool:
        """Names a hosted model, in its arguments or in the tournament file it plays."""
        if any(HOSTED.search(a) for a in self.args):
            return True
        files = [cwd / a for a in self.args if a.endswith(".toml") and (cwd / a).is_file()]
        return any(HOSTED.search(f.read_text()) for f in files)


def bash_lines(path: Path) -> list[str]:
    """The lines of a document's ```bash blocks."""
    lines, inside = [], False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            inside = line.strip() == "```bash"
            continue
        if inside and line.strip() and not line.lstrip().startswith("#"):
            lines.append(line.strip())
    return lines


def commands_of(path: Path) -> list[Command]:
    """The `arena` commands of a document; any other line must be one of OTHER_COMMANDS."""
    found = []
    for line in bash_lines(path):
        for part in line.split("&&"):
            words = shlex.split(part, comments=True)
            if words and words[0] in ("arena", ".venv/bin/arena"):
                found.append(Command(part.strip(), words[1:]))
            elif not any(part.strip().startswith(prefix) for prefix in OTHER_COMMANDS):
                raise AssertionError(f"{path.name}: {part.strip()!r} is neither an arena command nor a known kind")
    return found


def test_the_documents_hold_commands() -> None:
    counts = {str(path.relative_to(ROOT)): len(commands_of(path)) for path in DOCUMENTS}
    assert counts["README.md"] >= 6
    assert sum(counts.values()) >= 40


@pytest.mark.parametrize("document", DOCUMENTS, ids=[str(p.relative_to(ROOT)) for p in DOCUMENTS])
def test_every_command_runs_as_written(document: Path, tmp_path: Path) -> None:
    commands = commands_of(document)
    if not commands:
        pytest.skip(f"{document.name} has no arena command")
    cwd = tmp_path / "project"
    cwd.mkdir()
    for folder in ("examples", "prompts"):
        (cwd / folder).symlink_to(ROOT / folder)
    env = {k: v for k, v in os.environ.items() if not k.endswith(("_API_KEY", "_TOKEN"))}
    env.update(ARENA_HOME=str(tmp_path / "home"), COLUMNS="160", NO_COLOR="1")
    for command in commands:
        if command.opens_app:
            continue
        result = subprocess.run(
            [sys.executable, "-m", "arena", *command.args],
            input="q\n" if command.plain else None,
            stdin=None if command.plain else subprocess.DEVNULL,
            capture_output=True,
            text=True,
            cwd=cwd,
            env=env,
            timeout=900,
        )
        said = f"{document.name}: `{command.line}` exited {result.returncode}:\n{result.stderr[-2000:]}"
        assert "Traceback" not in result.stderr, said
        if command.hosted(cwd):
            assert result.returncode == 2, said
            assert len(result.stderr.strip().splitlines()) == 1, said
        elif command.plain:
            assert result.returncode in (0, 1) and result.stdout.strip(), said
        else:
            assert result.returncode == 0, said
