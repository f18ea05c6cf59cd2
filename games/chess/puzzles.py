"""Chess puzzles by Lichess's rules: a position, a line to find, and what counts as finding it.

A puzzle's line (`moves`, UCI) starts with the opponent's move, played before the solver sees the board; the
solver must then find each of its own moves in turn, the opponent's replies played for it. A solver's move that
mates is accepted even where it differs from the line (Lichess accepts every mate in one); any other move that
differs is wrong and ends the attempt. The LLM chess puzzles benchmark counts a puzzle solved when the first
solver move equals the line's (an alternative mate is not accepted there): `first_right` keeps that verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import chess


@dataclass(frozen=True)
class Puzzle:
    """One puzzle in the Lichess puzzle format, with its rating among human solvers."""

    id: str
    fen: str  # the position before the opponent's first move
    moves: tuple[str, ...]  # the whole line in UCI, the opponent's move first
    rating: int
    deviation: int
    themes: tuple[str, ...] = ()
    url: str = ""
    openings: tuple[str, ...] = ()

    def board(self) -> chess.Board:
        """The position the solver sees: the opponent's first move played."""
        board = chess.Board(self.fen)
        board.push_uci(self.moves[0])
        return board

    @property
    def solver_moves(self) -> int:
        """How many moves the solver must find."""
        return len(self.moves) // 2


def checked_line(fen: str, moves: list[str]) -> None:
    """ValueError unless the FEN is a legal position and the line is legal from it, with a solver move in it."""
    try:
        board = chess.Board(fen)
    except ValueError as error:
        raise ValueError(f"not a FEN position ({error})") from None
    if board.status() != chess.STATUS_VALID:
        raise ValueError("not a legal position")
    if len(moves) < 2:
        raise ValueError("the line needs the opponent's move and at least one move to find")
    for number, text in enumerate(moves, 1):
        try:
            move = chess.Move.from_uci(text)
        except ValueError:
            raise ValueError(f"move {number} of the line, {text[:12]!r}, is not UCI") from None
        if move not in board.legal_moves:
            raise ValueError(f"move {number} of the line, {text}, is not legal there")
        board.push(move)


@dataclass
class Attempt:
    """One solver's way through a puzzle: each move judged at once, the opponent's replies played for it."""

    puzzle: Puzzle
    board: chess.Board = field(init=False)
    step: int = 1  # index in the line of the move the solver must find next
    found: int = 0  # solver moves found so far
    solved: bool = False
    failed: bool = False
    first_right: bool | None = None  # the benchmark's verdict: the first solver move is the line's
    played: list[str] = field(default_factory=list)  # the solver's moves, UCI

    def __post_init__(self) -> None:
        self.board = self.puzzle.board()

    @property
    def over(self) -> bool:
        """Solved or failed: no more moves are asked."""
        return self.solved or self.failed

    def expected(self) -> chess.Move:
        """The line's move the solver must find now."""
        return chess.Move.from_uci(self.puzzle.moves[self.step])

    def play(self, move: chess.Move) -> bool:
        """Judge a legal solver move (True: right); a right move that is not the last plays the opponent's reply."""
        if self.over:
            raise ValueError("the attempt is over")
        if move not in self.board.legal_moves:
            raise ValueError(f"{move.uci()} is not legal here")
        line = self.expected()
        self.played.append(move.uci())
        if self.first_right is None:
            self.first_right = move == line
        mates = self._mates(move)
        self.board.push(move)
        if move != line and not mates:
            self.failed = True
            return False
        self.found += 1
        if mates or self.step + 1 >= len(self.puzzle.moves):
            self.solved = True
            return True
        self.board.push_uci(self.puzzle.moves[self.step + 1])
        self.step += 2
        return True

    def _mates(self, move: chess.Move) -> bool:
        self.board.push(move)
        try:
            return self.board.is_checkmate()
        finally:
            self.board.pop()

    def give_up(self) -> None:
        """An illegal or unreadable answer, or a stop: the attempt fails where it stands."""
        if self.first_right is None:
            self.first_right = False
        self.failed = True

    def solution(self) -> list[str]:
        """The solver's part of the line in SAN, from the position the solver first saw."""
        board = self.puzzle.board()
        said = []
        for number, text in enumerate(self.puzzle.moves[1:], 1):
            move = chess.Move.from_uci(text)
            if number % 2 == 1:
                said.append(board.san(move))
            board.push(move)
        return said
