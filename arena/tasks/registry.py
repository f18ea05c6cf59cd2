"""Task names and the prompts that ask their items (versioned and hashed like the game prompt families)."""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from games.tasks.base import Item, Task
from games.tasks.gts import GtSTask
from games.tasks.lcl import LCLConstructTask, LCLValidityTask
from games.tasks.shapes import ShapesTask

TASK_NAMES = ("shapes", "lcl-validity", "lcl-construct", "gts")
PROMPT_FILE = Path(__file__).resolve().parent.parent.parent / "prompts" / "tasks" / "childplay.toml"


def make_task(name: str, options: dict[str, Any] | None = None) -> Task:
    """A task by name; ValueError names the choices."""
    options = options or {}
    if name == "shapes":
        return ShapesTask()
    if name == "lcl-validity":
        return LCLValidityTask()
    if name == "lcl-construct":
        return LCLConstructTask(int(options.get("bricks", 3)))
    if name == "gts":
        return GtSTask(bool(options.get("generated", False)))
    raise ValueError(f"unknown task {name!r} (choose from {', '.join(TASK_NAMES)})")


@dataclass(frozen=True)
class TaskPrompts:
    """The task prompt file: its texts, version and SHA-256."""

    name: str
    version: int
    sha256: str
    texts: dict[str, str]

    def messages(self, task: str, item: Item) -> list[dict[str, Any]]:
        """The one user message that asks an item."""
        options = ", ".join(item.data.get("options", ()))
        return [{"role": "user", "content": self.texts[task].format(content=item.shown, options=options)}]


@cache
def task_prompts() -> TaskPrompts:
    """The shipped task prompts."""
    raw = PROMPT_FILE.read_bytes()
    data = tomllib.loads(raw.decode("utf-8"))
    return TaskPrompts(str(data["family"]), int(data["version"]), hashlib.sha256(raw).hexdigest(), dict(data["prompt"]))
