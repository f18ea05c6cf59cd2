"""ChildPlay's runs: where they are, what each game's end was, and the match record made of a game."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.imports.childplay_models import FOLDER_MODELS as MODELS
from arena.imports.common import ImportFormatError, SourceFile, board_result, record_id
from arena.imports.files import check_numbers, read_json
from arena.match.records import MatchRecord, MoveRecord, OutcomeRecord, PlayerRecord

PAPER = "childplay"
FOLDER = re.compile(r"^(?:hf_)?experiment_(tictactoe|connectfour|battleship)_(.+)_oneshot_temp_([0-9.]+)$")
MESSAGES = re.compile(r"^game_messages_(tictactoe|connectfour|battleship)\.json$")
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
TURN = re.compile(r"^(.+)'s turn to guess\.$")
NO_REPLY = "ChildPlay logs no reply; its game ended on the model's repeated invalid answers"


@dataclass(frozen=True)
class Run:
    """One published run: game, model, temperature, and its files."""

    game: str  # ChildPlay's name: tictactoe, connectfour, battleship
    model: str
    temperature: float
    messages: Path

    @property
    def results(self) -> Path:
        """The run's published totals."""
        return self.messages.with_name(f"results_{self.game}.json")


def runs_in(paths: list[Path]) -> list[Run]:
    """The runs named or inside the folders named (a messages file, or a run folder)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():  # board-game runs only (Shapes answers sit in folders of their own)
            found += sorted(p for p in path.rglob("game_messages_*.json") if FOLDER.match(p.parent.name))
        else:
            found.append(path)
    runs = []
    for path in found:
        folder, name = FOLDER.match(path.parent.name), MESSAGES.match(path.name)
        if folder is None or name is None:
            raise ImportFormatError(
                f"{path}: not a ChildPlay run (a game_messages_GAME.json in a folder named "
                "experiment_GAME_MODEL_oneshot_temp_T)"
            )
        model = MODELS.get(folder.group(2), folder.group(2).replace("_", "-"))
        runs.append(Run(name.group(1), model, float(folder.group(3)), path))
    return runs


def published_result(messages: list[str]) -> str:
    """The game's end as ChildPlay wrote it: `p1`, `p2`, `tie`, `p2 by default` (the model's invalid answers)."""
    text = " ".join(messages[-3:])
    if "wins by default" in text:
        return "p2 by default"
    if "It's a tie" in text:
        return "tie"
    if "Congratulations, LLM wins" in text:
        return "p1"
    if "wins!" in text:
        return "p2"
    return "unfinished"


def arena_result(rules: Any, state: Any, moves: list[MoveRecord]) -> str:
    """The end the arena's rules give, in the same words."""
    if moves and not moves[-1].valid and moves[-1].error == NO_REPLY:
        return "p2 by default" if moves[-1].seat == 0 else "p1 by default"
    return board_result(rules, state, ("unfinished", "tie", "p1", "p2"))


def record_of(
    run: Run,
    source: SourceFile,
    number: int,
    messages: list[str],
    moves: list[MoveRecord],
    published: str,
    arena: str,
    rules: Any,
) -> MatchRecord:
    """The match record; its outcome is the published end."""
    players = [
        PlayerRecord(
            seat=0,
            spec=f"llm:{run.model}",
            settings={"prompt": "childplay", "temperature": run.temperature, "source": PAPER},
        ),
        PlayerRecord(seat=1, spec="random", settings={"source": PAPER}),
    ]
    first = moves[0] if moves else None
    if first is not None:  # the rules and first board: what the model was shown (inert when displayed)
        moves[0] = first.model_copy(update={"prompt": [{"role": "user", "content": "\n".join(messages[:2])}]})
    return MatchRecord(
        id=record_id(PAPER, source.name, number),
        game=rules.name,
        game_options=rules.options(),
        players=players,
        seed=f"{PAPER}:{source.name}#{number}",
        policy={"allowed": 0, "on_exhausted": "loss", "source": "childplay (published)"},
        moves=moves,
        outcome=outcome_of(published),
        started_at="2024-06-01T00:00:00",
        ended_at="2024-06-01T00:00:00",
        seconds=0.0,
        tournament=f"{PAPER}:{run.game}-{run.model}-T{run.temperature:g}",
        index=number,
        source={
            "paper": PAPER,
            "file": source.name,
            "sha256": source.sha256,
            "game": number,
            "temperature": run.temperature,
            "published_result": published,
            "arena_result": arena,
            "outcome_from": "published",
        },
    )


def outcome_of(published: str) -> OutcomeRecord:
    """ChildPlay's end as the arena records it (a loss on invalid answers, as ChildPlay scores it)."""
    detail = f"published result {published}"
    if published == "p2 by default":
        return OutcomeRecord(status="finished", winner=1, termination="invalid move", detail=detail)
    if published == "tie":
        return OutcomeRecord(status="finished", termination="draw", detail=detail)
    if published in ("p1", "p2"):
        return OutcomeRecord(status="finished", winner=int(published == "p2"), termination="win", detail=detail)
    return OutcomeRecord(status="error", termination="player failure", detail=detail)


def published_totals(paths: list[Path]) -> list[dict[str, Any]]:
    """Each run's `results_GAME.json` (P1 / P2 wins, ties, wrong moves), keyed by its messages file."""
    rows: list[dict[str, Any]] = []
    for run in runs_in(paths):
        if not run.results.is_file():
            continue
        values = read_json(run.results)
        if not isinstance(values, dict):
            raise ImportFormatError(f"{run.results}: expected an object of totals")
        check_numbers(str(run.results), values)
        name = SourceFile(run.messages, "").name
        rows.append(
            {
                "id": record_id(PAPER, "results", name),
                "paper": PAPER,
                "kind": "results",
                "file": name,
                "game": run.game,
                "model": run.model,
                "temperature": run.temperature,
                "values": values,
            }
        )
    return rows
