"""Every `arena` command in the README and docs/ runs as written, and the outputs shown beside them are true.

Commands are read from the ```bash blocks, in order, one home (`ARENA_HOME`) per document so a later
command sees what an earlier one recorded. With no API key in the environment, a command that names a
hosted model must stop before anything is stored with one line and exit code 2; a `--plain` command
gets `q` on its input (a person stopping) and ends with 0; every other command must succeed.
Commands that open the app are counted, not run: the pilot and tmux tests drive the app.

An output block right after a ```bash block (```text, or a bare ```) shows what that block's last command
prints, and is checked: every line shown must appear, in order, in what the command printed, after both
are normalised (runs of spaces, times in seconds, dates, ids, the `s/move` column). A line
`...` stands for lines left out. A block whose fence says `text sample` shows a run that cannot be
repeated exactly (a model's replies, a person's answers, timings) and is not checked.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
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
    """One `arena` command of a document, with the output shown after its block if it is that block's last."""

    line: str
    args: list[str]
    shown: tuple[str, ...] | None = None  # the lines of the output block after it, when it is checked

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


@dataclass
class Block:
    """A fenced block of a document: its info string (`bash`, `text sample`, empty) and its lines."""

    info: str
    lines: list[str]
    follows_block: bool  # nothing but blank lines between the previous block and this one


def blocks_of(path: Path) -> list[Block]:
    """The fenced blocks of a document, in order."""
    found: list[Block] = []
    current: Block | None = None
    gap_is_blank = False
    for line in path.read_text().splitlines():
        if current is None and line.startswith("```"):
            current = Block(line[3:].strip(), [], bool(found) and gap_is_blank)
        elif current is not None and line.strip() == "```":
            found.append(current)
            current, gap_is_blank = None, True
        elif current is not None:
            current.lines.append(line)
        elif line.strip():
            gap_is_blank = False
    return found


def commands_in(block: Block) -> list[str]:
    """The non-comment lines of a bash block."""
    return [line.strip() for line in block.lines if line.strip() and not line.lstrip().startswith("#")]


def commands_of(path: Path) -> list[Command]:
    """The `arena` commands of a document; any other line must be one of OTHER_COMMANDS."""
    found: list[Command] = []
    blocks = blocks_of(path)
    for number, block in enumerate(blocks):
        if block.info != "bash":
            continue
        before = len(found)
        for line in commands_in(block):
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words and words[0] in ("arena", ".venv/bin/arena"):
                    found.append(Command(part.strip(), words[1:]))
                elif not any(part.strip().startswith(prefix) for prefix in OTHER_COMMANDS):
                    raise AssertionError(f"{path.name}: {part.strip()!r} is neither an arena command nor a known kind")
        after = blocks[number + 1] if number + 1 < len(blocks) else None
        if after is not None and after.follows_block and after.info in ("", "text") and len(found) > before:
            found[-1] = Command(found[-1].line, found[-1].args, tuple(after.lines))
    return found


SECONDS = re.compile(r"\b\d+(?:\.\d+)?(?: ?s\b| secs?\b)")
IDS = re.compile(r"\b[0-9a-f]{12}(?:[0-9a-f]{20})?\b")
MOMENTS = re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d|Z)?")


def is_rule(line: str) -> bool:
    """A table's ruled line: box-drawing characters and spaces only (its width follows the data)."""
    return all(c == " " or "\u2500" <= c <= "\u257f" for c in line)


def normal(line: str) -> str:
    """A line as compared: one space between words; times and ids written alike."""
    line = IDS.sub("<id>", SECONDS.sub("<n> s", MOMENTS.sub("<when>", line)))
    return " ".join(line.split())


def without_seconds_column(lines: list[str]) -> list[str]:
    """Table rows under a header that ends in `s/move`, without that last column (times vary)."""
    kept, inside = [], False
    for line in lines:
        if line.endswith("s/move"):
            inside, line = True, line.removesuffix("s/move").rstrip()
        elif inside and line and not is_rule(line):
            words = line.split(" ")
            if len(words) > 1 and re.fullmatch(r"[\d.]+", words[-1]):
                line = " ".join(words[:-1])
        elif not line:
            inside = False
        kept.append(line)
    return kept


def first_line_not_shown(shown: tuple[str, ...], printed: str) -> str | None:
    """None if every shown line is printed, in order (`...` skips lines); else the first that is not."""
    expected = [line for line in without_seconds_column([normal(line) for line in shown]) if not is_rule(line)]
    actual = [normal(line) for line in printed.splitlines()]
    actual = [line for line in without_seconds_column(actual) if not is_rule(line)]
    position, free = 0, True  # free: the next shown line may come after a gap
    for line in expected:
        if line == "...":
            free = True
        elif free:
            if line not in actual[position:]:
                return line
            position, free = actual.index(line, position) + 1, False
        else:
            if position >= len(actual) or actual[position] != line:
                return line
            position += 1
    return None


def test_a_stale_output_is_found() -> None:
    printed = "title t-0123456789ab\n\n a   b  s/move\n ─────\n x   1   0.25\n y   2   9.00\n\n"
    printed += "in 3.2 s, recorded to saves/arena\n"
    assert first_line_not_shown(("a b s/move", "x 1 0.00", "y 2 0.01"), printed) is None
    gap = ("title t-ffffffffffff", "...", "in 1.0 s, recorded to saves/arena")
    assert first_line_not_shown(gap, printed) is None
    assert first_line_not_shown(("a b s/move", "x 1 0.00", "y 3 0.00"), printed) == "y 3"
    assert first_line_not_shown(("y 2", "x 1"), printed) == "x 1"  # order matters
    assert (
        first_line_not_shown(("x 1", "in 3.2 s, recorded to elsewhere"), printed) == "in <n> s, recorded to elsewhere"
    )


def test_the_documents_hold_commands() -> None:
    counts = {str(path.relative_to(ROOT)): len(commands_of(path)) for path in DOCUMENTS}
    assert counts["README.md"] >= 6
    assert sum(counts.values()) >= 40


@pytest.mark.slow
@pytest.mark.parametrize("document", DOCUMENTS, ids=[str(p.relative_to(ROOT)) for p in DOCUMENTS])
def test_every_command_runs_as_written(document: Path, tmp_path: Path) -> None:
    commands = commands_of(document)
    if not commands:
        pytest.skip(f"{document.name} has no arena command")
    cwd = tmp_path / "project"
    cwd.mkdir()
    for name in ("examples", "prompts", "pyproject.toml"):  # the project's folder, as after the set-up commands
        (cwd / name).symlink_to(ROOT / name)
    env = {k: v for k, v in os.environ.items() if not k.endswith(("_API_KEY", "_TOKEN")) and k != "ARENA_HOME"}
    env.update(COLUMNS="160", NO_COLOR="1")  # the database is saves/arena in this folder, as the documents say
    stale: list[str] = []
    for command in commands:
        if command.opens_app:
            continue
        started = time.monotonic()
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
            assert result.returncode == 0 and result.stdout.strip(), said
        else:
            assert result.returncode == 0, said
        print(f"{time.monotonic() - started:7.1f} s  {command.line}")  # the doc's cost, for docs/testing.md
        if command.shown is not None:
            missing = first_line_not_shown(command.shown, result.stdout + result.stderr)
            if missing is not None:
                stale.append(f"`{command.line}` no longer prints {missing!r}; it printed:\n{result.stdout}")
    assert not stale, f"{document.name}: shown output went stale:\n" + "\n".join(stale)
