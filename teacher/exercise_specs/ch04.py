"""Chapter 4's exercises: F-beta, van Rijsbergen's E and the weight of precision."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake

HALF = Fraction(1, 2)


def _exact(value: float | int) -> Fraction:
    """A number of the statement as the exact decimal it is written as."""
    return Fraction(str(value))


def _no_halfway(values: list, decimals: int = 3) -> bool:
    """No exact value lies half-way between two roundings at ``decimals``."""
    return all(
        not (isinstance(v, Fraction) and (v * 10**decimals).denominator == 2) for v in values
    )


def _fbeta(precision: Fraction, recall: Fraction, beta: Fraction) -> Fraction:
    """F-beta from precision and recall: (1 + b^2) P R / (b^2 P + R)."""
    b2 = beta * beta
    return (1 + b2) * precision * recall / (b2 * precision + recall)


def _f_values_answer(p: dict) -> dict:
    precision, recall = _exact(p["p"]), _exact(p["r"])
    return {
        "f1": _fbeta(precision, recall, Fraction(1)),
        "f2": _fbeta(precision, recall, Fraction(2)),
        "f05": _fbeta(precision, recall, HALF),
        "e2": 1 - _fbeta(precision, recall, Fraction(2)),
    }


def _f_at(p: dict, beta: Fraction) -> Fraction:
    return _fbeta(_exact(p["p"]), _exact(p["r"]), beta)


def _f_values_vary(rng) -> dict:
    grid = [round(0.1 * i, 1) for i in range(2, 10)]
    while True:
        # recall stays the higher of the two, as in the book (so F2 is the highest)
        precision, recall = sorted(float(g) for g in rng.choice(grid, size=2, replace=False))
        params = {"p": precision, "r": recall}
        if _no_halfway(list(_f_values_answer(params).values())):
            return params


F_VALUES = Exercise(
    "ch04-ex-f-values",
    params={"p": 0.6, "r": 0.9},
    answer=_f_values_answer,
    mistakes=(
        Mistake(
            "f1",
            lambda p: (_exact(p["p"]) + _exact(p["r"])) / 2,
            "That is the arithmetic mean (P + R) / 2. F1 is the harmonic mean, 2PR / (P + R).",
        ),
        Mistake(
            "f2",
            lambda p: _f_at(p, HALF),
            "That is F0.5. In F2 = 5PR / (4P + R) the factor 4 multiplies precision in the"
            " denominator, so recall weighs more.",
        ),
        Mistake(
            "f05",
            lambda p: _f_at(p, Fraction(2)),
            "That is F2. With beta = 0.5, beta squared is {half_squared}:"
            " F = {one_plus_half_squared} PR / ({half_squared} P + R).",
        ),
        Mistake("e2", lambda p: _f_at(p, Fraction(2)), "That is F2 itself; E is 1 - F."),
        Mistake(
            "e2",
            lambda p: 1 - _f_at(p, HALF),
            "That is 1 - F0.5. In van Rijsbergen's E, a larger b weights recall, exactly as in"
            " F-beta.",
        ),
    ),
    facts=lambda p: {
        "half_squared": f"{float(HALF**2):g}",
        "one_plus_half_squared": f"{float(1 + HALF**2):g}",
    },
    vary=_f_values_vary,
    shows=lambda p: {"p": str(p["p"]), "r": str(p["r"])},
)


def _counts_f(p: dict, beta2: int) -> Fraction:
    """F-beta from the counts: (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP)."""
    tp, fp, fn = p["tp"], p["fp"], p["fn"]
    return Fraction((1 + beta2) * tp, (1 + beta2) * tp + beta2 * fn + fp)


def _counts_answer(p: dict) -> dict:
    return {"f1": _counts_f(p, 1), "f2": _counts_f(p, 4)}


def _counts_vary(rng) -> dict:
    while True:
        params = {
            "tp": int(rng.integers(20, 61)),
            "fp": int(rng.integers(3, 16)),
            "tn": int(rng.integers(120, 300)),
            "fn": int(rng.integers(6, 21)),
        }
        if _no_halfway(list(_counts_answer(params).values())):
            return params


COUNTS_FORM = Exercise(
    "ch04-ex-counts-form",
    params={"tp": 30, "fp": 5, "tn": 155, "fn": 10},
    answer=_counts_answer,
    mistakes=(
        Mistake(
            "f1",
            lambda p: Fraction(p["tp"] + p["tn"], p["tp"] + p["fp"] + p["tn"] + p["fn"]),
            "That is the accuracy. F1 = 2TP / (2TP + FP + FN) has no TN.",
        ),
        Mistake(
            "f2",
            # beta squared on FP instead of FN: (1 + 4) TP / ((1 + 4) TP + FN + 4 FP)
            lambda p: _counts_f({**p, "fp": p["fn"], "fn": p["fp"]}, 4),
            "That is F0.5: the factor beta squared = 4 multiplies FN, not FP.",
        ),
        Mistake(
            "f2",
            lambda p: _counts_f(p, 2),
            "That uses beta = 2 where beta squared = 4 belongs:"
            " F2 = (1 + 4) TP / ((1 + 4) TP + 4 FN + FP).",
        ),
    ),
    vary=_counts_vary,
    shows=lambda p: {name: str(p[name]) for name in ("tp", "fp", "tn", "fn")},
)


def _beta_point_answer(p: dict) -> dict:
    beta, precision = _exact(p["beta"]), _exact(p["p"])
    return {"alpha": 1 / (1 + beta**2), "recall": beta * precision}


BETA_POINT = Exercise(
    "ch04-ex-beta-point",
    keeps=("alpha",),  # the same answer in every variant, by design
    params={"beta": 2, "p": 0.3},
    answer=_beta_point_answer,
    mistakes=(
        Mistake(
            "alpha",
            lambda p: 1 - 1 / (1 + _exact(p["beta"]) ** 2),
            "That is the weight of recall, 1 - alpha. Precision gets alpha = 1 / (1 + beta^2).",
        ),
        Mistake(
            "alpha",
            lambda p: 1 / (1 + _exact(p["beta"])),
            "alpha = 1 / (1 + beta^2): square beta.",
        ),
        Mistake(
            "recall",
            lambda p: _exact(p["p"]) / _exact(p["beta"]),
            "The derivatives are equal where R / P = beta, so recall is beta times precision,"
            " not precision over beta.",
        ),
        Mistake(
            "recall",
            lambda p: _exact(p["beta"]) ** 2 * _exact(p["p"]),
            "R = beta P uses beta, not beta squared.",
        ),
    ),
    # beta stays 2: the solution code writes it as 2.0 and squares with **2
    vary=lambda rng: {"beta": 2, "p": float(rng.choice([0.1, 0.2, 0.25, 0.35, 0.4, 0.45]))},
    shows=lambda p: {"p": str(p["p"])},
)

EXERCISES = [F_VALUES, COUNTS_FORM, BETA_POINT]
