"""Language models through litellm. Only `arena.llm.client` imports litellm, and only when called."""
