"""A tournament's matches: every pair of players, per game and prompt family, numbered; and what is recorded."""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from arena.runner.tournament import TournamentPlan
from arena.store import MatchStore
from arena.store.summaries import FIELD, SummaryRows
from arena.store.tables import SPENT
from arena.tournaments.config import TournamentConfig
from games.registry import canonical_name, make_game

REPLAYED = ("error", "aborted")  # a provider failure or a stop cut these short: a resumed run plays them again


@dataclass(frozen=True)
class Schedule:
    """The plans (one per pairing) of one tournament, and how far a previous run got."""

    tournament_id: str
    config: TournamentConfig
    plans: tuple[TournamentPlan, ...]
    recorded: int = 0
    recorded_cost: float = 0.0
    replaced: frozenset[str] = frozenset()
    replaced_cost: float = 0.0  # what the calls of the matches to play again cost: kept when they are removed

    @property
    def total(self) -> int:
        """Matches the tournament has."""
        return sum(plan.games for plan in self.plans)

    @property
    def to_play(self) -> int:
        """Matches not recorded yet."""
        return sum(plan.to_play for plan in self.plans)

    def players(self) -> list[str]:
        """Every distinct player spec, in the order they first appear."""
        seen: dict[str, None] = {}
        for plan in self.plans:
            seen.update(dict.fromkeys(plan.players))
        return list(seen)

    def resume_line(self) -> str:
        """What a re-run does: `412 of 420 already recorded; playing 8`."""
        if not self.recorded and not self.replaced:
            return f"tournament {self.tournament_id}: playing {self.total} matches"
        already = f"{self.recorded} of {self.total} already recorded"
        again = f" ({len(self.replaced)} that failed or were stopped are played again)" if self.replaced else ""
        return f"tournament {self.tournament_id}: {already}; playing {self.to_play}{again}"


def with_family(spec: str, family: str | None) -> str:
    """An llm: spec playing under a prompt family (its own `prompt=` wins)."""
    if family is None or not spec.strip().lower().startswith("llm:") or ";prompt=" in spec.replace(" ", ""):
        return spec
    return f"{spec};prompt={family}"


def build_schedule(config: TournamentConfig, tournament_id: str | None = None) -> Schedule:
    """Every match: all pairs of players, per game and per prompt family; ValueError for a bad game."""
    tournament_id = tournament_id or config.tournament_id()
    plans = []
    index = 0
    for game in config.games:
        name = canonical_name(game)
        make_game(name, **config.options)
        families: list[str | None] = list(config.prompts) or [None]
        for family in families:
            given = [with_family(spec, family) for spec in config.specs()]
            specs = list(dict.fromkeys(given))
            # Two players with one spec play each other (a baseline such as random against random).
            pairs = [(specs[0], specs[0])] if len(given) == 2 and len(specs) == 1 else combinations(specs, 2)
            for first, second in pairs:
                plans.append(
                    TournamentPlan(
                        game=name,
                        players=(first, second),
                        games=config.matches_per_pair,
                        seed=config.seed,
                        swap_seats=config.swap_seats,
                        game_options=dict(config.options),
                        policy=config.policy(),
                        max_moves=config.max_moves,
                        tournament_id=tournament_id,
                        first_index=index,
                        seat_pairs=config.seat_pairs and config.swap_seats,
                    )
                )
                index += config.matches_per_pair
    if not plans:
        raise ValueError("a tournament needs at least two players")
    return Schedule(tournament_id, config, tuple(plans))


def resumed(schedule: Schedule, store: MatchStore, table: SummaryRows) -> Schedule:
    """The schedule with the matches already recorded skipped (`table`: the tournament's index rows);
    failed and stopped ones are played again."""
    index, status, cost, ident = (FIELD[k] for k in ("index", "status", "cost", "id"))
    done: set[int] = set()
    replaced: set[str] = set()
    # Calls paid for in matches removed by earlier resumes: spent all the same.
    spent = sum(
        float(d.get("cost") or 0.0) for d in store.documents(SPENT) if d.get("tournament") == schedule.tournament_id
    )
    replaced_cost = 0.0
    for row in table.rows:
        spent += float(row[cost] or 0.0)
        if row[status] in REPLAYED:
            replaced.add(str(row[ident]))
            replaced_cost += float(row[cost] or 0.0)
        else:
            done.add(int(row[index]))
    plans = tuple(replace(plan, skip=frozenset(i for i in plan.indexes if i in done)) for plan in schedule.plans)
    return replace(
        schedule,
        plans=plans,
        recorded=len(done),
        recorded_cost=spent,
        replaced=frozenset(replaced),
        replaced_cost=replaced_cost,
    )
