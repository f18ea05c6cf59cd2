"""Chess through the game API: every ending, castling and en passant edges, promotions, lenient move reading."""

from __future__ import annotations

import random

import chess
import pytest

from games.base import IllegalMove, InvalidMove
from games.chess import Chess, ChessState
from games.chess.openings import OPENINGS
from games.registry import make_game

GAME = Chess()


def at(fen: str, game: Chess = GAME) -> ChessState:
    return game.from_fen(fen)


def play(state: ChessState, *moves: str, game: Chess = GAME) -> ChessState:
    for text in moves:
        state = game.apply(state, game.parse_move(state, text))
    return state


def test_fools_mate_is_won_by_black() -> None:
    end = play(GAME.initial_state(), "f3", "e5", "g4", "Qh4#")
    assert GAME.outcome(end) is not None and GAME.outcome(end).winner == 1  # type: ignore[union-attr]
    assert GAME.outcome(end).reason == "checkmate"  # type: ignore[union-attr]
    assert GAME.legal_moves(end) == [] and GAME.ply(end) == 4


@pytest.mark.parametrize(
    "fen, why",
    [
        ("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "through check"),
        ("4k3/8/8/8/8/8/8/r3K2R w K - 0 1", "out of check"),
        ("4k3/8/8/8/8/8/8/4K1NR w K - 0 1", "through a piece"),
    ],
)
def test_castling_is_refused_where_the_laws_refuse_it(fen: str, why: str) -> None:
    state = at(fen)
    for text in ("O-O", "0-0", "e1g1"):
        with pytest.raises(IllegalMove):
            GAME.parse_move(state, text)


def test_castling_is_read_in_every_spelling_where_legal() -> None:
    state = at("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    short = chess.Move.from_uci("e1g1")
    assert {GAME.parse_move(state, t) for t in ("O-O", "0-0", "o-o", "O-O+", "e1g1")} == {short}
    assert GAME.parse_move(state, "0-0-0") == chess.Move.from_uci("e1c1")


def test_en_passant_only_right_after_the_double_step() -> None:
    state = at("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1")
    state = play(state, "d5")
    assert {GAME.parse_move(state, t) for t in ("exd6", "exd6 e.p.", "e5d6", "e5xd6")} == {chess.Move.from_uci("e5d6")}
    later = play(state, "Kd2", "Ke7")
    with pytest.raises(IllegalMove):
        GAME.parse_move(later, "exd6")


@pytest.mark.parametrize("piece", ["q", "r", "b", "n"])
def test_every_promotion_in_every_spelling(piece: str) -> None:
    state = at("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    wanted = chess.Move.from_uci(f"a7a8{piece}")
    for text in (f"a8={piece.upper()}", f"a8{piece.upper()}", f"a7a8{piece}", f"a8={piece.upper()}+"):
        assert GAME.parse_move(state, text) == wanted
    with pytest.raises(IllegalMove, match="say the piece"):
        GAME.parse_move(state, "a7a8")


def test_stalemate_and_insufficient_material_are_draws() -> None:
    stale = GAME.outcome(at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
    bare = GAME.outcome(at("8/8/8/8/8/8/8/K6k w - - 0 1"))
    assert stale is not None and stale.winner is None and stale.reason == "stalemate"
    assert bare is not None and bare.winner is None and bare.reason == "insufficient material"


def test_repetition_is_claimed_at_three_and_automatic_at_five() -> None:
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
    three = play(GAME.initial_state(), *shuffle, *shuffle)
    assert GAME.outcome(three).reason == "threefold repetition (claimed)"  # type: ignore[union-attr]
    unclaimed = Chess(claims=False)
    state = play(unclaimed.initial_state(), *shuffle, *shuffle, game=unclaimed)
    assert unclaimed.outcome(state) is None
    state = play(state, *shuffle, *shuffle, game=unclaimed)
    assert unclaimed.outcome(state).reason == "fivefold repetition"  # type: ignore[union-attr]


def test_fifty_moves_are_claimed_and_seventy_five_end_the_game() -> None:
    start = at("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    assert GAME.outcome(start) is None  # a claim is made once the hundredth quiet move is played, not before
    fifty = play(start, "Ra2")
    assert GAME.outcome(fifty).reason == "fifty-move rule (claimed)"  # type: ignore[union-attr]
    unclaimed = Chess(claims=False)
    assert unclaimed.outcome(play(at("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", unclaimed), "Ra2", game=unclaimed)) is None
    seventy_five = play(at("4k3/8/8/8/8/8/8/R3K3 w - - 148 80", unclaimed), "Ra2", "Kd7", game=unclaimed)
    assert unclaimed.outcome(seventy_five).reason == "seventy-five-move rule"  # type: ignore[union-attr]


def test_the_move_limit_is_adjudicated_a_draw() -> None:
    short = Chess(max_plies=4)
    end = play(short.initial_state(), "e4", "e5", "Nf3", "Nc6", game=short)
    ended = short.outcome(end)
    assert ended is not None and ended.winner is None and ended.reason.startswith("move limit (4 plies")
    with pytest.raises(IllegalMove, match="over"):
        short.parse_move(end, "Bb5")


@pytest.mark.parametrize(
    "text, error",
    [
        ("Nd2", IllegalMove),  # two knights can go there
        ("Ke4", IllegalMove),
        ("xyz", InvalidMove),
        ("", InvalidMove),
        ("e" * 40, InvalidMove),
        ("9" * 5000, InvalidMove),
        ("Qh9", InvalidMove),
    ],
)
def test_unreadable_illegal_and_ambiguous_moves_say_why(text: str, error: type[Exception]) -> None:
    state = at("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(error):
        GAME.parse_move(state, text)


def test_ambiguity_is_named_and_a_file_resolves_it() -> None:
    state = at("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(IllegalMove, match="ambiguous"):
        GAME.parse_move(state, "Nd2")
    assert GAME.parse_move(state, "Nbd2") == chess.Move.from_uci("b1d2")
    assert GAME.parse_move(state, "`Nfd2+!`") == chess.Move.from_uci("f1d2")


def test_every_shipped_opening_is_legal_and_book_picks_by_seed() -> None:
    for name in OPENINGS:
        state = Chess(opening=name).initial_state()
        assert state.opening == name and GAME.ply(state) == 0 and state.start_plies > 0
    book = Chess(opening="book")
    picked = {book.initial_state(random.Random(seed)).opening for seed in range(40)}
    assert (
        len(picked) > 5 and book.initial_state(random.Random(7)).opening == book.initial_state(random.Random(7)).opening
    )


def test_renderings_and_options() -> None:
    state = play(GAME.initial_state(), "e4", "e5")
    assert GAME.render(state).splitlines()[0] == "8 r n b q k b n r" and "White to move" in GAME.render(state)
    assert "♜" in GAME.render(state, "unicode")
    assert GAME.render(state, "fen").startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/")
    assert GAME.render(state, "pgn") == "1. e4 e5"
    assert GAME.move_text(chess.Move.from_uci("e7e8q")) == "e7e8q"
    with pytest.raises(ValueError, match="max_plies"):
        make_game("chess", max_plies=0)
    with pytest.raises(ValueError, match="true or false"):
        make_game("chess", claims="yes")
    with pytest.raises(ValueError, match="not a legal position"):
        GAME.from_fen("8/8/8/8/8/8/8/8 w - - 0 1")


def test_a_replay_in_place_reaches_the_same_positions_and_endings_as_apply() -> None:
    game = Chess(max_plies=60)
    rng = random.Random(5)
    copied = game.initial_state()
    moved = game.initial_state()
    while game.outcome(copied) is None:
        move = rng.choice(game.legal_moves(copied))
        copied = game.apply(copied, move)
        moved = game.apply_in_place(moved, move)
        assert moved.board.fen() == copied.board.fen() and game.outcome(moved) == game.outcome(copied)
    assert game.ply(moved) == game.ply(copied) > 0
