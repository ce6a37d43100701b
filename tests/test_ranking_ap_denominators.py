"""The AP@k denominator option of ranking.average_precision and mean_average_precision.

Three conventions share the numerator, the sum of P@i over the ranks i <= k that hold a
relevant item, and divide it by
  "n_relevant": every relevant item of the query (trec_eval, ranx; the default),
  "min_k":      min(k, n_relevant) (RecBole's MAP@K),
  "retrieved":  the relevant items found in the top k (torchmetrics with top_k).
Every expected value below is worked out by hand in the comments.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from evalmetrics import UndefinedMetricWarning, ranking

DENOMINATORS = ("n_relevant", "min_k", "retrieved")


# ---------------------------------------------------------------------------------------
# one list, three numbers


def test_one_list_gives_three_different_numbers():
    # hits at ranks 2 and 4: P@2 = 1/2, P@4 = 2/4, sum = 1; 5 relevant items, k = 4
    # n_relevant: 1/5; min_k: 1/min(4, 5) = 1/4; retrieved: 1/2 (two found)
    rels = [0, 1, 0, 1]
    values = [
        ranking.average_precision(rels, n_relevant=5, k=4, denominator=d) for d in DENOMINATORS
    ]
    assert values == [0.2, 0.25, 0.5]
    assert len(set(values)) == 3


def test_a_longer_list_with_a_cut_off():
    # rels over 10 ranks, k = 5: hits at 1, 3, 5 -> P = 1, 2/3, 3/5; sum = 34/15
    # 8 relevant items (two more at ranks 7 and 9, three never retrieved)
    # n_relevant: (34/15) / 8 = 17/60; min_k: (34/15) / 5 = 34/75; retrieved: (34/15) / 3 = 34/45
    rels = [1, 0, 1, 0, 1, 0, 1, 0, 1, 0]
    got = {
        d: ranking.average_precision(rels, n_relevant=8, k=5, denominator=d) for d in DENOMINATORS
    }
    assert got["n_relevant"] == pytest.approx(17 / 60, abs=1e-15)
    assert got["min_k"] == pytest.approx(34 / 75, abs=1e-15)
    assert got["retrieved"] == pytest.approx(34 / 45, abs=1e-15)


# ---------------------------------------------------------------------------------------
# each convention on its own


def test_default_is_n_relevant_and_unchanged():
    # document 000's list, relevant at 1, 3, 6: (1 + 2/3 + 3/6) / 3 = 13/18
    rels = [1, 0, 1, 0, 0, 1]
    assert ranking.average_precision(rels) == ranking.average_precision(
        rels, denominator="n_relevant"
    )
    assert ranking.average_precision(rels) == pytest.approx(13 / 18, abs=1e-15)
    # a fourth relevant item never retrieved: (13/6) / 4 = 13/24
    assert ranking.average_precision(rels, n_relevant=4, denominator="n_relevant") == (
        pytest.approx(13 / 24, abs=1e-15)
    )


def test_default_equals_explicit_n_relevant_bit_for_bit_on_a_batch():
    rng = np.random.default_rng(7)
    rels = (rng.random((200, 15)) < 0.3).astype(float)
    n_relevant = rels.sum(axis=1).astype(int) + rng.integers(0, 4, size=200)
    for k in (None, 1, 5, 15, 20):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedMetricWarning)
            default = ranking.average_precision(rels, n_relevant=n_relevant, k=k)
            explicit = ranking.average_precision(
                rels, n_relevant=n_relevant, k=k, denominator="n_relevant"
            )
        np.testing.assert_array_equal(default, explicit)


def test_min_k_equals_n_relevant_when_k_covers_all_relevant_items():
    # 3 relevant items, k = 6 >= 3: min(6, 3) = 3, so both give 13/18
    rels = [1, 0, 1, 0, 0, 1]
    assert ranking.average_precision(rels, k=6, denominator="min_k") == pytest.approx(
        13 / 18, abs=1e-15
    )


def test_min_k_gives_one_for_a_full_top_k_of_a_large_query():
    # top 3 all relevant: sum = 1 + 1 + 1 = 3; 10 relevant in all
    # min_k: 3 / min(3, 10) = 1.0 (a perfect top 3); n_relevant: 3/10 = 0.3
    rels = [1, 1, 1, 0, 0]
    assert ranking.average_precision(rels, n_relevant=10, k=3, denominator="min_k") == 1.0
    assert ranking.average_precision(rels, n_relevant=10, k=3) == pytest.approx(0.3, abs=1e-15)


def test_min_k_uses_k_beyond_the_end_of_the_list():
    # list of 2, both relevant, n_relevant = 6, k = 4: sum = 2, divisor min(4, 6) = 4 -> 0.5
    assert ranking.average_precision([1, 1], n_relevant=6, k=4, denominator="min_k") == 0.5


def test_retrieved_ignores_relevant_items_below_k():
    # hits at 2 and 5, k = 3: only rank 2 counts, P@2 = 1/2; found in top 3: 1 -> 0.5
    # n_relevant (2 relevant): (1/2) / 2 = 0.25
    rels = [0, 1, 0, 0, 1]
    assert ranking.average_precision(rels, k=3, denominator="retrieved") == 0.5
    assert ranking.average_precision(rels, k=3) == 0.25


def test_retrieved_is_zero_over_zero_when_no_relevant_item_is_in_the_top_k():
    # the only relevant item is at rank 3, k = 2: the sum of P@i is over no item (0) and the
    # divisor, the relevant items found in the top 2, is 0: 0/0, nan with one warning
    with pytest.warns(UndefinedMetricWarning, match="relevant items in the top k is 0"):
        value = ranking.average_precision([0, 0, 1], k=2, denominator="retrieved")
    assert np.isnan(value)
    # zero_division=0.0 gives torchmetrics' 0, silently
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value = ranking.average_precision(
            [0, 0, 1], k=2, denominator="retrieved", zero_division=0.0
        )
    assert value == 0.0


def test_the_policy_example_retrieved_with_nothing_found():
    # ten items, none relevant, five relevant items elsewhere: nothing found in the top 10
    with pytest.warns(UndefinedMetricWarning) as record:
        value = ranking.average_precision([0] * 10, n_relevant=5, k=10, denominator="retrieved")
    assert np.isnan(value)
    assert len(record) == 1
    assert str(record[0].message).startswith(
        "average_precision is undefined (0/0: the number of relevant items in the top k is 0)"
    )
    # the other two denominators are defined there: 0 / 5 and 0 / min(10, 5)
    for denominator in ("n_relevant", "min_k"):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            got = ranking.average_precision([0] * 10, n_relevant=5, k=10, denominator=denominator)
        assert got == 0.0


@pytest.mark.parametrize("denominator", DENOMINATORS)
def test_no_relevant_item_is_undefined_under_every_denominator(denominator):
    # n_relevant = 0: 0/0 under all three, nan with one warning
    with pytest.warns(UndefinedMetricWarning, match="average_precision is undefined"):
        value = ranking.average_precision([0, 0, 0], k=2, denominator=denominator)
    assert np.isnan(value)


# ---------------------------------------------------------------------------------------
# 2-D input and MAP


def test_rows_of_a_batch():
    # row 0: [0, 1, 0, 1], n = 5 -> 1/5, 1/4, 1/2 (see above)
    # row 1: [1, 0, 0, 0], n = 2 -> sum 1; 1/2, 1/min(4, 2) = 1/2, 1/1 = 1
    # row 2: [0, 0, 0, 0], n = 3 -> sum 0; 0/3, 0/3 and (retrieved: nothing found) 0/0
    rels = [[0, 1, 0, 1], [1, 0, 0, 0], [0, 0, 0, 0]]
    n_relevant = [5, 2, 3]
    expected = {
        "n_relevant": [0.2, 0.5, 0.0],
        "min_k": [0.25, 0.5, 0.0],
        "retrieved": [0.5, 1.0, np.nan],
    }
    for denominator, values in expected.items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = ranking.average_precision(
                rels, n_relevant=n_relevant, k=4, denominator=denominator
            )
        np.testing.assert_array_equal(got, values)
        messages = [str(w.message) for w in caught if w.category is UndefinedMetricWarning]
        assert len(messages) == (denominator == "retrieved")
        if messages:
            assert "for 1 of 3 lists" in messages[0]


def test_each_row_equals_the_one_list_result():
    rng = np.random.default_rng(3)
    rels = (rng.random((50, 12)) < 0.35).astype(float)
    n_relevant = rels.sum(axis=1).astype(int) + rng.integers(1, 5, size=50)
    for denominator in DENOMINATORS:
        # zero_division=0.0: a row with no relevant item in the top 6 is 0/0 under "retrieved"
        batch = ranking.average_precision(
            rels, n_relevant=n_relevant, k=6, denominator=denominator, zero_division=0.0
        )
        for index, (row, n) in enumerate(zip(rels, n_relevant, strict=True)):
            single = ranking.average_precision(
                row, n_relevant=int(n), k=6, denominator=denominator, zero_division=0.0
            )
            assert single == batch[index]


def test_mean_average_precision_with_each_denominator():
    # rows as in test_rows_of_a_batch, first two: means (0.2 + 0.5)/2, (0.25 + 0.5)/2, (0.5 + 1)/2
    rels = [[0, 1, 0, 1], [1, 0, 0, 0]]
    got = [
        ranking.mean_average_precision(rels, n_relevant=[5, 2], k=4, denominator=d)
        for d in DENOMINATORS
    ]
    assert got == [0.35, 0.375, 0.75]


def test_mean_average_precision_undefined_rows_with_retrieved():
    # row 0: [1, 0], n = 1 -> retrieved 1/1 = 1; row 1: no relevant item, undefined
    # "warn": mean over row 0 only = 1.0 (with a warning); 0.0: (1 + 0) / 2 = 0.5
    rels = [[1, 0], [0, 0]]
    with pytest.warns(UndefinedMetricWarning, match="left out 1 of 2"):
        skipped = ranking.mean_average_precision(rels, denominator="retrieved")
    assert skipped == 1.0
    assert ranking.mean_average_precision(rels, zero_division=0.0, denominator="retrieved") == 0.5


def test_map_with_retrieved_leaves_out_a_query_with_nothing_found_in_the_top_k():
    # row 0: [1, 0], k = 1 -> 1/1 = 1; row 1: [0, 1], its relevant item below k = 1 -> 0/0.
    # "warn": MAP over row 0 = 1.0 with a warning; 0.0 (torchmetrics' RetrievalMAP): 0.5
    rels = [[1, 0], [0, 1]]
    with pytest.warns(UndefinedMetricWarning, match="left out 1 of 2 lists whose AP"):
        assert ranking.mean_average_precision(rels, k=1, denominator="retrieved") == 1.0
    assert (
        ranking.mean_average_precision(rels, k=1, denominator="retrieved", zero_division=0.0) == 0.5
    )
    # the default denominator counts the unfound item: (1 + 0/1) / 2
    assert ranking.mean_average_precision(rels, k=1) == 0.5


def test_map_min_k_needs_k():
    with pytest.raises(ValueError, match="denominator='min_k'.*needs a cut-off k"):
        ranking.mean_average_precision([[1, 0], [0, 1]], denominator="min_k")


# ---------------------------------------------------------------------------------------
# against the libraries' formulas, written as plain loops


def _torchmetrics_style(row: np.ndarray, k: int) -> float:
    """torchmetrics' retrieval_average_precision on a ranked 0/1 list: mean of j/position_j
    over the relevant items in the top k, 0 when there is none (zero_division=0.0 here)."""
    positions = [i + 1 for i, r in enumerate(row[:k]) if r > 0]
    if not positions:
        return 0.0
    return float(np.mean([(j + 1) / p for j, p in enumerate(positions)]))


def _recbole_style(row: np.ndarray, k: int, pos_len: int) -> float:
    """RecBole's MAP@K for one user: running sum of P@j over hits, divided by min(pos_len, K)."""
    total, found = 0.0, 0
    for i, r in enumerate(row[:k]):
        if r > 0:
            found += 1
            total += found / (i + 1)
    return total / min(pos_len, k)


def test_retrieved_and_min_k_match_loop_versions_on_random_lists():
    rng = np.random.default_rng(11)
    for _ in range(300):
        depth = int(rng.integers(1, 20))
        row = (rng.random(depth) < rng.uniform(0.1, 0.8)).astype(float)
        if row.sum() == 0:
            row[int(rng.integers(depth))] = 1.0
        n_relevant = int(row.sum()) + int(rng.integers(0, 6))
        k = int(rng.integers(1, 25))
        retrieved = ranking.average_precision(
            row, n_relevant=n_relevant, k=k, denominator="retrieved", zero_division=0.0
        )
        min_k = ranking.average_precision(row, n_relevant=n_relevant, k=k, denominator="min_k")
        assert retrieved == pytest.approx(_torchmetrics_style(row, k), rel=1e-12, abs=1e-15)
        assert min_k == pytest.approx(_recbole_style(row, k, n_relevant), rel=1e-12, abs=1e-15)


def test_the_three_are_ordered():
    # hits in the top k <= min(k, n_relevant) <= n_relevant, so the AP values run the other way
    rng = np.random.default_rng(5)
    rels = (rng.random((500, 20)) < 0.3).astype(float)
    n_relevant = rels.sum(axis=1).astype(int) + rng.integers(1, 10, size=500)
    for k in (1, 3, 10, 30):
        low, mid, high = (
            ranking.average_precision(
                rels, n_relevant=n_relevant, k=k, denominator=d, zero_division=0.0
            )
            for d in DENOMINATORS
        )
        assert np.all(low <= mid) and np.all(mid <= high)
        assert np.all((high >= 0) & (high <= 1))


# ---------------------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize("bad", ["all", "N_RELEVANT", "", 1, None])
def test_unknown_denominator_names_the_argument(bad):
    with pytest.raises(ValueError, match="denominator must be one of"):
        ranking.average_precision([1, 0, 1], k=2, denominator=bad)


def test_min_k_without_k_names_both_arguments():
    with pytest.raises(ValueError, match=r"denominator='min_k'.*k=None"):
        ranking.average_precision([1, 0, 1], denominator="min_k")


def test_options_are_keyword_only():
    with pytest.raises(TypeError):
        ranking.average_precision([1, 0, 1], 2)  # n_relevant or k? neither: a TypeError
