"""`arena report`: leaderboards and results matrices from the store, as tables, JSON, CSV, transcripts and charts."""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich import box
from rich.table import Table

from arena.analysis.cache import analyse_store
from arena.analysis.combined import COMPONENTS, CombinedRow, combined_scores
from arena.analysis.leaderboard import Leaderboard, PlayerRow, build_leaderboard, games_of
from arena.analysis.moves import DEFAULT_GRADE_BUDGET, MOVE_FIELDS, MatchAnalysis
from arena.inert import inert
from arena.records import TaskAnswerRecord
from arena.store import MatchStore
from arena.summaries import FIELD
from arena.tasks.metrics import session_summary as task_summary
from arena.tasks.session import TaskSession, task_sessions


def _rate(row: PlayerRow, outcome: str) -> float:
    scored = row.scored
    return row.total(outcome) / scored if scored else -1.0


SORTS: dict[str, Callable[[PlayerRow], Any]] = {
    "rating": lambda r: -r.rating if not math.isnan(r.rating) else math.inf,
    "elo": lambda r: -r.elo,
    "player": lambda r: r.player,
    "matches": lambda r: -r.matches,
    "wins": lambda r: -_rate(r, "wins"),
    "draws": lambda r: -_rate(r, "draws"),
    "losses": lambda r: -_rate(r, "losses"),
    "dq": lambda r: -_rate(r, "disqualified"),
    "invalid": lambda r: -_nan_low(r.per("invalid", "matches")),
    "missed-wins": lambda r: -_nan_low(r.per("missed_wins", "valid")),
    "missed-blocks": lambda r: -_nan_low(r.per("missed_blocks", "valid")),
    "blunders": lambda r: -_nan_low(r.per("blunders", "graded")),
    "tokens": lambda r: -(r.counts.get("prompt_tokens", 0) + r.counts.get("completion_tokens", 0)),
    "cost": lambda r: -r.counts.get("cost", 0.0),
}


def _nan_low(value: float) -> float:
    return -math.inf if math.isnan(value) else value


@dataclass
class Report:
    """The analyses chosen, one leaderboard per game among them, the task sessions and the combined scores."""

    analyses: list[MatchAnalysis]
    boards: list[Leaderboard]
    sessions: list[TaskSession] = field(default_factory=list)
    combined: list[CombinedRow] = field(default_factory=list)


def load_report(
    store: MatchStore,
    game: str | None = None,
    tournament: str | None = None,
    family: str | None = None,
    budget: float = DEFAULT_GRADE_BUDGET,
    resamples: int = 1000,
    on_progress: Callable[[int, int], None] | None = None,
) -> Report:
    """Analyse (or read from the cache) the matches that pass the filters and rate their players per game."""
    game_at, tournament_at = FIELD["game"], FIELD["tournament"]

    def keep(row: list[Any]) -> bool:
        return (game is None or row[game_at] == game) and (tournament is None or row[tournament_at] == tournament)

    analyses = analyse_store(store, keep, budget, on_progress)
    if family is not None:
        analyses = [a for a in analyses if family in a.families]
    boards = [build_leaderboard(name, analyses, resamples) for name in games_of(analyses)]
    sessions = [s for s in task_sessions(store) if s.answers] if tournament is None and family is None else []
    combined = combined_scores(analyses, sessions) if game is None else []
    return Report(analyses, boards, sessions, combined)


def sorted_rows(board: Leaderboard, sort: str) -> list[PlayerRow]:
    """The rows in the order asked for (ties by name)."""
    key = SORTS[sort]
    return sorted(board.rows, key=lambda row: (key(row), row.player))


def number(value: float | None, text: str = "{:.3f}") -> str:
    return "-" if value is None or (isinstance(value, float) and math.isnan(value)) else text.format(value)


def leaderboard_table(board: Leaderboard, sort: str = "rating") -> Table:
    """The leaderboard as a rich table (token and cost columns only when some model was paid or counted)."""
    advantage = "" if math.isnan(board.first_move) else f"; first-move advantage {board.first_move:+.1%}"
    table = Table(
        title=f"{board.game}: {board.matches} matches{advantage}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1, 0, 0),
        caption="rating: Bradley-Terry (Elo scale), 95% bootstrap interval; miss: per valid move",
        caption_justify="left",
    )
    usage = any(r.counts.get("prompt_tokens", 0) or r.counts.get("completion_tokens", 0) for r in board.rows)
    columns = ["player", "rating", "95% CI", "n", "W-D-L-DQ", "win 1st/2nd", "inv/m", "miss win/blk", "blunder"]
    columns += ["tok/m", "$/m"] if usage else []
    for column in columns:
        table.add_column(column, justify="left" if column in ("player", "W-D-L-DQ") else "right", no_wrap=True)
    for row in sorted_rows(board, sort):
        first, second = row.seats
        tokens = row.counts.get("prompt_tokens", 0) + row.counts.get("completion_tokens", 0)
        cells = [
            inert(row.player),
            number(row.rating, "{:.0f}"),
            "-" if math.isnan(row.low) else f"{row.low:.0f}-{row.high:.0f}",
            str(row.matches),
            f"{row.total('wins')}-{row.total('draws')}-{row.total('losses')}-{row.total('disqualified')}",
            f"{share(first.wins, first.matches)}/{share(second.wins, second.matches)}%",
            number(row.per("invalid", "matches"), "{:.2f}"),
            f"{number(row.per('missed_wins', 'valid'), '{:.2f}')}/"
            + number(row.per("missed_blocks", "valid"), "{:.2f}"),
            number(row.per("blunders", "graded"), "{:.1%}"),
        ]
        if usage:
            cells.append(number(tokens / row.matches if row.matches else None, "{:.0f}"))
            cells.append(number(row.counts.get("cost", 0.0) / row.matches if row.matches else None, "{:.4f}"))
        table.add_row(*cells)
    return table


def share(count: int, total: int) -> str:
    """A whole percentage, or - without matches."""
    return f"{100 * count / total:.0f}" if total else "-"


def matrix_table(board: Leaderboard) -> Table:
    """Player x player: the row player's wins-draws-losses (and DQs) against the column player."""
    names = board.players()
    table = Table(
        title=f"{board.game}: results of the row player (W-D-L, +DQ)", title_justify="left", box=box.SIMPLE_HEAD
    )
    table.add_column("player", no_wrap=True)
    for column, _ in enumerate(names, 1):
        table.add_column(str(column), justify="right")
    for index, name in enumerate(names, 1):
        cells = [matrix_cell(board.matrix.get((name, other))) if other != name else "·" for other in names]
        table.add_row(f"{index} {inert(name)}", *cells)
    return table


def matrix_cell(counts: list[int] | None) -> str:
    """`3-1-0` or `3-1-0+2` with disqualifications; blank for pairs that never met."""
    if not counts:
        return ""
    text = f"{counts[0]}-{counts[1]}-{counts[2]}"
    return text + (f"+{counts[3]}" if counts[3] else "")


def report_json(report: Report) -> dict[str, Any]:
    """`{"matches": N, "games": {GAME: {"players": [...], "matrix": [...], ...}}}`."""
    games: dict[str, Any] = {}
    for board in report.boards:
        games[board.game] = {
            "matches": board.matches,
            "first_move_advantage": None if math.isnan(board.first_move) else round(board.first_move, 4),
            "players": [row.as_dict() for row in board.rows],
            "matrix": [
                {"player": a, "opponent": b, "wins": c[0], "draws": c[1], "losses": c[2], "disqualified": c[3]}
                for (a, b), c in sorted(board.matrix.items())
            ],
        }
    data: dict[str, Any] = {"matches": len(report.analyses), "games": games}
    if report.sessions:
        data["tasks"] = [task_summary(s) for s in report.sessions]
    if report.combined:
        data["combined"] = [row.as_dict() for row in report.combined]
    return data


def combined_table(rows: list[CombinedRow]) -> Table:
    """ChildPlay's combined score: one measure per task and their mean, per model and temperature."""
    table = Table(title="combined score (ChildPlay, Figure 9): win rate vs random, proportion correct", show_edge=False)
    table.add_column("player")
    table.add_column("overall", justify="right")
    for name in COMPONENTS:
        table.add_column(name, justify="right")
    for row in rows:
        cells = [f"{100 * row.scores[n]:.0f}% ({row.counts[n]})" if n in row.scores else "-" for n in COMPONENTS]
        table.add_row(row.player, f"{100 * row.overall:.1f}% ({len(row.scores)}/7)", *cells)
    return table


def safe_name(text: str) -> str:
    """A player or game name as a file name."""
    kept = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in text)
    return "-".join(part for part in kept.split("-") if part)[:80] or "player"


def write_report(out: Path, report: Report, store: MatchStore) -> list[Path]:
    """Every file of a report: CSV and JSON tables, one transcript per match, and the charts."""
    from arena.analysis import charts
    from arena.analysis.transcript import transcript

    out.mkdir(parents=True, exist_ok=True)
    written = []
    data = report_json(report)
    (out / "leaderboard.json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    written.append(out / "leaderboard.json")
    written.append(write_csv(out / "leaderboard.csv", leaderboard_rows(report)))
    written.append(write_csv(out / "matrix.csv", matrix_rows(report)))
    written.append(write_csv(out / "matches.csv", match_rows(report)))
    written.append(write_csv(out / "moves.csv", move_rows(report)))
    transcripts = out / "transcripts"
    transcripts.mkdir(exist_ok=True)
    wanted = {a.id for a in report.analyses}
    for document in store.documents():
        if document.get("id") in wanted and (record := store.validated(document)) is not None:
            path = transcripts / f"{safe_name(record.id)}.txt"
            path.write_text(transcript(record, prompts=True) + "\n", encoding="utf-8")
            written.append(path)
    written += write_task_files(out, report)
    for board in report.boards:
        game = safe_name(board.game)
        written.append(charts.results_by_seat(board, out / f"{game}-results-by-seat.png"))
        written.append(charts.ratings(board, out / f"{game}-ratings.png"))
        written.append(charts.missed(board, out / f"{game}-missed.png"))
        for player in board.players():
            path = out / f"{game}-heatmap-{safe_name(player)}.png"
            written.append(charts.heatmap(report.analyses, board.game, player, path))
    return written


def write_task_files(out: Path, report: Report) -> list[Path]:
    """Task sessions (one row each), every task answer, the combined score, and a picture per construct answered."""
    from arena.tasks.pictures import construct_png
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
    """Rows of one table as CSV with a header (an empty file has the header only when rows exist)."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        if rows:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
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
                    for outcome in ("wins", "draws", "losses", "disqualified"):
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
    return [
        {"game": board.game, "player": a, "opponent": b, "wins": c[0], "draws": c[1], "losses": c[2], "dq": c[3]}
        for board in report.boards
        for (a, b), c in sorted(board.matrix.items())
    ]


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
            values = dict(zip(MOVE_FIELDS, move, strict=True))
            seat = int(values["seat"])
            row = {"match": a.id, "game": a.game, "player": a.players[seat] if seat < len(a.players) else ""}
            row |= {key: "" if value is None else value for key, value in values.items()}
            rows.append(row)
    return rows
