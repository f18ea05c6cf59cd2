"""Kuhn and Leduc poker: the arena's rules agree with OpenSpiel's on every deal and line of betting; a match
deals in duplicate pairs from its seed; a seat sees only its own card."""

from __future__ import annotations

import random

import pytest

from arena.poker.spiel import action_id, names, spiel_state
from games.base import IllegalMove, InvalidMove
from games.poker import KUHN, LEDUC, Hand, Variant
from games.poker.hands import every_deal
from games.registry import make_game


def finished_hands(variant: Variant) -> list[Hand]:
    """Every finished hand of every deal."""
    done: list[Hand] = []

    def walk(hand: Hand) -> None:
        if hand.is_over():
            done.append(hand)
            return
        for word in hand.legal():
            walk(hand.after(word))

    for deal in every_deal(variant):
        walk(Hand(variant, deal))
    return done


@pytest.mark.parametrize("variant", [KUHN, LEDUC], ids=["kuhn", "leduc"])
def test_every_finished_hand_pays_what_openspiel_pays(variant: Variant) -> None:
    hands = finished_hands(variant)
    assert len(every_deal(variant)) == (6 if variant is KUHN else 120)
    for hand in hands:
        state = spiel_state(variant, hand.deal, hand.words)
        assert state.is_terminal(), hand.words
        assert tuple(state.returns()) == tuple(float(x) for x in hand.payoff()), (hand.deal, hand.words)
    if variant is KUHN:
        assert len(hands) == 30  # 5 lines of betting x 6 deals


@pytest.mark.parametrize("variant", [KUHN, LEDUC], ids=["kuhn", "leduc"])
def test_information_sets_are_openspiels_with_the_same_legal_actions(variant: Variant) -> None:
    to_spiel, legal = names(variant.name)  # raises on any disagreement
    assert len(to_spiel) == (12 if variant is KUHN else 288)
    assert sum(len(twins) for twins in to_spiel.values()) == (12 if variant is KUHN else 936)  # OpenSpiel's count
    for key, words in legal.items():
        assert [action_id(variant, w) for w in words] == sorted(action_id(variant, w) for w in words), key


def test_words_are_read_as_poker_players_say_them() -> None:
    hand = Hand(LEDUC, every_deal(LEDUC)[0])
    assert hand.read("Check.") == "check" and hand.read("pass") == "check" and hand.read("RAISE") == "bet"
    with pytest.raises(IllegalMove, match="no bet to fold to"):
        hand.read("fold")
    with pytest.raises(InvalidMove, match="not a poker action"):
        hand.read("all in")
    facing = hand.after("bet")
    assert facing.read("pass") == "fold" and facing.read("bet") == "raise" and facing.read("check") == "call"
    capped = facing.after("raise")
    assert capped.legal() == ["fold", "call"]
    with pytest.raises(IllegalMove, match="raises of this round are used up"):
        capped.read("raise")
    assert capped.after("call").rounds == (("bet", "raise", "call"), ())  # the public card opens round two
    assert capped.after("call").public() == every_deal(LEDUC)[0].public


def test_a_duplicate_match_plays_each_deal_twice_with_the_seats_swapped() -> None:
    game = make_game("leduc-poker", hands=6)
    state = game.initial_state(random.Random("7:game"))
    assert state == game.initial_state(random.Random("7:game"))  # the seed deals the same cards
    rng = random.Random(1)
    while game.outcome(state) is None:
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    played = state.played
    assert len(played) == 6
    for first, second in zip(played[::2], played[1::2], strict=True):
        assert first.hand.deal == second.hand.deal
        assert (first.first_seat, second.first_seat) == (0, 1)
    assert state.chips == (sum(r.chips[0] for r in played), sum(r.chips[1] for r in played))
    assert state.chips[0] == -state.chips[1]
    outcome = game.outcome(state)
    assert outcome is not None and outcome.scores == (float(state.chips[0]), float(state.chips[1]))


def test_a_seat_sees_only_its_own_card_until_a_showdown() -> None:
    game = make_game("kuhn-poker", hands=2)
    state = game.initial_state(random.Random("3:game"))
    cards = state.hand.deal.cards
    view = game.observe(state, 1)
    assert view.card == cards[1] and view.position == 1
    shown = game.render(state, seat=1)
    mine, theirs = KUHN.card_name(cards[1]), KUHN.card_name(cards[0])
    assert f"seat 2 (second): {mine}" in shown and "seat 1 (first): ?" in shown
    assert theirs not in shown.split("\n", 1)[1].replace(f"seat 2 (second): {mine}", "")
    state = game.apply(game.apply(state, "bet"), "fold")  # no showdown: the folded card stays hidden
    assert game.observe(state, 1).past[0][2] is None
    state = game.apply(game.apply(state, "check"), "check")  # a showdown shows it
    assert game.observe(state, 0).past[1][2] == state.played[1].hand.deal.cards[0]


def test_bad_options_are_one_line_errors() -> None:
    with pytest.raises(ValueError, match="must be even"):
        make_game("kuhn-poker", hands=5)
    assert make_game("kuhn", hands=5, duplicate=False).hands == 5
    with pytest.raises(ValueError, match="at least 1 hand"):
        make_game("leduc-poker", hands=0)


def test_fixed_styles_decide_on_what_their_seat_can_see() -> None:
    from games.poker.hands import decisions
    from games.poker.styles import STYLES, style_action

    for style in STYLES:
        said: dict[str, str] = {}
        for hand in decisions(LEDUC):  # every deal holding an information set must get the same word
            word = style_action(style, hand)
            assert said.setdefault(hand.information_set(), word) == word, (style, hand.information_set())
