"""A match's run manifest: the versions of what played it (the arena, the game's rules, the engines, the prompts
and their harness), so a table that mixes versions can say so."""

from __future__ import annotations

from typing import Any

from arena import __version__

# Bumped when a game's rules or move notation change in a way that changes what a recorded match means.
RULES_VERSIONS = {"tictactoe": 1, "connect-four": 1, "gomoku": 1, "battleship": 1, "chess": 1}
HARNESS_KEYS = ("rethink", "show_legal", "history", "board", "constrained")


def run_manifest(game: str, players: list[Any]) -> dict[str, Any]:
    """The manifest of a match of `game` between these players (objects with `spec` and `settings()`)."""
    engines: dict[str, str] = {}
    prompts: list[dict[str, Any] | None] = []
    for player in players:
        named = getattr(player, "engine_version", None)
        if callable(named):
            engines[player.spec] = str(named())
        settings = player.settings()
        if settings.get("prompt") is None:
            prompts.append(None)
            continue
        prompts.append({
            "family": settings["prompt"],
            "version": settings.get("prompt_version"),
            "sha256": settings.get("prompt_sha256"),
            "harness": {key: settings[key] for key in HARNESS_KEYS if key in settings},
        })  # fmt: skip
    manifest: dict[str, Any] = {"arena": __version__, "rules": f"{game} {RULES_VERSIONS.get(game, 1)}"}
    if game == "chess":
        import chess

        manifest["rules"] += f" (python-chess {chess.__version__})"
    return manifest | {"engines": engines, "prompts": prompts}


def versions_label(manifest: dict[str, Any] | None) -> str:
    """`arena 0.1.0 · tictactoe 1 · Stockfish 16`: what a table must not mix; `before manifests` for older records."""
    if not manifest:
        return "before manifests"
    engines = sorted(set(manifest.get("engines", {}).values()))
    return " · ".join([f"arena {manifest.get('arena')}", str(manifest.get("rules")), *engines])
