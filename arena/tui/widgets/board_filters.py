"""The Leaderboard's filters: the choices recorded matches offer (game, prompt family, source) and what passes."""

from __future__ import annotations

from textual.widgets import Select

from arena.analysis.moves import MatchAnalysis

ANY = "any"
TOURNAMENTS, FAMILIES, SOURCES = "any tournament", "any prompt family", "any source"

Chosen = tuple[str | None, str | None, str | None, str | None]  # game, tournament, family, source


def source_label(source: str) -> str:
    """How a source is named everywhere in the app: `played here`, or the paper whose log was imported."""
    return "played here" if source == "arena" else f"{source} (imported)"


def filter_choices(analyses: list[MatchAnalysis]) -> tuple[list[tuple[str, str]], ...]:
    """The game, prompt-family and source choices, each `(label, value)`; games with their match counts."""
    games: dict[str, int] = {}
    for analysis in analyses:
        games[analysis.variant] = games.get(analysis.variant, 0) + 1
    families = sorted({f for a in analyses for f in a.families if f})
    sources = sorted({a.source for a in analyses})
    return (
        [(f"{name} ({count:,})", name) for name, count in sorted(games.items())],
        [(FAMILIES, ANY)] + [(f, f) for f in families],
        [(SOURCES, ANY)] + [(source_label(s), s) for s in sources],
    )


def refill(select: Select[str], options: list[tuple[str, str]]) -> None:
    """New choices for a filter, keeping the one chosen if it is still offered, without a change event."""
    kept = select.value
    with select.prevent(Select.Changed):
        select.set_options(options)
        if kept in {value for _, value in options}:
            select.value = kept


def passing(analyses: list[MatchAnalysis], chosen: Chosen) -> list[MatchAnalysis]:
    """The analyses the filters let through."""
    game, tournament, family, source = chosen
    return [
        a
        for a in analyses
        if a.variant == game
        and (tournament is None or a.tournament == tournament)
        and (family is None or family in a.families)
        and (source is None or a.source == source)
    ]
