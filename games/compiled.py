"""The compiler of the engines' search cores: numba where installed, else the same code as plain Python."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

try:
    if os.environ.get("ARENA_PURE_PYTHON"):
        raise ImportError("pure Python asked for")
    from numba import njit as _njit

    COMPILED = True

    def jit(function: F) -> F:
        """Compile in nopython mode, cached on disk, without the GIL (a timer thread must run while it searches)."""
        return cast(F, _njit(cache=True, nogil=True)(function))

    def inlined(function: F) -> F:
        """As `jit`, and copied into every caller: a call that passes arrays costs more than a small body."""
        return cast(F, _njit(cache=True, nogil=True, inline="always")(function))

except ImportError:
    COMPILED = False

    def jit(function: F) -> F:
        """No compiler: run the function as written (same results, slower)."""
        return function

    inlined = jit
