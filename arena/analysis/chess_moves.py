"""Chess moves in the analysis: each graded by Stockfish (arena.engines.chess_grades), summed per seat."""

from __future__ import annotations

from typing import Any

CHESS_FIELDS = (
    "cp_graded",
    "cp_loss",
    "accuracy",
    "inaccuracies",
    "mistakes",
    "mate_chances",
    "missed_mates",
    "random_cp_loss",
    "random_accuracy",
    "random_blunders",
    "confirmed",
    "game_accuracy",
    "accuracy_games",
)


class ChessGrader:
    """Grades a match's chess moves; once Stockfish is found missing or failing, the rest are left unknown."""

    def __init__(self) -> None:
        self.problem = ""

    def name(self) -> str:
        """The engine and budget (`Stockfish 15.1, 20000 nodes`), or "" when no grade can be made."""
        from arena.engines.chess_grades import grader_name
        from arena.engines.stockfish import EngineFailed, EngineMissing

        try:
            return grader_name()
        except (EngineMissing, EngineFailed) as error:
            self.problem = str(error)
            return ""

    def grade(self, state: Any, move: Any, stats: Any) -> Any:
        """The verdict on one move, added to the seat's statistics; None when it cannot be graded."""
        from arena.engines.chess_grades import grade_move
        from arena.engines.stockfish import EngineFailed, EngineMissing

        if self.problem:
            stats.unknown += 1
            return None
        try:
            verdict = grade_move(state.board, move)
        except (EngineMissing, EngineFailed) as error:
            self.problem = str(error)
            stats.unknown += 1
            return None
        stats.graded += 1
        stats.cp_graded += 1
        stats.optimal += verdict.best
        stats.blunders += verdict.kind == "blunder"
        stats.mistakes += verdict.kind == "mistake"
        stats.inaccuracies += verdict.kind == "inaccuracy"
        stats.cp_loss += verdict.cp_loss
        stats.accuracy += verdict.accuracy
        stats.mate_chances += verdict.mate_chance
        stats.missed_mates += verdict.missed_mate
        stats.random_keep += verdict.random_best
        stats.random_cp_loss += verdict.random_cp_loss
        stats.random_accuracy += verdict.random_accuracy
        stats.random_blunders += verdict.random_blunder
        stats.confirmed += verdict.confirmed
        return verdict
