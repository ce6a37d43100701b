"""Chapter 24's exercises: 5x2cv tests, the corrected resampled t, averaging ROC curves."""

from __future__ import annotations

import math
from fractions import Fraction

from scipy import stats

from . import Exercise, Mistake


def _exact(x: float) -> Fraction:
    """A number as the statement writes it, exactly (0.03 is 3/100, not its binary double)."""
    return Fraction(str(x))


# ---------------------------------------------------------------- 5x2cv t and F


def _rows(p: dict) -> list[tuple[Fraction, Fraction]]:
    return [(_exact(a), _exact(b)) for a, b in p["diffs"]]


def _s2(p: dict) -> list[Fraction]:
    """Each replication's variance estimate: squared deviations from its mean, summed."""
    return [((a - b) / 2) ** 2 * 2 for a, b in _rows(p)]


def _t_5x2(p: dict, numerator: Fraction, spread: Fraction | None = None) -> float:
    s2 = _s2(p)
    spread = sum(s2) / len(s2) if spread is None else spread
    return float(numerator) / math.sqrt(spread)


def _first(p: dict) -> Fraction:
    return _rows(p)[0][0]


def _squares(p: dict) -> Fraction:
    return sum(a**2 + b**2 for a, b in _rows(p))


def _five_by_two_answer(p: dict) -> dict:
    return {"t": _t_5x2(p, _first(p)), "f": _squares(p) / (2 * sum(_s2(p)))}


def _mean_of_all(p: dict) -> Fraction:
    return sum(a + b for a, b in _rows(p)) / (2 * len(p["diffs"]))


def _pair_text(pair: tuple[float, float]) -> str:
    return f"({pair[0]:.2f}, {pair[1]:.2f})"


def _five_by_two_vary(rng) -> dict:
    while True:
        pairs = {tuple(int(h) for h in rng.integers(0, 6, size=2)) for _ in range(5)}
        if len(pairs) < 5:
            continue
        diffs = [[a / 100, b / 100] for a, b in rng.permutation(sorted(pairs)).tolist()]
        if diffs[0][0] != 0:
            return {"diffs": diffs}


FIVE_BY_TWO = Exercise(
    "ch24-ex-five-by-two",
    params={"diffs": [[0.04, 0.02], [0.01, 0.03], [0.02, 0.02], [0.05, 0.01], [0.00, 0.02]]},
    answer=_five_by_two_answer,
    mistakes=(
        Mistake(
            "t",
            lambda p: _t_5x2(p, _mean_of_all(p)),
            "You put the mean of all ten differences in the numerator. Dietterich's numerator"
            " is the first difference alone, p_1^(1).",
        ),
        Mistake(
            "t",
            lambda p: _t_5x2(p, sum(_rows(p)[0]) / 2),
            "That is the numerator of Zhou's textbook, the mean of the first replication's two"
            " differences. This exercise asks for Dietterich's, the first difference alone,"
            " p_1^(1).",
        ),
        Mistake(
            "t",
            lambda p: _t_5x2(p, _first(p), spread=sum(_s2(p))),
            "The denominator is the square root of the mean of the five s_i^2, not of their sum.",
        ),
        Mistake(
            "f",
            lambda p: _squares(p) / sum(_s2(p)),
            "The denominator of F is twice the sum of the s_i^2.",
        ),
    ),
    vary=_five_by_two_vary,
    shows=lambda p: {f"row_{i + 1}": _pair_text(pair) for i, pair in enumerate(p["diffs"])},
)


# ---------------------------------------------------------------- the corrected resampled t


def _t_plain(p: dict, n_diffs: int) -> float:
    return float(_exact(p["mean"]) / _exact(p["sd"])) * math.sqrt(n_diffs)


def _t_corrected(p: dict, factor: float | None = None) -> float:
    """mean / (sd sqrt(factor)); the factor is 1/J + n_2/n_1 unless a slip changes it."""
    j, ratio = p["folds"] * p["repetitions"], p["test_over_train"]
    factor = float(Fraction(1, j) + ratio) if factor is None else factor
    return float(_exact(p["mean"]) / _exact(p["sd"])) / math.sqrt(factor)


def _two_sided(t: float, df: int) -> float:
    return 2 * stats.t.sf(abs(t), df)


def _corrected_answer(p: dict) -> dict:
    j = p["folds"] * p["repetitions"]
    t_corrected = _t_corrected(p)
    return {
        "t_plain": _exact(p["mean"]) / _exact(p["sd"]) * math.isqrt(j),
        "t_corrected": t_corrected,
        "pvalue": _two_sided(t_corrected, j - 1),
    }


def _bracket_after_sd(p: dict) -> float:
    """mean / sd * sqrt(1/J + n_2/n_1): the square root multiplies instead of dividing."""
    j = p["folds"] * p["repetitions"]
    return float(_exact(p["mean"]) / _exact(p["sd"])) * math.sqrt(
        float(Fraction(1, j) + p["test_over_train"])
    )


def _root_of_first_term(p: dict) -> float:
    """mean / (sd (sqrt(1/J) + n_2/n_1)): the square root closed after 1/J."""
    j = p["folds"] * p["repetitions"]
    return float(_exact(p["mean"]) / _exact(p["sd"])) / (
        math.sqrt(1 / j) + float(p["test_over_train"])
    )


def _corrected_vary(rng) -> dict:
    sd = float(rng.choice([0.02, 0.025, 0.03, 0.04]))
    while True:
        mean = int(rng.integers(5, 26)) / 1000
        t_plain = mean / sd * 10
        if 2.5 <= t_plain <= 6.5:  # the plain t rejects, the corrected one does not
            return {**CORRECTED_BOOK, "mean": mean, "sd": sd}


CORRECTED_BOOK = {
    "mean": 0.012,
    "sd": 0.03,
    "folds": 10,
    "repetitions": 10,
    "test_over_train": Fraction(1, 9),
}

CORRECTED = Exercise(
    "ch24-ex-corrected",
    params=CORRECTED_BOOK,
    answer=_corrected_answer,
    mistakes=(
        Mistake(
            "t_plain",
            lambda p: _t_plain(p, p["folds"]),
            "The plain t-test here runs over all J = {n_diffs} differences, every fold of every"
            " repetition.",
        ),
        Mistake(
            "t_corrected",
            lambda p: _t_corrected(p, 1 / (p["folds"] * p["repetitions"]) + 1 / p["folds"]),
            "n_2/n_1 is the size of a test fold over the size of its training set (one part"
            " against nine), not over the size of all the data.",
        ),
        Mistake(
            "t_corrected",
            lambda p: _t_corrected(p, float(p["test_over_train"])),
            "Keep the 1/J term: the variance factor is 1/J + n_2/n_1.",
        ),
        Mistake(
            "t_corrected",
            _bracket_after_sd,
            "Mind the brackets: the mean is divided by the product of the standard deviation"
            " and the square root, not divided by the standard deviation and then multiplied"
            " by the square root.",
        ),
        Mistake(
            "t_corrected",
            _root_of_first_term,
            "The square root covers both terms: sqrt(1/J + n_2/n_1), not sqrt(1/J) + n_2/n_1.",
        ),
        Mistake(
            "pvalue",
            lambda p: _two_sided(_t_corrected(p), p["folds"] * p["repetitions"] - 1) / 2,
            "That is one tail. The two-sided p-value doubles it.",
        ),
    ),
    facts=lambda p: {"n_diffs": p["folds"] * p["repetitions"]},
    vary=_corrected_vary,
    shows=lambda p: {"mean": str(p["mean"]), "sd": str(p["sd"])},
)


# ---------------------------------------------------------------- averaging ROC curves


def _points(fold: list) -> list[tuple[Fraction | float, Fraction, Fraction]]:
    """(threshold, FPR, TPR) exactly, in the order given (decreasing threshold)."""
    return [(t if math.isinf(t) else _exact(t), _exact(fpr), _exact(tpr)) for t, fpr, tpr in fold]


def _vertical(fold: list, fpr: Fraction) -> Fraction:
    """The TPR at ``fpr`` on the straight segment from the top point at or left of it."""
    points = _points(fold)
    left = max(i for i, (_, x, _) in enumerate(points) if x <= fpr)
    right = min(i for i, (_, x, _) in enumerate(points) if x > fpr)
    (_, x0, y0), (_, x1, y1) = points[left], points[right]
    return y0 + (fpr - x0) / (x1 - x0) * (y1 - y0)


def _step(fold: list, fpr: Fraction) -> Fraction:
    """The slip: the TPR of the point to the left, no interpolation."""
    points = _points(fold)
    return max(y for _, x, y in points if x <= fpr)


def _at_threshold(fold: list, threshold: Fraction) -> tuple[Fraction, Fraction]:
    """The last point whose threshold is at least ``threshold``: (FPR, TPR)."""
    _, fpr, tpr = [q for q in _points(fold) if q[0] >= threshold][-1]
    return fpr, tpr


def _first_below(fold: list, threshold: Fraction) -> tuple[Fraction, Fraction]:
    """The slip: the first point whose threshold is below ``threshold``."""
    _, fpr, tpr = [q for q in _points(fold) if q[0] < threshold][0]
    return fpr, tpr


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values) / len(values)


def _folds(p: dict) -> list[list]:
    return [p["fold_1"], p["fold_2"]]


def _vertical_mean(p: dict, fpr: float, read=_vertical) -> Fraction:
    return _mean([read(fold, _exact(fpr)) for fold in _folds(p)])


def _threshold_mean(p: dict, which: int, read=_at_threshold) -> Fraction:
    return _mean([read(fold, _exact(p["threshold"]))[which] for fold in _folds(p)])


def _averaging_answer(p: dict) -> dict:
    low, high = p["fprs"]
    return {
        "tpr_at_01": _vertical_mean(p, low),
        "tpr_at_02": _vertical_mean(p, high),
        "fpr_at_half": _threshold_mean(p, 0),
        "tpr_at_half": _threshold_mean(p, 1),
    }


def _point_text(point: tuple) -> str:
    return "(" + ", ".join(f"{x:g}" for x in point) + ")"


def _quarters(rng, count: int) -> list[float]:
    """``count`` TPRs in quarters, the first below the second, none decreasing."""
    while True:
        tprs = sorted(int(q) for q in rng.integers(1, 5, size=count))
        if tprs[0] < tprs[1]:
            return [q / 4 for q in tprs]


def _averaging_draw(rng) -> dict:
    high = [0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55]
    t1, t2 = sorted(rng.choice(high, size=2, replace=False).tolist(), reverse=True)
    t3 = float(rng.choice([0.45, 0.4, 0.35, 0.3, 0.25]))
    u1 = float(rng.choice(high))
    u2 = float(rng.choice([0.45, 0.4]))
    u3 = float(rng.choice([x for x in [0.35, 0.3, 0.25, 0.2, 0.15] if x < u2]))
    a, b, c = _quarters(rng, 3)
    a2, b2, c2 = _quarters(rng, 3)
    inf = math.inf
    return {
        **AVERAGING_BOOK,
        "fold_1": [(inf, 0, 0), (t1, 0, a), (t2, 0.25, b), (t3, 0.5, c), (0.2, 1, 1)],
        "fold_2": [(inf, 0, 0), (u1, 0.25, a2), (u2, 0.25, b2), (u3, 0.75, c2), (0.1, 1, 1)],
    }


def _averaging_vary(rng) -> dict:
    """A draw whose every part is exact at three decimals (no half-way values)."""
    while True:
        params = _averaging_draw(rng)
        if all((Fraction(v) * 1000).denominator == 1 for v in _averaging_answer(params).values()):
            return params


def _averaging_shows(p: dict) -> dict:
    """The three middle points of each fold (the first and the last stay the book's)."""
    return {
        f"{fold}_{i}": _point_text(p[fold][i]) for fold in ("fold_1", "fold_2") for i in (1, 2, 3)
    }


AVERAGING_BOOK = {
    "fold_1": [
        (math.inf, 0, 0),
        (0.9, 0, 0.5),
        (0.7, 0.25, 0.75),
        (0.4, 0.5, 1),
        (0.2, 1, 1),
    ],
    "fold_2": [
        (math.inf, 0, 0),
        (0.8, 0.25, 0.25),
        (0.45, 0.25, 0.75),
        (0.3, 0.75, 1),
        (0.1, 1, 1),
    ],
    "fprs": (0.1, 0.2),
    "threshold": 0.5,
}

_THRESHOLD_HINT = (
    "At threshold t each fold contributes its last point whose threshold is at least t (the"
    " cases it still calls positive), not the first point below t."
)

AVERAGING = Exercise(
    "ch24-ex-averaging",
    keeps=("fpr_at_half",),  # the same answer in every variant, by design
    params=AVERAGING_BOOK,
    answer=_averaging_answer,
    mistakes=(
        Mistake(
            "tpr_at_01",
            lambda p: _vertical_mean(p, p["fprs"][0], read=_step),
            "Between two points, read the curve on the straight segment joining them (linear"
            " interpolation), not at the point to the left.",
        ),
        Mistake(
            "tpr_at_02",
            lambda p: _vertical_mean(p, p["fprs"][1], read=_step),
            "Between two points, read the curve on the straight segment joining them (linear"
            " interpolation), not at the point to the left.",
        ),
        Mistake("tpr_at_half", lambda p: _threshold_mean(p, 1, read=_first_below), _THRESHOLD_HINT),
        Mistake("fpr_at_half", lambda p: _threshold_mean(p, 0, read=_first_below), _THRESHOLD_HINT),
    ),
    vary=_averaging_vary,
    shows=_averaging_shows,
)

EXERCISES = [FIVE_BY_TWO, CORRECTED, AVERAGING]
