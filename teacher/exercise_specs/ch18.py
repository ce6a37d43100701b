"""Chapter 18's exercises: the bootstrap's standard error, lost resamples, coverage studies."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement

from scipy import stats

from . import Exercise, Mistake


def _exact(values: list[float]) -> list[Fraction]:
    return [Fraction(str(v)) for v in values]


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values) / len(values)


def _sd(values: list[Fraction], ddof: int) -> float:
    mean = _mean(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - ddof))


def _se(p: dict, ddof: int = 1) -> float:
    """The standard error of the mean over queries, s / sqrt(n)."""
    return _sd(_exact(p["ap"]), ddof) / math.sqrt(len(p["ap"]))


def _t975(p: dict) -> float:
    """The 0.975 quantile of Student's t on n - 1 degrees of freedom, as the statement asks."""
    return float(stats.t.ppf(0.975, len(p["ap"]) - 1))


def _ideal_bootstrap_se(p: dict) -> float:
    """The standard deviation of the resampled means over all n^n equally likely resamples.

    The n^n ordered resamples are enumerated as multisets of indices, each weighted by the
    number of orders that give it (n! / the product of its counts' factorials), exactly.
    """
    values = _exact(p["ap"])
    n = len(values)
    first = second = Fraction(0)
    for draw in combinations_with_replacement(range(n), n):
        orders = math.factorial(n)
        for count in Counter(draw).values():
            orders //= math.factorial(count)
        mean = sum(values[i] for i in draw) / n
        first += orders * mean
        second += orders * mean**2
    total = n**n
    return math.sqrt(second / total - (first / total) ** 2)


def _interval(p: dict, side: int, multiplier: float, spread: float) -> float:
    return float(_mean(_exact(p["ap"]))) + side * multiplier * spread


def _per_query_answer(p: dict) -> dict:
    se, t = _se(p), _t975(p)
    return {
        "map": _mean(_exact(p["ap"])),
        "se": se,
        "low": _interval(p, -1, t, se),
        "high": _interval(p, +1, t, se),
        "boot_se": _ideal_bootstrap_se(p),
    }


def _per_query_vary(rng) -> dict:
    while True:
        ap = [round(float(v), 1) for v in rng.choice(range(1, 11), size=6) / 10]
        if len(set(ap)) >= 4:
            return {"ap": ap}


_T_NOT_Z = (
    "With six queries the standard deviation is estimated from six values: multiply the"
    " standard error by the t quantile on 5 degrees of freedom, about {t975:.3f}, not by"
    " z = 1.96."
)
_SE_NOT_SD = "Use the standard error s / sqrt(6), not the standard deviation s."

PER_QUERY = Exercise(
    "ch18-ex-per-query",
    params={"ap": [0.9, 0.4, 1.0, 0.7, 0.2, 0.8]},
    answer=_per_query_answer,
    mistakes=(
        Mistake(
            "se",
            lambda p: _se(p, ddof=0),
            "Use the sample standard deviation (divide by n - 1 = 5, ddof=1).",
        ),
        Mistake(
            "se",
            lambda p: _sd(_exact(p["ap"]), 1),
            "That is the standard deviation of the per-query values; the standard error of"
            " their mean divides it by sqrt(6).",
        ),
        Mistake("low", lambda p: _interval(p, -1, 1.96, _se(p)), _T_NOT_Z),
        Mistake("high", lambda p: _interval(p, +1, 1.96, _se(p)), _T_NOT_Z),
        Mistake("low", lambda p: _interval(p, -1, _t975(p), _sd(_exact(p["ap"]), 1)), _SE_NOT_SD),
        Mistake("high", lambda p: _interval(p, +1, _t975(p), _sd(_exact(p["ap"]), 1)), _SE_NOT_SD),
        Mistake(
            "boot_se",
            _se,
            "That is the standard error with the sample standard deviation (n - 1). One"
            " bootstrap draw from the six values has their variance with divisor 6: the"
            " spread of the six values themselves.",
        ),
    ),
    facts=lambda p: {"t975": _t975(p)},
    vary=_per_query_vary,
    shows=lambda p: {"ap": "[" + ", ".join(str(v) for v in p["ap"]) + "]"},
)


def _p_none(positives: int, n: int) -> Fraction:
    """A plain resample of n cases draws n times, each missing the positives."""
    return (1 - Fraction(positives, n)) ** n


def _no_positive_vary(rng) -> dict:
    positives = int(rng.choice([2, 3]))
    return {"positives": positives, "n": int(rng.choice([20, 25, 30, 40, 50]))}


NO_POSITIVE = Exercise(
    "ch18-ex-no-positive",
    keeps=("p_none_stratified",),  # the same answer in every variant, by design
    params={"positives": 3, "n": 30},
    answer=lambda p: {
        "p_none": _p_none(p["positives"], p["n"]),
        "p_none_60": _p_none(2 * p["positives"], 2 * p["n"]),
        "p_none_stratified": 0,
    },
    mistakes=(
        Mistake(
            "p_none",
            lambda p: 1 - Fraction(p["positives"], p["n"]),
            "That is one draw's chance of missing the positives; all {n} independent draws of"
            " a resample must miss them.",
        ),
        Mistake(
            "p_none",
            lambda p: 1 - _p_none(p["positives"], p["n"]),
            "That is the probability that a resample has at least one positive.",
        ),
        Mistake(
            "p_none_60",
            lambda p: _p_none(p["positives"], p["n"]),
            "The same share of positives does not give the same probability: the larger"
            " resample makes twice as many independent draws, and every one must miss the"
            " positives.",
        ),
    ),
    decimals=4,
    vary=_no_positive_vary,
    shows=lambda p: {
        "positives": str(p["positives"]),
        "n": str(p["n"]),
        "positives_60": str(2 * p["positives"]),
        "n_60": str(2 * p["n"]),
    },
)


def _coverage(p: dict) -> Fraction:
    return Fraction(p["covered"], p["studies"])


def _coverage_se(p: dict, at: Fraction | None = None, divide: bool = True) -> float:
    c = _coverage(p) if at is None else at
    return math.sqrt(c * (1 - c) / (p["studies"] if divide else 1))


def _coverage_z(p: dict, se: float) -> float:
    return float(_coverage(p) - p["nominal"]) / se


COVERAGE = Exercise(
    "ch18-ex-coverage",
    params={"covered": 899, "studies": 1000, "nominal": Fraction(95, 100)},
    answer=lambda p: {
        "coverage": _coverage(p),
        "se": _coverage_se(p),
        "z": _coverage_z(p, _coverage_se(p)),
    },
    mistakes=(
        Mistake(
            "se",
            lambda p: _coverage_se(p, at=p["nominal"]),
            "That is the standard error at a coverage of 0.95. The standard error of an"
            " estimated coverage is taken at the estimate.",
        ),
        Mistake(
            "z",
            lambda p: _coverage_z(p, _coverage_se(p, at=p["nominal"])),
            "That uses the standard error at 95%; the question asks in units of the standard"
            " error from (b), at the estimate.",
        ),
        Mistake(
            "se",
            lambda p: _coverage_se(p, divide=False),
            "Divide by the number of test sets inside the square root: sqrt(C (1 - C) / N).",
        ),
    ),
    decimals=4,
    fixed="899 of 1,000 is the chapter's own coverage study (the percentile bootstrap at AUC"
    " 0.99), which the check cell compares with the simulation",
)

EXERCISES = [PER_QUERY, NO_POSITIVE, COVERAGE]
