"""`arena quiz`: the 50 hardest tic-tac-toe boards for a person (app or plain terminal) or a model."""

from __future__ import annotations

import argparse

from arena.cli.common import (
    ArgumentParser,
    add_db_option,
    add_llm_options,
    llm_defaults,
    non_negative_int,
    open_store,
    print_error,
    refuse_unusable,
)
from arena.cli.play import run_app
from arena.llm.secrets import hide_spec


def quiz_parser() -> ArgumentParser:
    """Options of `arena quiz`."""
    parser = ArgumentParser(prog="arena quiz", description="Take the 50 hardest tic-tac-toe boards.")
    parser.add_argument("--plain", action="store_true", help="ask in the plain terminal (no app)")
    parser.add_argument("--name", help="who is answering (stored with the session; default anonymous)")
    parser.add_argument(
        "--sheet",
        choices=("published", "numbered"),
        help="published (default): CloudWalk's sheet, its board order, cells numbered once at the top and - for "
        "empty; numbered: each board's empty cells numbered, in a shuffled order",
    )
    parser.add_argument(
        "--seed", type=non_negative_int, help="order of the boards on the numbered sheet (default: a fresh seed)"
    )
    parser.add_argument(
        "--tell-mark", action="store_true", help="tell the mark to play instead of letting you infer it"
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const="latest",
        metavar="SESSION",
        help="continue a stopped session (default: your latest unfinished one)",
    )
    parser.add_argument("--sessions", action="store_true", help="list stored sessions and their scores")
    parser.add_argument(
        "--model", type=hide_spec, metavar="SPEC", help="let a model take the quiz, e.g. llm:local or llm:openai/gpt-4o"
    )
    add_db_option(parser)
    return parser


def run_quiz(argv: list[str]) -> int:
    """`arena quiz`."""
    import secrets

    from arena.quiz import latest_unfinished, load_session, start_session
    from arena.quiz.listing import session_lines
    from arena.quiz.plain import run_plain_quiz
    from arena.quiz.session import all_sessions
    from games.ttt_hard_boards.quiz import NUMBERED, PUBLISHED, Sheet

    parser = quiz_parser()
    add_llm_options(parser)
    args = parser.parse_args(argv)
    if args.seed is not None and args.sheet == "published":
        parser.error("--seed orders the numbered sheet; the published sheet has its own order")
    if args.model:
        return run_model_quiz_command(args)
    if args.resume and not args.plain:
        parser.error("--resume carries on in the plain terminal: add --plain (the app carries on its own quiz)")
    if not (args.plain or args.sessions):
        return run_app(args.db, start_quiz=True, quiz_sheet=args.sheet or ("numbered" if args.seed else "published"))
    store = open_store(args.db, "arena quiz")
    if store is None:
        return 2
    for warning in store.warnings:
        print_error(f"warning: {warning}")
    player = f"human:{args.name or 'anonymous'}"
    try:
        if args.sessions:
            from arena.inert import inert

            print(inert("\n".join(session_lines(store))))
            return 0
        if args.resume == "latest":
            # Without --name: the latest unfinished session of a person, whoever it was.
            if args.name:
                session = latest_unfinished(store, player)
            else:
                unfinished = [s for s in all_sessions(store) if s.record.player.startswith("human:") and not s.finished]
                session = unfinished[-1] if unfinished else None
            if session is None:
                who = args.name or "nobody"
                print_error(f"arena quiz: error: {who} has no unfinished session to resume")
                return 2
        elif args.resume:
            try:
                session = load_session(store, args.resume)
            except KeyError as error:
                print_error(f"arena quiz: error: {error.args[0]}")
                return 2
            if session.finished:
                print_error(f"arena quiz: error: session {session.record.id} is already finished")
                return 2
        else:
            seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
            sheet: Sheet = args.sheet or (NUMBERED if args.seed is not None else PUBLISHED)
            session = start_session(store, player, "told" if args.tell_mark else "infer", seed, sheet)
        run_plain_quiz(session, input, print)  # stopping with q is a person's choice, not a failure: exit 0
    finally:
        store.close()
    return 0


def run_model_quiz_command(args: argparse.Namespace) -> int:
    """`arena quiz --model SPEC`."""
    import asyncio
    import secrets

    from arena.inert import inert
    from arena.llm.cache import CallCache
    from arena.llm.connections import pooled
    from arena.llm.local import stop_shared_local_server
    from arena.players import make_player
    from arena.players.llm_player import LLMPlayer
    from arena.quiz import latest_unfinished, start_session
    from arena.quiz.model import run_model_quiz

    if not args.model.startswith("llm:"):
        print_error("arena quiz: error: --model takes an llm: spec, e.g. llm:local")
        return 2
    defaults = llm_defaults(args, prompt="cloudwalk")
    store = open_store(args.db, "arena quiz")
    if store is None:
        return 2
    try:
        player = make_player(args.model, 0, defaults)
        assert isinstance(player, LLMPlayer)
        if not player.family.quiz_only:
            raise ValueError(
                f"the {player.family.name} prompts are for games; the quiz takes cloudwalk or its variants"
            )
        player.refuse_match_options("the quiz")
        if not (getattr(args, "replay", False) or args.no_preflight):
            refuse_unusable([player])  # no key or no endpoint: said before any session is stored
        session = latest_unfinished(store, player.spec, player.family.name) if args.resume else None
        if session is None:
            seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
            session = start_session(store, player.spec, "told", seed, "numbered", player.family.name)
        asking = run_model_quiz(session, player, CallCache(store), lambda line: print(inert(line)))
        complete = asyncio.run(pooled(asking))
    except ValueError as error:
        print_error(f"arena quiz: error: {error}")
        return 2
    finally:
        store.close()
        stop_shared_local_server()
    return 0 if complete else 1
