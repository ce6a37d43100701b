"""Bad inputs to evalmetrics.ranking: each raises the right type and names the argument."""

from __future__ import annotations

import numpy as np
import pytest

from evalmetrics import ranking

R = [1, 0, 1, 0]  # a valid 1-D list
R2 = [[1, 0, 1], [0, 1, 0]]  # a valid 2-D batch

BAD_INPUTS = [
    # k: a positive Python or numpy integer
    pytest.param(lambda: ranking.precision_at_k(R, k=10.0), TypeError, r"^k must be", id="k-float"),
    pytest.param(lambda: ranking.precision_at_k(R, k=0), ValueError, r"^k must be", id="k-zero"),
    pytest.param(lambda: ranking.recall_at_k(R, k=-2), ValueError, r"^k must be", id="k-negative"),
    pytest.param(lambda: ranking.hit_rate(R, k=True), TypeError, r"^k must be", id="k-bool"),
    pytest.param(
        lambda: ranking.micro_recall_at_k(R, k="3"), TypeError, r"^k must be", id="k-string"
    ),
    pytest.param(
        lambda: ranking.average_precision(R, k=2.5), TypeError, r"^k must be", id="k-float-ap"
    ),
    pytest.param(
        lambda: ranking.ndcg(R, k=np.float64(3)), TypeError, r"^k must be", id="k-numpy-float"
    ),
    # rels: finite, non-negative, numeric, 1-D or 2-D, not empty
    pytest.param(
        lambda: ranking.dcg([1, np.nan, 0]),
        ValueError,
        r"^rels contains NaN at index 1",
        id="rels-nan",
    ),
    pytest.param(
        lambda: ranking.cg([[1, 0], [np.inf, 0]]),
        ValueError,
        r"^rels contains an infinite value at index \(1, 0\)",
        id="rels-inf",
    ),
    pytest.param(
        lambda: ranking.average_precision([1, -1, 0]),
        ValueError,
        r"^rels contains a negative grade -1",
        id="rels-negative",
    ),
    pytest.param(
        lambda: ranking.ndcg(np.zeros((2, 2, 2))),
        ValueError,
        r"^rels must be 1-D .* or 2-D",
        id="rels-3d",
    ),
    pytest.param(
        lambda: ranking.precision_at_k([], k=1), ValueError, r"^rels is empty", id="rels-empty"
    ),
    pytest.param(
        lambda: ranking.reciprocal_rank([[]]), ValueError, r"^rels is empty", id="rels-empty-2d"
    ),
    pytest.param(lambda: ranking.cg(3), ValueError, r"^rels must be .*scalar", id="rels-scalar"),
    pytest.param(
        lambda: ranking.cg(["a", "b"]), TypeError, r"^rels must hold numeric", id="rels-strings"
    ),
    pytest.param(lambda: ranking.cg(None), TypeError, r"^rels must be", id="rels-none"),
    pytest.param(lambda: ranking.cg("101"), TypeError, r"^rels must be", id="rels-a-string"),
    pytest.param(lambda: ranking.cg({1, 0}), TypeError, r"^rels must be an ordered", id="rels-set"),
    pytest.param(
        lambda: ranking.cg([1 + 2j, 0]), TypeError, r"^rels must hold real", id="rels-complex"
    ),
    pytest.param(
        lambda: ranking.cg([[1, 0], [1]]), ValueError, r"^rels must be .*pad", id="rels-ragged"
    ),
    pytest.param(
        lambda: ranking.cg([1, None]), TypeError, r"^rels must hold numeric", id="rels-none-inside"
    ),
    # n_relevant: non-negative integers, one per row, not below the relevant items present
    pytest.param(
        lambda: ranking.average_precision(R, n_relevant=-1),
        ValueError,
        r"^n_relevant must be >= 0",
        id="n_relevant-negative",
    ),
    pytest.param(
        lambda: ranking.recall_at_k(R, k=2, n_relevant=2.0),
        TypeError,
        r"^n_relevant must be an integer",
        id="n_relevant-float",
    ),
    pytest.param(
        lambda: ranking.recall_at_k(R, k=2, n_relevant=True),
        TypeError,
        r"^n_relevant must be an integer",
        id="n_relevant-bool",
    ),
    pytest.param(
        lambda: ranking.average_precision([1, 1, 0], n_relevant=1),
        ValueError,
        r"^n_relevant is smaller than the relevant items",
        id="n_relevant-too-small",
    ),
    pytest.param(
        lambda: ranking.average_precision(R2, n_relevant=[2, 0]),
        ValueError,
        r"^n_relevant is smaller .* row 1",
        id="n_relevant-too-small-row",
    ),
    pytest.param(
        lambda: ranking.average_precision(R2, n_relevant=[2, 2, 2]),
        ValueError,
        r"^n_relevant has shape \(3,\) but rels has 2 rows",
        id="n_relevant-wrong-shape",
    ),
    pytest.param(
        lambda: ranking.micro_recall_at_k(R2, k=2, n_relevant=[[2, 2]]),
        ValueError,
        r"^n_relevant has shape",
        id="n_relevant-2d",
    ),
    pytest.param(
        lambda: ranking.eleven_point_ap(R2, n_relevant=[2.0, 3.0]),
        TypeError,
        r"^n_relevant must hold integer",
        id="n_relevant-float-array",
    ),
    pytest.param(
        lambda: ranking.average_precision(R, n_relevant=[2]),
        TypeError,
        r"^n_relevant must be one integer",
        id="n_relevant-list-for-1d",
    ),
    # ideal: same layout as rels, valid grades, covering the grades of rels
    pytest.param(
        lambda: ranking.ndcg(R2, ideal=[1, 1, 1]),
        ValueError,
        r"^ideal must be 2-D",
        id="ideal-1d-for-2d",
    ),
    pytest.param(
        lambda: ranking.ndcg(R2, ideal=np.ones((3, 4))),
        ValueError,
        r"^ideal must be 2-D with one row per row of rels \(2 rows\)",
        id="ideal-wrong-rows",
    ),
    pytest.param(
        lambda: ranking.ndcg(R, ideal=[[1, 1]]),
        ValueError,
        r"^ideal must be 1-D",
        id="ideal-2d-for-1d",
    ),
    pytest.param(
        lambda: ranking.ndcg([2, 1], ideal=[2]),
        ValueError,
        r"^ideal lacks positive grades",
        id="ideal-lacks-an-item",
    ),
    pytest.param(
        lambda: ranking.ndcg([3, 0], ideal=[2, 2, 2]),
        ValueError,
        r"^ideal lacks positive grades",
        id="ideal-lacks-a-high-grade",
    ),
    pytest.param(
        lambda: ranking.ndcg(R, ideal=[1, np.nan, 1]),
        ValueError,
        r"^ideal contains NaN",
        id="ideal-nan",
    ),
    pytest.param(
        lambda: ranking.ndcg(R, ideal=[1, -2, 1]),
        ValueError,
        r"^ideal contains a negative",
        id="ideal-negative",
    ),
    # options
    pytest.param(
        lambda: ranking.dcg(R, gain="exp"), ValueError, r"^gain must be one of", id="gain-unknown"
    ),
    pytest.param(
        lambda: ranking.ndcg(R, gain=None), ValueError, r"^gain must be one of", id="gain-none"
    ),
    pytest.param(
        lambda: ranking.dcg([2000, 0]),
        ValueError,
        r"^rels holds the grade 2000",
        id="gain-exponential-overflow",
    ),
    pytest.param(
        lambda: ranking.mean_average_precision(R2, zero_division="skip"),
        ValueError,
        r"^zero_division must be 'warn', 0.0, 1.0 or nan",
        id="zero-division-unknown",
    ),
    # recall levels
    pytest.param(
        lambda: ranking.interpolated_precision(R, recall_levels=1.5),
        ValueError,
        r"^recall_levels must lie in \[0, 1\]",
        id="levels-above-1",
    ),
    pytest.param(
        lambda: ranking.interpolated_precision(R, recall_levels=[0.1, np.nan]),
        ValueError,
        r"^recall_levels must lie in .* index 1",
        id="levels-nan",
    ),
    pytest.param(
        lambda: ranking.interpolated_precision(R, recall_levels=["a"]),
        TypeError,
        r"^recall_levels must be numeric",
        id="levels-strings",
    ),
    pytest.param(
        lambda: ranking.interpolated_precision(R, recall_levels=[]),
        ValueError,
        r"^recall_levels is empty",
        id="levels-empty",
    ),
    # judge
    pytest.param(
        lambda: ranking.judge(["d1", "d2", "d1"], {"d1": 1}),
        ValueError,
        r"^ranked_ids contains duplicate id 'd1' \(positions 0 and 2\)",
        id="judge-duplicates",
    ),
    pytest.param(
        lambda: ranking.judge([], {"d1": 1}),
        ValueError,
        r"^ranked_ids is empty",
        id="judge-empty",
    ),
    pytest.param(
        lambda: ranking.judge({"d1", "d2"}, {"d1": 1}),
        TypeError,
        r"^ranked_ids must be an ordered",
        id="judge-unordered-ids",
    ),
    pytest.param(
        lambda: ranking.judge([["d1"], ["d2"]], {"d1": 1}),
        TypeError,
        r"^ranked_ids must hold hashable",
        id="judge-unhashable-ids",
    ),
    pytest.param(
        lambda: ranking.judge(["d1"], ["d1"]),
        TypeError,
        r"^qrels must be a dict",
        id="judge-qrels-list",
    ),
    pytest.param(
        lambda: ranking.judge(["d1"], {"d1": float("nan")}),
        ValueError,
        r"^qrels grades must be finite",
        id="judge-qrels-nan",
    ),
    pytest.param(
        lambda: ranking.judge(["d1"], {"d1": "high"}),
        TypeError,
        r"^qrels must map ids to numeric grades",
        id="judge-qrels-non-numeric",
    ),
]


@pytest.mark.parametrize(("call", "error", "message"), BAD_INPUTS)
def test_bad_ranking_input_raises_naming_the_argument(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_at_least_40_distinct_bad_ranking_inputs():
    assert len({p.id for p in BAD_INPUTS}) == len(BAD_INPUTS) >= 40


def test_numpy_integers_are_accepted_as_k_and_n_relevant():
    assert ranking.precision_at_k(R, k=np.int64(2)) == 0.5
    assert ranking.average_precision(R2, n_relevant=np.array([2, 1], dtype=np.int32))[1] == 0.5


def test_bool_grades_count_as_zero_and_one():
    assert ranking.precision_at_k([True, False], k=2) == 0.5
