"""The published metrics of each task, from a session's stored answers."""

from __future__ import annotations

from functools import cache
from statistics import mean
from typing import Any

from arena.sessions.records import TaskAnswerRecord
from arena.tasks.session import TaskSession

UNREADABLE = "unreadable"
INVALID_SMILES = ("not a valid SMILES", "empty answer")
LCL_RULE = (
    "accuracy: the paper's rule (no overlap, one connected structure); overlap_only_accuracy: ChildPlay's own "
    "check, which never tests connection and made the published labels"
)
GTS_RULE = "correct / parsable SMILES, as ChildPlay's Table 4; accuracy_all_answers divides by every answer"


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


@cache
def random_construct_rate(bricks: int = 3, samples: int = 2000) -> float:
    """How often ChildPlay's random builder's construct of `bricks` bricks is valid (the paper's rule), seeded."""
    import random

    from games.tasks.base import Item
    from games.tasks.lcl import LCLConstructTask, is_valid, parse

    task, rng = LCLConstructTask(bricks), random.Random(0)
    item = Item(1, str(bricks), str(bricks))
    return round(sum(is_valid(parse(task.random_answer(item, rng))) for _ in range(samples)) / samples, 4)


def task_metrics(task: str, answers: list[TaskAnswerRecord]) -> dict[str, Any]:
    """Accuracy and unreadable answers for every task, plus each task's own measures.

    Guess-the-SMILES' `accuracy` leaves unparsable answers out of the denominator, as the paper does.
    """
    correct = sum(a.correct for a in answers)
    unreadable = sum(not a.readable for a in answers)
    metrics: dict[str, Any] = {
        "answered": len(answers),
        "correct": correct,
        "accuracy": _rate(correct, len(answers)),
        "unreadable": unreadable,
    }
    if task == "shapes":
        confusion: dict[str, dict[str, int]] = {}
        for answer in answers:
            row = confusion.setdefault(answer.truth, {})
            predicted = answer.read if answer.readable and answer.read else UNREADABLE
            row[predicted] = row.get(predicted, 0) + 1
        metrics["per_shape"] = {
            shape: {"correct": row.get(shape, 0), "total": sum(row.values())}
            for shape, row in sorted(confusion.items())
        }
        metrics["confusion"] = {shape: dict(sorted(row.items())) for shape, row in sorted(confusion.items())}
    elif task == "lcl-validity":
        for truth in ("valid", "invalid"):
            group = [a for a in answers if a.truth == truth]
            metrics[f"accuracy_{truth}"] = _rate(sum(a.correct for a in group), len(group))
        metrics["random_baseline"] = 0.5  # a coin flip per answer, whatever the labels
    elif task == "lcl-construct":
        metrics["valid_constructs"] = correct
        metrics["parse_failures"] = unreadable
        metrics["random_baseline"] = random_construct_rate()
    if task.startswith("lcl-") and answers and all("published" in a.scores for a in answers):
        # An imported LCL run: the published verdicts and ChildPlay's overlap-only rule beside the paper's rule.
        metrics["accuracy_rule"] = LCL_RULE
        metrics["published_accuracy"] = _rate(int(sum(a.scores["published"] for a in answers)), len(answers))
        metrics["overlap_only_accuracy"] = _rate(int(sum(a.scores["overlap_only"] for a in answers)), len(answers))
    elif task == "gts":
        invalid = sum(a.reason in INVALID_SMILES for a in answers)
        metrics["invalid_smiles"] = invalid
        metrics["accuracy_all_answers"] = metrics["accuracy"]
        metrics["accuracy"] = _rate(correct, len(answers) - invalid)  # ChildPlay's Table 4: parsable answers only
        metrics["accuracy_rule"] = GTS_RULE
        metrics["mean_similarity"] = round(mean(a.scores["similarity"] for a in answers), 4) if answers else None
        metrics["mean_distance"] = round(mean(a.scores["distance"] for a in answers), 2) if answers else None
    return metrics


def session_summary(session: TaskSession) -> dict[str, Any]:
    """One session with its metrics, as JSON."""
    record = session.record
    return {
        "session": record.id,
        "task": record.task,
        "player": record.player,
        "temperature": record.temperature,
        "items": record.count,
        "seed": record.seed,
        "options": record.options,
        "source": (record.source or {}).get("paper", "arena"),
        **({"model_id": (record.source or {})["model_id"]} if (record.source or {}).get("model_id") else {}),
        **task_metrics(record.task, session.answers),
    }
