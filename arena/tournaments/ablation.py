"""An ablation: one model over a grid of harness settings, each cell a tournament against the same opponent with
the same seeds (so match i of every cell starts alike), declared in a TOML file or by flags."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from arena.players.sampling import checked_sampler
from arena.prompting.harness import checked_board, checked_rethink
from arena.tournaments.config import TournamentConfig, parse_config

AXES = (
    "rethink",
    "legal",
    "history",
    "board",
    "prompt",
    "sample",
    "extract",
)  # what a grid may vary, in this order in a cell's name
NULL_SEED_OFFSET = 1_000_000_007  # the null cell's seed: the ablation's plus this, so its matches are its own
NULL_NAME = "null (the baseline again, own seeds)"


class AblationConfig(BaseModel):
    """The model, its opponent, the game, matches per cell, the seed, and each axis's values (the first: its
    baseline, which every other value is compared with)."""

    model_config = ConfigDict(extra="forbid")

    model: str
    opponent: str = "random"
    game: str = "tictactoe"
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    games: int = Field(default=20, ge=1, le=100_000)
    seed: int = Field(default=0, ge=0)
    swap_seats: bool = True
    seat_pairs: bool = True  # each seed played twice, the model once in each seat
    null: bool = True  # the baseline again on its own seeds: the noise floor every effect is read against
    invalid_retries: int | None = Field(default=None, ge=0)  # as in a tournament file: over the families' own
    on_invalid: Literal["loss", "disqualified"] | None = None
    grid: dict[str, list[Any]] = Field(min_length=1)

    @field_validator("model")
    @classmethod
    def a_model(cls, value: str) -> str:
        """Only a model has a harness to vary."""
        if not value.strip().lower().startswith("llm:"):
            raise ValueError(f"the ablated player is a model (llm:...), not {value!r}")
        return value.strip()

    @field_validator("grid")
    @classmethod
    def known_axes(cls, value: dict[str, list[Any]]) -> dict[str, list[Any]]:
        """Each axis known, with distinct values of its kind."""
        for axis, values in value.items():
            if axis not in AXES:
                raise ValueError(f"grid: no axis {axis!r} (choose from {', '.join(AXES)})")
            if not values or len(set(map(str, values))) != len(values):
                raise ValueError(f"grid: {axis} needs distinct values, at least one")
            for item in values:
                if axis in ("legal", "history", "extract") and not isinstance(item, bool):
                    raise ValueError(f"grid: {axis} values are true or false, not {item!r}")
                if axis == "rethink":
                    checked_rethink(str(item))
                if axis == "board":
                    checked_board(str(item))
                if axis == "sample" and (isinstance(item, bool) or not isinstance(item, int)):
                    raise ValueError(f"grid: sample values are numbers of answers, not {item!r}")
                if axis == "sample":
                    checked_sampler(item, False)
        if all(len(values) == 1 for values in value.values()):
            raise ValueError("grid: an ablation compares settings: give some axis two values or more")
        return {axis: value[axis] for axis in AXES if axis in value}

    def cells(self) -> list[dict[str, Any]]:
        """Every combination of the axes' values, the baseline (every first value) first."""
        axes = list(self.grid)
        return [dict(zip(axes, values, strict=True)) for values in itertools.product(*self.grid.values())]

    def runs(self) -> list[tuple[dict[str, Any], bool, TournamentConfig]]:
        """Each cell's settings, whether it is the null cell, and its tournament: the grid's cells, then the null."""
        grid = [(cell, False, self.tournament(cell)) for cell in self.cells()]
        return grid + ([(self.baseline(), True, self.tournament(self.baseline(), null=True))] if self.null else [])

    def baseline(self) -> dict[str, Any]:
        return {axis: values[0] for axis, values in self.grid.items()}

    def cell_spec(self, cell: dict[str, Any]) -> str:
        """The model's spec with the cell's settings (`llm:local;rethink=none;legal=false`)."""
        words = [f"{axis}={setting_text(value)}" for axis, value in cell.items()]
        return ";".join([self.model, *words])

    def tournament(self, cell: dict[str, Any], null: bool = False) -> TournamentConfig:
        """The cell's tournament: the same seed and matches in every cell; the null cell (the baseline's settings,
        so byte-identical prompts) on seeds of its own."""
        data = {
            "name": f"ablation {'null ' if null else ''}{cell_name(cell)}",
            "games": [self.game],
            "options": self.options,
            "players": [self.cell_spec(cell), self.opponent],
            "matches_per_pair": self.games,
            "swap_seats": self.swap_seats,
            "seat_pairs": self.seat_pairs,
            "seed": self.seed + NULL_SEED_OFFSET if null else self.seed,
            "invalid_retries": self.invalid_retries,
            "on_invalid": self.on_invalid,
        }
        return parse_config(data, "the ablation")


def cell_name(cell: dict[str, Any]) -> str:
    """`rethink=none legal=false`."""
    return " ".join(f"{axis}={setting_text(value)}" for axis, value in cell.items())


def setting_text(value: Any) -> str:
    """A setting as a spec writes it: booleans as true/false."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def load_ablation(path: Path) -> AblationConfig:
    """An ablation file; ValueError in one line on any fault."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"{path} is not TOML: {error}") from None
    return ablation_from(data, str(path))


def ablation_from(data: dict[str, Any], source: str) -> AblationConfig:
    """An ablation from plain values; ValueError naming the first fault and where."""
    try:
        return AblationConfig.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the file"
        raise ValueError(f"{source}: {where}: {first['msg'].removeprefix('Value error, ')}") from None


def parse_vary(values: list[str]) -> dict[str, list[Any]]:
    """`--vary rethink=rule,none --vary legal=yes,no` as a grid; ValueError on a bad one."""
    grid: dict[str, list[Any]] = {}
    for value in values:
        axis, sep, listed = value.partition("=")
        if not sep or not listed:
            raise ValueError(f"--vary is AXIS=VALUE,VALUE (e.g. rethink=rule,none), not {value!r}")
        items: list[Any] = [item.strip() for item in listed.split(",")]
        if axis.strip() == "sample":
            if not all(item.isdigit() for item in items):
                raise ValueError(f"--vary sample: values are numbers of answers, not {listed!r}")
            items = [int(item) for item in items]
        if axis.strip() in ("legal", "history", "extract"):
            truth = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}
            if any(item.lower() not in truth for item in items):
                raise ValueError(f"--vary {axis}: values are yes or no, not {listed!r}")
            items = [truth[item.lower()] for item in items]
        grid[axis.strip()] = items
    return grid
