"""A poker match: a number of hands of Kuhn poker or Leduc hold'em, dealt in duplicate pairs by default."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.base import IllegalMove, Outcome
from games.poker.hands import KUHN, LEDUC, Deal, Hand, Variant

DEFAULT_HANDS = 20


@dataclass(frozen=True)
class HandResult:
    """A finished hand: which seat sat first, its deal, its betting and the chips each seat won."""

    first_seat: int
    hand: Hand
    chips: tuple[int, int]  # by seat


@dataclass(frozen=True)
class PokerState:
    """A match in play: every deal (drawn at the start), the hand in play, the hands played and the chips."""

    deals: tuple[Deal, ...]
    hand: Hand
    number: int = 0  # the hand in play, from 0
    played: tuple[HandResult, ...] = ()
    chips: tuple[int, int] = (0, 0)  # by seat
    ply: int = 0


@dataclass(frozen=True)
class PokerView:
    """What one seat may know: its own card, the public card once dealt, the betting, the chips and past hands
    (the other's card only where a hand went to showdown)."""

    variant: Variant
    seat: int
    position: int
    card: int
    public: int | None
    hand: Hand
    number: int
    hands: int
    chips: tuple[int, int]
    # each earlier hand: (own card, betting, their card if shown, chips by seat, public card if dealt)
    past: tuple[tuple[int, str, int | None, tuple[int, int], int | None], ...] = field(default=())


@dataclass(frozen=True)
class Poker:
    """Heads-up poker over `hands` hands; with `duplicate`, each deal is played twice with the seats swapped."""

    variant: Variant = KUHN
    hands: int = DEFAULT_HANDS
    duplicate: bool = True

    def __post_init__(self) -> None:
        if self.hands < 1:
            raise ValueError("hands: at least 1 hand a match")
        if self.duplicate and self.hands % 2:
            raise ValueError(f"hands: duplicate play deals each hand twice, so {self.hands} must be even")

    @property
    def name(self) -> str:
        """The game's registered name."""
        return self.variant.name

    def options(self) -> dict[str, Any]:
        """Hands and duplicate play."""
        return {"hands": self.hands, "duplicate": self.duplicate}

    def deal(self, rng: random.Random) -> Deal:
        """One shuffled deal."""
        cards = rng.sample(self.variant.deck, 3 if self.variant.rounds > 1 else 2)
        return Deal((cards[0], cards[1]), cards[2] if self.variant.rounds > 1 else None)

    def initial_state(self, rng: random.Random) -> PokerState:
        """Every deal of the match, drawn from `rng`: the same seed deals the same cards."""
        deals = tuple(self.deal(rng) for _ in range(self.hands // 2 if self.duplicate else self.hands))
        return PokerState(deals, Hand(self.variant, deals[0]))

    def first_seat(self, number: int) -> int:
        """The seat in the first position in hand `number` (seats alternate, so a duplicate pair swaps them)."""
        return number % 2

    def deal_of(self, state: PokerState, number: int) -> Deal:
        """The cards of hand `number`."""
        return state.deals[number // 2 if self.duplicate else number]

    def position(self, state: PokerState, seat: int) -> int:
        """A seat's position in the hand in play."""
        return 0 if self.first_seat(state.number) == seat else 1

    def to_move(self, state: PokerState) -> int:
        """The seat to act."""
        return self.first_seat(state.number) ^ state.hand.to_act()

    def ply(self, state: PokerState) -> int:
        """Decisions made so far in the match."""
        return state.ply

    def legal_moves(self, state: PokerState) -> list[str]:
        """The words the seat to act may say."""
        return [] if self.outcome(state) else state.hand.legal()

    def apply(self, state: PokerState, move: str) -> PokerState:
        """The state after the seat to act says `move`; a finished hand is settled and the next one dealt."""
        if self.outcome(state):
            raise IllegalMove("the match is over")
        hand = state.hand.after(move)
        if not hand.is_over():
            return PokerState(state.deals, hand, state.number, state.played, state.chips, state.ply + 1)
        first = self.first_seat(state.number)
        won = hand.payoff()
        by_seat = (won[0], won[1]) if first == 0 else (won[1], won[0])
        played = (*state.played, HandResult(first, hand, by_seat))
        chips = (state.chips[0] + by_seat[0], state.chips[1] + by_seat[1])
        number = state.number + 1
        following = Hand(self.variant, self.deal_of(state, number)) if number < self.hands else hand
        return PokerState(state.deals, following, number, played, chips, state.ply + 1)

    def outcome(self, state: PokerState) -> Outcome | None:
        """Once every hand is played: the seat with more chips wins (equal chips: a draw)."""
        if state.number < self.hands:
            return None
        lead = state.chips[0] - state.chips[1]
        winner = None if lead == 0 else (0 if lead > 0 else 1)
        reason = f"chips {state.chips[0]:+d} to {state.chips[1]:+d} over {self.hands} hands"
        return Outcome(winner, reason, scores=(float(state.chips[0]), float(state.chips[1])))

    def parse_move(self, state: PokerState, text: str) -> str:
        """Read an action word (check, bet, call, fold, raise; 'pass' checks or folds)."""
        if self.outcome(state):
            raise IllegalMove("the match is over")
        return state.hand.read(text)

    def move_text(self, move: str) -> str:
        """The action word."""
        return move

    def observe(self, state: PokerState, seat: int) -> PokerView:
        """The seat's view (its own card only)."""
        past: list[tuple[int, str, int | None, tuple[int, int], int | None]] = []
        for result in state.played:
            position = 0 if result.first_seat == seat else 1
            theirs = result.hand.deal.cards[1 - position] if result.hand.showdown() else None
            past.append((result.hand.deal.cards[position], result.hand.history_text(), theirs, result.chips,
                         result.hand.public()))  # fmt: skip
        position = self.position(state, seat)
        hand = state.hand
        return PokerView(self.variant, seat, position, hand.deal.cards[position], hand.public(), hand,
                         state.number, self.hands, state.chips, tuple(past))  # fmt: skip

    def information_set(self, state: PokerState) -> str:
        """The deciding seat's information set, as the record and the grades name it: 'second Q | bet'."""
        return state.hand.information_set()

    def move_info(self, state: PokerState, move: str) -> dict[str, Any]:
        """What the record keeps of a decision beside its word: the hand, the position and the information set."""
        return {"hand": state.number, "position": state.hand.to_act(), "infoset": self.information_set(state)}

    def render(self, state: PokerState, style: str = "ascii", seat: int | None = None) -> str:
        """The hand as text; `seat` shows only that seat's card (None: both, as after the hand)."""
        from games.poker.text import hand_text

        return hand_text(self, state, seat)


def kuhn(hands: int = DEFAULT_HANDS, duplicate: bool = True) -> Poker:
    """Kuhn poker: J, Q, K; one card each, one betting round, bets of 1."""
    return Poker(KUHN, hands, duplicate)


def leduc(hands: int = DEFAULT_HANDS, duplicate: bool = True) -> Poker:
    """Leduc hold'em: two each of J, Q, K; a public card after the first round; bets of 2 then 4, two raises."""
    return Poker(LEDUC, hands, duplicate)
