"""The only importer of OpenSpiel: its Kuhn and Leduc poker, CFR+, best responses and exploitability.

Strategies cross this boundary keyed by the arena's information sets ('second Q | bet') over action words.
"""

from __future__ import annotations

from functools import cache

import pyspiel

from games.poker.hands import VARIANTS, Deal, Strategy, Variant, decisions

SPIEL_NAMES = {"kuhn-poker": "kuhn_poker", "leduc-poker": "leduc_poker"}


def action_id(variant: Variant, word: str) -> int:
    """OpenSpiel's number for an action word (Kuhn: pass 0, bet 1; Leduc: fold 0, call 1, raise 2)."""
    if variant.rounds == 1:
        return 0 if word in ("check", "fold") else 1
    return {"fold": 0, "check": 1, "call": 1, "bet": 2, "raise": 2}[word]


@cache
def spiel_game(name: str) -> pyspiel.Game:
    """OpenSpiel's game for an arena poker game's name."""
    return pyspiel.load_game(SPIEL_NAMES[name])


def spiel_state(variant: Variant, deal: Deal, words: tuple[str, ...]) -> pyspiel.State:
    """OpenSpiel's state after `deal` and the action words (the public card dealt when the first round closes)."""
    state = spiel_game(variant.name).new_initial_state()
    state.apply_action(deal.cards[0])
    state.apply_action(deal.cards[1])
    for word in words:
        if state.is_chance_node():
            state.apply_action(deal.public)
        state.apply_action(action_id(variant, word))
    if state.is_chance_node() and deal.public is not None:
        state.apply_action(deal.public)
    return state


@cache
def names(name: str) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The arena's information sets to OpenSpiel's, and each set's legal words.

    OpenSpiel's Leduc tells the two suits of a rank apart, which never changes a payoff; the arena's sets
    name ranks only, so one of them is each of its suit twins in OpenSpiel (checked: no set of OpenSpiel's
    falls in two of the arena's).
    """
    variant = VARIANTS[name]
    to_spiel: dict[str, list[str]] = {}
    legal: dict[str, list[str]] = {}
    owner: dict[str, str] = {}
    for hand in decisions(variant):
        key, state = hand.information_set(), spiel_state(variant, hand.deal, hand.words)
        spiel_key = state.information_state_string()
        if owner.setdefault(spiel_key, key) != key:
            raise AssertionError(f"OpenSpiel's {spiel_key!r} is the arena's {key!r} and {owner[spiel_key]!r}")
        twins = to_spiel.setdefault(key, [])
        if spiel_key not in twins:
            twins.append(spiel_key)
        ids = [action_id(variant, word) for word in hand.legal()]
        if ids != state.legal_actions():
            raise AssertionError(f"{key}: the arena allows {hand.legal()}, OpenSpiel {state.legal_actions()}")
        legal[key] = hand.legal()
    return to_spiel, legal


@cache
def layout(name: str) -> list[tuple[str, tuple[str, ...], tuple[tuple[int, str], ...]]]:
    """Per arena information set: its OpenSpiel twins and its (action number, word) pairs."""
    variant = VARIANTS[name]
    to_spiel, legal = names(name)
    return [(key, tuple(twins), tuple((action_id(variant, word), word) for word in legal[key]))
            for key, twins in to_spiel.items()]  # fmt: skip


def to_spiel_policy(variant: Variant, strategy: Strategy) -> dict[str, list[tuple[int, float]]]:
    """A strategy over every information set as OpenSpiel's tabular policy."""
    table: dict[str, list[tuple[int, float]]] = {}
    for key, twins, actions in layout(variant.name):
        probabilities = strategy[key]
        row = [(number, probabilities.get(word, 0.0)) for number, word in actions]
        for spiel_key in twins:
            table[spiel_key] = row
    return table


def from_spiel_policy(variant: Variant, policy: pyspiel.Policy) -> Strategy:
    """OpenSpiel's policy as a strategy over the arena's information sets (suit twins averaged: by the suits'
    symmetry the average of an equilibrium's twins is an equilibrium too)."""
    _, legal = names(variant.name)
    seen: dict[str, dict[str, list[float]]] = {}
    done: set[str] = set()
    for hand in decisions(variant):
        state = spiel_state(variant, hand.deal, hand.words)
        spiel_key = state.information_state_string()
        if spiel_key in done:
            continue
        done.add(spiel_key)
        chances = dict(policy.action_probabilities(state))
        twins = seen.setdefault(hand.information_set(), {})
        for word in legal[hand.information_set()]:
            twins.setdefault(word, []).append(float(chances.get(action_id(variant, word), 0.0)))
    return {key: {word: sum(ps) / len(ps) for word, ps in words.items()} for key, words in seen.items()}


def solve(variant: Variant, iterations: int) -> Strategy:
    """The average strategy of `iterations` of CFR+ (deterministic)."""
    solver = pyspiel.CFRPlusSolver(spiel_game(variant.name))
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return from_spiel_policy(variant, solver.average_policy())


def exploitability(variant: Variant, strategy: Strategy) -> float:
    """What a best response wins from the strategy, chips per hand averaged over the two positions."""
    responders, root = best_responders(variant.name)
    table = to_spiel_policy(variant, strategy)
    total = 0.0
    for responder in responders:  # built once: OpenSpiel's own exploitability rebuilds its tree every call
        responder.set_policy(table)
        total += responder.value(root)
    return total / 2


@cache
def best_responders(name: str) -> tuple[tuple[pyspiel.TabularBestResponse, ...], str]:
    """A best responder for each position (their policy is set before each use) and the root's history."""
    game = spiel_game(name)
    uniform = pyspiel.UniformRandomPolicy(game)
    responders = tuple(pyspiel.TabularBestResponse(game, position, uniform) for position in (0, 1))
    return responders, game.new_initial_state().history_str()


def best_response(variant: Variant, strategy: Strategy) -> Strategy:
    """A pure best response to the strategy, in both positions."""
    game = spiel_game(variant.name)
    table = to_spiel_policy(variant, strategy)
    to_spiel, legal = names(variant.name)
    answers = [pyspiel.TabularBestResponse(game, position, table).get_best_response_actions() for position in (0, 1)]
    response: Strategy = {}
    for key, twins in to_spiel.items():
        chosen = answers[0 if key.startswith("first") else 1][twins[0]]  # twins are answered alike: same payoffs
        response[key] = {word: float(action_id(variant, word) == chosen) for word in legal[key]}
    return response
