"""CloudWalk's published quiz material: the human sheet's board order and the four public model runs.

Sources (cloudwalk/tictactoe-dataset at commit cceef8f3a867b3fb222cbb9d044f0dc9f7d79a4b):
- `human_performance/tictactoe_human_benchmark.txt`: the sheet people answered, boards 1-50 in this order,
  the cells numbered once at the top, `-` for an empty cell, 10-20 seconds suggested per board.
- `machine_performance/progressive_results.json`: each run's extracted move per board (`None`: no
  `submit_move` in the reply); the prompts are in `machine_performance/async_openai_new.py`.
The scores are not stored here: `score_run` judges each move with the arena's own judge.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.ttt_hard_boards.dataset import Dataset

SOURCE = "cloudwalk/tictactoe-dataset@cceef8f3"
SECONDS_GUIDE = "10 to 20 seconds"

PUBLISHED_ORDER: tuple[str, ...] = tuple(
    """
    12XX5OOOX 123O5X7X9 1O3OXX7X9 123456OXX 123O5XX89 123456XOX
    12345XO89 12O45XXXO 12345XX8O 12OX5O78X 123456O8X 1234OX7X9
    12OX5678X 12345XOXO 12O4X6X89 12345O7X9 123OXX789 123OXX7O9
    12345678X 12O456X89 1OXX5O7X9 12X4O6X89 123O5XXO9 123OOXX89
    1234O67X9 12O45XXO9 12O4X6XO9 12O45XX8O 1OXX5O7XO 12XO567X9
    12O4OXX89 12O456XOX 12OO5X78X 12XX5OOXO 12XO5X7XO 1234X6789
    1234OXX89 123OOX7X9 12XX5O7O9 12345XXO9 12OX567X9 1O3O5X7X9
    12345XOX9 12XXOO7X9 12345OOXX 12O45XXOX 1234X67O9 123OXX78O
    1OXXOO7X9 1O3XOX7X9
    """.split()
)


@dataclass(frozen=True)
class PublishedRun:
    """One public model run on the 50 boards: the model, its instruction, and its move per board."""

    model: str
    condition: str
    family: str
    moves: dict[str, int | None]


PUBLISHED_RUNS: tuple[PublishedRun, ...] = (
    PublishedRun(
        "gpt-4o",
        "answer with the move only",
        "cloudwalk-move-only",
        {
            "12XX5OOOX": 5,
            "123O5X7X9": 5,
            "1O3OXX7X9": 9,
            "123456OXX": 1,
            "123O5XX89": 5,
            "123456XOX": 1,
            "12345XO89": 5,
            "12O45XXXO": 7,
            "12345XX8O": 5,
            "12OX5O78X": 5,
            "123456O8X": 5,
            "1234OX7X9": 4,
            "12OX5678X": 5,
            "12345XOXO": 1,
            "12O4X6X89": 4,
            "12345O7X9": 1,
            "123OXX789": 9,
            "123OXX7O9": 1,
            "12345678X": 1,
            "12O456X89": 2,
            "1OXX5O7X9": 9,
            "12X4O6X89": 5,
            "123O5XXO9": 9,
            "123OOXX89": 9,
            "1234O67X9": 3,
            "12O45XXO9": 5,
            "12O4X6XO9": 4,
            "12O45XX8O": 5,
            "1OXX5O7XO": 5,
            "12XO567X9": 5,
            "12O4OXX89": 1,
            "12O456XOX": 4,
            "12OO5X78X": 7,
            "12XX5OOXO": 5,
            "12XO5X7XO": 7,
            "1234X6789": 1,
            "1234OXX89": 3,
            "123OOX7X9": 9,
            "12XX5O7O9": 5,
            "12345XXO9": 9,
            "12OX567X9": 5,
            "1O3O5X7X9": 9,
            "12345XOX9": 5,
            "12XXOO7X9": 9,
            "12345OOXX": 3,
            "12O45XXOX": 5,
            "1234X67O9": 9,
            "123OXX78O": 3,
            "1OXXOO7X9": 9,
            "1O3XOX7X9": 7,
        },
    ),
    PublishedRun(
        "gpt-4o",
        "step by step",
        "cloudwalk-step-by-step",
        {
            "12XX5OOOX": 5,
            "123O5X7X9": 5,
            "1O3OXX7X9": 1,
            "123456OXX": 5,
            "123O5XX89": 8,
            "123456XOX": 1,
            "12345XO89": 1,
            "12O45XXXO": 5,
            "12345XX8O": 9,
            "12OX5O78X": 5,
            "123456O8X": 5,
            "1234OX7X9": 9,
            "12OX5678X": 5,
            "12345XOXO": 3,
            "12O4X6X89": 1,
            "12345O7X9": 5,
            "123OXX789": 4,
            "123OXX7O9": 3,
            "12345678X": 1,
            "12O456X89": 5,
            "1OXX5O7X9": 5,
            "12X4O6X89": 9,
            "123O5XXO9": 1,
            "123OOXX89": 8,
            "1234O67X9": 1,
            "12O45XXO9": 9,
            "12O4X6XO9": 1,
            "12O45XX8O": 4,
            "1OXX5O7XO": 7,
            "12XO567X9": 9,
            "12O4OXX89": 1,
            "12O456XOX": 5,
            "12OO5X78X": 5,
            "12XX5OOXO": 2,
            "12XO5X7XO": 1,
            "1234X6789": 1,
            "1234OXX89": 9,
            "123OOX7X9": 1,
            "12XX5O7O9": 5,
            "12345XXO9": 4,
            "12OX567X9": 6,
            "1O3O5X7X9": 7,
            "12345XOX9": 5,
            "12XXOO7X9": 9,
            "12345OOXX": 1,
            "12O45XXOX": 5,
            "1234X67O9": 3,
            "123OXX78O": 1,
            "1OXXOO7X9": 1,
            "1O3XOX7X9": 3,
        },
    ),
    PublishedRun(
        "o1-preview",
        "step by step",
        "cloudwalk-step-by-step",
        {
            "12XX5OOOX": 5,
            "123O5X7X9": 5,
            "1O3OXX7X9": 3,
            "123456OXX": 5,
            "123O5XX89": 5,
            "123456XOX": 5,
            "12345XO89": 5,
            "12O45XXXO": 5,
            "12345XX8O": 5,
            "12OX5O78X": 5,
            "123456O8X": 5,
            "1234OX7X9": 1,
            "12OX5678X": 5,
            "12345XOXO": 5,
            "12O4X6X89": 9,
            "12345O7X9": 5,
            "123OXX789": 7,
            "123OXX7O9": 3,
            "12345678X": 5,
            "12O456X89": 5,
            "1OXX5O7X9": 5,
            "12X4O6X89": 1,
            "123O5XXO9": 5,
            "123OOXX89": 9,
            "1234O67X9": 9,
            "12O45XXO9": 5,
            "12O4X6XO9": 9,
            "12O45XX8O": 5,
            "1OXX5O7XO": 5,
            "12XO567X9": 5,
            "12O4OXX89": 9,
            "12O456XOX": 5,
            "12OO5X78X": 5,
            "12XX5OOXO": 5,
            "12XO5X7XO": 5,
            "1234X6789": 1,
            "1234OXX89": 1,
            "123OOX7X9": 3,
            "12XX5O7O9": 5,
            "12345XXO9": 5,
            "12OX567X9": 5,
            "1O3O5X7X9": 5,
            "12345XOX9": 5,
            "12XXOO7X9": 1,
            "12345OOXX": 5,
            "12O45XXOX": 5,
            "1234X67O9": 7,
            "123OXX78O": 7,
            "1OXXOO7X9": 7,
            "1O3XOX7X9": 3,
        },
    ),
    PublishedRun(
        "o1-preview",
        "Newell and Simon's heuristic list",
        "cloudwalk-heuristic",
        {
            "12XX5OOOX": 1,
            "123O5X7X9": 5,
            "1O3OXX7X9": 1,
            "123456OXX": 5,
            "123O5XX89": 5,
            "123456XOX": 5,
            "12345XO89": 5,
            "12O45XXXO": 5,
            "12345XX8O": 4,
            "12OX5O78X": 1,
            "123456O8X": 5,
            "1234OX7X9": 1,
            "12OX5678X": 5,
            "12345XOXO": 5,
            "12O4X6X89": 1,
            "12345O7X9": 5,
            "123OXX789": 3,
            "123OXX7O9": 3,
            "12345678X": 5,
            "12O456X89": 5,
            "1OXX5O7X9": 5,
            "12X4O6X89": 1,
            "123O5XXO9": 5,
            "123OOXX89": None,
            "1234O67X9": 1,
            "12O45XXO9": 1,
            "12O4X6XO9": 1,
            "12O45XX8O": 1,
            "1OXX5O7XO": 7,
            "12XO567X9": 5,
            "12O4OXX89": 1,
            "12O456XOX": 1,
            "12OO5X78X": 5,
            "12XX5OOXO": 1,
            "12XO5X7XO": 1,
            "1234X6789": 1,
            "1234OXX89": 1,
            "123OOX7X9": 9,
            "12XX5O7O9": 1,
            "12345XXO9": 5,
            "12OX567X9": 5,
            "1O3O5X7X9": 9,
            "12345XOX9": 5,
            "12XXOO7X9": 9,
            "12345OOXX": 5,
            "12O45XXOX": 5,
            "1234X67O9": 1,
            "123OXX78O": 1,
            "1OXXOO7X9": 7,
            "1O3XOX7X9": 1,
        },
    ),
)


def score_run(run: PublishedRun, dataset: Dataset) -> int:
    """Correct answers of a run, judged like every quiz answer (a missing move is wrong)."""
    return sum(1 for key, move in run.moves.items() if move is not None and dataset.boards[key].is_correct(move))


def published_lines(dataset: Dataset) -> list[str]:
    """The published baselines: people, then each model run with its condition."""
    from games.ttt_hard_boards.quiz import PUBLISHED_HUMAN_MEAN, PUBLISHED_HUMAN_SCORES

    people = ", ".join(str(s) for s in PUBLISHED_HUMAN_SCORES)
    lines = [f"Published human mean: {PUBLISHED_HUMAN_MEAN}/50 (individual scores {people})."]
    runs = ", ".join(f"{r.model} {score_run(r, dataset)}/50 ({r.condition})" for r in PUBLISHED_RUNS)
    lines.append(f"Published model runs ({SOURCE}, scored by the arena's judge): {runs}.")
    return lines
