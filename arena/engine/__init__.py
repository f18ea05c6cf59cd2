"""The match runner, its events and the tournament scheduler (no Textual, no litellm)."""
