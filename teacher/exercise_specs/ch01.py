"""Chapter 1's exercises: the accuracy of trivial models when one class is rare."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake


def _exact(x: float) -> Fraction:
    """A decimal as the statement writes it (0.95 is 19/20), exactly."""
    return Fraction(str(x))


def _screening_answer(p: dict) -> dict:
    n, sick = p["n"], p["sick"]
    # "everyone is healthy": right on every healthy person, finds no one, flags no one (0/0)
    return {"accuracy": Fraction(n - sick, n), "recall": Fraction(0, sick), "precision": None}


def _screening_vary(rng) -> dict:
    # a rare disease; every n divides 1000, so the accuracy is exact at three decimals
    return {"n": int(rng.choice([200, 500, 1000])), "sick": int(rng.integers(2, 11))}


SCREENING = Exercise(
    "ch01-ex-screening",
    keeps=("recall", "precision"),  # the same answer in every variant, by design
    params={"n": 1000, "sick": 5},
    answer=_screening_answer,
    mistakes=(
        Mistake(
            "accuracy",
            lambda p: Fraction(p["sick"], p["n"]),
            "That is the error rate: the share of people the model gets wrong.",
        ),
        Mistake(
            "accuracy",
            lambda p: 100 * Fraction(p["n"] - p["sick"], p["n"]),
            "Give a share between 0 and 1, not a percentage.",
        ),
        Mistake(
            "recall",
            # the recall of the healthy class: every healthy person is "found"
            lambda p: Fraction(p["n"] - p["sick"], p["n"] - p["sick"]),
            "Recall counts the sick people the model finds. How many does 'everyone is healthy'"
            " find?",
        ),
        Mistake(
            "precision",
            lambda p: 0,  # 0/0 reported as 0 (scikit-learn's zero_division default)
            "The model flags nobody, so precision is 0 divided by 0: undefined, not 0."
            " Pass float('nan').",
        ),
        Mistake(
            "precision",
            lambda p: 1,  # 0/0 reported as 1 (zero_division=1)
            "The model flags nobody, so precision is 0 divided by 0: undefined. Pass float('nan').",
        ),
    ),
    vary=_screening_vary,
    shows=lambda p: {"n": str(p["n"]), "sick": str(p["sick"])},
)


def _crossing(tpr: Fraction, tnr: Fraction) -> Fraction:
    """The prevalence where 1 - p = p TPR + (1 - p) TNR."""
    return (1 - tnr) / ((1 - tnr) + tpr)


def _prevalence_answer(p: dict) -> dict:
    return {
        "max_prevalence": 1 - _exact(p["accuracy"]),
        "crossing": _crossing(_exact(p["tpr"]), _exact(p["tnr"])),
    }


def _prevalence_vary(rng) -> dict:
    while True:
        params = {
            "accuracy": 0.95,  # "at least 95%": in the statement only, so it stays
            "tpr": float(rng.choice([0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95])),
            "tnr": float(rng.choice([0.9, 0.91, 0.92, 0.93, 0.94, 0.96, 0.97, 0.98, 0.99])),
        }
        # no crossing half-way between two roundings (0.04 / 0.64 = 0.0625)
        if (_prevalence_answer(params)["crossing"] * 1000).denominator != 2:
            return params


THRESHOLD_PREVALENCE = Exercise(
    "ch01-ex-threshold-prevalence",
    keeps=("max_prevalence",),  # the same answer in every variant, by design
    params={"accuracy": 0.95, "tpr": 0.9, "tnr": 0.95},
    answer=_prevalence_answer,
    mistakes=(
        Mistake(
            "max_prevalence",
            lambda p: _exact(p["accuracy"]),
            "That is the accuracy itself; the question asks for the prevalence.",
        ),
        Mistake(
            "max_prevalence",
            lambda p: 100 * (1 - _exact(p["accuracy"])),
            "Give a share between 0 and 1, not a percentage.",
        ),
        Mistake(
            "crossing",
            # 1 - TPR in the denominator
            lambda p: (1 - _exact(p["tnr"])) / ((1 - _exact(p["tnr"])) + (1 - _exact(p["tpr"]))),
            "Solve 1 - p = p TPR + (1 - p) TNR for p again: the denominator holds TPR,"
            " not 1 - TPR.",
        ),
        Mistake(
            "crossing",
            lambda p: 100 * _crossing(_exact(p["tpr"]), _exact(p["tnr"])),
            "Give a share between 0 and 1, not a percentage.",
        ),
        Mistake(
            "crossing",
            lambda p: _crossing(_exact(p["tnr"]), _exact(p["tpr"])),
            "TPR and TNR are swapped: the numerator is 1 - TNR, the share of negatives the"
            " classifier gets wrong (TNR = {tnr}).",
        ),
    ),
    vary=_prevalence_vary,
    shows=lambda p: {"tpr": str(p["tpr"]), "tnr": str(p["tnr"])},
)


def _share(k: int, n: int) -> Fraction:
    return Fraction(k, n)


ALWAYS_POSITIVE = Exercise(
    "ch01-ex-always-positive",
    # y_rare (make_imbalanced of the test half, 2 malignant kept) and the test half y_cancer
    params={"positives": 2, "negatives": 179, "half_positives": 106, "half_n": 285},
    answer=lambda p: {
        "accuracy": _share(p["positives"], p["positives"] + p["negatives"]),
        "recall": _share(p["positives"], p["positives"]),
        "precision": _share(p["positives"], p["positives"] + p["negatives"]),
    },
    mistakes=(
        Mistake(
            "accuracy",
            lambda p: _share(p["negatives"], p["positives"] + p["negatives"]),
            "That is the accuracy of 'always benign'. 'Always malignant' is right only on the"
            " malignant cases.",
        ),
        Mistake(
            "accuracy",
            lambda p: _share(p["half_positives"], p["half_n"]),
            "That is the whole test half (y_cancer). The exercise asks about the rare-malignant"
            " subset y_rare.",
        ),
        Mistake(
            "precision",
            # divided by the malignant cases (recall), not by the flagged ones
            lambda p: _share(p["positives"], p["positives"]),
            "Precision divides by every case the model flags, and it flags all of them.",
        ),
        Mistake(
            "precision",
            lambda p: _share(p["half_positives"], p["half_n"]),
            "That is the whole test half (y_cancer). The exercise asks about the rare-malignant"
            " subset y_rare.",
        ),
    ),
    decimals=4,
    fixed="its data are the chapter's y_rare, built from the breast-cancer data set",
)

EXERCISES = [SCREENING, THRESHOLD_PREVALENCE, ALWAYS_POSITIVE]
