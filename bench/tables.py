"""Markdown tables for benchmark output."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def table(title: str, header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> None:
    """Print a Markdown table."""
    print(f"\n### {title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    sys.stdout.flush()
