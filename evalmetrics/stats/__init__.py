"""Statistics for evaluation: confidence intervals, tests and cost-based decisions.

numpy and scipy only (never matplotlib). Not imported by ``import evalmetrics``; use
``import evalmetrics.stats as st``. Results are shaped like scipy's:

- intervals: :func:`proportion_ci`, :func:`auc_ci`, :func:`bootstrap_ci` return a
  :class:`ConfidenceInterval` that unpacks as ``(low, high)`` (with ``estimate``,
  ``confidence_level`` and ``method``); :func:`auc_variance` and :func:`auc_covariance` give
  DeLong's (co)variance;
- tests of two systems: :func:`mcnemar`, :func:`delong_test`, :func:`delong_test_ind`,
  :func:`paired_test` return a :class:`TestResult` that unpacks as ``(statistic, pvalue)``,
  signed first minus second as ``scipy.stats.ttest_rel(a, b)``, with ``estimate`` and
  ``.confidence_interval(confidence_level=0.95)``; every test takes ``alternative=``;
- decisions: :func:`bayes_threshold`, :func:`expected_cost`, :func:`roc_convex_hull`,
  :func:`iso_performance_slope`.
"""

from ._common import ConfidenceInterval, TestResult
from ._decisions import bayes_threshold, expected_cost, iso_performance_slope, roc_convex_hull
from ._intervals import auc_ci, auc_covariance, auc_variance, bootstrap_ci, proportion_ci
from ._tests import delong_test, delong_test_ind, mcnemar, paired_test

__all__ = [
    "ConfidenceInterval",
    "TestResult",
    "auc_ci",
    "auc_covariance",
    "auc_variance",
    "bayes_threshold",
    "bootstrap_ci",
    "delong_test",
    "delong_test_ind",
    "expected_cost",
    "iso_performance_slope",
    "mcnemar",
    "paired_test",
    "proportion_ci",
    "roc_convex_hull",
]
