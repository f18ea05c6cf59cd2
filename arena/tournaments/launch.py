"""From a command line or a file to runs ready to play: budgets, llm defaults, checks, pre-flight and workers."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from arena.tournaments import POOL_MIN_GAMES
from games import DEFAULT_BUDGET

if TYPE_CHECKING:  # the command line reads this module's constants before it knows what it will run
    from arena.players import PlayerOptions
    from arena.tournaments.config import TournamentConfig
    from arena.tournaments.runs import BatchRun


def uses_models(specs: list[str]) -> bool:
    """Whether any of these player specs is a language model."""
    return any(spec.strip().lower().startswith("llm:") for spec in specs)


def keys_missing(specs: list[str], api_base: str | None) -> bool:
    """Whether a hosted model among these specs is sure to be refused for its unset key (told without litellm)."""
    from arena.llm.provider_keys import missing_key

    if api_base is not None:
        return False
    models = [spec.strip()[4:] for spec in specs if spec.strip().lower().startswith("llm:")]
    return any("api_base=" not in model and missing_key(model.split(";")[0].strip()) for model in models)


def with_budget(spec: str, budget: float) -> str:
    """A `minimax` spec that names no budget of its own takes the `--budget` given on the command line."""
    kind, _, argument = spec.strip().partition(":")
    parts = [p.strip() for p in argument.split(",") if p.strip()]
    if kind != "minimax" or budget == DEFAULT_BUDGET or any("=" not in p or p.startswith("budget=") for p in parts):
        return spec
    return "minimax:" + ",".join([f"{budget:g}", *parts])


def with_temperature(defaults: PlayerOptions, temperature: float | None) -> PlayerOptions:
    """The defaults with another temperature (one tournament per temperature of a sweep)."""
    return replace(defaults, temperature=temperature)


def llm_identity(options: PlayerOptions) -> dict[str, object]:
    """The llm defaults that change what a model answers: part of a tournament's identity."""
    from arena.llm.secrets import hide_url

    return {
        "prompt": options.prompt,
        "temperature": options.temperature,
        "max_tokens": options.max_tokens,
        "api_base": hide_url(options.api_base) if options.api_base else None,
        "reasoning_effort": options.reasoning_effort,
        "constrained": options.constrained,
        "show_legal": options.show_legal,
        **harness_identity(options),
    }


def harness_identity(options: PlayerOptions) -> dict[str, object]:
    """The harness options that differ from the defaults (older tournaments were named without them)."""
    chosen = {"rethink": options.rethink, "history": options.history, "board": options.board,
              "samples": options.samples if options.samples > 1 else None, "extract": options.extract or None,
              "move_seconds": options.move_seconds, "match_seconds": options.match_seconds,
              "on_time": options.on_time if options.move_seconds or options.match_seconds else None}  # fmt: skip
    return {key: value for key, value in chosen.items() if value not in (None, "rule")}


def flag_config(
    game: str, options: dict[str, bool | int | str], specs: list[str], defaults: PlayerOptions, settings: dict[str, Any]
) -> TournamentConfig:
    """The tournament a batch command line describes (so that the same command resumes it).

    `settings` holds the flags' matches_per_pair, swap_seats, seed, invalid_retries, on_invalid and max_moves.
    """
    from arena.tournaments.config import parse_config

    return parse_config(
        {
            "games": [game],
            "options": options,
            "players": specs,
            **settings,
            "llm_defaults": llm_identity(defaults) if uses_models(specs) else {},
        },
        "command line",
    )


def with_llm_defaults(config: TournamentConfig, defaults: PlayerOptions) -> TournamentConfig:
    """A file's tournament completed by the command line's llm defaults (part of its identity when models play)."""
    return config.model_copy(update={"llm_defaults": llm_identity(defaults) if uses_models(config.specs()) else {}})


def prepare_runs(
    configs: list[tuple[TournamentConfig, PlayerOptions, str]], resume: str | None, max_cost: float | None
) -> list[BatchRun]:
    """Plan every tournament (one per temperature of a sweep) and check its games and players; ValueError if wrong."""
    from arena.players import validate_spec
    from arena.tournaments.runs import BatchRun
    from arena.tournaments.schedule import build_schedule
    from games.registry import canonical_name, make_game

    runs: list[BatchRun] = []
    for config, defaults, label in configs:
        schedule = build_schedule(config, resume)
        for game in config.games:
            make_game(canonical_name(game), **config.options)
        for spec in schedule.players():
            if spec.strip().lower().startswith("human"):
                raise ValueError("human players need the app: run `arena` without --batch to play")
            for plan in schedule.plans:
                validate_spec(spec, defaults.for_game(plan.game))
        cap = max_cost if max_cost is not None else config.max_cost
        runs.append(BatchRun(schedule, defaults, label, cap, dict(config.provider_concurrency)))
    return runs


def run_players(run: BatchRun) -> list[object]:
    """The players of a run, built as its matches build them (for the check of their keys and endpoints)."""
    from arena.players import make_player

    game = run.schedule.plans[0].game
    return [make_player(spec, 0, run.options.for_game(game)) for spec in run.schedule.players()]


def batch_workers(asked: int | None, game: str, players: tuple[str, ...], games: int) -> int:
    """Worker processes: as asked, else one per core for a long engine-bound run with no model or person."""
    from arena.runner.workers import default_workers, runs_in_workers

    if not runs_in_workers(players):
        return 1
    if asked is not None:
        return asked
    least = POOL_MIN_GAMES.get(game)
    return default_workers() if least is not None and games >= least else 1
