"""Cross-check evalmetrics.ranking against trec_eval 9 (pytrec-eval-terrier) on 1,000 queries.

One seeded collection of 1,000 random queries is evaluated by trec_eval once. Each query has
graded judgements (grades 0..3, grade 0 = judged non-relevant) that include relevant documents
the run never retrieved, so ``n_relevant`` exceeds the hits and NDCG needs ``ideal``. Runs
have distinct scores (trec_eval breaks score ties by document id; we avoid ties altogether).

The expected values are trec_eval's. Where both sides follow the same convention they must
agree to the last bit, since evalmetrics accumulates sums rank by rank as trec_eval does. The
per-query checks run in 10 blocks of 100 queries (``block``); a block's failure lists every
query that differs, with both values.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import pytrec_eval  # trec_eval 9, a test-only dependency (requirements-test.txt)

from evalmetrics import UndefinedMetricWarning, ranking

N_QUERIES = 1000
N_BLOCKS = 10
BLOCK_SIZE = N_QUERIES // N_BLOCKS
MAX_DEPTH = 30
ELEVEN = [j / 10 for j in range(11)]
MEASURES = {
    "map",
    "map_cut_10",
    "recip_rank",
    "P_5",
    "P_10",
    "recall_5",
    "recall_10",
    "ndcg_cut_5",
    "ndcg_cut_10",
    "success_5",
    "iprec_at_recall",
    "11pt_avg",
}


def _random_collection(n_queries: int, seed: int):
    """Return qrels, run (pytrec_eval dicts) and, per query, the grades in rank order."""
    rng = np.random.default_rng(seed)
    qrels, run, ranked_grades = {}, {}, []
    for q in range(n_queries):
        qid = f"q{q:04d}"
        pool = [f"d{i:03d}" for i in rng.permutation(80)]
        n_judged = int(rng.integers(1, 25))
        grades = rng.choice([0, 1, 2, 3], size=n_judged, p=[0.35, 0.35, 0.2, 0.1])
        grades[0] = max(grades[0], 1)  # at least one relevant document per query
        judged = dict(zip(pool[:n_judged], (int(g) for g in grades), strict=True))
        depth = int(rng.integers(1, MAX_DEPTH + 1))
        # retrieve from judged and unjudged documents alike: some relevant ones stay unretrieved
        retrieved = [pool[i] for i in rng.choice(len(pool) // 2, size=depth, replace=False)]
        qrels[qid] = judged
        run[qid] = {doc: float(depth - rank) + 0.5 for rank, doc in enumerate(retrieved)}
        ranked_grades.append([judged.get(doc, 0) for doc in retrieved])
    return qrels, run, ranked_grades


def _padded(rows: list[list[int]]) -> np.ndarray:
    out = np.zeros((len(rows), max(len(r) for r in rows)))
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out


@pytest.fixture(scope="module")
def collection():
    qrels, run, ranked_grades = _random_collection(N_QUERIES, seed=20240917)
    results = pytrec_eval.RelevanceEvaluator(qrels, MEASURES).evaluate(run)
    qids = sorted(qrels)
    n_relevant = np.array([sum(g > 0 for g in qrels[q].values()) for q in qids])
    return {
        "qids": qids,
        "rels": _padded(ranked_grades),
        "n_relevant": n_relevant,
        "ideal": _padded([list(qrels[q].values()) for q in qids]),
        "trec": lambda measure: np.array([results[q][measure] for q in qids]),
    }


def _block(block: int) -> slice:
    return slice(block * BLOCK_SIZE, (block + 1) * BLOCK_SIZE)


def _assert_block_equal(collection, block, ours, measure):
    """Compare the block's queries with trec_eval, bit for bit; list every query that differs."""
    rows = range(N_QUERIES)[_block(block)]
    theirs = collection["trec"](measure)[_block(block)]
    ours = np.asarray(ours)
    assert ours.shape == theirs.shape, (ours.shape, theirs.shape)
    differ = [
        f"{collection['qids'][q]} (n_relevant={collection['n_relevant'][q]}): "
        f"ours {float(ours[i])!r}, trec_eval {float(theirs[i])!r}"
        for i, q in enumerate(rows)
        if not (ours[i] == theirs[i] or (np.isnan(ours[i]) and np.isnan(theirs[i])))
    ]
    assert not differ, (
        f"{measure}: {len(differ)} of {len(rows)} queries of block {block} differ:\n"
        + "\n".join(differ)
    )


def _block_data(collection, block):
    s = _block(block)
    return collection["rels"][s], collection["n_relevant"][s], collection["ideal"][s]


per_block = pytest.mark.parametrize("block", range(N_BLOCKS))


def test_collection_has_unretrieved_relevant_documents(collection):
    hits = np.count_nonzero(collection["rels"] > 0, axis=1)
    assert len(collection["qids"]) == N_QUERIES
    assert (collection["n_relevant"] > hits).sum() > N_QUERIES // 2
    assert (collection["rels"] > 1).any()  # graded, not only binary


def test_collection_exercises_both_rounding_rules(collection):
    """Enough (query, level) pairs where trec_eval 9's rounding agrees with the exact rule, and
    some where it does not (the (0.7, 3) case), for the iprec and 11pt_avg checks below."""
    n_relevant = [int(n) for n in collection["n_relevant"]]
    agree = np.array(  # shape (11 levels, 1000 queries)
        [
            [_trec_eval_9_hits_needed(level, n) == _exact_hits_needed(j, n) for n in n_relevant]
            for j, level in enumerate(ELEVEN)
        ]
    )
    assert agree.sum() > 10_000
    assert (~agree).sum() > 0  # the (0.7, 3) rounding case occurs in this collection
    assert agree.all(axis=0).sum() > 800  # queries whose 11 levels all agree


@per_block
def test_average_precision_equals_trec_eval_map_on_1000_queries(collection, block):
    rels, n_relevant, _ = _block_data(collection, block)
    ours = ranking.average_precision(rels, n_relevant=n_relevant)
    _assert_block_equal(collection, block, ours, "map")


@per_block
def test_average_precision_at_10_equals_trec_eval_map_cut_10_on_1000_queries(collection, block):
    rels, n_relevant, _ = _block_data(collection, block)
    ours = ranking.average_precision(rels, n_relevant=n_relevant, k=10)
    _assert_block_equal(collection, block, ours, "map_cut_10")


def test_mean_average_precision_is_the_mean_of_trec_eval_map_on_1000_queries(collection):
    ours = ranking.mean_average_precision(collection["rels"], n_relevant=collection["n_relevant"])
    assert ours == pytest.approx(collection["trec"]("map").mean(), rel=1e-14)


@per_block
def test_reciprocal_rank_equals_trec_eval_recip_rank_on_1000_queries(collection, block):
    rels, _, _ = _block_data(collection, block)
    _assert_block_equal(collection, block, ranking.reciprocal_rank(rels), "recip_rank")


def test_mean_reciprocal_rank_is_the_mean_of_trec_eval_recip_rank_on_1000_queries(collection):
    assert ranking.mean_reciprocal_rank(collection["rels"]) == pytest.approx(
        collection["trec"]("recip_rank").mean(), rel=1e-14
    )


@per_block
@pytest.mark.parametrize("k", [5, 10])
def test_precision_at_k_equals_trec_eval_p_k_on_1000_queries(collection, k, block):
    rels, _, _ = _block_data(collection, block)
    _assert_block_equal(collection, block, ranking.precision_at_k(rels, k=k), f"P_{k}")


@per_block
@pytest.mark.parametrize("k", [5, 10])
def test_recall_at_k_equals_trec_eval_recall_k_on_1000_queries(collection, k, block):
    rels, n_relevant, _ = _block_data(collection, block)
    ours = ranking.recall_at_k(rels, k=k, n_relevant=n_relevant)
    _assert_block_equal(collection, block, ours, f"recall_{k}")


@per_block
@pytest.mark.parametrize("k", [5, 10])
def test_linear_ndcg_equals_trec_eval_ndcg_cut_k_on_1000_queries(collection, k, block):
    rels, _, ideal = _block_data(collection, block)
    ours = ranking.ndcg(rels, k=k, ideal=ideal, gain="linear")
    _assert_block_equal(collection, block, ours, f"ndcg_cut_{k}")


@per_block
def test_hit_rate_equals_trec_eval_success_5_on_1000_queries(collection, block):
    rels, _, _ = _block_data(collection, block)
    _assert_block_equal(collection, block, ranking.hit_rate(rels, k=5), "success_5")


def _trec_eval_9_hits_needed(level: float, n_relevant: int) -> int:
    """trec_eval 9's translation of a recall level into hits: (long)(r * n + 0.9), at least 1."""
    return max(int(level * n_relevant + 0.9), 1)


def _exact_hits_needed(j: int, n_relevant: int) -> int:
    """The textbook rule for level j/10: the least h with 10 h >= j n, at least 1."""
    return max(-(-j * n_relevant // 10), 1)


@per_block
def test_interpolated_precision_equals_trec_eval_iprec_where_rounding_agrees_1000_queries(
    collection, block
):
    rels, n_relevant, _ = _block_data(collection, block)
    ours = ranking.interpolated_precision(rels, recall_levels=ELEVEN, n_relevant=n_relevant)
    qids = collection["qids"][_block(block)]
    differ = []
    for j, level in enumerate(ELEVEN):
        theirs = collection["trec"](f"iprec_at_recall_{level:.2f}")[_block(block)]
        for i, n in enumerate(n_relevant):
            trec_hits = _trec_eval_9_hits_needed(level, int(n))
            if trec_hits == _exact_hits_needed(j, int(n)):
                got = ours[i, j]
            else:
                # trec_eval 9 asks for one hit fewer (e.g. level 0.7 with 3 relevant items):
                # its value is the interpolated precision at recall trec_hits / n
                got = ranking.interpolated_precision(
                    rels[i], recall_levels=trec_hits / n, n_relevant=int(n)
                )
            if got != theirs[i]:
                differ.append(
                    f"{qids[i]} level {level} (n_relevant={n}, trec_eval hits {trec_hits}): "
                    f"ours {float(got)!r}, trec_eval {float(theirs[i])!r}"
                )
    assert not differ, f"{len(differ)} (query, level) pairs differ:\n" + "\n".join(differ)


@per_block
def test_eleven_point_ap_equals_trec_eval_11pt_avg_where_rounding_agrees_1000_queries(
    collection, block
):
    rels, n_relevant, _ = _block_data(collection, block)
    ours = ranking.eleven_point_ap(rels, n_relevant=n_relevant)
    theirs = collection["trec"]("11pt_avg")[_block(block)]
    qids = collection["qids"][_block(block)]
    differ = [
        f"{qids[i]} (n_relevant={n}): ours {float(ours[i])!r}, trec_eval {float(theirs[i])!r}"
        for i, n in enumerate(n_relevant)
        if all(
            _trec_eval_9_hits_needed(level, int(n)) == _exact_hits_needed(j, int(n))
            for j, level in enumerate(ELEVEN)
        )
        and not ours[i] == theirs[i]
    ]
    assert not differ, f"{len(differ)} queries differ:\n" + "\n".join(differ)


def test_trec_eval_9_needs_fewer_hits_at_level_0_7_with_3_relevant():
    """Document the (0.7, 3) difference on one query: relevant items at ranks 1, 3 and 6."""
    qrels = {"q": {"a": 1, "b": 1, "c": 1}}
    run = {"q": {"a": 6.0, "x": 5.0, "b": 4.0, "y": 3.0, "z": 2.0, "c": 1.0}}
    trec = pytrec_eval.RelevanceEvaluator(qrels, {"iprec_at_recall"}).evaluate(run)["q"]
    assert trec["iprec_at_recall_0.70"] == 2 / 3  # trec_eval 9: 2 hits reach "0.7"
    assert ranking.interpolated_precision([1, 0, 1, 0, 0, 1], recall_levels=0.7) == 0.5  # 2/3 < 0.7
    assert int(0.7 * 3 + 0.9) == 2 and math.ceil(21 / 10) == 3


def test_queries_without_relevant_documents_are_nan_here_and_0_in_trec_eval():
    qrels = {"q1": {"a": 1, "b": 0}, "q2": {"a": 0, "b": 0}}
    run = {"q1": {"b": 2.0, "a": 1.0}, "q2": {"a": 2.0, "b": 1.0}}
    trec = pytrec_eval.RelevanceEvaluator(qrels, {"map"}).evaluate(run)
    rels = np.array([[0, 1], [0, 0]])
    assert [trec["q1"]["map"], trec["q2"]["map"]] == [0.5, 0.0]
    with pytest.warns(UndefinedMetricWarning, match="1 of 2 lists"):
        ours = ranking.average_precision(rels)
    assert ours[0] == 0.5 and np.isnan(ours[1])
    # zero_division=0.0 reproduces trec_eval's mean over both queries, silently
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ranking.mean_average_precision(rels, zero_division=0.0) == 0.25
