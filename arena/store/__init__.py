"""Persistence: the only package that imports tinydb."""

from arena.store.database import MatchStore
from arena.store.errors import NoDatabase, StoreError

__all__ = ["MatchStore", "NoDatabase", "StoreError"]
