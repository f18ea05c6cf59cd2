"""Who answers a task session: a model (concurrently, resumable), the random baseline, or a person."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from arena.llm.replies import Completion, DeltaSink, RetrySink
from arena.players import make_player
from arena.players.llm_player import LLMPlayer
from arena.sessions.asking import ask_each
from arena.sessions.tables import STOP_WORDS
from arena.tasks.registry import task_prompts
from arena.tasks.session import TaskSession
from games.tasks.base import Item

Progress = Callable[[TaskSession], None]


async def run_model(
    session: TaskSession,
    player: LLMPlayer,
    concurrency: int,
    progress: Progress,
    started: Callable[[Item], None] | None = None,
    on_delta: DeltaSink | None = None,
    on_retry: RetrySink | None = None,
) -> str | None:
    """Ask every remaining item, `concurrency` at a time; the provider's failure stops the run (None if none).

    `started`, `on_delta` and `on_retry` let a watcher follow each call as it streams.
    """
    prompts = task_prompts()

    def record(item: Item, completion: Completion) -> None:
        session.answer(item, completion.content, completion.seconds, completion.tokens, completion.cost)
        progress(session)

    def messages(item: Item) -> list[dict[str, Any]]:
        return prompts.messages(session.record.task, item)

    settings = await player.endpoint()
    return await ask_each(
        session.remaining(),
        settings,
        messages,
        record,
        concurrency,
        started=started,
        on_delta=on_delta,
        on_retry=on_retry,
    )


def run_random(session: TaskSession, progress: Progress) -> None:
    """The random baseline answers every remaining item (seeded per item, so a resumed run answers alike)."""
    for item in session.remaining():
        rng = random.Random(f"random:{session.record.seed}:{item.number}")
        started = time.perf_counter()
        session.answer(item, session.task.random_answer(item, rng), time.perf_counter() - started)
        progress(session)


def run_person(session: TaskSession, ask: Callable[[str], str], say: Callable[[str], None]) -> bool:
    """A person answers in the terminal; False if they stopped (the answers so far are kept)."""
    prompts = task_prompts()
    for item in session.remaining():
        say(f"\nItem {item.number} of {session.record.count}")
        say(prompts.messages(session.record.task, item)[0]["content"])
        started = time.perf_counter()
        try:
            text = ask("Your answer: ")
        except (EOFError, KeyboardInterrupt):
            text = "q"
        if text.strip().lower() in STOP_WORDS:
            say("\nStopped; your answers are kept. Run the same command again to resume.")
            return False
        _, verdict = session.answer(item, text, time.perf_counter() - started)
        say("  right" if verdict.correct else f"  wrong: the answer was {item.truth}")
    return True


def task_model(spec: str, options: Any) -> LLMPlayer:
    """The model player for `spec`; ValueError for a bad option, or a sampler or clock (only matches apply them)."""
    player = make_player(spec, 0, options)
    assert isinstance(player, LLMPlayer)  # only llm: specs answer tasks as models
    player.refuse_match_options("ChildPlay's tasks")
    return player
