"""A spend cap checked before every model call, not only between matches.

Each call reserves the mean cost of the calls so far; a call that would take the spending (paid, plus reserved
for the calls in flight) past the cap is not made. So a run overshoots its cap by at most the calls already in
flight when it was reached.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field


@dataclass
class SpendGate:
    """Spending of one run against its cap (None: no cap, spending is still counted)."""

    cap: float | None
    spent: float = 0.0
    calls: int = 0
    in_flight: int = 0
    reached: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def reserve(self) -> bool:
        """Room for one more call (taken if so); False once the cap is reached."""
        with self.lock:
            expected = self.spent / self.calls if self.calls else 0.0
            if self.cap is not None and self.spent + (self.in_flight + 1) * expected >= self.cap:
                self.reached = True
                return False
            self.in_flight += 1
            return True

    def settle(self, cost: float | None) -> None:
        """A reserved call ended (cost None: it failed or its price is unknown)."""
        with self.lock:
            self.in_flight -= 1
            if cost is not None:
                self.calls += 1
                self.spent += cost

    def passed(self) -> bool:
        """Whether the cap was reached, by a refused call or by the calls already made."""
        with self.lock:
            return self.reached or (self.cap is not None and self.spent >= self.cap)

    def may_start(self) -> bool:
        """Whether a new match may begin."""
        with self.lock:
            if self.cap is not None and self.spent >= self.cap:
                self.reached = True
            return not self.reached
