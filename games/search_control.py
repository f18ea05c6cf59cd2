"""A stop flag and node counter shared with a compiled search, and a deadline that sets the flag from a timer."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

STOP, NODES = 0, 1


class SearchControl:
    """`ctl[STOP]` stops every search reading it; `ctl[NODES]` counts the positions it visited."""

    def __init__(self) -> None:
        self.ctl = np.zeros(3, dtype=np.int64)  # a third slot lets a search leave a move behind

    @contextmanager
    def deadline(self, seconds: float | None) -> Iterator[None]:
        """Stop every search started inside when `seconds` have passed (None: never)."""
        self.ctl[STOP] = 0
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
