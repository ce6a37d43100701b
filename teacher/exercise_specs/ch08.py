"""Chapter 8's exercises: ties, 0/1 scores, Gini and Youden's J, partial AUC, one-vs-one AUC."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, pairwise

import numpy as np

from . import Exercise, Mistake

HALF = Fraction(1, 2)


def _exact(value: float) -> Fraction:
    return Fraction(str(value))


def _halfway(value: Fraction, decimals: int) -> bool:
    """Whether ``value`` lies exactly half-way between two roundings at ``decimals``."""
    return (value * 10**decimals).denominator == 2


def _outcomes(p: dict) -> tuple[int, int, int]:
    """Positive-negative pairs the positive wins, ties and loses."""
    scores = [_exact(s) for s in p["s"]]
    positives = [s for s, y in zip(scores, p["y"], strict=True) if y == 1]
    negatives = [s for s, y in zip(scores, p["y"], strict=True) if y == 0]
    pairs = [(a, b) for a in positives for b in negatives]
    return sum(a > b for a, b in pairs), sum(a == b for a, b in pairs), sum(a < b for a, b in pairs)


def _ties_auc(p: dict, tie: Fraction = HALF) -> Fraction:
    wins, ties, losses = _outcomes(p)
    return (wins + tie * ties) / (wins + ties + losses)


def _ties_answer(p: dict) -> dict:
    wins, ties, losses = _outcomes(p)
    n_pairs = wins + ties + losses
    return {"auc": _ties_auc(p), "gini": Fraction(wins - losses, n_pairs)}


def _ties_vary(rng) -> dict:
    """Eight cases on one-decimal scores, each score shared by at most three, with ties across
    the classes; three to five positives (no AUC half-way between two roundings)."""
    grid = [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1]
    while True:
        values = rng.choice(grid, size=8).tolist()
        s = sorted(values, reverse=True)
        n_pos = int(rng.choice([3, 4, 5]))
        y = [int(v) for v in rng.permutation([1] * n_pos + [0] * (8 - n_pos))]
        params = {"y": y, "s": s}
        wins, ties, losses = _outcomes(params)
        crowded = max(s.count(v) for v in s) > 3
        answer = _ties_answer(params)
        halfway = any(_halfway(v, 3) for v in answer.values())
        if ties >= 2 and 0 < losses < wins and not crowded and not halfway:
            return params


def _list(values: list) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


TIES = Exercise(
    "ch08-ex-ties",
    params={"y": [1, 1, 0, 1, 0, 0, 1, 0], "s": [0.9, 0.7, 0.7, 0.7, 0.4, 0.4, 0.2, 0.2]},
    answer=_ties_answer,
    mistakes=(
        Mistake(
            "auc",
            lambda p: _ties_auc(p, tie=Fraction(0)),
            "A tie between a positive and a negative counts 1/2, not 0.",
        ),
        Mistake(
            "auc",
            lambda p: _ties_auc(p, tie=Fraction(1)),
            "A tie between a positive and a negative counts 1/2, not 1.",
        ),
        Mistake(
            "gini",
            lambda p: Fraction(_outcomes(p)[0], sum(_outcomes(p))),
            "That is the share of pairs ranked right. The Gini coefficient subtracts the share"
            " ranked wrong.",
        ),
        Mistake(
            "gini",
            lambda p: _ties_auc(p) - HALF,
            "The Gini coefficient is 2 AUC - 1, not AUC - 1/2.",
        ),
    ),
    vary=_ties_vary,
    shows=lambda p: {"y": _list(p["y"]), "s": _list(p["s"])},
)


@cache
def _cancer() -> tuple[np.ndarray, np.ndarray]:
    """The chapter's breast-cancer labels and model scores (the data, not a metric)."""
    from evalmetrics.datasets import breast_cancer_scores

    return breast_cancer_scores()


def _cancer_counts(threshold: float) -> dict[str, int]:
    y, score = _cancer()
    flagged = score >= threshold
    return {
        "tp": int(np.sum(flagged & (y == 1))),
        "fp": int(np.sum(flagged & (y == 0))),
        "tn": int(np.sum(~flagged & (y == 0))),
        "fn": int(np.sum(~flagged & (y == 1))),
    }


def _hard_auc(threshold: float) -> Fraction:
    """The AUC of the 0/1 predictions at ``threshold``: (TPR + TNR) / 2."""
    c = _cancer_counts(threshold)
    return (Fraction(c["tp"], c["tp"] + c["fn"]) + Fraction(c["tn"], c["tn"] + c["fp"])) / 2


def _cancer_accuracy(threshold: float) -> Fraction:
    c = _cancer_counts(threshold)
    return Fraction(c["tp"] + c["tn"], sum(c.values()))


def _cancer_score_auc() -> Fraction:
    """The AUC of the probabilities themselves, by counting pairs (a tie counts 1/2)."""
    y, score = _cancer()
    positives, negatives = score[y == 1], score[y == 0]
    wins = int(np.sum(positives[:, None] > negatives))
    ties = int(np.sum(positives[:, None] == negatives))
    return Fraction(2 * wins + ties, 2 * positives.size * negatives.size)


HARD_SCORES = Exercise(
    "ch08-ex-hard-scores",
    params={"threshold": 0.2, "chapter_threshold": 0.5},
    answer=lambda p: {"auc": _hard_auc(p["threshold"])},
    mistakes=(
        Mistake(
            "auc",
            lambda p: _cancer_accuracy(p["threshold"]),
            "That is the accuracy at {threshold}. The AUC of hard predictions (0 or 1) is"
            " (TPR + TNR) / 2, which weighs the two classes equally.",
        ),
        Mistake(
            "auc",
            lambda p: _cancer_score_auc(),
            "That is the AUC of the probabilities. Use the predictions (0 or 1) as the scores.",
        ),
        Mistake(
            "auc",
            lambda p: _hard_auc(p["chapter_threshold"]),
            "That is the AUC of the predictions (0 or 1) at threshold {chapter_threshold}, the"
            " chapter's example. The exercise's threshold is {threshold}.",
        ),
    ),
    decimals=4,
    fixed="the breast-cancer model's scores, loaded and scored earlier in the chapter",
)


def _paper_answer(p: dict) -> dict:
    gini, tpr, tnr = _exact(p["gini"]), _exact(p["sensitivity"]), _exact(p["specificity"])
    return {"auc_a": (1 + gini) / 2, "j_b": tpr + tnr - 1, "auc_b": (tpr + tnr) / 2}


def _paper_vary(rng) -> dict:
    rates = [0.7, 0.75, 0.8, 0.85, 0.9, 0.95]
    while True:
        sensitivity, specificity = (float(v) for v in rng.choice(rates, size=2))
        if (_exact(sensitivity) + _exact(specificity)) * 10 % 1 == 0:  # a 2-decimal AUC
            break
    gini = float(rng.choice([0.42, 0.48, 0.54, 0.58, 0.66, 0.7, 0.74]))
    return {"gini": gini, "sensitivity": sensitivity, "specificity": specificity}


PAPER = Exercise(
    "ch08-ex-paper",
    params={"gini": 0.62, "sensitivity": 0.85, "specificity": 0.75},
    answer=_paper_answer,
    mistakes=(
        Mistake(
            "auc_a",
            lambda p: _exact(p["gini"]) / 2,
            "G = 2 AUC - 1: add 1 to G before halving.",
        ),
        Mistake(
            "auc_a",
            lambda p: _exact(p["gini"]),
            "A Gini coefficient is not an AUC: G = 2 AUC - 1.",
        ),
        Mistake(
            "j_b",
            lambda p: _exact(p["sensitivity"]) + _exact(p["specificity"]),
            "Youden's J is sensitivity plus specificity minus 1.",
        ),
        Mistake(
            "auc_b",
            lambda p: _paper_answer(p)["j_b"],
            "That is J. The area under a curve with one threshold is (TPR + TNR) / 2.",
        ),
    ),
    decimals=2,
    vary=_paper_vary,
    shows=lambda p: {
        "gini": str(p["gini"]),
        "sensitivity": str(p["sensitivity"]),
        "specificity": str(p["specificity"]),
    },
)


def _roc_points(p: dict) -> list[tuple[Fraction, Fraction]]:
    """(FPR, TPR) from (0, 0), one point per distinct score from the highest down."""
    cases = [(_exact(s), y) for s, y in zip(p["s"], p["y"], strict=True)]
    n_pos = sum(y for _, y in cases)
    n_neg = len(cases) - n_pos
    points = [(Fraction(0), Fraction(0))]
    for t in sorted({s for s, _ in cases}, reverse=True):
        tp = sum(y for s, y in cases if s >= t)
        fp = sum(1 - y for s, y in cases if s >= t)
        points.append((Fraction(fp, n_neg), Fraction(tp, n_pos)))
    return points


def _area(p: dict, up_to: Fraction) -> Fraction:
    """The area under the ROC curve from FPR 0 to ``up_to`` (straight lines between points)."""
    points, area = _roc_points(p), Fraction(0)
    for (x0, y0), (x1, y1) in pairwise(points):
        if x0 >= up_to:
            break
        if x1 > up_to:  # interpolate the last segment at FPR = up_to
            y1, x1 = y0 + (y1 - y0) * (up_to - x0) / (x1 - x0), up_to
        area += (x1 - x0) * (y0 + y1) / 2
    return area


def _mcclish(p: dict) -> Fraction:
    """McClish's standardisation: the diagonal's area maps to 1/2, a perfect model's to 1."""
    f = _exact(p["max_fpr"])
    low, high = f**2 / 2, f
    return (1 + (_area(p, f) - low) / (high - low)) / 2


def _partial_vary(rng) -> dict:
    while True:
        y = [int(v) for v in rng.permutation([1, 1, 1, 1, 0, 0, 0, 0])]
        params = {"y": y, "s": [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2], "max_fpr": 0.5}
        raw = _area(params, Fraction(1, 2))
        if Fraction(1, 8) < raw < Fraction(1, 2):  # above the diagonal's f^2/2, not perfect
            return params


PARTIAL = Exercise(
    "ch08-ex-partial",
    params={
        "y": [1, 0, 1, 1, 0, 1, 0, 0],
        "s": [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2],
        "max_fpr": 0.5,
    },
    answer=lambda p: {"raw": _area(p, _exact(p["max_fpr"])), "standardized": _mcclish(p)},
    mistakes=(
        Mistake(
            "raw",
            lambda p: _area(p, Fraction(1)),
            "That is the whole AUC. Stop at FPR = {max_fpr}.",
        ),
        Mistake(
            "standardized",
            lambda p: _area(p, _exact(p["max_fpr"])) / _exact(p["max_fpr"]),
            "That divides the area by its maximum f only. McClish's standardisation also maps"
            " the diagonal's area, f^2/2, to 0.5.",
        ),
        Mistake(
            "standardized",
            lambda p: _area(p, _exact(p["max_fpr"])),
            "That is the raw area. Standardise it: the diagonal maps to 0.5 and a perfect model"
            " to 1.",
        ),
    ),
    decimals=4,
    vary=_partial_vary,
    shows=lambda p: {"y": _list(p["y"])},
)


def _column_auc(p: dict, column: int, positive: int, negative: set, tie: Fraction) -> Fraction:
    """A(positive | negative): column ``column`` ranks class ``positive`` above ``negative``."""
    scores = [[_exact(v) for v in row] for row in p["p"]]
    pos = [row[column] for row, y in zip(scores, p["y"], strict=True) if y == positive]
    neg = [row[column] for row, y in zip(scores, p["y"], strict=True) if y in negative]
    credit = [Fraction(1) if a > b else tie if a == b else Fraction(0) for a in pos for b in neg]
    return sum(credit) / len(credit)


def _ovo(p: dict, tie: Fraction = HALF, both: bool = True) -> Fraction:
    """Hand and Till's M: the mean over pairs of classes of (A(a|b) + A(b|a)) / 2."""
    pairs = list(combinations(sorted(set(p["y"])), 2))
    total = Fraction(0)
    for a, b in pairs:
        forward = _column_auc(p, a, a, {b}, tie)
        total += (forward + _column_auc(p, b, b, {a}, tie)) / 2 if both else forward
    return total / len(pairs)


def _ovr(p: dict) -> Fraction:
    """The one-vs-rest macro average: each class's column against all other images."""
    classes = sorted(set(p["y"]))
    return sum(_column_auc(p, c, c, set(classes) - {c}, HALF) for c in classes) / len(classes)


def _ovo_vary(rng) -> dict:
    """New probabilities in tenths (each row sums to 1); the labels stay."""
    while True:
        rows = []
        for _ in range(6):
            a, b = sorted(int(v) for v in rng.choice(range(1, 10), size=2, replace=False))
            rows.append([a / 10, (b - a) / 10, (10 - b) / 10])
        params = {"y": [0, 0, 0, 1, 1, 2], "p": rows}
        m = _ovo(params)
        if _ovo(params, tie=Fraction(0)) != m and Fraction(1, 2) < m < 1 and not _halfway(m, 3):
            return params


OVO = Exercise(
    "ch08-ex-ovo",
    params={
        "y": [0, 0, 0, 1, 1, 2],
        "p": [
            [0.6, 0.2, 0.2],
            [0.4, 0.4, 0.2],
            [0.2, 0.5, 0.3],
            [0.4, 0.5, 0.1],
            [0.1, 0.3, 0.6],
            [0.3, 0.3, 0.4],
        ],
    },
    answer=lambda p: {"m": _ovo(p)},
    mistakes=(
        Mistake(
            "m",
            _ovr,
            "That is the one-vs-rest macro average. One-vs-one keeps, for each pair of classes,"
            " only the images of those two classes.",
        ),
        Mistake(
            "m",
            lambda p: _ovo(p, both=False),
            "Each pair has two AUCs: column a with class a positive and column b with class b"
            " positive. Average both, not only A(a|b).",
        ),
        Mistake(
            "m",
            lambda p: _ovo(p, tie=Fraction(0)),
            "A tie between a positive and a negative counts 1/2, not 0.",
        ),
    ),
    vary=_ovo_vary,
    shows=lambda p: {f"p{i}": _list(row) for i, row in enumerate(p["p"])},
)

EXERCISES = [TIES, HARD_SCORES, PAPER, PARTIAL, OVO]
