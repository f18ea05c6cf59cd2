"""The ablation's paired tests against cases worked out by hand: the sign-flip permutation test and Holm's
correction."""

from __future__ import annotations

import pytest

from arena.analysis.permutation import holm, sign_flip_p


def test_the_sign_flip_test_counts_every_pattern_by_hand() -> None:
    # [1, 2, 3]: mean 2. Of the 8 sign patterns only +++ and --- reach |mean| 2: p = 2/8.
    assert sign_flip_p([1, 2, 3]) == pytest.approx(2 / 8)
    # [1, 1, 1, 1]: mean 1; only ++++ and ---- reach it: p = 2/16.
    assert sign_flip_p([1, 1, 1, 1]) == pytest.approx(2 / 16)
    # [1, -1]: mean 0; every pattern's |mean| is 0 or 1, all at least 0: p = 1.
    assert sign_flip_p([1, -1]) == 1.0
    # [2, 1, 1]: mean 4/3. Patterns and |mean|: +++ 4/3, ++- 2/3, +-+ 2/3, +-- 0, -++ 0, -+- 2/3, --+ 2/3,
    # --- 4/3: two of eight reach 4/3.
    assert sign_flip_p([2, 1, 1]) == pytest.approx(2 / 8)
    # [3, 1, 1]: mean 5/3. +-- and -++ give 1/3, ++- and +-+ give 1, --+ -+- 1: only +++ and --- reach 5/3.
    assert sign_flip_p([3, 1, 1]) == pytest.approx(2 / 8)
    assert sign_flip_p([]) is None


def test_many_pairs_are_sampled_with_a_seed_and_agree_with_the_exact_count() -> None:
    differences = [1.0] * 12 + [-1.0] * 8  # 20 pairs: sampled
    p = sign_flip_p(differences)
    assert p == sign_flip_p(differences)  # seeded: the same data gives the same p
    # Exact: |sum of 20 random signs| >= 4, i.e. at least 12 of one sign: 2 * P(Binomial(20, 1/2) >= 12).
    from math import comb

    exact = 2 * sum(comb(20, k) for k in range(12, 21)) / 2**20
    assert p == pytest.approx(exact, abs=0.01)


def test_holm_by_hand() -> None:
    # Sorted 0.01, 0.03, 0.04 times 3, 2, 1: 0.03, 0.06, 0.04 -> kept non-decreasing: 0.03, 0.06, 0.06.
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, None, 0.9]) == [pytest.approx(1.0), None, pytest.approx(1.0)]
    assert holm([]) == []
