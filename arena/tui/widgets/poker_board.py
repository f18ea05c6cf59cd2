"""The poker table: the seat's own card (the other's shown only at showdown), the public card, the betting and
the pot; a person picks an action with a key (c check/call, b bet/raise, f fold), the arrows and Enter, or a click."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events

from arena.tui.widgets.board import Board, Names

KEYS = {"c": ("check", "call"), "k": ("check", "call"), "b": ("bet", "raise"), "r": ("bet", "raise"), "f": ("fold",)}
SEATS = ("player 1", "player 2")


class PokerBoard(Board):
    """A Board for poker: text instead of a grid, the actions instead of cells."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game: Any = None
        self.state: Any = None
        self.viewer: int | None = None
        self.names: Names = ()
        self.choice = 0

    def show(self, game: Any, state: Any, viewer: int | None, interactive: bool = False, names: Names = ()) -> None:
        """Draw the hand as `viewer` sees it (None: a spectator, who sees both cards)."""
        self.game, self.state, self.viewer, self.names = game, state, viewer, names
        if interactive and not self.interactive:
            self.choice = 0
        self.interactive = interactive
        self.refresh(layout=True)

    @property
    def actions(self) -> list[str]:
        """The words the seat to act may say now."""
        return list(self.game.legal_moves(self.state)) if self.game is not None else []

    def lines(self) -> list[Text]:
        """The table, line by line."""
        if self.game is None:
            return []
        game, state = self.game, self.state
        over = game.outcome(state) is not None
        hand = state.played[-1].hand if over and state.played else state.hand
        number = state.number - 1 if over else state.number
        first = game.first_seat(number)
        name = game.variant.card_name
        lines = [Text(f"hand {number + 1} of {game.hands} · chips {state.chips[0]:+d} / {state.chips[1]:+d}",
                      style="bold")]  # fmt: skip
        for seat in (0, 1):
            position = 0 if first == seat else 1
            seen = self.viewer is None or self.viewer == seat or (over and hand.showdown())
            who = SEATS[seat] + (" (you)" if self.viewer == seat else "")
            card = Text(f" {name(hand.deal.cards[position])} " if seen else " ? ", style="reverse bold")
            lines.append(Text.assemble(f"{who}, {'first' if position == 0 else 'second'}: ", card))
        if game.variant.rounds > 1:
            public = hand.public()
            lines.append(Text.assemble("public card: ", Text(f" {name(public)} ", style="reverse bold")
                                       if public is not None else "not dealt yet"))  # fmt: skip
        put = hand.contributions()
        lines.append(Text(f"betting: {hand.history_text()} · pot {put[0] + put[1]}"))
        if self.state.played:
            lines.append(Text(self.last_hand(), style="italic"))
        if self.interactive:
            lines.append(self.action_line())
        return lines

    def last_hand(self) -> str:
        """The hand before, as this view may know it: a folded card stays hidden."""
        if not self.state.played:
            return ""
        result = self.state.played[-1]
        hand, name = result.hand, self.game.variant.card_name
        shown = [name(card) if self.viewer is None or hand.showdown() or seat_of(result, p) == self.viewer else "?"
                 for p, card in enumerate(hand.deal.cards)]  # fmt: skip
        cards = " v ".join(f"{SEATS[seat_of(result, p)]} {shown[p]}" for p in (0, 1))
        ending = "showdown" if hand.showdown() else "fold"
        return f"last hand: {cards} · {ending} · {result.chips[0]:+d}/{result.chips[1]:+d}"

    def action_line(self) -> Text:
        """The actions, the chosen one under the cursor, each with its key."""
        line = Text()
        for index, word in enumerate(self.actions):
            style = self.part("cursor") if index == self.choice and self.has_focus else self.part("label")
            line.append(f"[{word[0] if word != 'check' else 'c'}] {word}", style=style)
            line.append("  ")
        return line

    def render(self) -> Text:
        caption = self.caption()
        return Text("\n").join([*self.lines(), caption])

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return max((len(line) for line in self.lines()), default=10)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self.lines()) + 1

    def action_cursor(self, rows: int, cols: int) -> None:
        if self.actions:
            self.choice = (self.choice + cols + rows) % len(self.actions)
            self.refresh()

    def action_choose(self) -> None:
        if self.interactive and self.actions:
            self.post_message(self.Chosen(self.actions[min(self.choice, len(self.actions) - 1)]))

    def on_key(self, event: events.Key) -> None:
        if not self.interactive or not event.character:
            return
        words = KEYS.get(event.character.lower())
        chosen = next((word for word in self.actions if words and word in words), None)
        if chosen is not None:
            event.stop()
            self.post_message(self.Chosen(chosen))

    def on_click(self, event: events.Click) -> None:
        self.focus()
        if not self.interactive or event.y != len(self.lines()) - 1:
            return
        left = 0
        for word in self.actions:
            width = len(f"[{word[0]}] {word}")
            if left <= event.x < left + width:
                self.post_message(self.Chosen(word))
                return
            left += width + 2


def seat_of(result: Any, position: int) -> int:
    """The seat that held a position in a finished hand."""
    first = int(result.first_seat)
    return first if position == 0 else 1 - first


def board_for(game: str, id: str) -> Board:
    """The board widget a game is drawn on."""
    return PokerBoard(id=id) if game.endswith("-poker") else Board(id=id)
