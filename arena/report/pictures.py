"""Pictures of LEGO constructs (side view: studs across, layers up), so a person sees why one is valid or not."""

from __future__ import annotations

import io
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, never a window

import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle

from arena.analysis.charts import PNG_METADATA
from games.tasks.lcl import LENGTH, Brick, overlap, why_invalid

FILL = {"red": "#d32f2f", "blue": "#1976d2", "yellow": "#fbc02d"}
WIDEST = 120  # studs across a drawing; a construct spread wider is described, not drawn
TALLEST = 60  # layers


def spread(bricks: list[Brick]) -> tuple[int, int]:
    """Studs across and layers up that the bricks span."""
    if not bricks:
        return 0, 0
    return max(b.x for b in bricks) - min(b.x for b in bricks) + LENGTH, max(b.y for b in bricks) - min(
        b.y for b in bricks
    ) + 1


def construct_png(bricks: list[Brick], title: str = "") -> bytes:
    """A PNG of the bricks from the side; overlapping bricks are outlined in black and drawn see-through."""
    figure, axes = plt.subplots(figsize=(6, 3.5))
    across, up = spread(bricks)
    if across > WIDEST or up > TALLEST:  # a model's 10^6-stud answer would need millions of ticks
        axes.set_axis_off()
        axes.text(
            0.5,
            0.5,
            f"{len(bricks)} bricks across {across:,} studs and {up:,} layers: too spread out to draw",
            ha="center",
            va="center",
            wrap=True,
        )
        return finished(figure, axes, bricks, title)
    clashing = {i for i, a in enumerate(bricks) for j, b in enumerate(bricks) if i != j and overlap(a, b)}
    for i, brick in enumerate(bricks):
        axes.add_patch(
            Rectangle(
                (brick.x, brick.y),
                LENGTH,
                1,
                facecolor=FILL.get(brick.colour, "#9e9e9e"),
                edgecolor="black",
                linewidth=2.5 if i in clashing else 1,
                alpha=0.55 if i in clashing else 1.0,
            )
        )
        for stud in range(LENGTH):  # the pegs on top of the brick
            axes.add_patch(Rectangle((brick.x + stud + 0.3, brick.y + 1), 0.4, 0.15, facecolor="#616161"))
    if bricks:
        left, right = min(b.x for b in bricks) - 1, max(b.x for b in bricks) + LENGTH + 1
        bottom, top = min(b.y for b in bricks), max(b.y for b in bricks) + 1.5
        axes.set_xlim(left, right)
        axes.set_ylim(bottom, top)
        axes.set_xticks(range(left, right + 1))
        axes.set_yticks(range(bottom, int(top) + 1))
    axes.set_aspect("equal")
    axes.grid(True, linestyle="--", linewidth=0.5)
    axes.set_xlabel("stud position (x)")
    axes.set_ylabel("layer (y)")
    return finished(figure, axes, bricks, title)


def finished(figure: Any, axes: Any, bricks: list[Brick], title: str) -> bytes:
    """The drawing titled with its verdict, as PNG bytes."""
    reason = why_invalid(bricks)
    axes.set_title(title or ("valid construct" if not reason else f"invalid: {reason}"))
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=100, metadata=PNG_METADATA)
    plt.close(figure)
    return buffer.getvalue()
