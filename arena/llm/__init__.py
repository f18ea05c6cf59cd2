"""Language models through litellm. Only `arena.llm.library` imports litellm, and only when called."""
