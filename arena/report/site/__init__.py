"""`arena report --html DIR`: the report as a self-contained static site (no server, no network, same bytes
for the same database): leaderboards, results matrices, a page per player and a replay viewer."""

from __future__ import annotations

import gc
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from arena.analysis.combined import COMPONENTS, PROTOCOL
from arena.known_secrets import redact_known
from arena.report.files import replace_folder
from arena.report.load import Report
from arena.report.site.chunks import Made, chunk_numbers, chunks_started
from arena.report.site.data import player_pages, site_data
from arena.report.site.overview import game_file, head_to_head, overview, pairs_file, published_tables
from arena.report.site.texts import safe_json, script_data
from arena.report.tables import GROUPS_APART
from arena.store import MatchStore
from arena.store.atomic import gc_frozen, gc_paused

HERE = Path(__file__).parent
MARKER = "site.json"  # every site folder has it (the report's JSON): a folder without it is never replaced


def write_site(out: Path, report: Report, store: MatchStore) -> list[Path]:
    """Write the site whole or not at all; the paths written."""
    # Pages and frames make millions of containers and next to no cycle: collections triggered by their count took
    # a third of the time on 10,000 matches, walking the whole loaded report each time. One at the end, of the new.
    with gc_frozen():
        with gc_paused():
            written = replace_folder(out, MARKER, lambda folder: _write_site(folder, report, store))
        gc.collect()
    return written


def _write_site(out: Path, report: Report, store: MatchStore) -> list[Path]:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    data = site_data(report)
    data["attempts"] = puzzle_attempts(store) if report.puzzles else []
    pages = player_pages(data)
    files = {page["player"]: page["file"] for page in pages}
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    env.globals.update(pct=_pct, num=_num, mistake_words=mistake_words, components=COMPONENTS, protocol=PROTOCOL,
                       groups_apart=GROUPS_APART)  # fmt: skip
    links = [{"name": g["name"], "file": game_file(g["name"])} for g in data["games"]]
    common = {"games": data["games"], "summary": data["summary"], "files": files, "links": links}
    written: list[Path] = []

    def write(relative: str, text: str) -> None:
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(redact_known(text), encoding="utf-8")
        written.append(path)

    render = env.get_template
    with chunks_started(store, {m["id"] for m in data["matches"]}) as made_chunks:
        write_pages(write, render, data, pages, common)  # while workers, if any, make the replay files
        reasoning = write_replay_data(write, data, store, made_chunks)
    write("index.html", render("index.html").render(root="", view=overview(data, reasoning), **common))
    for asset in sorted((HERE / "static").iterdir()):
        (out / "static").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(asset, out / "static" / asset.name)
        written.append(out / "static" / asset.name)
    write(MARKER, safe_json(data["summary"], indent=1) + "\n")
    return written


def write_pages(
    write: Callable[[str, str], None],
    render: Callable[[str], Any],
    data: dict[str, Any],
    pages: list[dict[str, Any]],
    common: dict[str, Any],
) -> None:
    """The pages that need nothing from the replay files: each game's, its pairs', the players' and the viewer."""
    for game in data["games"]:
        file, pairs = game_file(game["name"]), pairs_file(game["name"])
        write(file, render("game.html").render(root="../", game=game, pairs=pairs, **common))
        write(pairs, render("pairs.html").render(root="../", game=game, file=file, pairs=head_to_head(game), **common))
    if data["summary"].get("published_vs_recomputed"):
        tables = published_tables(data["summary"]["published_vs_recomputed"])
        write("published.html", render("published.html").render(root="", tables=tables, **common))
    if data["summary"].get("puzzles"):
        from arena.puzzles.metrics import BAND_LABELS

        sets, attempts, total = puzzle_view(data["summary"]["puzzles"], data.get("attempts", []))
        write(
            "puzzles.html",
            render("puzzles.html").render(
                root="",
                sets=sets,
                attempts=attempts,
                bands=BAND_LABELS,
                more=total if total > len(attempts) else 0,
                **common,
            ),
        )
    for page in pages:
        write(page["file"], render("player.html").render(root="../", page=page, **common))
    write("replay.html", render("replay.html").render(root="", **common))


def write_replay_data(
    write: Callable[[str, str], None], data: dict[str, Any], store: MatchStore, made_chunks: Iterator[Made]
) -> dict[str, int]:
    """The replay viewer's data files: its index and the matches in chunks; each match's longest reasoning."""
    chunk_of, reasoning = chunk_numbers(store, made_chunks, write)
    index = [{**{k: v for k, v in m.items() if k != "mistakes"}, "chunk": chunk_of.get(m["id"], -1)}
             for m in data["matches"]]  # fmt: skip
    write("data/index.js", script_data("(function (found) { ARENA.index = found; })", index))
    return reasoning


MOST_ATTEMPTS_SHOWN = 5_000  # rows of the attempts table; the rest are in `arena puzzles --sessions --json`


def puzzle_attempts(store: MatchStore) -> list[dict[str, Any]]:
    """Every stored puzzle attempt, with its player, newest session first."""
    from arena.puzzles.session import PUZZLE_TABLES

    shown = []
    for record, attempts in reversed(PUZZLE_TABLES.load(store)):
        for a in attempts:
            moves = " ".join(m.move or f"({(m.raw or '')[:30]!r}: {m.error or 'no move'})" for m in a.moves)
            shown.append({"player": record.player, "puzzle": a.puzzle, "rating": a.rating, "themes": " ".join(a.themes),
                          "ended": a.ended, "found": a.found, "needed": a.needed, "moves": moves})  # fmt: skip
    return shown


def puzzle_view(
    rows: list[dict[str, Any]], attempts: list[dict[str, Any]]
) -> tuple[list[tuple[str, list[dict[str, Any]]]], list[dict[str, Any]], int]:
    """The puzzle rows grouped by set, the attempts shown (the first MOST_ATTEMPTS_SHOWN) and how many there are."""
    sets: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        sets.setdefault(row["puzzle_set"], []).append(row)
    return list(sets.items()), attempts[:MOST_ATTEMPTS_SHOWN], len(attempts)


def mistake_words(counts: dict[str, int]) -> str:
    """One seat's mistakes in a match in words, or "-" for none."""
    words = [
        f"{counts[key]} {word}{'s' if counts[key] > 1 and word != 'invalid' else ''}"
        for key, word in (
            ("invalid", "invalid"),
            ("missed_wins", "missed win"),
            ("missed_blocks", "missed block"),
            ("missed_sinks", "missed sink"),
            ("blunders", "blunder"),
        )
        if counts[key]
    ]
    return ", ".join(words) or "-"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def _num(value: float | None, form: str) -> str:
    return "-" if value is None else form % value
