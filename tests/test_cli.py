"""The `arena` command as a user runs it: batch summaries, solve, and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.store import MatchStore

ROOT = Path(__file__).resolve().parent.parent


def arena(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The CLI in a subprocess; run outside the project, its default database goes under `cwd/home`."""
    env = os.environ | ({"ARENA_HOME": str(cwd / "home")} if cwd != ROOT else {})
    return subprocess.run(
        [sys.executable, "-m", "arena", *args], capture_output=True, text=True, cwd=cwd, timeout=300, env=env
    )


def test_batch_json_summary_per_player_and_seat(db_path: Path) -> None:
    result = arena(
        "--batch",
        "--game",
        "tictactoe",
        "--players",
        "minimax",
        "random",
        "--games",
        "40",
        "--seed",
        "7",
        "--swap-seats",
        "--db",
        str(db_path),
        "--json",
    )
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["matches"] == 40
    rows = {(p["spec"], p["seat"]): p for p in summary["players"]}
    assert set(rows) == {("minimax", "first"), ("minimax", "second"), ("random", "first"), ("random", "second")}
    for row in summary["players"]:
        assert {"spec", "seat", "wins", "draws", "losses", "invalid_moves"} <= set(row)
        assert row["wins"] + row["draws"] + row["losses"] == 20
    assert rows[("minimax", "first")]["losses"] == 0 and rows[("minimax", "second")]["losses"] == 0
    assert rows[("minimax", "first")]["wins"] == rows[("random", "second")]["losses"]
    with MatchStore(db_path) as store:
        records = store.matches()
    assert len(records) == 40 and len({r.id for r in records}) == 40


def test_batch_table_and_default_database_location(tmp_path: Path) -> None:
    result = arena(
        "--batch",
        "--game",
        "battleship",
        "--preset",
        "childplay",
        "--players",
        "minimax",
        "random",
        "--games",
        "4",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "wins" in result.stdout and "invalid" in result.stdout and "4 matches" in result.stdout
    assert not (tmp_path / "saves").exists()  # never wherever the command happened to run
    assert (
        tmp_path / "home" / "arena" / "arena-store.json"
    ).exists()  # $ARENA_HOME (set by `arena` below), else the data folder


def test_the_default_database_is_saves_in_the_project_and_the_data_folder_elsewhere(tmp_path: Path) -> None:
    from arena.paths import default_db, project_root

    assert project_root(ROOT) and not project_root(tmp_path)
    script = "from arena.paths import default_db; print(default_db())"
    env = {k: v for k, v in os.environ.items() if k != "ARENA_HOME"} | {"XDG_DATA_HOME": str(tmp_path / "data")}
    inside = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env)
    outside = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert inside.stdout.strip() == "saves/arena"
    assert outside.stdout.strip() == str(tmp_path / "data" / "arena" / "arena")
    assert default_db().name == "arena"


def test_same_seed_gives_the_same_results(db_path: Path) -> None:
    args = (
        "--batch",
        "--game",
        "connect-four",
        "--players",
        "random",
        "random",
        "--games",
        "10",
        "--seed",
        "3",
        "--json",
        "--db",
        str(db_path),
    )
    first, second = json.loads(arena(*args).stdout), json.loads(arena(*args).stdout)
    strip = [{k: v for k, v in p.items() if k != "seconds"} for p in first["players"]]
    assert strip == [{k: v for k, v in p.items() if k != "seconds"} for p in second["players"]]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--batch", "--game", "go"), "unknown game 'go'"),
        (("--batch", "--players", "minimax", "wizard"), "unknown player 'wizard'"),
        (("--batch", "--games", "0"), "--games: 0 must be at least 1"),
        (("--batch", "--games", "many"), "'many' is not a whole number"),
        (("--batch", "--game", "connect-four", "--rows", "30"), "4 to 9 rows"),
        (("--batch", "--game", "battleship", "--preset", "huge"), "unknown Battleship preset 'huge'"),
        (("--batch", "--game", "battleship", "--k", "3"), "battleship has no option 'k'"),
        (("--batch", "--players", "minimax:fast", "random"), "time budget must be a number"),
        (("--batch", "--budget", "-1"), "--budget"),
        (("--batch", "--budget", "nan"), "--budget"),
        (("--batch", "--games", "1000000000000"), "split it into several runs"),
        (("--batch", "--players", "minimax:level=9", "random"), "level must be one of"),
        (("--batch", "--players", "minimax:0.5,depth=3", "random"), "minimax takes SECONDS"),
        (("--batch", "--players", "human", "random"), "human players need the app"),
        (("--games", "3"), "add --batch"),
        (("solve", "connect-four", "1", "--budget", "0"), "--budget"),
        (("--frobnicate",), "unrecognized arguments"),
        (("solve", "connect-four", "12a"), "not a column digit"),
        (("solve", "connect-four", "1111111"), "column 1 is full"),
        (("solve", "tictactoe", "XXX456789"), "cannot happen"),
        (("solve", "battleship", "1"), "no position to solve"),
        (("solve", "connect-four", "1", "--preset", "classic"), "unrecognized arguments: --preset"),
        (("--batch", "--rows", "100000", "--cols", "100000"), "boards run up to 30 rows"),
        (("tournament", "/dev/zero"), "is not a regular file"),
        (("--batch", "--players", "llm:openai/x;reasoning_effort=ultra", "random"), "reasoning_effort is one of"),
        (("--batch", "--players", "llm:openai/x;constrained=maybe", "random"), "constrained is yes or no"),
        (("--batch", "--players", "llm:openai/x;temperature=1;temperature=0", "random"), "given twice"),
        (("--batch", "--players", "minimax:level=1,level=2", "random"), "minimax level is given twice"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(args: tuple[str, ...], message: str, db_path: Path) -> None:
    result = arena(*args, "--db", str(db_path)) if args[0].startswith("--") else arena(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert "Traceback" not in result.stderr


def test_solve_connect_four_ends_with_the_exact_score() -> None:
    result = arena("solve", "connect-four", "2252576253462244111563365343671351441")
    assert result.returncode == 0
    assert result.stdout.strip().splitlines()[-1] == "-1"


def test_solve_connect_four_from_the_empty_board() -> None:
    result = arena("solve", "connect-four", "")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "1" and "best move: column 4" in lines


def test_solve_tictactoe_lists_every_move() -> None:
    result = arena("solve", "tictactoe", "XX3O5O789")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "+1" and "best move: 1,3" in lines
    assert sum(1 for line in lines if "game ends at" in line) == 5
    assert lines[0].split() == ["1", "2", "3"] and lines[1].split() == ["1", "X", "X", "."]  # 1-based, as moves


def test_solve_gomoku_blocks_a_four() -> None:
    result = arena("solve", "gomoku", "8,8 1,1 8,9 1,2 8,10 1,3 15,15 1,4", "--budget", "0.1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "engine move: 1,5"


def test_version_is_printed() -> None:
    from importlib.metadata import version

    result = arena("--version")
    assert result.returncode == 0 and result.stdout == f"arena {version('arena')}\n"  # the installed metadata's


def test_players_parsed_from_flags_hide_an_api_bases_credentials() -> None:
    from arena.cli.play import main_parser

    args = main_parser().parse_args(["--players", "llm:openai/x;api_base=https://ann:s3cret@h/v1", "random"])
    assert "s3cret" not in args.players[0] and "ann" not in args.players[0]
    assert args.players[0].startswith("llm:openai/x;api_base=https://") and args.players[1] == "random"


def test_solve_prints_the_score_first_then_every_column_and_ends_with_it() -> None:
    result = arena("solve", "connect-four", "7346255533123363557")
    lines = result.stdout.strip().splitlines()
    assert result.returncode == 0 and lines[-1] == "-11"
    assert any(line.startswith("score: -11") for line in lines)
    assert any(line.startswith("column scores:") for line in lines)
    budgeted = arena("solve", "connect-four", "", "--rows", "7", "--budget", "0.3")
    assert budgeted.returncode == 0 and "no exact score within 0.3 s" in budgeted.stdout


def test_batch_with_levels_and_budgets_records_the_engine_verdicts(db_path: Path) -> None:
    from arena.store import MatchStore

    result = arena(
        "--batch", "--game", "connect-four", "--players", "minimax:0.2,level=5", "minimax:level=1", "--db", str(db_path)
    )
    assert result.returncode == 0, result.stderr
    with MatchStore(db_path) as store:
        record = store.matches()[0]
    assert record.players[0].settings == {"seed": record.players[0].settings["seed"], "budget": 0.2, "level": 5}
    engine_moves = [m.info for m in record.moves if m.seat == 0]
    assert all({"exact", "depth", "nodes", "engine_seconds"} <= set(info) for info in engine_moves)


def test_scripted_players_take_moves_written_as_everywhere(db_path: Path) -> None:
    result = arena("--batch", "--players", "scripted:2,2;1,1;3,3", "scripted:1,2;2,1", "--db", str(db_path), "--json")
    assert result.returncode == 0, result.stderr
    from arena.store import MatchStore

    with MatchStore(db_path) as store:
        record = store.matches()[0]
    assert [m.move for m in record.moves] == ["2,2", "1,2", "1,1", "2,1", "3,3"] and record.outcome.winner == 0


def test_more_bad_input_gets_one_line(tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 3000 + "]" * 3000 + "\n")
    example = (ROOT / "examples" / "zero-based-prompt.toml").read_text()
    spec = tmp_path / "wide.toml"
    spec.write_text(example.replace("{rules}", "{rules:>300000000}", 1))
    sneaky = tmp_path / "sneaky.toml"
    sneaky.write_text(example.replace("{rules}", "{rules.__class__}", 1))
    cases = [
        (("tournament", str(deep)), "nest"),
        (("--batch", "--players", "llm:openai/x", "random", "--prompt", str(spec), "--api-base", "http://127.0.0.1:9/v1"),
         "not a plain placeholder"),
        (("--batch", "--players", "llm:openai/x", "random", "--prompt", str(sneaky), "--api-base", "http://127.0.0.1:9/v1"),
         "not a plain placeholder"),
        (("--batch", "--games", "1", "--db", str(tmp_path / ("x" * 300))), "name too long"),
    ]  # fmt: skip
    for args, message in cases:
        result = arena(*args)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2 and len(lines) == 1 and message in lines[0].lower(), (args, result.stderr[-300:])
    for args in (("show", "--db", str(tmp_path / "nothing")), ("report", "--db", str(tmp_path / "nothing"))):
        result = arena(*args)
        assert result.returncode in (1, 2) and "Traceback" not in result.stderr and "None" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
