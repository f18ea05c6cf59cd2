"""Exact action values at every information set under a strategy profile, by walking every deal's tree."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.poker.hands import Hand, Strategy, Variant, every_deal


@dataclass
class Values:
    """Per information set and word: the value to the player acting there, weighted by chance and the other's reach.

    Where the other never leads to a set, its value is weighted by chance alone (`reached` says which).
    """

    weighted: dict[str, dict[str, float]] = field(default_factory=dict)
    weight: dict[str, float] = field(default_factory=dict)
    chance: dict[str, dict[str, float]] = field(default_factory=dict)
    chance_weight: dict[str, float] = field(default_factory=dict)

    def reached(self, key: str) -> bool:
        """True when the other's strategy leads to this set with some probability."""
        return self.weight.get(key, 0.0) > 1e-12

    def of(self, key: str) -> dict[str, float]:
        """Each word's expected chips to the acting player at `key`."""
        if self.reached(key):
            return {word: total / self.weight[key] for word, total in self.weighted[key].items()}
        return {word: total / self.chance_weight[key] for word, total in self.chance[key].items()}

    def losses(self, key: str) -> dict[str, float]:
        """What each word gives away against the best word here, in chips."""
        values = self.of(key)
        best = max(values.values())
        return {word: best - value for word, value in values.items()}


def action_values(variant: Variant, profile: Strategy) -> Values:
    """The values when both positions play `profile` (keyed by the arena's information sets)."""
    values = Values()
    deals = every_deal(variant)
    chance = 1.0 / len(deals)

    def walk(hand: Hand, reach: tuple[float, float]) -> float:
        """The first position's expected chips from `hand` on."""
        if hand.is_over():
            return float(hand.payoff()[0])
        position, key = hand.to_act(), hand.information_set()
        sign = 1.0 if position == 0 else -1.0
        strategy = profile[key]
        other = chance * reach[1 - position]
        weighted = values.weighted.setdefault(key, {})
        plain = values.chance.setdefault(key, {})
        values.weight[key] = values.weight.get(key, 0.0) + other
        values.chance_weight[key] = values.chance_weight.get(key, 0.0) + chance
        expected = 0.0
        for word in hand.legal():
            share = strategy.get(word, 0.0)
            mine = (reach[0] * share, reach[1]) if position == 0 else (reach[0], reach[1] * share)
            child = walk(hand.after(word), mine)
            weighted[word] = weighted.get(word, 0.0) + other * sign * child
            plain[word] = plain.get(word, 0.0) + chance * sign * child
            expected += share * child
        return expected

    for deal in deals:
        walk(Hand(variant, deal), (1.0, 1.0))
    return values


def mixed(first: Strategy, second: Strategy) -> Strategy:
    """A profile: `first`'s choices in the first position, `second`'s in the second."""
    return {key: (first if key.startswith("first") else second)[key] for key in first}
