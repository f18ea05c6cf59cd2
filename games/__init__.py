"""Pure game rules for Arena: no I/O, no imports from `arena`."""
