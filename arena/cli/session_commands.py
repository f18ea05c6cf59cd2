"""What the commands that run stored sessions share (tasks, puzzles): the store opened around the run, a model's
call options."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from arena.cli.common import api_base, non_negative_int, open_store, positive_float, positive_int, print_error

if TYPE_CHECKING:
    from arena.store import MatchStore


def with_store(path: Path, prog: str, work: Callable[[MatchStore], int]) -> int:
    """Run `work` on the database opened for writing, its new warnings said after it closes; a store that cannot
    be opened or written (a full disk: what was written stays in the journal) is one line and exit code 2."""
    from arena.store import StoreError

    store = open_store(path, prog)
    if store is None:
        return 2
    shown = len(store.warnings)
    try:
        try:
            return work(store)
        finally:
            store.close()
            for warning in store.warnings[shown:]:
                print_error(f"warning: {warning}")
    except StoreError as error:
        print_error(f"{prog}: error: {error}")
        return 2


def add_call_options(parser: argparse.ArgumentParser) -> None:
    """The endpoint, reply limit, time limit and retries of one model's calls (tasks, puzzles)."""
    parser.add_argument("--api-base", type=api_base, help="endpoint for the model (e.g. a vLLM or Ollama server)")
    parser.add_argument("--max-tokens", type=positive_int, help="reply token limit")
    parser.add_argument("--timeout", type=positive_float, default=300.0, help="seconds allowed for one call")
    parser.add_argument("--retries", type=non_negative_int, default=4, help="retries of a failed call")
