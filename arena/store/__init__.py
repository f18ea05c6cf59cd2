"""Persistence: the only package that imports tinydb."""

from arena.store.database import MatchStore
from arena.store.errors import StoreError

__all__ = ["MatchStore", "StoreError"]
