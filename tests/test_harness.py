"""The harness as a variable: each rethink mode, the legal-move list, the moves so far and the board form, seen in
the prompts a real model call sends (the loopback fake server), recorded with the match and named in tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.analysis.identity import identity
from arena.match.records import MatchRecord
from arena.players import PlayerOptions
from arena.players.llm_player import llm_player
from arena.players.scripted import ScriptedPlayer
from arena.report.load import load_report
from arena.report.tables import legal_cell
from arena.runner.match import MatchRunner, MatchSetup
from arena.store import MatchStore
from tests.fake_llm_server import FakeServer, Reply


async def second_turn(server: FakeServer, name: str, **options: Any) -> tuple[MatchRecord, list[str]]:
    """A match where the model's second turn goes: no readable move, a taken cell, then a legal move; the prompts
    of that turn's attempts."""
    model = server.script(
        name,
        Reply(content="MOVE: 1,1"),
        Reply(content="I am not sure."),
        Reply(content="MOVE: 1,1"),
        Reply(content="MOVE: 1,2"),
        Reply(content="MOVE: 1,3"),
    )
    setup = MatchSetup("tictactoe", ("llm:" + model, "scripted"), seed=1)
    values: dict[str, Any] = dict(api_base=server.url, timeout=10.0, chunk_timeout=1.0, retries=1, backoff=0.01)
    runner = MatchRunner(setup, [], options=PlayerOptions(**(values | options)))
    runner.players[1] = ScriptedPlayer(["2 1", "3 3"])
    record = await runner.run()
    prompts = [str(m.prompt[0]["content"]) for m in record.moves if m.seat == 0 and m.ply == 2 and m.prompt]
    return record, prompts


async def test_each_rethink_mode_is_what_the_next_prompt_says(fake_llm: FakeServer) -> None:
    _, rule = await second_turn(fake_llm, "rethink-rule")
    assert len(rule) == 3 and "not accepted" not in rule[0]
    assert "no readable final line" in rule[1] and "1,1 is already taken" in rule[2]  # the game's own reasons

    _, illegal = await second_turn(fake_llm, "rethink-illegal", rethink="illegal")
    assert "it was an answer with no readable move" in illegal[1]
    assert "1,1 was illegal" in illegal[2] and "taken" not in illegal[2]  # the move, not the rule it broke

    _, listed = await second_turn(fake_llm, "rethink-list", rethink="list")
    assert "these answers were illegal: (an answer with no readable move); 1,1" in listed[2]

    _, retried = await second_turn(fake_llm, "rethink-retry", rethink="retry")
    assert retried[0] == retried[1] == retried[2] and "not accepted" not in retried[2]  # the same prompt again

    record, none = await second_turn(fake_llm, "rethink-none", rethink="none")
    assert len(none) == 1 and record.outcome.termination == "invalid move" and record.outcome.winner == 1
    assert [m.valid for m in record.moves if m.seat == 0] == [True, False]  # no second try: the first is final

    settings = record.players[0].settings
    assert settings["rethink"] == "none" and identity(record.players[0].spec, settings).endswith("rethink=none")


async def test_legal_moves_history_and_board_form_in_the_prompt(fake_llm: FakeServer) -> None:
    record, plain = await second_turn(fake_llm, "harness-plain")
    assert "Legal moves:" in plain[0] and "Moves so far" not in plain[0] and " 1  2  3" in plain[0]
    assert identity(record.players[0].spec, record.players[0].settings) == "llm:openai/harness-plain"

    record, varied = await second_turn(fake_llm, "harness-varied", show_legal=False, history=True, board="list")
    assert "Legal moves:" not in varied[0]
    assert "Moves so far: 1. X 1,1  2. O 2,1" in varied[0]  # both sides' moves, in the prompt's numbering
    assert " 1  2  3" not in varied[0]  # the list form, not the coordinate grid
    settings = record.players[0].settings
    assert (settings["show_legal"], settings["history"], settings["board"]) == (False, True, "list")
    assert identity(record.players[0].spec, settings) == "llm:openai/harness-varied no-legal history board=list"


def test_chess_lists_its_moves_unless_told_not_to() -> None:
    from arena.players.base import TurnView
    from games.registry import make_game

    game = make_game("chess")
    state = game.apply(game.initial_state(), game.parse_move(game.initial_state(), "e4"))
    view = TurnView(game, state, 1, history=("e2e4",))

    def prompt(**options: Any) -> str:
        player = llm_player("openai/x", 1, PlayerOptions(game="chess", api_base="http://127.0.0.1:1/v1", **options))
        return str(player.family.messages(view)[0]["content"])

    assert "Moves so far: 1. e4" in prompt()
    assert "Moves so far" not in prompt(history=False)


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("openai/x;rethink=maybe", "rethink must be one of none, retry, illegal, list, rule, not 'maybe'"),
        ("openai/x;board=ascii", "board must be one of coordinates, list, illustration, not 'ascii'"),
        ("openai/x;history=often", "llm option history is yes or no"),
        ("openai/x;prompt=topsakal-list;board=list", "the topsakal-list prompts keep their published form: board="),
        ("openai/x;prompt=childplay;legal=no", "the childplay prompts keep their published form: legal="),
    ],
)
def test_a_harness_option_that_cannot_apply_is_one_clear_error(spec: str, said: str) -> None:
    with pytest.raises(ValueError, match="^" + said.replace("(", r"\(").replace(")", r"\)")):
        llm_player(spec, 1, PlayerOptions(game="tictactoe", api_base="http://127.0.0.1:1/v1"))


def test_the_seed_families_take_a_rethink_mode_in_their_own_words() -> None:
    from arena.players.base import TurnView
    from games.registry import make_game

    game = make_game("tictactoe")
    state = game.initial_state()
    view = TurnView(game, state, 0, attempt=2, feedback="1,1 is already taken", last_answer='{"row": 1, "column": 1}',
                    invalid_so_far=1, refused=(("1,1", "1,1 is already taken"),))  # fmt: skip
    options = PlayerOptions(game="tictactoe", api_base="http://127.0.0.1:1/v1")
    player = llm_player("openai/x;prompt=topsakal-list;rethink=illegal", 1, options)
    text = str(player.family.messages(view)[0]["content"])
    assert "That move was invalid: 1,1 was illegal." in text and "taken" not in text.split("invalid:")[-1]


async def test_legality_is_counted_apart_from_the_quality_of_the_legal_moves(
    fake_llm: FakeServer, tmp_path: Path
) -> None:
    record, _ = await second_turn(fake_llm, "legality")  # turns: legal; two refused then legal; legal (a win)
    with MatchStore(tmp_path / "db") as store:
        store.add(record)
        board = load_report(store, resamples=10).boards[0]
    row = next(r for r in board.rows if r.player.startswith("llm:"))
    shown = row.as_dict()
    assert (shown["turns"], shown["first_try_legal_rate"], shown["final_legal_rate"]) == (3, 0.6667, 1.0)
    assert shown["invalid_moves"] == 2 and shown["graded_moves"] == 3  # the legal moves graded as ever
    assert legal_cell(row) == "67/100%"
    engine = next(r for r in board.rows if r.player.startswith("scripted"))
    assert engine.as_dict()["first_try_legal_rate"] == 1.0


async def test_every_record_carries_its_run_manifest_and_a_table_says_when_versions_mix(
    fake_llm: FakeServer, tmp_path: Path
) -> None:
    from arena.match.manifest import RULES_VERSIONS
    from arena.report.load import report_json
    from arena.report.tables import leaderboard_tables

    record, _ = await second_turn(fake_llm, "manifest", rethink="list", history=True)
    manifest = record.manifest
    assert (
        manifest is not None and manifest["arena"] and manifest["rules"] == f"tictactoe {RULES_VERSIONS['tictactoe']}"
    )
    prompt = manifest["prompts"][0]
    assert prompt["family"] == "arena" and len(prompt["sha256"]) == 64 and manifest["prompts"][1] is None
    assert prompt["harness"] == {"rethink": "list", "show_legal": True, "history": True, "constrained": False}
    older = record.model_copy(update={"id": "older", "manifest": None})  # as recorded before manifests
    with MatchStore(tmp_path / "db") as store:
        store.add(record)
        report = load_report(store, resamples=10)
        assert report_json(report)["games"]["tictactoe"]["mixed_versions"] is False
        store.add(older)
        report = load_report(store, resamples=10)
    shown = report_json(report)["games"]["tictactoe"]
    assert shown["mixed_versions"] is True and "before manifests" in shown["versions"]
    said = [str(part) for part in leaderboard_tables(report.boards[0]) if not hasattr(part, "columns")]
    assert any("this table mixes versions" in text and "before manifests" in text for text in said)
