"""Models at poker through the arena prompt, against the misbehaving loopback server: a seat's prompt shows its
own card only, garbage is an invalid move (never a random one), and the report grades the model's decisions."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from arena.store import MatchStore
from games.registry import game_from_record
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import ROOT


def batch(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "arena", "--batch", "--db", str(db), "--no-preflight", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_a_model_plays_poker_seeing_only_its_own_card(fake_llm: FakeServer, tmp_path: Path) -> None:
    ran = batch("--game", "leduc-poker", "--hands", "6", "--players", "llm:openai/first-legal", "cfr",
                "--api-base", fake_llm.url, "--games", "2", db=tmp_path / "db")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    with MatchStore(tmp_path / "db", read_only=True) as store:
        records = store.matches()
    assert len(records) == 2
    for record in records:
        assert record.outcome.status == "finished" and record.outcome.scores is not None
        game = game_from_record(record.game, record.game_options)
        state = game.initial_state(random.Random(f"{record.seed}:game"))
        model_seat = next(p.seat for p in record.players if p.spec.startswith("llm:"))
        for move in record.played:
            if move.seat == model_seat:
                text = json.dumps(move.prompt)
                position = game.position(state, model_seat)
                own = game.variant.card_name(state.hand.deal.cards[position])
                assert f"Your card: {own}." in text
                assert move.info["infoset"] == state.hand.information_set() and move.info["hand"] == state.number
                public = state.hand.public()
                assert ("Public card: not dealt yet." in text) == (public is None)  # never the card to come
            state = game.apply(state, move.move)
        assert state.chips == tuple(int(x) for x in record.outcome.scores)


def test_garbage_is_an_invalid_answer_and_a_retry_reads_the_word(fake_llm: FakeServer, tmp_path: Path) -> None:
    model = fake_llm.script("poker-garbage", Reply(content="I go all in!\nMOVE: all-in"), Reply(content="MOVE: Call."))
    ran = batch("--game", "kuhn-poker", "--hands", "2", "--players", f"llm:{model}", "always-raise",
                "--api-base", fake_llm.url, "--games", "1", db=tmp_path / "db")  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    with MatchStore(tmp_path / "db", read_only=True) as store:
        record = store.matches()[0]
    first = [m for m in record.moves if m.seat == 0][:2]
    assert not first[0].valid and "not a poker action" in (first[0].error or "")
    assert first[1].valid and first[1].move in ("call", "check")  # 'Call.' read as the passive word here


def test_sloppy_first_tries_cost_legality_and_the_report_grades_the_models_strategy(
    fake_llm: FakeServer, tmp_path: Path
) -> None:
    db = tmp_path / "db"
    ran = batch("--game", "kuhn-poker", "--players", "llm:openai/sloppy", "random", "--api-base", fake_llm.url,
                "--games", "4", "--invalid-retries", "100", db=db)  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    report = subprocess.run([sys.executable, "-m", "arena", "report", "--db", str(db), "--json"],
                            capture_output=True, text=True, cwd=ROOT, timeout=300)  # fmt: skip
    assert report.returncode == 0, report.stderr
    rows = {row["player"]: row for row in json.loads(report.stdout)["games"]["kuhn-poker"]["players"]}
    model = rows["llm:openai/sloppy"]
    assert model["first_try_legal_rate"] == 0.0 and model["final_legal_rate"] == 1.0  # '9,9' first, then a word
    poker = model["poker"]
    assert poker["hands"] == 80 and poker["decisions"] > 80
    assert poker["ev_loss_per_decision"] is not None and poker["random_ev_loss_per_decision"] > 0
    assert poker["exploitability"] is not None and poker["exploitability_low"] <= poker["exploitability_high"]
    # first-legal says check or fold whenever it may: a passive player a best response exploits.
    assert poker["strategy"]["first K | -"] == {"check": 1.0}
    assert sum(poker["visits"].values()) == poker["decisions"]
