"""A report as files: CSV and JSON tables, one transcript per match, charts and pictures of task answers."""

from __future__ import annotations

import csv
import glob
import hashlib
import json
import math
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from arena.analysis.leaderboard import OUTCOMES
from arena.analysis.moves import MOVE_FIELDS
from arena.inert import inert, spreadsheet_cell
from arena.known_secrets import redact_known
from arena.paths import alive
from arena.report.load import Report, report_json
from arena.sessions.records import TaskAnswerRecord
from arena.store import MatchStore
from arena.tasks.metrics import session_summary as task_summary


def safe_name(text: str) -> str:
    """A player or game name as a file name."""
    kept = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in text)
    return "-".join(part for part in kept.split("-") if part)[:80] or "player"


def unique_name(text: str) -> str:
    """A readable file name that two different names never share (the short hash tells `a:b` from `a/b`)."""
    return f"{safe_name(text)[:60]}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


MARKER = "leaderboard.json"  # every report folder has it: a folder without it is never replaced


def write_report(out: Path, report: Report, store: MatchStore) -> list[Path]:
    """Write a report folder whole or not at all (see `replace_folder`)."""
    return replace_folder(out, MARKER, lambda folder: _write_files(folder, report, store))


def replace_folder(out: Path, marker: str, write: Callable[[Path], list[Path]]) -> list[Path]:
    """Write a folder whole or not at all: into a temporary folder beside it, then renamed into place.

    A failure leaves the previous folder (or nothing); ValueError if `out` holds something without `marker`.
    """
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / marker).is_file())):
        raise ValueError(f"{out} exists and is not a report folder (no {marker}): choose a new folder")
    out.parent.mkdir(parents=True, exist_ok=True)
    clear_leftovers(out)
    partial = out.parent / f".{out.name}.partial-{os.getpid()}"
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    shutil.rmtree(partial, ignore_errors=True)
    try:
        written = write(partial)
        if out.exists():
            out.rename(old)
        partial.rename(out)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        if old.exists() and not out.exists():
            old.rename(out)
        raise
    shutil.rmtree(old, ignore_errors=True)
    return [out / path.relative_to(partial) for path in written]


def clear_leftovers(out: Path) -> None:
    """Remove the temporary folders of writers of `out` that died (kill -9); a folder a dead writer had moved
    aside while `out` is missing is put back first."""
    for leftover in out.parent.glob(f".{glob.escape(out.name)}.*-*"):
        kind, _, pid = leftover.name.rpartition("-")
        if not pid.isdigit() or not kind.endswith((".partial", ".old")) or alive(int(pid)):
            continue
        if kind.endswith(".old") and not out.exists():
            leftover.rename(out)
        else:
            shutil.rmtree(leftover, ignore_errors=True)


def _write_files(out: Path, report: Report, store: MatchStore) -> list[Path]:
    """Every file of a report: CSV and JSON tables, one transcript per match, and the charts."""
    from arena.analysis import charts
    from arena.analysis.cost_chart import cost_chart, priced_groups
    from arena.analysis.transcript import transcript
    from arena.report.pgn import match_pgn

    out.mkdir()
    written = []
    data = report_json(report)
    (out / "leaderboard.json").write_text(
        redact_known(json.dumps(data, indent=2, allow_nan=False)) + "\n", encoding="utf-8"
    )
    written.append(out / "leaderboard.json")
    written.append(write_csv(out / "leaderboard.csv", leaderboard_rows(report)))
    written.append(write_csv(out / "matrix.csv", matrix_rows(report)))
    written.append(write_csv(out / "matches.csv", match_rows(report)))
    written.append(write_csv(out / "moves.csv", move_rows(report)))
    transcripts = out / "transcripts"
    transcripts.mkdir(exist_ok=True)
    wanted = {a.id: a for a in report.analyses}
    games: list[str] = []
    for document in store.documents():
        if document.get("id") in wanted and (record := store.validated(document)) is not None:
            path = transcripts / f"{safe_name(record.id)}.txt"
            path.write_text(inert(transcript(record, prompts=True)) + "\n", encoding="utf-8")
            written.append(path)
            if record.game == "chess":
                games.append(match_pgn(record, wanted[record.id]))
    if games:  # one PGN database of every chess match, graded moves annotated
        (out / "chess.pgn").write_text(inert("\n\n".join(games)) + "\n", encoding="utf-8")  # names from logs
        written.append(out / "chess.pgn")
    written += write_task_files(out, report)
    for board in report.boards:
        game = safe_name(board.game)
        written.append(charts.results_by_seat(board, out / f"{game}-results-by-seat.png"))
        written.append(charts.ratings(board, out / f"{game}-ratings.png"))
        written.append(charts.missed(board, out / f"{game}-missed.png"))
        spending = data["games"][board.game]["cost_strength"]
        if priced_groups(spending):
            written.append(cost_chart(board.game, spending, out / f"{game}-cost-vs-rating.png"))
        for player in board.players():
            path = out / f"{game}-heatmap-{unique_name(player)}.png"
            written.append(charts.heatmap(report.analyses, board.game, player, path))
    return written


def write_task_files(out: Path, report: Report) -> list[Path]:
    """Task sessions (one row each), every task answer, the combined score, and a picture per construct answered."""
    from arena.report.pictures import construct_png
    from games.tasks.lcl import parse

    written = []
    if report.sessions:
        rows = [{k: v for k, v in task_summary(s).items() if not isinstance(v, dict)} for s in report.sessions]
        written.append(write_csv(out / "tasks.csv", rows))
        answers = [
            {"session": s.record.id, "task": s.record.task, "player": s.record.player,
             "temperature": s.record.temperature, **answer_row(a)}
            for s in report.sessions
            for a in s.answers
        ]  # fmt: skip
        written.append(write_csv(out / "task-answers.csv", answers))
        pictures = out / "constructs"
        for session in report.sessions:
            if session.record.task != "lcl-construct":
                continue
            pictures.mkdir(exist_ok=True)
            for answer in session.answers:
                if answer.read:
                    path = pictures / f"{session.record.id}-{answer.number:03d}.png"
                    path.write_bytes(construct_png(parse(answer.read)))
                    written.append(path)
    if report.combined:
        written.append(write_csv(out / "combined.csv", [row.as_dict() for row in report.combined]))
    return written


def answer_row(answer: TaskAnswerRecord) -> dict[str, Any]:
    """One task answer for the CSV."""
    return {
        "number": answer.number,
        "truth": answer.truth,
        "read": answer.read,
        "readable": answer.readable,
        "correct": answer.correct,
        "reason": answer.reason,
        "similarity": answer.scores.get("similarity"),
        "distance": answer.scores.get("distance"),
        "seconds": answer.seconds,
        "raw": answer.raw,
    }


def write_csv(path: Path, rows: list[dict[str, Any]]) -> Path:
    """Rows of one table as CSV, headed by the union of their fields in first-seen order (rows may differ)."""
    fields = list(dict.fromkeys(key for row in rows for key in row))
    with open(path, "w", newline="", encoding="utf-8") as handle:
        if rows:
            writer = csv.DictWriter(handle, fieldnames=fields, restval="")
            writer.writeheader()
            writer.writerows({key: spreadsheet_cell(value) for key, value in row.items()} for row in rows)
    return path


def leaderboard_rows(report: Report) -> list[dict[str, Any]]:
    """One CSV row per player and game, with the seat rates flattened."""
    rows = []
    for board in report.boards:
        for row in board.rows:
            values = row.as_dict()
            flat: dict[str, Any] = {"game": board.game}
            for key, value in values.items():
                if key in ("as_first", "as_second"):
                    for outcome in OUTCOMES:
                        flat[f"{key}_{outcome}_rate"] = _csv_number(value[outcome]["rate"])
                        flat[f"{key}_{outcome}_low"] = _csv_number(value[outcome]["low"])
                        flat[f"{key}_{outcome}_high"] = _csv_number(value[outcome]["high"])
                elif key == "invalid_by_kind":
                    flat.update({f"invalid_{kind}": count for kind, count in value.items()})
                else:
                    flat[key] = value
            rows.append(flat)
    return rows


def _csv_number(value: float) -> float | str:
    return "" if value is None or math.isnan(value) else round(value, 4)


def matrix_rows(report: Report) -> list[dict[str, Any]]:
    """One CSV row per game and ordered pair that met."""
    return [{"game": board.game, **row} for board in report.boards for row in board.matrix_rows()]


def match_rows(report: Report) -> list[dict[str, Any]]:
    """One CSV row per match."""
    rows = []
    for a in report.analyses:
        rows.append(
            {
                "match": a.id,
                "game": a.game,
                "tournament": a.tournament or "",
                "index": a.index,
                "first": a.players[0] if a.players else "",
                "second": a.players[1] if len(a.players) > 1 else "",
                "status": a.status,
                "termination": a.termination,
                "winner": "" if a.winner is None else a.winner + 1,
                "disqualified": "" if a.disqualified is None else a.disqualified + 1,
                "first_points": a.points(0) if a.points(0) is not None else "",
                "valid_moves": sum(s.valid for s in a.seats),
                "invalid_moves": sum(s.invalid for s in a.seats),
                **{
                    f"{seat}_{name}": getattr(stats, name)
                    for seat, stats in zip(("first", "second"), a.seats, strict=False)
                    for name in ("invalid", "missed_wins", "missed_blocks", "missed_sinks", "blunders")
                },
                "tokens": sum(s.prompt_tokens + s.completion_tokens for s in a.seats),
                "cost": round(sum(s.cost for s in a.seats), 6),
                "seconds": round(sum(s.seconds for s in a.seats), 3),
                "ended_at": a.ended_at,
            }
        )
    return rows


def move_rows(report: Report) -> list[dict[str, Any]]:
    """One CSV row per attempt at a move."""
    rows = []
    for a in report.analyses:
        for move in a.moves:
            values: dict[str, Any] = dict.fromkeys(MOVE_FIELDS) | dict(zip(MOVE_FIELDS, move, strict=False))
            seat = int(values["seat"])
            row = {"match": a.id, "game": a.game, "player": a.players[seat] if seat < len(a.players) else ""}
            row |= {key: "" if value is None else value for key, value in values.items()}
            rows.append(row)
    return rows
