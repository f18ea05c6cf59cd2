"""The harness's flags, shared by every command that plays models: how a model is prompted and asked again, how
its answers are sampled and read, and its clock (each a default an `llm:` spec can override; the numbers are
checked where the players are built, as a spec's are)."""

from __future__ import annotations

import argparse


def add_harness_options(parser: argparse.ArgumentParser) -> None:
    """--hide-legal, --rethink, --history, --board, --sample, --extract, --move-seconds, --match-seconds, --on-time."""
    parser.add_argument("--hide-legal", action="store_true", help="do not list the legal moves (arena prompt)")
    parser.add_argument(
        "--rethink",
        choices=("none", "retry", "illegal", "list", "rule"),
        default="rule",
        help="after an illegal answer: none (no second try), retry (the same prompt), illegal (say the move was "
        "illegal), list (every illegal move tried this turn), rule (the game's reason; the default)",
    )
    parser.add_argument(
        "--history",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show the moves so far in the arena prompt (default: only chess's board lists them)",
    )
    parser.add_argument(
        "--board", choices=("coordinates", "list", "illustration"), help="the arena prompt's board form"
    )
    parser.add_argument(
        "--sample",
        type=int,
        default=1,
        metavar="K",
        help="majority vote: K answers to each prompt, the most common legal move played (default 1)",
    )
    parser.add_argument(
        "--extract",
        action="store_true",
        help="read an unreadable answer into a move with a second call to the model (recorded apart)",
    )
    parser.add_argument("--move-seconds", type=float, help="wall-clock seconds a model's move may take")
    parser.add_argument(
        "--match-seconds", type=float, help="wall-clock seconds all of a model's moves in a match may take"
    )
    parser.add_argument(
        "--on-time",
        choices=("forfeit", "random"),
        default="forfeit",
        help="a model out of time loses the match (forfeit, the default) or its move is a random "
        "legal one (recorded as such)",
    )
