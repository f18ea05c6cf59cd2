"""The equilibrium each poker game is graded against: CFR+ solved once, shipped, and rebuilt by `main`.

`python -m arena.poker.equilibrium` solves again and writes the files (a test checks they equal a fresh solve).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from games.poker.hands import VARIANTS, Strategy, Variant

ITERATIONS = {"kuhn-poker": 2000, "leduc-poker": 1000}


@dataclass(frozen=True)
class Equilibrium:
    """A solved strategy for both positions, its solver's iterations, and its exploitability in chips per hand."""

    game: str
    strategy: Strategy
    iterations: int
    exploitability: float

    @property
    def variant(self) -> Variant:
        """The game's deck and betting."""
        return VARIANTS[self.game]


def data_file(game: str) -> Path:
    """Where a game's solved strategy is shipped."""
    return Path(str(resources.files("arena.poker") / "data" / f"{game}.json"))


@cache
def equilibrium(game: str) -> Equilibrium:
    """The shipped equilibrium of `game` (`kuhn-poker`, `leduc-poker`)."""
    if game not in VARIANTS:
        raise ValueError(f"{game} is not a poker game (choose from {', '.join(VARIANTS)})")
    data = json.loads(data_file(game).read_text())
    return Equilibrium(game, data["strategy"], int(data["iterations"]), float(data["exploitability"]))


def solved(game: str) -> Equilibrium:
    """Solve `game` afresh with OpenSpiel's CFR+ (Leduc takes about 16 s on one core)."""
    from arena.poker.spiel import exploitability, solve

    variant = VARIANTS[game]
    strategy = solve(variant, ITERATIONS[game])
    rounded = {
        key: {word: round(share, 12) for word, share in words.items()} for key, words in sorted(strategy.items())
    }
    return Equilibrium(game, rounded, ITERATIONS[game], round(exploitability(variant, rounded), 12))


def write(found: Equilibrium) -> Path:
    """Ship a solved equilibrium."""
    path = data_file(found.game)
    record = {"game": found.game, "solver": "OpenSpiel CFR+ (average strategy)", "iterations": found.iterations,
              "exploitability": found.exploitability, "strategy": found.strategy}  # fmt: skip
    path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    return path


def main() -> None:
    """Solve every poker game and write its file."""
    for game in VARIANTS:
        found = solved(game)
        print(f"{game}: {len(found.strategy)} information sets, exploitability {found.exploitability * 1000:.3f} "
              f"mbb/hand, written to {write(found)}")  # fmt: skip


if __name__ == "__main__":
    main()
