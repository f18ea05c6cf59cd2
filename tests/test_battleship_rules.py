"""Battleship rules: placement, hidden views, repeated shots, victory."""

from __future__ import annotations

import random

import pytest

from games.base import Cell, IllegalMove
from games.battleship import Battleship
from games.battleship.fleet import place_fleet


@pytest.mark.parametrize("preset", ["classic", "childplay"])
def test_every_ship_is_placed_without_overlap(preset: str) -> None:
    game = Battleship(preset)
    for seed in range(200):
        state = game.initial_state(random.Random(seed))
        for fleet in state.fleets:
            assert sorted(len(s.cells) for s in fleet) == sorted(game.ship_lengths)
            cells = [c for ship in fleet for c in ship.cells]
            assert len(cells) == len(set(cells))
            assert all(0 <= c < game.size**2 for c in cells)


def test_childplay_ships_are_horizontal_and_never_touch() -> None:
    game = Battleship("childplay")
    for seed in range(200):
        fleet = game.initial_state(random.Random(seed)).fleets[0]
        for ship in fleet:
            assert len({c // 5 for c in ship.cells}) == 1
        for a in fleet:
            for b in fleet:
                if a is not b:
                    for i in a.cells:
                        for j in b.cells:
                            assert max(abs(i // 5 - j // 5), abs(i % 5 - j % 5)) > 1


def test_a_fleet_that_cannot_fit_raises_instead_of_dropping_a_ship() -> None:
    with pytest.raises(ValueError, match="cannot place"):
        place_fleet(random.Random(0), 5, (5, 5, 5, 5), vertical_allowed=False, touching_allowed=False)


def test_shooting_a_cell_twice_is_illegal_and_changes_nothing() -> None:
    game = Battleship("classic")
    state = game.initial_state(random.Random(1))
    state = game.apply(state, Cell(0, 0))
    state = game.apply(state, Cell(5, 5))
    with pytest.raises(IllegalMove, match="already been shot"):
        game.apply(state, Cell(0, 0))
    with pytest.raises(IllegalMove, match="already been shot"):
        game.parse_move(state, "1 1")
    assert state.ply == 2 and state.shots == ((0,), (55,))
    assert len(game.legal_moves(state)) == 99


def test_views_hide_the_opponents_fleet() -> None:
    game = Battleship("classic")
    state = game.initial_state(random.Random(2))
    enemy = state.fleets[1]
    target = enemy[0].cells[0]
    state = game.apply(state, Cell(*divmod(target, 10)))
    view = game.observe(state, 0)
    assert view.hits == {target} and not view.misses and not view.sunk
    assert view.own_fleet == state.fleets[0]
    seat_text = game.render(state, seat=0)
    shots_part = seat_text.split("Your shots:")[1]
    assert shots_part.count("X") == 1 and "S" not in shots_part
    spectator = game.render(state)
    assert "Player 1 fleet" in spectator and "Player 2 fleet" in spectator


def test_sinking_the_whole_fleet_wins_and_sunk_ships_are_announced() -> None:
    game = Battleship("childplay")
    state = game.initial_state(random.Random(3))
    targets = [c for ship in state.fleets[1] for c in ship.cells]
    decoys = [i for i in range(25)]
    for n, cell in enumerate(targets):
        state = game.apply(state, Cell(*divmod(cell, 5)))
        if n == len(state.fleets[1][0].cells) - 1:
            assert game.observe(state, 0).sunk == (state.fleets[1][0],)
        if game.outcome(state):
            break
        state = game.apply(state, Cell(*divmod(decoys.pop(0), 5)))
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == 0
    assert game.observe(state, 0).remaining_lengths == ()


def test_fixed_fleets_replay_a_published_game_on_its_own_board() -> None:
    from games.registry import game_from_record, variant_label

    game = Battleship("childplay", fleets=[[[3, 4, 5]], [[0, 3, 6], [2]]], side=3)
    options = game.options()
    assert options["size"] == 3 and options["fleets"] == [[[3, 4, 5]], [[0, 3, 6], [2]]]
    again = game_from_record("battleship", options)
    state = again.initial_state()
    for text in ("1,1", "1,2", "2,1", "3,3", "3,1", "2,3", "1,3"):  # seat 1 sinks both ships; seat 2 shoots wide
        state = again.apply(state, again.parse_move(state, text))
    assert again.outcome(state) is not None and again.outcome(state).winner == 0
    assert variant_label("battleship", options) == "battleship childplay 3x3 published fleets"
    for fleets, side in (([[[0, 1]], [[1, 2]]], 30), ([[[0, 1], [1]], [[2]]], None), ([[[99]], [[1]]], None)):
        with pytest.raises(ValueError):
            Battleship("childplay", fleets=fleets, side=side)
