"""The README is the front door: short, every link resolving to a file and a heading that exists, and no claim
that the data it points to contradicts."""

from __future__ import annotations

import re
from pathlib import Path

from arena.store import MatchStore
from tests.processes import ROOT, run_arena

README = ROOT / "README.md"
LINK = re.compile(r"\]\(([^)#\s]+)?(?:#([^)\s]+))?\)")


def anchors(document: Path) -> set[str]:
    """GitHub's anchors of a Markdown file's headings."""
    found = set()
    for line in document.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


def test_the_readme_is_short_and_every_link_resolves() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    links = LINK.findall(text)
    assert len(links) > 15
    for target, anchor in links:
        if target.startswith("http"):
            continue
        path = (README.parent / target) if target else README
        assert path.exists(), target
        if anchor and path.suffix == ".md":
            assert anchor in anchors(path), f"{target}#{anchor}"
    for document in sorted((ROOT / "docs").glob("*.md")):  # the guides link to each other the same way
        for target, anchor in LINK.findall(document.read_text(encoding="utf-8")):
            if target.startswith("http") or (not target.endswith(".md") and not anchor):
                continue
            path = (document.parent / target) if target else document
            assert path.exists(), f"{document.name}: {target}"
            if anchor and path.suffix == ".md":
                assert anchor in anchors(path), f"{document.name}: {target}#{anchor}"


def test_what_the_readme_says_of_gpt_5_1_chat_is_what_its_games_show(tmp_path: Path) -> None:
    """Its 12 games are all 200-ply draws: no sentence may say it wins them."""
    imported = run_arena("import", "--no-analyse", "llm-chess", "--published", "--db", str(tmp_path / "db"))
    assert imported.returncode == 0, imported.stderr
    with MatchStore(tmp_path / "db") as store:  # the records themselves: no grading needed to count results
        games = [r for r in store.matches() if any("gpt-5.1-chat" in p.spec for p in r.players)]
    assert len(games) == 12 and all(r.players[0].spec == "random" for r in games)
    assert all(r.outcome.termination == "draw" and len(r.moves) == 200 for r in games)
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert "gpt-5.1-chat wins" not in text and "all 200-ply draws (0-12-0" in text
    docs = " ".join((ROOT / "docs" / "published-logs.md").read_text(encoding="utf-8").split())
    assert "Connect-Four 50-81% against 28-43%" in docs and "50-82%" not in docs
    harness = " ".join((ROOT / "docs" / "harness.md").read_text(encoding="utf-8").split())
    assert "does not hold: it did so on none of 20 seeds at 210" in harness


def test_the_adaptive_pairing_claims_are_the_benchmarks_twenty_seeds() -> None:
    """README and harness.md say what bench/adaptive.py's table over 20 seeds shows, and no more."""
    table = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    rows = [
        "| 120 | round robin | 120 | 12 of 20 | 0 of 20 |",
        "| 120 | adaptive | 120 | 19 of 20 | 0 of 20 |",
        "| 210 | adaptive | 210 | 19 of 20 | 0 of 20 |",
        "| 300 | adaptive | 286 | 20 of 20 | 6 of 20 |",
        "| 450 | round robin | 450 | 20 of 20 | 1 of 20 |",
        "| 450 | adaptive | 334 | 20 of 20 | 18 of 20 |",
    ]
    assert all(row in table for row in rows)
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert "it found the full order of a six-player ladder on 19 seeds, the round robin on 12" in text
    assert "it separated every adjacent pair on 18 seeds, the round robin on 1" in text
    harness = " ".join((ROOT / "docs" / "harness.md").read_text(encoding="utf-8").split())
    assert "on 19 seeds of 20; the round robin did so on 12" in harness and "on 18 within 450" in harness
