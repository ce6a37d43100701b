"""Chapter 19's exercises: the sign test and its power, Holm and Benjamini-Hochberg, sample size."""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist

import numpy as np

from . import Exercise, Mistake

ALPHA = Fraction(5, 100)


def _tail(k: int, n: int) -> Fraction:
    """P(K <= k) for K ~ Binomial(n, 1/2)."""
    return Fraction(sum(math.comb(n, i) for i in range(k + 1)), 2**n)


def _sign_p(wins: int, n: int, sides: int = 2) -> Fraction:
    """The exact sign-test p-value: every split at least as uneven (both directions if 2)."""
    return min(Fraction(1), sides * _tail(min(wins, n - wins), n))


def _region(n: int, widen: int = 0) -> list[int]:
    """The splits the two-sided test rejects at 0.05 (``widen`` adds that many on each side)."""
    inner = max((k for k in range(n // 2 + 1) if _sign_p(k, n) <= ALPHA), default=-1) + widen
    return [k for k in range(n + 1) if k <= inner or k >= n - inner]


def _power(p: dict, widen: int = 0) -> Fraction:
    alt = Fraction(str(p["alt"]))
    n = p["n"]
    return sum(math.comb(n, k) * alt**k * (1 - alt) ** (n - k) for k in _region(n, widen))


def _sign_facts(p: dict) -> dict:
    inner = max(k for k in _region(p["n"]) if k <= p["n"] // 2)
    return {
        "losses": p["n"] - p["wins"],
        "outside_high": p["n"] - inner - 1,
        "outside_low": inner + 1,
    }


def _sign_vary(rng) -> dict:
    while True:
        n = int(rng.integers(12, 21))
        wins = int(rng.integers(n // 2 + 2, n))
        if Fraction(1, 1000) < _sign_p(wins, n) < ALPHA and _region(n):
            return {"wins": wins, "n": n, "ties": 4, "alt": float(rng.choice([0.75, 0.8, 0.85]))}


SIGN_TEST = Exercise(
    "ch19-ex-sign-test",
    params={"wins": 13, "n": 16, "ties": 4, "alt": 0.8},
    answer=lambda p: {"pvalue": _sign_p(p["wins"], p["n"]), "power": _power(p)},
    mistakes=(
        Mistake(
            "pvalue",
            lambda p: _sign_p(p["wins"], p["n"], sides=1),
            "That is one tail. The test is two-sided: double it, since a split as uneven in"
            " A's favour counts too.",
        ),
        Mistake(
            "pvalue",
            lambda p: 2 * Fraction(math.comb(p["n"], p["wins"]), 2 ** p["n"]),
            "That counts only the split {wins} to {losses} itself. The p-value sums the"
            " probabilities of every split at least as uneven, in both directions.",
        ),
        Mistake(
            "pvalue",
            # the ties kept as A's wins: n grows by the ties, B's wins stay
            lambda p: _sign_p(p["wins"], p["n"] + p["ties"]),
            "The four tied queries say nothing about which system wins: leave them out, n = {n}.",
        ),
        Mistake(
            "power",
            lambda p: _power(p, widen=1),
            "Your rejection region is too large: the split {outside_high} to {outside_low} has"
            " a two-sided p-value above 0.05, so the test does not reject it.",
        ),
        Mistake(
            "power",
            lambda p: 1 - _power(p),
            "That is the probability of a type II error, the chance of missing the"
            " alternative. Power is one minus it.",
        ),
    ),
    decimals=4,
    facts=_sign_facts,
    vary=_sign_vary,
    shows=lambda p: {"wins": str(p["wins"]), "n": str(p["n"]), "alt": str(p["alt"])},
)


def _sorted_p(p: dict) -> list[Fraction]:
    return sorted(Fraction(str(v)) for v in p["pvalues"])


def _holm(p: dict) -> int:
    """Holm: the i-th smallest (from 1) against alpha / (m - i + 1), stopping at the first fail."""
    ordered, m = _sorted_p(p), len(p["pvalues"])
    rejected = 0
    for i, value in enumerate(ordered, start=1):
        if value > ALPHA / (m - i + 1):
            break
        rejected = i
    return rejected


def _bh(p: dict, step_up: bool = True) -> int:
    """Benjamini-Hochberg: the largest k with p_(k) <= k alpha / m (step-up)."""
    ordered, m = _sorted_p(p), len(p["pvalues"])
    passes = [value <= k * ALPHA / m for k, value in enumerate(ordered, start=1)]
    if step_up:
        return max((k for k, ok in enumerate(passes, start=1) if ok), default=0)
    return next((k - 1 for k, ok in enumerate(passes, start=1) if not ok), len(passes))


def _count_below(p: dict, line: Fraction) -> int:
    return sum(value <= line for value in _sorted_p(p))


def _holm_bh_vary(rng) -> dict:
    """Five p-values below 0.05: Holm stops before Benjamini-Hochberg, and a p-value fails its
    Benjamini-Hochberg line before a larger one passes its own. (With a large fifth p-value, as
    the book's 0.3, these conditions always give the book's counts, 2 and 4.)"""
    while True:
        draw = np.sort(rng.choice(np.arange(1, 50), size=5, replace=False))
        params = {"pvalues": [float(Fraction(int(i), 1000)) for i in draw]}
        bonferroni, holm = _count_below(params, ALPHA / 5), _holm(params)
        if bonferroni < holm < _bh(params) and _bh(params, step_up=False) < _bh(params):
            return params


HOLM_BH = Exercise(
    "ch19-ex-holm-bh",
    params={"pvalues": [0.001, 0.012, 0.035, 0.038, 0.3]},
    answer=lambda p: {"holm_rejected": _holm(p), "bh_rejected": _bh(p)},
    mistakes=(
        Mistake(
            "holm_rejected",
            lambda p: _count_below(p, ALPHA / len(p["pvalues"])),
            "That is Bonferroni (every p-value against 0.05 / 5). Holm compares the i-th"
            " smallest with 0.05 / (5 - i + 1).",
        ),
        Mistake(
            "holm_rejected",
            lambda p: _count_below(p, ALPHA),
            "That is the count without any correction. Holm compares the i-th smallest with"
            " 0.05 / (5 - i + 1) and stops at the first that fails.",
        ),
        Mistake(
            "bh_rejected",
            lambda p: _bh(p, step_up=False),
            "You stopped at the first p-value above its line k * 0.05 / 5. Benjamini-Hochberg"
            " is a step-up rule: find the largest k with p_(k) <= k * 0.05 / 5 and reject all"
            " up to it.",
        ),
    ),
    decimals=0,
    vary=_holm_bh_vary,
    shows=lambda p: {f"p{i}": str(v) for i, v in enumerate(p["pvalues"], start=1)},
)

_Z = NormalDist()


def _queries(p: dict, z_test: float | None = None, z_power: float | None = None) -> float:
    """The normal approximation n = ((z_0.975 + z_0.8) sigma / delta)^2, unrounded."""
    z_test = _Z.inv_cdf(0.975) if z_test is None else z_test
    z_power = _Z.inv_cdf(p["power"]) if z_power is None else z_power
    return ((z_test + z_power) * p["sigma"] / p["delta"]) ** 2


def _sample_size_vary(rng) -> dict:
    return {
        "sigma": float(rng.choice([0.08, 0.12, 0.15, 0.2])),
        "delta": float(rng.choice([0.02, 0.03, 0.04])),
        "power": 0.8,
    }


SAMPLE_SIZE = Exercise(
    "ch19-ex-sample-size",
    params={"sigma": 0.1, "delta": 0.02, "power": 0.8},
    answer=lambda p: {"n_queries": math.ceil(_queries(p))},
    mistakes=(
        Mistake(
            "n_queries",
            lambda p: round(_queries(p)),
            "Round up, not to the nearest: {rounded} queries give slightly less than {power:.0%}"
            " power.",
        ),
        Mistake(
            "n_queries",
            lambda p: math.ceil(_queries(p, z_test=_Z.inv_cdf(0.95))),
            "That uses the one-sided z of 1.645. The test is two-sided: z_0.975 = 1.96.",
        ),
        Mistake(
            "n_queries",
            lambda p: math.ceil(_queries(p, z_power=0.0)),
            "That leaves out the power term z_0.8 = {z_power:.3f}: at that size the power is"
            " only 50%, not {power:.0%}.",
        ),
    ),
    decimals=0,
    facts=lambda p: {"rounded": round(_queries(p)), "z_power": _Z.inv_cdf(p["power"])},
    vary=_sample_size_vary,
    shows=lambda p: {"sigma": str(p["sigma"]), "delta": str(p["delta"])},
)

EXERCISES = [SIGN_TEST, HOLM_BH, SAMPLE_SIZE]
