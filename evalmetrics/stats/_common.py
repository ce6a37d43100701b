"""What the interval and test modules share (private): one home for each helper.

- :class:`ConfidenceInterval` and :class:`TestResult`, the two result shapes (scipy's);
- :func:`normal_quantile`: the two-sided normal critical value of a confidence level;
- :func:`percentile_interval`: the percentile interval of resampled values;
- :func:`one_sided`: a one-sided interval from a two-sided rule (the ``alternative`` rule);
- :func:`resample_blocks`: the resampler (cases drawn with replacement, optionally within
  strata), in memory-bounded blocks;
- :func:`scipy_rng`: the keyword scipy's resampling functions take for a random generator;
- :func:`warn_ignored`: the one wording of "this option does nothing with this method".
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from .._validation import _caller_stacklevel, _describe, check_confidence

__all__ = [
    "BLOCK_INDICES",
    "ConfidenceInterval",
    "TestResult",
    "normal_quantile",
    "one_sided",
    "percentile_interval",
    "resample_blocks",
    "scipy_rng",
    "warn_ignored",
]

# resamples (and sign patterns) are drawn in blocks of at most this many entries (memory)
BLOCK_INDICES = 1 << 22


@dataclass(frozen=True)
class ConfidenceInterval:
    """A confidence interval; unpacks as ``(low, high)``, like scipy's.

    Attributes
    ----------
    low : float or numpy.ndarray
        The lower end (an array when the function was given arrays).
    high : float or numpy.ndarray
        The upper end.
    estimate : float or numpy.ndarray
        The point estimate the interval surrounds.
    confidence_level : float
        The nominal coverage, e.g. 0.95.
    method : str
        How the interval was computed (``"wilson"``, ``"delong"``, ``"percentile"`` ...).

    Examples
    --------
    >>> ci = ConfidenceInterval(low=0.2, high=0.6, estimate=0.4, confidence_level=0.95,
    ...                         method="wald")
    >>> low, high = ci
    >>> low, high, ci.method
    (0.2, 0.6, 'wald')
    """

    low: float | np.ndarray
    high: float | np.ndarray
    estimate: float | np.ndarray
    confidence_level: float
    method: str

    def __iter__(self) -> Iterator[float | np.ndarray]:
        return iter((self.low, self.high))

    def __len__(self) -> int:
        return 2

    def __getitem__(self, index: int) -> float | np.ndarray:
        return (self.low, self.high)[index]


@dataclass(frozen=True)
class TestResult:
    """A test of the first system against the second; unpacks as ``(statistic, pvalue)``.

    As scipy's paired tests (``ttest_rel(a, b)``): the first argument minus the second, so
    ``estimate > 0`` and ``statistic > 0`` mean the first scores higher.

    Attributes
    ----------
    statistic : float
        The test statistic, signed like ``estimate`` (see the function for its formula).
    pvalue : float
        The p-value for ``alternative``.
    estimate : float
        The estimated difference, first minus second.
    method : str
        The test, e.g. ``"exact"``, ``"delong"``, ``"randomization"``.
    alternative : str
        ``"two-sided"``, ``"greater"`` (first > second) or ``"less"``.

    Examples
    --------
    >>> from evalmetrics.stats import paired_test
    >>> statistic, pvalue = paired_test([0.3, 0.5, 0.6, 0.4], [0.2, 0.35, 0.5, 0.3])
    >>> low, high = paired_test([0.3, 0.5, 0.6, 0.4], [0.2, 0.35, 0.5, 0.3]).confidence_interval()
    >>> statistic > 0 and low > 0
    True
    """

    __test__ = False  # not a pytest test class, despite the name

    statistic: float
    pvalue: float
    estimate: float
    method: str
    alternative: str
    _interval: Callable[[float], tuple[float, float]] = field(repr=False, compare=False)
    _interval_method: str = field(default="", repr=False, compare=False)

    def __iter__(self) -> Iterator[float]:
        return iter((self.statistic, self.pvalue))

    def __len__(self) -> int:
        return 2

    def __getitem__(self, index: int) -> float:
        return (self.statistic, self.pvalue)[index]

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        """The ``confidence_level`` interval of ``estimate`` (one-sided when ``alternative`` is).

        A :class:`ConfidenceInterval` whose ``method`` names the interval that goes with the
        test (``"newcombe"``, ``"hodges-lehmann"``, ``"percentile"`` ...). Where the level
        cannot be reached (Hodges-Lehmann with very few differences) the interval is the
        widest one, a ``RuntimeWarning`` says so, and ``confidence_level`` is the level reached.
        """
        level = check_confidence(confidence_level)
        low, high, *reached = self._interval(level)
        if reached:  # the rule could not reach the level and warned: report the level reached
            level = reached[0]
        method = self._interval_method or self.method
        return ConfidenceInterval(float(low), float(high), self.estimate, level, method)


def normal_quantile(confidence_level: float) -> float:
    """:math:`z_{(1 + c)/2}`, e.g. 1.96 for ``confidence_level=0.95``."""
    from scipy.stats import norm

    return float(norm.ppf(0.5 + confidence_level / 2))


def percentile_interval(values: np.ndarray, confidence_level: float) -> tuple[float, float]:
    """The central ``confidence_level`` share of ``values`` (numpy's default linear quantiles)."""
    tail = (1 - confidence_level) / 2
    low, high = np.quantile(values, [tail, 1 - tail])
    return float(low), float(high)


def one_sided(
    two_sided: Callable[[float], tuple[float, float]],
    alternative: str,
    bounds: tuple[float, float],
) -> Callable[[float], tuple[float, float]]:
    """The interval rule for ``alternative``, from a two-sided rule ``level -> (low, high)``.

    One-sided at level c is one end of the two-sided interval at level 2c - 1, the other end
    the parameter's bound (``bounds``, e.g. (-1, 1) for a difference of proportions or
    (-inf, inf) for a mean difference), as scipy's tests report it.
    """
    if alternative == "two-sided":
        return two_sided
    lowest, highest = bounds

    def interval(level: float) -> tuple[float, ...]:
        if level <= 0.5:
            raise ValueError(
                f"a one-sided interval (alternative={alternative!r}) needs confidence_level "
                f"above 0.5; got {level!r}"
            )
        low, high, *reached = two_sided(2 * level - 1)
        ends = (low, highest) if alternative == "greater" else (lowest, high)
        # a rule that cannot reach the level says which it reached (two-sided r: (1 + r) / 2)
        return ends + tuple((1 + r) / 2 for r in reached)

    return interval


def resample_blocks(
    rng: np.random.Generator,
    n: int,
    n_resamples: int,
    strata: list[np.ndarray] | None = None,
) -> Iterator[tuple[int, np.ndarray]]:
    """``(start, indices)`` blocks of resamples: ``indices[r]`` is resample ``start + r``.

    Each resample draws ``n`` cases with replacement, or, with ``strata`` (index arrays that
    partition the cases), each stratum's size within that stratum. A block holds at most about
    4 million indices.
    """
    rows = max(1, min(n_resamples, BLOCK_INDICES // max(n, 1)))  # nonzero: max(n, 1) >= 1
    for start in range(0, n_resamples, rows):
        b = min(rows, n_resamples - start)
        if strata is None:
            yield start, rng.integers(0, n, size=(b, n))
        else:
            yield (
                start,
                np.concatenate(
                    [s[rng.integers(0, s.size, size=(b, s.size))] for s in strata], axis=1
                ),
            )


def scipy_rng(function: Callable[..., object], rng: np.random.Generator) -> dict:
    """``rng=`` for scipy >= 1.15 (SPEC 7), ``random_state=`` before (scipy >= 1.11 supported)."""
    name = "rng" if "rng" in inspect.signature(function).parameters else "random_state"
    return {name: rng}


def warn_ignored(name: str, value: object, method: str) -> None:
    """Warn that option ``name`` (set to ``value``) does nothing with ``method``."""
    warnings.warn(
        f"{name} is ignored with method={method!r} (set to {_describe(value)})",
        UserWarning,
        stacklevel=_caller_stacklevel(),
    )
