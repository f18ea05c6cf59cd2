"""Poker's standings: chips per hand with bootstrap intervals (duplicate pairs resampled whole), head to head,
and every decision graded (arena.poker.grading). Elo on wins and losses means nothing at poker: the deal's luck."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arena.analysis.moves import MatchAnalysis

RESAMPLES = 1000


@dataclass
class PokerRow:
    """A player's chips per hand over its matches against others, and its graded decisions."""

    player: str
    hands: int
    chips: float
    low: float
    high: float
    opponents: list[str]
    grades: Any = None  # arena.poker.grading.Grades
    decisions: list[Any] = field(default_factory=list)

    @property
    def chips_per_hand(self) -> float:
        """Mean chips won per hand."""
        return self.chips / self.hands if self.hands else 0.0

    def as_dict(self) -> dict[str, Any]:
        """The report's `poker` block for this player."""
        grades = self.grades
        block: dict[str, Any] = {
            "hands": self.hands,
            "chips_per_hand": round(self.chips_per_hand, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "opponents": self.opponents,
            "decisions": grades.decisions if grades else 0,
        }
        if grades and grades.decisions:
            block |= {
                "ev_loss_per_decision": round(grades.ev_loss, 4),
                "random_ev_loss_per_decision": round(grades.random_ev_loss, 4),
                "br_ev_loss_per_decision": rounded(grades.br_ev_loss, 4),
                "mistakes": grades.mistakes,
                "exploitability": rounded(grades.exploitability, 1),
                "exploitability_low": rounded(grades.exploitability_low, 1),
                "exploitability_high": rounded(grades.exploitability_high, 1),
                "exploitability_floor": rounded(grades.exploitability_floor, 1),
                "information_sets_seen": grades.sets_seen,
                "information_sets": grades.sets_total,
                "strategy": {k: {w: round(p, 3) for w, p in ws.items()} for k, ws in sorted(grades.strategy.items())},
                "visits": dict(sorted(grades.visits.items())),
            }  # fmt: skip
        else:
            block |= {"ev_loss_per_decision": None, "random_ev_loss_per_decision": None, "exploitability": None}
        return block


def rounded(value: float | None, digits: int) -> float | None:
    """`value` rounded, None kept."""
    return None if value is None else round(value, digits)


def ratio_interval(units: list[tuple[float, int]], seed: int = 0) -> tuple[float, float]:
    """A 95% percentile bootstrap interval of sum(chips) / sum(hands), resampling units (deals) whole."""
    import numpy as np

    if not units:
        return 0.0, 0.0
    chips = np.array([unit[0] for unit in units], dtype=float)
    hands = np.array([unit[1] for unit in units], dtype=float)
    rng = np.random.default_rng(seed)
    draws = []
    for start in range(0, RESAMPLES, 50):  # 50 resamples at a time: memory stays small at any number of deals
        picked = rng.integers(0, len(units), size=(min(50, RESAMPLES - start), len(units)))
        draws.append(chips[picked].sum(axis=1) / hands[picked].sum(axis=1))
    low, high = np.percentile(np.concatenate(draws), [2.5, 97.5])
    return float(low), float(high)


def seat_units(analysis: MatchAnalysis, seat: int) -> list[tuple[float, int]]:
    """A seat's chips and hands per deal unit of a match (a duplicate pair's two hands are one unit)."""
    units: dict[int, list[float]] = {}
    for _, first_chips, second_chips, unit in analysis.poker.get("hands", []):
        won = first_chips if seat == 0 else second_chips
        units.setdefault(unit, [0.0, 0])[0] += won
        units[unit][1] += 1
    return [(chips, int(hands)) for chips, hands in units.values()]


def finished(analyses: list[MatchAnalysis]) -> list[MatchAnalysis]:
    """The poker matches played to the end (a match stopped by a fault or an invalid answer holds part)."""
    return [a for a in analyses if a.poker and a.status == "finished" and len(a.players) == 2]


def poker_rows(analyses: list[MatchAnalysis], game: str, seed: int = 0) -> list[PokerRow]:
    """Per player at `game`: chips per hand against other players (self-play nets nothing, left out), and
    every decision it made (self-play's included) graded."""
    from arena.poker.grading import Decision, grade

    units: dict[str, list[tuple[float, int]]] = {}
    opponents: dict[str, set[str]] = {}
    decisions: dict[str, list[Decision]] = {}
    for analysis in finished(analyses):
        for seat, player in enumerate(analysis.players):
            other = analysis.players[1 - seat]
            if other != player:
                units.setdefault(player, []).extend(seat_units(analysis, seat))
                opponents.setdefault(player, set()).add(other)
            units.setdefault(player, [])
            mine = decisions.setdefault(player, [])
            pair = 2 if analysis.poker.get("duplicate", True) else 1
            for decided_seat, hand, infoset, word in analysis.poker.get("decisions", []):
                if decided_seat == seat:
                    mine.append(Decision(infoset, word, (analysis.id, hand // pair)))
    rows = []
    for player in sorted(units):
        chips = sum(u[0] for u in units[player])
        hands = sum(u[1] for u in units[player])
        low, high = ratio_interval(units[player], seed)
        row = PokerRow(player, hands, chips, low, high, sorted(opponents.get(player, set())))
        row.grades = grade(game, decisions[player], seed)
        rows.append(row)
    rows.sort(key=lambda row: (-row.chips_per_hand if row.hands else float("inf"), row.player))
    return rows


def head_to_head(analyses: list[MatchAnalysis]) -> list[dict[str, Any]]:
    """Per pair of players (as seated: self-play's first seat against its second), the first's chips per hand."""
    pairs: dict[tuple[str, str], list[tuple[float, int]]] = {}
    for analysis in finished(analyses):
        first, second = analysis.players
        if first > second:  # one row per pair, from the first name's side
            pairs.setdefault((second, first), []).extend(seat_units(analysis, 1))
        else:
            pairs.setdefault((first, second), []).extend(seat_units(analysis, 0))
    rows = []
    for (player, other), units in sorted(pairs.items()):
        hands = sum(u[1] for u in units)
        low, high = ratio_interval(units)
        rows.append({"player": player, "opponent": other, "hands": hands,
                     "chips_per_hand": round(sum(u[0] for u in units) / hands, 4) if hands else 0.0,
                     "low": round(low, 4), "high": round(high, 4)})  # fmt: skip
    return rows


def game_block(game: str) -> dict[str, Any]:
    """What the report says of the game's equilibrium: its solver and exploitability."""
    from arena.poker.equilibrium import equilibrium
    from arena.poker.spiel import exploitability
    from games.poker.styles import uniform_strategy

    found = equilibrium(game)
    uniform = 1000 * exploitability(found.variant, uniform_strategy(found.variant))
    return {"equilibrium": {"solver": "OpenSpiel CFR+", "iterations": found.iterations,
                            "exploitability": round(found.exploitability * 1000, 3),
                            "information_sets": len(found.strategy)},
            "random_exploitability": round(uniform, 1),  # uniform random play, exactly: the trivial baseline
            "unit": "chips per hand (1 chip = the ante = 1 big blind); exploitability in mbb/hand"}  # fmt: skip
