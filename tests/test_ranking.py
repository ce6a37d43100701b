"""Hand-computed cases for evalmetrics.ranking.

Every expected value is worked out by hand in the comment or the expression next to it
(fractions and logarithms written out), never taken from the code under test.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from evalmetrics import UndefinedMetricWarning, ranking

log2 = math.log2

# Document 000's AP example: relevant items at ranks 1, 3 and 6, N = 3 relevant in total.
DOC000 = [1, 0, 1, 0, 0, 1]
# The usual graded example (Wikipedia's DCG article): grades in rank order.
GRADED = [3, 2, 3, 0, 1, 2]


@pytest.fixture
def no_warnings():
    """Fail on any warning inside the block (defined values must stay silent)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        yield


# --- precision@k -------------------------------------------------------------------------


def test_precision_at_k_by_hand(no_warnings):
    assert ranking.precision_at_k(DOC000, k=1) == 1.0
    assert ranking.precision_at_k(DOC000, k=3) == pytest.approx(2 / 3)
    assert ranking.precision_at_k(DOC000, k=6) == 0.5
    assert ranking.precision_at_k([2, 0, 3], k=2) == 0.5  # any grade > 0 is relevant


def test_precision_at_k_beyond_the_list_divides_by_k(no_warnings):
    assert ranking.precision_at_k([1, 0, 1], k=5) == 2 / 5
    assert ranking.precision_at_k([1, 0, 1], k=10) == 2 / 10


def test_precision_at_k_two_dimensional_with_padding(no_warnings):
    rels = [[1, 0, 1, 0], [0, 1, 0, 0]]  # the second list has depth 2, padded with 0
    result = ranking.precision_at_k(rels, k=4)
    assert isinstance(result, np.ndarray) and result.shape == (2,)
    np.testing.assert_array_equal(result, [2 / 4, 1 / 4])
    assert ranking.precision_at_k([0, 1], k=4) == 1 / 4


def test_one_dimensional_input_returns_a_python_float(no_warnings):
    assert type(ranking.precision_at_k(DOC000, k=3)) is float
    assert type(ranking.average_precision(DOC000)) is float
    assert type(ranking.ndcg(GRADED)) is float
    assert type(ranking.micro_recall_at_k([[1, 0], [0, 1]], k=1)) is float
    assert type(ranking.mean_average_precision([[1, 0], [0, 1]])) is float


# --- recall@k ----------------------------------------------------------------------------


def test_recall_at_k_by_hand(no_warnings):
    assert ranking.recall_at_k(DOC000, k=3) == pytest.approx(2 / 3)
    assert ranking.recall_at_k(DOC000, k=6) == 1.0
    assert ranking.recall_at_k(DOC000, k=3, n_relevant=4) == 2 / 4
    assert ranking.recall_at_k(DOC000, k=10, n_relevant=4) == 3 / 4  # n_relevant > hits


def test_recall_at_k_two_dimensional_per_row_n_relevant(no_warnings):
    rels = [[1, 0, 1], [0, 1, 0]]
    np.testing.assert_array_equal(ranking.recall_at_k(rels, k=1, n_relevant=[2, 3]), [1 / 2, 0])
    np.testing.assert_array_equal(ranking.recall_at_k(rels, k=3, n_relevant=5), [2 / 5, 1 / 5])


def test_recall_at_k_without_relevant_items_is_nan_with_warning():
    with pytest.warns(UndefinedMetricWarning, match=r"recall_at_k is undefined.*n_relevant"):
        assert math.isnan(ranking.recall_at_k([0, 0, 0], k=2))
    with pytest.warns(UndefinedMetricWarning, match="for 1 of 2 lists"):
        result = ranking.recall_at_k([[1, 0], [0, 0]], k=1)
    assert result[0] == 1.0 and math.isnan(result[1])


# --- average precision -------------------------------------------------------------------


def test_document_000_ap_example(no_warnings):
    # AP = (1/N) sum_i i / position(i) with positions 1, 3, 6 and N = 3
    expected = (1 / 1 + 2 / 3 + 3 / 6) / 3  # = 13/18 = 0.7222...
    assert ranking.average_precision(DOC000) == pytest.approx(expected, rel=1e-15)
    assert ranking.average_precision(DOC000) == pytest.approx(13 / 18, rel=1e-15)
    # the document prints "(1 + 1/3 + 3/6) / 3 = 0.778": neither its arithmetic nor its result
    assert (1 + 1 / 3 + 3 / 6) / 3 == pytest.approx(0.6111, abs=1e-4)
    assert ranking.average_precision(DOC000) != pytest.approx(0.778, abs=1e-3)


def test_average_precision_counts_relevant_items_never_retrieved(no_warnings):
    assert ranking.average_precision(DOC000, n_relevant=5) == pytest.approx((1 + 2 / 3 + 3 / 6) / 5)
    assert ranking.average_precision([0, 1], n_relevant=3) == pytest.approx((1 / 2) / 3)


def test_average_precision_with_cut_off(no_warnings):
    assert ranking.average_precision(DOC000, k=1) == pytest.approx(1 / 3)
    assert ranking.average_precision(DOC000, k=3) == pytest.approx((1 + 2 / 3) / 3)
    assert ranking.average_precision(DOC000, k=100) == ranking.average_precision(DOC000)


def test_average_precision_graded_grades_count_as_relevant(no_warnings):
    assert ranking.average_precision([3, 0, 1]) == pytest.approx((1 + 2 / 3) / 2)


def test_average_precision_two_dimensional(no_warnings):
    rels = [[1, 1], [0, 1]]
    np.testing.assert_allclose(
        ranking.average_precision(rels, n_relevant=[4, 2]), [(1 + 1) / 4, (1 / 2) / 2]
    )
    np.testing.assert_allclose(
        ranking.average_precision(rels, n_relevant=3), [(1 + 1) / 3, (1 / 2) / 3]
    )


def test_average_precision_without_relevant_items_is_nan_with_warning():
    rels = [DOC000, [0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]
    with pytest.warns(UndefinedMetricWarning, match="for 1 of 3 lists"):
        result = ranking.average_precision(rels)
    np.testing.assert_allclose(result[:2], [13 / 18, 1 / 2])
    assert math.isnan(result[2])
    with pytest.warns(UndefinedMetricWarning, match="average_precision is undefined"):
        assert math.isnan(ranking.average_precision([0, 0], n_relevant=0))


# --- mean average precision --------------------------------------------------------------


def test_mean_average_precision_by_hand(no_warnings):
    rels = [DOC000, [0, 1, 0, 0, 0, 0]]
    assert ranking.mean_average_precision(rels) == pytest.approx((13 / 18 + 1 / 2) / 2)
    assert ranking.mean_average_precision(DOC000) == pytest.approx(13 / 18)
    assert ranking.mean_average_precision(rels, k=1) == pytest.approx((1 / 3 + 0) / 2)


def test_mean_average_precision_leaves_undefined_lists_out_and_says_how_many():
    empty = [0, 0, 0, 0, 0, 0]
    rels = [DOC000, empty, [0, 1, 0, 0, 0, 0], empty]
    with pytest.warns(UndefinedMetricWarning, match="left out 2 of 4 lists") as caught:
        skipped = ranking.mean_average_precision(rels)
    assert len(caught) == 1
    # the message names the value that gives trec_eval's (0.0 for a judged query without
    # relevant documents), not the -c option, which concerns queries missing from the run
    message = str(caught[0].message)
    assert "zero_division=0.0" in message and "trec_eval" in message and "-c" not in message
    assert skipped == pytest.approx((13 / 18 + 1 / 2) / 2)


def test_mean_average_precision_zero_division_counts_undefined_lists_as_that_value(
    no_warnings,
):
    empty = [0, 0, 0, 0, 0, 0]
    rels = [DOC000, empty, [0, 1, 0, 0, 0, 0], empty]
    zero = ranking.mean_average_precision(rels, zero_division=0.0)
    assert zero == pytest.approx((13 / 18 + 0 + 1 / 2 + 0) / 4)
    one = ranking.mean_average_precision(rels, zero_division=1.0)
    assert one == pytest.approx((13 / 18 + 1 + 1 / 2 + 1) / 4)
    left_out = ranking.mean_average_precision(rels, zero_division=np.nan)
    assert left_out == pytest.approx((13 / 18 + 1 / 2) / 2)


def test_mean_average_precision_all_undefined_is_nan_with_warning():
    with pytest.warns(UndefinedMetricWarning, match="all 2 lists"):
        assert math.isnan(ranking.mean_average_precision([[0, 0], [0, 0]]))


# --- reciprocal rank ---------------------------------------------------------------------


def test_reciprocal_rank_by_hand(no_warnings):
    assert ranking.reciprocal_rank([0, 0, 1, 0, 1]) == pytest.approx(1 / 3)
    assert ranking.reciprocal_rank([0, 0, 1, 0, 1], k=2) == 0.0
    assert ranking.reciprocal_rank([0, 0, 1, 0, 1], k=3) == pytest.approx(1 / 3)
    assert ranking.reciprocal_rank([0, 0, 0]) == 0.0  # defined: no warning
    rels = [[0, 0, 1, 0], [0, 0, 0, 1], [1, 0, 0, 0], [0, 0, 0, 0]]
    np.testing.assert_allclose(ranking.reciprocal_rank(rels), [1 / 3, 1 / 4, 1, 0])


def test_document_000_mrr_example(no_warnings):
    # the first correct answers are at ranks 3 and 4: MRR = (1/3 + 1/4) / 2 = 7/24
    rels = [[0, 0, 1, 0], [0, 0, 0, 1]]
    assert ranking.mean_reciprocal_rank(rels) == pytest.approx(7 / 24, rel=1e-15)
    assert ranking.mean_reciprocal_rank(rels, k=3) == pytest.approx((1 / 3 + 0) / 2)


# --- hit rate and hit ratio --------------------------------------------------------------


def test_hit_rate_by_hand(no_warnings):
    assert ranking.hit_rate([0, 1, 1, 0], k=1) == 0.0
    assert ranking.hit_rate([0, 1, 1, 0], k=2) == 1.0
    np.testing.assert_array_equal(ranking.hit_rate([[0, 1, 1, 0], [0, 0, 0, 1]], k=2), [1, 0])


def test_hit_ratio_and_hit_rate_differ_with_several_relevant_items(no_warnings):
    rels = [[1, 1, 0, 0], [0, 0, 0, 1]]
    # document 001: Num@2 / GT = (2 + 0) / (2 + 1)
    assert ranking.micro_recall_at_k(rels, k=2) == pytest.approx(2 / 3)
    # ranx / RecBole: mean of "any hit in the top 2" = (1 + 0) / 2
    assert ranking.hit_rate(rels, k=2).mean() == 0.5
    assert ranking.micro_recall_at_k(rels, k=2, n_relevant=[4, 2]) == pytest.approx(2 / 6)


def test_hit_ratio_and_hit_rate_coincide_with_one_relevant_item_per_list(no_warnings):
    # leave-one-out: each user has one test item; user 4's item was not retrieved at all
    rels = [[0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 0, 0]]
    n_relevant = [1, 1, 1, 1]
    assert ranking.micro_recall_at_k(rels, k=2, n_relevant=n_relevant) == 2 / 4
    assert ranking.hit_rate(rels, k=2).mean() == 2 / 4


def test_hit_ratio_is_micro_averaged_recall(no_warnings):
    rels = np.array([[1, 0, 1, 1], [0, 1, 0, 0], [1, 1, 1, 0]])
    n_relevant = np.array([5, 1, 4])
    recalls = ranking.recall_at_k(rels, k=2, n_relevant=n_relevant)
    micro = (recalls * n_relevant).sum() / n_relevant.sum()  # = (1 + 1 + 2) / 10
    assert ranking.micro_recall_at_k(rels, k=2, n_relevant=n_relevant) == pytest.approx(micro)
    assert ranking.micro_recall_at_k(rels, k=2, n_relevant=n_relevant) == pytest.approx(4 / 10)
    assert ranking.micro_recall_at_k([1, 0, 1], k=2) == 1 / 2


def test_hit_ratio_without_any_relevant_item_is_nan_with_warning():
    with pytest.warns(UndefinedMetricWarning, match="micro_recall_at_k is undefined"):
        assert math.isnan(ranking.micro_recall_at_k([[0, 0], [0, 0]], k=1))


# --- CG, DCG, NDCG -----------------------------------------------------------------------


def test_cg_by_hand(no_warnings):
    assert ranking.cg(GRADED) == 3 + 2 + 3 + 0 + 1 + 2
    assert ranking.cg(GRADED, k=3) == 3 + 2 + 3
    np.testing.assert_array_equal(ranking.cg([[3, 2, 3], [0, 0, 1]], k=2), [5, 0])


def test_dcg_linear_and_exponential_by_hand(no_warnings):
    linear = 3 / 1 + 2 / log2(3) + 3 / 2 + 0 + 1 / log2(6) + 2 / log2(7)
    exponential = 7 / 1 + 3 / log2(3) + 7 / 2 + 0 + 1 / log2(6) + 3 / log2(7)
    assert ranking.dcg(GRADED, gain="linear") == pytest.approx(linear, rel=1e-15)
    assert ranking.dcg(GRADED) == pytest.approx(exponential, rel=1e-15)  # default: exponential
    assert ranking.dcg(GRADED, k=2, gain="linear") == pytest.approx(3 + 2 / log2(3))
    assert ranking.dcg([1, 0, 1], gain="linear") == ranking.dcg([1, 0, 1])  # binary: equal


def test_ndcg_exponential_versus_linear_gain_on_one_graded_list(no_warnings):
    # ideal order of the same six grades: 3, 3, 2, 2, 1, 0
    dcg_lin = 3 + 2 / log2(3) + 3 / 2 + 1 / log2(6) + 2 / log2(7)
    idcg_lin = 3 + 3 / log2(3) + 2 / 2 + 2 / log2(5) + 1 / log2(6)
    dcg_exp = 7 + 3 / log2(3) + 7 / 2 + 1 / log2(6) + 3 / log2(7)
    idcg_exp = 7 + 7 / log2(3) + 3 / 2 + 3 / log2(5) + 1 / log2(6)
    linear = ranking.ndcg(GRADED, gain="linear")
    exponential = ranking.ndcg(GRADED, gain="exponential")
    assert linear == pytest.approx(dcg_lin / idcg_lin, rel=1e-15)  # 0.9608
    assert exponential == pytest.approx(dcg_exp / idcg_exp, rel=1e-15)  # 0.9488
    assert exponential < linear
    # with a cut-off at 3 for DCG and IDCG alike
    assert ranking.ndcg(GRADED, k=3, gain="linear") == pytest.approx(
        (3 + 2 / log2(3) + 3 / 2) / (3 + 3 / log2(3) + 2 / 2)
    )


def test_ndcg_ideal_longer_than_rels(no_warnings):
    # retrieved grades 2, 0, 1; the judgements also hold an unretrieved 2 and 1
    rels, ideal = [2, 0, 1], [2, 1, 2, 0, 1]
    idcg = 2 + 2 / log2(3) + 1 / 2 + 1 / log2(5)  # ideal sorted: 2, 2, 1, 1, 0
    assert ranking.ndcg(rels, ideal=ideal, gain="linear") == pytest.approx((2 + 1 / 2) / idcg)
    assert ranking.ndcg(rels, k=2, ideal=ideal, gain="linear") == pytest.approx(
        2 / (2 + 2 / log2(3))
    )
    # k beyond the list: IDCG keeps counting the ideal's deeper items
    assert ranking.ndcg([1, 0], k=5, ideal=[1, 1, 1]) == pytest.approx(
        1 / (1 + 1 / log2(3) + 1 / 2)
    )


def test_ndcg_two_dimensional_ideal(no_warnings):
    rels = [[1, 0], [0, 2]]
    ideal = [[1, 1, 0], [2, 0, 0]]
    expected = [1 / (1 + 1 / log2(3)), (3 / log2(3)) / 3]
    np.testing.assert_allclose(ranking.ndcg(rels, ideal=ideal), expected, rtol=1e-15)


def test_ndcg_is_one_for_an_ideal_ranking(no_warnings):
    assert ranking.ndcg([3, 3, 2, 2, 1, 0]) == 1.0
    assert ranking.ndcg([3, 3, 2, 0], ideal=[3, 2, 3, 0, 0]) == 1.0


def test_ndcg_with_idcg_zero_is_nan_with_warning():
    with pytest.warns(UndefinedMetricWarning, match="ndcg is undefined.*IDCG is 0"):
        assert math.isnan(ranking.ndcg([0, 0, 0]))
    with pytest.warns(UndefinedMetricWarning, match="for 1 of 2 lists"):
        result = ranking.ndcg([[0, 1], [0, 0]], gain="linear")
    assert result[0] == pytest.approx(1 / log2(3)) and math.isnan(result[1])


# --- interpolated precision and 11-point AP ----------------------------------------------


def test_interpolated_precision_by_hand(no_warnings):
    # precision 1, 2/3 and 1/2 at the three hits, recall 1/3, 2/3 and 1
    levels = [0.0, 0.3, 0.4, 0.5, 2 / 3, 0.7, 1.0]
    expected = [1, 1, 2 / 3, 2 / 3, 2 / 3, 1 / 2, 1 / 2]
    np.testing.assert_allclose(
        ranking.interpolated_precision(DOC000, recall_levels=levels), expected
    )
    assert ranking.interpolated_precision(DOC000, recall_levels=0.5) == pytest.approx(2 / 3)


def test_interpolated_precision_level_0_7_with_3_relevant_needs_3_hits(no_warnings):
    # recall 2/3 < 0.7, so level 0.7 is first reached at the third hit (precision 3/6);
    # trec_eval 9 rounds (long)(0.7 * 3 + 0.9) = 2 hits and would report 2/3 here
    assert ranking.interpolated_precision(DOC000, recall_levels=0.7) == 0.5
    assert ranking.interpolated_precision(DOC000, recall_levels=0.7, n_relevant=3) == 0.5


def test_interpolated_precision_level_never_reached_is_zero(no_warnings):
    # 4 relevant items, 3 retrieved: recall never reaches 1
    np.testing.assert_allclose(
        ranking.interpolated_precision(DOC000, recall_levels=[0.75, 1.0], n_relevant=4), [1 / 2, 0]
    )


def test_interpolated_precision_absorbs_float_rounding_of_the_level(no_warnings):
    # 7 of 25 relevant items is recall 0.28 exactly, but 0.28 * 25 == 7.000000000000001 in
    # binary floating point: without the 1e-9 slack, level 0.28 would need an 8th hit
    assert 0.28 * 25 > 7
    rels = [1] * 7 + [0] * 5
    assert ranking.interpolated_precision(rels, recall_levels=0.28, n_relevant=25) == 1.0
    assert ranking.interpolated_precision(rels, recall_levels=0.29, n_relevant=25) == 0.0


def test_interpolated_precision_two_dimensional_shape(no_warnings):
    rels = [DOC000, [0, 1, 0, 0, 0, 0]]
    result = ranking.interpolated_precision(rels, recall_levels=[0.0, 1.0])
    assert result.shape == (2, 2)
    np.testing.assert_allclose(result, [[1, 1 / 2], [1 / 2, 1 / 2]])
    np.testing.assert_allclose(
        ranking.interpolated_precision(rels, recall_levels=1.0), [1 / 2, 1 / 2]
    )


def test_interpolated_precision_without_relevant_items_is_nan_with_warning():
    with pytest.warns(UndefinedMetricWarning, match="interpolated_precision is undefined"):
        assert np.isnan(ranking.interpolated_precision([0, 0], recall_levels=[0.0, 0.5])).all()


def test_eleven_point_ap_by_hand(no_warnings):
    # levels 0..0.3 need 1 hit (precision 1), 0.4..0.6 need 2 (2/3), 0.7..1.0 need 3 (1/2)
    assert ranking.eleven_point_ap(DOC000) == pytest.approx((4 * 1 + 3 * 2 / 3 + 4 / 2) / 11)
    # trec_eval 9 would count level 0.7 as reached with 2 hits: (4 + 4 * 2/3 + 3/2) / 11
    assert ranking.eleven_point_ap(DOC000) != pytest.approx((4 + 4 * 2 / 3 + 3 / 2) / 11)
    # hits at ranks 2 and 4 (precision 1/2 each); 4 relevant: levels 0.6..1.0 never reached
    assert ranking.eleven_point_ap([0, 1, 0, 1]) == pytest.approx(0.5)
    assert ranking.eleven_point_ap([0, 1, 0, 1], n_relevant=4) == pytest.approx(6 * 0.5 / 11)


def test_eleven_point_ap_two_dimensional_and_undefined():
    rels = [DOC000, [0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]]
    with pytest.warns(UndefinedMetricWarning, match="for 1 of 3 lists"):
        result = ranking.eleven_point_ap(rels)
    np.testing.assert_allclose(result[:2], [8 / 11, 1 / 2])
    assert math.isnan(result[2])


# --- padding -----------------------------------------------------------------------------


def test_padding_with_zeros_changes_no_value(no_warnings):
    short, padded = [2, 0, 1], [2, 0, 1, 0, 0, 0, 0]
    for k in (1, 2, 3, 5):
        assert ranking.precision_at_k(short, k=k) == ranking.precision_at_k(padded, k=k)
        assert ranking.recall_at_k(short, k=k, n_relevant=4) == ranking.recall_at_k(
            padded, k=k, n_relevant=4
        )
    assert ranking.average_precision(short, n_relevant=3) == ranking.average_precision(
        padded, n_relevant=3
    )
    assert ranking.reciprocal_rank(short) == ranking.reciprocal_rank(padded)
    assert ranking.dcg(short) == ranking.dcg(padded)
    assert ranking.ndcg(short, ideal=[2, 1, 1]) == ranking.ndcg(padded, ideal=[2, 1, 1])
    assert ranking.eleven_point_ap(short) == ranking.eleven_point_ap(padded)


# --- judge -------------------------------------------------------------------------------


def test_judge_with_graded_qrels_and_unjudged_items(no_warnings):
    qrels = {"d1": 2, "d3": 1, "d9": 3}
    rels = ranking.judge(["d3", "d7", "d1"], qrels)
    np.testing.assert_array_equal(rels, [1, 0, 2])
    assert rels.dtype == np.float64
    # the rest of the judgements feed n_relevant and ideal
    assert ranking.ndcg(rels, ideal=list(qrels.values()), gain="linear") == pytest.approx(
        (1 + 2 / 2) / (3 + 2 / log2(3) + 1 / 2)
    )
    assert ranking.average_precision(rels, n_relevant=3) == pytest.approx((1 + 2 / 3) / 3)


def test_judge_with_a_set_of_relevant_ids(no_warnings):
    np.testing.assert_array_equal(ranking.judge(["d3", "d7", "d1"], {"d1", "d9"}), [0, 0, 1])
    np.testing.assert_array_equal(ranking.judge(np.array([5, 2, 7]), {2: 1, 7: 0}), [0, 1, 0])


# --- the one 0/0 policy: zero_division in every ranking function that can meet 0/0 --------

# (call with zero_division, rels with one undefined list of three, the defined values by hand)
_TWO_DEFINED = [[1, 0, 1, 0], [0, 0, 0, 0], [0, 1, 0, 0]]
_POLICY_CASES = [
    pytest.param(
        lambda r, z: ranking.recall_at_k(r, k=2, zero_division=z),
        [1 / 2, None, 1.0],
        "recall_at_k is undefined (0/0: n_relevant is 0)",
        id="recall_at_k",
    ),
    pytest.param(
        lambda r, z: ranking.average_precision(r, zero_division=z),
        [(1 + 2 / 3) / 2, None, 1 / 2],
        "average_precision is undefined (0/0: n_relevant is 0)",
        id="average_precision",
    ),
    pytest.param(
        lambda r, z: ranking.average_precision(r, k=2, denominator="retrieved", zero_division=z),
        [1.0, None, 1 / 2],
        "average_precision is undefined (0/0: the number of relevant items in the top k is 0)",
        id="average_precision-retrieved",
    ),
    pytest.param(
        lambda r, z: ranking.average_precision(r, k=2, denominator="min_k", zero_division=z),
        [1 / 2, None, 1 / 2],
        "average_precision is undefined (0/0: n_relevant is 0)",
        id="average_precision-min_k",
    ),
    pytest.param(
        lambda r, z: ranking.ndcg(r, gain="linear", zero_division=z),
        [(1 + 1 / 2) / (1 + 1 / np.log2(3)), None, (1 / np.log2(3)) / 1],
        "ndcg is undefined (0/0: IDCG is 0)",
        id="ndcg",
    ),
    pytest.param(
        lambda r, z: ranking.interpolated_precision(r, recall_levels=0.5, zero_division=z),
        [1.0, None, 1 / 2],
        "interpolated_precision is undefined (0/0: n_relevant is 0)",
        id="interpolated_precision",
    ),
    pytest.param(
        lambda r, z: ranking.eleven_point_ap(r, zero_division=z),
        [(6 * 1 + 5 * 2 / 3) / 11, None, 1 / 2],
        "eleven_point_ap is undefined (0/0: n_relevant is 0)",
        id="eleven_point_ap",
    ),
]


def _expected(defined, value):
    return np.array([value if v is None else v for v in defined], dtype=float)


def _policy_call(call, rels, zero_division):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call(rels, zero_division)
    return result, [str(w.message) for w in caught]


@pytest.mark.parametrize(("call", "defined", "message"), _POLICY_CASES)
def test_zero_division_warn_is_nan_with_one_warning_naming_the_count(call, defined, message):
    result, messages = _policy_call(call, _TWO_DEFINED, "warn")
    np.testing.assert_allclose(result, _expected(defined, np.nan), rtol=1e-15)
    assert len(messages) == 1, messages
    assert messages[0].startswith(message + " for 1 of 3 lists; returning nan.")
    assert "zero_division=0.0, 1.0 or nan" in messages[0]
    # one list: the message has no count
    result, messages = _policy_call(call, _TWO_DEFINED[1], "warn")
    assert math.isnan(result)
    assert len(messages) == 1 and messages[0].startswith(message + "; returning nan.")


@pytest.mark.parametrize("value", [0.0, 1.0, np.nan], ids=["0.0", "1.0", "nan"])
@pytest.mark.parametrize(("call", "defined", "message"), _POLICY_CASES)
def test_zero_division_value_is_returned_silently(call, defined, message, value):
    result, messages = _policy_call(call, _TWO_DEFINED, value)
    assert messages == []
    np.testing.assert_allclose(result, _expected(defined, value), rtol=1e-15)
    one, messages = _policy_call(call, _TWO_DEFINED[1], value)
    assert messages == [] and isinstance(one, float)
    np.testing.assert_array_equal(one, value)


@pytest.mark.parametrize(("call", "defined", "message"), _POLICY_CASES)
def test_zero_division_is_checked_even_when_nothing_is_undefined(call, defined, message):
    with pytest.raises(ValueError, match="zero_division must be 'warn', 0.0, 1.0 or nan"):
        call(_TWO_DEFINED[0], "zero")


def test_interpolated_precision_policy_fills_every_level_of_the_undefined_list():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = ranking.interpolated_precision(
            _TWO_DEFINED, recall_levels=[0.0, 1.0], zero_division=1.0
        )
    np.testing.assert_array_equal(result, [[1.0, 2 / 3], [1.0, 1.0], [1 / 2, 1 / 2]])


@pytest.mark.parametrize("value", [0.0, 1.0, np.nan], ids=["0.0", "1.0", "nan"])
def test_hit_ratio_zero_division_value_is_returned_silently(value):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = ranking.micro_recall_at_k([[0, 0], [0, 0]], k=1, zero_division=value)
    assert isinstance(got, float)
    np.testing.assert_array_equal(got, value)


def test_hit_ratio_warn_message_names_the_empty_denominator():
    with pytest.warns(UndefinedMetricWarning) as caught:
        assert math.isnan(ranking.micro_recall_at_k([[0, 0], [0, 0]], k=1))
    assert len(caught) == 1
    assert str(caught[0].message).startswith("micro_recall_at_k is undefined (0/0: GT")
    # defined: the policy changes nothing
    assert ranking.micro_recall_at_k([[1, 0], [0, 0]], k=1, zero_division=1.0) == 1.0


# MAP's summary rule: undefined lists left out under "warn" (with the count) and nan,
# counted as the value under 0.0 and 1.0; all undefined: nan under "warn" and nan
@pytest.mark.parametrize(
    ("zero_division", "expected", "n_warnings"),
    [
        ("warn", ((1 + 2 / 3) / 2 + 1 / 2) / 2, 1),
        (np.nan, ((1 + 2 / 3) / 2 + 1 / 2) / 2, 0),
        (0.0, ((1 + 2 / 3) / 2 + 0 + 1 / 2) / 3, 0),
        (1.0, ((1 + 2 / 3) / 2 + 1 + 1 / 2) / 3, 0),
    ],
    ids=["warn", "nan", "0.0", "1.0"],
)
def test_mean_average_precision_skip_and_count_rule(zero_division, expected, n_warnings):
    result, messages = _policy_call(
        lambda r, z: ranking.mean_average_precision(r, zero_division=z), _TWO_DEFINED, zero_division
    )
    assert result == pytest.approx(expected, rel=1e-15)
    assert len(messages) == n_warnings, messages
    if n_warnings:
        assert "left out 1 of 3 lists whose AP is undefined" in messages[0]


@pytest.mark.parametrize(
    ("zero_division", "expected", "n_warnings"),
    [("warn", np.nan, 1), (np.nan, np.nan, 0), (0.0, 0.0, 0), (1.0, 1.0, 0)],
    ids=["warn", "nan", "0.0", "1.0"],
)
def test_mean_average_precision_all_lists_undefined(zero_division, expected, n_warnings):
    result, messages = _policy_call(
        lambda r, z: ranking.mean_average_precision(r, zero_division=z),
        [[0, 0], [0, 0]],
        zero_division,
    )
    np.testing.assert_array_equal(result, expected)
    assert len(messages) == n_warnings, messages
    if n_warnings:
        assert "for all 2 lists" in messages[0]


def test_mean_average_precision_has_no_undefined_option_any_more():
    with pytest.raises(TypeError, match="undefined"):
        ranking.mean_average_precision([[1, 0]], undefined="zero")
