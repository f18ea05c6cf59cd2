"""The Leaderboard's `w`: the web report of what the screen shows, written beside the database."""

from __future__ import annotations

from pathlib import Path

from arena.report.load import load_report
from arena.report.site import write_site
from arena.store import MatchStore


def site_folder(store: MatchStore) -> Path:
    """Beside the database's folder, never inside it (the store keeps only its own files)."""
    return store.folder.parent / f"{store.folder.name}-site"


def write_web_report(store: MatchStore, tournament: str | None, family: str | None, source: str | None) -> Path:
    """Write the site of every game under these filters; the page to open."""
    report = load_report(store, None, tournament, family, source=source)
    folder = site_folder(store)
    write_site(folder, report, store)
    return folder / "index.html"


def web_report_words(store: MatchStore, tournament: str | None, family: str | None, source: str | None) -> str:
    """Write the site and say where it is, or say in one line why it cannot be written."""
    try:
        return f"web page written: open {write_web_report(store, tournament, family, source)} in a browser"
    except (OSError, ValueError) as error:
        return f"cannot write the web page: {error}"
