"""A stop flag, a node counter and a node limit shared with a compiled search, and a deadline that stops it
by a timer, by a number of positions, or both."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

STOP, NODES, BEST, LIMIT = 0, 1, 2, 3
UNLIMITED = np.iinfo(np.int64).max


class SearchControl:
    """`ctl[STOP]` stops every search reading it; `ctl[NODES]` counts the positions it visited.

    A search that honours `ctl[LIMIT]` sets the stop flag itself once its node count passes it.
    """

    def __init__(self) -> None:
        self.ctl = np.zeros(4, dtype=np.int64)  # the third slot lets a search leave a move behind
        self.ctl[LIMIT] = UNLIMITED

    @contextmanager
    def deadline(self, seconds: float | None, nodes: int | None = None) -> Iterator[None]:
        """Stop every search started inside when `seconds` have passed or after `nodes` more positions
        (None: no such bound)."""
        self.ctl[STOP] = 0
        self.ctl[LIMIT] = UNLIMITED if nodes is None else self.ctl[NODES] + max(0, nodes)
        timer = None
        if seconds is not None:
            timer = threading.Timer(max(0.0, seconds), self.stop)
            timer.daemon = True
            timer.start()
        try:
            yield
        finally:
            if timer is not None:
                timer.cancel()
            self.ctl[LIMIT] = UNLIMITED

    def stop(self) -> None:
        """Ask the running search to stop now (safe from any thread)."""
        self.ctl[STOP] = 1

    @property
    def stopped(self) -> bool:
        """True once the current deadline has passed."""
        return bool(self.ctl[STOP])

    def nodes(self) -> int:
        """Positions visited since this control was made."""
        return int(self.ctl[NODES])
