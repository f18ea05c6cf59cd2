"""The one error of the Ray backend a command catches, apart from the backend itself (which loads the match
machinery): a report or an import that never uses Ray need not load it to name the error."""

from __future__ import annotations


class RayUnavailable(RuntimeError):
    """Ray is not installed, or the cluster does not answer: said in one line."""
