"""The published logs shipped with the arena (the seeds' MIT, LLM Chess's Apache-2.0; licences and source commits
inside the archive)."""

from __future__ import annotations

import os
import shutil
import tarfile
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from tempfile import TemporaryDirectory

from arena.paths import alive

ARCHIVE = Path(__file__).with_name("published.tar.xz")
FOLDERS = {"topsakal": "topsakal/outputs", "childplay": "childplay", "llm-chess": "llm_chess/_logs"}
MEMBERS = {"topsakal": "topsakal", "childplay": "childplay", "llm-chess": "llm_chess"}


PREFIX = "arena-published-"
OLD_LEFTOVER_HOURS = 6  # an unpacked folder named without its process (before release 5) is surely abandoned by then


@contextmanager
def published_folder(paper: str) -> Iterator[Path]:
    """The paper's shipped logs, unpacked into a temporary folder for as long as the block runs (named with this
    process's id, so a later import removes it if this one is killed)."""
    clear_leftovers(Path(tempfile.gettempdir()))
    with TemporaryDirectory(prefix=f"{PREFIX}{os.getpid()}-") as folder, tarfile.open(ARCHIVE, "r:xz") as archive:
        archive.extractall(
            folder, members=[m for m in archive.getmembers() if m.name.startswith(MEMBERS[paper])], filter="data"
        )
        yield Path(folder) / FOLDERS[paper]


def clear_leftovers(temporary: Path) -> list[Path]:
    """Remove the unpacked folders of imports that were killed (their process is gone); returns what went."""
    removed = []
    for folder in temporary.glob(f"{PREFIX}*"):
        pid = folder.name.removeprefix(PREFIX).partition("-")[0]
        try:
            if pid.isdigit():
                abandoned = not alive(int(pid))
            else:
                abandoned = time.time() - folder.stat().st_mtime > OLD_LEFTOVER_HOURS * 3600
        except OSError:
            continue
        if abandoned and folder.is_dir() and not folder.is_symlink():
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed
