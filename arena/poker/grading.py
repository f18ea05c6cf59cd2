"""Every poker decision graded exactly: the chips it gives away against the equilibrium and against a best
response to the player's own strategy, beside a uniform random action's figure on the same decisions; the
player's empirical strategy and its exploitability (milli-big-blinds per hand, 1 chip = the ante = 1 big blind)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from arena.poker.equilibrium import Equilibrium, equilibrium
from arena.poker.values import Values, action_values, mixed
from games.poker.hands import Strategy

MISTAKE = 0.01  # chips given away beyond which a decision is a mistake (the solver's own residue is far below)
MIN_DECISIONS = 50  # fewer and no exploitability is stated: the empirical strategy is mostly unseen
RESAMPLES = {"kuhn-poker": 200, "leduc-poker": 20}  # bootstrap draws (an exploitability costs 0.1 s at Leduc)
FLOOR_DRAWS = {"kuhn-poker": 50, "leduc-poker": 5}  # the equilibrium sampled at a player's visits, averaged
MISTAKE_CLASSES = ("folds a winner", "calls a loser", "missed value bet", "bluff with the wrong card",
                   "missed bluff", "bets a strong card")  # fmt: skip


@dataclass(frozen=True)
class Decision:
    """One accepted decision: its information set, the word said, and the unit it is resampled with."""

    infoset: str
    word: str
    unit: tuple[str, int]  # (match, deal): a duplicate pair's hands share their deal


@dataclass
class Grades:
    """A player's decisions graded at one poker game."""

    decisions: int = 0
    ev_loss: float = 0.0  # mean chips given away per decision against the equilibrium
    random_ev_loss: float = 0.0  # a uniform random action's mean on the same decisions
    br_ev_loss: float | None = None  # against a best response to the player's own strategy
    mistakes: dict[str, int] = field(default_factory=dict)
    strategy: dict[str, dict[str, float]] = field(default_factory=dict)  # observed frequencies, seen sets only
    visits: dict[str, int] = field(default_factory=dict)
    exploitability: float | None = None  # mbb/hand of the observed strategy, unseen sets playing the equilibrium
    exploitability_low: float | None = None
    exploitability_high: float | None = None
    exploitability_floor: float | None = None  # the equilibrium's own figure at the same visits: sampling noise
    sets_seen: int = 0
    sets_total: int = 0


@cache
def equilibrium_values(game: str) -> Values:
    """Action values when both positions play the equilibrium."""
    found = equilibrium(game)
    return action_values(found.variant, found.strategy)


def strength(infoset: str) -> tuple[bool, bool]:
    """(strong, weakest) of the card in an information set: a king or a pair; an unpaired jack."""
    seen = infoset.split(" | ")[0].split(" ", 1)[1]
    card, _, public = seen.partition(" (public ")
    pair = bool(public) and public.rstrip(")") == card
    return pair or card == "K", not pair and card == "J"


def mistake_class(infoset: str, word: str, losses: dict[str, float]) -> str | None:
    """A decision's mistake in poker's words, or None when it gives away at most MISTAKE chips."""
    if losses[word] <= MISTAKE:
        return None
    best = min(losses, key=lambda w: losses[w])
    strong, weakest = strength(infoset)
    if word == "fold":
        return "folds a winner"
    if word == "call" and best == "fold":
        return "calls a loser"
    if word in ("bet", "raise"):
        return "bets a strong card" if strong else "bluff with the wrong card"
    return "missed bluff" if weakest else "missed value bet"


def observed(decisions: Sequence[Decision]) -> tuple[Strategy, dict[str, int]]:
    """The empirical strategy (frequencies per information set) and the visits behind it."""
    counts: dict[str, Counter[str]] = {}
    for decision in decisions:
        counts.setdefault(decision.infoset, Counter())[decision.word] += 1
    strategy = {key: {word: n / sum(words.values()) for word, n in words.items()} for key, words in counts.items()}
    return strategy, {key: sum(words.values()) for key, words in counts.items()}


def filled(found: Equilibrium, strategy: Strategy) -> Strategy:
    """The observed strategy over every information set: where it was never seen, the equilibrium's choice."""
    return {key: ({word: strategy[key].get(word, 0.0) for word in words} if key in strategy else dict(words))
            for key, words in found.strategy.items()}  # fmt: skip


def exploitability_mbb(found: Equilibrium, strategy: Strategy) -> float:
    """What a best response wins from the strategy, milli-big-blinds per hand over both positions."""
    from arena.poker.spiel import exploitability

    return 1000.0 * exploitability(found.variant, filled(found, strategy))


def grade(game: str, decisions: Sequence[Decision], seed: int = 0) -> Grades:
    """Grade a player's decisions at `game` (bootstrap draws from `seed`: the same data gives the same interval)."""
    found = equilibrium(game)
    values = equilibrium_values(game)
    grades = Grades(decisions=len(decisions), sets_total=len(found.strategy))
    if not decisions:
        return grades
    lost, random_lost, mistakes = 0.0, 0.0, Counter[str]()
    for decision in decisions:
        losses = values.losses(decision.infoset)
        lost += losses[decision.word]
        random_lost += sum(losses.values()) / len(losses)
        kind = mistake_class(decision.infoset, decision.word, losses)
        if kind:
            mistakes[kind] += 1
    grades.ev_loss, grades.random_ev_loss = lost / len(decisions), random_lost / len(decisions)
    grades.mistakes = {kind: mistakes[kind] for kind in MISTAKE_CLASSES if mistakes[kind]}
    grades.strategy, grades.visits = observed(decisions)
    grades.sets_seen = len(grades.strategy)
    grades.br_ev_loss = best_response_loss(found, grades.strategy, decisions)
    if len(decisions) >= MIN_DECISIONS:
        grades.exploitability = exploitability_mbb(found, grades.strategy)
        grades.exploitability_low, grades.exploitability_high = bootstrap(found, decisions, RESAMPLES[game], seed)
        grades.exploitability_floor = floor(found, grades.visits, FLOOR_DRAWS[game], seed)
    return grades


def best_response_loss(found: Equilibrium, strategy: Strategy, decisions: Sequence[Decision]) -> float:
    """Mean chips per decision given away against a best response to the player's own observed strategy."""
    from arena.poker.spiel import best_response

    own = filled(found, strategy)
    answer = best_response(found.variant, own)
    as_first = action_values(found.variant, mixed(own, answer))
    as_second = action_values(found.variant, mixed(answer, own))
    total = 0.0
    for decision in decisions:
        values = as_first if decision.infoset.startswith("first") else as_second
        total += values.losses(decision.infoset)[decision.word]
    return total / len(decisions)


def floor(found: Equilibrium, visits: dict[str, int], draws: int, seed: int) -> float:
    """The mean exploitability of the equilibrium's own play observed as often, set by set, as the player's: what
    sampling noise alone adds (an observed strategy's exploitability is biased upward by it)."""
    import numpy as np

    rng = np.random.default_rng(seed)
    total = 0.0
    for _ in range(draws):
        strategy: Strategy = {}
        for key, count in visits.items():
            words = list(found.strategy[key])
            shares = np.array([max(found.strategy[key][w], 0.0) for w in words])
            drawn = rng.multinomial(count, shares / shares.sum())
            strategy[key] = {word: n / count for word, n in zip(words, drawn, strict=True)}
        total += exploitability_mbb(found, strategy)
    return total / draws


def bootstrap(found: Equilibrium, decisions: Sequence[Decision], resamples: int, seed: int) -> tuple[float, float]:
    """A 95% percentile interval of the exploitability, resampling whole deals (a duplicate pair's two hands)."""
    import numpy as np

    columns = sorted({(d.infoset, d.word) for d in decisions})
    column_of = {pair: number for number, pair in enumerate(columns)}
    unit_of: dict[tuple[str, int], int] = {}
    for decision in decisions:
        unit_of.setdefault(decision.unit, len(unit_of))
    counts = np.zeros((len(unit_of), len(columns)))
    for decision in decisions:
        counts[unit_of[decision.unit], column_of[(decision.infoset, decision.word)]] += 1
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(resamples):
        weights = np.bincount(rng.integers(0, len(unit_of), len(unit_of)), minlength=len(unit_of))
        totals = weights @ counts
        seen: dict[str, dict[str, float]] = {}
        for (infoset, word), count in zip(columns, totals, strict=True):
            if count:
                seen.setdefault(infoset, {})[word] = float(count)
        strategy = {key: {w: n / sum(words.values()) for w, n in words.items()} for key, words in seen.items()}
        draws.append(exploitability_mbb(found, strategy))
    low, high = np.percentile(draws, [2.5, 97.5])
    return float(low), float(high)
