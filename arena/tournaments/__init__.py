"""Tournaments of many players: declared in files or flags, scheduled, resumed."""
