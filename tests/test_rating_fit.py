"""The rating fit's Hessians: one matrix product over the pairs' outer products, equal to the plain sum."""

from __future__ import annotations

import numpy as np
import pytest

from arena.analysis import ratings


@pytest.mark.parametrize("limit", [ratings.OUTER_LIMIT, 0])  # 0: the einsum fallback for very many pairs
def test_the_hessians_equal_the_sum_over_pairs(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    monkeypatch.setattr(ratings, "OUTER_LIMIT", limit)
    rng = np.random.default_rng(7)
    first = rng.integers(0, 9, 40)
    second = (first + 1 + rng.integers(0, 8, 40)) % 9
    design = ratings._design(first, second, 9, True)
    weight = rng.random((5, 40))
    expected = np.array([sum(w * np.outer(row, row) for w, row in zip(ws, design, strict=True)) for ws in weight])
    assert np.allclose(ratings._hessian_maker(design)(weight), expected)
