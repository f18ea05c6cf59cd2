"""Why a Topsakal figure set differs from the one recomputed from its games: each reason in the paper's terms."""

from __future__ import annotations

TOPSAKAL_RESULTS = 4  # W-D-L-DQ come first in every figure set; the moves' figures, where logged, after them


def ratio(part: float, whole: int) -> float:
    """A share rounded to 4 places (as compared and shown), 0 for no attempts."""
    return round(part / whole, 4) if whole else 0.0


def topsakal_reason(
    published: tuple[int, ...],
    recomputed: tuple[int, ...],
    judged: tuple[int, ...],
    faults: int,
    listed: bool,
    partial: int,
) -> str:
    """Why the figures differ, or `same`."""
    if not listed:
        return "not in the published leaderboard"
    reasons = []
    results, moves = slice(0, TOPSAKAL_RESULTS), slice(TOPSAKAL_RESULTS, None)
    if published[results] != recomputed[results]:
        if partial:
            reasons.append(f"only part of {partial} session(s) was imported; the leaderboard counts every game")
        elif faults and sum(published[results]) - sum(recomputed[results]) == faults:
            reasons.append(
                f"the leaderboard scores {faults} game(s) no game file holds: in each session with a network-error "
                "game (in the file, unscored) it counts one more complete game"
            )
        else:
            reasons.append("the leaderboard's totals are not the sum of the game files' results")
    if published[moves] != recomputed[moves]:
        if partial:
            reasons.append("its move counts cover every game of the sessions")
        elif faults:
            reasons.append("its moves and invalid-move ratio include those of the game(s) no move file holds")
        else:
            reasons.append("its moves or invalid-move ratios are not those of the move files")
    if recomputed[results] != judged[results]:
        reasons.append("the arena's rules end some games differently (see arena import --check)")
    if recomputed[moves] != judged[moves]:
        reasons.append("the arena judges some attempts differently (see arena import --check)")
    return "; ".join(reasons) or "same"
