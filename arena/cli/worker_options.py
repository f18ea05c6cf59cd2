"""Where work runs: `--backend` and `--address` (matches and analyses), `--workers` for the analyses of a report
or an import."""

from __future__ import annotations

import argparse

from arena.cli.common import positive_int


def add_backend_options(parser: argparse.ArgumentParser) -> None:
    """`--backend process|ray` and `--address`: where engine-only matches (or analyses) are computed."""
    parser.add_argument(
        "--backend",
        choices=("process", "ray"),
        default="process",
        help="process: this machine's cores (--workers); ray: the actors of a Ray cluster (pip install "
        "'arena[ray]'); matches with a model or a person stay in this process",
    )
    parser.add_argument(
        "--address", metavar="ADDR", help="the Ray cluster to join (host:port, or auto); unset: start a local Ray"
    )


def add_analysis_workers(parser: argparse.ArgumentParser) -> None:
    """`--workers N`: the processes that grade moves not analysed yet (by default one per core for a large job)."""
    parser.add_argument(
        "--workers",
        type=positive_int,
        metavar="N",
        help="processes that grade the moves not analysed yet (default: one per core, one for a small job; the "
        "same results and bytes whatever the number)",
    )
