"""Benchmark: evalmetrics.ranking on a 2-D batch against scikit-learn's ndcg_score.

The target: ``ranking.ndcg`` and ``ranking.average_precision`` on 10^4 lists x 100 ranks
take at most 1.0 x the time of ``sklearn.metrics.ndcg_score(..., ignore_ties=True)`` on the
same batch, measured in the same run (best of several repeats, after one warm-up call).

scikit-learn receives the grades plus strictly decreasing scores (the same ranking); it sorts
by score and sorts the grades for IDCG, evalmetrics sorts only the grades. The linear-gain
NDCG must equal scikit-learn's mean NDCG, which the script checks before timing.

The target for the other ranking functions (R-precision, bpref, judged@k, ERR, RBP and its
residual, RR with ``n_relevant``, precision at every cut-off) on the same batch take at most
1.0 x the time of ``ranking.ndcg`` (exponential gain, no cut-off) measured in the same run;
those rows give ``ranking.ndcg``'s time as their reference. A third of the zero grades are
marked unjudged for bpref, judged@k and the RBP residual.

Run ``python benchmarks/bench_ranking.py``; ``benchmarks/bench_metrics.py`` imports ``rows()``.
"""

from __future__ import annotations

import numpy as np
from _timing import REPEATS, Row, best_time, format_table, measured_row

N_LISTS = 10_000
DEPTH = 100
TARGET_RATIO = 1.0


def make_batch(n_lists: int = N_LISTS, depth: int = DEPTH, seed: int = 0):
    """Graded relevance (0..3) in rank order, and scores that produce exactly that order."""
    rng = np.random.default_rng(seed)
    rels = rng.choice(4, size=(n_lists, depth), p=[0.6, 0.2, 0.15, 0.05]).astype(np.float64)
    rels[:, -1] = np.maximum(rels[:, -1], 1.0)  # every list has a relevant item (IDCG > 0)
    scores = np.tile(np.arange(depth, 0, -1, dtype=np.float64), (n_lists, 1))
    return rels, scores


def rows(repeats: int = REPEATS) -> list[Row]:
    """Measure and return the table rows: (name, ours, reference, ratio, target, status)."""
    from sklearn.metrics import ndcg_score

    from evalmetrics import ranking

    rels, scores = make_batch()
    expected = ndcg_score(rels, scores, ignore_ties=True)
    ours = ranking.ndcg(rels, gain="linear").mean()
    if not np.isclose(ours, expected, rtol=1e-12, atol=0):
        raise AssertionError(f"linear NDCG {ours!r} differs from scikit-learn's {expected!r}")

    reference = best_time(lambda: ndcg_score(rels, scores, ignore_ties=True), repeats)
    shape = f"{N_LISTS:,} x {DEPTH}"
    candidates = [
        (f"ranking.ndcg, linear gain ({shape})", lambda: ranking.ndcg(rels, gain="linear")),
        (f"ranking.ndcg, exponential gain ({shape})", lambda: ranking.ndcg(rels)),
        (f"ranking.average_precision ({shape})", lambda: ranking.average_precision(rels)),
    ]
    table = []
    for name, call in candidates:
        table.append(measured_row(name, best_time(call, repeats), reference, TARGET_RATIO))
    return table + incomplete_judgment_rows(rels, repeats)


def incomplete_judgment_rows(rels: np.ndarray, repeats: int = REPEATS) -> list[Row]:
    """R-precision, bpref, judged@k, ERR and RBP against ``ranking.ndcg``, same batch, same run."""
    from evalmetrics import ranking

    rng = np.random.default_rng(1)
    judged = (rels > 0) | (rng.random(rels.shape) < 2 / 3)
    n_relevant = np.count_nonzero(rels, axis=1) + 5
    every_rank = np.arange(1, DEPTH + 1)
    reference = best_time(lambda: ranking.ndcg(rels), repeats)
    shape = f"{N_LISTS:,} x {DEPTH}"
    candidates = [
        ("ranking.r_precision", lambda: ranking.r_precision(rels, n_relevant=n_relevant)),
        (
            "ranking.bpref (unjudged items)",
            lambda: ranking.bpref(rels, judged=judged, n_relevant=n_relevant),
        ),
        ("ranking.judged_at_k, k=10", lambda: ranking.judged_at_k(rels, k=10, judged=judged)),
        ("ranking.err, max_grade=3", lambda: ranking.err(rels, max_grade=3)),
        ("ranking.rbp, persistence=0.8", lambda: ranking.rbp(rels, persistence=0.8)),
        (
            "ranking.rbp_residual, persistence=0.8",
            lambda: ranking.rbp_residual(rels, persistence=0.8, judged=judged),
        ),
        (
            "ranking.reciprocal_rank, n_relevant",
            lambda: ranking.reciprocal_rank(rels, n_relevant=n_relevant),
        ),
        ("ranking.precision_at_k, every k", lambda: ranking.precision_at_k(rels, k=every_rank)),
    ]
    return [
        measured_row(f"{name} ({shape}) vs ranking.ndcg", best_time(call, repeats), reference, 1.0)
        for name, call in candidates
    ]


def main() -> int:
    table = rows()
    print(
        "reference: sklearn.metrics.ndcg_score(ignore_ties=True) on the same batch; "
        "rows ending 'vs ranking.ndcg': ranking.ndcg (exponential gain) on the same batch"
    )
    print(format_table(table))
    return 0 if all(row.status == "PASS" for row in table) else 1


if __name__ == "__main__":
    raise SystemExit(main())
