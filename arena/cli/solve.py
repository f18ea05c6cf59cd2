"""`arena solve GAME POSITION`: the engine's verdict on a position."""

from __future__ import annotations

from arena.cli.common import ArgumentParser, add_game_options, game_options, positive_float, print_error


def solve_parser() -> ArgumentParser:
    """Options of `arena solve`."""
    parser = ArgumentParser(prog="arena solve", description="Print the engine's verdict on a position.")
    parser.add_argument("game", help="tictactoe, connect-four, gomoku or chess")
    parser.add_argument(
        "position",
        help="connect-four: columns played (1-based digits); "
        "tictactoe: the board row by row (X, O, digit or . for empty); gomoku: moves as row,col; "
        "chess: a FEN in quotes (or start)",
    )
    add_game_options(parser, battleship=False)
    parser.add_argument(
        "--budget",
        type=positive_float,
        help="stop searching after this many seconds (default: Connect-Four searches until exact, Gomoku 1 s)",
    )
    return parser


def run_solve(argv: list[str]) -> int:
    """`arena solve`."""
    from arena.solve import solve

    args = solve_parser().parse_args(argv)
    try:
        for line in solve(args.game, args.position, game_options(args), args.budget):
            print(line, flush=True)
    except ValueError as error:  # includes InvalidMove / IllegalMove
        print_error(f"arena solve: error: {error}")
        return 2
    except KeyboardInterrupt:
        print_error("arena solve: interrupted")
        return 130
    return 0
