"""Published game logs imported, every move judged again, the papers' tables rebuilt (fixtures cut from the logs)."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from arena.store import MatchStore

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = ROOT / "tests" / "data" / "published"
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def arena(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def imported(db: Path, paper: str, *paths: Path) -> dict[str, object]:
    result = arena("import", "--no-analyse", paper, *map(str, paths), "--db", str(db), "--json")
    assert result.returncode == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def published_tallies(paths: Iterable[Path]) -> dict[tuple[str, str], Counter[str]]:
    """Per game and player identity, the wins, draws, losses and own disqualifications of Topsakal's files."""
    expected: dict[tuple[str, str], Counter[str]] = {}
    for path in paths:
        heads = {(r["UUID"], r["GameNumber"]): r for r in csv.DictReader(path.open(newline=""))}
        for head in heads.values():
            game = {"tic-tac-toe": "tictactoe"}.get(head["GameType"], head["GameType"])
            for seat, column in enumerate(("Player1", "Player2")):
                tally = expected.setdefault((game, f"llm:{head[column]} topsakal-{head['PromptType']}"), Counter())
                result = head["Result"]
                if result == "draw":
                    tally["draws"] += 1
                elif result.startswith("winner"):
                    tally["wins" if (result == "winner1st") == (seat == 0) else "losses"] += 1
                elif result == f"disqualified{('1st', '2nd')[seat]}":
                    tally["disqualified"] += 1
    return expected


def test_topsakal_games_are_judged_again_and_importing_twice_adds_nothing(tmp_path: Path) -> None:
    db = tmp_path / "db"
    first = imported(db, "topsakal", PUBLISHED / "topsakal")
    assert first["games"] == 7 and first["added"] == 7
    files = {Path(str(f["file"])).name: f for f in first["files"]}  # type: ignore[attr-defined]
    tictactoe = files["tic-tac-toe_illustration_240614-064150_all_moves.csv"]
    assert tictactoe["games"] == tictactoe["games_agreeing"] == 5
    assert tictactoe["moves"] == tictactoe["moves_agreeing"] > 30
    gomoku = files["gomoku_list_240612-221528_all_moves.csv"]
    assert gomoku["moves"] == 40 and gomoku["moves_agreeing"] == 38 and gomoku["disagreements"] == 2
    assert "tic-tac-toe_illustration_240614-064150_all.csv" not in files  # its games come with their moves
    again = imported(db, "topsakal", PUBLISHED / "topsakal")
    assert again["games"] == 7 and again["added"] == 0
    with MatchStore(db, read_only=True) as store:
        records = {record.source["game"]: record for record in store.matches() if record.source}
    assert len(records) == 7
    network = records["01901501-7bef-72ff-9758-7d243fc4f570#2"]
    assert network.outcome.status == "error"  # a provider fault in the published data is never scored
    disqualified = records["019014e9-d6b5-73d4-8c92-b6402ddcc8f7#4"]
    assert disqualified.outcome.termination == "disqualified"
    assert records["019014e6-bdca-7828-9b0a-09b09e2e3db9#4"].outcome.termination == "draw"
    unreadable = [m for m in records["019014e3-d95c-7c7a-b217-ce0db23bfcb4#4"].moves if not m.valid]
    assert unreadable and all(m.info["published"] == "Invalid Format" and m.raw for m in unreadable)
    extra_brace = records["01900f3b-a3da-77a1-aa65-6aca95457165#5"]
    accepted = [m for m in extra_brace.moves if m.raw and m.raw.endswith("}}")]
    assert accepted[0].valid and accepted[0].info["published"] == "Invalid Format"  # both verdicts kept
    assert extra_brace.source and extra_brace.source["sha256"] and extra_brace.source["row"] == 2


def test_the_report_counts_imported_games_as_the_paper_does(tmp_path: Path) -> None:
    db = tmp_path / "db"
    imported(db, "topsakal", PUBLISHED / "topsakal")
    report = arena("report", "--db", str(db), "--source", "topsakal", "--json", "--resamples", "20")
    assert report.returncode == 0, report.stderr
    data = json.loads(report.stdout)
    expected = published_tallies(PUBLISHED.joinpath("topsakal").glob("*_moves.csv"))
    shown = {
        (game, row["player"]): {k: row[k] for k in ("wins", "draws", "losses", "disqualified")}
        for game, board in data["games"].items()
        for row in board["players"]
    }
    assert set(shown) == set(expected)
    for key, tally in expected.items():
        assert shown[key] == {k: tally[k] for k in ("wins", "draws", "losses", "disqualified")}, key
    compared = data["published_vs_recomputed"]
    assert compared and all(row["paper"] == "topsakal" for row in compared)
    differing = [row for row in compared if row["differs"]]
    reasons = Counter(row["why"].split(";")[0] for row in differing)  # the fixture cuts sessions short
    assert sum(count for why, count in reasons.items() if why.startswith("only part of")) == 7
    assert reasons["not in the published leaderboard"] == 2  # the Gomoku session's leaderboard row is left out


def test_childplay_runs_are_rebuilt_from_their_boards_and_match_their_results(tmp_path: Path) -> None:
    db = tmp_path / "db"
    result = imported(db, "childplay", PUBLISHED / "childplay")
    assert result["games"] == 9 and result["added"] == 9
    assert result["task_sessions"] == result["task_sessions_added"] == 2  # Shapes: gpt-4o at T=0, gpt-4 at T=1.5
    files = {str(f["file"]): f for f in result["files"]}  # type: ignore[attr-defined]
    for name, file in files.items():
        assert file["games"] == file["games_agreeing"] and file["moves"] == file["moves_agreeing"]
        assert file["moves"] > 0 or name == "gpt4/1_5/cross"  # the older Shapes log keeps no verdict per answer
    again = imported(db, "childplay", PUBLISHED / "childplay")
    assert again["added"] == 0 and again["task_sessions_added"] == 0
    with MatchStore(db, read_only=True) as store:
        records = store.matches()
    connect_four = [r for r in records if r.game == "connect-four"]
    assert connect_four and all(r.game_options == {"rows": 7, "cols": 7} for r in connect_four)
    default = [r for r in records if r.outcome.termination == "invalid move"]
    assert len(default) == 3 and all(r.outcome.winner == 1 and not r.moves[-1].valid for r in default)
    battleship = [r for r in records if r.game == "battleship"]
    assert len(battleship) == 3 and all(r.game_options["side"] == 3 and r.game_options["fleets"] for r in battleship)
    assert {r.source["arena_result"] for r in battleship if r.source} == {"p1", "p2", "p2 by default"}
    assert any("\x1b[" in (m.prompt or [{}])[0].get("content", "") for r in records for m in r.moves) is False
    report = arena("report", "--db", str(db), "--source", "childplay", "--json", "--resamples", "20")
    assert report.returncode == 0, report.stderr
    compared = json.loads(report.stdout)["published_vs_recomputed"]
    assert len(compared) == 5 and all(row["why"].endswith("same") and not row["differs"] for row in compared)
    shapes = {row["player"]: row for row in compared if row["game"] == "shapes"}
    assert shapes["gpt-4"]["published"] == {"correct": 19, "answers": 25, "unreadable": 2}  # 2 replies not logged
    assert shapes["gpt-4o"]["arena"]["correct"] == 23
    sessions = arena("task", "sessions", "--db", str(db), "--json")
    assert sessions.returncode == 0 and {s["source"] for s in json.loads(sessions.stdout)} == {"childplay"}
    fresh = arena("task", "run", "shapes", "--items", "3", "--db", str(db))  # an import is never resumed
    assert fresh.returncode == 0 and "resuming" not in fresh.stdout and "already finished" not in fresh.stdout
    players = {row["player"] for board in json.loads(report.stdout)["games"].values() for row in board["players"]}
    assert "random (childplay)" in players and "llm:gpt-4 T=0 childplay" in players


def test_imported_text_stays_inert_in_show_and_transcripts(tmp_path: Path) -> None:
    db = tmp_path / "db"
    folder = tmp_path / "run" / "experiment_connectfour_gpt4_oneshot_temp_0"
    folder.mkdir(parents=True)
    games = json.loads((PUBLISHED / "childplay" / folder.name / "game_messages_connectfour.json").read_text())
    games[0][0] += " \x1b]0;owned\x07\x1b[2J"  # a hostile rules text besides the ANSI colours of the boards
    (folder / "game_messages_connectfour.json").write_text(json.dumps(games))
    imported(db, "childplay", folder)
    with MatchStore(db, read_only=True) as store:
        ids = [record.id for record in store.matches()]
    for output in [arena("show", ident, "--db", str(db)) for ident in ids]:
        assert output.returncode == 0 and not CONTROL.search(output.stdout + output.stderr)
    out = tmp_path / "report"
    assert arena("report", "--db", str(db), "--out", str(out), "--resamples", "10").returncode == 0
    for path in out.rglob("*.txt"):
        assert not CONTROL.search(path.read_text(encoding="utf-8")), path.name


def test_a_malformed_file_is_one_line_naming_its_row_and_nothing_is_recorded(tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    good = PUBLISHED / "topsakal" / "connect-four_list_240612-203105_all_moves.csv"
    (folder / good.name).write_bytes(good.read_bytes())
    bad = PUBLISHED / "topsakal" / "tic-tac-toe_illustration_240614-064150_all_moves.csv"
    lines = bad.read_text().splitlines()
    lines[3] = lines[3].replace('"Valid"', '"Sideways"', 1)
    (folder / bad.name).write_text("\n".join(lines) + "\n")
    db = tmp_path / "db"
    refused = arena("import", "--no-analyse", "topsakal", str(folder), "--db", str(db))
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1, refused.stderr
    assert bad.name in refused.stderr and "row 4" in refused.stderr and "Sideways" in refused.stderr
    with MatchStore(db, read_only=True) as store:
        assert len(store) == 0  # not even the good file's game
    for args in (("topsakal",), ("topsakal", "--published", str(folder)), ("chess", str(folder))):
        wrong = arena("import", "--no-analyse", *args, "--db", str(db))
        assert wrong.returncode == 2 and "Traceback" not in wrong.stderr


def test_the_shipped_logs_import_offline_and_check_lists_every_disagreement(tmp_path: Path) -> None:
    check = arena(
        "import",
        "--no-analyse",
        "topsakal",
        "--published",
        "--check",
        "--json",
        "--disagreements",
        str(tmp_path / "d.csv"),
    )
    assert check.returncode == 0, check.stderr
    files = json.loads(check.stdout)["files"]
    logged = [f for f in files if f["file"].endswith("_moves.csv")]
    assert len(logged) == 6 and sum(f["games"] for f in logged) == 900
    assert sum(f["moves"] for f in logged) == 15045 and sum(f["moves_agreeing"] for f in logged) == 15043
    rows = list(csv.reader((tmp_path / "d.csv").open(newline="")))
    assert rows[0] == ["file", "game", "move", "published", "arena", "why"] and len(rows) == 3
    assert not (tmp_path / "db").exists()  # --check records nothing
    childplay = arena("import", "--no-analyse", "childplay", "--published", "--db", str(tmp_path / "db"), "--json")
    assert childplay.returncode == 0, childplay.stderr
    assert json.loads(childplay.stdout)["added"] > 3000
    assert arena("import", "--no-analyse", "topsakal", "--published", "--db", str(tmp_path / "db")).returncode == 0
    report = arena("report", "--db", str(tmp_path / "db"), "--source", "topsakal", "--game", "tictactoe", "--json")
    compared = json.loads(report.stdout)["published_vs_recomputed"]
    assert len(compared) == 17  # 6 models x list and illustration, 5 with the image prompt
    differing = [row for row in compared if row["differs"]]
    assert len(differing) == 2 and all("network-error" in row["why"] for row in differing)


def test_every_published_topsakal_result_is_what_the_report_counts(tmp_path: Path) -> None:
    import tarfile

    with tarfile.open(ROOT / "arena" / "imports" / "published.tar.xz") as archive:
        archive.extractall(tmp_path, members=[m for m in archive.getmembers() if m.name.endswith("_all.csv")],
                           filter="data")  # fmt: skip
    expected = published_tallies((tmp_path / "topsakal" / "outputs").glob("*_all.csv"))
    db = str(tmp_path / "db")
    assert arena("import", "--no-analyse", "topsakal", "--published", "--db", db).returncode == 0
    report = arena("report", "--db", db, "--json", "--resamples", "0", "--grade-budget", "1")
    assert report.returncode == 0, report.stderr
    shown = {
        (game, row["player"]): {k: row[k] for k in ("wins", "draws", "losses", "disqualified")}
        for game, board in json.loads(report.stdout)["games"].items()
        for row in board["players"]
    }
    assert len(shown) == len(expected) == 51  # 6 models x 2 prompts + 5 with images, in 3 games
    for key, tally in expected.items():
        assert shown[key] == {k: tally[k] for k in ("wins", "draws", "losses", "disqualified")}, key


def test_check_writes_no_file_unless_asked_and_says_where(tmp_path: Path) -> None:
    """`--check` alone writes nothing into the current folder; `--check-out FILE` writes there and says so."""
    work = tmp_path / "work"
    work.mkdir()
    command = ("import", "--no-analyse", "topsakal", "--published", "--check")
    plain = arena(*command, cwd=work)
    assert plain.returncode == 0, plain.stderr
    assert list(work.iterdir()) == [] and "write them to a file with --check-out FILE" in plain.stdout
    missing = arena(*command, "--check-out", "out/d.csv", cwd=work)
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "cannot write out/d.csv" in missing.stderr
    asked = arena(*command, "--check-out", "d.csv", cwd=work)
    assert asked.returncode == 0 and f"2 disagreements written to {work / 'd.csv'}" in asked.stdout
    assert [p.name for p in work.iterdir()] == ["d.csv"]
