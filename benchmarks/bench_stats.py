"""Benchmark: evalmetrics.stats against one ``np.argsort`` and against ``scipy.stats.bootstrap``.

The targets:

- DeLong's AUC variance (``st.auc_variance(..., method="delong")``) at n = 10^6 takes at most
  3 x one ``np.argsort`` of the scores (the O(n log n) algorithm of Sun and Xu 2014, not the
  O(n^2) definition);
- ``st.bootstrap_ci(em.roc_auc, y_true, y_score, n_resamples=1000)`` at n = 10^4 takes at most
  0.2 x ``scipy.stats.bootstrap((y_true, y_score), sklearn.metrics.roc_auc_score, paired=True,
  vectorized=False, method="percentile", n_resamples=1000)``, with the same interval within
  Monte Carlo error (both printed). What is measured is ``bootstrap_ci``'s fast path for
  ``metric=evalmetrics.roc_auc``: the same resampling of cases as scipy's paired bootstrap, the
  AUC of every resample from per-tie-group counts after one sort (``auc_ci(method="bootstrap")``
  uses the same code, stratified by class).

Every ratio is measured in the same run (best of several repeats after one warm-up call; the
scipy bootstrap, several seconds a call, is timed REPEATS_SLOW times).

Run ``python benchmarks/bench_stats.py`` (``make bench``); add ``--check`` to exit with status 1
when a target is missed.
"""

from __future__ import annotations

import sys

import numpy as np
from _timing import REPEATS, Row, best_time, format_table, measured_row

N_DELONG = 1_000_000
N_BOOT = 10_000
RESAMPLES = 1000
REPEATS_SLOW = 2
POSITIVE_SHARE = 0.10


def make_data(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Labels with 10% positives; scores shifted for positives, half rounded to 3 decimals."""
    rng = np.random.default_rng(seed)
    y_true = (rng.random(n) < POSITIVE_SHARE).astype(np.int64)
    y_score = rng.normal(size=n) + 1.2 * y_true
    y_score[: n // 2] = np.round(y_score[: n // 2], 3)  # ties
    return y_true, y_score


def rows(repeats: int = REPEATS) -> list[Row]:
    """Measure and return the two rows (and print the two bootstrap intervals)."""
    import scipy.stats
    from sklearn.metrics import roc_auc_score

    import evalmetrics as em
    import evalmetrics.stats as st

    y_true, y_score = make_data(N_DELONG)
    argsort = best_time(lambda: np.argsort(y_score), repeats)
    delong = best_time(lambda: st.auc_variance(y_true, y_score), repeats)

    y_small, s_small = make_data(N_BOOT, seed=1)
    ours_ci = st.bootstrap_ci(em.roc_auc, y_small, s_small, n_resamples=RESAMPLES, random_state=0)

    def scipy_boot(seed: int = 1):
        return scipy.stats.bootstrap(
            (y_small, s_small),
            roc_auc_score,
            paired=True,
            vectorized=False,
            method="percentile",
            n_resamples=RESAMPLES,
            rng=np.random.default_rng(seed),
        )

    ref = scipy_boot().confidence_interval
    se = float(np.std(scipy_boot().bootstrap_distribution, ddof=1))
    print(
        f"bootstrap interval of AUC, n={N_BOOT:,}, {RESAMPLES} resamples: evalmetrics "
        f"[{ours_ci.low:.4f}, {ours_ci.high:.4f}], scipy.stats.bootstrap + roc_auc_score "
        f"[{ref.low:.4f}, {ref.high:.4f}]; bootstrap SE {se:.4f}; Monte Carlo SD of the "
        f"difference of two runs' ends about {0.12 * se:.4f} (0.085 SE per run for a 2.5% "
        "quantile of 1000 normal draws)"
    )
    if max(abs(ours_ci.low - ref.low), abs(ours_ci.high - ref.high)) > 0.4 * se:
        raise AssertionError("the bootstrap intervals differ by more than Monte Carlo error")

    ours = best_time(
        lambda: st.bootstrap_ci(em.roc_auc, y_small, s_small, n_resamples=RESAMPLES), repeats
    )
    theirs = best_time(scipy_boot, REPEATS_SLOW)
    return [
        measured_row(
            f"stats.auc_variance (DeLong) vs one np.argsort (n={N_DELONG:,})", delong, argsort, 3.0
        ),
        measured_row(
            f"stats.bootstrap_ci(roc_auc) vs scipy.stats.bootstrap + sklearn roc_auc_score "
            f"(n={N_BOOT:,}, {RESAMPLES} resamples)",
            ours,
            theirs,
            0.2,
        ),
    ]


def main() -> int:
    import scipy

    print(
        f"evalmetrics.stats benchmark: numpy {np.__version__}, scipy {scipy.__version__}, "
        f"Python {sys.version.split()[0]}; best of {REPEATS} runs after a warm-up "
        f"({REPEATS_SLOW} for scipy's bootstrap)"
    )
    table = rows(REPEATS)
    print(format_table(table))
    missed = [row for row in table if row.status != "PASS"]
    print("all targets met" if not missed else f"{len(missed)} target(s) missed")
    return 1 if missed and "--check" in sys.argv[1:] else 0


if __name__ == "__main__":
    sys.exit(main())
