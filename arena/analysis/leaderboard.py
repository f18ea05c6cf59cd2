"""One game's leaderboard: per-player rates with intervals, move quality, usage, ratings; the results matrix."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from arena.analysis.groups import RatingGroup, fit_groups
from arena.analysis.moves import INVALID_KINDS, MatchAnalysis, SeatStats
from arena.analysis.partial import PartialSample, rank_without_samples
from arena.analysis.ratings import PROVISIONAL, wilson

SEATS = ("first", "second")
USAGE = ("prompt_tokens", "completion_tokens", "cost", "unpriced", "seconds")  # spent in every match, scored or not
PLAY_FIELDS = tuple(f.name for f in fields(SeatStats) if f.name not in USAGE)  # counted in scored matches only
_usage_of, _play_of = attrgetter(*USAGE), attrgetter(*PLAY_FIELDS)
OUTCOMES = ("wins", "draws", "losses", "disqualified", "opponent_disqualified")
OUTCOME_OF = {name: name + "s" for name in ("win", "draw")} | {"loss": "losses"} | {n: n for n in OUTCOMES[3:]}


@dataclass
class SeatRecord:
    """Results of a player in one seat, as on the board: an opponent's disqualification is not a win."""

    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    disqualified: int = 0
    opponent_disqualified: int = 0

    def add(self, outcome: str) -> None:
        """Count one scored match by how it ended for this seat (`MatchAnalysis.outcome`)."""
        self.matches += 1
        name = OUTCOME_OF[outcome]
        setattr(self, name, getattr(self, name) + 1)

    def rates(self) -> dict[str, Any]:
        """Each outcome's rate among the scored matches, with Wilson 95% intervals."""
        out: dict[str, Any] = {"matches": self.matches}
        for name in OUTCOMES:
            count = getattr(self, name)
            low, high = wilson(count, self.matches)
            out[name] = {  # None, not NaN, without matches: JSON has no NaN
                "count": count,
                "rate": count / self.matches if self.matches else None,
                "low": _round(low, 6),
                "high": _round(high, 6),
            }
        return out


@dataclass
class PlayerRow:
    """Everything the leaderboard says about one player (one full configuration) in one game."""

    player: str
    family: str | None
    matches: int = 0
    unscored: int = 0
    seats: list[SeatRecord] = field(default_factory=lambda: [SeatRecord(), SeatRecord()])
    counts: dict[str, float] = field(default_factory=dict)
    rating: float = math.nan
    low: float = math.nan
    high: float = math.nan
    elo: float = math.nan
    group: int = 0  # its comparison group (players linked by scored matches); 0: never scored
    rank: int = 0  # 1 + the players of its group whose whole interval lies above this one's; 0: unrated
    sample: PartialSample | None = None  # its games are a known partial sample of a published run: never ranked

    @property
    def rated(self) -> bool:
        """Has scored matches to rate (a player seen only in aborted or failed matches is listed apart)."""
        return not math.isnan(self.rating)

    @property
    def provisional(self) -> bool:
        """Too few scored matches for its rank to mean much, or a partial sample: marked, never shown as certain."""
        return self.scored < PROVISIONAL or self.sample is not None

    def total(self, name: str) -> int:
        """A result count over both seats."""
        return sum(getattr(seat, name) for seat in self.seats)

    @property
    def scored(self) -> int:
        return sum(seat.matches for seat in self.seats)

    def per(self, name: str, by: str) -> float:
        """A count divided by another, or by the scored matches whose moves were logged (nan when the divisor is 0)."""
        divisor = self.counts.get(by, 0) if by != "matches" else self.counts.get("logged", 0)
        return self.counts.get(name, 0) / divisor if divisor else math.nan

    def as_dict(self) -> dict[str, Any]:
        """The row as plain values (the JSON of `arena report`)."""
        c = self.counts
        tokens = c.get("prompt_tokens", 0) + c.get("completion_tokens", 0)
        return {
            "player": self.player,
            "family": self.family,
            "rating": _round(self.rating, 1),
            "low": _round(self.low, 1),
            "high": _round(self.high, 1),
            "elo": _round(self.elo, 1),
            "rated": self.rated,
            "provisional": self.provisional,
            "group": self.group or None,
            "rank": self.rank or None,
            "partial_sample": self.sample.as_dict() if self.sample else None,
            "matches": self.matches,
            "scored": self.scored,
            "unscored": self.unscored,
            "wins": self.total("wins"),
            "draws": self.total("draws"),
            "losses": self.total("losses"),
            "disqualified": self.total("disqualified"),
            "opponent_disqualified": self.total("opponent_disqualified"),
            "as_first": self.seats[0].rates(),
            "as_second": self.seats[1].rates(),
            "valid_moves": int(c.get("valid", 0)),
            "invalid_moves": int(c.get("invalid", 0)),
            "invalid_by_kind": {kind: int(c.get(kind, 0)) for kind in INVALID_KINDS},
            "invalid_per_match": _round(self.per("invalid", "matches"), 4),
            "turns": int(c.get("turns", 0)),
            "time_outs": int(c.get("time_outs", 0)),  # moves its clock cut off: not among its turns
            "first_try_legal_rate": _round(self.per("first_try_valid", "turns"), 4),  # before any rethink
            "final_legal_rate": _round(self.per("valid", "turns"), 4),  # after rethinks: the turns it moved in
            "missed_wins": int(c.get("missed_wins", 0)),
            "win_chances": int(c.get("win_chances", 0)),
            "missed_blocks": int(c.get("missed_blocks", 0)),
            "block_chances": int(c.get("block_chances", 0)),
            "missed_sinks": int(c.get("missed_sinks", 0)),
            "missed_wins_per_valid_move": _round(self.per("missed_wins", "valid"), 4),
            "missed_blocks_per_valid_move": _round(self.per("missed_blocks", "valid"), 4),
            "missed_sinks_per_valid_move": _round(self.per("missed_sinks", "valid"), 4),
            "blunders": int(c.get("blunders", 0)),
            "graded_moves": int(c.get("graded", 0)),
            "ungraded_moves": int(c.get("unknown", 0)),
            "blunder_rate": _round(self.per("blunders", "graded"), 4),
            "optimal_move_rate": _round(self.per("optimal", "graded"), 4),
            "random_optimal_rate": _round(self.per("random_keep", "graded"), 4),  # a random mover, same positions
            "graded_not_lost": int(c.get("graded_open", 0)),
            "optimal_move_rate_not_lost": _round(self.per("optimal_open", "graded_open"), 4),
            "random_optimal_rate_not_lost": _round(self.per("random_keep_open", "graded_open"), 4),
            "tokens": int(tokens),
            "tokens_per_match": _round(tokens / self.matches, 1) if self.matches else None,
            "cost": round(c.get("cost", 0.0), 6),
            "cost_per_match": round(c.get("cost", 0.0) / self.matches, 6) if self.matches else None,
            "unpriced_calls": int(c.get("unpriced", 0)),
            "seconds": round(c.get("seconds", 0.0), 3),
            **({"chess": chess_figures(c)} if c.get("cp_graded") else {}),
        }


def chess_figures(c: dict[str, float]) -> dict[str, Any]:
    """A chess player's graded play beside a random legal move's on the same positions (see chess_grades)."""
    graded = c["cp_graded"]
    per = {name: _round(c.get(name, 0) / graded, 4) for name in CHESS_RATES}
    games = c.get("accuracy_games", 0)
    return {
        "graded_moves": int(graded),
        "game_accuracy": _round(c.get("game_accuracy", 0) / games, 4) if games else None,  # lichess's, per game
        "accuracy_games": int(games),
        "accuracy": per["accuracy"],  # not lichess's game accuracy: the plain mean of lichess's move accuracies
        "random_accuracy": per["random_accuracy"],
        "average_centipawn_loss": per["cp_loss"],
        "random_average_centipawn_loss": per["random_cp_loss"],
        "blunders_per_move": per["blunders"],
        "random_blunders_per_move": per["random_blunders"],
        "mistakes_per_move": per["mistakes"],
        "inaccuracies_per_move": per["inaccuracies"],
        "best_move_rate": per["optimal"],
        "random_best_move_rate": per["random_keep"],
        "mate_chances": int(c.get("mate_chances", 0)),
        "missed_mates": int(c.get("missed_mates", 0)),
        "confirmed_verdicts": int(c.get("confirmed", 0)),
    }


def no_chess_figures() -> dict[str, Any]:
    """The chess figures of a player none of whose moves was graded: every one unknown."""
    return dict.fromkeys(chess_figures({"cp_graded": 1}), None) | {"graded_moves": 0}


CHESS_RATES: tuple[str, ...] = ("accuracy", "random_accuracy", "cp_loss", "random_cp_loss", "blunders")
CHESS_RATES += ("random_blunders", "mistakes", "inaccuracies", "optimal", "random_keep")


def _round(value: float, digits: int) -> float | None:
    """Rounded, or None for nan (JSON has no nan)."""
    return None if value is None or math.isnan(value) else round(value, digits)


@dataclass
class Leaderboard:
    """One game's players sorted by rating, and the results matrix (row player's W, D, L, DQ, opponent DQ)."""

    game: str
    rows: list[PlayerRow]
    matrix: dict[tuple[str, str], list[int]]
    matches: int
    first_move: float
    first_move_fitted: bool = False
    rules: str = ""  # the game's name when `game` names a board variant (`connect-four 7x7`)
    groups: list[RatingGroup] = field(default_factory=list)  # ratings compare only within a group
    versions: list[str] = field(default_factory=list)  # what played its matches (`versions_label`): one is clean

    @property
    def sinks(self) -> bool:
        """Battleship's missed chances are sinks, not wins and blocks."""
        return self.rules == "battleship"

    def players(self) -> list[str]:
        return [row.player for row in self.rows]

    def matrix_rows(self) -> list[dict[str, Any]]:
        """One row per ordered pair that met: the row player's outcomes against the opponent."""
        return [
            {"player": a, "opponent": b, **dict(zip(OUTCOMES, counts, strict=True))}
            for (a, b), counts in sorted(self.matrix.items())
        ]


def build_leaderboard(
    game: str,
    analyses: Iterable[MatchAnalysis],
    resamples: int = 1000,
    anchors: dict[str, float] | None = None,
    samples: dict[str, PartialSample] | None = None,
) -> Leaderboard:
    """The leaderboard of one game variant (`games_of`) from match analyses (other variants are ignored);
    `samples` names the players whose games are a known partial sample of a published run."""
    rows: dict[str, PlayerRow] = {}
    matrix: dict[tuple[str, str], list[int]] = {}
    timed: list[tuple[tuple[str, str], tuple[str, str, float]]] = []
    matches, rules, versions = 0, game, set()
    # Each seat's statistics as tuples, summed per player at the end (column sums in C, in match order).
    played: dict[str, list[tuple[float, ...]]] = {}
    spent: dict[str, list[tuple[float, ...]]] = {}
    for analysis in analyses:
        if analysis.variant != game or len(analysis.players) != 2:
            continue
        matches += 1
        rules = analysis.game
        if analysis.versions:
            versions.add(analysis.versions)
        for seat, name in enumerate(analysis.players):
            row = rows.get(name) or rows.setdefault(name, PlayerRow(name, analysis.families[seat]))
            row.matches += 1
            outcome = analysis.outcome(seat)
            stats = analysis.seats[seat]
            spent.setdefault(name, []).append(_usage_of(stats))
            if outcome is None:  # an errored match's moves are no measure of play
                row.unscored += 1
                continue
            played.setdefault(name, []).append(_play_of(stats))
            row.seats[seat].add(outcome)
            if analysis.logged:  # an imported results-only game has no moves
                row.counts["logged"] = row.counts.get("logged", 0) + 1
            cell = matrix.setdefault((name, analysis.players[1 - seat]), [0] * len(OUTCOMES))
            cell[OUTCOMES.index(OUTCOME_OF[outcome])] += 1
        first_points = analysis.points(0)
        if first_points is not None:
            timed.append(((analysis.ended_at, analysis.id), (analysis.players[0], analysis.players[1], first_points)))
    for name, row in rows.items():
        if name in played:
            row.counts.update(zip(PLAY_FIELDS, map(sum, zip(*played[name], strict=True)), strict=True))
        row.counts.update(zip(USAGE, map(sum, zip(*spent[name], strict=True)), strict=True))
    # Matches as they ended (then ids), players by name: classic Elo and the bootstrap depend on order, not the store's.
    fitted, groups = fit_groups(sorted(rows), [result for _, result in sorted(timed)], resamples, anchors)
    for name, fit in fitted.items():
        row = rows[name]
        row.rating, row.low, row.high, row.elo, row.group, row.rank = (
            fit.rating, fit.low, fit.high, fit.elo, fit.group, fit.rank
        )  # fmt: skip
    if samples:
        rank_without_samples(rows, samples)
    ordered = sorted(rows.values(), key=rank)
    one = groups[0] if len(groups) == 1 else None
    first_move, fitted_term = (one.first_move, one.first_move_fitted) if one else (math.nan, False)
    return Leaderboard(game, ordered, matrix, matches, first_move, fitted_term, rules, groups, sorted(versions))


def rank(row: PlayerRow) -> tuple[int, int, float, str]:
    """By comparison group; within it rated players by rating, then provisional ones; unrated ones last."""
    standing = 2 if not row.rated else 1 if row.provisional else 0
    return group_order(row), standing, -row.rating if row.rated else 0.0, row.player


def group_order(row: PlayerRow) -> int:
    """Where a row's comparison group comes: groups by their number, players never scored after them all."""
    return row.group or 1_000_000


def games_of(analyses: Iterable[MatchAnalysis]) -> list[str]:
    """The game variants present (`tictactoe`, `tictactoe 4x4 k=4`), in a stable order."""
    return sorted({a.variant for a in analyses})
