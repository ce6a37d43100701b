"""Chapter 20's exercises: McNemar's exact test, a randomization test by hand, the effect size."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

from . import Exercise, Mistake


def _binomial_tail(k: int, n: int) -> Fraction:
    """P(K <= k) for K ~ Binomial(n, 1/2)."""
    return Fraction(sum(math.comb(n, i) for i in range(k + 1)), 2**n)


def _mcnemar_p(p: dict, sides: int = 2) -> Fraction:
    """The exact McNemar p-value: the discordant split b to c or more uneven."""
    b, c = p["a_only"], p["b_only"]
    return min(Fraction(1), sides * _binomial_tail(min(b, c), b + c))


def _chi_square_p(p: dict, correction: int) -> float:
    """McNemar's chi-square approximation on one degree of freedom."""
    b, c = p["a_only"], p["b_only"]
    statistic = (abs(b - c) - correction) ** 2 / (b + c)
    return math.erfc(math.sqrt(statistic / 2))


def _mcnemar_vary(rng) -> dict:
    while True:
        b = int(rng.integers(1, 7))
        c = int(rng.integers(b + 5, b + 13))
        if Fraction(1, 1000) < _mcnemar_p({"a_only": b, "b_only": c}) < Fraction(1, 10):
            return {"n": int(rng.choice([80, 100, 120, 200])), "a_only": b, "b_only": c}


_EXACT = (
    "The exercise asks for the exact binomial p-value: under the null hypothesis each"
    " discordant case falls either way with probability 1/2."
)

MCNEMAR = Exercise(
    "ch20-ex-mcnemar",
    params={"n": 100, "a_only": 3, "b_only": 12},
    answer=lambda p: {
        "difference": Fraction(p["b_only"] - p["a_only"], p["n"]),
        "pvalue": _mcnemar_p(p),
    },
    mistakes=(
        Mistake(
            "difference",
            lambda p: Fraction(p["a_only"] - p["b_only"], p["n"]),
            "That is A minus B. The book reports B minus A: (c - b) / n, positive when B is"
            " more accurate.",
        ),
        Mistake(
            "difference",
            lambda p: Fraction(p["b_only"] - p["a_only"], p["a_only"] + p["b_only"]),
            "You divided by the {discordant} discordant cases. The accuracy difference divides"
            " by all {n} cases: (c - b) / n.",
        ),
        Mistake(
            "pvalue",
            lambda p: _mcnemar_p(p, sides=1),
            "That is one tail. The two-sided test doubles it: a split at least as uneven in"
            " either direction.",
        ),
        Mistake(
            "pvalue",
            lambda p: _chi_square_p(p, correction=1),
            "That is the chi-square approximation with the continuity correction. " + _EXACT,
        ),
        Mistake(
            "pvalue",
            lambda p: _chi_square_p(p, correction=0),
            "That is the chi-square approximation without the continuity correction. " + _EXACT,
        ),
        Mistake(
            "pvalue",
            lambda p: (
                2
                * Fraction(math.comb(p["a_only"] + p["b_only"], p["a_only"]))
                / 2 ** (p["a_only"] + p["b_only"])
            ),
            "That counts only the split {a_only} to {b_only} itself. Sum the probabilities of"
            " every split at least as uneven, in both directions.",
        ),
    ),
    decimals=4,
    facts=lambda p: {"discordant": p["a_only"] + p["b_only"]},
    vary=_mcnemar_vary,
    shows=lambda p: {"n": str(p["n"]), "a_only": str(p["a_only"]), "b_only": str(p["b_only"])},
)


def _differences(p: dict) -> list[Fraction]:
    return [Fraction(str(v)) for v in p["d"]]


def _pattern_means(p: dict) -> list[Fraction]:
    """The mean of every sign pattern applied to the differences' sizes (2^n of them)."""
    sizes = [abs(v) for v in _differences(p)]
    return [
        sum(s * v for s, v in zip(signs, sizes, strict=True)) / len(sizes)
        for signs in product((1, -1), repeat=len(sizes))
    ]


def _randomization_p(p: dict, strict: bool = False, count_observed: bool = True) -> Fraction:
    """The share of sign patterns whose mean is at least as far from 0 as the observed one."""
    observed = abs(sum(_differences(p)) / len(p["d"]))
    means = _pattern_means(p)
    far = sum(abs(m) > observed if strict else abs(m) >= observed for m in means)
    return Fraction(far - (0 if count_observed else 1), len(means))


def _randomization_vary(rng) -> dict:
    sizes = [Fraction(i, 20) for i in range(1, 9)]  # 0.05, 0.1, ..., 0.4
    while True:
        picked = rng.choice(len(sizes), size=4, replace=False)
        d = [float(sizes[i]) for i in picked]
        d[int(rng.integers(0, 4))] *= -1  # one query where A is better
        params = {"d": d}
        if sum(_differences(params)) > 0:
            return params


RANDOMIZATION = Exercise(
    "ch20-ex-randomization",
    keeps=("smallest_p",),  # the same answer in every variant, by design
    params={"d": [0.2, 0.1, -0.05, 0.3]},
    answer=lambda p: {
        "mean_difference": sum(_differences(p)) / len(p["d"]),
        "pvalue": _randomization_p(p),
        "smallest_p": Fraction(2, 2 ** len(p["d"])),
    },
    mistakes=(
        Mistake(
            "mean_difference",
            lambda p: sum(abs(v) for v in _differences(p)) / len(p["d"]),
            "Keep the sign: the differences are taken as given, and one of them is negative.",
        ),
        Mistake(
            "pvalue",
            lambda p: _randomization_p(p, strict=True),
            "Count the patterns whose mean is at least as far from 0 as the observed one"
            " (>=, not >): a pattern exactly as far counts, and the observed pattern and its"
            " mirror image are always among them.",
        ),
        Mistake(
            "pvalue",
            lambda p: _randomization_p(p, count_observed=False),
            "The observed sign pattern is one of the {patterns} and counts as at least as extreme.",
        ),
        Mistake(
            "smallest_p",
            lambda p: Fraction(1, 2 ** len(p["d"])),
            "The test is two-sided: the mirror image of the observed pattern (every sign"
            " flipped) is always exactly as far from 0 as the observed pattern.",
        ),
    ),
    decimals=4,
    facts=lambda p: {"patterns": 2 ** len(p["d"])},
    vary=_randomization_vary,
    shows=lambda p: {"d": ", ".join(str(v) for v in p["d"])},
)


def _sd(p: dict, ddof: int) -> float:
    d = _differences(p)
    mean = sum(d) / len(d)
    return math.sqrt(sum((v - mean) ** 2 for v in d) / (len(d) - ddof))


def _effect(p: dict, ddof: int = 1) -> float:
    return float(sum(_differences(p)) / len(p["d"])) / _sd(p, ddof)


def _t(p: dict, ddof: int = 1) -> float:
    return _effect(p, ddof) * math.sqrt(len(p["d"]))


def _effect_vary(rng) -> dict:
    while True:
        d = [round(float(v), 1) for v in rng.choice(range(-2, 5), size=5) / 10]
        params = {"d": d}
        if sum(_differences(params)) > 0 and len(set(d)) >= 3:
            return params


EFFECT_SIZE = Exercise(
    "ch20-ex-effect-size",
    params={"d": [0.1, 0.3, -0.1, 0.2, 0.0]},
    answer=lambda p: {
        "mean_difference": sum(_differences(p)) / len(p["d"]),
        "effect_size": _effect(p),
        "t": _t(p),
    },
    mistakes=(
        Mistake(
            "effect_size",
            lambda p: _effect(p, ddof=0),
            "You divided by the population standard deviation (n in the denominator). Use the"
            " sample standard deviation, n - 1 = 4: np.std(d, ddof=1).",
        ),
        Mistake(
            "effect_size",
            _t,
            "That is the t statistic. The effect size does not grow with n: d_z = mean / s_d.",
        ),
        Mistake(
            "t",
            lambda p: _t(p, ddof=0),
            "You used the population standard deviation (n in the denominator). Use n - 1 = 4:"
            " t = mean / (s_d / sqrt(n)).",
        ),
        Mistake(
            "t",
            _effect,
            "That is the effect size d_z. The t statistic multiplies it by sqrt(n) = sqrt(5).",
        ),
    ),
    vary=_effect_vary,
    shows=lambda p: {"d": ", ".join(str(v) for v in p["d"])},
)

EXERCISES = [MCNEMAR, RANDOMIZATION, EFFECT_SIZE]
