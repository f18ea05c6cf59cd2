"""Poker matches through the real command line and database: duplicate deals let a few thousand hands separate
the equilibrium from random, keep the equilibrium against itself around 0, and measure a best response."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.test_cli import arena


def report(db: Path) -> dict[str, Any]:
    """`arena report --json` of the database's Kuhn poker."""
    result = arena("report", "--db", str(db), "--json", "--game", "kuhn-poker")
    assert result.returncode == 0, result.stderr
    return dict(json.loads(result.stdout)["games"]["kuhn-poker"])


def test_duplicate_matches_separate_the_equilibrium_from_random_and_not_from_itself(tmp_path: Path) -> None:
    db = tmp_path / "poker"
    for players in (("cfr", "random"), ("cfr", "cfr")):
        played = arena("--batch", "--game", "kuhn-poker", "--players", *players, "--games", "100", "--db", str(db))
        assert played.returncode == 0, played.stderr
    game = report(db)
    rows = {row["player"]: row["poker"] for row in game["players"]}
    assert [row["player"] for row in game["players"]] == ["cfr", "random"]  # ranked by chips per hand
    cfr, random_row = rows["cfr"], rows["random"]
    assert cfr["hands"] == 2000  # 100 matches of 20 hands against random; self-play nets nothing and is left out
    assert 0 < cfr["low"] < cfr["chips_per_hand"] < cfr["high"]
    assert random_row["chips_per_hand"] == -cfr["chips_per_hand"]
    pairs = {(p["player"], p["opponent"]): p for p in game["poker"]["head_to_head"]}
    mirror = pairs[("cfr", "cfr")]
    assert mirror["hands"] == 2000 and mirror["low"] < 0 < mirror["high"]
    assert mirror["high"] - mirror["low"] < 0.1  # duplicate deals: the luck of the cards cancels
    # Graded decisions: the equilibrium gives nothing away, random about what a random action gives away.
    assert cfr["ev_loss_per_decision"] < 0.005 < random_row["ev_loss_per_decision"]
    assert abs(random_row["ev_loss_per_decision"] - random_row["random_ev_loss_per_decision"]) < 0.04
    assert cfr["exploitability_low"] <= cfr["exploitability"] <= cfr["exploitability_high"] < 50
    assert random_row["exploitability_low"] < 458.3 < random_row["exploitability_high"]  # uniform play: 11/24 chip
    named = {"folds a winner", "calls a loser", "missed value bet", "bluff with the wrong card", "missed bluff",
             "bets a strong card"}  # fmt: skip
    assert set(random_row["mistakes"]) <= named
    assert sum(random_row["mistakes"].values()) > 100 and not cfr["mistakes"]
    assert game["poker"]["equilibrium"]["exploitability"] < 0.1  # mbb/hand


def test_a_best_response_wins_the_styles_exploitability(tmp_path: Path) -> None:
    db = tmp_path / "poker"
    played = arena("--batch", "--game", "kuhn-poker", "--players", "br:always-call", "always-call", "--games", "50",
                   "--db", str(db))  # fmt: skip
    assert played.returncode == 0, played.stderr
    rows = {row["player"]: row["poker"] for row in report(db)["players"]}
    response = rows["br:always-call"]
    assert response["low"] < 1 / 3 < response["high"]  # always-call's exploitability, exactly 1/3 chip a hand
    assert rows["always-call"]["exploitability"] == 333.3  # a fixed style's observed strategy is the style


def test_poker_engines_refuse_other_games_and_bad_hands_in_one_line(tmp_path: Path) -> None:
    for args, message in (
        (("--game", "tictactoe", "--players", "cfr", "random"), "cfr plays kuhn-poker and leduc-poker, not tictactoe"),
        (("--game", "kuhn-poker", "--players", "minimax", "random"), "minimax has no poker engine"),
        (("--game", "kuhn-poker", "--players", "br:nobody", "random"), "br answers one of"),
        (("--game", "kuhn-poker", "--hands", "3", "--players", "cfr", "random"), "must be even"),
    ):
        result = arena("--batch", *args, "--db", str(tmp_path / "db"))
        assert result.returncode != 0
        assert message in result.stderr and "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_a_tournament_file_sets_hands_and_dealing(tmp_path: Path) -> None:
    from arena.store import MatchStore

    config = tmp_path / "poker.toml"
    config.write_text('game = "leduc-poker"\nmatches_per_pair = 2\n[options]\nhands = 5\nduplicate = false\n'
                      '[[players]]\nspec = "cfr"\n[[players]]\nspec = "tight"\n')  # fmt: skip
    played = arena("tournament", str(config), "--db", str(tmp_path / "db"))
    assert played.returncode == 0, played.stderr
    with MatchStore(tmp_path / "db", read_only=True) as store:
        records = store.matches()
    assert len(records) == 2 and all(r.game_options == {"hands": 5, "duplicate": False} for r in records)
    assert all(len({m.info["hand"] for m in r.played}) == 5 for r in records)
