"""`llm:<model>`: a language model through litellm, prompted by a prompt family, streamed live."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arena.llm.cache import CallCache, call_key
from arena.llm.client import complete
from arena.llm.local import MODEL_ALIAS, LocalModelUnavailable, shared_local_server
from arena.llm.replies import Completion, ProviderFailure
from arena.llm.secrets import reveal_url
from arena.llm.settings import ModelSettings, checked_url
from arena.match.events import AnswerDelta, ProviderRetry, ReasoningDelta
from arena.match.policy import InvalidMovePolicy
from arena.match.time_limit import TimeLimit
from arena.players.base import Choice, PlayerFailure, SpendCapReached, TurnView
from arena.players.llm_spec import TRANSPORTS, TRUE, check_sampling, number, parse_spec, sampler_of, time_limit_of
from arena.players.options import PlayerOptions
from arena.players.sampling import Sampler, extracted_move, extraction_prompt, voted, with_extraction
from arena.prompting import PromptFamily, load_family
from arena.prompting.harness import Harness
from games.base import InvalidMove

LOCAL = "local"
LOCAL_MAX_TOKENS = 256  # the small local model rambles on without a limit


def llm_player(argument: str, seed: int | str, options: PlayerOptions) -> LLMPlayer:
    """Build an LLM player from its spec argument and the front end's defaults."""
    model, overrides = parse_spec(argument)
    temperature = options.temperature
    check_sampling("temperature", temperature)
    if "temperature" in overrides:
        temperature = number("temperature", overrides["temperature"], float)
    max_tokens = options.max_tokens
    if "max_tokens" in overrides:
        max_tokens = number("max_tokens", overrides["max_tokens"], int)
    flags = {"constrained": options.constrained, "legal": options.show_legal}
    for name in ("constrained", "legal"):
        if name in overrides:
            flags[name] = overrides[name].lower() in TRUE
    history = options.history if "history" not in overrides else overrides["history"].lower() in TRUE
    harness = Harness(overrides.get("rethink", options.rethink), flags["legal"], history,
                      overrides.get("board", options.board))  # fmt: skip
    family = load_family(overrides.get("prompt", options.prompt), flags["legal"], flags["constrained"])
    family = family.with_harness(harness)
    if family.quiz_only and options.game:
        raise ValueError(f"the {family.name} prompts are only for the hard-boards quiz (arena quiz --model)")
    if options.game and not family.quiz_only and not family.plays(options.game):
        raise ValueError(f"the {family.name} prompts have none for {options.game} (the arena family plays every game)")
    local = model == LOCAL
    transport = overrides.get("transport", options.transport)
    if transport not in TRANSPORTS:
        raise ValueError(f"transport must be one of {', '.join(TRANSPORTS)}, not {transport!r}")
    api_base = reveal_url(overrides["api_base"]) if "api_base" in overrides else options.api_base
    settings = ModelSettings(
        model=f"openai/{MODEL_ALIAS}" if local else model,
        temperature=temperature,
        max_tokens=max_tokens if max_tokens is not None or not local else LOCAL_MAX_TOKENS,
        api_base=checked_url(api_base) if api_base else None,
        api_key="sk-local" if local else None,
        reasoning_effort=overrides.get("reasoning_effort", options.reasoning_effort),
        timeout=options.timeout,
        chunk_timeout=options.chunk_timeout,
        retries=options.retries,
        backoff=options.backoff,
        transport=transport,
    )
    player = LLMPlayer(settings, family, seed, options.game, options.call_cache, options.replay, local)
    player.spend_gate = options.spend_gate
    player.sampler = sampler_of(overrides, options)
    player.time_limit = time_limit_of(overrides, options)
    return player


class LLMPlayer:
    """Asks a model for each move, one fresh conversation per turn, and reads its answer by the family's rule."""

    def __init__(
        self,
        settings: ModelSettings,
        family: PromptFamily,
        seed: int | str,
        game: str,
        cache: CallCache | None,
        replay: bool,
        local: bool,
    ) -> None:
        self.spec = f"llm:{LOCAL if local else settings.model}"
        self.model = settings
        self.family = family
        self.seed = seed
        self.cache = cache
        self.replay = replay
        self.local = local
        self.spend_gate: Any = None  # the run's SpendGate, asked before each live call
        self.policy: InvalidMovePolicy | None = family.policy(game) if game else None
        self.max_moves: int | None = family.limits(game)[1] if game else None
        self.final_answers = family.rethink == "none"  # no second try: an illegal answer ends the match
        self.sampler = Sampler()
        self.time_limit = TimeLimit()  # the runner keeps the clock

    def refuse_match_options(self, where: str, samplers: bool = True) -> None:
        """ValueError when the spec sets what only a match applies: its clock, and (with `samplers`) majority vote
        and the move extractor, which read moves."""
        if self.time_limit.limited or (samplers and (self.sampler.samples > 1 or self.sampler.extract)):
            words = "majority vote, the move extractor and time limits" if samplers else "time limits"
            raise ValueError(f"{words} do not apply to {where}")

    def settings(self) -> dict[str, Any]:
        """Model, sampling, prompt family with version and hash, and whether this was a replay."""
        recorded = self.model.recorded()
        if self.local:
            recorded["api_base"] = "local"
        return {**recorded, **self.family.recorded(), **self.sampler.recorded(), **self.time_limit.recorded(),
                "seed": self.seed, "replay": self.replay}  # fmt: skip

    async def resolved(self, game: Any, state: Any = None) -> ModelSettings:
        """Settings with the local server's address and the schema when decoding is constrained."""
        settings = await self.endpoint()
        if self.family.constrained:
            schema = self.family.schema(game, state, exact=self.local)
            settings = settings.constrained(schema, llama_cpp=self.local)
        return settings

    async def endpoint(self) -> ModelSettings:
        """Settings with the local server's address (started on first use) for the local model."""
        settings = self.model
        if self.local and not self.replay:
            try:
                server = await shared_local_server()
            except LocalModelUnavailable as error:
                raise PlayerFailure(str(error)) from error
            settings = replace(settings, api_base=server.api_base)
        elif self.local:
            settings = replace(settings, api_base="local")
        return settings

    async def choose_move(self, view: TurnView) -> Choice:
        """Prompt, stream, read; provider failures become PlayerFailure, never a move."""
        messages = self.family.messages(view)
        settings = await self.resolved(view.game, view.observation())
        key = call_key(settings, messages, view.attempt, self.seed)

        async def on_delta(kind: str, text: str) -> None:
            if view.emit is not None:
                event = ReasoningDelta if kind == "reasoning" else AnswerDelta
                await view.emit(event(view.match_id, view.ply, view.seat, view.attempt, text))

        async def on_retry(reason: str, wait: float) -> None:
            if view.emit is not None:
                await view.emit(ProviderRetry(view.match_id, view.ply, view.seat, view.attempt, reason, wait))

        samples = []
        for sample in range(self.sampler.samples):  # one after another: the reasoning pane streams each in turn
            if sample:
                key = call_key(settings, messages, view.attempt, f"{self.seed}:sample{sample}")
            completion = await self.call(settings, messages, key, on_delta, on_retry, view.match_id)
            choice = self.choice(view, messages, completion)
            if choice.error is not None and self.sampler.extract:
                choice = await self.extracted(view, choice, on_retry)
            samples.append(choice)
        return samples[0] if len(samples) == 1 else voted(view, samples)

    async def extracted(self, view: TurnView, choice: Choice, on_retry: Any) -> Choice:
        """An unreadable answer read by a second call to the same model (at temperature 0, no schema)."""
        settings = replace(await self.endpoint(), temperature=0.0)
        messages = extraction_prompt(view.game.name, choice.raw or "")
        key = call_key(settings, messages, view.attempt, self.seed)

        async def quiet(kind: str, text: str) -> None:
            """The extractor's reply is recorded, not streamed as the player's."""

        completion = await self.call(settings, messages, key, quiet, on_retry, view.match_id)
        move = extracted_move(completion.content, self.family.base)
        record = {"prompt": messages, "raw": completion.content, "move": move, "tokens": completion.tokens,
                  "cost": completion.cost, "seconds": completion.seconds}  # fmt: skip
        return with_extraction(choice, record, move)

    async def call(
        self,
        settings: ModelSettings,
        messages: list[dict[str, Any]],
        key: str,
        on_delta: Any,
        on_retry: Any,
        match_id: str = "",
    ) -> Completion:
        """The recorded reply in replay mode, else a live call that is then recorded."""
        if self.replay:
            if self.cache is None:
                raise PlayerFailure("replay needs the database of the recorded calls")
            recorded = self.cache.get(key)
            if recorded is None:
                raise PlayerFailure("replay: no recorded reply for this call (prompt or settings differ)")
            if recorded.reasoning:
                await on_delta("reasoning", recorded.reasoning)
            await on_delta("answer", recorded.content)
            return recorded
        reused = self.cache.reusable(key) if self.cache is not None else None
        if reused is not None:  # paid for in a stopped match of this run, now played again: not paid twice
            if reused.reasoning:
                await on_delta("reasoning", reused.reasoning)
            await on_delta("answer", reused.content)
            return reused
        gate = self.spend_gate
        reservation = None
        if gate is not None:
            reservation = await gate.reserve(settings.model, messages, settings.max_tokens)
            if reservation is None:
                raise SpendCapReached(f"the spend cap ${gate.cap:g} leaves no room for another call")
        completion = None
        try:
            completion = await complete(settings, messages, on_delta, on_retry)
        except ProviderFailure as failure:
            raise PlayerFailure(f"{self.spec}: {failure}") from failure
        finally:
            if gate is not None and reservation is not None:
                paid = (completion.cost, completion.tokens) if completion is not None else (None, None)
                gate.settle(reservation, *paid)
        if self.cache is not None:
            self.cache.put(key, settings.model, completion, match_id)
        return completion

    def choice(self, view: TurnView, messages: list[dict[str, Any]], completion: Completion) -> Choice:
        """Read the move out of the reply, or say why it cannot be read."""
        text: str | None = None
        error: str | None = None
        if completion.finish_reason == "length":
            error = f"the answer was cut off by the token limit (max_tokens={self.model.max_tokens})"
        else:
            try:
                text = self.family.read(view.game, view.state, completion.content)
            except InvalidMove as problem:
                error = str(problem)
        return Choice(
            text=text,
            raw=completion.content,
            error=error,
            prompt=messages,
            reasoning=completion.reasoning or None,
            finish_reason=completion.finish_reason,
            tokens=completion.tokens,
            cost=completion.cost,
            first_token_seconds=completion.first_token_seconds,
            info={
                "call_seconds": completion.seconds,
                "provider_failures": completion.failures,
                **({"reused_paid_call": completion.reused_cost} if completion.reused_cost is not None else {}),
            },
        )
