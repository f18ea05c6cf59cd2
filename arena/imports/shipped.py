"""The published logs shipped with the arena (the seeds' MIT, LLM Chess's Apache-2.0; licences and source commits
inside the archive)."""

from __future__ import annotations

import tarfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from tempfile import TemporaryDirectory

ARCHIVE = Path(__file__).with_name("published.tar.xz")
FOLDERS = {"topsakal": "topsakal/outputs", "childplay": "childplay", "llm-chess": "llm_chess/_logs"}
MEMBERS = {"topsakal": "topsakal", "childplay": "childplay", "llm-chess": "llm_chess"}


@contextmanager
def published_folder(paper: str) -> Iterator[Path]:
    """The paper's shipped logs, unpacked into a temporary folder for as long as the block runs."""
    with TemporaryDirectory(prefix="arena-published-") as folder, tarfile.open(ARCHIVE, "r:xz") as archive:
        archive.extractall(
            folder, members=[m for m in archive.getmembers() if m.name.startswith(MEMBERS[paper])], filter="data"
        )
        yield Path(folder) / FOLDERS[paper]
