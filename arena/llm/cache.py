"""The replay cache: every model call stored under (model, parameters, prompt, attempt, seed)."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Protocol

from arena.known_secrets import redact_whole
from arena.llm.replies import Completion
from arena.llm.settings import ModelSettings

CALLS = "llm_calls"


class DocumentStore(Protocol):
    """The part of the arena store the cache needs."""

    def append(self, table: str, document: dict[str, Any]) -> None: ...

    def documents(self, table: str) -> Any: ...


def call_key(settings: ModelSettings, messages: list[dict[str, Any]], attempt: int, seed: int | str) -> str:
    """A stable hash of everything that determines a reply."""
    material = {
        "model": settings.model,
        "parameters": settings.sampling(),
        "messages": messages,
        "attempt": attempt,
        "seed": str(seed),
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class CallCache:
    """Stores every reply as it arrives; in replay mode serves them back instead of calling the model.

    With `reuse` (a resumed run playing stopped matches again) a live call already paid for is not made again:
    its recorded reply is served at no new cost, the first cost kept beside it.
    """

    def __init__(self, store: DocumentStore, replay: bool = False, reuse: frozenset[str] = frozenset()) -> None:
        self.store = store
        self.replay = replay
        self.reuse = bool(reuse) and not replay
        self.known: dict[str, dict[str, Any]] = {}
        if replay:
            self.known = {str(d["id"]): d for d in store.documents(CALLS)}
        elif self.reuse:  # only the calls of the matches played again, each recorded with its match's id
            self.known = {str(d["id"]): d for d in store.documents(CALLS) if d.get("match") in reuse}

    def reusable(self, key: str) -> Completion | None:
        """A reply paid for earlier in this run, served once at no new cost (None outside a resumed run)."""
        if not self.reuse or (entry := self.known.pop(key, None)) is None:
            return None
        completion = self._completion(entry)
        completion.reused_cost, completion.cost = completion.cost, 0.0
        return completion

    def get(self, key: str) -> Completion | None:
        """The recorded reply for a call, if any."""
        entry = self.known.get(key)
        return None if entry is None else self._completion(entry)

    @staticmethod
    def _completion(entry: dict[str, Any]) -> Completion:
        return Completion(  # redacted again: a record written before the secret was known may hold it
            content=redact_whole(entry["content"]),
            reasoning=entry["reasoning"] and redact_whole(entry["reasoning"]),
            finish_reason=entry["finish_reason"],
            tokens=entry["tokens"],
            cost=entry["cost"],
            first_token_seconds=entry["first_token_seconds"],
            seconds=entry["seconds"],
        )

    def put(self, key: str, model: str, completion: Completion, match_id: str = "") -> None:
        """Record a reply durably."""
        if self.replay:
            return
        entry = {
            "id": key,
            "model": model,
            "match": match_id,
            "content": completion.content,
            "reasoning": completion.reasoning,
            "finish_reason": completion.finish_reason,
            "tokens": completion.tokens,
            "cost": completion.cost,
            "first_token_seconds": completion.first_token_seconds,
            "seconds": completion.seconds,
        }
        self.store.append(CALLS, entry)  # not kept in memory: a long run's calls would all stay there
