"""Statistics for evaluation: confidence intervals, tests and cost-based decisions.

numpy and scipy only (never matplotlib). Not imported by ``import evalmetrics``; use
``import evalmetrics.stats as st``. Results are shaped like scipy's:

- intervals: :func:`proportion_ci`, :func:`auc_ci`, :func:`bootstrap_ci` return a
  :class:`ConfidenceInterval` that unpacks as ``(low, high)`` (with ``estimate``,
  ``confidence_level`` and ``method``); :func:`auc_variance` and :func:`auc_covariance` give
  DeLong's (co)variance;
- tests of two systems: :func:`mcnemar`, :func:`delong_test`, :func:`delong_test_ind`,
  :func:`paired_test` return a :class:`TestResult`, a tuple ``(statistic, pvalue)`` whose
  statistic is scipy's or statsmodels', with ``estimate`` (signed first minus second, as
  ``scipy.stats.ttest_rel(a, b)``), ``df`` where the test has one, and
  ``.confidence_interval(confidence_level=0.95)``; every test takes ``alternative=``;
- decisions: :func:`bayes_threshold`, :func:`expected_cost`, :func:`roc_convex_hull`,
  :func:`iso_performance_slope`, :func:`net_benefit`, :func:`net_benefit_treat_all` and
  :func:`decision_curve` (net benefit across threshold probabilities);
- many learners over many datasets (Demsar 2006): :func:`average_ranks`,
  :func:`friedman_test`, :func:`nemenyi_test`, :func:`critical_difference`,
  :func:`nonsignificant_groups`, :func:`control_test`, :func:`sign_test`,
  :func:`bayesian_signed_rank`.
"""

from ._common import ConfidenceInterval, TestResult
from ._decisions import (
    DecisionCurve,
    bayes_threshold,
    decision_curve,
    expected_cost,
    iso_performance_slope,
    net_benefit,
    net_benefit_treat_all,
    roc_convex_hull,
)
from ._intervals import auc_ci, auc_covariance, auc_variance, bootstrap_ci, proportion_ci
from ._learners import *  # noqa: F403
from ._learners import __all__ as _learners_all
from ._many import *  # noqa: F403
from ._many import __all__ as _many_all
from ._tests import delong_test, delong_test_ind, mcnemar, paired_test

__all__ = [
    "ConfidenceInterval",
    "DecisionCurve",
    "TestResult",
    "auc_ci",
    "auc_covariance",
    "auc_variance",
    "bayes_threshold",
    "bootstrap_ci",
    "decision_curve",
    "delong_test",
    "delong_test_ind",
    "expected_cost",
    "iso_performance_slope",
    "mcnemar",
    "net_benefit",
    "net_benefit_treat_all",
    "paired_test",
    "proportion_ci",
    "roc_convex_hull",
    *_learners_all,
    *_many_all,
]
