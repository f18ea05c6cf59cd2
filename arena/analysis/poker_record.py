"""A poker match as its analysis keeps it: each hand's seats and chips, each decision's information set."""

from __future__ import annotations

import random
from typing import Any


def poker_summary(game: Any, document: dict[str, Any]) -> dict[str, Any]:
    """`hands`: [first seat, seat 0's chips, seat 1's chips, deal pair] per finished hand; `decisions`: [seat, hand,
    information set, word] per accepted move of the player's own (not one its clock made at random). Replayed from
    the seed's deals, so a record cannot claim other cards."""
    state = game.initial_state(random.Random(f"{document.get('seed')}:game"))
    decisions: list[list[Any]] = []
    for move in document.get("moves") or []:
        if not move.get("valid"):
            continue
        word = game.parse_move(state, str(move.get("move")))
        if not (move.get("info") or {}).get("time_out"):  # a random move made for a player out of time: not its own
            decisions.append([game.to_move(state), state.number, game.information_set(state), word])
        state = game.apply(state, word)
    pair = 2 if game.duplicate else 1  # a duplicate pair's two hands share one deal: they are resampled together
    hands = [[result.first_seat, result.chips[0], result.chips[1], number // pair]
             for number, result in enumerate(state.played)]  # fmt: skip
    return {"hands": hands, "decisions": decisions, "duplicate": game.duplicate, "complete": state.number == game.hands}
