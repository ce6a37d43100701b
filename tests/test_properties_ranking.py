"""Property tests (hypothesis) for evalmetrics.ranking.

- AP and NDCG are exactly 1 when every relevant item is ranked first (and, for NDCG, the
  grades are in descending order);
- NDCG lies in [0, 1] whenever ``ideal`` holds the grades of ``rels`` and possibly more;
- every function that takes a 2-D batch returns, on each row, exactly its 1-D result.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from evalmetrics import ranking

grades = st.integers(min_value=0, max_value=4).map(float)
lists = arrays(np.float64, st.integers(1, 12), elements=grades)
batches = arrays(np.float64, st.tuples(st.integers(1, 6), st.integers(1, 12)), elements=grades)
cut_offs = st.one_of(st.none(), st.integers(1, 15))
gains = st.sampled_from(["exponential", "linear"])

quiet = pytest.mark.filterwarnings("ignore::evalmetrics.UndefinedMetricWarning")


@given(lists, st.integers(0, 5), cut_offs)
def test_ap_is_one_when_every_relevant_item_comes_first(rels, n_padding, k):
    rels = np.sort(rels)[::-1]  # relevant (grade > 0) items first
    if not (rels > 0).any():
        rels[0] = 1.0
    rels = np.concatenate([rels, np.zeros(n_padding)])
    n_hits = int((rels > 0).sum())
    k = None if k is None else max(k, n_hits)  # the cut-off keeps every relevant item
    assert ranking.average_precision(rels, k=k) == 1.0


@given(lists, st.integers(0, 5), cut_offs, gains)
def test_ndcg_is_one_for_the_ideal_order(rels, n_padding, k, gain):
    rels = np.sort(rels)[::-1]
    if not (rels > 0).any():
        rels[0] = 1.0
    padded = np.concatenate([rels, np.zeros(n_padding)])
    assert ranking.ndcg(padded, k=k, gain=gain) == 1.0
    assert ranking.ndcg(padded, k=k, ideal=rels, gain=gain) == 1.0


@quiet
@given(lists, lists, cut_offs, gains)
def test_ndcg_lies_between_zero_and_one(rels, unretrieved, k, gain):
    ideal = np.concatenate([rels, unretrieved])  # every judged item, retrieved or not
    value = ranking.ndcg(rels, k=k, ideal=ideal, gain=gain)
    assert np.isnan(value) == (not (ideal > 0).any())
    if not np.isnan(value):
        assert 0.0 <= value <= 1.0


def _row_checks(rels: np.ndarray, n_relevant: np.ndarray, k: int, gain: str):
    """(name, 2-D result, function of one row index returning the 1-D result)."""
    levels = [0.0, 0.25, 0.5, 0.7, 1.0]
    ideal = np.concatenate([rels, rels[:, ::-1]], axis=1)  # a wider ideal covering rels
    return [
        (
            "precision_at_k",
            ranking.precision_at_k(rels, k=k),
            lambda i: ranking.precision_at_k(rels[i], k=k),
        ),
        (
            "recall_at_k",
            ranking.recall_at_k(rels, k=k, n_relevant=n_relevant),
            lambda i: ranking.recall_at_k(rels[i], k=k, n_relevant=int(n_relevant[i])),
        ),
        (
            "average_precision",
            ranking.average_precision(rels, n_relevant=n_relevant, k=k),
            lambda i: ranking.average_precision(rels[i], n_relevant=int(n_relevant[i]), k=k),
        ),
        (
            "reciprocal_rank",
            ranking.reciprocal_rank(rels, k=k),
            lambda i: ranking.reciprocal_rank(rels[i], k=k),
        ),
        ("hit_rate", ranking.hit_rate(rels, k=k), lambda i: ranking.hit_rate(rels[i], k=k)),
        ("cg", ranking.cg(rels, k=k), lambda i: ranking.cg(rels[i], k=k)),
        ("dcg", ranking.dcg(rels, k=k, gain=gain), lambda i: ranking.dcg(rels[i], k=k, gain=gain)),
        (
            "ndcg",
            ranking.ndcg(rels, k=k, gain=gain),
            lambda i: ranking.ndcg(rels[i], k=k, gain=gain),
        ),
        (
            "ndcg-ideal",
            ranking.ndcg(rels, k=k, ideal=ideal, gain=gain),
            lambda i: ranking.ndcg(rels[i], k=k, ideal=ideal[i], gain=gain),
        ),
        (
            "interpolated_precision",
            ranking.interpolated_precision(rels, recall_levels=levels, n_relevant=n_relevant),
            lambda i: ranking.interpolated_precision(
                rels[i], recall_levels=levels, n_relevant=int(n_relevant[i])
            ),
        ),
        (
            "eleven_point_ap",
            ranking.eleven_point_ap(rels, n_relevant=n_relevant),
            lambda i: ranking.eleven_point_ap(rels[i], n_relevant=int(n_relevant[i])),
        ),
    ]


@quiet
@settings(max_examples=150)
@given(batches, st.data(), st.integers(1, 15), gains)
def test_each_row_of_a_batch_equals_the_one_list_result(rels, data, k, gain):
    present = (rels > 0).sum(axis=1)
    extra = data.draw(arrays(np.int64, rels.shape[0], elements=st.integers(0, 3)))
    n_relevant = present + extra  # relevant items never retrieved
    for name, batch, one_list in _row_checks(rels, n_relevant, k, gain):
        assert len(batch) == rels.shape[0], name
        for i in range(rels.shape[0]):
            np.testing.assert_array_equal(batch[i], one_list(i), err_msg=f"{name}, row {i}")


@quiet
@given(batches, st.integers(1, 15))
def test_means_over_a_batch_equal_means_of_the_rows(rels, k):
    ap = ranking.average_precision(rels, k=k)
    if np.isnan(ap).all():
        assert np.isnan(ranking.mean_average_precision(rels, k=k))
    else:
        assert ranking.mean_average_precision(rels, k=k) == pytest.approx(np.nanmean(ap))
    assert ranking.mean_average_precision(rels, k=k, zero_division=0.0) == pytest.approx(
        np.nan_to_num(ap).mean()
    )
    assert ranking.mean_reciprocal_rank(rels, k=k) == pytest.approx(
        ranking.reciprocal_rank(rels, k=k).mean()
    )
    hits = (rels[:, :k] > 0).sum()
    if (rels > 0).any():
        assert ranking.micro_recall_at_k(rels, k=k) == pytest.approx(hits / (rels > 0).sum())
