"""Widgets of the arena app."""
