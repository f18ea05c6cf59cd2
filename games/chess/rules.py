"""Chess behind the arena's game protocol: seat 0 plays White; every ending of the laws, and a move limit.

Draws a player may claim (threefold repetition, the fifty-move rule) are claimed for the players once they have
happened, as engine tournaments adjudicate them; `claims=False` leaves only their automatic forms (fivefold, 75
moves), as in games imported from a benchmark that never claimed. A game reaching `max_plies` moves of its own is
adjudicated a draw ("move limit"). The arena writes moves in UCI (`e2e4`, `e7e8q`); `parse_move` reads SAN and UCI
leniently (see notation).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import chess

from games.base import IllegalMove, Outcome
from games.chess.notation import read_move
from games.chess.openings import OPENINGS

RENDER_STYLES = ("ascii", "unicode", "fen", "pgn")
MAX_PLIES = 1000
REASONS = {
    chess.Termination.CHECKMATE: "checkmate",
    chess.Termination.STALEMATE: "stalemate",
    chess.Termination.INSUFFICIENT_MATERIAL: "insufficient material",
    chess.Termination.SEVENTYFIVE_MOVES: "seventy-five-move rule",
    chess.Termination.FIVEFOLD_REPETITION: "fivefold repetition",
    chess.Termination.FIFTY_MOVES: "fifty-move rule (claimed)",
    chess.Termination.THREEFOLD_REPETITION: "threefold repetition (claimed)",
}


AUTOMATIC_DRAWS = (chess.Termination.FIVEFOLD_REPETITION, chess.Termination.SEVENTYFIVE_MOVES)
STATUS_WORDS = {
    chess.STATUS_NO_WHITE_KING: "White has no king",
    chess.STATUS_NO_BLACK_KING: "Black has no king",
    chess.STATUS_TOO_MANY_KINGS: "too many kings",
    chess.STATUS_TOO_MANY_WHITE_PAWNS: "White has more than 8 pawns",
    chess.STATUS_TOO_MANY_BLACK_PAWNS: "Black has more than 8 pawns",
    chess.STATUS_PAWNS_ON_BACKRANK: "a pawn stands on the first or last rank",
    chess.STATUS_TOO_MANY_WHITE_PIECES: "White has more than 16 pieces",
    chess.STATUS_TOO_MANY_BLACK_PIECES: "Black has more than 16 pieces",
    chess.STATUS_BAD_CASTLING_RIGHTS: "castling rights for a king or rook that has moved",
    chess.STATUS_INVALID_EP_SQUARE: "an en passant square no pawn could have passed",
    chess.STATUS_OPPOSITE_CHECK: "the side not to move is in check",
    chess.STATUS_EMPTY: "an empty board",
    chess.STATUS_RACE_CHECK: "a king in check in a race position",
    chess.STATUS_RACE_OVER: "a race that is over",
    chess.STATUS_RACE_MATERIAL: "race material",
    chess.STATUS_TOO_MANY_CHECKERS: "a king checked by more than two pieces",
    chess.STATUS_IMPOSSIBLE_CHECK: "a check no last move could have given",
}


def status_words(status: chess.Status) -> str:
    """What is wrong with a position, in words (never python-chess's flag names)."""
    found = [words for flag, words in STATUS_WORDS.items() if status & flag]
    return "; ".join(found) or "not a legal position"


def chess960_number(opening: str) -> int | None:
    """-1 for `chess960` (the seed draws the start), N for `chess960:N` (0-959), None for another opening."""
    name, colon, number = opening.partition(":")
    if name != "chess960":
        return None
    if not colon:
        return -1
    return int(number) if number.isdigit() and int(number) < 960 else None


@dataclass(frozen=True)
class ChessState:
    """A position with the moves that led to it (repetitions need them); never changed once made."""

    board: chess.Board
    start_plies: int = 0  # moves of the opening the match started from: not the players'
    opening: str = ""
    outcome_cache: list[Outcome | None] = field(default_factory=list, compare=False, repr=False)


@dataclass(frozen=True)
class Chess:
    """The laws of chess; `opening="book"` starts each match from one of the shipped openings, chosen by its seed."""

    max_plies: int = 200
    opening: str = ""
    claims: bool = True  # threefold repetition and the fifty-move rule end the game (off: only their automatic forms)
    fen: str = ""  # a position to start from instead of the initial one (a game imported from PGN)
    chess960: bool = False  # Chess960's castling (the king to its castled square, whichever file the rook is on)
    automatic_draws: bool = True  # fivefold repetition and the 75-move rule end the game (off: an imported log
    # that played on past them is replayed as it was played)
    name: str = "chess"

    def __post_init__(self) -> None:
        if not 1 <= self.max_plies <= MAX_PLIES:
            raise ValueError(f"max_plies: from 1 to {MAX_PLIES}, not {self.max_plies}")
        if self.opening not in ("", "book", *OPENINGS) and chess960_number(self.opening) is None:
            raise ValueError(f"opening: 'book', 'chess960', 'chess960:N' (N from 0 to 959), one of the shipped "
                             f"openings or nothing, not {self.opening!r}")  # fmt: skip
        if self.fen:
            self.from_fen(self.fen)  # ValueError names what is wrong with it

    def options(self) -> dict[str, Any]:
        """The move limit, the opening rule, whether draws are claimed for the players, and a start position if any."""
        chosen: dict[str, Any] = {"max_plies": self.max_plies, "opening": self.opening, "claims": self.claims}
        rare = {"chess960": self.chess960, "automatic_draws": self.automatic_draws}
        chosen |= {name: value for name, value in rare.items() if value != (name == "automatic_draws")}
        return chosen | ({"fen": self.fen} if self.fen else {})

    def initial_state(self, rng: random.Random | None = None) -> ChessState:
        """The start (or the given FEN), or the opening the match's seed picks (a named one always)."""
        if self.fen:
            return self.from_fen(self.fen)
        name = self.opening
        if name == "book":
            name = sorted(OPENINGS)[(rng or random.Random(0)).randrange(len(OPENINGS))]
        number = chess960_number(name)
        if number is not None:  # a Chess960 start: the match's seed draws it unless the option names it
            number = (rng or random.Random(0)).randrange(960) if number < 0 else number
            return ChessState(chess.Board.from_chess960_pos(number), 0, f"Chess960 #{number}")
        board = chess.Board()
        for san in OPENINGS.get(name, "").split():
            board.push_san(san)
        return ChessState(board, len(board.move_stack), name)

    def from_fen(self, fen: str) -> ChessState:
        """A position given as FEN; ValueError names what is wrong with it."""
        try:
            board = chess.Board(fen, chess960=self.chess960)
        except ValueError as error:
            raise ValueError(f"not a FEN position: {error}") from None
        status = board.status()
        if status != chess.STATUS_VALID:
            raise ValueError(f"not a legal position: {status_words(status)}")
        return ChessState(board)

    def to_move(self, state: ChessState) -> int:
        """0 when White is to move."""
        return 0 if state.board.turn == chess.WHITE else 1

    def ply(self, state: ChessState) -> int:
        """Moves played in this match (the opening's excluded)."""
        return len(state.board.move_stack) - state.start_plies

    def legal_moves(self, state: ChessState) -> list[chess.Move]:
        """Every legal move in UCI order; none once the game is over."""
        if self.outcome(state) is not None:
            return []
        return sorted(state.board.legal_moves, key=chess.Move.uci)

    def apply(self, state: ChessState, move: chess.Move) -> ChessState:
        """The position after `move`; IllegalMove if it is not legal here."""
        if self.outcome(state) is not None:
            raise IllegalMove("the game is over")
        if move not in state.board.legal_moves:
            raise IllegalMove(f"{move.uci()} is not a legal move here")
        board = state.board.copy()
        board.push(move)
        return ChessState(board, state.start_plies, state.opening)

    def apply_in_place(self, state: ChessState, move: chess.Move) -> ChessState:
        """`apply` for a caller that owns `state` and never looks back at it (a replay): moved on, not copied.

        Copying a board copies every earlier position; a replay of a long game would copy them all at each move.
        """
        if self.outcome(state) is not None:
            raise IllegalMove("the game is over")
        if move not in state.board.legal_moves:
            raise IllegalMove(f"{move.uci()} is not a legal move here")
        state.board.push(move)
        state.outcome_cache.clear()
        return state

    def outcome(self, state: ChessState) -> Outcome | None:
        """Mate, a draw by the laws (claims made for the players), or the move limit; None while play goes on."""
        if state.outcome_cache:
            return state.outcome_cache[0]
        board = state.board
        ended = board.outcome(claim_draw=False)
        if ended is not None and not self.automatic_draws and ended.termination in AUTOMATIC_DRAWS:
            ended = None
        found: Outcome | None = None
        if ended is not None:
            winner = None if ended.winner is None else (0 if ended.winner == chess.WHITE else 1)
            found = Outcome(winner, REASONS[ended.termination])
        elif self.claims and board.is_repetition(3):  # claimed once it has happened, not on announcing a move
            found = Outcome(None, REASONS[chess.Termination.THREEFOLD_REPETITION])
        elif self.claims and board.halfmove_clock >= 100:
            found = Outcome(None, REASONS[chess.Termination.FIFTY_MOVES])
        elif self.ply(state) >= self.max_plies:
            found = Outcome(None, f"move limit ({self.max_plies} plies, adjudicated a draw)")
        state.outcome_cache.append(found)
        return found

    def parse_move(self, state: ChessState, text: str) -> chess.Move:
        """A move in SAN or UCI, read leniently; InvalidMove if unreadable, IllegalMove if not legal here."""
        if self.outcome(state) is not None:
            raise IllegalMove("the game is over")
        return read_move(state.board, text)

    def move_text(self, move: chess.Move) -> str:
        """UCI (`e2e4`, `e7e8q`), which `parse_move` reads back in any position where it is legal."""
        return move.uci()

    def san(self, state: ChessState, move: chess.Move) -> str:
        """The move in SAN in this position (`Nf3`, `exd5`, `O-O`, `e8=Q+`)."""
        return state.board.san(move)

    def render(self, state: ChessState, style: str = "ascii", seat: int | None = None) -> str:
        """A diagram with coordinates (letters or figurines), the FEN, or the game so far as PGN movetext."""
        if style == "fen":
            return state.board.fen()
        if style == "pgn":
            return pgn_movetext(state)
        unicode = style == "unicode"
        rows = []
        for rank in range(7, -1, -1):
            squares = []
            for file in range(8):
                piece = state.board.piece_at(chess.square(file, rank))
                if piece is None:
                    squares.append("·" if unicode else ".")
                else:
                    squares.append(piece.unicode_symbol() if unicode else piece.symbol())
            rows.append(f"{rank + 1} " + " ".join(squares))
        rows.append("  a b c d e f g h")
        side = "White" if state.board.turn == chess.WHITE else "Black"
        return "\n".join(rows) + f"\n{side} to move"


def pgn_movetext(state: ChessState) -> str:
    """The moves of the game so far in SAN, numbered (`1. e4 e5 2. Nf3`), from its first position."""
    return state.board.root().variation_san(state.board.move_stack)
