"""Chapter 9's exercises: a PR table and its AP, AP against the trapezoid, PR chance levels."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

from . import Exercise, Mistake

HALF = Fraction(1, 2)


def _exact(value: float) -> Fraction:
    return Fraction(str(value))


def _halfway(value: Fraction, decimals: int) -> bool:
    """Whether ``value`` lies exactly half-way between two roundings at ``decimals``."""
    return (value * 10**decimals).denominator == 2


def _cases(p: dict) -> list[tuple[Fraction, int]]:
    return [(_exact(s), y) for s, y in zip(p["s"], p["y"], strict=True)]


def _table(p: dict) -> list[tuple[Fraction, Fraction, Fraction]]:
    """(threshold, recall, precision) at every distinct score, from the highest down (>=)."""
    cases = _cases(p)
    n_pos = sum(y for _, y in cases)
    rows = []
    for t in sorted({s for s, _ in cases}, reverse=True):
        tp = sum(y for s, y in cases if s >= t)
        flagged = sum(1 for s, _ in cases if s >= t)
        rows.append((t, Fraction(tp, n_pos), Fraction(tp, flagged)))
    return rows


def _step_ap(p: dict) -> Fraction:
    """AP: each threshold's precision times the recall it adds."""
    ap, recall_before = Fraction(0), Fraction(0)
    for _, recall, precision in _table(p):
        ap += (recall - recall_before) * precision
        recall_before = recall
    return ap


def _mean_precision(p: dict, *, to_full_recall: bool = False) -> Fraction:
    """The plain mean of the precisions at every threshold (or down to full recall only)."""
    rows = _table(p)
    if to_full_recall:
        rows = rows[: 1 + next(i for i, (_, recall, _) in enumerate(rows) if recall == 1)]
    return sum(precision for _, _, precision in rows) / len(rows)


def _precision_at(p: dict, threshold: Fraction) -> Fraction:
    return next(precision for t, _, precision in _table(p) if t == threshold)


def _precision_positive_first(p: dict) -> Fraction:
    """The precision at the tied threshold with the tied negatives left out (the tie broken
    positive first)."""
    t = _exact(p["threshold"])
    above = [(s, y) for s, y in _cases(p) if s > t or (s == t and y == 1)]
    return Fraction(sum(y for _, y in above), len(above))


def _ap_positive_first(p: dict) -> Fraction:
    """AP of the ranking with every tie broken positive first: the precision at each positive."""
    ranked = sorted(_cases(p), key=lambda case: (-case[0], -case[1]))
    hits, total = 0, Fraction(0)
    for rank, (_, y) in enumerate(ranked, start=1):
        if y == 1:
            hits += 1
            total += Fraction(hits, rank)
    return total / hits


def _list(values: list) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def _pr_table_answer(p: dict) -> dict:
    return {
        "precision_08": _precision_at(p, _exact(p["threshold"])),
        "baseline": Fraction(sum(p["y"]), len(p["y"])),
        "ap": _step_ap(p),
    }


def _pr_table_vary(rng) -> dict:
    """A negative and a positive tied at 0.8 (the part's name), a positive right after the tie
    (the saw's tooth), two to four positives among seven."""
    while True:
        lower = sorted(rng.choice([0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1], 4, replace=False).tolist())
        y = [int(rng.integers(0, 2)), 0, 1, 1] + [int(v) for v in rng.integers(0, 2, size=3)]
        params = {"y": y, "s": [0.9, 0.8, 0.8, *lower[::-1]], "threshold": 0.8}
        if 2 <= sum(y) <= 4 and not any(_halfway(v, 3) for v in _pr_table_answer(params).values()):
            return params


PR_TABLE = Exercise(
    "ch09-ex-pr-table",
    params={"y": [1, 0, 1, 1, 0, 0, 0], "s": [0.9, 0.8, 0.8, 0.6, 0.5, 0.3, 0.1], "threshold": 0.8},
    answer=_pr_table_answer,
    mistakes=(
        Mistake(
            "precision_08",
            _precision_positive_first,
            "At threshold {threshold} every case scored {threshold} is flagged, the negative"
            " too: count it among the predicted positives.",
        ),
        Mistake(
            "baseline",
            lambda p: HALF,
            "0.5 is the ROC chance level (the diagonal). On the PR plot the chance line is at the"
            " share of positives.",
        ),
        Mistake(
            "ap",
            _ap_positive_first,
            "You broke the tie at {threshold} with the positive first. The tied positive and"
            " negative enter together: the positive gets the precision of the whole tie.",
        ),
        Mistake(
            "ap",
            _mean_precision,
            "That is the plain mean of the precisions at all six thresholds. Weight each precision"
            " by the recall it adds: thresholds that add no recall contribute nothing.",
        ),
    ),
    vary=_pr_table_vary,
    shows=lambda p: {"y": _list(p["y"]), "s": _list(p["s"])},
)


def _trapezoid(p: dict, start: tuple[int, int] | None = (0, 1)) -> Fraction:
    """Straight lines between the PR points (recall, precision), from ``start`` (scikit-learn's
    (recall 0, precision 1); ``None``: from the first threshold's point)."""
    points = [(recall, precision) for _, recall, precision in _table(p)]
    if start is not None:
        points.insert(0, (Fraction(start[0]), Fraction(start[1])))
    return sum((r1 - r0) * (p0 + p1) / 2 for (r0, p0), (r1, p1) in pairwise(points))


def _idle_scores(p: dict) -> str:
    """The thresholds before full recall that add none: negatives' scores."""
    rows = _table(p)
    idle = [t for (_, r0, _), (t, r1, _) in pairwise(rows) if r1 == r0 and r0 < 1]
    return ", ".join(str(float(t)) for t in idle)


AP_TRAPEZOID = Exercise(
    "ch09-ex-ap-trapezoid",
    params={"y": [1, 0, 1, 1, 0, 0], "s": [0.95, 0.85, 0.7, 0.55, 0.55, 0.3]},
    answer=lambda p: {"ap": _step_ap(p), "trapezoid": _trapezoid(p)},
    mistakes=(
        Mistake(
            "ap",
            _trapezoid,
            "That is the trapezoid area. AP multiplies each precision by the recall it adds,"
            " with no averaging of neighbouring points.",
        ),
        Mistake(
            "ap",
            _mean_precision,
            "That is the plain mean of the precisions at all five thresholds. Weight each"
            " precision by the recall it adds: thresholds that add no recall contribute nothing.",
        ),
        Mistake(
            "ap",
            lambda p: _mean_precision(p, to_full_recall=True),
            "That is the plain mean of the precisions down to full recall. Only thresholds that"
            " add recall contribute to AP; the point after the negative at {idle} adds none."
            " Weight each precision by the recall it adds, not equally.",
        ),
        Mistake(
            "trapezoid",
            _step_ap,
            "That is the step-wise AP. The trapezoid averages the precision at the two ends of"
            " each recall interval, starting from scikit-learn's point (recall 0, precision 1).",
        ),
        Mistake(
            "trapezoid",
            lambda p: _trapezoid(p, start=(0, 0)),
            "scikit-learn's curve starts at (recall 0, precision 1), not at (0, 0).",
        ),
        Mistake(
            "trapezoid",
            lambda p: _trapezoid(p, start=None),
            "Start at recall 0: scikit-learn's curve begins with the point"
            " (recall 0, precision 1).",
        ),
    ),
    facts=lambda p: {"idle": _idle_scores(p)},
    fixed="the cases of chapter 7's exercises (the statement says so), and its question which"
    " area is larger has the answer of these numbers (the trapezoid is smaller here)",
)


def _random_ap(p: dict) -> Fraction:
    """The expected AP of a random ranking of N cases with R positives (the chapter's closed
    form): (R - 1)/(N - 1) + (N - R) H_N / (N (N - 1))."""
    r, n = p["positives"], p["cases"]
    harmonic = sum(Fraction(1, k) for k in range(1, n + 1))
    return Fraction(r - 1, n - 1) + (n - r) * harmonic / (n * (n - 1))


def _baseline_answer(p: dict) -> dict:
    # a random scorer ranks a positive above a negative in half the pairs, whatever the prevalence
    return {
        "baseline": Fraction(p["positives"], p["cases"]),
        "random_auc": HALF,
        "random_ap": _random_ap(p),
    }


def _baseline_vary(rng) -> dict:
    """Few positives (at most one in ten) and a prevalence with no half-way rounding."""
    while True:
        r = int(rng.choice([5, 8, 10, 12, 15, 20, 25]))
        n = int(rng.choice([200, 250, 400, 500, 800, 1000]))
        if 10 * r <= n and not _halfway(Fraction(r, n), 3):
            return {"positives": r, "cases": n}


BASELINE = Exercise(
    "ch09-ex-baseline",
    keeps=("random_auc",),  # the same answer in every variant, by design
    params={"positives": 10, "cases": 500},
    answer=_baseline_answer,
    mistakes=(
        Mistake(
            "baseline",
            lambda p: HALF,
            "0.5 is the ROC chance level. On the PR plot the chance level is the share of"
            " positives.",
        ),
        Mistake(
            "baseline",
            lambda p: Fraction(100 * p["positives"], p["cases"]),
            "Give a share between 0 and 1, not a percentage.",
        ),
        Mistake(
            "random_auc",
            lambda p: Fraction(p["positives"], p["cases"]),
            "ROC AUC does not depend on the prevalence: a random scorer's ROC curve is the"
            " diagonal.",
        ),
        Mistake(
            "random_ap",
            lambda p: Fraction(p["positives"], p["cases"]),
            "That is the prevalence, the chance level of a precision. The expected AP of a random"
            " ranking is higher: pi + (1 - pi)(H_N - 1)/(N - 1), with H_N = 1 + 1/2 + ... + 1/N.",
        ),
        Mistake(
            "random_ap",
            lambda p: Fraction(p["positives"] + 1, p["cases"] + 1),
            "That is (n+ + 1)/(N + 1), i divided by the mean rank of the i-th positive. The mean"
            " of i/k_i is larger than i over the mean of k_i, because 1/k is convex: use the"
            " closed form of the chapter.",
        ),
    ),
    vary=_baseline_vary,
    shows=lambda p: {"positives": str(p["positives"]), "cases": str(p["cases"])},
)

EXERCISES = [PR_TABLE, AP_TRAPEZOID, BASELINE]
