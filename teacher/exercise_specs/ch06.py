"""Chapter 6's exercises: MCC, balanced accuracy, kappa, likelihood ratios and F1's naming."""

from __future__ import annotations

import math
from fractions import Fraction

from . import Exercise, Mistake

COUNTS = ("tp", "fp", "tn", "fn")


def _no_halfway(values: list, decimals: int = 3) -> bool:
    """No exact value lies half-way between two roundings at ``decimals``."""
    return all(
        not (isinstance(v, Fraction) and (v * 10**decimals).denominator == 2) for v in values
    )


def _tpr(p: dict) -> Fraction:
    return Fraction(p["tp"], p["tp"] + p["fn"])


def _tnr(p: dict) -> Fraction:
    return Fraction(p["tn"], p["tn"] + p["fp"])


def _fpr(p: dict) -> Fraction:
    return Fraction(p["fp"], p["fp"] + p["tn"])


def _fnr(p: dict) -> Fraction:
    return Fraction(p["fn"], p["fn"] + p["tp"])


def _n(p: dict) -> int:
    return sum(p[name] for name in COUNTS)


def _accuracy(p: dict) -> Fraction:
    return Fraction(p["tp"] + p["tn"], _n(p))


def _f1(p: dict) -> Fraction:
    return Fraction(2 * p["tp"], 2 * p["tp"] + p["fp"] + p["fn"])


def _mcc(p: dict) -> float:
    tp, fp, tn, fn = (p[name] for name in COUNTS)
    return (tp * tn - fp * fn) / math.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))


def _four_counts_answer(p: dict) -> dict:
    return {
        "mcc": _mcc(p),
        "balanced_accuracy": (_tpr(p) + _tnr(p)) / 2,
        "npv": Fraction(p["tn"], p["tn"] + p["fn"]),
        "lr_plus": _tpr(p) / _fpr(p),
    }


def _four_counts_vary(rng) -> dict:
    while True:
        params = {
            "tp": int(rng.integers(20, 61)),
            "fp": int(rng.integers(3, 16)),
            "tn": int(rng.integers(120, 300)),
            "fn": int(rng.integers(6, 21)),
        }
        if _no_halfway(list(_four_counts_answer(params).values())):
            return params


FOUR_COUNTS = Exercise(
    "ch06-ex-four-counts",
    params={"tp": 30, "fp": 5, "tn": 155, "fn": 10},
    answer=_four_counts_answer,
    mistakes=(
        Mistake(
            "mcc",
            _f1,
            "That is F1. MCC also uses TN:"
            " (TP TN - FP FN) / sqrt((TP + FP)(TP + FN)(TN + FP)(TN + FN)).",
        ),
        Mistake(
            "balanced_accuracy",
            _accuracy,
            "That is the accuracy (TP + TN) / n. Balanced accuracy averages the two recalls,"
            " TP / (TP + FN) and TN / (TN + FP).",
        ),
        Mistake(
            "npv",
            lambda p: Fraction(p["tp"], p["tp"] + p["fp"]),
            "That is the precision TP / (TP + FP). NPV is the same for the negative answers:"
            " TN / (TN + FN).",
        ),
        Mistake(
            "lr_plus",
            lambda p: _tpr(p) / _tnr(p),
            "That divides by the true negative rate. LR+ divides the true positive rate by the"
            " false positive rate, FP / (FP + TN).",
        ),
    ),
    vary=_four_counts_vary,
    shows=lambda p: {name: str(p[name]) for name in COUNTS},
)


def _kappa(p: dict) -> Fraction:
    tp, fp, tn, fn = (p[name] for name in COUNTS)
    n = _n(p)
    observed = Fraction(tp + tn, n)
    chance = Fraction((tp + fp) * (tp + fn) + (fn + tn) * (fp + tn), n * n)
    return (observed - chance) / (1 - chance)


def _odds_before(p: dict) -> Fraction:
    """The odds before the test: the diseased against the healthy."""
    return Fraction(p["tp"] + p["fn"], p["fp"] + p["tn"])


def _screening_answer(p: dict) -> dict:
    odds_after = _odds_before(p) * _tpr(p) / _fpr(p)
    return {
        "kappa": _kappa(p),
        "lr_minus": _fnr(p) / _tnr(p),
        "probability": odds_after / (1 + odds_after),
    }


def _screening_facts(p: dict) -> dict:
    positives, negatives = p["tp"] + p["fn"], p["fp"] + p["tn"]
    return {
        "positives": positives,
        "negatives": negatives,
        "prior": f"{positives / (positives + negatives):g}",
    }


def _screening_vary(rng) -> dict:
    # 1000 people and FN = 1 stay (the statement writes 1000 and 1, and 1 is in o / (1 + o))
    while True:
        positives = int(rng.choice([5, 8, 12, 15, 20, 25]))
        fp = int(rng.integers(20, 91))
        params = {"tp": positives - 1, "fp": fp, "tn": 1000 - positives - fp, "fn": 1}
        if _no_halfway(list(_screening_answer(params).values())):
            return params


def _screening_shows(p: dict) -> dict:
    facts = _screening_facts(p)
    return {
        "positives": str(facts["positives"]),
        "negatives": str(facts["negatives"]),
        "tp": str(p["tp"]),
        "fp": str(p["fp"]),
        "tn": str(p["tn"]),
    }


SCREENING = Exercise(
    "ch06-ex-screening",
    params={"tp": 9, "fp": 45, "tn": 945, "fn": 1},
    answer=_screening_answer,
    mistakes=(
        Mistake(
            "kappa",
            _accuracy,
            "That is the accuracy p_o. Kappa subtracts the agreement p_e that chance reaches"
            " with the same totals: (p_o - p_e) / (1 - p_e).",
        ),
        Mistake(
            "lr_minus",
            lambda p: _tnr(p) / _fnr(p),
            "That is TNR / FNR, upside down. LR- divides the false negative rate FN / (FN + TP)"
            " by the true negative rate TN / (TN + FP).",
        ),
        Mistake(
            "lr_minus",
            lambda p: _fnr(p) / _fpr(p),
            "That divides the false negative rate by the false positive rate. LR- compares the"
            ' answer "negative" in the two classes: FNR / TNR.',
        ),
        Mistake(
            "probability",
            lambda p: Fraction(p["tp"] + p["fn"], _n(p)) * _tpr(p) / _fpr(p),
            "That multiplies the probability {prior} by LR+. Likelihood ratios multiply odds:"
            " turn {positives} : {negatives} into odds, multiply, and turn the odds o back into"
            " a probability o / (1 + o).",
        ),
    ),
    facts=_screening_facts,
    vary=_screening_vary,
    shows=_screening_shows,
)


def _swap_names(p: dict) -> dict:
    """The same counts with the other class called positive."""
    return {"tp": p["tn"], "fp": p["fn"], "tn": p["tp"], "fn": p["fp"]}


def _always_common(p: dict) -> dict:
    """The constant "always the common class", counted with the rare class as positive."""
    positives, negatives = p["tp"] + p["fn"], p["fp"] + p["tn"]
    return {"tp": 0, "fp": 0, "tn": negatives, "fn": positives}


def _naming_answer(p: dict) -> dict:
    return {
        "f1_rare": _f1(p),
        "f1_common": _f1(_swap_names(p)),
        "f1_constant": _f1(_swap_names(_always_common(p))),
        "mcc": _mcc(p),
    }


def _naming_vary(rng) -> dict:
    # FP = 50 (written as the number of positives too), TN = 900 and the 950 negatives stay:
    # only the split of the 50 positives into TP and FN varies
    while True:
        tp = int(rng.integers(25, 48))
        params = {"tp": tp, "fp": 50, "tn": 900, "fn": 50 - tp}
        if _no_halfway(list(_naming_answer(params).values())):
            return params


F1_NAMING = Exercise(
    "ch06-ex-f1-naming",
    keeps=("f1_constant",),  # the same answer in every variant, by design
    params={"tp": 40, "fp": 50, "tn": 900, "fn": 10},
    answer=_naming_answer,
    mistakes=(
        Mistake(
            "f1_constant",
            lambda p: _f1(_always_common(p)),
            "That is the constant's F1 with the rare class as positive. With the common class as"
            " positive the constant finds every positive: it misses none, and every rare case"
            " is a false positive.",
        ),
        Mistake(
            "f1_common",
            _f1,
            "That is the F1 with the rare class as positive. Swap the names first: the true"
            " negatives become the true positives, and FP and FN trade places.",
        ),
        Mistake(
            "mcc",
            _f1,
            "That is the rare class's F1. MCC also uses TN:"
            " (TP TN - FP FN) / sqrt((TP + FP)(TP + FN)(TN + FP)(TN + FN)).",
        ),
    ),
    vary=_naming_vary,
    shows=lambda p: {"tp": str(p["tp"]), "fn": str(p["fn"])},
)

EXERCISES = [FOUR_COUNTS, SCREENING, F1_NAMING]
