"""`arena show [MATCH]`: a recorded match as a transcript."""

from __future__ import annotations

from arena.cli.common import ArgumentParser, add_db_option, print_error


def run_show(argv: list[str]) -> int:
    """`arena show [MATCH] [--db PATH]`: a recorded match as a transcript."""
    from arena.analysis.transcript import transcript
    from arena.inert import inert
    from arena.store import MatchStore, StoreError
    from arena.store.summaries import FIELD

    parser = ArgumentParser(prog="arena show", description="Print a recorded match move by move.")
    parser.add_argument("match", nargs="?", default="latest", help="match id or a prefix of it (default: latest)")
    add_db_option(parser)
    parser.add_argument("--no-prompts", action="store_true", help="leave out the prompts")
    args = parser.parse_args(argv)
    try:
        with MatchStore(args.db, read_only=True) as store:
            table = store.summary_rows()
            ended = FIELD["ended_at"]
            if args.match == "latest":
                positions = [max(range(len(table)), key=lambda i: table.rows[i][ended])] if len(table) else []
            else:
                positions = [i for i, row in enumerate(table.rows) if str(row[0]).startswith(args.match)]
            chosen = [table.summary(i) for i in positions[:2]]
            record = store.match(chosen[0]) if len(chosen) == 1 else None
    except StoreError as error:
        print_error(f"arena show: error: {error}")
        return 2
    for warning in store.warnings:
        print_error(f"warning: {warning}")
    if len(chosen) != 1:
        problem = "no recorded match" if not chosen else "more than one match"
        print_error(f"arena show: error: {problem} matches {args.match!r} in {args.db}")
        return 2
    if record is None:
        print_error(f"arena show: error: the record of match {chosen[0].id} cannot be read")
        return 2
    print(inert(transcript(record, prompts=not args.no_prompts)))
    return 0
