"""Chess puzzles as sessions of attempts: puzzle sets, who solves them, what a run measures."""
