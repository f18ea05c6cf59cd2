"""Chess matches as PGN: the players' identities, result and termination, each move's evaluation as a comment and
its class as a NAG (?? blunder, ? mistake, ?! inaccuracy), so that any chess program can replay the graded game."""

from __future__ import annotations

import random

import chess
import chess.pgn

from arena.analysis.moves import MOVE_FIELDS, MatchAnalysis, game_for
from arena.match.records import MatchRecord

VALID, BEST, PLAYED, BLUNDER, KIND, MATE = (
    MOVE_FIELDS.index(name) for name in ("valid", "best_value", "value", "blunder", "kind", "mate")
)
NAGS = {"blunder": chess.pgn.NAG_BLUNDER, "mistake": chess.pgn.NAG_MISTAKE, "inaccuracy": chess.pgn.NAG_DUBIOUS_MOVE}


def result_text(record: MatchRecord) -> str:
    """`1-0`, `0-1`, `1/2-1/2`, or `*` for a match that was not scored."""
    outcome = record.outcome
    if outcome.status != "finished":
        return "*"
    if outcome.termination == "disqualified" and outcome.disqualified is not None:
        return "0-1" if outcome.disqualified == 0 else "1-0"
    if outcome.winner is None:
        return "1/2-1/2"
    return "1-0" if outcome.winner == 0 else "0-1"


def pgn_date(record: MatchRecord) -> str:
    """The game's date as PGN writes it: an imported PGN's own Date header (`????.??.??` when it was unknown)."""
    headers = (record.source or {}).get("headers") or {}
    return str(headers.get("Date") or record.started_at[:10].replace("-", "."))


def match_pgn(record: MatchRecord, analysis: MatchAnalysis | None) -> str:
    """One chess match as a PGN game (evaluations in pawns from White's side, as `[%eval]` comments)."""
    from arena.engines.chess_grades import recorded_kind

    state = game_for(record.game, record.game_options).initial_state(random.Random(f"{record.seed}:game"))
    game = chess.pgn.Game()
    names = list(analysis.players) if analysis is not None else [p.spec for p in record.players]
    game.headers.update(
        Event=record.tournament or "arena",
        Site="Arena",
        Date=pgn_date(record),
        Round=str(record.index + 1),
        White=names[0],
        Black=names[1],
        Result=result_text(record),
        Termination=f"{record.outcome.termination}: {record.outcome.detail}".strip(": "),
    )
    if state.board.move_stack or state.board.fen() != chess.STARTING_FEN:
        game.setup(state.board.copy(stack=False))
    if analysis is not None and analysis.grader:
        game.headers["Annotator"] = analysis.grader
        for seat, side in enumerate(("White", "Black")):  # lichess's game accuracy of each side, when computed
            if seat < len(analysis.seats) and analysis.seats[seat].accuracy_games:
                game.headers[f"{side}Accuracy"] = f"{analysis.seats[seat].game_accuracy:.1f}"
    rows = iter(row for row in (analysis.moves if analysis else []) if row[VALID])
    node: chess.pgn.GameNode = game
    for move in record.played:
        played = chess.Move.from_uci(str(move.move))
        row = next(rows, None)
        node = node.add_variation(played)
        if row is not None and row[PLAYED] is not None:
            mate = row[MATE] if len(row) > MATE else None
            sign = 1 if move.seat == 0 else -1
            node.comment = f"[%eval #{sign * mate}]" if mate else f"[%eval {sign * row[PLAYED] / 100:.2f}]"
            kind = recorded_kind(row[BEST], row[PLAYED], bool(row[BLUNDER]), row[KIND] if len(row) > KIND else None)
            if kind:
                node.nags.add(NAGS[kind])
    return str(game)
