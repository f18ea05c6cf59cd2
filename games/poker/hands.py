"""One hand of Kuhn poker or Leduc hold'em: the deck, the betting, the showdown (OpenSpiel's rules exactly)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from games.base import IllegalMove, InvalidMove

RANKS = "JQK"
PASSIVE, AGGRESSIVE = ("check", "call"), ("bet", "raise")
WORDS = ("check", "bet", "fold", "call", "raise")


@dataclass(frozen=True)
class Variant:
    """A poker game's deck and betting: antes of 1 chip, a bet size and a raise cap per round."""

    name: str
    deck: tuple[int, ...]  # card ids as OpenSpiel numbers them; a card's rank is id // suits
    suits: int
    bet_sizes: tuple[int, ...]  # one per betting round
    max_raises: int  # bets and raises in one round
    ante: int = 1

    @property
    def rounds(self) -> int:
        """Betting rounds (Leduc deals its public card between the two)."""
        return len(self.bet_sizes)

    def rank(self, card: int) -> int:
        """0 for a jack, 1 a queen, 2 a king."""
        return card // self.suits

    def card_name(self, card: int) -> str:
        """J, Q or K (Leduc's two suits play no part)."""
        return RANKS[self.rank(card)]


KUHN = Variant("kuhn-poker", deck=(0, 1, 2), suits=1, bet_sizes=(1,), max_raises=1)
LEDUC = Variant("leduc-poker", deck=(0, 1, 2, 3, 4, 5), suits=2, bet_sizes=(2, 4), max_raises=2)
VARIANTS = {variant.name: variant for variant in (KUHN, LEDUC)}  # by game name
Strategy = dict[str, dict[str, float]]  # information set -> action word -> probability


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: the first position's, the second's and Leduc's public card (None in Kuhn)."""

    cards: tuple[int, int]
    public: int | None = None


@dataclass(frozen=True)
class Hand:
    """A hand in play, by position (0 acts first in every round): its deal and the words said, round by round."""

    variant: Variant
    deal: Deal
    rounds: tuple[tuple[str, ...], ...] = ((),)

    @property
    def words(self) -> tuple[str, ...]:
        """Every action of the hand, in order."""
        return tuple(word for betting in self.rounds for word in betting)

    def contributions(self) -> tuple[int, int]:
        """The chips each position has put in, antes included."""
        put = [self.variant.ante, self.variant.ante]
        for number, betting in enumerate(self.rounds):
            for turn, word in enumerate(betting):
                seat = turn % 2
                if word == "call":
                    put[seat] = put[1 - seat]
                elif word in AGGRESSIVE:
                    put[seat] = put[1 - seat] + self.variant.bet_sizes[number]
        return put[0], put[1]

    def facing_bet(self) -> bool:
        """True when the position to act has a bet to call."""
        return any(word in AGGRESSIVE for word in self.rounds[-1])

    def to_act(self) -> int:
        """The position to act."""
        return len(self.rounds[-1]) % 2

    def folded(self) -> int | None:
        """The position that folded, if one did."""
        betting = self.rounds[-1]
        return (len(betting) - 1) % 2 if betting and betting[-1] == "fold" else None

    def round_closed(self) -> bool:
        """True when the current round's betting is over (check-check, a call, or a fold)."""
        betting = self.rounds[-1]
        return bool(betting) and (betting[-1] in ("call", "fold") or betting[-2:] == ("check", "check"))

    def is_over(self) -> bool:
        """True once a position folded or the last round closed."""
        return self.folded() is not None or (self.round_closed() and len(self.rounds) == self.variant.rounds)

    def public(self) -> int | None:
        """The public card once it is dealt (the second round has begun)."""
        return self.deal.public if len(self.rounds) > 1 else None

    def legal(self) -> list[str]:
        """The words the position to act may say."""
        if self.is_over():
            return []
        if not self.facing_bet():
            return ["check", "bet"]
        raises = sum(word in AGGRESSIVE for word in self.rounds[-1])
        return ["fold", "call"] + (["raise"] if raises < self.variant.max_raises else [])

    def read(self, text: str) -> str:
        """The canonical word for `text` here ('pass' is a check or a fold); InvalidMove/IllegalMove otherwise."""
        word = text.strip().strip(".!\"'`*").lower()
        legal = self.legal()
        facing = self.facing_bet()
        if word == "pass":
            word = "fold" if facing else "check"
        elif word in PASSIVE:
            word = "call" if facing else "check"
        elif word in AGGRESSIVE:
            word = "raise" if facing else "bet"
        elif word != "fold":
            raise InvalidMove(f"{text.strip()[:40]!r} is not a poker action (say one of: {', '.join(legal)})")
        if word not in legal:
            why = "no bet to fold to" if word == "fold" else "the raises of this round are used up"
            raise IllegalMove(f"{word}: {why} (say one of: {', '.join(legal)})")
        return word

    def after(self, word: str) -> Hand:
        """The hand after the position to act says `word` (already read); a closed round opens the next."""
        if word not in self.legal():
            raise IllegalMove(f"{word} is not legal here (say one of: {', '.join(self.legal())})")
        rounds = (*self.rounds[:-1], self.rounds[-1] + (word,))
        hand = Hand(self.variant, self.deal, rounds)
        if hand.round_closed() and hand.folded() is None and len(rounds) < self.variant.rounds:
            hand = Hand(self.variant, self.deal, (*rounds, ()))
        return hand

    def strength(self, position: int) -> tuple[int, int]:
        """A position's strength as it stands: (1 for a pair with the public card once dealt, its rank)."""
        card, public = self.deal.cards[position], self.public()
        pair = int(public is not None and self.variant.rank(card) == self.variant.rank(public))
        return pair, self.variant.rank(card)

    def payoff(self) -> tuple[int, int]:
        """The chips each position wins (negative: loses) in a finished hand."""
        put = self.contributions()
        loser = self.folded()
        if loser is None:
            first, second = self.strength(0), self.strength(1)
            if first == second:
                return 0, 0
            loser = 0 if first < second else 1
        return (-put[0], put[0]) if loser == 0 else (put[1], -put[1])

    def showdown(self) -> bool:
        """True when a finished hand was settled by showing the cards."""
        return self.is_over() and self.folded() is None

    def information_set(self) -> str:
        """The position to act's information set, as records and grades name it: 'second Q | bet'."""
        position = self.to_act()
        card = self.variant.card_name(self.deal.cards[position])
        public = self.public()
        seen = f"{card} (public {self.variant.card_name(public)})" if public is not None else card
        return f"{'first' if position == 0 else 'second'} {seen} | {self.history_text()}"

    def history_text(self) -> str:
        """The betting so far, rounds split by ' / ' ('-' before any action)."""
        said = [" ".join(betting) for betting in self.rounds]
        return " / ".join(said).strip() if any(said) else "-"


def every_deal(variant: Variant) -> list[Deal]:
    """Every ordered deal, each equally likely."""
    cards = variant.deck
    if variant.rounds == 1:
        return [Deal((a, b)) for a in cards for b in cards if a != b]
    return [Deal((a, b), c) for a in cards for b in cards for c in cards if len({a, b, c}) == 3]


def decisions(variant: Variant) -> Iterator[Hand]:
    """Every decision point of every deal (an information set comes once for each deal that holds it)."""

    def walk(hand: Hand) -> Iterator[Hand]:
        if hand.is_over():
            return
        yield hand
        for word in hand.legal():
            yield from walk(hand.after(word))

    for deal in every_deal(variant):
        yield from walk(Hand(variant, deal))
