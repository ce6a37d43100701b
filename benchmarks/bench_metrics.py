"""Benchmark: evalmetrics' threshold-free metrics against scikit-learn and one ``np.argsort``.

The package's targets, at n = 10^6 (10% positives, float64 scores with some ties):

- ``roc_auc`` and ``average_precision`` take at most 0.5 x the time of scikit-learn's
  ``roc_auc_score`` / ``average_precision_score``, and
- at most 1.5 x the time of one ``np.argsort`` of the same scores.

The sweep also carries the rates (``Sweep.tpr``, ``fpr``, ``precision``, computed once):

- ``sweep`` (counts and rates) takes at most 2 x one ``np.argsort``, and
- ``roc_curve`` at most 1 x scikit-learn's ``roc_curve(..., drop_intermediate=False)`` (the same
  points).

Every ratio is measured in the same run (best of several repeats after one warm-up call), so the
table does not depend on the machine's absolute speed. The rows of ``bench_ranking.py`` (the
ranking targets) are appended when that script is present.

Run ``python benchmarks/bench_metrics.py`` (``make bench``); add ``--check`` to exit with status 1
when a target is missed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
from _timing import REPEATS, Row, best_time, format_table, measured_row

N = 1_000_000
POSITIVE_SHARE = 0.10
HERE = Path(__file__).resolve().parent


def make_data(n: int = N, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Labels with 10% positives; scores shifted for positives, half rounded to 3 decimals."""
    rng = np.random.default_rng(seed)
    y_true = (rng.random(n) < POSITIVE_SHARE).astype(np.int64)
    y_score = rng.normal(size=n) + 1.2 * y_true
    y_score[: n // 2] = np.round(y_score[: n // 2], 3)  # ties
    return y_true, y_score


def rows(repeats: int = REPEATS) -> list[Row]:
    """Measure and return the rows for roc_auc, average_precision, sweep and roc_curve."""
    from sklearn.metrics import average_precision_score, roc_auc_score, roc_curve

    import evalmetrics as em

    y_true, y_score = make_data()
    n_ties = N - len(np.unique(y_score))
    checks = [
        ("roc_auc", em.roc_auc(y_true, y_score), roc_auc_score(y_true, y_score)),
        (
            "average_precision",
            em.average_precision(y_true, y_score),
            average_precision_score(y_true, y_score),
        ),
    ]
    fpr, tpr, _ = em.roc_curve(y_true, y_score)
    sk_fpr, sk_tpr, _ = roc_curve(y_true, y_score, drop_intermediate=False)
    if not (np.array_equal(fpr, sk_fpr) and np.array_equal(tpr, sk_tpr)):
        raise AssertionError("roc_curve differs from scikit-learn's roc_curve")
    for name, ours, theirs in checks:
        if not np.isclose(ours, theirs, rtol=1e-12, atol=0):
            raise AssertionError(f"{name} {ours!r} differs from scikit-learn's {theirs!r}")

    argsort = best_time(lambda: np.argsort(y_score), repeats)
    sk_auc = best_time(lambda: roc_auc_score(y_true, y_score), repeats)
    sk_ap = best_time(lambda: average_precision_score(y_true, y_score), repeats)
    auc = best_time(lambda: em.roc_auc(y_true, y_score), repeats)
    ap = best_time(lambda: em.average_precision(y_true, y_score), repeats)
    sweep = best_time(lambda: em.sweep(y_true, y_score), repeats)
    roc = best_time(lambda: em.roc_curve(y_true, y_score), repeats)
    sk_roc = best_time(lambda: roc_curve(y_true, y_score, drop_intermediate=False), repeats)
    size = f"n={N:,}, {POSITIVE_SHARE:.0%} pos, {n_ties:,} repeated scores"
    return [
        measured_row(f"roc_auc vs sklearn roc_auc_score ({size})", auc, sk_auc, 0.5),
        measured_row("roc_auc vs one np.argsort", auc, argsort, 1.5),
        measured_row("average_precision vs sklearn average_precision_score", ap, sk_ap, 0.5),
        measured_row("average_precision vs one np.argsort", ap, argsort, 1.5),
        measured_row("sweep (counts and rates) vs one np.argsort", sweep, argsort, 2.0),
        measured_row("roc_curve vs sklearn roc_curve(drop_intermediate=False)", roc, sk_roc, 1.0),
    ]


def ranking_rows(repeats: int) -> list[Row]:
    """Rows of ``bench_ranking.py`` (same columns), or none if the script is absent."""
    path = HERE / "bench_ranking.py"
    if not path.exists():
        return []
    spec = importlib.util.spec_from_file_location("bench_ranking", path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return list(module.rows(repeats))


def main() -> int:
    import numpy
    import sklearn

    print(
        f"evalmetrics benchmark: numpy {numpy.__version__}, scikit-learn {sklearn.__version__}, "
        f"Python {sys.version.split()[0]}; best of {REPEATS} runs after a warm-up"
    )
    table = [*rows(REPEATS), *ranking_rows(REPEATS)]
    print(format_table(table))
    missed = [row for row in table if row[5] != "PASS"]
    print("all targets met" if not missed else f"{len(missed)} target(s) missed")
    return 1 if missed and "--check" in sys.argv[1:] else 0


if __name__ == "__main__":
    sys.exit(main())
