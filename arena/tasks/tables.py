"""Task results as words and tables: each session's metrics in a row, each task's own measures in a few words."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from arena.console import percent
from arena.inert import inert_text


def results_table(rows: list[dict[str, Any]]) -> Table:
    """The sessions' metrics, one row each, with each task's own columns."""
    table = Table(title="task results", show_edge=False)
    for name in ("session", "task", "player", "T", "answered", "correct", "accuracy", "unreadable", "details"):
        table.add_column(name, justify="right" if name in ("answered", "correct", "accuracy", "unreadable") else "left",
                         overflow="fold")  # fmt: skip
    for row in rows:
        accuracy = "-" if row["accuracy"] is None else f"{100 * row['accuracy']:.1f}%"
        table.add_row(
            inert_text(str(row["session"])),
            row["task"],
            inert_text(str(row["player"])),
            "-" if row["temperature"] is None else f"{row['temperature']:g}",
            f"{row['answered']}/{row['items']}",
            str(row["correct"]),
            accuracy,
            str(row["unreadable"]),
            inert_text(details(row)),
        )
    return table


def details(row: dict[str, Any]) -> str:
    """Each task's own measures in a few words."""
    if row["task"] == "shapes":
        return "  ".join(f"{shape} {v['correct']}/{v['total']}" for shape, v in row.get("per_shape", {}).items())
    published = lcl_rules(row)
    if row["task"] == "lcl-validity":
        own = "  ".join(f"on {t}: {percent(row[f'accuracy_{t}'])}" for t in ("valid", "invalid"))
        return f"{own}  random {percent(row['random_baseline'])}{published}"
    if row["task"] == "lcl-construct":
        made = f"valid constructs {row['valid_constructs']}, parse failures {row['parse_failures']}"
        return f"{made}  random {percent(row['random_baseline'])}{published}"
    if row["task"] == "gts":
        similarity, distance = row["mean_similarity"], row["mean_distance"]
        return (
            f"accuracy of parsable answers (paper); of all answers {percent(row['accuracy_all_answers'])}; "
            f"invalid SMILES {row['invalid_smiles']}, similarity {similarity}, distance {distance}"
        )
    return ""


def lcl_rules(row: dict[str, Any]) -> str:
    """An imported LCL run's published accuracy and ChildPlay's overlap-only rule's, beside the paper's rule."""
    if row.get("published_accuracy") is None:
        return ""
    lenient = percent(row["overlap_only_accuracy"])
    return f"  published {percent(row['published_accuracy'])}, overlap-only rule {lenient}"
