"""Opening theory: Lichess's named openings matched by position (transpositions count), the ply a game leaves book,
the shipped book file equal to what the TSV files give, and the report's in/out-of-book figures."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import chess

from games.chess.theory import BUILT, book, book_exit, build_book, sources_digest
from tests.processes import ROOT


def moves(*sans: str, board: chess.Board | None = None) -> list[chess.Move]:
    board = (board or chess.Board()).copy()
    played = []
    for san in sans:
        played.append(board.parse_san(san))
        board.push(played[-1])
    return played


def test_a_game_leaves_book_at_its_first_move_out_and_is_named_by_its_last_named_position() -> None:
    found = book_exit(chess.Board(), moves("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "h4"))
    assert (found.ply, found.name, found.in_book) == (11, "Ruy Lopez: Closed", True)
    transposed = book_exit(chess.Board(), moves("Nf3", "Nc6", "e4", "e5", "Bb5"))  # another order, the same position
    assert transposed.ply is None and transposed.name == "Ruy Lopez"
    early = book_exit(chess.Board(), moves("a3", "h6", "h3", "a6"))
    assert early.ply is not None and early.ply <= 4 and early.name == "Anderssen's Opening"


def test_a_game_from_another_start_has_no_book() -> None:
    start = chess.Board.from_chess960_pos(0)
    assert book_exit(start, moves("e4", board=start)) == book_exit(start, []) and not book_exit(start, []).in_book
    fen = chess.Board("8/8/8/8/8/8/8/K6k w - - 0 1")
    assert not book_exit(fen, []).in_book


def test_the_shipped_book_is_what_the_tsv_files_give() -> None:
    shipped = json.loads(gzip.decompress(BUILT.read_bytes()))
    assert shipped["sources"] == sources_digest()
    built = build_book()
    assert set(shipped["positions"]) == built.positions and shipped["names"] == built.names
    assert len(book().names) == 3807 and book() == built


def test_the_report_splits_a_chess_players_moves_in_and_out_of_book_beside_the_random_movers(tmp_path: Path) -> None:
    db = str(tmp_path / "db")
    run = [sys.executable, "-m", "arena"]
    played = subprocess.run([*run, "--batch", "--game", "chess", "--players", "stockfish:nodes=3000", "random",
                             "--games", "2", "--swap-seats", "--db", db], capture_output=True, text=True, cwd=ROOT,
                            timeout=900)  # fmt: skip
    assert played.returncode == 0, played.stderr
    shown = subprocess.run([*run, "report", "--db", db, "--json"], capture_output=True, text=True, cwd=ROOT,
                           timeout=900)  # fmt: skip
    board = json.loads(shown.stdout)["games"]["chess"]
    book_section = board["book"]
    assert len(book_section["games"]) == 2 and all(g["exit_ply"] for g in book_section["games"])
    for row in board["players"]:
        slices = book_section["players"][row["player"]]
        assert slices["in book"]["turns"] + slices["out of book"]["turns"] == row["turns"]
        bands = [name for name in ("1-10", "11-20", "21-40", "41+") if name in slices]
        assert sum(slices[name]["turns"] for name in bands) == row["turns"]
        out = slices["out of book"]
        assert out["accuracy"] is not None and out["random_accuracy"] is not None and out["random_best"] is not None
    engine = book_section["players"]["stockfish:nodes=3000"]["out of book"]
    assert engine["accuracy"] > engine["random_accuracy"]  # the engine beside the random mover, same positions
    text = subprocess.run([*run, "report", "--db", db], capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert "in and out of book" in text.stdout and "left Lichess's named openings" in text.stdout
