"""Cross-check R-precision, bpref, judged@k, ERR and RBP against trec_eval 9 (pytrec_eval) and ranx.

One seeded collection of 1,000 random queries with INCOMPLETE judgments: each query's pool of
80 documents is only partly judged, the run retrieves judged and unjudged documents alike, and
some queries have no relevant document at all (only grade-0 judgments). trec_eval evaluates it
once; ranx evaluates a binary copy for RBP.

- ``r_precision`` vs ``Rprec``, ``bpref`` vs ``bpref``, ``reciprocal_rank(n_relevant=...,
  zero_division=0.0)`` vs ``recip_rank``, ``precision_at_k`` with an array of cut-offs vs
  trec_eval's default ``P`` cut-offs: bit for bit.
- ``judged_at_k``: trec_eval has no such measure (``pytrec_eval.supported_measures``); it is
  ``P_k`` on qrels in which every judged document is made relevant, bit for bit.
- ``rbp`` vs ranx ``rbp.p`` on binary qrels: to 1e-12 (ranx sums in numba).

The per-query checks run in 10 blocks of 100 queries; a block's failure lists every query that
differs, with both values.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import pytrec_eval

from evalmetrics import ranking

N_QUERIES = 1000
N_BLOCKS = 10
BLOCK_SIZE = N_QUERIES // N_BLOCKS
MAX_DEPTH = 30
P_CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000]  # trec_eval's default P cut-offs
JUDGED_CUTOFFS = [5, 10, 20]
PERSISTENCES = [0.5, 0.8, 0.95]


def _random_collection(n_queries: int, seed: int):
    rng = np.random.default_rng(seed)
    qrels, run, grades, judged = {}, {}, [], []
    for q in range(n_queries):
        qid = f"q{q:04d}"
        pool = [f"d{i:04d}" for i in rng.permutation(80)]  # <U5: a width warm_numba compiles
        n_judged = int(rng.integers(1, 30))
        scale = rng.choice([0, 1, 2, 3], size=n_judged, p=[0.45, 0.3, 0.15, 0.1])
        if q % 17 == 0:
            scale[:] = 0  # a query with judgments but no relevant document
        qrels[qid] = dict(zip(pool[:n_judged], (int(g) for g in scale), strict=True))
        depth = int(rng.integers(1, MAX_DEPTH + 1))
        retrieved = [pool[i] for i in rng.choice(60, size=depth, replace=False)]
        run[qid] = {doc: float(depth - rank) + 0.5 for rank, doc in enumerate(retrieved)}
        grades.append([qrels[qid].get(doc, 0) for doc in retrieved])
        judged.append([doc in qrels[qid] for doc in retrieved])
    return qrels, run, grades, judged


def _padded(rows, dtype=float):
    out = np.zeros((len(rows), max(len(r) for r in rows)), dtype=dtype)
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out


@pytest.fixture(scope="module")
def collection():
    qrels, run, grades, judged = _random_collection(N_QUERIES, seed=20261214)
    measures = {"Rprec", "bpref", "recip_rank", "P"}
    results = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
    # judged@k: P_k where every judged document is relevant
    all_judged = {q: dict.fromkeys(docs, 1) for q, docs in qrels.items()}
    cut = "P_" + ",".join(map(str, JUDGED_CUTOFFS))
    judged_results = pytrec_eval.RelevanceEvaluator(all_judged, {cut}).evaluate(run)
    qids = sorted(qrels)
    return {
        "qids": qids,
        "qrels": qrels,
        "run": run,
        "rels": _padded(grades),
        "judged": _padded(judged, dtype=bool),  # padding is unjudged
        "n_relevant": np.array([sum(g > 0 for g in qrels[q].values()) for q in qids]),
        "n_nonrelevant": np.array([sum(g == 0 for g in qrels[q].values()) for q in qids]),
        "trec": lambda m: np.array([results[q][m] for q in qids]),
        "trec_judged": lambda m: np.array([judged_results[q][m] for q in qids]),
    }


@pytest.fixture(scope="module")
def ranx_rbp(collection):
    ranx = pytest.importorskip("ranx")
    binary = {
        q: {d: 1 for d, g in judgments.items() if g > 0}
        for q, judgments in collection["qrels"].items()
    }
    binary = {q: docs for q, docs in binary.items() if docs}  # ranx needs a relevant document
    run = {q: collection["run"][q] for q in binary}
    metrics = [f"rbp.{str(p)[2:]}" for p in PERSISTENCES]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's type-safety notes
        scores = ranx.Run(run)
        ranx.evaluate(ranx.Qrels(binary), scores, metrics, return_mean=False)
    return {
        p: {q: float(scores.scores[m][q]) for q in binary}
        for p, m in zip(PERSISTENCES, metrics, strict=True)
    }


def _block(block):
    return slice(block * BLOCK_SIZE, (block + 1) * BLOCK_SIZE)


def _assert_block(collection, block, ours, theirs, measure, *, tol=0.0):
    ours = np.asarray(ours, dtype=float)
    theirs = np.asarray(theirs, dtype=float)
    assert ours.shape == theirs.shape, (ours.shape, theirs.shape)
    qids = collection["qids"][_block(block)]
    differ = [
        f"{qids[i]}: ours {ours[i]!r}, reference {theirs[i]!r}"
        for i in range(len(qids))
        if not (abs(ours[i] - theirs[i]) <= tol)
    ]
    assert not differ, f"{measure}: {len(differ)} queries of block {block} differ:\n" + "\n".join(
        differ
    )


per_block = pytest.mark.parametrize("block", range(N_BLOCKS))


def test_collection_has_unjudged_documents_and_queries_without_relevant(collection):
    retrieved = np.array([len(collection["run"][q]) for q in collection["qids"]])
    width = np.arange(collection["rels"].shape[1])
    inside = width[np.newaxis, :] < retrieved[:, np.newaxis]
    assert (inside & ~collection["judged"]).sum() > 5000  # unjudged documents retrieved
    assert (collection["n_relevant"] == 0).sum() >= 50
    assert (collection["rels"] > 1).any()


@per_block
def test_r_precision_equals_trec_eval_rprec(collection, block):
    s = _block(block)
    ours = ranking.r_precision(
        collection["rels"][s], n_relevant=collection["n_relevant"][s], zero_division=0.0
    )
    _assert_block(collection, block, ours, collection["trec"]("Rprec")[s], "Rprec")


@per_block
def test_bpref_equals_trec_eval_bpref_with_unjudged_documents(collection, block):
    s = _block(block)
    ours = ranking.bpref(
        collection["rels"][s],
        judged=collection["judged"][s],
        n_relevant=collection["n_relevant"][s],
        n_nonrelevant=collection["n_nonrelevant"][s],
        zero_division=0.0,
    )
    _assert_block(collection, block, ours, collection["trec"]("bpref")[s], "bpref")


def test_bpref_is_not_ap_when_documents_are_unjudged(collection):
    """The check above must be able to fail: AP (unjudged = non-relevant) differs."""
    ours = ranking.average_precision(
        collection["rels"], n_relevant=collection["n_relevant"], zero_division=0.0
    )
    assert np.count_nonzero(ours != collection["trec"]("bpref")) > N_QUERIES // 2


@per_block
def test_reciprocal_rank_with_n_relevant_equals_trec_eval_recip_rank(collection, block):
    s = _block(block)
    ours = ranking.reciprocal_rank(
        collection["rels"][s], n_relevant=collection["n_relevant"][s], zero_division=0.0
    )
    _assert_block(collection, block, ours, collection["trec"]("recip_rank")[s], "recip_rank")


def test_trec_eval_scores_queries_without_relevant_documents_0(collection):
    none = collection["n_relevant"] == 0
    for measure in ("Rprec", "bpref", "recip_rank"):
        assert (collection["trec"](measure)[none] == 0.0).all(), measure


@per_block
def test_precision_at_every_cutoff_equals_trec_eval_p(collection, block):
    s = _block(block)
    ours = ranking.precision_at_k(collection["rels"][s], k=P_CUTOFFS)
    assert ours.shape == (BLOCK_SIZE, len(P_CUTOFFS))
    for j, k in enumerate(P_CUTOFFS):
        _assert_block(collection, block, ours[:, j], collection["trec"](f"P_{k}")[s], f"P_{k}")


@per_block
@pytest.mark.parametrize("k", JUDGED_CUTOFFS)
def test_judged_at_k_equals_trec_eval_p_k_on_all_judged_qrels(collection, block, k):
    s = _block(block)
    ours = ranking.judged_at_k(collection["rels"][s], k=k, judged=collection["judged"][s])
    theirs = collection["trec_judged"](f"P_{k}")[s]
    _assert_block(collection, block, ours, theirs, f"judged@{k}")


@per_block
@pytest.mark.parametrize("persistence", PERSISTENCES)
def test_rbp_equals_ranx_rbp_on_binary_qrels(collection, ranx_rbp, block, persistence):
    s = _block(block)
    qids = collection["qids"][s]
    keep = np.array([q in ranx_rbp[persistence] for q in qids])
    ours = ranking.rbp(collection["rels"][s], persistence=persistence)
    theirs = np.array([ranx_rbp[persistence].get(q, 0.0) for q in qids])
    ours = np.where(keep, ours, 0.0)
    _assert_block(collection, block, ours, theirs, f"rbp.{persistence}", tol=1e-12)


@pytest.fixture(scope="module")
def ranx_ndcg_burges(collection):
    """ranx's ``ndcg_burges@k`` (gain 2^rel - 1, the default of ``ranking.ndcg``), its ideal
    from all of a query's judged grades, on the queries with a relevant document."""
    ranx = pytest.importorskip("ranx")
    qrels = {
        q: {d: g for d, g in judgments.items() if g > 0}
        for q, judgments in collection["qrels"].items()
    }
    qrels = {q: docs for q, docs in qrels.items() if docs}
    run = {q: collection["run"][q] for q in qrels}
    metrics = [f"ndcg_burges@{k}" for k in (5, 10)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's type-safety notes
        scores = ranx.Run(run)
        ranx.evaluate(ranx.Qrels(qrels), scores, metrics, return_mean=False)
    return {
        k: {q: float(scores.scores[m][q]) for q in qrels}
        for k, m in zip((5, 10), metrics, strict=True)
    }


@pytest.mark.parametrize("k", [5, 10])
def test_default_ndcg_equals_ranx_ndcg_burges_on_1000_queries(collection, ranx_ndcg_burges, k):
    """The default gain (exponential) against ranx, on every query with a relevant document
    (ranx skips the others): an injected slip in the exponential gain fails here."""
    qids = collection["qids"]
    ideal = _padded([list(collection["qrels"][q].values()) for q in qids])
    ours = ranking.ndcg(collection["rels"], k=k, ideal=ideal)
    theirs = ranx_ndcg_burges[k]
    differ = [
        f"{q}: ours {ours[i]!r}, ranx {theirs[q]!r}"
        for i, q in enumerate(qids)
        if q in theirs and not abs(ours[i] - theirs[q]) <= 1e-12
    ]
    assert len(theirs) > 900 and not differ, "\n".join(differ[:20])
