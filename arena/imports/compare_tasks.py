"""ChildPlay's Shapes and the LCL experiments: published results beside the imported answers, re-read by the
arena's tasks."""

from __future__ import annotations

from collections import defaultdict

from arena.imports.comparison import Comparison
from arena.store import MatchStore
from arena.store.tables import PUBLISHED

SHAPES_METRICS = ("correct", "answers", "unreadable")
LCL_METRICS = ("correct", "answers")


def shapes_rows(store: MatchStore) -> list[Comparison]:
    """ChildPlay's Shapes: per model, temperature and shape, the published results beside the imported answers
    (recomputed: the logged choice is the drawn shape; arena: the task's own reading of the logged choice)."""
    from arena.tasks.session import task_sessions

    published = {
        (str(t.get("model")), float(t.get("temperature") or 0.0), str(t.get("shape"))): t.get("values") or {}
        for t in store.documents(PUBLISHED)
        if t.get("kind") == "shapes"
    }
    rows = []
    for session in task_sessions(store):
        if (session.record.source or {}).get("paper") != "childplay" or session.record.task != "shapes":
            continue
        model, temperature = session.record.player.removeprefix("llm:"), float(session.record.temperature or 0.0)
        for shape in sorted({answer.truth for answer in session.answers}):
            answers = [a for a in session.answers if a.truth == shape]
            logged = [a for a in answers if a.raw is not None]
            matched = sum(1 for a in logged if str(a.raw).lower() in (shape, "square" if shape == "rectangle" else ""))
            judged = (sum(a.correct for a in answers), len(answers), sum(not a.readable for a in answers))
            recomputed = (matched, len(answers), len(answers) - len(logged))
            values = published.get((model, temperature, shape))
            if values is None:
                figures: tuple[int, ...] = (0, 0, 0)
                why = "no published results for this run"
            else:
                wins = int(values.get("P1 Wins", values.get("Wins", 0)))
                total = wins + int(values.get("P2 Wins", values.get("Losses", 0)))
                figures = (wins, total, int(values.get("P1 Wrong Moves", 0)))
                why = "same" if figures == recomputed == judged else shapes_reason(figures, recomputed, judged)
            group = f"shapes T={temperature:g}"
            rows.append(Comparison("childplay", "shapes", group, model, SHAPES_METRICS, figures, recomputed,
                                   judged, f"{shape}: {why}"))  # fmt: skip
    return rows


def lcl_rows(store: MatchStore) -> list[Comparison]:
    """ChildPlay's LCL answers per model, temperature and task: the published verdicts' count beside ChildPlay's
    own overlap-only rule (recomputed: it made the labels) and the paper's rule (the arena's judge); then
    metrics.json's totals beside the same counts over the GPT-4o files it was computed from."""
    from arena.tasks.session import task_sessions

    rows = []
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # task: published, overlap-only, paper (4o)
    for session in task_sessions(store):
        record = session.record
        if (record.source or {}).get("paper") != "childplay" or not record.task.startswith("lcl-"):
            continue
        answers = session.answers
        if not answers or not all("published" in a.scores for a in answers):
            continue
        published = (int(sum(a.scores["published"] for a in answers)), len(answers))
        recomputed = (int(sum(a.scores["overlap_only"] for a in answers)), len(answers))
        judged = (sum(a.correct for a in answers), len(answers))
        model = record.player.removeprefix("llm:")
        differ = judged[0] - published[0]
        why = (
            "same"
            if published == judged
            else (f"ChildPlay's check never tests that the bricks connect: the paper's rule gives {differ:+d}")
        )
        rows.append(Comparison("childplay", record.task, f"{record.task} T={float(record.temperature or 0):g}", model,
                               LCL_METRICS, published, recomputed, judged, why))  # fmt: skip
        if model.startswith("gpt-4o"):
            for at, value in enumerate((published[0], recomputed[0], judged[0])):
                totals[record.task][at] += value
    for document in store.documents(PUBLISHED):
        if document.get("kind") != "lcl-metrics":
            continue
        values = document.get("values") or {}
        for task, key in (("lcl-validity", "correct_validations"), ("lcl-construct", "valid_constructs")):
            if task not in totals or key not in values:
                continue
            _, overlap, paper = totals[task]
            figure = (int(values[key]),)
            why = "metrics.json counts the GPT-4o files under ChildPlay's overlap-only check"
            rows.append(Comparison("childplay", task, "metrics.json", "gpt-4o and gpt-4o-mini, all temperatures",
                                   (key,), figure, (overlap,), (paper,), why))  # fmt: skip
    return rows


def shapes_reason(published: tuple[int, ...], recomputed: tuple[int, ...], judged: tuple[int, ...]) -> str:
    """Why a Shapes run's figures differ."""
    if published[2] != recomputed[2]:
        return "the wrong moves counted are not the answers the log leaves out"
    if recomputed != judged:
        return "the arena's task reads some logged choices differently"
    return "the results file's totals are not its log's answers"
