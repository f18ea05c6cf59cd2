"""The fixed-style players poker's literature plays against: a calling station, a maniac, tight and loose play."""

from __future__ import annotations

from games.poker.hands import Hand, Strategy, Variant, decisions

STYLES = ("always-call", "always-raise", "tight", "loose")


def strong(hand: Hand, position: int) -> bool:
    """A king, or a pair with the public card."""
    pair, rank = hand.strength(position)
    return bool(pair) or rank == 2


def weakest(hand: Hand, position: int) -> bool:
    """A jack without a pair."""
    return hand.strength(position) == (0, 0)


def style_action(style: str, hand: Hand) -> str:
    """The word a fixed style says in `hand` for the position to act.

    always-call: checks or calls, never folds. always-raise: bets or raises whenever it may, else calls.
    tight: bets and raises a strong hand (a king or a pair), otherwise checks and folds to a bet.
    loose: never folds; bets and raises anything but an unpaired jack, calls with that.
    """
    legal, position = hand.legal(), hand.to_act()
    passive = "call" if "call" in legal else "check"
    aggressive = "raise" if "raise" in legal else "bet" if "bet" in legal else passive
    if style == "always-call":
        return passive
    if style == "always-raise":
        return aggressive
    if style == "tight":
        if strong(hand, position):
            return aggressive
        return "fold" if "fold" in legal else "check"
    if style == "loose":
        return passive if weakest(hand, position) else aggressive
    raise ValueError(f"unknown poker style {style!r} (choose from {', '.join(STYLES)})")


def style_strategy(style: str, variant: Variant) -> Strategy:
    """A style as a strategy over every information set (what a best response is computed against)."""
    return {hand.information_set(): {word: float(word == style_action(style, hand)) for word in hand.legal()}
            for hand in decisions(variant)}  # fmt: skip


def uniform_strategy(variant: Variant) -> Strategy:
    """Uniform random play over the legal words at every information set."""
    return {hand.information_set(): {word: 1 / len(hand.legal()) for word in hand.legal()}
            for hand in decisions(variant)}  # fmt: skip
