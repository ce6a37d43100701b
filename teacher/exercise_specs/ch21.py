"""Chapter 21's exercises: costs, the Bayes threshold, iso-performance lines, net benefit."""

from __future__ import annotations

import functools
import math
from fractions import Fraction

from . import Exercise, Mistake


@functools.lru_cache(maxsize=4096, typed=True)  # a million calls while the variants are drawn
def _q(x: object) -> Fraction:
    """A number of the statement as an exact fraction (0.15 is 3/20)."""
    return Fraction(str(x))


def _text(x: object) -> str:
    """A number as a hint or a statement writes it: 0.85, not 0.8500000000000001."""
    return f"{float(x):.10g}"


def _halfway(values: dict, decimals: int = 3) -> bool:
    """Whether an exact value lies half-way between two roundings (0.0625 at three decimals)."""
    scaled = [Fraction(v) * 10**decimals for v in values.values() if v is not None]
    return any(v - math.floor(v) == Fraction(1, 2) for v in scaled)


# -- 21.1 The Bayes threshold and the cost of each call ------------------------------------


def _bayes_answer(p: dict) -> dict:
    c_fp, c_fn, prob = p["c_fp"], p["c_fn"], _q(p["p"])
    return {
        "threshold": Fraction(c_fp, c_fp + c_fn),
        "cost_positive": (1 - prob) * c_fp,
        "cost_negative": prob * c_fn,
    }


def _bayes_vary(rng) -> dict:
    c_fp = int(rng.choice([2, 3, 4, 5]))
    ratio = int(rng.choice([3, 4, 9]))  # c_FN / c_FP: thresholds 1/4, 1/5, 1/10
    threshold = 1 / (1 + ratio)
    prob = round(threshold + float(rng.choice([-0.05, 0.05, 0.1])), 2)
    return {"c_fp": c_fp, "c_fn": c_fp * ratio, "p": prob}


BAYES_THRESHOLD = Exercise(
    "ch21-ex-bayes-threshold",
    params={"c_fp": 2, "c_fn": 18, "p": 0.15},
    answer=_bayes_answer,
    mistakes=(
        Mistake(
            "threshold",
            lambda p: Fraction(p["c_fn"], p["c_fp"] + p["c_fn"]),
            "That is c_FN / (c_FP + c_FN). The Bayes threshold has the cost of a false"
            " positive on top, not that of a false negative.",
        ),
        Mistake(
            "threshold",
            lambda p: Fraction(p["c_fp"], p["c_fn"]),
            "That is c_FP / c_FN, the ratio of the costs. At the threshold where both calls"
            " cost the same, c_FP is divided by the sum of the two costs.",
        ),
        Mistake(
            "cost_positive",
            lambda p: _q(p["p"]) * p["c_fp"],
            "Calling it positive is wrong when the case is negative, with probability"
            " 1 - {p}, not {p}.",
        ),
        Mistake(
            "cost_positive",
            lambda p: _q(p["p"]) * p["c_fn"],
            "That is the cost of calling it negative. A positive call costs c_FP = {c_fp}"
            " when the case is negative.",
        ),
        Mistake(
            "cost_negative",
            lambda p: (1 - _q(p["p"])) * p["c_fn"],
            "Calling it negative is wrong when the case is positive, with probability {p},"
            " not {q}.",
        ),
        Mistake(
            "cost_negative",
            lambda p: (1 - _q(p["p"])) * p["c_fp"],
            "That is the cost of calling it positive. A negative call costs c_FN = {c_fn}"
            " when the case is positive.",
        ),
    ),
    facts=lambda p: {"q": _text(1 - _q(p["p"]))},
    vary=_bayes_vary,
    shows=lambda p: {"c_fp": str(p["c_fp"]), "c_fn": str(p["c_fn"]), "p": _text(p["p"])},
)


# -- 21.2 The expected cost at each threshold -----------------------------------------------


def _cost(p: dict, threshold: Fraction, *, strict: bool = False, c_fn: int | None = None):
    """The total cost at ``threshold`` (called positive when the score is at least it, or
    above it when ``strict``); ``c_fn`` replaces the statement's cost of a miss."""
    c_fn = p["c_fn"] if c_fn is None else c_fn
    total = Fraction(0)
    for label, score in zip(p["y"], p["s"], strict=True):
        score = _q(score)
        positive = score > threshold if strict else score >= threshold
        if positive and label == 0:
            total += p["c_fp"]
        elif not positive and label == 1:
            total += c_fn
    return total


def _thresholds(p: dict) -> list:
    """+infinity (nothing called positive), then every score, in the statement's order."""
    return [math.inf] + [_q(s) for s in p["s"]]


def _best(p: dict) -> Fraction | float:
    """The threshold of lowest total cost (the first on a tie, as ``min`` finds it)."""
    return min(_thresholds(p), key=lambda t: _cost(p, t))


def _fewest_errors(p: dict) -> Fraction:
    """The threshold that makes the fewest errors, a miss counted as one false positive."""
    return _best({**p, "c_fn": p["c_fp"]})


def _expected_cost_answer(p: dict) -> dict:
    n, best = len(p["y"]), _best(p)
    return {
        "cost_05": _cost(p, _q(p["t"])) / n,
        "best_threshold": best,
        "best_cost": _cost(p, best) / n,
    }


def _unique_min(values: list) -> bool:
    return sorted(values)[0] != sorted(values)[1]


def _expected_cost_vary(rng) -> dict:
    grid = [round(0.05 * i, 2) for i in range(1, 20) if i != 10]
    while True:
        s = sorted([0.5, *rng.choice(grid, size=7, replace=False).tolist()], reverse=True)
        y = [int(v) for v in rng.permutation([1, 1, 1, 1, 0, 0, 0, int(rng.integers(0, 2))])]
        p = {"y": y, "s": s, "c_fp": 1, "c_fn": int(rng.choice([2, 3, 4])), "t": 0.5}
        costs = [_cost(p, t) for t in _thresholds(p)]
        errors = [_cost({**p, "c_fn": 1}, t) for t in _thresholds(p)]
        inner = _best(p) not in (math.inf, _q(s[-1]))  # neither nothing nor everything positive
        if _unique_min(costs) and _unique_min(errors) and inner:
            return p


EXPECTED_COST = Exercise(
    "ch21-ex-expected-cost",
    params={
        "y": [1, 0, 1, 1, 0, 0, 1, 0],
        "s": [0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.1],
        "c_fp": 1,
        "c_fn": 3,
        "t": 0.5,
    },
    answer=_expected_cost_answer,
    mistakes=(
        Mistake(
            "cost_05",
            lambda p: _cost(p, _q(p["t"]), strict=True) / len(p["y"]),
            "The case scored exactly {t} is called positive: the rule is score >= threshold.",
        ),
        Mistake(
            "cost_05",
            lambda p: _cost(p, _q(p["t"])),
            "That is the total cost. The expected cost is per case: divide by the {n} cases.",
        ),
        Mistake(
            "best_threshold",
            _fewest_errors,
            "That threshold makes the fewest errors, but a false negative costs {c_fn} times"
            " a false positive: weigh the errors.",
        ),
        Mistake(
            "best_cost",
            lambda p: _cost(p, _best(p)),
            "That is the total cost. Divide by the {n} cases.",
        ),
        Mistake(
            "best_cost",
            lambda p: _cost(p, _fewest_errors(p)) / len(p["y"]),
            "That is the cost of the threshold with the fewest errors. A false negative costs"
            " {c_fn} times a false positive: try each score.",
        ),
    ),
    facts=lambda p: {"n": len(p["y"])},
    vary=_expected_cost_vary,
    shows=lambda p: {"y": str(p["y"]), "s": str(p["s"]), "c_fn": str(p["c_fn"])},
)


# -- 21.3 Iso-performance lines on the ROC convex hull ---------------------------------------

HULL_FPR = ("0", "0.1", "0.3", "0.6", "1")
HULL_TPR = ("0", "0.5", "0.8", "0.95", "1")


def _hull(p: dict) -> list[tuple[Fraction, Fraction]]:
    return [(_q(f), _q(t)) for f, t in zip(p["fpr"], p["tpr"], strict=True)]


def _slope(p: dict) -> Fraction:
    return Fraction(p["c_fp"] * p["n_neg"], p["c_fn"] * p["n_pos"])


def _vertex_cost(p: dict, vertex: tuple[Fraction, Fraction], *, weighted: bool = True):
    """The expected cost per case at a vertex; unweighted: the rates not weighed by the
    class shares."""
    fpr, tpr = vertex
    pi = Fraction(p["n_pos"], p["n_pos"] + p["n_neg"]) if weighted else None
    if pi is None:
        return p["c_fp"] * fpr + p["c_fn"] * (1 - tpr)
    return (1 - pi) * p["c_fp"] * fpr + pi * p["c_fn"] * (1 - tpr)


def _best_vertex(p: dict, slope: Fraction) -> tuple[Fraction, Fraction]:
    """The vertex where the line of ``slope`` touches the hull: the largest TPR - slope FPR."""
    return max(_hull(p), key=lambda v: v[1] - slope * v[0])


def _iso_answer(p: dict) -> dict:
    vertex = _best_vertex(p, _slope(p))
    return {"slope": _slope(p), "fpr": vertex[0], "cost": _vertex_cost(p, vertex)}


def _edge_slopes(p: dict) -> list[Fraction]:
    hull = _hull(p)
    return [(b[1] - a[1]) / (b[0] - a[0]) for a, b in zip(hull[:-1], hull[1:], strict=True)]


def _iso_vary(rng) -> dict:
    while True:
        n_pos = int(rng.choice([100, 200, 250, 400]))
        p = {
            "n_pos": n_pos,
            "n_neg": 1000 - n_pos,
            "c_fp": 1,
            "c_fn": int(rng.choice([2, 4, 5, 10, 20])),
            "fpr": list(HULL_FPR),
            "tpr": list(HULL_TPR),
        }
        slope, vertex = _slope(p), _best_vertex(p, _slope(p))
        inner = _hull(p)[1:-1]
        if slope not in _edge_slopes(p) and vertex in inner and not _halfway(_iso_answer(p)):
            return p


ISO_SLOPE = Exercise(
    "ch21-ex-iso-slope",
    params={
        "n_pos": 100,
        "n_neg": 900,
        "c_fp": 1,
        "c_fn": 20,
        "fpr": list(HULL_FPR),
        "tpr": list(HULL_TPR),
    },
    answer=_iso_answer,
    mistakes=(
        Mistake(
            "slope",
            lambda p: 1 / _slope(p),
            "The slope is upside down: the cost of a false positive and the number of"
            " negatives go on top.",
        ),
        Mistake(
            "slope",
            lambda p: Fraction(p["c_fp"], p["c_fn"]),
            "That is c_FP / c_FN alone: the slope also carries the class counts, n_neg / n_pos.",
        ),
        Mistake(
            "slope",
            lambda p: Fraction(p["c_fp"] * p["n_pos"], p["c_fn"] * p["n_neg"]),
            "The class counts go the other way: the number of negatives goes on top, with the"
            " cost of a false positive.",
        ),
        Mistake(
            "fpr",
            lambda p: _best_vertex(p, Fraction(1))[0],
            "That vertex has the largest TPR - FPR: it is the best one only for lines of slope"
            " 1. Compare each edge's slope with the slope of part (a): move on while the edge is"
            " steeper.",
        ),
        Mistake(
            "fpr",
            lambda p: _best_vertex(p, 1 / _slope(p))[0],
            "That vertex is the best one for the slope turned upside down. Compare each edge's"
            " slope with the slope of part (a): move on while the edge is steeper.",
        ),
        Mistake(
            "cost",
            lambda p: _vertex_cost(p, _best_vertex(p, Fraction(1))),
            "That is the cost at the vertex with the largest TPR - FPR. Compute it at the"
            " vertex of part (b).",
        ),
        Mistake(
            "cost",
            lambda p: _vertex_cost(p, _best_vertex(p, _slope(p)), weighted=False),
            "Weigh each rate by its class's share of the cases: the false positive rate by the"
            " share of negatives, the miss rate 1 - TPR by the share of positives.",
        ),
    ),
    vary=_iso_vary,
    shows=lambda p: {"n_pos": str(p["n_pos"]), "n_neg": str(p["n_neg"]), "c_fn": str(p["c_fn"])},
)


# -- 21.4 Net benefit and expected cost ------------------------------------------------------


def _odds(p: dict) -> Fraction:
    t = _q(p["t"])
    return t / (1 - t)


def _net_benefit(p: dict, tp: int, fp: int, weight: Fraction, n: int | None = None) -> Fraction:
    n = p["n"] if n is None else n
    return Fraction(tp, n) - Fraction(fp, n) * weight


def _net_cost(p: dict, c_fn: Fraction) -> Fraction:
    """The expected cost per patient from the counts, c_FP = 1."""
    fp, fn = p["treated"] - p["tp"], p["n_pos"] - p["tp"]
    return (fp + fn * c_fn) / p["n"]


def _net_answer(p: dict) -> dict:
    fp = p["treated"] - p["tp"]
    return {
        "nb_model": _net_benefit(p, p["tp"], fp, _odds(p)),
        "nb_all": _net_benefit(p, p["n_pos"], p["n"] - p["n_pos"], _odds(p)),
        "cost_fn": 1 / _odds(p),  # c_FP / c_FN = p_t / (1 - p_t), with c_FP = 1
        "cost": _net_cost(p, 1 / _odds(p)),
    }


def _net_vary(rng) -> dict:
    while True:
        n = int(rng.choice([100, 200, 300, 400]))
        share = float(rng.choice([0.2, 0.25, 0.3]))
        t = float(rng.choice([t for t in (0.1, 0.2) if t < share]))
        n_pos = round(n * share)
        tp = round(n_pos * float(rng.choice([0.8, 0.85, 0.9])))
        fp = round(n_pos * float(rng.choice([0.6, 0.8, 1.0, 1.2])))
        p = {"n": n, "n_pos": n_pos, "t": t, "treated": tp + fp, "tp": tp}
        if not _halfway(_net_answer(p)):
            return p


NET_BENEFIT = Exercise(
    "ch21-ex-net-benefit",
    params={"n": 200, "n_pos": 40, "t": 0.1, "treated": 80, "tp": 36},
    answer=_net_answer,
    mistakes=(
        Mistake(
            "nb_model",
            lambda p: _net_benefit(p, p["tp"], p["treated"] - p["tp"], _q(p["t"])),
            "The false positives are weighted by the odds of the threshold, p_t / (1 - p_t),"
            " not by p_t itself.",
        ),
        Mistake(
            "nb_model",
            lambda p: _net_benefit(p, p["tp"], p["treated"] - p["tp"], _odds(p), n=p["n_pos"]),
            "Both counts are divided by all n = {n} patients, not by the {n_pos} with the disease.",
        ),
        Mistake(
            "nb_all",
            lambda p: _net_benefit(p, p["n_pos"], p["n"] - p["n_pos"], _q(p["t"])),
            "Treating everybody: the {n_neg} false positives are weighted by the odds"
            " p_t / (1 - p_t), not by p_t.",
        ),
        Mistake(
            "nb_all",
            lambda p: Fraction(p["n_pos"], p["n"]),
            "That is the prevalence, the net benefit of treating everybody only at p_t = 0."
            " Subtract the weighted false positives.",
        ),
        Mistake(
            "cost_fn",
            _odds,
            "The Bayes threshold is c_FP / (c_FP + c_FN), so c_FP / c_FN is the odds"
            " p_t / (1 - p_t): c_FN is its reciprocal, not the odds itself.",
        ),
        Mistake(
            "cost",
            lambda p: Fraction(p["n_pos"], p["n"]) - _net_answer(p)["nb_model"],
            "That is pi - NB, the cost in units of a missed case. Multiply by c_FN.",
        ),
        Mistake(
            "cost",
            lambda p: _net_cost(p, 1 / _q(p["t"])),
            "c_FP / c_FN is the odds of the threshold, p_t / (1 - p_t), not p_t: solve"
            " c_FP / (c_FP + c_FN) = p_t for c_FN.",
        ),
    ),
    facts=lambda p: {"n_neg": p["n"] - p["n_pos"]},
    vary=_net_vary,
    shows=lambda p: {
        "n": str(p["n"]),
        "n_pos": str(p["n_pos"]),
        "t": _text(p["t"]),
        "treated": str(p["treated"]),
        "tp": str(p["tp"]),
    },
)

EXERCISES = [BAYES_THRESHOLD, EXPECTED_COST, ISO_SLOPE, NET_BENEFIT]
