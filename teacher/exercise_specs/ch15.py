"""Chapter 15's exercises: DCG and NDCG by hand, unretrieved relevant items, ERR and RBP."""

from __future__ import annotations

import math
from fractions import Fraction

from . import Exercise, Mistake


def _exponential(grade: int) -> int:
    return 2**grade - 1


def _linear(grade: int) -> int:
    return grade


def _dcg(grades: list[int], gain=_exponential, log=math.log2, k: int | None = None) -> float:
    """DCG: gain(grade) discounted by 1 / log(i + 1) at rank i (base 2 unless told)."""
    top = grades if k is None else grades[:k]
    return sum(gain(g) / log(i + 1) for i, g in enumerate(top, start=1))


def _ideal(grades: list[int]) -> list[int]:
    return sorted(grades, reverse=True)


def _ndcg(grades, ideal, gain=_exponential, k=None) -> float | None:
    best = _dcg(_ideal(ideal), gain, k=k)
    return None if best == 0 else _dcg(grades, gain, k=k) / best


def _by_hand_answer(p: dict) -> dict:
    grades = p["grades"]
    return {
        "dcg_exp": _dcg(grades),
        "dcg_lin": _dcg(grades, _linear),
        "ndcg_exp": _ndcg(grades, grades),
    }


def _by_hand_vary(rng) -> dict:
    """Three grades on 0..3 with a 0 and a grade of at least 2, not in ideal order."""
    while True:
        grades = [int(g) for g in rng.integers(0, 4, size=3)]
        if 0 in grades and max(grades) >= 2 and grades != _ideal(grades):
            return {"grades": grades}


_NATURAL_LOG = "The discount uses the base-2 logarithm: np.log2, not np.log."

DCG_BY_HAND = Exercise(
    "ch15-ex-dcg-by-hand",
    params={"grades": [2, 0, 1]},
    answer=_by_hand_answer,
    mistakes=(
        Mistake(
            "dcg_exp",
            lambda p: _dcg(p["grades"], _linear),
            "That is the linear gain. The exponential gain of grade g is 2^g - 1.",
        ),
        Mistake(
            "dcg_exp",
            lambda p: _dcg(p["grades"], lambda g: 2**g),
            "The gain is 2^rel - 1, not 2^rel: an item of grade 0 gains nothing.",
        ),
        Mistake("dcg_exp", lambda p: _dcg(p["grades"], log=math.log), _NATURAL_LOG),
        Mistake(
            "dcg_exp",
            lambda p: _dcg(_ideal(p["grades"])),
            "That is the ideal DCG, of the grades sorted in decreasing order. The DCG takes the"
            " list in its own order.",
        ),
        Mistake(
            "dcg_lin",
            lambda p: _dcg(_ideal(p["grades"]), _linear),
            "That is the linear DCG of the ideal order, the grades sorted in decreasing order."
            " The DCG takes the list in its own order.",
        ),
        Mistake("dcg_lin", lambda p: _dcg(p["grades"], _linear, log=math.log), _NATURAL_LOG),
        Mistake(
            "ndcg_exp",
            lambda p: 1,
            "The ideal is the list's grades sorted in decreasing order; this list is not in that"
            " order.",
        ),
        Mistake(
            "ndcg_exp",
            lambda p: _ndcg(p["grades"], p["grades"], _linear),
            "That is NDCG with linear gain. Use the exponential gain 2^rel - 1 for the DCG and"
            " for the IDCG.",
        ),
        Mistake(
            "ndcg_exp",
            lambda p: _ndcg(p["grades"], p["grades"], lambda g: 2**g),
            "The gain is 2^rel - 1, not 2^rel, in the DCG and in the IDCG.",
        ),
    ),
    vary=_by_hand_vary,
    shows=lambda p: {"grades": str(p["grades"])},
)


def _unretrieved_answer(p: dict) -> dict:
    grades, k = p["grades"], p["k"]
    return {
        "ndcg_all_judged": _ndcg(grades, [1] * p["n_relevant"], k=k),
        "ndcg_returned_only": _ndcg(grades, grades, k=k),
    }


UNRETRIEVED = Exercise(
    "ch15-ex-unretrieved",
    params={"grades": [1, 0, 1], "n_relevant": 4, "k": 3},
    answer=_unretrieved_answer,
    mistakes=(
        Mistake(
            "ndcg_all_judged",
            lambda p: _unretrieved_answer(p)["ndcg_returned_only"],
            "That ideal ignores the relevant documents that were not returned. Build the ideal"
            " from every judged document, returned or not.",
        ),
        Mistake(
            "ndcg_all_judged",
            lambda p: _dcg(p["grades"], k=p["k"]) / _dcg([1] * p["n_relevant"]),
            "Cut the ideal at K = 3 too: IDCG@3 uses the first three of the four relevant"
            " documents.",
        ),
        Mistake(
            "ndcg_returned_only",
            lambda p: _unretrieved_answer(p)["ndcg_all_judged"],
            "That uses all judgements. Here the ideal is the returned list itself, sorted by"
            " grade.",
        ),
    ),
    fixed="the statement gives the judgements in words (four relevant, two not returned) that"
    " the solution code does not show; only two other orders of the list would keep them",
)


def _user_ndcgs(p: dict, ideal_of) -> list[float]:
    """Each user's NDCG@k, the ideal built by ``ideal_of(list, n_relevant)``."""
    k = p["k"]
    return [
        _dcg(rels, k=k) / _dcg(_ideal(ideal_of(rels, n)), k=k)
        for rels, n in zip(p["lists"], p["n_relevant"], strict=True)
    ]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _all_relevant(rels: list[int], n_relevant: int) -> list[int]:
    return [1] * n_relevant


def _mean_ndcg_vary(rng) -> dict:
    """Users with 2, 1 and 2 relevant items; user 3's list returns only one of its two."""
    while True:
        lists = []
        for n_ones in (int(rng.integers(1, 3)), 1, 1):
            row = [0, 0, 0]
            for column in rng.choice(3, size=n_ones, replace=False):
                row[int(column)] = 1
            lists.append(row)
        if len({str(row) for row in lists}) == 3:
            return {"lists": lists, "n_relevant": [2, 1, 2], "k": 3}


MEAN_NDCG = Exercise(
    "ch15-ex-mean-ndcg",
    params={"lists": [[1, 1, 0], [0, 1, 0], [0, 0, 1]], "n_relevant": [2, 1, 2], "k": 3},
    answer=lambda p: {"mean_ndcg": _mean(_user_ndcgs(p, _all_relevant))},
    mistakes=(
        Mistake(
            "mean_ndcg",
            lambda p: _mean(_user_ndcgs(p, lambda rels, n: rels)),
            "A user's ideal comes from all of the user's relevant items, not only from those"
            " the list returned.",
        ),
        Mistake(
            "mean_ndcg",
            # each list divided by its own DCG: the list taken for its ideal order
            lambda p: 1,
            "The ideal is the best possible order of the user's relevant items, not the list"
            " itself.",
        ),
    ),
    vary=_mean_ndcg_vary,
    shows=lambda p: {f"user{i + 1}": str(row) for i, row in enumerate(p["lists"])},
)


def _stop(grade: int, max_grade: int) -> Fraction:
    """ERR's stop probability (2^g - 1) / 2^g_max."""
    return Fraction(2**grade - 1, 2**max_grade)


def _err(p: dict, stop=_stop, cascade: bool = True) -> Fraction:
    total, reach = Fraction(0), Fraction(1)
    for rank, grade in enumerate(p["grades"], start=1):
        chance = stop(grade, p["max_grade"])
        total += (reach if cascade else 1) * chance / rank
        reach *= 1 - chance
    return total


def _rbp(p: dict, value=lambda grade: int(grade > 0), rate: bool = True) -> Fraction:
    persistence = Fraction(str(p["p"]))
    total = sum(value(g) * persistence**i for i, g in enumerate(p["grades"]))
    return (1 - persistence) * total if rate else total


def _err_rbp_vary(rng) -> dict:
    """Three grades on 0..2 with a 1 and a 2."""
    while True:
        grades = [int(g) for g in rng.integers(0, 3, size=3)]
        params = {"grades": grades, "max_grade": 2, "p": 0.5}
        halfway = any((v * 1000).denominator == 2 for v in (_err(params), _rbp(params)))
        if {1, 2} <= set(grades) and not halfway:
            return params


ERR_RBP = Exercise(
    "ch15-ex-err-rbp",
    params={"grades": [1, 2, 0], "max_grade": 2, "p": 0.5},
    answer=lambda p: {"err": _err(p), "rbp": _rbp(p)},
    mistakes=(
        Mistake(
            "err",
            lambda p: _err(p, cascade=False),
            "The user reaches a rank only if no rank above it stopped them: multiply R_i / i by"
            " the chance that the ranks above did not stop them, the product of their 1 - R_j.",
        ),
        Mistake(
            "err",
            lambda p: _err(p, stop=lambda g, g_max: Fraction(g, g_max)),
            "The stop probability is (2^g - 1) / 2^g_max, not g / g_max.",
        ),
        Mistake(
            "rbp",
            lambda p: _rbp(p, rate=False),
            "Multiply by 1 - p: RBP is a rate, at most 1.",
        ),
        Mistake(
            "rbp",
            lambda p: _rbp(p, value=lambda grade: grade),
            "RBP counts a relevant item as 1 whatever its grade (ranx's rbp multiplies by the"
            " grade instead).",
        ),
    ),
    vary=_err_rbp_vary,
    shows=lambda p: {"grades": str(p["grades"])},
)

EXERCISES = [DCG_BY_HAND, UNRETRIEVED, MEAN_NDCG, ERR_RBP]
