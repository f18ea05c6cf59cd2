"""Persistence: the only package that imports tinydb."""

from arena.store.database import MatchStore, StoreError

__all__ = ["MatchStore", "StoreError"]
