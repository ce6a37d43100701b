"""Chapter 22's exercises: the Brier score and log loss, reliability, a shift of the prior."""

from __future__ import annotations

import math
from fractions import Fraction

from . import Exercise, Mistake


def _q(x: object) -> Fraction:
    """A number of the statement as an exact fraction (0.15 is 3/20)."""
    return Fraction(str(x))


def _halfway(values: dict, decimals: int) -> bool:
    """Whether an exact value lies half-way between two roundings (0.0625 at three decimals)."""
    scaled = [Fraction(v) * 10**decimals for v in values.values() if v is not None]
    return any(v - math.floor(v) == Fraction(1, 2) for v in scaled)


# -- 22.1 Brier score and log loss by hand --------------------------------------------------


def _squared_errors(p: dict) -> list[Fraction]:
    return [(_q(prob) - label) ** 2 for label, prob in zip(p["y"], p["p"], strict=True)]


def _log_losses(p: dict, log=math.log) -> list[float]:
    """-log of the probability each case's true label was given."""
    return [
        -log(prob if label == 1 else 1 - prob) for label, prob in zip(p["y"], p["p"], strict=True)
    ]


def _brier_answer(p: dict) -> dict:
    n = len(p["y"])
    return {"brier": sum(_squared_errors(p)) / n, "log_loss": sum(_log_losses(p)) / n}


def _brier_vary(rng) -> dict:
    """Positives get 0.4 to 0.9, negatives 0.1 to 0.6: a model that is mostly right."""
    while True:
        y = [int(v) for v in rng.integers(0, 2, size=4)]
        if 0 < sum(y) < 4:
            p = [round(0.1 * int(rng.integers(1, 7)) + 0.3 * label, 1) for label in y]
            return {"y": y, "p": p}


BRIER = Exercise(
    "ch22-ex-brier",
    params={"y": [1, 0, 1, 0], "p": [0.9, 0.2, 0.6, 0.4]},
    answer=_brier_answer,
    decimals=4,
    mistakes=(
        Mistake(
            "brier",
            lambda p: sum(_squared_errors(p)),
            "That is the sum of the squared errors. The Brier score is their mean: divide by {n}.",
        ),
        Mistake(
            "brier",
            lambda p: math.sqrt(_brier_answer(p)["brier"]),
            "That is the square root of the Brier score. The Brier score is the mean squared"
            " error itself.",
        ),
        Mistake(
            "log_loss",
            lambda p: sum(_log_losses(p, math.log10)) / len(p["y"]),
            "You used log10. The log loss uses the natural logarithm (ln).",
        ),
        Mistake(
            "log_loss",
            lambda p: sum(_log_losses(p, math.log2)) / len(p["y"]),
            "You used log2. The log loss uses the natural logarithm (ln).",
        ),
        Mistake(
            "log_loss",
            lambda p: sum(_log_losses(p)),
            "That is the sum over the cases. The log loss is the mean: divide by {n}.",
        ),
    ),
    facts=lambda p: {"n": len(p["y"])},
    vary=_brier_vary,
    shows=lambda p: {"y": str(p["y"]), "p": str(p["p"])},
)


# -- 22.2 Reliability over two bins -----------------------------------------------------------


def _bins(p: dict) -> list[tuple[list[Fraction], list[int]]]:
    """The cases of [0, 0.5] and of (0.5, 1]: their probabilities and labels."""
    cut = _q(p["cut"])
    pairs = [(_q(prob), label) for prob, label in zip(p["p"], p["y"], strict=True)]
    low = [(q, y) for q, y in pairs if q <= cut]
    high = [(q, y) for q, y in pairs if q > cut]
    return [([q for q, _ in b], [y for _, y in b]) for b in (low, high)]


def _mean(values: list) -> Fraction:
    return Fraction(sum(values)) / len(values)


def _gaps(p: dict, power: int = 2) -> list[tuple[int, Fraction]]:
    """Each bin's size and its gap |mean predicted - share of positives| to ``power``."""
    return [(len(q), abs(_mean(q) - _mean(y)) ** power) for q, y in _bins(p)]


def _reliability_answer(p: dict) -> dict:
    q, y = _bins(p)[1]
    return {
        "mean_high": _mean(q),
        "share_high": _mean(y),
        "reliability": sum(n * g for n, g in _gaps(p)) / len(p["p"]),
    }


def _reliability_vary(rng) -> dict:
    grid = [round(0.05 * i, 2) for i in range(1, 20) if i != 10]
    while True:
        p = sorted(float(v) for v in rng.choice(grid, size=10, replace=False))
        # as in the book: the lower bin's probabilities too low, the upper bin's about right
        y = [int(rng.random() < (prob + 0.25 if prob <= 0.5 else prob)) for prob in p]
        params = {"p": p, "y": y, "cut": 0.5}
        sizes = [len(q) for q, _ in _bins(params)]
        key = _reliability_answer(params)
        if min(sizes) >= 3 and key["reliability"] >= 0.01 and not _halfway(key, 4):
            return params


RELIABILITY = Exercise(
    "ch22-ex-reliability",
    params={
        "p": [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 0.95],
        "y": [0, 0, 1, 0, 1, 1, 0, 1, 1, 1],
        "cut": 0.5,
    },
    answer=_reliability_answer,
    decimals=4,
    mistakes=(
        Mistake(
            "mean_high",
            lambda p: _reliability_answer(p)["share_high"],
            "That is the share of positives in the upper bin. The mean predicted probability"
            " averages the p values above {cut}.",
        ),
        Mistake(
            "share_high",
            lambda p: _reliability_answer(p)["mean_high"],
            "That is the mean predicted probability. The share of positives counts the labels"
            " of the upper bin's cases.",
        ),
        Mistake(
            "reliability",
            lambda p: _mean([g for _, g in _gaps(p)]),
            "That is the plain mean over the two bins. Weight each bin's squared gap by its"
            " number of cases, then divide by all {n} cases.",
        ),
        Mistake(
            "reliability",
            lambda p: sum(n * g for n, g in _gaps(p)),
            "That is the weighted sum. The reliability term divides it by the number of"
            " cases, {n}.",
        ),
        Mistake(
            "reliability",
            lambda p: sum(n * g for n, g in _gaps(p, power=1)) / len(p["p"]),
            "The gaps are squared: (mean predicted - share of positives)^2 in each bin.",
        ),
    ),
    facts=lambda p: {"n": len(p["p"])},
    vary=_reliability_vary,
    shows=lambda p: {"p": str(p["p"]), "y": str(p["y"])},
)


# -- 22.3 A model moved to a population of another prevalence -------------------------------


def _odds(x: Fraction) -> Fraction:
    return x / (1 - x)


def _probability(odds: Fraction) -> Fraction:
    return odds / (1 + odds)


def _factor(p: dict) -> Fraction:
    """The ratio of the new prevalence odds to the old."""
    return _odds(_q(p["prev_new"])) / _odds(_q(p["prev_old"]))


def _threshold(p: dict) -> Fraction:
    """The Bayes threshold when a miss costs ``ratio`` times a false alarm."""
    return Fraction(1, 1 + p["ratio"])


def _old_odds_at_threshold(p: dict) -> Fraction:
    return _odds(_threshold(p)) / _factor(p)


def _shift_answer(p: dict) -> dict:
    return {
        "p_new": _probability(_odds(_q(p["p"])) * _factor(p)),
        "old_threshold": _probability(_old_odds_at_threshold(p)),
    }


SHIFT = Exercise(
    "ch22-ex-prior-shift",
    keeps=("old_threshold",),  # the same answer in every variant, by design
    params={"prev_old": 0.1, "prev_new": 0.02, "p": 0.3, "ratio": 5},
    answer=_shift_answer,
    mistakes=(
        Mistake(
            "p_new",
            lambda p: _q(p["p"]) * _q(p["prev_new"]) / _q(p["prev_old"]),
            "Scaling the probability by {prev_new} / {prev_old} is not the rule: the odds"
            " p / (1 - p) are multiplied by the ratio of the prevalence odds.",
        ),
        Mistake(
            "p_new",
            lambda p: _odds(_q(p["p"])) * _factor(p),
            "That is the new odds. Turn odds o into a probability: o / (1 + o).",
        ),
        Mistake(
            "old_threshold",
            _threshold,
            "That is the Bayes threshold for the new probabilities. Which old probability"
            " becomes {threshold} after the shift?",
        ),
        Mistake(
            "old_threshold",
            _old_odds_at_threshold,
            "That is the old odds. Turn odds o into a probability: o / (1 + o).",
        ),
    ),
    facts=lambda p: {"threshold": f"1/{1 + p['ratio']}"},
    vary=lambda rng: {
        "prev_old": 0.1,
        "prev_new": 0.02,
        "p": float(rng.choice([0.2, 0.25, 0.4, 0.5, 0.6, 0.7, 0.8])),
        "ratio": 5,
    },
    shows=lambda p: {"p": str(p["p"])},
)

EXERCISES = [BRIER, RELIABILITY, SHIFT]
