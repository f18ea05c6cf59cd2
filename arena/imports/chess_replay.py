"""A logged chess game replayed through the arena's rules as it was played: from its own start position (a FEN,
Chess960 too), to its own length, past an automatic draw the log played on through; each move's SAN as the log
wrote it compared with the SAN of the move replayed, so that move agreement is a count that can fail.

What the rules cannot replay (a null move, an illegal move, a variant other than chess) is ImportFormatError,
one line naming the game and the move in PGN numbering (`12... Nf6`).
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

import chess
import chess.pgn

from arena.imports.common import FileCheck
from arena.imports.files import ImportFormatError
from arena.match.records import MoveRecord
from games.chess import Chess
from games.chess.rules import AUTOMATIC_DRAWS, MAX_PLIES, REASONS, ChessState

CHESS_VARIANTS = ("", "standard", "chess", "chess960", "chess 960", "fischerandom", "fischer random", "from position")
AUTOMATIC_REASONS = {REASONS[termination] for termination in AUTOMATIC_DRAWS}
ANNOTATION = re.compile(r"[!?+#]+$")  # check marks too: the LLM Chess benchmark's PGN writes none


MOST_TAG_CHARACTERS = 1_000  # a player's name, an event, a FEN: far less; a header is stored with every game
MOST_TAGS = 100


class PgnReader(chess.pgn.GameBuilder[chess.pgn.Game]):
    """python-chess's game builder that keeps errors on the game (one line is said, by us) and the mainline's
    moves as the file wrote them."""

    def begin_game(self) -> None:
        super().begin_game()
        self.depth = 0
        self.written: list[str] = []
        self.tags = 0

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.tags += 1
        bound = f"more than a PGN game holds ({MOST_TAG_CHARACTERS:,} characters a tag, {MOST_TAGS} tags)"
        if self.tags == MOST_TAGS + 1:  # one error for a flood of tags, not thousands
            self.game.errors.append(ValueError(f"over {MOST_TAGS} tags: {bound}"))
        elif self.tags <= MOST_TAGS and len(tagvalue) > MOST_TAG_CHARACTERS:
            self.game.errors.append(ValueError(f"tag {tagname[:40]!r} of {len(tagvalue):,} characters: {bound}"))
        if self.tags <= MOST_TAGS and len(tagvalue) <= MOST_TAG_CHARACTERS:
            super().visit_header(tagname, tagvalue)  # kept only within bounds: a header is stored with the game

    def begin_variation(self) -> None:
        self.depth += 1
        super().begin_variation()

    def end_variation(self) -> None:
        self.depth -= 1
        super().end_variation()

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        if self.depth == 0:
            self.written.append(san)
        return board.parse_san(san)

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)


def read_pgn(handle: io.StringIO | io.TextIOBase) -> tuple[chess.pgn.Game, list[str]] | None:
    """The next game of a PGN stream and its mainline's moves as written (None at the end); a "game" with neither
    a tag nor a move (text that is no PGN at all) carries an error."""
    reader = PgnReader()
    game = chess.pgn.read_game(handle, Visitor=lambda: reader)  # type: ignore[arg-type]
    if game is None:
        return None
    if not reader.tags and game.next() is None and not game.errors:
        game.errors.append(ValueError("neither a tag nor a move: not a PGN game"))
    return game, reader.written


def read_error(game: chess.pgn.Game, written: list[str]) -> str:
    """What python-chess could not read in a game, at the move in PGN numbering (`32... Kg8: illegal`)."""
    error = str(game.errors[0])
    board = game.board()
    moves = list(game.mainline_moves())
    if len(written) <= len(moves):
        return error[:120]
    for move in moves:
        board.push(move)
    why = "not a legal move in that position" if error.startswith("illegal") else error.split(":")[0]
    return f"move {move_number(board)} {written[len(moves)]}: {why}"


def move_number(board: chess.Board) -> str:
    """The PGN number of the move about to be played: `12.` for White, `12...` for Black."""
    return f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'}"


def same_san(written: str, replayed: str) -> bool:
    """The log's SAN and the replayed move's, alike but for annotation (`!?`), check marks and castling written with
    zeros: a move written otherwise (`Nge2` where `Ne2` is the SAN, `exd5` for a capture by another pawn) disagrees."""

    def plain(text: str) -> str:
        return ANNOTATION.sub("", text.strip().replace("0-0-0", "O-O-O").replace("0-0", "O-O"))

    return plain(written) == plain(replayed)


@dataclass
class Replayed:
    """A game as it was played: the rules it needs, its final state, its move records and what the board says."""

    rules: Chess
    state: ChessState
    moves: list[MoveRecord] = field(default_factory=list)
    played_on: str = ""  # the automatic draw the log played on past (`fivefold repetition at 40... Nf6`), or ""


def variant_rules(game: chess.pgn.Game, where: str) -> tuple[str, bool]:
    """The start FEN ("" for the initial position) and whether it is Chess960; ImportFormatError for a variant."""
    variant = game.headers.get("Variant", "").strip()
    if variant.lower() not in CHESS_VARIANTS:
        raise ImportFormatError(f"{where}: a game of {variant} (its Variant header); the arena imports chess and "
                                "Chess960 only")  # fmt: skip
    chess960 = game.headers.is_chess960()
    written = " ".join(game.headers.get("FEN", "").split())  # as the file gives it: python-chess's board tidies it
    board = game.board()
    fen = written or (board.fen() if chess960 else "")
    return ("" if fen == chess.STARTING_FEN and not chess960 else fen), chess960


def replay(game: chess.pgn.Game, written: list[str], where: str, least_plies: int, check: FileCheck) -> Replayed:
    """Every mainline move through the rules; ImportFormatError for one they cannot replay (nothing is counted)."""
    fen, chess960 = variant_rules(game, where)
    moves = list(game.mainline_moves())
    if len(moves) > MAX_PLIES:
        raise ImportFormatError(f"{where}: {len(moves):,} plies, more than the {MAX_PLIES:,} a game may have here")
    try:
        rules = Chess(max_plies=max(least_plies, len(moves), 1), claims=False, fen=fen, chess960=chess960)
    except ValueError as error:
        raise ImportFormatError(f"{where}: field 'FEN': {error}") from None
    state = rules.initial_state()
    recorded: list[MoveRecord] = []
    played_on = ""
    agreement: list[bool] = []
    for ply, move in enumerate(moves):
        board = state.board
        label = f"{move_number(board)} {written[ply] if ply < len(written) else move.uci()}"
        if not move:
            raise ImportFormatError(f"{where}: move {label}: a null move, which the rules of chess do not allow")
        if not board.is_legal(move):
            raise ImportFormatError(f"{where}: move {label}: not a legal move in that position")
        over = rules.outcome(state)  # one look at the position's ending a ply (the rules cache it for the move)
        if over is not None and over.reason in AUTOMATIC_REASONS and not played_on:
            played_on = f"{over.reason} before {label}"
            rules = Chess(max_plies=rules.max_plies, claims=False, fen=fen, chess960=chess960, automatic_draws=False)
            state = ChessState(state.board, state.start_plies, state.opening)
        elif over is not None:
            raise ImportFormatError(f"{where}: move {label}: the game was over ({over.reason})")
        seat = rules.to_move(state)
        san = board.san(move)
        agreement.append(ply < len(written) and same_san(written[ply], san))
        state = rules.apply_in_place(state, move)
        recorded.append(MoveRecord(ply=ply, seat=seat, attempt=0, move=move.uci(), raw=san, valid=True, seconds=0.0))
    for agrees in agreement:  # counted once the whole game replays: a refused game counts nothing
        check.count_move(agrees)
    return Replayed(rules, state, recorded, played_on)
