"""What players, prompts and the runner share: match records, the runner's events, the invalid-move policy."""
