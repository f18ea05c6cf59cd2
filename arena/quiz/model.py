"""`arena quiz --model llm:...`: a model takes the hard-boards quiz with the CloudWalk prompt."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from arena.llm.cache import CallCache
from arena.llm.replies import Completion
from arena.llm.settings import ModelSettings
from arena.players.llm_player import LLMPlayer
from arena.prompting import answers
from arena.prompting.family import PromptFamily
from arena.quiz.session import QuizSession, hard_boards
from arena.sessions.asking import ask_each
from games.base import GameError, InvalidMove
from games.ttt_hard_boards import Board
from games.ttt_hard_boards.keys import side_to_move
from games.ttt_hard_boards.quiz import parse_answer


def read_quiz_answer(family: PromptFamily, reply: str) -> str:
    """The cell a reply names: the last submit_move(d), or the JSON `move` under constrained decoding."""
    if not family.constrained:
        return answers.read_submit_move(reply)
    found = re.findall(r'"move"\s*:\s*(\d+)', reply)
    if not found:
        raise InvalidMove("no JSON 'move' in the answer")
    return str(found[-1])


def quiz_messages(family: PromptFamily, key: str) -> list[dict[str, Any]]:
    """The quiz prompt of a quiz family: the mark to play, the board key, the instruction."""
    return family.quiz_messages(key, side_to_move(key))


def free_cells_schema(key: str) -> dict[str, Any]:
    """The move as one of the board's free cells, numbered 1-9."""
    free = [i + 1 for i, mark in enumerate(key) if mark not in "XOxo"]
    properties = {"move": {"type": "integer", "enum": free}}
    return {"type": "object", "properties": properties, "required": ["move"], "additionalProperties": False}


async def run_model_quiz(
    session: QuizSession, player: LLMPlayer, cache: CallCache | None, say: Callable[[str], None]
) -> bool:
    """Ask every remaining board, in order; False if the provider failed (the session can be resumed)."""
    boards = [hard_boards().boards[key] for key in session.record.order[len(session.answers) :]]

    def constrained(board: Board, settings: ModelSettings) -> ModelSettings:
        if not player.family.constrained:
            return settings
        return settings.constrained(free_cells_schema(board.key), llama_cpp=player.local)  # only free cells

    def record(board: Board, completion: Completion) -> None:
        try:
            cell = parse_answer(board.key, read_quiz_answer(player.family, completion.content))
        except GameError:
            cell = 0  # unreadable or not a free cell: recorded as given, scored wrong, never replaced
        answer = session.answer(cell, completion.seconds, raw=completion.content)
        say(f"board {answer.number:>2}: {board.key} -> {cell or 'no valid answer'}")

    settings = await player.endpoint()
    failure = await ask_each(
        boards,
        settings,
        lambda board: quiz_messages(player.family, board.key),
        record,
        concurrency=1,  # answers are numbered in the session's order
        settings_for=constrained,
        cache=cache,
        cache_tag=lambda board: f"quiz:{session.record.id}:{session.record.order.index(board.key) + 1}",
    )
    if failure is not None:
        say(f"the provider failed ({failure}); resume with --resume {session.record.id}")
        return False
    say(session.summary())
    return True
