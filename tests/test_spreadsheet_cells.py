"""CSV files are safe to open in a spreadsheet: a model's `=HYPERLINK(...)` is text, never a formula."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from arena.inert import spreadsheet_cell
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import ROOT

HOSTILE = ['=HYPERLINK("http://example.invalid/?x=1","click")', "+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-2+3+cmd|x"]


def test_a_cell_that_a_spreadsheet_would_run_is_quoted_and_numbers_stay_numbers() -> None:
    for text in HOSTILE:
        assert spreadsheet_cell(text) == "'" + text
    for text in ("-0.25", "+3", "1e-5", "square", "", "a=b", "-"):
        assert spreadsheet_cell(text) == text
    assert spreadsheet_cell(-2) == -2 and spreadsheet_cell(None) is None
    assert spreadsheet_cell("=\x1b[2J") == "'=\\x1b[2J"  # inert as well


def test_model_answers_in_report_files_are_text(fake_llm: FakeServer, tmp_path: Path) -> None:
    model = fake_llm.script("formulas", *[Reply(content=text) for text in HOSTILE])
    db, out = str(tmp_path / "db"), tmp_path / "out"
    command = [sys.executable, "-m", "arena", "task", "run", "shapes", "--model", f"llm:{model}", "--items", "4"]
    ran = subprocess.run([*command, "--api-base", fake_llm.url, "--concurrency", "1", "--db", db],
                         capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    report = subprocess.run([sys.executable, "-m", "arena", "report", "--out", str(out), "--db", db],
                            capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert report.returncode == 0, report.stderr
    with open(out / "task-answers.csv", newline="", encoding="utf-8") as handle:
        raws = [row["raw"] for row in csv.DictReader(handle)]
    assert sorted(raws) == sorted("'" + text for text in HOSTILE)
    for path in out.glob("*.csv"):
        with open(path, newline="", encoding="utf-8") as handle:
            cells = [cell for row in csv.reader(handle) for cell in row]
        assert [c for c in cells if spreadsheet_cell(c) != c] == [], path  # nothing a spreadsheet would run
