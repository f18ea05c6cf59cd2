"""A tournament as declared in a TOML file or on the command line, normalised, with its content-derived id."""

from __future__ import annotations

import hashlib
import json
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from arena.llm.secrets import hide_spec, hide_url
from arena.match.policy import InvalidMovePolicy
from arena.paths import read_small_file

LLM_KEYS = ("prompt", "temperature", "max_tokens", "api_base", "reasoning_effort", "constrained", "legal", "transport")


class PlayerEntry(BaseModel):
    """One player of a tournament file: a spec and the options that make its identity."""

    model_config = ConfigDict(extra="forbid")

    spec: str
    prompt: str | None = None
    temperature: float | None = None
    max_tokens: int | None = Field(default=None, ge=1)
    api_base: str | None = None
    reasoning_effort: Literal["minimal", "low", "medium", "high"] | None = None
    constrained: bool | None = None
    legal: bool | None = None
    transport: Literal["auto", "litellm"] | None = None
    budget: float | None = Field(default=None, gt=0)
    level: int | None = Field(default=None, ge=1, le=5)

    def full_spec(self) -> str:
        """The spec with this entry's options written into it (`llm:M;temperature=0.7`, `minimax:budget=2`)."""
        spec = self.spec.strip()
        kind = spec.partition(":")[0].lower()
        llm_values = {key: getattr(self, key) for key in LLM_KEYS if getattr(self, key) is not None}
        engine_values = {key: getattr(self, key) for key in ("budget", "level") if getattr(self, key) is not None}
        if kind == "llm":
            if engine_values:
                raise ValueError(f"{spec}: budget and level are for minimax players")
            return spec + "".join(f";{key}={_text(value)}" for key, value in llm_values.items())
        if llm_values:
            raise ValueError(f"{spec}: {', '.join(llm_values)} only apply to llm: players")
        if engine_values:
            if kind != "minimax":
                raise ValueError(f"{spec}: budget and level are for minimax players")
            argument = spec.partition(":")[2]
            parts = [p for p in argument.split(",") if p.strip()] + [
                f"{k}={_text(v)}" for k, v in engine_values.items()
            ]
            return "minimax:" + ",".join(parts)
        return spec


def _text(value: object) -> str:
    """A spec value as text (booleans as true/false, numbers without a trailing .0)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class TournamentConfig(BaseModel):
    """Everything that decides which matches a tournament has and how they are played."""

    model_config = ConfigDict(extra="forbid")

    name: str = ""
    games: list[str] = Field(default_factory=lambda: ["tictactoe"], min_length=1)
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    players: list[PlayerEntry] = Field(min_length=2)
    prompts: list[str] = Field(default_factory=list)
    matches_per_pair: int = Field(default=2, ge=1, le=100_000)
    swap_seats: bool = True
    seat_pairs: bool = False  # with swap_seats: each seed played twice, once from each seat
    seed: int = Field(default=0, ge=0)
    invalid_retries: int | None = Field(default=None, ge=0)  # set: applies to every player, over prompt families
    on_invalid: Literal["loss", "disqualified"] | None = None
    max_moves: int | None = Field(default=None, ge=1)
    concurrency: int | None = Field(default=None, ge=1)
    provider_concurrency: dict[str, Annotated[int, Field(ge=1, le=1024)]] = Field(default_factory=dict)
    max_cost: float | None = Field(default=None, gt=0)
    llm_defaults: dict[str, Any] = Field(default_factory=dict)

    @field_validator("players", mode="after")
    @classmethod
    def hidden_secrets(cls, value: list[PlayerEntry]) -> list[PlayerEntry]:
        """Credentials in a player's endpoint are hidden the moment the file is read."""
        return [
            entry.model_copy(
                update={"spec": hide_spec(entry.spec), "api_base": hide_url(entry.api_base) if entry.api_base else None}
            )
            for entry in value
        ]

    @field_validator("players", mode="before")
    @classmethod
    def entries(cls, value: Any) -> Any:
        """Players may be plain spec strings or tables with options."""
        if isinstance(value, list):
            return [{"spec": item} if isinstance(item, str) else item for item in value]
        return value

    @field_validator("players", mode="after")
    @classmethod
    def listed_once(cls, value: list[PlayerEntry]) -> list[PlayerEntry]:
        """A player listed twice among three or more would silently play once: refused (two alike may meet)."""
        specs = [entry.full_spec() for entry in value]
        twice = sorted({spec for spec in specs if specs.count(spec) > 1})
        if twice and len(specs) > 2:
            raise ValueError(f"{twice[0]} is listed twice: list each player once")
        return value

    @field_validator("games", mode="before")
    @classmethod
    def game_list(cls, value: Any) -> Any:
        """`game = "x"` and `games = ["x", "y"]` both work."""
        return [value] if isinstance(value, str) else value

    @property
    def policy_set(self) -> bool:
        """Whether the file or the flags set the invalid-move policy (then it overrides prompt families)."""
        return self.invalid_retries is not None or self.on_invalid is not None

    def policy(self) -> InvalidMovePolicy | None:
        """The invalid-move policy the tournament sets for every player, or None to leave it to prompt families."""
        if not self.policy_set:
            return None
        return InvalidMovePolicy(self.invalid_retries or 0, self.on_invalid or "loss")

    def specs(self) -> list[str]:
        """Every player's full spec, in file order."""
        return [entry.full_spec() for entry in self.players]

    def normalised(self) -> dict[str, Any]:
        """The content that decides the matches (not concurrency, spend cap or name): the tournament's identity."""
        return {
            "games": self.games,
            "options": dict(sorted(self.options.items())),
            "players": self.specs(),
            "prompts": self.prompts,
            "matches_per_pair": self.matches_per_pair,
            "swap_seats": self.swap_seats,
            "seed": self.seed,
            "invalid_retries": self.invalid_retries or 0,
            "on_invalid": self.on_invalid or "loss",
            **({"policy_set": True} if self.policy_set else {}),  # absent when unset: older identities hold
            **({"seat_pairs": True} if self.seat_pairs else {}),
            "max_moves": self.max_moves,
            "llm_defaults": dict(sorted(self.llm_defaults.items())),
        }

    def prompt_values(self) -> list[str]:
        """Every prompt family the tournament names: per player, the per-family rounds and the defaults."""
        values = [entry.prompt for entry in self.players if entry.prompt] + list(self.prompts)
        default = self.llm_defaults.get("prompt")
        return values + ([str(default)] if default else [])

    def prompt_files(self) -> dict[str, str]:
        """SHA-256 of each prompt file named: an edited file makes another tournament."""
        from arena.prompting import is_family_path, load_family

        named = sorted(set(self.prompt_values()))
        return {value: load_family(value).sha256 for value in named if is_family_path(value)}

    def tournament_id(self) -> str:
        """`t-` and 12 hex digits of the SHA-256 of the normalised content."""
        content = self.normalised()
        files = self.prompt_files()
        if files:  # only tournaments with prompt files carry the key, so earlier ids stay as they were
            content["prompt_files"] = files
        text = json.dumps(content, sort_keys=True, separators=(",", ":"))
        return "t-" + hashlib.sha256(text.encode()).hexdigest()[:12]


def load_config(path: Path) -> TournamentConfig:
    """A tournament file; ValueError in one line naming the file and the first bad field."""
    try:
        data = tomllib.loads(read_small_file(path).decode("utf-8"))
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{path} is not valid TOML: {error}") from None
    except RecursionError:
        raise ValueError(f"{path} nests tables or arrays too deeply") from None
    return parse_config(anchor_prompt_files(data, path.parent), str(path))


def anchor_prompt_files(data: dict[str, Any], folder: Path) -> dict[str, Any]:
    """Prompt file paths in a tournament file are relative to the file's folder: made absolute here."""
    from arena.prompting import is_family_path

    def anchored(value: Any) -> Any:
        if isinstance(value, str) and is_family_path(value):
            location, hash_mark, variant = value.partition("#")
            return str((folder / Path(location).expanduser()).resolve()) + hash_mark + variant
        return value

    data = dict(data)
    if isinstance(data.get("prompts"), list):
        data["prompts"] = [anchored(v) for v in data["prompts"]]
    if isinstance(data.get("players"), list):
        data["players"] = [
            {**item, "prompt": anchored(item["prompt"])} if isinstance(item, dict) and "prompt" in item else item
            for item in data["players"]
        ]
    return data


def parse_config(data: dict[str, Any], source: str) -> TournamentConfig:
    """Validate a tournament's settings; ValueError names the first bad field."""
    if "game" in data:
        if "games" in data:
            raise ValueError(f"{source}: give game or games, not both")
        data = {k: v for k, v in data.items() if k != "game"} | {"games": data["game"]}
    try:
        config = TournamentConfig.model_validate(data)
        config.specs()
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "file"
        raise ValueError(f"{source}: {where}: {first['msg']}") from None
    from arena.prompting import load_family

    for value in config.prompt_values():
        try:
            load_family(value)
        except ValueError as error:
            raise ValueError(f"{source}: prompt: {error}") from None
    return config
