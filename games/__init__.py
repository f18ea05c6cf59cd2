"""Pure game rules for Arena: no I/O, no imports from `arena`."""

DEFAULT_BUDGET = 1.0  # seconds an engine may think about one move unless a player spec or flag says otherwise
