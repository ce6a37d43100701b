"""Statistics for evaluation: confidence intervals, tests and cost-based decisions.

numpy and scipy only (never matplotlib). Not imported by ``import evalmetrics``; use
``import evalmetrics.stats as st``.

- intervals: :func:`proportion_ci`, :func:`auc_ci`, :func:`auc_variance`, :func:`bootstrap_ci`
  and their result :class:`ConfidenceInterval`;
- tests of B against A: :func:`mcnemar`, :func:`delong_test`, :func:`paired_test` and their
  result :class:`TestResult` (``difference`` is B minus A everywhere);
- decisions: :func:`bayes_threshold`, :func:`expected_cost`, :func:`roc_convex_hull`,
  :func:`iso_performance_slope`.
"""

from ._decisions import bayes_threshold, expected_cost, iso_performance_slope, roc_convex_hull
from ._intervals import ConfidenceInterval, auc_ci, auc_variance, bootstrap_ci, proportion_ci
from ._tests import TestResult, delong_test, mcnemar, paired_test

__all__ = [
    "ConfidenceInterval",
    "TestResult",
    "auc_ci",
    "auc_variance",
    "bayes_threshold",
    "bootstrap_ci",
    "delong_test",
    "expected_cost",
    "iso_performance_slope",
    "mcnemar",
    "paired_test",
    "proportion_ci",
    "roc_convex_hull",
]
