"""The `arena` command: one thin module per sub-command (parse, call the core, print); only `__main__` imports it."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from arena.cli.common import package_version, print_error


def commands() -> dict[str, Callable[[list[str]], int]]:
    """Each sub-command's runner, imported only when it is the one asked for."""

    def lazy(module: str, function: str) -> Callable[[list[str]], int]:
        def run(argv: list[str]) -> int:
            from importlib import import_module

            runner: Callable[[list[str]], int] = getattr(import_module(f"arena.cli.{module}"), function)
            return runner(argv)

        return run

    return {
        "task": lazy("task", "run_task"),
        "puzzles": lazy("puzzles", "run_puzzles"),
        "solve": lazy("solve", "run_solve"),
        "dataset": lazy("dataset", "run_dataset"),
        "quiz": lazy("quiz", "run_quiz"),
        "show": lazy("show", "run_show"),
        "tournament": lazy("tournament", "run_tournament_file"),
        "report": lazy("report", "run_report"),
        "compare": lazy("compare", "run_compare"),
        "ablate": lazy("ablate", "run_ablate"),
        "import": lazy("importing", "run_import"),
    }


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `arena` console script."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv == ["--version"]:  # answered before the play parser and the modules it needs are imported
            print(f"arena {package_version()}")
            return 0
        runners = commands()
        if argv and argv[0] in runners:
            return runners[argv[0]](argv[1:])
        from arena.cli.play import run_main

        return run_main(argv)
    except KeyboardInterrupt:  # every command stops the same way: what was finished is recorded
        print_error("arena: interrupted; everything finished before is recorded")
        return 130
    except BrokenPipeError:  # the reader went away (`arena ... | head`): stop quietly, as Unix tools do
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
