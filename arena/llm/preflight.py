"""Checks before a match: is the key for this provider set, does the endpoint answer, is the local model here."""

from __future__ import annotations

import base64
import json
import urllib.error
import urllib.request
from collections.abc import Sequence
from importlib.util import find_spec

from arena.llm.direct import endpoint
from arena.llm.library import litellm_module
from arena.llm.local import INSTALL_HINT, LocalModelUnavailable, model_path
from arena.llm.provider_keys import missing_key
from arena.llm.settings import redact_url


def check_model(model: str, api_base: str | None, notes: list[str] | None = None) -> str | None:
    """None if the model looks usable, else a one-line reason; what could not be checked goes to `notes`.

    Both are redacted here, the one place every check passes: litellm's and an endpoint's words may echo a key.
    """
    from arena.llm.redaction import redact

    found: list[str] = []
    problem = model_problem(model, api_base, found)
    if notes is not None:
        notes.extend(redact(note) for note in found)
    return redact(problem) if problem else None


def model_problem(model: str, api_base: str | None, notes: list[str]) -> str | None:
    """The unredacted reason `check_model` gives."""
    if model == "local":
        if find_spec("llama_cpp") is None:
            return INSTALL_HINT
        try:
            model_path()
        except LocalModelUnavailable as error:
            return str(error)
        return None
    if not api_base and (refused := missing_key(model)):
        return refused  # at once: litellm takes seconds to import
    litellm = litellm_module()
    try:
        litellm.get_llm_provider(model)
    except Exception:  # litellm raises its BadRequestError for a provider it does not know
        return f"litellm knows no provider for {model!r}: write provider/model, e.g. openai/gpt-4o-mini"
    if api_base:
        return check_endpoint(api_base, notes=notes)
    try:
        found = litellm.validate_environment(model=model)
    except Exception as error:  # litellm raises plain exceptions for unknown providers
        return f"litellm cannot use {model!r}: {' '.join(str(error).split())}"
    missing = found.get("missing_keys") or []
    if missing:
        return f"{model} needs {', '.join(missing)} in the environment"
    return None


def check_endpoint(api_base: str, timeout: float = 2.0, notes: list[str] | None = None) -> str | None:
    """None if an OpenAI-compatible endpoint answers `/models` (credentials in the address go as Basic auth).

    A server without `/models` (many proxies serve only `/chat/completions`) is not refused: it answered, so
    it is reachable; `notes` says its chat endpoint is first tried at the first move.
    """
    shown = redact_url(api_base)
    url, userinfo = endpoint(api_base, "/models")
    request = urllib.request.Request(url)
    if userinfo:
        request.add_header("Authorization", "Basic " + base64.b64encode(userinfo.encode("utf-8")).decode("ascii"))
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            json.load(response)
    except urllib.error.HTTPError as error:
        if error.code in (401, 403):
            return None  # it answers; the key is checked by the provider itself
        if error.code in (404, 405):
            if notes is not None:
                notes.append(
                    f"{shown} has no /models ({error.code}); its chat endpoint is first called at the first move"
                )
            return None
        return f"{shown} answered {error.code} to /models"
    except (OSError, ValueError) as error:
        return f"{shown} is unreachable ({str(getattr(error, 'reason', error)).replace(api_base, shown)})"
    return None


def check_players(players: Sequence[object], notes: list[str] | None = None) -> str | None:
    """The first problem with any model player among `players` (built players), or None; warnings to `notes`."""
    for player in players:
        model = getattr(player, "model", None)
        if model is None or not getattr(player, "spec", "").startswith("llm:"):
            continue
        name = "local" if getattr(player, "local", False) else model.model
        problem = check_model(name, model.api_base, notes)
        if problem:
            return f"{player.spec}: {problem}"  # type: ignore[attr-defined]
    return None
