"""LLM players against a loopback server that misbehaves on purpose, through litellm and the direct stream."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arena.llm.cache import CallCache
from arena.match.events import AnswerDelta, Event, MoveRejected, ProviderRetry, ReasoningDelta
from arena.match.records import MatchRecord
from arena.players import PlayerOptions
from arena.players.scripted import ScriptedPlayer
from arena.runner.match import MatchRunner, MatchSetup
from arena.store import MatchStore
from tests.fake_llm_server import FakeServer, Reply
from tests.processes import start_arena

ROOT = Path(__file__).resolve().parent.parent


def options(server: FakeServer, **overrides: Any) -> PlayerOptions:
    """Fast limits for tests: short timeouts and backoff."""
    values: dict[str, Any] = dict(api_base=server.url, timeout=10.0, chunk_timeout=1.0, retries=2, backoff=0.01)
    values.update(overrides)
    return PlayerOptions(**values)


@pytest.fixture(params=["auto", "litellm"])
def transport(request: pytest.FixtureRequest) -> str:
    """Both ways a reply can arrive: the arena's own stream reader and litellm's (see arena.llm.direct)."""
    return str(request.param)


async def play(
    model: str, server: FakeServer, opponent: list[str], game: str = "tictactoe", seat: int = 0, **overrides: Any
) -> tuple[MatchRecord, list[Event]]:
    """One match: the scripted model in `seat`, a scripted opponent in the other."""
    events: list[Event] = []
    specs = ("llm:" + model, "scripted") if seat == 0 else ("scripted", "llm:" + model)
    setup = MatchSetup(game, specs, seed=1)
    runner = MatchRunner(setup, [events.append], options=options(server, **overrides))
    runner.players[1 - seat] = ScriptedPlayer(opponent)
    return await runner.run(), events


def text_of(events: list[Event], kind: type[ReasoningDelta] | type[AnswerDelta]) -> str:
    return "".join(e.text for e in events if isinstance(e, (ReasoningDelta, AnswerDelta)) and isinstance(e, kind))


async def test_reasoning_content_is_streamed_apart_from_the_answer(fake_llm: FakeServer, transport: str) -> None:
    model = fake_llm.script(
        f"rc-{transport}",
        Reply(reasoning_content="Centre is strongest.", content="MOVE: 2,2", empty_chunks=True),
        Reply(content="MOVE: 1,1"),
        Reply(content="MOVE: 3,3"),
    )
    record, events = await play(model.removeprefix(""), fake_llm, ["1 2", "1 3"], transport=transport)
    assert text_of(events, ReasoningDelta) == "Centre is strongest."
    assert text_of(events, AnswerDelta).startswith("MOVE: 2,2")
    first = record.moves[0]
    assert first.move == "2,2" and first.reasoning == "Centre is strongest." and first.raw == "MOVE: 2,2"
    assert first.tokens is not None and first.tokens["prompt"] == 42
    assert first.prompt is not None and "Legal moves: 1,1; 1,2" in first.prompt[0]["content"]
    assert record.outcome.winner == 0


async def test_reasoning_field_and_inline_think_tags(fake_llm: FakeServer, transport: str) -> None:
    model = fake_llm.script(f"reasoning-{transport}", Reply(reasoning="plain reasoning field", content="MOVE: 1,1"))
    _, events = await play(model, fake_llm, ["2 1"], max_tokens=None, transport=transport)
    assert text_of(events, ReasoningDelta).startswith("plain reasoning field")
    model = fake_llm.script(
        f"think-{transport}",
        Reply(content="<think>MOVE: 3,3 is tempting</think>\nI will take\nMOVE: 1,1", chunk_size=3),
    )
    record, events = await play(model, fake_llm, ["2 1"], transport=transport)
    assert text_of(events, ReasoningDelta).startswith("MOVE: 3,3 is tempting")
    assert record.moves[0].move == "1,1"  # the move in the reasoning never counts
    assert "<think>" not in (record.moves[0].raw or "")


async def test_an_illegal_move_then_a_legal_one_under_the_retry_policy(fake_llm: FakeServer) -> None:
    model = fake_llm.script(
        "illegal-then-legal",
        Reply(content="MOVE: 1,1"),
        Reply(content="MOVE: 1,1"),
        Reply(content="MOVE: 2,2"),
        Reply(content="MOVE: 1,2"),
        Reply(content="MOVE: 1,3"),
    )
    record, events = await play(model, fake_llm, ["2 1", "3 3"])
    rejected = [e for e in events if isinstance(e, MoveRejected) and e.seat == 0]
    assert len(rejected) == 1 and "taken" in rejected[0].reason and rejected[0].ply == 2
    second_turn = [m for m in record.moves if m.ply == 2]
    assert [m.valid for m in second_turn] == [False, True]
    retry_prompt = second_turn[1].prompt
    assert retry_prompt is not None and "not accepted" in retry_prompt[0]["content"]


async def test_childplay_loses_at_once_on_a_wrong_answer(fake_llm: FakeServer) -> None:
    model = fake_llm.script("chatty", Reply(content="I would play the centre: 1 1"))
    record, _ = await play(model, fake_llm, [], prompt="childplay")
    assert record.outcome.termination == "invalid move" and record.outcome.winner == 1
    assert record.moves[0].error is not None and "expected only 'row col'" in record.moves[0].error
    model = fake_llm.script("childplay-ok", Reply(content="1 1"))
    record, _ = await play(model, fake_llm, ["1 1", "1 2"], prompt="childplay")
    assert record.moves[0].move == "2,2"  # ChildPlay counts rows and columns from 0
    assert (
        record.players[0].settings["prompt"] == "childplay" and len(record.players[0].settings["prompt_sha256"]) == 64
    )


async def test_malformed_json_until_disqualified_under_topsakal(fake_llm: FakeServer) -> None:
    model = fake_llm.script("bad-json", Reply(content='{"row": 2, "column": }'))
    record, _ = await play(model, fake_llm, [], prompt="topsakal-list")
    assert record.outcome.termination == "disqualified" and record.outcome.winner is None
    assert record.outcome.disqualified == 0
    invalid = [m for m in record.moves if not m.valid]
    assert len(invalid) == 4 and all("malformed JSON" in (m.error or "") for m in invalid)  # limit 3, then out
    last_prompt = invalid[-1].prompt
    assert last_prompt is not None
    text = last_prompt[0]["content"]
    assert "Invalid moves so far: 3. You can make 0 more" in text and "That move was invalid" in text
    assert "The locations occupied by the first player: None" in text and "JSON format" in text


async def test_a_cut_off_answer_is_recorded_as_such(fake_llm: FakeServer, transport: str) -> None:
    model = fake_llm.script(
        f"cut-off-{transport}", Reply(content="Let me think about the corners and", finish_reason="length")
    )
    record, _ = await play(model, fake_llm, [], max_tokens=8, prompt="childplay", transport=transport)
    assert record.moves[0].finish_reason == "length"
    assert record.moves[0].error == "the answer was cut off by the token limit (max_tokens=8)"


async def test_rate_limit_then_success_is_retried_and_not_scored(fake_llm: FakeServer, transport: str) -> None:
    model = fake_llm.script(
        f"429-then-ok-{transport}",
        Reply(status=429),
        Reply(content="MOVE: 2,2"),
        Reply(content="MOVE: 1,1"),
        Reply(content="MOVE: 3,3"),
    )
    # A first chunk may be slow on a loaded machine (litellm's first call): the retry counted here is the 429's alone.
    record, events = await play(model, fake_llm, ["1 2", "1 3"], transport=transport, chunk_timeout=30.0)
    retries = [e for e in events if isinstance(e, ProviderRetry)]
    assert len(retries) == 1 and "RateLimitError" in retries[0].reason
    assert record.moves[0].valid and record.moves[0].move == "2,2"
    assert "RateLimitError" in record.moves[0].info["provider_failures"][0]
    assert not [m for m in record.moves if not m.valid]


async def test_persistent_500_ends_the_match_as_error_never_as_a_loss(fake_llm: FakeServer, transport: str) -> None:
    model = fake_llm.script(f"always-500-{transport}", Reply(status=500))
    record, events = await play(model, fake_llm, [], transport=transport)
    assert record.outcome.status == "error" and record.outcome.winner is None
    assert "InternalServerError" in record.outcome.detail and "after 3 attempts" in record.outcome.detail
    assert record.moves == [] and len([e for e in events if isinstance(e, ProviderRetry)]) == 2


async def test_a_stalled_stream_and_a_dropped_connection_are_provider_failures(
    fake_llm: FakeServer, transport: str
) -> None:
    stalled = fake_llm.script(
        f"stall-{transport}", Reply(content="MOVE: 2,2", stall_after=2), Reply(content="MOVE: 2,2")
    )
    record, events = await play(stalled, fake_llm, ["1 1"], transport=transport)
    assert record.moves[0].valid and "stalled" in record.moves[0].info["provider_failures"][0]
    dropped = fake_llm.script(f"drop-{transport}", Reply(content="MOVE: 2,2 and more", drop_after=3))
    record, events = await play(dropped, fake_llm, [], transport=transport)
    assert record.outcome.status == "error" and record.moves == []
    assert all(isinstance(e, ProviderRetry) for e in events if isinstance(e, (ProviderRetry, MoveRejected)))


async def test_a_bad_request_is_not_retried(fake_llm: FakeServer, transport: str) -> None:
    model = fake_llm.script(f"bad-request-{transport}", Reply(status=400, content="unknown parameter"))
    record, events = await play(model, fake_llm, [], transport=transport)
    assert record.outcome.status == "error" and "after 1 attempt" in record.outcome.detail
    assert not [e for e in events if isinstance(e, ProviderRetry)]


async def test_image_prompt_sends_a_png(fake_llm: FakeServer) -> None:
    model = fake_llm.script(
        "vision",
        Reply(content='{"row": 2, "column": 2}'),
        Reply(content='{"row": 1, "column": 1}'),
        Reply(content='{"row": 3, "column": 3}'),
    )
    record, _ = await play(model, fake_llm, ["1 2", "1 3"], prompt="topsakal-image")
    content = fake_llm.calls("vision")[0]["messages"][0]["content"]
    assert content[1]["type"] == "image_url" and content[1]["image_url"]["url"].startswith("data:image/png;base64,")
    assert record.moves[0].move == "2,2"


async def test_every_game_can_be_played_by_a_model(fake_llm: FakeServer, db_path: Path) -> None:
    for game in ("tictactoe", "connect-four", "gomoku", "battleship"):
        events: list[Event] = []
        setup = MatchSetup(game, ("llm:openai/first-legal", "random"), seed=2, game_options={})
        record = await MatchRunner(setup, [events.append], options=options(fake_llm)).run()
        assert record.outcome.status == "finished", (game, record.outcome)
        model_moves = [m for m in record.moves if m.seat == 0]
        assert model_moves and all(m.valid and m.prompt and m.raw and m.tokens for m in model_moves)


async def test_replay_reproduces_a_match_without_the_server(fake_llm: FakeServer, db_path: Path) -> None:
    store = MatchStore(db_path)
    setup = MatchSetup("connect-four", ("llm:openai/first-legal", "random"), seed=4)
    live = await MatchRunner(setup, options=options(fake_llm, call_cache=CallCache(store))).run()
    store.close()
    store = MatchStore(db_path)
    dead = PlayerOptions(
        api_base="http://127.0.0.1:9/v1", replay=True, call_cache=CallCache(store, replay=True), retries=0
    )
    replayed = await MatchRunner(setup, options=dead).run()
    store.close()
    assert [m.move for m in replayed.moves] == [m.move for m in live.moves]
    assert replayed.outcome == live.outcome and replayed.players[0].settings["replay"] is True


def test_batch_with_a_model_a_temperature_sweep_and_a_replay(fake_llm: FakeServer, db_path: Path) -> None:
    base = [
        sys.executable,
        "-m",
        "arena",
        "--batch",
        "--game",
        "tictactoe",
        "--players",
        "llm:openai/first-legal",
        "random",
        "--games",
        "6",
        "--swap-seats",
        "--db",
        str(db_path),
        "--json",
        "--temperature",
        "0",
        "1",
    ]
    live = subprocess.run([*base, "--api-base", fake_llm.url], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert live.returncode == 0, live.stderr
    summary = json.loads(live.stdout)
    assert summary["matches"] == 12 and [run["temperature"] for run in summary["runs"]] == [0, 1]
    temperatures = {call.get("temperature") for call in fake_llm.calls("first-legal")}
    assert {0, 1} <= temperatures
    calls_before = len(fake_llm.requests)
    replay = subprocess.run(
        [*base, "--api-base", "http://127.0.0.1:9/v1", "--replay"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert replay.returncode == 0, replay.stderr
    assert len(fake_llm.requests) == calls_before
    strip = [{k: v for k, v in p.items() if k != "seconds"} for p in json.loads(replay.stdout)["players"]]
    assert strip == [{k: v for k, v in p.items() if k != "seconds"} for p in summary["players"]]


async def test_matches_against_a_model_overlap_on_one_event_loop(fake_llm: FakeServer) -> None:
    from arena.runner.tournament import TournamentPlan, run_tournament

    fake_llm.most_in_flight = 0
    plan = TournamentPlan("tictactoe", ("llm:openai/slow-first-legal", "minimax"), games=8, seed=1)
    records = await run_tournament(plan, concurrency=8, options=options(fake_llm))
    assert len(records) == 8 and all(r.outcome.status == "finished" for r in records)
    assert fake_llm.most_in_flight >= 4  # calls of different matches were in flight together


def test_bad_llm_options_are_one_line_errors(db_path: Path) -> None:
    for args, message in (
        (["--players", "llm:x;temperature=hot", "random"], "must be a number"),
        (["--players", "llm:x;colour=blue", "random"], "bad llm option"),
        (["--players", "llm:", "random"], "needs a model name"),
        (["--players", "llm:x", "random", "--prompt", "poetry"], "unknown prompt family"),
        (["--players", "llm:x", "random", "--prompt", "cloudwalk"], "only for the hard-boards quiz"),
        (["--players", "llm:x;temperature=nan", "random"], "temperature must be a number from 0 to 2"),
        (["--players", "llm:x;max_tokens=-5", "random"], "max_tokens must be at least 1"),
        (["--players", "llm:x", "random", "--temperature", "0.5", "inf"], "temperature must be a number from 0 to 2"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "arena", "--batch", "--db", str(db_path), *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert result.returncode == 2, args
        assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr, result.stderr


def test_a_model_takes_the_quiz_and_the_last_submit_move_counts(fake_llm: FakeServer, db_path: Path) -> None:
    from arena.quiz.session import hard_boards
    from arena.store.tables import QUIZ_ANSWERS, QUIZ_SESSIONS

    fake_llm.script("quiz-bot", Reply(content="submit_move(1) is tempting, but no.\nsubmit_move(5)"))
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "arena",
            "quiz",
            "--model",
            "llm:openai/quiz-bot;temperature=0.3",
            "--seed",
            "4",
            "--api-base",
            fake_llm.url,
            "--db",
            str(db_path),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Published human mean: 42/50" in result.stdout
    assert {call.get("temperature") for call in fake_llm.calls("quiz-bot")} == {0.3}
    prompt = fake_llm.calls("quiz-bot")[0]["messages"][0]["content"]
    assert "submit_move(d)" in prompt and "## Board\n" in prompt
    with MatchStore(db_path) as store:
        sessions = list(store.documents(QUIZ_SESSIONS))
        answers = list(store.documents(QUIZ_ANSWERS))
    assert len(sessions) == 1 and sessions[0]["protocol"] == "told"
    assert sessions[0]["player"] == "llm:openai/quiz-bot;temperature=0.3"  # the options tell runs apart
    assert len(answers) == 50
    for answer in answers:
        board = hard_boards().boards[answer["board"]]
        if board.key[4] in "XO":
            assert answer["move"] == 0 and not answer["correct"]  # centre taken: no valid answer, never another move
        else:
            assert answer["move"] == 5 and answer["correct"] == board.is_correct(5)
    expected = sum(a["correct"] for a in answers)
    assert f"Score: {expected}/50." in result.stdout


def test_a_quiz_variant_is_recorded_and_sessions_show_mean_and_best(fake_llm: FakeServer, db_path: Path) -> None:
    fake_llm.script("variant-bot", Reply(content="submit_move(5)"))
    base = [sys.executable, "-m", "arena", "quiz", "--db", str(db_path), "--api-base", fake_llm.url]
    for seed in ("1", "2"):
        command = [*base, "--model", "llm:openai/variant-bot", "--prompt", "cloudwalk-heuristic", "--seed", seed]
        result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert result.returncode == 0, result.stderr
        assert "o1-preview 28/50 (Newell and Simon's heuristic list)" in result.stdout
    prompt = fake_llm.calls("variant-bot")[0]["messages"][0]["content"]
    assert "Newell and Simon" in prompt and "## Your mark" in prompt
    listing = subprocess.run([*base[:4], "--sessions", "--db", str(db_path)], capture_output=True, text=True, cwd=ROOT)
    score = next(int(m) for m in re.findall(r"Score: (\d+)/50", result.stdout))
    assert f"llm:openai/variant-bot (cloudwalk-heuristic): mean {score:.1f}/50, best {score}/50 over 2 sessions" in (
        listing.stdout
    ), listing.stdout
    refused = subprocess.run(
        [*base, "--model", "llm:openai/variant-bot", "--prompt", "arena"], capture_output=True, text=True, cwd=ROOT
    )
    assert refused.returncode == 2 and "for games" in refused.stderr and len(refused.stderr.splitlines()) == 1


async def test_a_stream_cut_without_a_finish_reason_is_a_provider_failure(transport: str) -> None:
    from tests.raw_sse_server import CutStreamServer

    server = CutStreamServer("MOVE: 2,2")
    try:
        setup = MatchSetup("tictactoe", ("llm:openai/cut", "scripted"), seed=1)
        opts = PlayerOptions(
            api_base=server.url, timeout=5.0, chunk_timeout=2.0, retries=2, backoff=0.01, transport=transport
        )
        runner = MatchRunner(setup, options=opts)
        runner.players[1] = ScriptedPlayer(["1 1"])
        record = await runner.run()
    finally:
        server.close()
    assert record.outcome.status == "error" and "finished" in (record.outcome.detail or "")
    assert "(after 3 attempts)" in (record.outcome.detail or "")  # retried as a provider failure
    assert record.moves == []  # the half-received "MOVE: 2,2" was never played nor counted as invalid
    # The client's count above is the one that matters: on a loaded machine an attempt can time out before its
    # request is written (seen through litellm with the other core busy), so the server may see fewer.
    assert 1 <= server.requests <= 3


async def test_an_empty_reply_that_reports_tokens_is_a_provider_failure(fake_llm: FakeServer, transport: str) -> None:
    model = fake_llm.script(f"empty-but-counted-{transport}", Reply(content="", completion_tokens=20))
    record, _ = await play(model, fake_llm, ["1 1"], transport=transport)
    assert record.outcome.status == "error" and "20 completion tokens" in (record.outcome.detail or "")
    assert all(m.seat != 0 for m in record.moves)  # never an invalid move of the model


async def test_a_length_stop_with_no_limit_sent_is_the_providers(fake_llm: FakeServer, transport: str) -> None:
    model = fake_llm.script(f"cut-unasked-{transport}", Reply(content="Let me think about", finish_reason="length"))
    record, _ = await play(model, fake_llm, ["1 1"], prompt="childplay", transport=transport)
    assert record.outcome.status == "error" and "length limit" in (record.outcome.detail or "")
    assert all(m.seat != 0 for m in record.moves)


async def test_an_empty_reply_with_no_tokens_is_a_provider_failure(fake_llm: FakeServer, transport: str) -> None:
    model = fake_llm.script(f"empty-{transport}", Reply(content=""))
    record, _ = await play(model, fake_llm, ["1 1"], transport=transport)
    assert record.outcome.status == "error" and "empty reply" in (record.outcome.detail or "")
    assert all(m.seat != 0 for m in record.moves)


@pytest.mark.slow  # a dozen refused commands, each importing litellm
def test_model_players_are_checked_before_a_batch_starts(db_path: Path) -> None:
    import os

    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    for args, message in (
        (["--players", "llm:opneai/gpt-4o", "random"], "knows no provider for 'opneai/gpt-4o'"),
        (["--players", "llm:openai/gpt-4o-mini", "random"], "needs OPENAI_API_KEY in the environment"),
        (["--players", "random", "llm:anthropic/claude-3-haiku"], "needs ANTHROPIC_API_KEY in the environment"),
        (["--players", "llm:openai/x", "random", "--api-base", "http://127.0.0.1:9/v1"], "is unreachable"),
        (["--players", "human", "random"], "human players need the app"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "arena", "--batch", "--db", str(db_path), *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=60,
        )
        assert result.returncode == 2, (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr, result.stderr
        assert not db_path.exists()  # nothing was recorded


def test_ctrl_c_in_a_model_quiz_stops_in_one_line(fake_llm: FakeServer, db_path: Path) -> None:
    import signal
    import time

    fake_llm.script("slow-quiz", Reply(content="thinking " * 200 + "submit_move(5)", chunk_size=2, chunk_delay=0.05))
    process = start_arena("quiz", "--model", "llm:openai/slow-quiz", "--api-base", fake_llm.url, "--db", str(db_path))
    deadline = time.monotonic() + 60
    while not fake_llm.calls("slow-quiz") and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("arena: interrupted")


def test_credentials_in_an_api_base_are_never_recorded() -> None:
    from arena.llm.settings import ModelSettings

    settings = ModelSettings(model="openai/x", api_base="https://ann:s3cret@llm.example:8443/v1?api_key=abc&region=eu")
    recorded = settings.recorded()["api_base"]
    assert "s3cret" not in recorded and "ann" not in recorded and "abc" not in recorded
    assert recorded == "https://llm.example:8443/v1?api_key=REDACTED&region=eu"


def test_constrained_schemas_allow_only_legal_moves() -> None:
    from arena.prompting import load_family
    from arena.quiz.model import free_cells_schema
    from games.registry import make_game

    family = load_family("topsakal-list", constrained=True)
    ttt = make_game("tictactoe")
    start = ttt.initial_state()
    middle = ttt.apply(start, ttt.parse_move(start, "2,2"))
    state = ttt.apply(middle, ttt.parse_move(middle, "1,1"))
    exact = family.schema(ttt, state, exact=True)
    cells = {(o["properties"]["row"]["const"], o["properties"]["column"]["const"]) for o in exact["anyOf"]}
    assert len(cells) == 7 and (2, 2) not in cells and (1, 1) not in cells
    four = make_game("connect-four")
    full = four.play_sequence("444444")
    assert family.schema(four, full)["properties"]["column"]["enum"] == [1, 2, 3, 5, 6, 7]
    assert free_cells_schema("XO3456789")["properties"]["move"]["enum"] == [3, 4, 5, 6, 7, 8, 9]


def test_which_calls_the_arena_streams_itself() -> None:
    from arena.llm.direct import takes_direct_path
    from arena.players import make_player
    from arena.players.llm_player import LLMPlayer

    def settings_of(spec: str, api_base: str | None = "http://127.0.0.1:1/v1") -> Any:
        player = make_player(spec, 0, PlayerOptions(api_base=api_base))
        assert isinstance(player, LLMPlayer)
        return player.model

    assert takes_direct_path(settings_of("llm:openai/qwen3"))  # an OpenAI-compatible server
    assert takes_direct_path(settings_of("llm:hosted_vllm/qwen3"))
    assert not takes_direct_path(settings_of("llm:openai/gpt-4o-mini", api_base=None))  # the provider's own API
    assert not takes_direct_path(settings_of("llm:anthropic/claude-3-5-haiku-latest"))
    assert not takes_direct_path(settings_of("llm:openai/qwen3;transport=litellm"))
    with pytest.raises(ValueError, match="transport must be one of auto, litellm"):
        settings_of("llm:openai/qwen3;transport=carrier-pigeon")


async def test_streamed_text_is_passed_on_in_order_in_few_batches_and_none_waits_when_the_stream_stalls() -> None:
    import asyncio

    from arena.llm.streaming import DeltaBatcher

    received: list[tuple[str, str]] = []

    async def sink(kind: str, text: str) -> None:
        received.append((kind, text))

    batcher = DeltaBatcher(sink, interval=0.05)
    pieces = [("reasoning", f"r{i} ") for i in range(300)] + [("answer", f"a{i} ") for i in range(300)]
    for kind, text in pieces:
        await batcher.add(kind, text)
    await asyncio.sleep(0.2)  # the stream goes quiet: what waits is passed on by the timer
    assert "".join(t for k, t in received if k == "reasoning") == "".join(t for k, t in pieces if k == "reasoning")
    assert "".join(t for k, t in received if k == "answer") == "".join(t for k, t in pieces if k == "answer")
    assert [k for k, _ in received] == sorted((k for k, _ in received), key=lambda k: k != "reasoning")
    assert len(received) < 20  # batches, not 600 events
    await batcher.add("answer", "MOVE: 2,2")
    await batcher.close()
    assert received[-1] == ("answer", "MOVE: 2,2") and batcher.ticker is None


async def test_reasoning_with_no_answer_is_the_providers_like_an_empty_reply(
    fake_llm: FakeServer, transport: str
) -> None:
    model = fake_llm.script(f"think-only-{transport}", Reply(content="", reasoning_content="Let me weigh 2,2 and 1,1."))
    record, _ = await play(model, fake_llm, ["1 1"], transport=transport)
    assert record.outcome.status == "error" and "only reasoning" in (record.outcome.detail or "")
    assert all(m.seat != 0 for m in record.moves)  # never scored as the model's move
