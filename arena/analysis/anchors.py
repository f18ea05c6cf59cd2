"""Anchors as a user names them: a table's display name (`minimax L3`) or the spec that made the player
(`minimax:level=3`), resolved to the one player of the report they name; anything else is refused."""

from __future__ import annotations

from collections.abc import Iterable

from arena.analysis.identity import identity


class UnknownAnchor(ValueError):
    """An anchor names no player of the report, or more than one."""


def spec_identity(spec: str) -> str | None:
    """The display name of the player a spec builds (`minimax:level=3` -> `minimax L3`), or None if it builds none."""
    from arena.players.registry import make_player

    kind = spec.strip().partition(":")[0].lower()
    if kind in ("llm", "human"):
        return None  # a model's or a person's name depends on settings a spec alone does not give
    try:
        player = make_player(spec, 0)
    except ValueError:
        return None
    return identity(spec, player.settings())


def resolve_anchor(name: str, players: Iterable[str]) -> str:
    """The report's player an anchor names: by display name, by spec, or a model's spec naming one identity."""
    known = sorted(set(players))
    if name in known:
        return name
    built = spec_identity(name)
    if built is not None and built in known:
        return built
    if name.lower().startswith("llm:"):
        matches = [player for player in known if player == name or player.startswith(f"{name} ")]
        if len(matches) == 1:
            return matches[0]
        if matches:
            shown = ", ".join(repr(m) for m in matches[:4])
            raise UnknownAnchor(f"anchor {name!r} names {len(matches)} players ({shown}): name one as the table does")
    raise UnknownAnchor(
        f"anchor {name!r} names no player of this report (give a name as the tables show it, e.g. 'minimax L3', "
        "or a player spec, e.g. 'minimax:level=3')"
    )


def resolve_anchors(anchors: dict[str, float], players: Iterable[str]) -> dict[str, float]:
    """Every anchor under the name the tables use; UnknownAnchor for one that names no player, or two for one."""
    known = list(players)
    resolved: dict[str, float] = {}
    for name, rating in anchors.items():
        player = resolve_anchor(name, known)
        if player in resolved and resolved[player] != rating:
            raise UnknownAnchor(f"anchor {player!r} is given twice, at {resolved[player]:g} and {rating:g}")
        resolved[player] = rating
    return resolved
