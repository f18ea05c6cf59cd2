"""Logged chess games replayed as they were played: a FEN start, Chess960, past 200 plies, on past a fivefold
repetition; what the rules cannot replay (a null move, a variant) refused in one line naming the game and the move
in PGN numbering; SAN as written counted against SAN replayed; a result header the board contradicts flagged."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn
import pytest

from arena.store import MatchStore
from tests.processes import run_arena

RUN = "engine_vs_llm/dragon-lvl-1/Kimi-K2.5/2026-03-07-09-21-08"
SHUFFLE = "Nf3 Nf6 Ng1 Ng8 " * 4  # the start position five times: a fivefold repetition after its 16th ply


def random_game(plies: int, seed: int, board: chess.Board | None = None) -> chess.pgn.Game:
    """A legal game of `plies` moves that no rule ends early (a seeded random mover that avoids endings)."""
    rng = random.Random(seed)
    board = board or chess.Board()
    game = chess.pgn.Game.from_board(board)
    node: chess.pgn.GameNode = game
    for _ in range(plies):
        moves = sorted(board.legal_moves, key=chess.Move.uci)
        rng.shuffle(moves)
        for move in moves:
            board.push(move)
            if board.outcome(claim_draw=False) is None and not board.is_repetition(3):
                break
            board.pop()
        else:
            raise AssertionError("no move keeps the game going")
        node = node.add_variation(board.peek())
    return game


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """One shipped LLM Chess log, to change."""
    from arena.imports.shipped import published_folder

    with published_folder("llm-chess") as shipped:
        first = sorted(p for p in (shipped / RUN).glob("*.json") if not p.name.startswith("_"))[0]
        return dict(json.loads(first.read_text()))


def llm_chess_log(folder: Path, name: str, template: dict[str, object], pgn: str, reason: str, plies: int,
                  winner: str = "NONE") -> Path:  # fmt: skip
    """A log of the benchmark's format with this PGN and ending."""
    run = folder / "_logs" / "engine_vs_llm" / "dragon-lvl-1" / "m" / "2026-01-01-00-00-00"
    run.mkdir(parents=True, exist_ok=True)
    data = dict(template) | {"pgn": pgn, "reason": reason, "winner": winner, "number_of_moves": plies}
    path = run / f"{name}.json"
    path.write_text(json.dumps(data))
    return path


def imported(db: Path, *args: str) -> dict[str, object]:
    ran = run_arena("import", "--no-analyse", *args, "--db", str(db), "--json")
    assert ran.returncode == 0, ran.stderr
    return dict(json.loads(ran.stdout))


def test_real_llm_chess_logs_the_old_rules_refused_import_as_played(
    tmp_path: Path, template: dict[str, object]
) -> None:
    start = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
    long_game = random_game(230, seed=3)
    white = str(template["player_white"]["name"])  # type: ignore[index]
    llm_chess_log(tmp_path, "fen", template, f'[SetUp "1"]\n[FEN "{start}"]\n\n1. Ra8# 1-0', "Checkmate", 1, white)
    llm_chess_log(tmp_path, "long", template, str(long_game.mainline_moves()), "Max moves reached", 230)
    llm_chess_log(tmp_path, "fivefold", template, f"{SHUFFLE}e4 e5", "Max moves reached", 18)
    ran = imported(tmp_path / "db", "llm-chess", str(tmp_path / "_logs"))
    assert ran["added"] == 3
    with MatchStore(tmp_path / "db") as store:
        records = {r.source["file"].rsplit("/", 1)[1]: r for r in store.matches() if r.source}
    assert records["fen.json"].game_options["fen"] == start and len(records["fen.json"].moves) == 1
    assert len(records["long.json"].moves) == 230 and records["long.json"].game_options["max_plies"] == 230
    fivefold = records["fivefold.json"]
    assert len(fivefold.moves) == 18 and fivefold.game_options["automatic_draws"] is False
    check: dict[str, int] = ran["files"][0]  # type: ignore[index]
    assert (check["games"], check["games_agreeing"]) == (3, 2)  # the fivefold one: the log played on past it
    # The analysis replays every record through the rules it names (grades aside: no engine, so it is quick).
    environment = {**os.environ, "ARENA_STOCKFISH": str(tmp_path / "no-engine")}
    report = subprocess.run([sys.executable, "-m", "arena", "report", "--db", str(tmp_path / "db"), "--json",
                             "--resamples", "0"], capture_output=True, text=True, env=environment)  # fmt: skip
    assert report.returncode == 0 and "Traceback" not in report.stderr, report.stderr
    assert "cannot be analysed" not in report.stderr and json.loads(report.stdout)["matches"] == 3


def test_a_null_move_is_refused_in_one_line_naming_file_and_move(tmp_path: Path, template: dict[str, object]) -> None:
    victim = llm_chess_log(tmp_path, "null", template, "1. e4 e5 2. -- Nc6", "Max moves reached", 4)
    ran = run_arena("import", "--no-analyse", "llm-chess", str(tmp_path / "_logs"), "--db", str(tmp_path / "db"))
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1, ran.stderr
    assert str(victim) in ran.stderr and "move 2. --: a null move" in ran.stderr
    assert "Traceback" not in ran.stderr and not list((tmp_path / "db").glob("matches-*.json"))


def test_moves_agree_only_when_written_as_the_rules_write_them(tmp_path: Path, template: dict[str, object]) -> None:
    """An over-specified move (`Ngf3`: only one knight reaches f3) is the same move written otherwise: counted as a
    move that does not agree, so the agreement is a count that can fail."""
    llm_chess_log(tmp_path, "written", template, "1. e4 e5 2. Ngf3 Nc6", "Max moves reached", 4)
    check: dict[str, int] = imported(tmp_path / "db", "llm-chess", str(tmp_path / "_logs"))["files"][0]  # type: ignore[index]
    assert (check["moves"], check["moves_agreeing"]) == (4, 3)


def test_a_pgn_file_imports_its_good_games_and_names_the_bad(tmp_path: Path) -> None:
    chess960 = random_game(40, seed=5, board=chess.Board.from_chess960_pos(300))
    chess960.headers["Variant"] = "Chess960"
    chess960.headers["Result"] = "*"
    pgn = tmp_path / "mixed.pgn"
    pgn.write_text(
        '[White "a"]\n[Black "b"]\n[Variant "Antichess"]\n[Result "0-1"]\n\n1. e3 b5 2. Bxb5 0-1\n\n'
        '[White "c"]\n[Black "d"]\n[Result "1/2-1/2"]\n[Date "????.??.??"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n\n'
        '[White "e"]\n[Black "f"]\n[Result "*"]\n[SetUp "1"]\n'
        '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"]\n\n1. e4 *\n\n'
        f"{chess960}\n"
    )
    ran = run_arena("import", "--no-analyse", "pgn", str(pgn), "--db", str(tmp_path / "db"))
    assert ran.returncode == 0, ran.stderr
    said = ran.stdout.replace("\n", " ")
    assert "game 1: a game of Antichess" in said and "the arena imports chess and Chess960 only" in said
    assert "game 3: field 'FEN': not a legal position: castling rights for a king or rook that has moved" in said
    assert "Status." not in said and "BAD_CASTLING" not in said
    with MatchStore(tmp_path / "db") as store:
        records = sorted(store.matches(), key=lambda r: r.index)
    assert [r.index for r in records] == [1, 3]  # games 2 and 4 of the file
    fools_mate, fischer = records
    assert fools_mate.outcome.winner == 1 and "the header says 1/2-1/2" in fools_mate.outcome.detail  # the board's
    assert fischer.game_options["chess960"] is True and len(fischer.moves) == 40
    exported = run_arena("report", "--db", str(tmp_path / "db"), "--out", str(tmp_path / "out"), "--grade-budget", "1")
    assert exported.returncode == 0, exported.stderr
    text = (tmp_path / "out" / "chess.pgn").read_text(encoding="utf-8")
    assert '[Date "????.??.??"]' in text and "0000.00.00" not in text and "1970" not in text.split("Chess960")[0]
    assert '[Variant "Chess960"]' in text


def test_an_illegal_move_is_named_in_pgn_numbering(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pgn"
    bad.write_text('[White "a"]\n[Black "b"]\n[Result "*"]\n[SetUp "1"]\n[FEN "6k1/8/8/8/8/8/8/R5K1 b - - 0 30"]\n\n'
                   "30... Kf7 31. Ra7+ Kg6 32. Ra8 Kg8 *\n")  # fmt: skip
    ran = run_arena("import", "--no-analyse", "pgn", str(bad), "--db", str(tmp_path / "db"))
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1, ran.stderr
    assert "bad.pgn, game 1: move 32... Kg8: not a legal move in that position" in ran.stderr, ran.stderr
