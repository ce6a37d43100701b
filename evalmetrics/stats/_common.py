"""What the interval and test modules share (private): one home for each helper.

- :class:`ConfidenceInterval` and :class:`TestResult`, the two result shapes: tuples, like
  scipy's results, with their other fields as read-only attributes (:class:`ResultTuple`,
  which other result classes of the package subclass);
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
import math
import warnings
from collections.abc import Callable, Iterator
from dataclasses import FrozenInstanceError
from functools import partial
from operator import itemgetter

import numpy as np

from .._validation import caller_stacklevel, check_confidence, describe

__all__ = [
    "BLOCK_INDICES",
    "ConfidenceInterval",
    "ResultTuple",
    "TIE_DIGITS",
    "TestResult",
    "normal_quantile",
    "one_sided",
    "percentile_interval",
    "resample_blocks",
    "scipy_rng",
    "tie_rounded",
    "warn_ignored",
]

# resamples (and sign patterns) are drawn in blocks of at most this many entries (memory)
BLOCK_INDICES = 1 << 22


def _same(first: object, second: object) -> bool:
    """Field equality that also compares numpy arrays (element by element, same shape)."""
    if isinstance(first, np.ndarray) or isinstance(second, np.ndarray):
        return bool(np.array_equal(first, second))
    return bool(first is second or first == second)


class ResultTuple(tuple):
    """A read-only tuple of the leading fields, with the other fields as attributes.

    The pattern of scipy's results (``TtestResult``, ``ConfidenceInterval``): ``isinstance(r,
    tuple)`` holds, ``a, b = r`` unpacks the tuple fields, and the other fields are
    attributes. Fields cannot be reassigned. Two results of the same class are equal when every
    compared field is; against a plain tuple only the tuple fields count, as for scipy's. The
    hash is the tuple's. Pickling and copying rebuild the result from all its fields.

    A subclass names its fields in four class attributes (``_tuple_fields``, then
    ``_attribute_fields`` in constructor order; ``_compared`` for ``==`` and ``repr``;
    ``_shown_if_set`` for fields ``repr`` shows only when not None), defines ``__new__``
    taking the fields in that order, builds the tuple with ``tuple.__new__(cls, values)``,
    stores the rest with ``self._init_attributes(name=value, ...)``, and exposes the tuple
    fields as properties (``property(operator.itemgetter(i))``). Anything it holds must
    pickle (module-level functions or ``functools.partial`` of them, not closures).
    """

    __slots__ = ()
    _tuple_fields: tuple[str, ...] = ()  # the fields the tuple holds, in order
    _attribute_fields: tuple[str, ...] = ()  # the others, in constructor order
    _compared: tuple[str, ...] = ()  # the fields == compares (tuple fields included)
    _shown_if_set: tuple[str, ...] = ()  # fields repr shows only when not None

    def _init_attributes(self, **values: object) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r} of {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r} of {type(self).__name__}")

    def _values(self) -> tuple[object, ...]:
        names = self._tuple_fields + self._attribute_fields
        return tuple(getattr(self, name) for name in names)

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), self._values()

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return all(_same(getattr(self, f), getattr(other, f)) for f in self._compared)
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        names = [
            name
            for name in self._compared
            if name not in self._shown_if_set or getattr(self, name) is not None
        ]
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__name__}({fields})"


class ConfidenceInterval(ResultTuple):
    """A confidence interval; a tuple ``(low, high)``, like scipy's.

    ``isinstance(ci, tuple)`` is True and ``low, high = ci`` unpacks it, as
    ``scipy.stats.binomtest(k, n).proportion_ci()``; the other fields are attributes.

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
        How the interval was computed (``"wilson"``, ``"delong-logit"``, ``"BCa"`` ...).
    standard_error : float or None
        Bootstrap intervals: the standard deviation (ddof 1) of the resampled values, as
        ``scipy.stats.bootstrap``'s ``standard_error``; None otherwise.
    bootstrap_distribution : numpy.ndarray or None
        Bootstrap intervals: the ``n_resamples`` resampled values the interval and
        ``standard_error`` come from (read-only), as scipy's ``bootstrap_distribution``; None
        otherwise. Not shown by ``repr`` and not compared by ``==``.

    Examples
    --------
    >>> ci = ConfidenceInterval(low=0.2, high=0.6, estimate=0.4, confidence_level=0.95,
    ...                         method="wald")
    >>> low, high = ci
    >>> low, high, ci.method, isinstance(ci, tuple)
    (0.2, 0.6, 'wald', True)
    >>> ci == (0.2, 0.6)
    True
    """

    _tuple_fields = ("low", "high")
    _attribute_fields = (
        "estimate",
        "confidence_level",
        "method",
        "standard_error",
        "bootstrap_distribution",
    )
    _compared = ("low", "high", "estimate", "confidence_level", "method", "standard_error")
    _shown_if_set = ("standard_error",)

    low: float | np.ndarray
    high: float | np.ndarray
    estimate: float | np.ndarray
    confidence_level: float
    method: str
    standard_error: float | None
    bootstrap_distribution: np.ndarray | None

    def __new__(
        cls,
        low: float | np.ndarray,
        high: float | np.ndarray,
        estimate: float | np.ndarray,
        confidence_level: float,
        method: str,
        standard_error: float | None = None,
        bootstrap_distribution: np.ndarray | None = None,
    ) -> ConfidenceInterval:
        self = tuple.__new__(cls, (low, high))
        self._init_attributes(
            estimate=estimate,
            confidence_level=confidence_level,
            method=method,
            standard_error=standard_error,
            bootstrap_distribution=bootstrap_distribution,
        )
        return self

    low = property(itemgetter(0), doc="The lower end.")  # type: ignore[assignment]
    high = property(itemgetter(1), doc="The upper end.")  # type: ignore[assignment]


class TestResult(ResultTuple):
    """A test of the first system against the second; a tuple ``(statistic, pvalue)``.

    As scipy's test results (``ttest_rel(a, b)``): ``isinstance(r, tuple)`` is True,
    ``statistic, pvalue = r`` unpacks it, and the other fields are attributes. ``estimate``
    is the first argument minus the second, so ``estimate > 0`` means the first scores higher.

    Attributes
    ----------
    statistic : float
        The test statistic; its formula is the function's (scipy's and statsmodels' where
        they have the test).
    pvalue : float
        The p-value for ``alternative``.
    estimate : float
        The estimated difference, first minus second: it carries the direction.
    method : str
        The test, e.g. ``"exact"``, ``"delong"``, ``"randomization"``.
    alternative : str
        ``"two-sided"``, ``"greater"`` (first > second) or ``"less"``.
    df : float or None
        The degrees of freedom of a t statistic (scipy's ``TtestResult.df``); None for
        other tests.

    Examples
    --------
    >>> from evalmetrics.stats import paired_test
    >>> r = paired_test([0.3, 0.5, 0.6, 0.4], [0.2, 0.35, 0.5, 0.3])
    >>> statistic, pvalue = r
    >>> low, high = r.confidence_interval()
    >>> statistic > 0 and low > 0, r.df, isinstance(r, tuple)
    (True, 3.0, True)
    """

    __test__ = False  # not a pytest test class, despite the name
    _tuple_fields = ("statistic", "pvalue")
    _attribute_fields = ("estimate", "method", "alternative", "_interval", "_interval_method", "df")
    _compared = ("statistic", "pvalue", "estimate", "method", "alternative", "df")
    _shown_if_set = ("df",)

    statistic: float
    pvalue: float
    estimate: float
    method: str
    alternative: str
    df: float | None

    def __new__(
        cls,
        statistic: float,
        pvalue: float,
        estimate: float,
        method: str,
        alternative: str,
        _interval: Callable[[float], tuple[float, ...]] | None = None,
        _interval_method: str = "",
        df: float | None = None,
    ) -> TestResult:
        self = tuple.__new__(cls, (statistic, pvalue))
        self._init_attributes(
            estimate=estimate,
            method=method,
            alternative=alternative,
            _interval=_interval,
            _interval_method=_interval_method,
            df=df,
        )
        return self

    statistic = property(itemgetter(0), doc="The test statistic.")  # type: ignore[assignment]
    pvalue = property(itemgetter(1), doc="The p-value.")  # type: ignore[assignment]

    def confidence_interval(self, confidence_level: float = 0.95) -> ConfidenceInterval:
        """The ``confidence_level`` interval of ``estimate`` (one-sided when ``alternative`` is).

        A :class:`ConfidenceInterval` whose ``method`` names the interval that goes with the
        test (``"newcombe"``, ``"hodges-lehmann"``, ``"percentile"`` ...). Where the level
        cannot be reached (Hodges-Lehmann with very few differences) the interval is the
        widest one, a ``RuntimeWarning`` says so, and ``confidence_level`` is the level reached.
        """
        level = check_confidence(confidence_level)
        if self._interval is None:
            raise ValueError(f"this {self.method!r} test result carries no interval")
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
    two_sided: Callable[[float], tuple[float, ...]],
    alternative: str,
    bounds: tuple[float, float],
) -> Callable[[float], tuple[float, ...]]:
    """The interval rule for ``alternative``, from a two-sided rule ``level -> (low, high)``.

    One-sided at level c is one end of the two-sided interval at level 2c - 1, the other end
    the parameter's bound (``bounds``, e.g. (-1, 1) for a difference of proportions or
    (-inf, inf) for a mean difference), as scipy's tests report it. The rule is a
    ``functools.partial`` of module-level functions, so a result holding it pickles.
    """
    if alternative == "two-sided":
        return two_sided
    return partial(_one_sided_interval, two_sided, alternative, bounds)


def _one_sided_interval(
    two_sided: Callable[[float], tuple[float, ...]],
    alternative: str,
    bounds: tuple[float, float],
    level: float,
) -> tuple[float, ...]:
    if level <= 0.5:
        raise ValueError(
            f"a one-sided interval (alternative={alternative!r}) needs confidence_level "
            f"above 0.5; got {level!r}"
        )
    lowest, highest = bounds
    low, high, *reached = two_sided(2 * level - 1)
    ends = (low, highest) if alternative == "greater" else (lowest, high)
    # a rule that cannot reach the level says which it reached (two-sided r: (1 + r) / 2)
    return ends + tuple((1 + r) / 2 for r in reached)


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
        f"{name} is ignored with method={method!r} (set to {describe(value)})",
        UserWarning,
        stacklevel=caller_stacklevel(),
    )


TIE_DIGITS = 12  # significant decimals kept before ranking |d| (see tie_rounded)


def tie_rounded(differences: np.ndarray, scale: float) -> np.ndarray:
    r"""The differences rounded to 12 decimals relative to the data scale, so that
    differences equal in exact arithmetic are equal floats.

    ``scale`` is the largest absolute value of the data (a and b). With
    :math:`u = 10^{\lceil \log_{10} \text{scale} \rceil}` the result is
    ``round(d / u, 12) * u``: for data in (0.1, 1], such as most metrics, that is
    ``np.round(d, 12)``, a grid of 1e-12. The rounding error of ``a - b`` is at most a few
    units in the last place of ``scale`` (about 2e-16 of it), so differences that are equal in
    exact arithmetic but differ in their last bits fall on one grid point, while real
    differences of the data, which are far coarser than 1e-12 of its scale, keep their order.
    Two equal differences can still be split only if they straddle a grid midpoint, which
    noise of 1e-16 reaches only within 1e-16 of one.
    """
    if scale == 0:
        return differences
    unit = 10.0 ** math.ceil(math.log10(scale))
    return np.round(differences / unit, TIE_DIGITS) * unit  # nonzero: unit > 0
