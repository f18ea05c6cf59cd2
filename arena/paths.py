"""Where the arena keeps its files when the user names no place: one documented rule, never by chance.

1. `$ARENA_HOME`, if set: the database is the folder `$ARENA_HOME/arena`.
2. Run from the arena's own project folder (a `pyproject.toml` naming the `arena` project): `saves/arena` there.
3. Anywhere else: the user's data folder (`platformdirs`), e.g. `~/.local/share/arena/arena` on Linux.
An old single-file database beside it (`arena.json`) is moved into the folder on first use.
Logs of the local model server go to the user's cache folder and are removed when the server stops.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

PROJECT_NAME = re.compile(r'^name\s*=\s*"arena"\s*$', re.MULTILINE)


def project_root(folder: Path) -> bool:
    """True if `folder` holds the arena project's own pyproject.toml."""
    try:
        return bool(PROJECT_NAME.search((folder / "pyproject.toml").read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return False


def default_db() -> Path:
    """The database used when no --db is given."""
    home = os.environ.get("ARENA_HOME")
    if home:
        return Path(home) / "arena"
    here = Path.cwd()
    if project_root(here):
        return Path("saves") / "arena"
    import platformdirs  # only here: the two cases above are the common ones

    return platformdirs.user_data_path("arena") / "arena"


def log_folder() -> Path:
    """Where a local model server writes its log."""
    import platformdirs

    folder = platformdirs.user_cache_path("arena")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


MAX_SETTINGS_BYTES = 1_000_000  # a tournament or prompt file is a few KB: anything past this is not one


def read_small_file(path: Path) -> bytes:
    """A settings file's bytes, read with a bound (`/dev/zero` or a huge file is refused, not read forever).

    OSError as the file system says; ValueError for a file over MAX_SETTINGS_BYTES.
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a pipe would block an open() until a writer came
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise ValueError(f"{path} is not a regular file (a pipe, device, socket or folder)")
    with os.fdopen(descriptor, "rb") as handle:
        data = handle.read(MAX_SETTINGS_BYTES + 1)
    if len(data) > MAX_SETTINGS_BYTES:
        raise ValueError(f"{path} is over {MAX_SETTINGS_BYTES:,} bytes: not a settings file")
    return data


def alive(pid: int) -> bool:
    """Whether a process with this id runs (one of another user counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
