"""Kuhn poker and Leduc hold'em: the rules of a hand, a match of hands, and the fixed-style players."""

from games.poker.hands import KUHN, LEDUC, Deal, Hand, Variant
from games.poker.rules import DEFAULT_HANDS, HandResult, Poker, PokerState, PokerView, kuhn, leduc

__all__ = ["DEFAULT_HANDS", "KUHN", "LEDUC", "Deal", "Hand", "HandResult", "Poker", "PokerState", "PokerView",
           "Variant", "kuhn", "leduc"]  # fmt: skip
