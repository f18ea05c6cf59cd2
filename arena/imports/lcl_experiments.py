"""ChildPlay's LEGO Connect Language experiments (`lcl_experiments/df_validity*.csv`, `df_construct*.csv`):
each answer re-judged by the paper's rule, with the published verdict and ChildPlay's overlap-only rule beside it.

The header of `df_validity.csv` was rewritten (commit 264d814) out of step with its data, so every file is read
by position under the first commit's names (8c2b64a): validity `Temperature, Model, Experiment, Player Answer,
Actual Validity, Correct, LLM Response[, Valid]`, construct `Temperature, Model, Experiment, Valid, LLM
Response[, Valid again]`. `LLM Response` holds the construct: the one shown (validity) or the one built.

A session per model, temperature and task; each answer's `correct` is the paper's rule (no overlap and one
connected structure, `games.tasks.lcl.is_valid`), its `scores` hold the published verdict and the verdict of
ChildPlay's own overlap-only check (`overlap_free`), 1 or 0.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.imports.childplay_models import SOURCE as MODEL_SOURCE
from arena.imports.childplay_models import paper_model
from arena.imports.common import FileCheck, ImportFormatError, SourceFile, record_id
from arena.imports.files import read_json, read_text
from arena.imports.shapes import ImportedSession
from arena.sessions.records import TaskAnswerRecord, TaskSessionRecord
from games.tasks.lcl import Brick, is_valid, overlap_free, parse, why_invalid

PAPER = "childplay"
VALIDITY_NAMES = ("Temperature", "Model", "Experiment", "Player Answer", "Actual Validity", "Correct", "LLM Response")
CONSTRUCT_NAMES = ("Temperature", "Model", "Experiment", "Valid", "LLM Response")
ANSWERED_AT = "2024-06-01T00:00:00"
COIN = 0.5  # a validity answer guessed at random: right half the time, whatever the rule


@dataclass(frozen=True)
class LclRow:
    """One published answer, read by position."""

    file: str
    task: str  # lcl-validity or lcl-construct
    model: str  # the paper's name (childplay_models), on which the games and Shapes join
    model_id: str  # the dated id as the file writes it, without `oa:`
    temperature: float
    experiment: int
    answer: str  # validity: the model's "valid"/"invalid"; construct: the construct it built, as written
    construct: list[Brick]  # the construct judged: shown to the model (validity) or built by it (construct)
    written: str  # that construct as the file writes it
    published: bool  # the published verdict: Correct (validity) or Valid (construct)


def lcl_files(paths: list[Path]) -> list[Path]:
    """The LCL experiment CSVs named or under the folders named, in a stable order."""
    found: list[Path] = []
    for path in paths:
        candidates = path.rglob("df_*.csv") if path.is_dir() else [path]
        found += [p for p in candidates if p.name.startswith(("df_validity", "df_construct")) and p.suffix == ".csv"]
    return sorted(set(found))


def truth(text: str, where: str) -> bool:
    """`True`/`False` as pandas wrote them; ImportFormatError for anything else."""
    if text not in ("True", "False"):
        raise ImportFormatError(f"{where}: expected True or False, not {text[:40]!r}")
    return text == "True"


def read_rows(path: Path) -> list[LclRow]:
    """Every answer of one file; ImportFormatError in one line if it is not such a file."""
    text = read_text(path)
    validity = path.name.startswith("df_validity")
    least = len(VALIDITY_NAMES if validity else CONSTRUCT_NAMES)
    try:
        table = list(csv.reader(io.StringIO(text)))
    except csv.Error as error:
        raise ImportFormatError(f"{path.name}: not a CSV file ({error})") from None
    if len(table) < 2 or not table[0] or table[0][0] != "Temperature":
        raise ImportFormatError(f"{path.name}: not a ChildPlay LCL file (its header starts with Temperature)")
    rows = []
    for number, cells in enumerate(table[1:], 2):
        where = f"{path.name} line {number}"
        if len(cells) not in (least, least + 1):
            raise ImportFormatError(f"{where}: {len(cells)} columns, expected {least} or {least + 1}")
        try:
            temperature, experiment = float(cells[0]), int(cells[2])
        except ValueError:
            raise ImportFormatError(f"{where}: temperature and experiment must be numbers") from None
        if not 0 <= temperature <= 2:  # nan and inf too
            raise ImportFormatError(f"{where}: temperature {cells[0][:40]!r} is not a number from 0 to 2")
        if len(cells) > least:  # the older files' last column repeats a verdict: a bool all the same
            truth(cells[least], where)
        written = cells[6] if validity else cells[4]
        if validity:
            answer = cells[3].strip().lower()
            if answer not in ("valid", "invalid"):
                raise ImportFormatError(f"{where}: the player's answer must be valid or invalid, not {cells[3][:40]!r}")
            published = truth(cells[5], where)
        else:
            answer, published = written, truth(cells[3], where)
        model_id = cells[1].removeprefix("oa:")
        rows.append(LclRow(path.name, "lcl-validity" if validity else "lcl-construct", paper_model(model_id), model_id,
                           temperature, experiment, answer, parse(written), written, published))  # fmt: skip
    return rows


def verdicts(row: LclRow) -> tuple[bool, bool, str]:
    """(right under the paper's rule, right under the overlap-only rule, why the construct is invalid)."""
    paper, lenient = is_valid(row.construct), overlap_free(row.construct)
    reason = why_invalid(row.construct) if not paper else ""
    if row.task == "lcl-validity":
        said = row.answer == "valid"
        return said == paper, said == lenient, reason
    return paper, lenient, reason


def read_lcl(paths: list[Path]) -> tuple[list[ImportedSession], list[FileCheck], list[dict[str, Any]]]:
    """Sessions per model, temperature and task; a check per file (the published verdicts against ChildPlay's
    own overlap-only rule, which made them); and metrics.json's totals."""
    grouped: dict[tuple[str, str, float], list[LclRow]] = {}
    checks: list[FileCheck] = []
    files: dict[str, str] = {}
    for path in lcl_files(paths):
        check = FileCheck(f"lcl_experiments/{path.name}")
        for row in read_rows(path):
            grouped.setdefault((row.task, row.model, row.temperature), []).append(row)
            _, lenient, _ = verdicts(row)
            check.count_move(lenient == row.published)
        files[path.name] = SourceFile.read(path).sha256
        checks.append(check)
    sessions = [session(task, model, temperature, rows, files) for (task, model, temperature), rows
                in sorted(grouped.items())]  # fmt: skip
    return sessions, checks, metrics_totals(paths)


def session(task: str, model: str, temperature: float, rows: list[LclRow], files: dict[str, str]) -> ImportedSession:
    """One model's answers to one task at one temperature, in the files' order."""
    model_id = rows[0].model_id
    session_id = record_id(PAPER, task, model_id, temperature)[:12]  # the file's id: a re-import replaces in place
    answers = []
    for number, row in enumerate(rows, 1):
        paper, lenient, reason = verdicts(row)
        label = "valid" if is_valid(row.construct) else "invalid"
        answers.append(
            TaskAnswerRecord(
                id=f"{session_id}:{number}",
                session=session_id,
                number=number,
                truth=label if task == "lcl-validity" else "a valid construct",
                raw=row.answer if task == "lcl-validity" else row.written,
                read=row.answer if task == "lcl-validity" else row.written,
                readable=bool(row.construct) or task == "lcl-validity",
                correct=paper,
                scores={"published": float(row.published), "overlap_only": float(lenient)},
                reason=reason,
                seconds=0.0,
                answered_at=ANSWERED_AT,
            )
        )
    record = TaskSessionRecord(
        id=session_id,
        task=task,
        player=f"llm:{model}",
        count=len(answers),
        seed=0,
        temperature=temperature,
        prompt="childplay",
        started_at=ANSWERED_AT,
        source={
            "paper": PAPER,
            "model_id": model_id,
            "model_join": MODEL_SOURCE,
            "files": [
                {"file": name, "sha256": digest}
                for name, digest in sorted(files.items())
                if name.startswith(f"df_{task.removeprefix('lcl-')}")
            ],
        },
    )
    return ImportedSession(record, answers)


def metrics_totals(paths: list[Path]) -> list[dict[str, Any]]:
    """metrics.json beside the files, as a published-totals document (none if it is absent)."""
    found = sorted({p for path in paths for p in (path.rglob("metrics.json") if path.is_dir() else [])
                    if p.parent.name == "lcl_experiments"})  # fmt: skip
    totals = []
    for path in found:
        values = read_json(path)
        if not isinstance(values, dict) or not all(isinstance(v, int) for v in values.values()):
            raise ImportFormatError(f"{path.name}: expected an object of counts")
        totals.append({"id": record_id(PAPER, "lcl-metrics", path.name), "paper": PAPER, "kind": "lcl-metrics",
                       "file": f"lcl_experiments/{path.name}", "values": values})  # fmt: skip
    return totals
