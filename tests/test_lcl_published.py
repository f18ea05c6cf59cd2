"""ChildPlay's published LCL experiments re-judged: its labels come from a check that ignores connection, so
the paper's rule changes GPT-3.5's and GPT-4's validity accuracies, while every rule agrees on GPT-4o's."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.imports.childplay_models import paper_model
from arena.imports.common import ImportFormatError
from arena.imports.lcl_experiments import read_lcl
from arena.imports.run import add_sessions
from arena.imports.shipped import published_folder
from arena.store import MatchStore
from arena.tasks.metrics import task_metrics
from games.tasks.lcl import Brick, is_valid, overlap_free
from tests.processes import run_arena

# (task, model, temperature): (published correct, overlap-only rule, paper's rule), of 100 answers each
PINNED = {
    ("lcl-validity", "gpt-3.5-turbo-1106"): [(8, 8, 49), (10, 10, 52), (16, 16, 46), (26, 26, 56)],
    ("lcl-validity", "gpt-4-1106-preview"): [(2, 2, 50), (7, 7, 50), (5, 5, 50), (6, 6, 49)],
    ("lcl-validity", "gpt-4o-2024-08-06"): [(81, 81, 81), (80, 80, 80), (81, 81, 81), (76, 76, 76)],
    ("lcl-validity", "gpt-4o-mini-2024-07-18"): [(63, 63, 63), (60, 60, 60), (62, 62, 62), (72, 72, 72)],
    ("lcl-construct", "gpt-3.5-turbo-1106"): [(0, 0, 0)] * 4,
    ("lcl-construct", "gpt-4-1106-preview"): [(0, 0, 0), (0, 0, 0), (0, 0, 0), (4, 4, 4)],
    ("lcl-construct", "gpt-4o-2024-08-06"): [(0, 0, 0), (21, 21, 21), (29, 29, 22), (41, 41, 22)],
    ("lcl-construct", "gpt-4o-mini-2024-07-18"): [(0, 0, 0), (0, 0, 0), (2, 2, 2), (9, 9, 9)],
}


@pytest.fixture(scope="module")
def lcl_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The shipped LCL files, copied out of the archive."""
    target = tmp_path_factory.mktemp("lcl") / "lcl_experiments"
    with published_folder("childplay") as folder:
        shutil.copytree(folder / "lcl_experiments", target)
    yield target


def test_every_file_is_re_judged_as_pinned_and_the_published_labels_are_the_overlap_only_rule(
    lcl_folder: Path,
) -> None:
    sessions, checks, totals = read_lcl([lcl_folder])
    assert [(c.moves_agreeing, c.moves) for c in checks] == [(800, 800)] * 4  # the labels: ChildPlay's own check
    found: dict[tuple[str, str], list[tuple[int, int, int]]] = {}
    for session in sorted(sessions, key=lambda s: (s.record.task, s.record.player, s.record.temperature or 0)):
        answers = session.answers
        assert len(answers) == 100
        counts = (int(sum(a.scores["published"] for a in answers)), int(sum(a.scores["overlap_only"] for a in answers)),
                  sum(a.correct for a in answers))  # fmt: skip
        assert session.record.source is not None
        model_id = session.record.source["model_id"]  # the file's dated id, kept beside the paper's name
        assert session.record.player == f"llm:{paper_model(model_id)}" != f"llm:{model_id}"
        found.setdefault((session.record.task, model_id), []).append(counts)
        metrics = task_metrics(session.record.task, answers)
        assert metrics["published_accuracy"] == counts[0] / 100 and metrics["accuracy"] == counts[2] / 100
    assert found == PINNED
    assert totals[0]["values"] == {"correct_validations": 575, "incorrect_validations": 225, "valid_constructs": 102,
                                   "invalid_constructs": 698}  # fmt: skip


def test_the_two_rules_differ_only_on_connection() -> None:
    scattered = [Brick(0, 0, "red"), Brick(2, 2, "red"), Brick(4, 4, "blue")]  # GPT-4o's kind of answer
    assert overlap_free(scattered) and not is_valid(scattered)
    stacked = [Brick(0, 0, "red"), Brick(2, 1, "blue")]
    assert overlap_free(stacked) and is_valid(stacked)
    assert not overlap_free([Brick(0, 0, "red"), Brick(3, 0, "blue")]) and not overlap_free([])


def test_the_import_is_idempotent(lcl_folder: Path, tmp_path: Path) -> None:
    sessions, _, _ = read_lcl([lcl_folder])
    with MatchStore(tmp_path / "db") as store:
        assert add_sessions(store, sessions) == 32
        assert add_sessions(store, read_lcl([lcl_folder])[0]) == 0


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (
            lambda t: t.replace("0,oa:gpt-4-1106-preview,1,invalid", "0,oa:gpt-4-1106-preview,1,maybe", 1),
            "the player's answer must be valid or invalid",
        ),
        (lambda t: t.replace(",True\n", ",Yes\n", 1), "expected True or False"),
        (lambda t: t.replace("0,oa:gpt-4-1106-preview,2,", "zero,oa:gpt-4-1106-preview,2,", 1), "must be numbers"),
        (lambda t: t.split("\n", 1)[0] + "\n0,1,2\n", "3 columns, expected 7 or 8"),
        (lambda t: "not,a,lcl,file\n1,2,3,4\n", "not a ChildPlay LCL file"),
        (lambda t: t.replace("0,oa:gpt-4-1106-preview,2,", "nan,oa:gpt-4-1106-preview,2,", 1), "temperature 'nan'"),
    ],
)
def test_a_damaged_file_is_refused_in_one_line(lcl_folder: Path, tmp_path: Path, damage: object, said: str) -> None:
    folder = tmp_path / "lcl_experiments"
    shutil.copytree(lcl_folder, folder)
    path = folder / "df_validity.csv"
    path.write_text(damage(path.read_text()))  # type: ignore[operator]
    with pytest.raises(ImportFormatError, match=said):
        read_lcl([folder])
    refused = run_arena("import", "childplay", str(folder), "--db", str(tmp_path / "db"))
    assert refused.returncode == 2 and said in refused.stderr and refused.stderr.count("\n") == 1
    assert not (tmp_path / "db").exists() or "lcl" not in json.dumps(
        sorted(p.name for p in (tmp_path / "db").iterdir())
    )


def test_the_report_shows_each_rule_beside_the_published_figure(lcl_folder: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    imported = run_arena("import", "childplay", str(lcl_folder), "--db", db)
    assert imported.returncode == 0, imported.stderr
    report = run_arena("report", "--db", db, "--json")
    assert report.returncode == 0, report.stderr
    data = json.loads(report.stdout)
    gpt4 = next(t for t in data["tasks"] if t["task"] == "lcl-validity" and t["player"] == "llm:gpt-4"
                and t["temperature"] == 0)  # fmt: skip
    assert (gpt4["published_accuracy"], gpt4["overlap_only_accuracy"], gpt4["accuracy"]) == (0.02, 0.02, 0.5)
    assert gpt4["random_baseline"] == 0.5 and gpt4["model_id"] == "gpt-4-1106-preview"
    rows = [r for r in data["published_vs_recomputed"] if r["group"] == "metrics.json"]
    assert [next(iter(r["published"].values())) for r in rows] == [575, 102]
    shown = run_arena("report", "--db", db)
    assert "published 2%, overlap-only rule 2%" in shown.stdout


def test_the_comparison_table_names_lcl_figures_as_what_they_count(lcl_folder: Path, tmp_path: Path) -> None:
    """An LCL row holds correct answers out of answers (or metrics.json's count), not a game's P1-P2-tie-wrong."""
    from arena.imports.compare_tasks import lcl_rows
    from arena.imports.run import prepared
    from arena.imports.tables import figure_names
    from arena.store.tables import PUBLISHED

    with MatchStore(tmp_path / "db") as store:
        sessions, _, totals = read_lcl([lcl_folder])
        add_sessions(store, sessions)
        store.add_new(prepared(store, PUBLISHED, totals))
        rows = lcl_rows(store)
    names = {figure_names(row) for row in rows}
    assert names == {"correct-answers", "correct validations", "valid constructs"}
