"""Chapter 7's exercises: a ROC point, the AUC as a pair count, flipped and constant scores."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake

HALF = Fraction(1, 2)

#: The six cases of the first two exercises (the second says "the same six cases").
CASES = {"y": [1, 0, 1, 1, 0, 0], "s": [0.95, 0.85, 0.7, 0.55, 0.55, 0.3]}

SAME_CASES = (
    "the six cases are also ch07-ex-auc-pairs' ('the same six cases'), whose statement does not"
    " restate them; a variant of one would not be a variant of the other"
)


def _scores(p: dict) -> list[tuple[Fraction, int]]:
    return [(Fraction(str(s)), y) for s, y in zip(p["s"], p["y"], strict=True)]


def _counts(p: dict, *, strict: bool = False) -> dict[str, int]:
    """TP, FP, TN, FN at the threshold: flagged when s >= t (s > t with ``strict``)."""
    t = Fraction(str(p["threshold"]))
    counts = {"tp": 0, "fp": 0, "tn": 0, "fn": 0}
    for s, y in _scores(p):
        flagged = s > t if strict else s >= t
        counts[("t" if flagged == bool(y) else "f") + ("p" if flagged else "n")] += 1
    return counts


def _rates(p: dict, *, strict: bool = False) -> dict[str, Fraction]:
    c = _counts(p, strict=strict)
    return {
        "tpr": Fraction(c["tp"], c["tp"] + c["fn"]),
        "fpr": Fraction(c["fp"], c["fp"] + c["tn"]),
    }


def _precision(p: dict) -> Fraction:
    c = _counts(p)
    return Fraction(c["tp"], c["tp"] + c["fp"])


def _false_share(p: dict) -> Fraction:
    """FP / (TP + FP): the share of the flagged cases that are negative."""
    c = _counts(p)
    return Fraction(c["fp"], c["tp"] + c["fp"])


ROC_POINT = Exercise(
    "ch07-ex-roc-point",
    params={**CASES, "threshold": 0.55},
    answer=_rates,
    mistakes=(
        Mistake(
            "tpr",
            lambda p: _rates(p, strict=True)["tpr"],
            "A score equal to the threshold counts as predicted positive (>=): include the"
            " positive scored {threshold}.",
        ),
        Mistake(
            "fpr",
            lambda p: _rates(p, strict=True)["fpr"],
            "A score equal to the threshold counts as predicted positive (>=): include the"
            " negative scored {threshold}.",
        ),
        Mistake(
            "fpr",
            _false_share,
            "That is FP / (TP + FP), the share of flagged cases that are negative. FPR divides"
            " by all negatives: FP / (FP + TN).",
        ),
        Mistake(
            "tpr",
            _precision,
            "That is the precision, TP / (TP + FP). TPR divides by all positives: TP / (TP + FN).",
        ),
    ),
    fixed=SAME_CASES,
)


def _credit(a: Fraction, b: Fraction, tie: Fraction) -> Fraction:
    """A positive scored ``a`` against a negative scored ``b``: 1 won, ``tie`` tied, 0 lost."""
    return Fraction(1) if a > b else tie if a == b else Fraction(0)


def _pair_count(p: dict, tie: Fraction = HALF) -> Fraction:
    """U: the credit of every positive-negative pair, summed."""
    scores = _scores(p)
    positives = [s for s, y in scores if y == 1]
    negatives = [s for s, y in scores if y == 0]
    return sum(_credit(a, b, tie) for a in positives for b in negatives)


def _pair_auc(p: dict, tie: Fraction = HALF) -> Fraction:
    n_pos = sum(p["y"])
    return _pair_count(p, tie) / (n_pos * (len(p["y"]) - n_pos))


AUC_PAIRS = Exercise(
    "ch07-ex-auc-pairs",
    params=dict(CASES),
    answer=lambda p: {"auc": _pair_auc(p)},
    mistakes=(
        Mistake(
            "auc",
            lambda p: _pair_auc(p, tie=Fraction(0)),
            "A tie between a positive and a negative counts 1/2, not 0.",
        ),
        Mistake(
            "auc",
            lambda p: _pair_auc(p, tie=Fraction(1)),
            "A tie between a positive and a negative counts 1/2, not 1.",
        ),
        Mistake(
            "auc",
            _pair_count,
            "That is the count of winning pairs (U). Divide by the number of pairs, n+ times n-.",
        ),
    ),
    fixed="the same six cases as ch07-ex-roc-point, not restated: its solution code reads them"
    " from that exercise's",
)


def _constant_auc(tie: Fraction) -> Fraction:
    """One score for everybody: every positive-negative pair is a tie."""
    return _credit(Fraction(1, 2), Fraction(1, 2), tie)


def _flip_answer(p: dict) -> dict:
    # flipping the scores turns every won pair into a lost one and keeps the ties
    return {"flipped": 1 - Fraction(str(p["auc"])), "constant": _constant_auc(HALF)}


TIE_QUESTION = (
    "With one score for everybody every pair is a tie: what does the AUC count for a tie?"
)

FLIP = Exercise(
    "ch07-ex-flip",
    keeps=("constant",),  # the same answer in every variant, by design
    params={"auc": 0.3},
    answer=_flip_answer,
    mistakes=(
        Mistake(
            "flipped",
            lambda p: Fraction(str(p["auc"])),
            "Flipping the scores turns every winning pair into a losing one.",
        ),
        Mistake("constant", lambda p: _constant_auc(Fraction(0)), TIE_QUESTION),
        Mistake("constant", lambda p: _constant_auc(Fraction(1)), TIE_QUESTION),
    ),
    vary=lambda rng: {"auc": float(rng.choice([0.15, 0.2, 0.25, 0.35, 0.4]))},
    shows=lambda p: {"auc": str(p["auc"])},
)

EXERCISES = [ROC_POINT, AUC_PAIRS, FLIP]
