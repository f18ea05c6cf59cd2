"""A recorded match as readable text: every attempt with its prompt, reasoning, reply and verdict."""

from __future__ import annotations

from typing import Any

from arena.match.records import MatchRecord


def _prompt_text(prompt: list[dict[str, Any]] | None) -> str:
    if not prompt:
        return ""
    parts = []
    for message in prompt:
        content = message.get("content")
        if isinstance(content, list):
            content = "\n".join(
                p.get("text", "[image]") if p.get("type") == "text" else "[image: board PNG]" for p in content
            )
        parts.append(f"[{message.get('role')}]\n{content}")
    return "\n".join(parts)


def _indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line for line in text.splitlines()) or prefix


def transcript(record: MatchRecord, prompts: bool = True) -> str:
    """The match from start to end."""
    players = " vs ".join(f"{p.spec} ({'XO'[p.seat]})" for p in record.players)
    outcome = record.outcome
    lines = [
        f"match {record.id}: {record.game} {record.game_options}",
        f"players: {players}; seed {record.seed}; started {record.started_at}",
    ]
    for player in record.players:
        if player.spec.startswith("llm:"):
            s = player.settings
            lines.append(
                f"{player.spec}: prompt {s.get('prompt')} v{s.get('prompt_version')} "
                f"(sha256 {str(s.get('prompt_sha256', ''))[:12]}), temperature {s.get('temperature')}, "
                f"max_tokens {s.get('max_tokens')}"
            )
    for move in record.moves:
        who = record.players[move.seat].spec
        verdict = move.move if move.valid else f"REFUSED: {move.error}"
        lines.append("")
        lines.append(
            f"ply {move.ply + 1}, attempt {move.attempt}, {who}: {verdict}  ({move.seconds:.2f} s"
            + (f", first token {move.first_token_seconds:.2f} s" if move.first_token_seconds else "")
            + (f", tokens {move.tokens['prompt']}+{move.tokens['completion']}" if move.tokens else "")
            + (f", ${move.cost:.6f}" if move.cost else "")
            + ")"
        )
        if prompts and move.prompt:
            lines += ["  prompt:", _indent(_prompt_text(move.prompt))]
        if move.reasoning:
            lines += ["  reasoning:", _indent(move.reasoning)]
        if move.raw is not None and who.startswith("llm:"):
            lines += ["  reply:", _indent(move.raw)]
    winner = "draw" if outcome.winner is None else record.players[outcome.winner].spec
    lines += [
        "",
        f"result: {outcome.status}, {outcome.termination}"
        + (f", winner {winner}" if outcome.status == "finished" and outcome.termination != "disqualified" else "")
        + (f" ({outcome.detail})" if outcome.detail else ""),
    ]
    return "\n".join(lines)
