"""Reports of recorded matches and task sessions: loaded once, shown as tables, JSON or files."""
