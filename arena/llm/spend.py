"""A spend cap checked before every model call, each call reserving what it may cost before it starts.

A call's bound is the prompt's tokens at the input price (estimated from its length at the most tokens per
character this model's prompts have shown, a third before any) plus the longest reply it can get: `max_tokens`,
else the model's listed maximum output. Calls whose bounds all fit in what the cap leaves run side by side, each
reserving its bound. When a bound does not fit, or is not known (a model the price list gives no maximum output),
calls go one at a time: each starts only when no other is in flight and when the cap leaves room for its estimate
(the longest reply this model has given in the run, and never less than the dearest call so far), and is refused
(the cap is reached) when it does not. So a run passes its cap by at most one call's cost, whatever the replies'
lengths and at any concurrency: calls side by side can never pass it, and a call alone starts under it.
"""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass, field
from typing import Any

from arena.llm.prices import call_cost, most_output_tokens

FIRST_TOKENS_PER_CHARACTER = 1 / 3  # before a model reports its prompts' tokens: more than the usual 1/4


def prompt_length(messages: list[dict[str, Any]]) -> int:
    """A prompt's length in characters, the measure its tokens are estimated from (no tokenizer is loaded)."""
    return len(json.dumps(messages, ensure_ascii=False))


@dataclass
class Reservation:
    """What one started call set aside, settled when it ends."""

    model: str
    amount: float
    characters: int = 0
    alone: bool = False  # a call with no bound that fits: nothing runs beside it


@dataclass
class SpendGate:
    """Spending of one run against its cap (None: no cap, spending is still counted)."""

    cap: float | None
    spent: float = 0.0
    calls: int = 0
    reached: bool = False
    reserved: float = 0.0
    in_flight: int = 0
    dearest: float = 0.0
    longest_reply: dict[str, int] = field(default_factory=dict)
    tokens_per_character: dict[str, float] = field(default_factory=dict)  # the most a model's prompts showed
    probing: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    wake: asyncio.Event | None = field(default=None, repr=False)

    async def reserve(self, model: str, messages: list[dict[str, Any]], max_tokens: int | None) -> Reservation | None:
        """Room for one call (set aside if so), waiting while calls in flight stand in the way; None: cap reached."""
        if self.wake is None:
            self.wake = asyncio.Event()
        while True:
            verdict = self._try(model, prompt_length(messages), max_tokens)
            if verdict != "wait":
                return verdict if isinstance(verdict, Reservation) else None
            self.wake.clear()  # no await between the try and here: a settle cannot slip in unseen
            await self.wake.wait()

    def _try(self, model: str, characters: int, max_tokens: int | None) -> Reservation | str | None:
        with self.lock:
            prompt = round(characters * self.tokens_per_character.get(model, FIRST_TOKENS_PER_CHARACTER)) + 1
            if self.cap is None or call_cost(model, prompt, 0) is None:  # no cap, or an unpriced model
                self.in_flight += 1
                return Reservation(model, 0.0, characters)
            if self.probing:
                return "wait"  # a call alone: nothing starts beside it
            longest = max_tokens if max_tokens is not None else most_output_tokens(model)
            if longest is not None:
                bound = max(float(call_cost(model, prompt, longest) or 0.0), self.dearest)
                if self.spent + self.reserved + bound <= self.cap:
                    return self._start(model, bound, characters, alone=False)
                if max_tokens is not None and self.spent + bound > self.cap:
                    self.reached = True  # even alone, the reply the user allowed could pass the cap
                    return None
            if self.in_flight:
                return "wait"  # room for this call alone, once those in flight have settled
            estimate = max(float(call_cost(model, prompt, self.longest_reply.get(model, 0)) or 0.0), self.dearest)
            if self.spent + estimate > self.cap:
                self.reached = True
                return None
            return self._start(model, estimate, characters, alone=True)

    def _start(self, model: str, amount: float, characters: int, alone: bool) -> Reservation:
        self.in_flight += 1
        self.reserved += amount
        self.probing = alone
        return Reservation(model, amount, characters, alone)

    def settle(self, reservation: Reservation, cost: float | None, tokens: dict[str, int] | None) -> None:
        """A reserved call ended (cost None: it failed or its price is unknown)."""
        with self.lock:
            self.in_flight -= 1
            self.reserved = max(0.0, self.reserved - reservation.amount)
            if reservation.alone:
                self.probing = False
            if cost is not None:
                self.calls += 1
                self.spent += cost
                self.dearest = max(self.dearest, cost)
            model = reservation.model
            if tokens and "completion" in tokens:
                self.longest_reply[model] = max(self.longest_reply.get(model, 0), tokens["completion"])
            if tokens and tokens.get("prompt") and reservation.characters:
                ratio = tokens["prompt"] / reservation.characters
                self.tokens_per_character[model] = max(self.tokens_per_character.get(model, 0.0), ratio)
        if self.wake is not None:
            self.wake.set()

    def passed(self) -> bool:
        """Whether the cap was reached, by a refused call or by the calls already made."""
        with self.lock:
            return self.reached or (self.cap is not None and self.spent >= self.cap)

    def may_start(self) -> bool:
        """Whether a new match may begin."""
        with self.lock:
            if self.cap is not None and self.spent >= self.cap:
                self.reached = True
            return not self.reached
