"""ChildPlay's Shapes runs (`experiment_shapes/MODEL/TEMP/SHAPE/`): each logged answer judged by the arena's task.

One task session per model and temperature; the answers the log leaves out (ChildPlay's wrong moves: replies
it could not read) are kept as unreadable answers with no text, so a session has every item the paper asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.imports.childplay_models import FOLDER_MODELS as MODELS
from arena.imports.common import Disagreement, FileCheck, ImportFormatError, SourceFile, record_id
from arena.imports.files import read_json
from arena.sessions.records import TaskAnswerRecord, TaskSessionRecord
from games.tasks.base import Item
from games.tasks.shapes import ShapesTask

PAPER = "childplay"
NOT_LOGGED = "ChildPlay logs no reply for an answer it could not read (a wrong move)"


@dataclass(frozen=True)
class ShapesRun:
    """One folder: a model's answers for one drawn shape at one temperature."""

    model: str
    temperature: float
    shape: str
    folder: Path

    def file(self, stem: str) -> Path:
        """`game_logs_shapes.json` or the older `game_logs.json`."""
        named = self.folder / f"{stem}_shapes.json"
        return named if named.is_file() else self.folder / f"{stem}.json"


def shapes_runs(paths: list[Path]) -> list[ShapesRun]:
    """The Shapes folders named or under the folders named."""
    found: list[Path] = []
    for path in paths:
        found += sorted({p.parent for p in path.rglob("results.json")}) if path.is_dir() else [path.parent]
    runs = []
    for folder in found:
        if not (folder / "game_logs_shapes.json").is_file() and not (folder / "game_logs.json").is_file():
            continue
        shape, temperature, model = folder.name, folder.parent.name, folder.parent.parent.name
        try:
            value = float(temperature.replace("_", "."))
        except ValueError:
            raise ImportFormatError(f"{folder}: not a Shapes run folder (MODEL/TEMPERATURE/SHAPE)") from None
        runs.append(ShapesRun(MODELS.get(model, model.replace("_", "-")), value, shape, folder))
    return runs


@dataclass
class ImportedSession:
    """A task session built from published answers."""

    record: TaskSessionRecord
    answers: list[TaskAnswerRecord]


def read_shapes(paths: list[Path]) -> tuple[list[ImportedSession], list[FileCheck], list[dict[str, Any]]]:
    """Sessions per model and temperature, a check per folder, and each folder's published totals."""
    task = ShapesTask()
    grouped: dict[tuple[str, float], list[tuple[ShapesRun, list[dict[str, Any]], dict[str, Any]]]] = {}
    for run in shapes_runs(paths):
        logs, results = read_json(run.file("game_logs")), read_json(run.folder / "results.json")
        if not isinstance(logs, list) or not all(isinstance(e, dict) and "chosen_shape" in e for e in logs):
            raise ImportFormatError(f"{run.file('game_logs')}: expected a list of answers with chosen_shape")
        if not isinstance(results, dict):
            raise ImportFormatError(f"{run.folder / 'results.json'}: expected an object of totals")
        grouped.setdefault((run.model, run.temperature), []).append((run, logs, results))
    sessions, checks, totals = [], [], []
    for (model, temperature), runs in sorted(grouped.items()):
        session_id = record_id(PAPER, "shapes", model, temperature)[:12]
        answers: list[TaskAnswerRecord] = []
        files = []
        for run, logs, results in sorted(runs, key=lambda r: r[0].shape):
            source = SourceFile.read(run.file("game_logs"))
            name = f"{run.folder.parent.parent.name}/{run.folder.parent.name}/{run.shape}"
            files.append({"file": name, "sha256": source.sha256})
            check = FileCheck(name)
            wrong = int(results.get("P1 Wrong Moves", 0))
            entries = [*logs, *({"chosen_shape": None, "correct_shape": run.shape} for _ in range(wrong))]
            for entry in entries:
                number = len(answers) + 1
                truth = task_truth(str(entry.get("correct_shape")))
                raw = entry.get("chosen_shape")
                verdict = task.judge(Item(number, truth, ""), str(raw)) if raw is not None else None
                correct = bool(verdict and verdict.correct)
                published = entry.get("result")
                if published is not None:
                    check.count_move((published == "Win") == correct)
                    if (published == "Win") != correct:
                        check.disagreements.append(
                            Disagreement(name, f"answer {number}", None, str(published), str(correct), str(raw))
                        )
                answers.append(
                    TaskAnswerRecord(
                        id=f"{session_id}:{number}",
                        session=session_id,
                        number=number,
                        truth=truth,
                        raw=raw,
                        read=verdict.read if verdict else None,
                        readable=bool(verdict and verdict.readable),
                        correct=correct,
                        reason=(verdict.reason if verdict else NOT_LOGGED) or "",
                        seconds=0.0,
                        answered_at="2024-06-01T00:00:00",
                    )
                )
            checks.append(check)
            totals.append(
                {
                    "id": record_id(PAPER, "shapes-results", name),
                    "paper": PAPER,
                    "kind": "shapes",
                    "file": name,
                    "model": model,
                    "temperature": temperature,
                    "shape": task_truth(run.shape),
                    "values": results,
                }
            )
        record = TaskSessionRecord(
            id=session_id,
            task="shapes",
            player=f"llm:{model}",
            count=len(answers),
            seed=0,
            temperature=temperature,
            prompt="childplay",
            started_at="2024-06-01T00:00:00",
            source={"paper": PAPER, "files": files},
        )
        sessions.append(ImportedSession(record, answers))
    return sessions, checks, totals


def task_truth(shape: str) -> str:
    """ChildPlay's shape name in the arena task's words (its square is the task's rectangle)."""
    return {"square": "rectangle"}.get(shape, shape)
