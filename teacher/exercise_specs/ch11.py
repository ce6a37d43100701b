"""Chapter 11's exercises: AP by hand, the three AP@K denominators, document 001's formula."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake

#: The phrase of the hint for the 1 / position slip, as chapter 11's check cell expects it.
ONE_ON_TOP = "You put 1 on top of every term."
J_ON_TOP = (
    "A hit's term is j / position, not 1 / position: j counts the relevant items up to and"
    " including it."
)


def _halfway(values: dict, decimals: int) -> bool:
    """Whether an exact value sits half-way between two roundings at ``decimals``."""
    scale = 2 * 10**decimals
    return any(
        isinstance(v, Fraction) and (v * scale).denominator == 1 and (v * scale).numerator % 2
        for v in values.values()
    )


def _positions(rels: list[int]) -> list[int]:
    """The ranks (from 1) of the relevant items of a list."""
    return [rank for rank, rel in enumerate(rels, start=1) if rel]


def _precision_sum(ranks: list[int], top: str = "j") -> Fraction:
    """The sum over the relevant items of j / rank (``top="1"``: 1 / rank; ``"above"``:
    the relevant items above, without the item itself)."""
    numerator = {"j": lambda j: j, "1": lambda j: 1, "above": lambda j: j - 1}[top]
    return sum((Fraction(numerator(j), r) for j, r in enumerate(sorted(ranks), 1)), Fraction(0))


# --- 11.x: AP by hand ------------------------------------------------------------------------


def _by_hand_answer(p: dict) -> dict:
    total, n = _precision_sum(p["ranks"]), len(p["ranks"])
    return {"ap": total / n, "ap_with_missing": total / (n + p["missing"])}


def _by_hand_vary(rng) -> dict:
    while True:
        ranks = sorted(int(r) for r in rng.choice(range(2, 11), size=3, replace=False))
        p = {"ranks": ranks, "length": 10, "missing": 1}
        if not _halfway(_by_hand_answer(p), 3):
            return p


AP_BY_HAND = Exercise(
    "ch11-ex-ap-by-hand",
    params={"ranks": [2, 3, 7], "length": 10, "missing": 1},
    answer=_by_hand_answer,
    mistakes=(
        Mistake(
            "ap",
            lambda p: _precision_sum(p["ranks"], "1") / len(p["ranks"]),
            ONE_ON_TOP + " The j-th relevant document contributes j / position(j): count the"
            " relevant documents up to and including it.",
        ),
        Mistake(
            "ap",
            lambda p: _precision_sum(p["ranks"]) / p["length"],
            "N is the number of relevant documents ({n}), not the length of the list.",
        ),
        Mistake(
            "ap_with_missing",
            lambda p: _precision_sum(p["ranks"], "1") / (len(p["ranks"]) + p["missing"]),
            "The j-th relevant document contributes j / position(j), not 1 / position(j); the"
            " missed one still counts in N.",
        ),
        Mistake(
            "ap_with_missing",
            lambda p: _precision_sum(p["ranks"]) / len(p["ranks"]),
            "The fourth relevant document was never returned: it adds 0 to the sum but still"
            " counts in N = {n_with_missing}.",
        ),
    ),
    facts=lambda p: {"n": len(p["ranks"]), "n_with_missing": len(p["ranks"]) + p["missing"]},
    vary=_by_hand_vary,
    # every standalone 2, 3 and 7 of the statement and of the solution code is one of the ranks
    shows=lambda p: {f"rank_{i}": str(r) for i, r in enumerate(p["ranks"], 1)},
)


# --- 11.x: AP@5 under three denominators ----------------------------------------------------


def _cut_sum(p: dict, top: str = "j") -> Fraction:
    return _precision_sum(_positions(p["top"][: p["k"]]), top)


def _denominators(p: dict) -> dict[str, int]:
    return {
        "n_relevant": p["n_relevant"],
        "min_k": min(p["k"], p["n_relevant"]),
        "retrieved": sum(p["top"][: p["k"]]),
    }


def _denominators_answer(p: dict) -> dict:
    total = _cut_sum(p)
    return {name: total / d for name, d in _denominators(p).items()}


def _one_on_top(p: dict, part: str) -> Fraction:
    return _cut_sum(p, "1") / _denominators(p)[part]


def _denominators_vary(rng) -> dict:
    while True:
        top = [0] * 5
        for place in rng.choice(5, size=int(rng.integers(2, 4)), replace=False):
            top[int(place)] = 1
        p = {"top": top, "rest": [1, 0, 0, 0, 0], "n_relevant": int(rng.integers(6, 13)), "k": 5}
        if not _halfway(_denominators_answer(p), 3):
            return p


DENOMINATORS = Exercise(
    "ch11-ex-denominators",
    params={"top": [1, 0, 0, 1, 0], "rest": [1, 0, 0, 0, 0], "n_relevant": 8, "k": 5},
    answer=_denominators_answer,
    mistakes=(
        Mistake(
            "n_relevant",
            lambda p: _cut_sum(p) / p["k"],
            "trec_eval divides by all {n_relevant} relevant items, not by K.",
        ),
        Mistake("n_relevant", lambda p: _one_on_top(p, "n_relevant"), J_ON_TOP),
        Mistake(
            "n_relevant",
            # the whole list summed, the relevant item beyond K included
            lambda p: _precision_sum(_positions(p["top"] + p["rest"])) / p["n_relevant"],
            "Only ranks 1 to {k} count: the relevant item at rank {beyond} is beyond K.",
        ),
        Mistake(
            "min_k",
            lambda p: _cut_sum(p) / p["n_relevant"],
            "RecBole divides by min(K, n_relevant), not by all the relevant items.",
        ),
        Mistake("min_k", lambda p: _one_on_top(p, "min_k"), J_ON_TOP),
        Mistake(
            "retrieved",
            lambda p: _cut_sum(p) / p["k"],
            "torchmetrics divides by the relevant items it found in the top {k}, not by K.",
        ),
        Mistake("retrieved", lambda p: _one_on_top(p, "retrieved"), J_ON_TOP),
    ),
    facts=lambda p: {"beyond": p["k"] + _positions(p["rest"])[0]},
    vary=_denominators_vary,
    shows=lambda p: {
        "top": "[" + ", ".join(str(r) for r in p["top"]) + "]",
        "n_relevant": str(p["n_relevant"]),
    },
)


# --- 11.x: document 001's formula as a loop ------------------------------------------------


def _doc001_answer(p: dict) -> dict:
    positions = _positions(p["rels"])
    total = _precision_sum(positions)
    return {"ap_five": total / p["n_ground_truth"], "ap_four": total / len(positions)}


def _doc001_slip(p: dict, top: str, part: str) -> Fraction:
    positions = _positions(p["rels"])
    n = p["n_ground_truth"] if part == "ap_five" else len(positions)
    return _precision_sum(positions, top) / n


def _doc001_vary(rng) -> dict:
    # four of the user's five ground-truth items in a list of 10, not all at the top
    while True:
        places = set(int(i) for i in rng.choice(10, size=4, replace=False))
        p = {"rels": [int(i in places) for i in range(10)], "n_ground_truth": 5}
        if places != {0, 1, 2, 3} and not _halfway(_doc001_answer(p), 3):
            return p


NUMERATOR_ABOVE_PLUS_ONE = (
    "Each numerator counts the ground-truth items ranked above the item, plus 1; it is not 1"
    " every time."
)
NUMERATOR_ITSELF = (
    "Each numerator counts the ground-truth items ranked above, plus 1 for the item itself."
)

DOC001_LOOP = Exercise(
    "ch11-ex-doc001-loop",
    params={"rels": [0, 1, 1, 0, 0, 0, 1, 0, 0, 1], "n_ground_truth": 5},
    answer=_doc001_answer,
    mistakes=(
        Mistake(
            "ap_five",
            lambda p: _doc001_answer(p)["ap_four"],
            "The user has {n_ground_truth} ground-truth items: divide by {n_ground_truth}, the"
            " missing one adds 0 to the sum.",
        ),
        Mistake("ap_five", lambda p: _doc001_slip(p, "1", "ap_five"), NUMERATOR_ABOVE_PLUS_ONE),
        Mistake("ap_five", lambda p: _doc001_slip(p, "above", "ap_five"), NUMERATOR_ITSELF),
        Mistake("ap_four", lambda p: _doc001_slip(p, "1", "ap_four"), NUMERATOR_ABOVE_PLUS_ONE),
        Mistake("ap_four", lambda p: _doc001_slip(p, "above", "ap_four"), NUMERATOR_ITSELF),
    ),
    vary=_doc001_vary,
    shows=lambda p: {"rels": "[" + ", ".join(str(r) for r in p["rels"]) + "]"},
)

EXERCISES = [AP_BY_HAND, DENOMINATORS, DOC001_LOOP]
