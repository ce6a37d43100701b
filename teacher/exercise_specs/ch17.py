"""Chapter 17's exercises: intervals for a proportion and for AUC."""

from __future__ import annotations

import math
from fractions import Fraction

from . import Exercise, Mistake


def _wald(k: int, n: int, z: float) -> tuple[float, float]:
    p = k / n
    half = z * math.sqrt(p * (1 - p) / n)
    return p - half, p + half


def _wilson(k: int, n: int, z: float) -> tuple[float, float]:
    p = k / n
    centre = (p + z**2 / (2 * n)) / (1 + z**2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / (1 + z**2 / n)
    return centre - half, centre + half


def _wilson_answer(p: dict) -> dict:
    wald, wilson = _wald(p["k"], p["n"], p["z"]), _wilson(p["k"], p["n"], p["z"])
    return {
        "wald_low": wald[0],
        "wald_high": wald[1],
        "wilson_low": wilson[0],
        "wilson_high": wilson[1],
    }


def _wilson_vary(rng) -> dict:
    n = int(rng.choice([40, 50, 60, 80, 100]))
    k = int(rng.integers(int(0.75 * n), int(0.95 * n)))
    return {"k": k, "n": n, "z": 1.96}


WILSON = Exercise(
    "ch17-ex-wilson",
    params={"k": 45, "n": 50, "z": 1.96},
    answer=_wilson_answer,
    mistakes=(
        Mistake(
            "wilson_low",
            lambda p: _wald(p["k"], p["n"], p["z"])[0],
            "That is the Wald interval's lower end. Wilson's interval is centred at"
            " (p + z^2/2n) / (1 + z^2/n), not at p.",
        ),
        Mistake(
            "wilson_high",
            lambda p: _wald(p["k"], p["n"], p["z"])[1],
            "That is the Wald interval's upper end. Wilson's interval is centred at"
            " (p + z^2/2n) / (1 + z^2/n), not at p.",
        ),
        Mistake(
            "wald_low",
            # the square root of p(1 - p), not of p(1 - p) / n
            lambda p: (
                p["k"] / p["n"]
                - p["z"] * math.sqrt(p["k"] / p["n"] * (1 - p["k"] / p["n"])) / p["n"]
            ),
            "Divide p(1 - p) by n inside the square root: the standard error is"
            " sqrt(p(1 - p) / n).",
        ),
        Mistake(
            "wald_low",
            lambda p: _wald(p["k"], p["n"], 1.645)[0],
            "z = 1.645 gives a 90% interval; a 95% two-sided interval uses z = 1.96.",
        ),
    ),
    vary=_wilson_vary,
    shows=lambda p: {"k": str(p["k"]), "n": str(p["n"])},
)


def _placements(p: dict) -> tuple[list[Fraction], list[Fraction], Fraction]:
    """DeLong's placements (a tie counts 1/2) and the AUC, exactly; a tie counts ``tie``."""
    tie = p.get("tie", Fraction(1, 2))
    positives = [Fraction(str(s)) for s, y in zip(p["s"], p["y"], strict=True) if y == 1]
    negatives = [Fraction(str(s)) for s, y in zip(p["s"], p["y"], strict=True) if y == 0]

    def beats(a: Fraction, b: Fraction) -> Fraction:
        return Fraction(1) if a > b else tie if a == b else Fraction(0)

    v10 = [sum(beats(a, b) for b in negatives) / len(negatives) for a in positives]
    v01 = [sum(beats(a, b) for a in positives) / len(positives) for b in negatives]
    return v10, v01, sum(v10) / len(v10)


def _variance(values: list[Fraction], ddof: int) -> Fraction:
    mean = sum(values) / len(values)
    return sum((v - mean) ** 2 for v in values) / (len(values) - ddof)


def _delong_se(p: dict, ddof: int = 1) -> float:
    v10, v01, _ = _placements(p)
    variance = _variance(v10, ddof) / len(v10) + _variance(v01, ddof) / len(v01)
    return math.sqrt(variance)


def _delong_variance(p: dict) -> Fraction:
    v10, v01, _ = _placements(p)
    return _variance(v10, 1) / len(v10) + _variance(v01, 1) / len(v01)


def _hanley_mcneil_se(p: dict) -> float:
    _, _, auc = _placements(p)
    m, n = sum(p["y"]), len(p["y"]) - sum(p["y"])
    a = float(auc)
    q1, q2 = a / (2 - a), 2 * a**2 / (1 + a)
    return math.sqrt((a * (1 - a) + (m - 1) * (q1 - a**2) + (n - 1) * (q2 - a**2)) / (m * n))


def _delong_vary(rng) -> dict:
    grid = [round(0.1 * i, 1) for i in range(1, 10)]
    positives = sorted(rng.choice(grid, size=3, replace=False).tolist(), reverse=True)
    tied = positives[int(rng.integers(0, 3))]  # one negative ties a positive
    others = [g for g in grid if g not in positives]
    negatives = sorted([tied] + rng.choice(others, size=2, replace=False).tolist(), reverse=True)
    return {"y": [1, 1, 1, 0, 0, 0], "s": positives + negatives}


DELONG = Exercise(
    "ch17-ex-delong",
    params={"y": [1, 1, 1, 0, 0, 0], "s": [0.9, 0.6, 0.4, 0.6, 0.3, 0.2]},
    answer=lambda p: {"auc": _placements(p)[2], "se": _delong_se(p)},
    mistakes=(
        Mistake(
            "se",
            lambda p: _delong_se(p, ddof=0),
            "Use sample variances, dividing the squared deviations by n - 1 (ddof=1), not by n.",
        ),
        Mistake(
            "se",
            _delong_variance,
            "That is the variance; the standard error is its square root.",
        ),
        Mistake(
            "se",
            _hanley_mcneil_se,
            "That is Hanley and McNeil's standard error, from the AUC alone. DeLong's uses the"
            " variances of the placements.",
        ),
        Mistake(
            "auc",
            lambda p: _placements({**p, "tie": Fraction(0)})[2],
            "A tie between a positive's and a negative's score counts 1/2, not 0.",
        ),
    ),
    vary=_delong_vary,
    shows=lambda p: {"s": "[" + ", ".join(str(s) for s in p["s"]) + "]"},
)


def _zero_answer(p: dict) -> dict:
    n, z = p["n"], p["z"]
    return {"wald_high": 0, "wilson_high": z**2 / (n + z**2), "exact_high": 1 - 0.025 ** (1 / n)}


ZERO_ERRORS = Exercise(
    "ch17-ex-zero-errors",
    keeps=("wald_high",),  # the same answer in every variant, by design
    params={"n": 20, "z": 1.96},
    answer=_zero_answer,
    mistakes=(
        Mistake(
            "wilson_high",
            lambda p: Fraction(3, p["n"]),
            "That is the rule of three, 3/n. Wilson's upper end at k = 0 is z^2 / (n + z^2).",
        ),
        Mistake(
            "exact_high",
            lambda p: Fraction(3, p["n"]),
            "That is the rule of three, 3/n, an approximation. Solve (1 - p)^{n} = 0.025.",
        ),
        Mistake(
            "exact_high",
            lambda p: 1 - 0.05 ** (1 / p["n"]),
            "That is the one-sided 95% bound (0.05 in one tail). The two-sided interval puts"
            " 0.025 in each tail: solve (1 - p)^{n} = 0.025.",
        ),
    ),
    vary=lambda rng: {"n": int(rng.choice([15, 25, 30, 40, 60])), "z": 1.96},
    shows=lambda p: {"n": str(p["n"])},
)


def _logit_answer(p: dict) -> dict:
    a, se, z = p["auc"], p["se"], p["z"]
    theta = math.log(a / (1 - a))
    half = z * se / (a * (1 - a))
    return {
        "normal_low": a - z * se,
        "normal_high": a + z * se,
        "logit_low": 1 / (1 + math.exp(-(theta - half))),
        "logit_high": 1 / (1 + math.exp(-(theta + half))),
    }


def _logit_without_delta(p: dict, side: int) -> float:
    a, se, z = p["auc"], p["se"], p["z"]
    return 1 / (1 + math.exp(-(math.log(a / (1 - a)) + side * z * se)))


LOGIT = Exercise(
    "ch17-ex-logit",
    params={"auc": 0.95, "se": 0.02, "z": 1.96},
    answer=_logit_answer,
    mistakes=(
        Mistake(
            "logit_low",
            lambda p: _logit_without_delta(p, -1),
            "On the logit scale the standard error is SE / (A (1 - A)) (the delta method),"
            " not SE itself.",
        ),
        Mistake(
            "logit_high",
            lambda p: _logit_without_delta(p, +1),
            "On the logit scale the standard error is SE / (A (1 - A)) (the delta method),"
            " not SE itself.",
        ),
        Mistake(
            "logit_low",
            lambda p: p["auc"] - p["z"] * p["se"],
            "That is the normal interval's lower end. Build the interval for"
            " logit A = ln(A / (1 - A)), then map both ends back with 1 / (1 + e^-x).",
        ),
        Mistake(
            "logit_high",
            lambda p: p["auc"] + p["z"] * p["se"],
            "That is the normal interval's upper end. Build the interval for"
            " logit A = ln(A / (1 - A)), then map both ends back with 1 / (1 + e^-x).",
        ),
    ),
    vary=lambda rng: {
        "auc": float(rng.choice([0.9, 0.92, 0.94, 0.96])),
        "se": float(rng.choice([0.015, 0.025, 0.03])),
        "z": 1.96,
    },
    shows=lambda p: {"auc": str(p["auc"]), "se": str(p["se"])},
)

EXERCISES = [WILSON, DELONG, ZERO_ERRORS, LOGIT]
