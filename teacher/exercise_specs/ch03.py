"""Chapter 3's exercises: accuracy, precision, recall, specificity and FPR from the counts."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake


def _halfway(value: Fraction, decimals: int = 3) -> bool:
    """Whether ``value`` lies exactly half-way between two roundings at ``decimals``."""
    return (value * 10**decimals).denominator == 2


def _rates(c: dict) -> dict:
    tp, fp, tn, fn = c["tp"], c["fp"], c["tn"], c["fn"]
    return {
        "accuracy": Fraction(tp + tn, tp + fp + tn + fn),
        "precision": Fraction(tp, tp + fp),
        "recall": Fraction(tp, tp + fn),
        "specificity": Fraction(tn, tn + fp),
        "fpr": Fraction(fp, fp + tn),
    }


def _spam_vary(rng) -> dict:
    while True:
        counts = {
            "tp": int(rng.integers(15, 50)),
            "fp": int(rng.integers(2, 15)),
            "tn": int(rng.integers(120, 200)),
            "fn": int(rng.integers(3, 20)),
        }
        if not any(_halfway(value) for value in _rates(counts).values()):
            return counts


SPAM_METRICS = Exercise(
    "ch03-ex-spam-metrics",
    params={"tp": 30, "fp": 5, "tn": 155, "fn": 10},
    answer=_rates,
    mistakes=(
        Mistake(
            "precision",
            lambda p: _rates(p)["recall"],
            "That is recall. Precision divides by the emails moved to the spam folder (TP + FP).",
        ),
        Mistake(
            "recall",
            lambda p: _rates(p)["precision"],
            "That is precision. Recall divides by all spam emails (TP + FN).",
        ),
        Mistake(
            "specificity",
            lambda p: _rates(p)["fpr"],
            "That is the false positive rate; specificity is 1 minus it, TN / (TN + FP).",
        ),
        Mistake(
            "fpr",
            lambda p: _rates(p)["specificity"],
            "That is specificity; the false positive rate is FP / (FP + TN).",
        ),
        Mistake(
            "fpr",
            lambda p: Fraction(p["fp"], p["tp"] + p["fp"]),  # FP over the predicted positives
            "FPR divides by the actual negatives (FP + TN), not by the predicted positives.",
        ),
        Mistake(
            "accuracy",
            lambda p: 100 * _rates(p)["accuracy"],
            "Give a share between 0 and 1, not a percentage.",
        ),
    ),
    vary=_spam_vary,
    shows=lambda p: {name: str(p[name]) for name in ("tp", "fp", "tn", "fn")},
)


def _quake_counts(p: dict) -> dict:
    tp = p["hits"]
    fp, fn = p["flagged"] - tp, p["quakes"] - tp
    return {"tp": tp, "fp": fp, "fn": fn, "tn": p["days"] - tp - fp - fn}


def _quake_answer(p: dict) -> dict:
    rates = _rates(_quake_counts(p))
    return {name: rates[name] for name in ("precision", "recall", "accuracy")}


QUAKE_MODEL_C = Exercise(
    "ch03-ex-quake-model-c",
    params={"days": 1000, "quakes": 10, "flagged": 20, "hits": 8},
    answer=_quake_answer,
    mistakes=(
        Mistake(
            "precision",
            lambda p: _quake_answer(p)["recall"],
            "That is recall. Precision divides by the days the model flagged.",
        ),
        Mistake(
            "recall",
            lambda p: _quake_answer(p)["precision"],
            "That is precision. Recall divides by the earthquake days.",
        ),
        Mistake(
            "accuracy",
            lambda p: Fraction(p["hits"], p["days"]),  # the hits only
            "Accuracy counts the correct days of both kinds: the hits and the quiet days left"
            " unflagged.",
        ),
        Mistake(
            "accuracy",
            # every unflagged day taken for a true negative, the missed earthquakes too
            lambda p: Fraction(p["hits"] + p["days"] - p["flagged"], p["days"]),
            "Not every unflagged day is a true negative: the missed earthquake days are false"
            " negatives.",
        ),
    ),
    fixed="document 000's 1000 days with 10 earthquakes, compared with the chapter's models A"
    " and B",
)


def _at(p: dict, threshold: float, strict: bool = False) -> dict:
    """TP, FP, FN, TN of flagging the days scored at or above ``threshold`` (above: strict)."""
    flagged = [s > threshold if strict else s >= threshold for s in p["score"]]
    tp = sum(f and y == 1 for f, y in zip(flagged, p["quake"], strict=True))
    fp = sum(f and y == 0 for f, y in zip(flagged, p["quake"], strict=True))
    fn = sum(p["quake"]) - tp
    return {"tp": tp, "fp": fp, "fn": fn, "tn": len(flagged) - tp - fp - fn}


def _tradeoff_answer(p: dict) -> dict:
    parts = {}
    for name, threshold in p["thresholds"].items():
        rates = _rates(_at(p, threshold))
        parts[f"precision_{name}"] = rates["precision"]
        parts[f"recall_{name}"] = rates["recall"]
    return parts


def _strict(p: dict, part: str) -> Fraction:
    """``part`` when only the days scored strictly above the threshold are flagged."""
    metric, name = part.split("_")
    return _rates(_at(p, p["thresholds"][name], strict=True))[metric]


TIE_HINT = (
    "A day whose score equals the threshold is flagged too: count the days with a score at or"
    " above it."
)
RECALL_HINT = "That is precision. Recall divides by all the earthquake days, flagged or not."

THRESHOLD_TRADEOFF = Exercise(
    "ch03-ex-threshold-tradeoff",
    params={
        "score": [0.92, 0.81, 0.74, 0.66, 0.58, 0.50, 0.43, 0.35, 0.27, 0.18, 0.12, 0.05],
        "quake": [1, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0],
        "thresholds": {"074": 0.74, "043": 0.43},
    },
    answer=_tradeoff_answer,
    mistakes=(
        Mistake("precision_074", lambda p: _strict(p, "precision_074"), TIE_HINT),
        Mistake("precision_043", lambda p: _strict(p, "precision_043"), TIE_HINT),
        Mistake("recall_043", lambda p: _strict(p, "recall_043"), TIE_HINT),
        Mistake("recall_043", lambda p: _tradeoff_answer(p)["precision_043"], RECALL_HINT),
        Mistake("recall_074", lambda p: _tradeoff_answer(p)["precision_074"], RECALL_HINT),
        Mistake(
            "recall_074",
            # TP over all the days
            lambda p: Fraction(_at(p, p["thresholds"]["074"])["tp"], len(p["score"])),
            "Recall divides by the earthquake days (TP + FN), not by all twelve days.",
        ),
    ),
    fixed="the labels are a table row in the statement and an array in the code (no common"
    " text to replace), and the thresholds name the parts (precision_074)",
)

EXERCISES = [SPAM_METRICS, QUAKE_MODEL_C, THRESHOLD_TRADEOFF]
