"""`arena dataset --out DIR`: CloudWalk's tic-tac-toe dataset files."""

from __future__ import annotations

from pathlib import Path

from arena.cli.common import ArgumentParser, print_error


def dataset_parser() -> ArgumentParser:
    """Options of `arena dataset`."""
    parser = ArgumentParser(prog="arena dataset", description="Write CloudWalk's tic-tac-toe dataset files.")
    parser.add_argument("--out", type=Path, required=True, help="folder for dataset.json and dataset_top50.json")
    return parser


DATASET_FILES = {"dataset.json", "dataset_top50.json"}


def foreign_folder(out: Path) -> bool:
    """Whether `out` is a folder holding something other than the dataset (it is never written into)."""
    try:
        return out.is_dir() and any(path.name not in DATASET_FILES for path in out.iterdir())
    except OSError:
        return False  # unreadable: the write says why


def run_dataset(argv: list[str]) -> int:
    """`arena dataset`."""
    from arena.quiz.dataset import write_dataset

    args = dataset_parser().parse_args(argv)
    if foreign_folder(args.out):
        print_error(f"arena dataset: error: {args.out} holds other files; choose a new or empty folder")
        return 2
    try:
        _, lines = write_dataset(args.out)
    except OSError as error:
        print_error(f"arena dataset: error: cannot write to {args.out}: {error.strerror}")
        return 2
    print("\n".join(lines))
    return 0
