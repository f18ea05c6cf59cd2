"""The match runner: plays one match between two players, or a tournament's matches at once (no Textual, no litellm)."""
