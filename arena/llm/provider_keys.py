"""The keys the best-known providers need, as litellm's `validate_environment` names them, read without importing
litellm (3-4 s): a command that names a hosted model with its key unset is refused at once. Any provider not here,
and every model whose key is set, is checked by litellm itself."""

from __future__ import annotations

import os

# provider: the variables any one of which is its key, the first named in the refusal (as litellm names it)
KEYS: dict[str, tuple[str, ...]] = {
    "openai": ("OPENAI_API_KEY",),
    "anthropic": ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"),
    "gemini": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
    "mistral": ("MISTRAL_API_KEY",),
    "groq": ("GROQ_API_KEY",),
    "xai": ("XAI_API_KEY",),
    "deepseek": ("DEEPSEEK_API_KEY",),
    "openrouter": ("OPENROUTER_API_KEY",),
    "together_ai": ("TOGETHERAI_API_KEY",),
    "cohere": ("COHERE_API_KEY",),
    "deepinfra": ("DEEPINFRA_API_KEY",),
}
NAMED = {"gemini": "GOOGLE_API_KEY, GEMINI_API_KEY"}  # litellm's words where it names more than one
BARE_OPENAI = ("gpt-", "chatgpt-", "o1", "o3", "o4")  # names litellm gives to openai without a prefix
BARE_ANTHROPIC = ("claude-",)


def provider_of(model: str) -> str | None:
    """The provider of a model name when it is certain without litellm (a known prefix, or a bare OpenAI or
    Anthropic name), else None."""
    prefix, slash, _ = model.partition("/")
    if slash:
        return prefix if prefix in KEYS else None
    if model.startswith(BARE_OPENAI):
        return "openai"
    return "anthropic" if model.startswith(BARE_ANTHROPIC) else None


def missing_key(model: str) -> str | None:
    """The refusal for a model whose provider's key is unset ("gpt-4o-mini needs OPENAI_API_KEY in the
    environment"), None when it is set or the provider is not known here."""
    provider = provider_of(model)
    if provider is None or any(os.environ.get(name) for name in KEYS[provider]):
        return None
    return f"{model} needs {NAMED.get(provider, KEYS[provider][0])} in the environment"  # litellm's own refusal
