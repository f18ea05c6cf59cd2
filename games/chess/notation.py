"""Reading a move however people and models write it: SAN or UCI, check and mate marks, 0-0, e8=Q / e8Q / e7e8q."""

from __future__ import annotations

import re

import chess

from games.base import IllegalMove, InvalidMove

LONGEST = 24  # characters of a move with every decoration; longer text is not a move
ANNOTATION = re.compile(r"(\s*e\.?p\.?\s*$)|([+#!?]+$)", re.IGNORECASE)
UCI = re.compile(r"^([a-h][1-8])[-x:]?([a-h][1-8])=?([qrbn])?$", re.IGNORECASE)
CASTLE = {"0-0-0": "O-O-O", "o-o-o": "O-O-O", "0-0": "O-O", "o-o": "O-O"}
BARE_PROMOTION = re.compile(r"^(.*[a-h][18])([QRBN])$")


def tidy(text: str) -> str:
    """The move without quotes, trailing marks, `e.p.` or spaces; castling with letter O."""
    move = text.strip().strip("`'\".,;")
    previous = None
    while previous != move:  # `Qxf7#!` and `exd6 e.p.+` lose every mark
        previous = move
        move = ANNOTATION.sub("", move).strip()
    return CASTLE.get(move.lower(), move)


def read_move(board: chess.Board, text: str) -> chess.Move:
    """The legal move `text` names in `board`; InvalidMove if it names none, IllegalMove if not legal here."""
    if len(text) > LONGEST:
        raise InvalidMove(f"{text[:LONGEST]!r}... is too long to be a move")
    move = tidy(text)
    if not move:
        raise InvalidMove("no move given")
    coordinates = UCI.match(move)
    if coordinates and not re.match(r"^[KQRBN]", move):
        uci = (coordinates[1] + coordinates[2] + (coordinates[3] or "")).lower()
        found = chess.Move.from_uci(uci)
        if found not in board.legal_moves:
            promotion = chess.Move.from_uci(uci + "q")
            if not coordinates[3] and promotion in board.legal_moves:
                raise IllegalMove(f"{text.strip()} reaches the last rank: say the piece (e.g. {uci}q)")
            raise IllegalMove(f"{text.strip()} is not a legal move here")
        return found
    bare = BARE_PROMOTION.match(move)
    if bare and "=" not in move:
        move = f"{bare[1]}={bare[2]}"
    try:
        return board.parse_san(move)
    except chess.AmbiguousMoveError:
        raise IllegalMove(f"{text.strip()} is ambiguous here: say which piece (e.g. with its file)") from None
    except chess.IllegalMoveError:
        raise IllegalMove(f"{text.strip()} is not a legal move here") from None
    except chess.InvalidMoveError:
        raise InvalidMove(f"{text.strip()!r} is not a move in SAN (Nf3, exd5, O-O) or UCI (g1f3)") from None
