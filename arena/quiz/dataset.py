"""`arena dataset --out DIR`: write CloudWalk's dataset.json and dataset_top50.json, print the counts."""

from __future__ import annotations

import json
from pathlib import Path

from games.ttt_hard_boards import Dataset, build_dataset


def write_dataset(out: Path) -> tuple[Dataset, list[str]]:
    """Build the dataset, write both files, and return it with the lines to print."""
    data = build_dataset()
    top = data.top()
    out.mkdir(parents=True, exist_ok=True)
    (out / "dataset.json").write_text(json.dumps(data.to_json(), indent=2), encoding="utf-8")
    (out / "dataset_top50.json").write_text(json.dumps(data.to_json(top), indent=2), encoding="utf-8")
    histogram = ", ".join(f"{depth}: {count}" for depth, count in data.depth_histogram().items())
    sizes = ", ".join(f"{size}: {count}" for size, count in data.class_sizes().items())
    lines = [
        f"reachable boards:        {len(data.boards)}",
        f"symmetry classes:        {len(data.representatives)} (class sizes {sizes})",
        f"decidable classes:       {len(data.decidable)}",
        f"depth complexity:        {histogram}",
        f"top 50:                  {len(top)} ({sum(5 in b.optimal_moves for b in top)} with the centre optimal)",
        f"written:                 {out / 'dataset.json'}, {out / 'dataset_top50.json'}",
    ]
    return data, lines
