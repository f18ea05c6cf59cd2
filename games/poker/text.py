"""A poker hand as text: the seat's own card, the public card, the betting, the pot and the chips."""

from __future__ import annotations

from typing import Any

SEAT_NAMES = ("seat 1", "seat 2")


def hand_text(game: Any, state: Any, seat: int | None) -> str:
    """The hand in play (or the last one, once the match is over) as one seat sees it; None shows both cards."""
    over = game.outcome(state) is not None
    hand = state.played[-1].hand if over and state.played else state.hand
    number = state.number - 1 if over else state.number
    first = game.first_seat(number)
    variant = game.variant
    lines = [f"{variant.name} · hand {number + 1} of {game.hands} · chips {state.chips[0]:+d} / {state.chips[1]:+d}"]
    for shown in (0, 1):
        position = 0 if first == shown else 1
        card = hand.deal.cards[position]
        visible = seat is None or seat == shown or (over and hand.showdown())
        label = variant.card_name(card) if visible else "?"
        lines.append(f"{SEAT_NAMES[shown]} ({'first' if position == 0 else 'second'}): {label}")
    public = hand.public()
    if variant.rounds > 1:
        lines.append(f"public card: {variant.card_name(public) if public is not None else 'not dealt yet'}")
    put = hand.contributions()
    lines.append(f"betting: {hand.history_text()} · pot {put[0] + put[1]}")
    if not hand.is_over():
        to_act = first ^ hand.to_act()
        lines.append(f"{SEAT_NAMES[to_act]} to act: {' / '.join(hand.legal())}")
    return "\n".join(lines)


def view_text(view: Any) -> str:
    """A seat's view for a prompt: its card, the public card, the betting, the pot, what it may say."""
    variant, hand = view.variant, view.hand
    put = hand.contributions()
    lines = [
        f"Hand {view.number + 1} of {view.hands}. You act {'first' if view.position == 0 else 'second'} this hand.",
        f"Your card: {variant.card_name(view.card)}.",
    ]
    if variant.rounds > 1:
        public = "not dealt yet" if view.public is None else variant.card_name(view.public)
        lines.append(f"Public card: {public}.")
    lines.append(f"Betting so far: {betting_words(hand, view.position)}.")
    lines.append(
        f"Pot: {put[0] + put[1]} chips (you put in {put[view.position]}, your opponent {put[1 - view.position]})."
    )
    lines.append(f"Your chips this match: {view.chips[view.seat]:+d}.")
    return "\n".join(lines)


def betting_words(hand: Any, position: int) -> str:
    """The betting as 'you check, opponent bets' ('none yet' before any action); rounds split by ' / '."""
    rounds = []
    for betting in hand.rounds:
        said = [f"{'you' if turn % 2 == position else 'opponent'} {word}" for turn, word in enumerate(betting)]
        rounds.append(", ".join(said))
    text = " / ".join(part for part in rounds if part)
    return text or "none yet"


RECENT = 5  # earlier hands a prompt recalls


def recent_hands(view: Any) -> str:
    """The last few hands as the seat saw them: its card, the betting, the other's card if shown, the chips won."""
    if not view.past:
        return ""
    names = view.variant.card_name
    lines = [f"Earlier hands (the last {min(RECENT, len(view.past))} of {len(view.past)}):"]
    first = len(view.past) - min(RECENT, len(view.past))
    for number, (card, betting, theirs, chips, public) in enumerate(view.past[first:], start=first + 1):
        shown = f"opponent showed {names(theirs)}" if theirs is not None else "no showdown"
        board = f"public card {names(public)}; " if public is not None else ""
        lines.append(f"  hand {number}: you had {names(card)}; {board}betting {betting}; {shown}; "
                     f"you won {chips[view.seat]:+d}")  # fmt: skip
    return "\n".join(lines) + "\n"
