"""`arena quiz --model llm:...`: a model takes the hard-boards quiz with the CloudWalk prompt."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arena.llm.cache import CallCache, call_key
from arena.llm.client import ProviderFailure, complete
from arena.llm.local import shared_local_server
from arena.players.llm_player import LLMPlayer
from arena.prompting import answers
from arena.prompting.family import PromptFamily
from arena.quiz.session import QuizSession
from games.base import GameError, InvalidMove
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
    """Ask every remaining board; False if the provider failed (the session can be resumed)."""
    settings = player.model
    if player.local:
        settings = replace(settings, api_base=(await shared_local_server()).api_base)

    async def ignore(*_: Any) -> None:
        return None

    while (question := session.current()) is not None:
        number, board = question
        messages = quiz_messages(player.family, board.key)
        asked = settings
        if player.family.constrained:  # only the free cells of this board can be answered
            asked = settings.constrained(free_cells_schema(board.key), llama_cpp=player.local)
        key = call_key(asked, messages, 1, f"quiz:{session.record.id}:{number}")
        recorded = cache.get(key) if cache is not None else None
        if recorded is None:
            try:
                recorded = await complete(asked, messages, ignore, ignore)
            except ProviderFailure as failure:
                say(f"the provider failed ({failure}); resume with --resume {session.record.id}")
                return False
            if cache is not None:
                cache.put(key, asked.model, recorded)
        try:
            cell = parse_answer(board.key, read_quiz_answer(player.family, recorded.content))
        except GameError:
            cell = 0  # unreadable or not a free cell: recorded as given, scored wrong, never replaced
        session.answer(cell, recorded.seconds, raw=recorded.content)
        say(f"board {number:>2}: {board.key} -> {cell or 'no valid answer'}")
    say(session.summary())
    return True
