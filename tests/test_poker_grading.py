"""Poker graded exactly: the solver's Kuhn equilibrium lies in the known family, exploitability agrees with an
independent enumeration, action values agree with OpenSpiel's tree walk, and decisions are classed in poker's terms."""

from __future__ import annotations

import itertools

import pytest
from open_spiel.python import policy as spiel_policy
from open_spiel.python.algorithms import action_value

from arena.poker.equilibrium import equilibrium, solved
from arena.poker.grading import Decision, grade, mistake_class
from arena.poker.spiel import action_id, best_response, exploitability, names, spiel_game, to_spiel_policy
from arena.poker.values import action_values
from games.poker import KUHN, LEDUC, Hand
from games.poker.hands import every_deal
from games.poker.styles import style_strategy, uniform_strategy

Strategy = dict[str, dict[str, float]]


def value_against(target: Strategy, target_position: int, response: dict[str, str]) -> float:
    """The responder's expected chips when `target` sits in `target_position` and the responder plays `response`."""
    deals = every_deal(KUHN)

    def walk(hand: Hand) -> float:
        if hand.is_over():
            return float(hand.payoff()[1 - target_position])
        key = hand.information_set()
        if hand.to_act() == target_position:
            return sum(p * walk(hand.after(w)) for w, p in target[key].items() if p)
        return walk(hand.after(response[key]))

    return sum(walk(Hand(KUHN, deal)) for deal in deals) / len(deals)


def enumerated_exploitability(target: Strategy) -> float:
    """Kuhn exploitability by trying every pure strategy of the responder in each position (no OpenSpiel)."""
    best = []
    for position in (1, 0):  # the responder's position
        keys = sorted(k for k in target if k.startswith("first" if position == 0 else "second"))
        choices = [list(target[k]) for k in keys]
        best.append(max(value_against(target, 1 - position, dict(zip(keys, pick, strict=True)))
                        for pick in itertools.product(*choices)))  # fmt: skip
    return sum(best) / 2


def test_the_solved_kuhn_equilibrium_lies_in_the_closed_form_family() -> None:
    s = equilibrium("kuhn-poker").strategy
    alpha = s["first J | -"]["bet"]
    assert 0 <= alpha <= 1 / 3
    expected = {  # Kuhn (1950): the first player's bluff alpha fixes the rest
        ("first J | -", "bet"): alpha, ("first Q | -", "bet"): 0.0, ("first K | -", "bet"): 3 * alpha,
        ("first J | check bet", "call"): 0.0, ("first Q | check bet", "call"): alpha + 1 / 3,
        ("first K | check bet", "call"): 1.0,
        ("second J | check", "bet"): 1 / 3, ("second Q | check", "bet"): 0.0, ("second K | check", "bet"): 1.0,
        ("second J | bet", "call"): 0.0, ("second Q | bet", "call"): 1 / 3, ("second K | bet", "call"): 1.0,
    }  # fmt: skip
    for (key, word), share in expected.items():
        assert s[key][word] == pytest.approx(share, abs=0.005), key
    assert equilibrium("kuhn-poker").exploitability < 1e-4
    # The game's value to the first position is -1/18 at every equilibrium.
    values = action_values(KUHN, s)
    first = sum(s[k][w] * v for k in s if k.endswith("| -") for w, v in values.of(k).items()) / 3
    assert first == pytest.approx(-1 / 18, abs=1e-3)


@pytest.mark.parametrize("name", ["random", "always-call", "always-raise", "tight"])
def test_exploitability_agrees_with_an_independent_enumeration(name: str) -> None:
    target = uniform_strategy(KUHN) if name == "random" else style_strategy(name, KUHN)
    assert exploitability(KUHN, target) == pytest.approx(enumerated_exploitability(target), abs=1e-12)
    if name == "random":
        assert exploitability(KUHN, target) == pytest.approx(11 / 24)  # OpenSpiel's and the literature's 0.4583
    if name == "always-call":
        # By hand: in either position the responder bets a king (+2), gets 0 with a queen, checks a jack (-1).
        assert exploitability(KUHN, target) == pytest.approx(1 / 3)


def test_a_best_response_wins_exactly_the_exploitability() -> None:
    for variant in (KUHN, LEDUC):
        target = style_strategy("always-call", variant)
        answer = best_response(variant, target)
        values = [action_values(variant, {**target, **{k: v for k, v in answer.items() if k.startswith(p)}})
                  for p in ("second", "first")]  # fmt: skip
        won = []
        for responder, value in zip(("second", "first"), values, strict=True):
            roots = [k for k in answer if k.endswith("| -") and k.startswith("first")]
            first = sum(value.of(k)[w] * (answer if responder == "first" else target)[k][w] for k in roots
                        for w in value.of(k)) / len(roots)  # fmt: skip
            won.append(-first if responder == "second" else first)
        assert sum(won) / 2 == pytest.approx(exploitability(variant, target), abs=1e-9)


def test_action_values_agree_with_openspiels_tree_walk() -> None:
    found = equilibrium("leduc-poker")
    game = spiel_game("leduc-poker")
    table = spiel_policy.TabularPolicy(game)
    for key, probabilities in to_spiel_policy(LEDUC, found.strategy).items():
        row = table.policy_for_key(key)
        row[:] = 0
        for action, share in probabilities:
            row[action] = share
    walker = action_value.TreeWalkCalculator(game)
    walker.compute_all_states_action_values([table, table])
    ours = action_values(LEDUC, found.strategy)
    to_spiel, legal = names("leduc-poker")
    for key in list(to_spiel)[::7]:
        player = 0 if key.startswith("first") else 1
        weighted = sum(walker.info_state_cf_prob_by_q_sum[(player, s)] for s in to_spiel[key])
        reach = sum(walker.info_state_cf_prob[(player, s)] for s in to_spiel[key])
        for word in legal[key]:
            assert ours.of(key)[word] == pytest.approx(weighted[action_id(LEDUC, word)] / reach, abs=1e-12)


def test_the_shipped_equilibria_equal_a_fresh_solve() -> None:
    for game in ("kuhn-poker", "leduc-poker"):
        shipped, fresh = equilibrium(game), solved(game)
        assert shipped.iterations == fresh.iterations
        assert shipped.exploitability == pytest.approx(fresh.exploitability, abs=1e-9)
        for key, words in fresh.strategy.items():
            assert shipped.strategy[key] == pytest.approx(words, abs=1e-9), key
    assert equilibrium("leduc-poker").exploitability < 0.001  # chips per hand: under 1 mbb/hand


def test_mistakes_are_named_in_pokers_terms() -> None:
    values = action_values(KUHN, equilibrium("kuhn-poker").strategy)
    assert mistake_class("second K | bet", "fold", values.losses("second K | bet")) == "folds a winner"
    assert mistake_class("second J | bet", "call", values.losses("second J | bet")) == "calls a loser"
    assert mistake_class("second K | check", "check", values.losses("second K | check")) == "missed value bet"
    assert mistake_class("first Q | -", "bet", values.losses("first Q | -")) == "bluff with the wrong card"
    assert mistake_class("first K | -", "bet", values.losses("first K | -")) is None  # indifferent at equilibrium


def test_grades_set_a_player_beside_random_on_the_same_decisions() -> None:
    decisions = [Decision("second K | bet", "fold", ("m", 0)), Decision("second J | bet", "fold", ("m", 1))]
    grades = grade("kuhn-poker", decisions)
    assert grades.ev_loss == pytest.approx(3.0 / 2)  # folding a king to a bet gives up 2 - (-1) = 3 chips
    assert grades.random_ev_loss == pytest.approx((3.0 / 2 + 1.0 / 2) / 2)  # random calls or folds each
    assert grades.mistakes == {"folds a winner": 1}
    assert grades.exploitability is None  # too few decisions to say
