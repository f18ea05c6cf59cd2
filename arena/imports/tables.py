"""The agreement of the arena's verdicts with the published ones, as a terminal table."""

from __future__ import annotations

from rich.table import Table

from arena.imports.common import FileCheck
from arena.imports.comparison import Comparison
from arena.inert import inert_text


def share(agreeing: int, total: int) -> str:
    """`1185/1185 (100.0%)`, or `-` when nothing was judged."""
    return f"{agreeing}/{total} ({100 * agreeing / total:.1f}%)" if total else "-"


def agreement_table(checks: list[FileCheck]) -> Table:
    """Per file: games and moves whose arena verdict is the published one."""
    table = Table(title="the arena's verdicts against the published ones", title_justify="left")
    for column in ("file", "games agreeing", "moves agreeing", "disagreements"):
        table.add_column(column, justify="left" if column == "file" else "right")
    for check in checks:
        judged = check.games or check.moves
        table.add_row(
            inert_text(check.file),
            share(check.games_agreeing, check.games) if judged else "results only",
            share(check.moves_agreeing, check.moves) if judged else "-",
            str(len(check.disagreements)),
        )
    return table


def figures(metrics: tuple[str, ...], values: tuple[float, ...]) -> str:
    """`28-0-19-2` for W-D-L-DQ or P1-P2-ties-wrong; a ratio with its 4 places (`28-0-19-2-0.0111-451`)."""
    return "-".join(f"{v:.4f}" if isinstance(v, float) else str(v) for v in values)


def figure_names(row: Comparison) -> str:
    """What the figures of a row are, in order."""
    if row.paper == "topsakal":
        return "W-D-L-DQ" + ("-inv/move-moves" if len(row.metrics) > 4 else "")
    if row.paper == "llm-chess":
        return "games-White-Black-draws-moves"
    if row.game == "shapes":
        return "correct-answers-unreadable"
    if row.game.startswith("lcl-"):
        return "-".join(name.replace("_", " ") for name in row.metrics)  # `correct-answers`, or metrics.json's key
    return "P1-P2-tie-wrong"


def short_group(group: str) -> str:
    """A ChildPlay run's folder without its boilerplate (`tictactoe_gpt4_temp_0`); a prompt type as it is; an LLM
    Chess run's folder as it is."""
    if group.count("/") > 1:
        return group
    folder, _, file = group.partition("/")
    short = folder.removeprefix("hf_").removeprefix("experiment_").replace("_oneshot", "")
    game = file.removeprefix("game_messages_").removesuffix(".json")
    return short if not file or short.startswith(game) else f"{short} ({game} file)"


def comparison_table(rows: list[Comparison]) -> Table:
    """Published figures beside those recomputed from the games and those of the arena's own verdicts."""
    table = Table(title="published vs recomputed from the imported games", title_justify="left")
    for column in ("paper", "game", "prompt / run", "player", "figures", "published", "recomputed", "arena", "why"):
        table.add_column(column, overflow="fold")
    for row in rows:
        style = "bold" if row.differs else ""
        table.add_row(
            row.paper,
            row.game,
            inert_text(short_group(row.group)),
            inert_text(row.player),
            figure_names(row),
            figures(row.metrics, row.published),
            figures(row.metrics, row.recomputed),
            figures(row.metrics, row.judged),
            inert_text(row.why, style),
        )
    table.caption = (
        "published: Topsakal's leaderboard-data.json over the imported sessions, ChildPlay's results_*.json; "
        "recomputed: from each game's published result; arena: from the arena's own verdict on each game. "
        "Topsakal counts an opponent's disqualification as no win; ChildPlay's P2 wins include the model's "
        "losses by invalid answers. The leaderboards above use the published result of each game."
    )
    return table
