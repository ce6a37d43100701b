"""Chapter 25's exercises: Friedman and Nemenyi, sign and Wilcoxon tests, Holm, sample sizes."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from scipy import stats

from . import Exercise, Mistake

# ---------------------------------------------------------------- Zhou's worked example


def _average_ranks(ranks: list[list[float]]) -> list[Fraction]:
    columns = list(zip(*ranks, strict=True))
    return [sum(Fraction(str(r)) for r in column) / len(ranks) for column in columns]


def _chi2_plain(p: dict) -> Fraction:
    """Friedman's statistic without a tie correction, as Zhou writes it."""
    n, k = len(p["ranks"]), len(p["ranks"][0])
    squares = sum(r**2 for r in _average_ranks(p["ranks"]))
    return Fraction(12 * n, k * (k + 1)) * (squares - Fraction(k * (k + 1) ** 2, 4))


def _chi2_tie_corrected(p: dict) -> float:
    """scipy's friedmanchisquare, which divides by the correction for tied ranks."""
    columns = np.array(p["ranks"], dtype=float).T
    return float(stats.friedmanchisquare(*(-columns)).statistic)


def _iman_davenport(p: dict, chi2: Fraction | float) -> Fraction | float:
    n, k = len(p["ranks"]), len(p["ranks"][0])
    return (n - 1) * chi2 / (n * (k - 1) - chi2)


def _cd(p: dict, q: float, divisor: int = 6) -> float:
    n, k = len(p["ranks"]), len(p["ranks"][0])
    return q * math.sqrt(k * (k + 1) / (divisor * n))


def _bonferroni_dunn_q(p: dict) -> float:
    """The two-tailed Bonferroni-Dunn value: z at alpha / (2 (k - 1)), for k - 1 comparisons."""
    k = len(p["ranks"][0])
    return float(stats.norm.ppf(1 - p["alpha"] / (2 * (k - 1))))


def _zhou_answer(p: dict) -> dict:
    chi2 = _chi2_plain(p)
    return {"chi2": chi2, "f": _iman_davenport(p, chi2), "cd": _cd(p, p["q"])}


ZHOU = Exercise(
    "ch25-ex-zhou",
    params={
        "ranks": [[1, 2, 3], [1, 2.5, 2.5], [1, 2, 3], [1, 2, 3]],
        "q": 2.344,
        "alpha": 0.05,
    },
    answer=_zhou_answer,
    mistakes=(
        Mistake(
            "chi2",
            _chi2_tie_corrected,
            "That is the tie-corrected statistic (scipy's friedmanchisquare divides by a"
            " correction for the tie on D2). The exercise asks for Zhou's formula, which has no"
            " tie correction: 12N/(k(k+1)) times (the sum of the squared average ranks minus"
            " k(k+1)^2/4).",
        ),
        Mistake(
            "f",
            lambda p: _iman_davenport(p, _chi2_tie_corrected(p)),
            "You started from the tie-corrected chi-square. tau_F = (N - 1) tau_chi2 /"
            " (N(k - 1) - tau_chi2) with the uncorrected tau_chi2.",
        ),
        Mistake(
            "cd",
            lambda p: _cd(p, 1.96),
            "1.96 is the normal quantile for one comparison. Nemenyi's q for k = 3 is larger:"
            " use q = {q}.",
        ),
        Mistake(
            "cd",
            lambda p: _cd(p, _bonferroni_dunn_q(p)),
            "That q is Bonferroni-Dunn's, for comparing k - 1 learners with one control."
            " Nemenyi's test compares every pair and uses q = {q} for k = 3.",
        ),
        Mistake(
            "cd",
            lambda p: _cd(p, p["q"], divisor=1),
            "The denominator under the square root is 6N, not N: CD = q sqrt(k(k + 1) / (6N)).",
        ),
    ),
    fixed="Zhou's own worked example (section 2.4), with the q its table gives",
)


# ---------------------------------------------------------------- two learners: sign and Wilcoxon


def _differences(p: dict) -> list[Fraction]:
    return [Fraction(str(x)) for x in p["d"]]


def _wins(p: dict, split_ties: bool = True) -> Fraction:
    d = _differences(p)
    ties = sum(x == 0 for x in d)
    return sum(x > 0 for x in d) + (Fraction(ties, 2) if split_ties else 0)


def _sign_p(wins: Fraction, n: int, two_sided: bool = True) -> float:
    """The exact binomial test at 1/2 (scipy's binomtest), wins out of n."""
    test = stats.binomtest(int(wins), n, 0.5, alternative="two-sided")
    if two_sided:
        return float(test.pvalue)
    fewer = min(int(wins), n - int(wins))
    return float(stats.binomtest(fewer, n, 0.5, alternative="less").pvalue)


def _rank_sums(p: dict, drop_zeros: bool = False, zeros_share: bool = True) -> tuple:
    """(R+, R-): ranks of |d| (ties averaged); the zeros' ranks split half to each sum."""
    d = _differences(p)
    if drop_zeros:
        d = [x for x in d if x != 0]
    ranks = stats.rankdata([float(abs(x)) for x in d])  # equal sizes stay exactly equal
    half_zero = Fraction(str(sum(r for r, x in zip(ranks, d, strict=True) if x == 0))) / 2
    if not zeros_share:
        half_zero = Fraction(0)

    def rank_sum(sign: int) -> Fraction:
        chosen = [Fraction(str(r)) for r, x in zip(ranks, d, strict=True) if x * sign > 0]
        return sum(chosen, Fraction(0)) + half_zero

    return rank_sum(1), rank_sum(-1)


def _two_learners_answer(p: dict) -> dict:
    wins = _wins(p)
    r_plus, r_minus = _rank_sums(p)
    return {
        "wins": wins,
        "pvalue": _sign_p(wins, len(p["d"])),
        "r_plus": r_plus,
        "r_minus": r_minus,
    }


def _dropped_ties_p(p: dict) -> float:
    d = _differences(p)
    return _sign_p(_wins(p, split_ties=False), sum(x != 0 for x in d))


def _two_learners_vary(rng) -> dict:
    """Eight differences in hundredths: two zeros, one or two losses, a loss as large as a win."""
    while True:
        losses = int(rng.integers(1, 3))
        wins = [int(x) for x in rng.integers(1, 7, size=6 - losses)]
        tied = int(rng.choice(wins))
        lost = [tied] + [int(x) for x in rng.integers(1, 7, size=losses - 1)]
        values = [w / 100 for w in wins] + [-x / 100 for x in lost] + [0, 0]
        d = [float(x) for x in rng.permutation(np.array(values, dtype=object))]
        if d[0] != 0 and sum(x > 0 for x in d) != 3:  # not an even split: 4 wins of 8
            return {"d": [0 if x == 0 else x for x in d]}


def _d_text(p: dict) -> str:
    return ", ".join("0" if x == 0 else f"{x:g}" for x in p["d"])


TWO_LEARNERS = Exercise(
    "ch25-ex-two-learners",
    params={"d": [0.03, 0.01, -0.02, 0.05, 0, 0.04, 0.02, 0]},
    answer=_two_learners_answer,
    mistakes=(
        Mistake(
            "wins",
            lambda p: _wins(p, split_ties=False),
            "You dropped the two ties. Demšar splits them: one tie counts as a win for each"
            " learner.",
        ),
        Mistake(
            "pvalue",
            _dropped_ties_p,
            "That is the sign test with the ties dropped. Split the ties between the learners as"
            " Demšar does, and test the wins out of all the datasets.",
        ),
        Mistake(
            "pvalue",
            lambda p: _sign_p(_wins(p), len(p["d"]), two_sided=False),
            "That is one tail. The two-sided test doubles it: a split at least as uneven in"
            " either direction.",
        ),
        Mistake(
            "r_plus",
            lambda p: _rank_sums(p, drop_zeros=True)[0],
            "You dropped the zeros before ranking. With Demšar's rule the zeros are ranked"
            " with the others (theirs are the smallest sizes) and each rank sum gets half of"
            " their ranks.",
        ),
        Mistake(
            "r_plus",
            lambda p: _rank_sums(p, zeros_share=False)[0],
            "Each rank sum also gets half of the zeros' ranks.",
        ),
        Mistake(
            "r_minus",
            lambda p: _rank_sums(p, drop_zeros=True)[1],
            "You dropped the zeros before ranking. With Demšar's rule the zeros are ranked"
            " with the others (theirs are the smallest sizes) and each rank sum gets half of"
            " their ranks.",
        ),
        Mistake(
            "r_minus",
            lambda p: _rank_sums(p, zeros_share=False)[1],
            "Each rank sum also gets half of the zeros' ranks.",
        ),
    ),
    vary=_two_learners_vary,
    shows=lambda p: {"d": _d_text(p)},
)


# ---------------------------------------------------------------- Holm against a control


def _average_ranks_of_scores(table: list[list[float]]) -> np.ndarray:
    """Rank 1 for the best score on each dataset, ties averaged; the mean over datasets."""
    return np.mean([stats.rankdata([-x for x in row]) for row in table], axis=0)


def _z_pvalues(p: dict) -> np.ndarray:
    """Two-sided normal p-values of the control against each other learner."""
    n, k = len(p["table"]), len(p["table"][0])
    ranks = _average_ranks_of_scores(p["table"])
    se = math.sqrt(k * (k + 1) / (6 * n))
    return 2 * stats.norm.sf(np.abs(ranks[0] - ranks[1:]) / se)


def _holm(pvalues: np.ndarray, running_max: bool = True) -> np.ndarray:
    order = np.argsort(pvalues)
    factors = np.arange(len(pvalues), 0, -1)
    scaled = np.minimum(1, factors * pvalues[order])
    adjusted = np.empty_like(pvalues)
    adjusted[order] = np.maximum.accumulate(scaled) if running_max else scaled
    return adjusted


def _by_name(values: np.ndarray) -> dict:
    return dict(zip(["c45_m", "c45_cf", "c45_m_cf"], (float(v) for v in values), strict=True))


def _holm_answer(p: dict) -> dict:
    return _by_name(_holm(_z_pvalues(p)))


def _bonferroni(p: dict) -> dict:
    pvalues = _z_pvalues(p)
    return _by_name(np.minimum(1, len(pvalues) * pvalues))


HOLM = Exercise(
    "ch25-ex-holm",
    params={
        "table": [  # Demšar's Table 6: C4.5, C4.5+m, C4.5+cf, C4.5+m+cf
            [0.763, 0.768, 0.771, 0.798],
            [0.599, 0.591, 0.590, 0.569],
            [0.954, 0.971, 0.968, 0.967],
            [0.628, 0.661, 0.654, 0.657],
            [0.882, 0.888, 0.886, 0.898],
            [0.936, 0.931, 0.916, 0.931],
            [0.661, 0.668, 0.609, 0.685],
            [0.583, 0.583, 0.563, 0.625],
            [0.775, 0.838, 0.866, 0.875],
            [1.000, 1.000, 1.000, 1.000],
            [0.940, 0.962, 0.965, 0.962],
            [0.619, 0.666, 0.614, 0.669],
            [0.972, 0.981, 0.9751, 0.975],
            [0.957, 0.978, 0.946, 0.970],
        ]
    },
    answer=_holm_answer,
    mistakes=(
        Mistake(
            "c45_m",
            lambda p: _by_name(_holm(_z_pvalues(p), running_max=False))["c45_m"],
            "Holm's adjusted p-values never decrease down the sorted list: after multiplying,"
            " keep the running maximum.",
        ),
        Mistake(
            "c45_m",
            lambda p: _by_name(_z_pvalues(p))["c45_m"],
            "That is the unadjusted p-value. Holm multiplies the sorted p-values by 3, 2 and 1"
            " (and keeps the running maximum).",
        ),
        Mistake(
            "c45_m",
            lambda p: _bonferroni(p)["c45_m"],
            "That is Bonferroni's adjustment (every p-value times 3). Holm multiplies the"
            " smallest by 3, the next by 2 and the largest by 1.",
        ),
        Mistake(
            "c45_cf",
            lambda p: _bonferroni(p)["c45_cf"],
            "That is Bonferroni's adjustment. Holm multiplies the largest of the three p-values"
            " by 1.",
        ),
        Mistake(
            "c45_m_cf",
            lambda p: _by_name(_z_pvalues(p))["c45_m_cf"],
            "That is the unadjusted p-value. The smallest p-value is multiplied by the number of"
            " comparisons, 3.",
        ),
    ),
    decimals=4,
    fixed="Demšar's published table (his Table 6), built in an earlier cell of the chapter",
)


# ---------------------------------------------------------------- how many datasets


def _nemenyi_q(k: int, alpha: float) -> float:
    """Nemenyi's q: the studentized range quantile for k groups, infinite df, over sqrt 2."""
    return float(stats.studentized_range.ppf(1 - alpha, k, np.inf) / math.sqrt(2))


def _bound(k: int, q: float, difference: float) -> float:
    """CD <= difference iff N >= q^2 k(k + 1) / (6 difference^2)."""
    return q**2 * k * (k + 1) / (6 * difference**2)


def _needed(p: dict, k: int, q: float | None = None, rounding=math.ceil) -> int:
    q = _nemenyi_q(k, p["alpha"]) if q is None else q
    return rounding(_bound(k, q, p["difference"]))


def _how_many_answer(p: dict) -> dict:
    return {"four": _needed(p, 4), "eight": _needed(p, 8)}


HOW_MANY = Exercise(
    "ch25-ex-how-many",
    params={"alpha": 0.05, "difference": 1.0},
    answer=_how_many_answer,
    mistakes=(
        Mistake(
            "four",
            lambda p: _needed(p, 4, rounding=math.floor),
            "Round the bound up, not down: N must be a whole number at least q^2 k(k + 1)/6,"
            " and one dataset fewer leaves CD above 1.",
        ),
        Mistake(
            "four",
            lambda p: _needed(p, 4, q=1.96),
            "1.96 is the normal quantile for one comparison. Nemenyi's test uses q = {q4}"
            " for k = 4.",
        ),
        Mistake(
            "eight",
            lambda p: _needed(p, 8, rounding=math.floor),
            "Round the bound up, not down: N must be a whole number at least q^2 k(k + 1)/6,"
            " and one dataset fewer leaves CD above 1.",
        ),
        Mistake(
            "eight",
            lambda p: _needed(p, 8, q=1.96),
            "1.96 is the normal quantile for one comparison. Nemenyi's test uses q = {q8}"
            " for k = 8.",
        ),
    ),
    decimals=0,
    facts=lambda p: {
        "q4": f"{_nemenyi_q(4, p['alpha']):.3f}",
        "q8": f"{_nemenyi_q(8, p['alpha']):.3f}",
    },
    fixed="the parts are named after the numbers of learners (four, eight), and the statement"
    " also writes the difference 1.0 as CD <= 1, which a replacement would miss",
)

EXERCISES = [ZHOU, TWO_LEARNERS, HOLM, HOW_MANY]
