"""PNG charts of a leaderboard with matplotlib: results by seat, ratings, missed opportunities, move heatmaps."""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, never a window

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from arena.analysis.leaderboard import Leaderboard
from arena.analysis.move_counts import move_counts
from arena.analysis.moves import MatchAnalysis
from arena.inert import inert

matplotlib.rcParams["text.parse_math"] = False  # a player named `$\\frac{...}$` is text, not a formula

# Fixed metadata: the same database gives byte-identical files.
PNG_METADATA = {"Software": None}
RESULT_COLOURS = {"wins": "#2e7d32", "draws": "#9e9e9e", "losses": "#c62828", "disqualified": "#212121"}


def save(figure: Figure, path: Path) -> Path:
    """Write a figure as PNG and free it."""
    figure.tight_layout()
    figure.savefig(path, format="png", dpi=100, metadata=PNG_METADATA)
    plt.close(figure)
    return path


def results_by_seat(board: Leaderboard, path: Path) -> Path:
    """Topsakal's chart: stacked win/draw/loss/DQ rates of each player as first and as second player."""
    names = [inert(name) for name in board.players()]
    figure, axes = plt.subplots(1, 2, figsize=(12, 0.45 * len(names) + 2), sharey=True)
    for seat, axis in enumerate(axes):
        left = [0.0] * len(names)
        for outcome, colour in RESULT_COLOURS.items():
            rates = []
            for row in board.rows:
                record = row.seats[seat]
                rates.append(getattr(record, outcome) / record.matches if record.matches else 0.0)
            axis.barh(names, rates, left=left, color=colour, label=outcome)
            left = [a + b for a, b in zip(left, rates, strict=True)]
        axis.set_xlim(0, 1)
        axis.set_xlabel("share of scored matches")
        axis.set_title(f"as {'first' if seat == 0 else 'second'} player")
        axis.invert_yaxis()
    handles, labels = axes[0].get_legend_handles_labels()
    figure.suptitle(f"{board.game}: results by seat")
    figure.tight_layout(rect=(0, 0.08, 1, 1))
    figure.legend(handles, labels, loc="lower center", ncol=len(labels), frameon=False)
    figure.savefig(path, format="png", dpi=100, metadata=PNG_METADATA)
    plt.close(figure)
    return path


RATING_AXIS = "rating (Bradley-Terry, Elo scale); 95% interval: the wider of the bootstrap's and the posterior's"


def ratings_figure(board: Leaderboard) -> Figure:
    """One panel per comparison group (players of different groups never met: their ratings are not on one scale)."""
    rated = [row for row in board.rows if not math.isnan(row.rating)]
    groups = [group for group in board.groups if any(row.group == group.number for row in rated)]
    sizes = [sum(1 for row in rated if row.group == group.number) for group in groups] or [1]
    figure, axes = plt.subplots(len(sizes), 1, figsize=(9, 0.45 * sum(sizes) + 1.4 * len(sizes) + 0.6),
                                height_ratios=[size + 1.5 for size in sizes], squeeze=False)  # fmt: skip
    for axis, group in zip(axes[:, 0], groups, strict=False):
        rows = [row for row in rated if row.group == group.number]
        names = [inert(row.player) + ("?" if row.provisional else "") for row in rows]
        errors = [[row.rating - row.low for row in rows], [row.high - row.rating for row in rows]]
        axis.errorbar([row.rating for row in rows], names, xerr=errors, fmt="o", color="#1565c0", ecolor="#90caf9",
                      capsize=4)  # fmt: skip
        axis.invert_yaxis()
        axis.set_xlabel(RATING_AXIS)
        where = f"group {group.number} of {len(groups)}: " if len(groups) > 1 else ""
        scale = group.scale if group.anchors else "1000 = the group's mean player"
        axis.set_title(inert(f"{where}{len(rows)} players, {group.matches} matches; {scale}"), fontsize=10)
        axis.grid(axis="x", alpha=0.3)
    apart = f"; {len(groups)} comparison groups never met, each on its own scale" if len(groups) > 1 else ""
    figure.suptitle(inert(f"{board.game}: ratings from {board.matches} matches{apart}"))
    return figure


def ratings(board: Leaderboard, path: Path) -> Path:
    """The ratings chart (`ratings_figure`) as a PNG."""
    return save(ratings_figure(board), path)


def missed(board: Leaderboard, path: Path) -> Path:
    """Missed wins, blocks and sinks per valid move, per player."""
    names = [inert(name) for name in board.players()]
    kinds = [("missed_wins", "missed wins"), ("missed_blocks", "missed blocks"), ("missed_sinks", "missed sinks")]
    kinds = [(key, label) for key, label in kinds if any(row.counts.get(key, 0) for row in board.rows)] or kinds[:2]
    figure, axis = plt.subplots(figsize=(9, 0.5 * len(names) + 1.8))
    height = 0.8 / len(kinds)
    for number, (key, label) in enumerate(kinds):
        values = [row.per(key, "valid") if row.counts.get("valid") else 0.0 for row in board.rows]
        positions = [i + number * height for i in range(len(names))]
        axis.barh(positions, values, height=height, label=label)
    axis.set_yticks([i + height * (len(kinds) - 1) / 2 for i in range(len(names))], names)
    axis.invert_yaxis()
    axis.set_xlabel("per valid move")
    axis.set_title(f"{board.game}: missed opportunities")
    axis.legend(fontsize="small")
    return save(figure, path)


def heatmap(analyses: list[MatchAnalysis], game: str, player: str, path: Path) -> Path:
    """ChildPlay's picture: how often a player chose each cell, as a share of its moves."""
    grid, total = move_counts(analyses, game, player)
    figure, axis = plt.subplots(figsize=(6, 5 if len(grid) > 1 else 2.2))
    shares = [[count / total if total else 0.0 for count in row] for row in grid] or [[0.0]]
    image = axis.imshow(shares, cmap="viridis", vmin=0)
    brightest = max(max(row) for row in shares) or 1.0
    for r, row in enumerate(shares):
        for c, value in enumerate(row):
            if len(row) <= 10:  # labels fit on small boards only
                colour = "black" if value > brightest * 0.6 else "white"  # viridis is light at the top
                axis.text(c, r, f"{value:.0%}", ha="center", va="center", color=colour, fontsize=9)
    axis.set_xticks(range(len(shares[0])), [str(c + 1) for c in range(len(shares[0]))])
    axis.set_yticks(range(len(shares)), [str(r + 1) for r in range(len(shares))] if len(shares) > 1 else [""])
    axis.set_xlabel("column")
    axis.set_ylabel("row" if len(shares) > 1 else "")
    axis.set_title(inert(f"{game}: where {player} played ({total} moves)"))
    figure.colorbar(image, ax=axis, label="share of moves")
    return save(figure, path)
