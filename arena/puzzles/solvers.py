"""Who solves puzzles, and one attempt's run: the random legal mover, Stockfish at any strength, a model (the LLM
chess puzzles benchmark's own prompt and reading), or a person (`arena.puzzles.person`).

Every answer is text read by the benchmark's rule (the reply stripped, its first word without `+`/`#`), as SAN or
UCI: text that names no move is unreadable, a move that is not legal there is illegal; both end the attempt and
are counted apart from wrong moves. A provider's failure is never an answer: the attempt is not stored and is
asked again, from its start, when the run resumes.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import chess

from arena.engines import stockfish
from arena.llm.client import complete
from arena.llm.replies import Completion, ProviderFailure
from arena.llm.settings import ModelSettings
from arena.players.base import PlayerFailure, TurnView
from arena.players.llm_player import LLMPlayer
from arena.players.stockfish_player import StockfishPlayer, stockfish_options
from arena.puzzles.session import PuzzleSession
from arena.sessions.records import PuzzleMove
from games.base import IllegalMove, InvalidMove
from games.chess.notation import read_move
from games.chess.puzzles import Attempt, Puzzle
from games.chess.rules import Chess, ChessState

BENCHMARK_TEMPERATURE = 0.01  # what llmchess.py asks every model at


@dataclass
class Reply:
    """One answer: its text and what it cost, and the answers refused before it (a family's rethink)."""

    text: str
    tokens: dict[str, int] | None = None
    cost: float | None = None
    refused: list[PuzzleMove] = field(default_factory=list)


Answer = Callable[[chess.Board, Puzzle, int], Awaitable[Reply]]


def benchmark_prompt(board: chess.Board) -> str:
    """The LLM chess puzzles benchmark's prompt, word for word (llmchess.py, `gpt_chess_move`)."""
    color = "white" if board.turn == chess.WHITE else "black"
    return (f"You are a chess expert. Given the FEN '{board.fen()}', it is {color}'s turn to move. Provide the single "
            "best *legal* move in Standard Algebraic Notation (SAN). Examples: 'Nf3', 'O-O', 'Rxe5', 'b8=Q'. Do not "
            "include commentary, checks ('+'), or checkmates ('#'). Output only the move.")  # fmt: skip


def read_answer(board: chess.Board, text: str) -> tuple[chess.Move | None, str, str | None]:
    """(move, how it reads, why not): "move", "unreadable" or "illegal", by the benchmark's reading."""
    words = text.strip().lstrip(".").split()
    if not words:
        return None, "unreadable", "no move given"
    try:
        return read_move(board, words[0].rstrip("+#")), "move", None
    except IllegalMove as error:
        return None, "illegal", str(error)
    except InvalidMove as error:
        return None, "unreadable", str(error)


@dataclass
class Outcome:
    """A finished attempt with how it ended, its answers and their cost."""

    attempt: Attempt
    ended: str
    moves: list[PuzzleMove] = field(default_factory=list)
    seconds: float = 0.0
    tokens: dict[str, int] | None = None
    cost: float | None = None


async def run_attempt(puzzle: Puzzle, answer: Answer) -> Outcome:
    """One attempt by Lichess's rules: ask each solver move in turn until the line is found or an answer fails."""
    attempt = Attempt(puzzle)
    outcome = Outcome(attempt, "wrong")
    started = time.perf_counter()
    while not attempt.over:
        reply = await answer(attempt.board.copy(), puzzle, attempt.step)
        add_usage(outcome, reply)
        outcome.moves.extend(reply.refused)
        move, kind, why = read_answer(attempt.board, reply.text)
        outcome.moves.append(PuzzleMove(raw=reply.text, move=move.uci() if move else None, error=why))
        if move is None:
            attempt.give_up()
            outcome.ended = kind
        else:
            attempt.play(move)
    if attempt.solved:
        outcome.ended = "solved"
    outcome.seconds = time.perf_counter() - started
    return outcome


def add_usage(outcome: Outcome | Reply, reply: Reply) -> None:
    """Add one reply's tokens and cost to the attempt's."""
    if reply.tokens:
        total = outcome.tokens or {}
        outcome.tokens = {k: total.get(k, 0) + reply.tokens.get(k, 0) for k in reply.tokens.keys() | total.keys()}
    if reply.cost is not None:
        outcome.cost = (outcome.cost or 0.0) + reply.cost


def random_answer(seed: int) -> Answer:
    """The uniformly random legal mover, seeded per puzzle and step (a resumed run answers alike)."""

    async def answer(board: chess.Board, puzzle: Puzzle, step: int) -> Reply:
        rng = random.Random(f"random:{seed}:{puzzle.id}:{step}")
        return Reply(rng.choice(sorted(board.legal_moves, key=chess.Move.uci)).uci())

    return answer


def stockfish_answer(argument: str) -> Answer:
    """Stockfish at the spec's strength and budget (`nodes=`, `depth=`, `movetime=`, `elo=`, `skill=`)."""
    engine = StockfishPlayer(0, stockfish_options(argument))

    async def answer(board: chess.Board, puzzle: Puzzle, step: int) -> Reply:
        try:
            move = await asyncio.to_thread(stockfish.play, board, engine.budget(), engine.strength())
        except (stockfish.EngineMissing, stockfish.EngineFailed) as error:
            raise PlayerFailure(str(error)) from None
        return Reply(move.uci())

    return answer


def scripted_answer(texts: list[str]) -> Answer:
    """Answers from a script, one text per move asked, in order over the puzzles (an exhausted script answers "")."""
    script = iter(texts)

    async def answer(board: chess.Board, puzzle: Puzzle, step: int) -> Reply:
        return Reply(next(script, ""))

    return answer


def model_answer(settings: ModelSettings) -> Answer:
    """A model asked the benchmark's prompt for every solver move; ProviderFailure when the provider fails."""

    async def ignore(*_: Any) -> None:
        return None

    async def answer(board: chess.Board, puzzle: Puzzle, step: int) -> Reply:
        messages = [{"role": "user", "content": benchmark_prompt(board)}]
        completion: Completion = await complete(settings, messages, ignore, ignore)
        return Reply(completion.content, completion.tokens, completion.cost)

    return answer


def family_answer(player: LLMPlayer) -> Answer:
    """A model asked by a prompt family (the arena's, ChildPlay's ...), its harness applying as in games: each move
    read by the family's rule, a refused answer asked again as the family's rethink mode says (up to its allowed
    invalid answers), the last refused one ending the attempt."""
    rules = Chess()
    allowed = player.policy.allowed if player.policy is not None else 0

    async def answer(board: chess.Board, puzzle: Puzzle, step: int) -> Reply:
        reply = Reply("")
        refused: list[tuple[str | None, str]] = []
        for attempt in range(1, allowed + 2):
            view = TurnView(rules, ChessState(board), 0 if board.turn else 1, attempt=attempt,
                            feedback=refused[-1][1] if refused else None, invalid_so_far=len(refused),
                            invalid_allowed=allowed, ply=len(board.move_stack), match_id=f"puzzle:{puzzle.id}",
                            refused=tuple(refused))  # fmt: skip
            choice = await player.choose_move(view)
            used = Reply("", choice.tokens, choice.cost)
            add_usage(reply, used)
            move, _, why = read_answer(board, choice.text) if choice.text else (None, "unreadable", None)
            if move is not None:
                reply.text = move.uci()
                return reply
            why = choice.error or why or "no move"
            if attempt <= allowed:
                reply.refused.append(PuzzleMove(raw=choice.raw, move=None, error=why))
                refused.append((choice.text, why))
            else:
                reply.text = choice.text or ""  # read again by run_attempt: illegal, or unreadable when empty
        return reply

    return answer


async def solve_all(
    session: PuzzleSession, answer: Answer, concurrency: int, progress: Callable[[PuzzleSession], None]
) -> str | None:
    """Attempt every remaining puzzle, `concurrency` at a time, each stored as it ends; the first failure of a
    provider or an engine stops new attempts (returned, else None)."""
    slots = asyncio.Semaphore(concurrency)
    failure: list[str] = []

    async def one(number: int, puzzle: Puzzle) -> None:
        async with slots:
            if failure:
                return
            try:
                done = await run_attempt(puzzle, answer)
            except (ProviderFailure, PlayerFailure) as error:
                failure.append(str(error))
                return
            session.store_attempt(number, done.attempt, done.ended, done.moves, done.seconds,
                                  (done.tokens, done.cost))  # fmt: skip
            progress(session)

    await asyncio.gather(*(one(number, puzzle) for number, puzzle in session.remaining()))
    return failure[0] if failure else None
