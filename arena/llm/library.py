"""litellm itself, the one place it is imported: once, quietly and offline; its errors and token counts."""

from __future__ import annotations

import logging
import os
import threading
from functools import cache
from typing import Any

from arena.llm.replies import ProviderFailure

_import_lock = threading.Lock()


_warming: list[threading.Thread] = []


def warm_up_litellm() -> None:
    """Import litellm in a background thread (it takes seconds) while the run is being prepared; once."""
    if not _warming:
        _warming.append(threading.Thread(target=litellm_module, name="import-litellm", daemon=True))
        _warming[0].start()


def litellm_module() -> Any:
    """litellm, imported once (whichever thread asks first does it; the others wait for it)."""
    with _import_lock:
        return _import_litellm()


@cache
def _import_litellm() -> Any:
    """Import litellm quietly and offline: no price-list download, nothing on the terminal."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    os.environ.setdefault("LITELLM_LOG", "ERROR")
    import litellm

    litellm.suppress_debug_info = True
    litellm.drop_params = True
    for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "litellm"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    return litellm


def classify(error: BaseException) -> ProviderFailure:
    """Timeouts, rate limits, connection errors and 5xx are retried; bad keys or requests are not."""
    if isinstance(error, ProviderFailure):
        return error
    litellm = litellm_module()
    errors = litellm.exceptions
    status = getattr(error, "status_code", None)
    name = type(error).__name__
    text = str(error).splitlines()[0][:200] if str(error) else name
    final = (
        errors.AuthenticationError,
        errors.PermissionDeniedError,
        errors.NotFoundError,
        errors.BadRequestError,
        errors.ContextWindowExceededError,
        errors.UnsupportedParamsError,
    )
    if isinstance(error, final) and not (isinstance(status, int) and status >= 500):
        return ProviderFailure(f"{name}: {text}", retryable=False)
    if "Missing credentials" in text or ("api_key" in text and "must be set" in text):
        return ProviderFailure(f"no API key for this provider ({text})", retryable=False)
    return ProviderFailure(f"{name}: {text}", retryable=True)


def estimated_tokens(model: str, messages: list[dict[str, Any]], reply: str) -> dict[str, int]:
    """Token counts by litellm's tokenizer, marked `estimated`, for servers that report none."""
    litellm = litellm_module()
    prompt = int(litellm.token_counter(model=model, messages=messages))
    completion = int(litellm.token_counter(model=model, text=reply, count_response_tokens=True)) if reply else 0
    return {"prompt": prompt, "completion": completion, "total": prompt + completion, "estimated": 1}
