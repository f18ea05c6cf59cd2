"""CloudWalk's tic-tac-toe hard-boards dataset, regenerated exactly, and quiz sessions on it."""

from games.ttt_hard_boards.dataset import Board, Dataset, build_dataset

__all__ = ["Board", "Dataset", "build_dataset"]
