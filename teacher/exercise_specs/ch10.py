"""Chapter 10's exercises: a net's precision and recall, P@K and R@K, returning everything."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake


def _halfway(values: dict, decimals: int) -> bool:
    """Whether an exact value sits half-way between two roundings at ``decimals``."""
    scale = 2 * 10**decimals
    return any(
        isinstance(v, Fraction) and (v * scale).denominator == 1 and (v * scale).numerator % 2
        for v in values.values()
    )


# --- 10.x: a third net in the fish pond ------------------------------------------------------


def _net_counts(p: dict) -> tuple[int, int, int, int]:
    """A, B, C, D: carp caught, others caught, carp left in the pond, others left."""
    caught_others = p["shrimp"] + p["turtles"]
    others = p["pond_shrimp"] + p["pond_turtles"]
    return p["carp"], caught_others, p["pond_carp"] - p["carp"], others - caught_others


def _net_answer(p: dict) -> dict:
    a, b, c, d = _net_counts(p)
    return {
        "precision": Fraction(a, a + b),
        "recall": Fraction(a, a + c),
        "f1": Fraction(2 * a, 2 * a + b + c),
        "accuracy": Fraction(a + d, a + b + c + d),
    }


def _net_total(p: dict) -> int:
    return sum(_net_counts(p))


def _net_mean_of_p_and_r(p: dict) -> Fraction:
    key = _net_answer(p)
    return (key["precision"] + key["recall"]) / 2


def _net_vary(rng) -> dict:
    pond = {"pond_carp": 1400, "pond_shrimp": 300, "pond_turtles": 300}
    while True:
        each = int(rng.choice([25, 50, 75, 100, 150, 200]))
        # the statement writes the shrimp and the turtles caught as one text: they vary together
        p = {
            **pond,
            "carp": int(rng.choice(range(600, 1400, 100))),
            "shrimp": each,
            "turtles": each,
        }
        if not _halfway(_net_answer(p), 3):
            return p


NET3 = Exercise(
    "ch10-ex-net3",
    params={
        "pond_carp": 1400,
        "pond_shrimp": 300,
        "pond_turtles": 300,
        "carp": 1000,
        "shrimp": 50,
        "turtles": 50,
    },
    answer=_net_answer,
    mistakes=(
        Mistake(
            "precision",
            lambda p: _net_answer(p)["recall"],
            "Precision divides the carp caught by everything the net caught, not by all"
            " {pond_carp} carp.",
        ),
        Mistake(
            "precision",
            lambda p: Fraction(p["carp"], _net_total(p)),
            "Precision divides the carp caught by everything the net caught, not by the whole"
            " pond.",
        ),
        Mistake(
            "recall",
            lambda p: Fraction(p["carp"], _net_total(p)),
            "Recall divides the carp caught by all carp in the pond ({pond_carp}), not by all"
            " creatures.",
        ),
        Mistake(
            "recall",
            lambda p: _net_answer(p)["precision"],
            "That is precision. Recall divides the carp caught by all {pond_carp} carp in the"
            " pond.",
        ),
        Mistake(
            "accuracy",
            # only the carp caught counted right; D forgotten
            lambda p: Fraction(p["carp"], _net_total(p)),
            "Accuracy also counts the shrimp and turtles rightly left in the water (D), not only"
            " the carp caught.",
        ),
        Mistake(
            "accuracy",
            # A + B instead of A + D
            lambda p: Fraction(sum(_net_counts(p)[:2]), _net_total(p)),
            "The shrimp and turtles the net caught are errors (B). Accuracy counts those it left"
            " in the water (D).",
        ),
        Mistake(
            "f1",
            _net_mean_of_p_and_r,
            "That is the arithmetic mean of precision and recall; F1 is their harmonic mean,"
            " 2PR / (P + R).",
        ),
    ),
    vary=_net_vary,
    shows=lambda p: {"carp": str(p["carp"]), "shrimp_and_turtles": str(p["shrimp"])},
)


# --- 10.x: P@K and R@K with np.cumsum -----------------------------------------------------


def _hits(p: dict, k: int) -> int:
    return sum(p["rels"][:k])


def _p_at_k_answer(p: dict) -> dict:
    k, n = p["k"], p["n_relevant"]
    return {
        "p_at_5": Fraction(_hits(p, k), k),
        "r_at_5": Fraction(_hits(p, k), n),
        "r_at_12": Fraction(_hits(p, len(p["rels"])), n),
    }


def _p_at_k_vary(rng) -> dict:
    # 12 results holding 5 of the 6 relevant items (one never returned), 1 to 4 in the top 5
    while True:
        places = rng.choice(12, size=5, replace=False)
        rels = [int(i in places) for i in range(12)]
        if 1 <= sum(rels[:5]) <= 4:
            return {"rels": rels, "n_relevant": 6, "k": 5}


P_AT_K = Exercise(
    "ch10-ex-p-at-k",
    keeps=("r_at_12",),  # the same answer in every variant, by design
    params={"rels": [1, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0], "n_relevant": 6, "k": 5},
    answer=_p_at_k_answer,
    facts=lambda p: {"listed": sum(p["rels"]), "length": len(p["rels"])},
    mistakes=(
        Mistake(
            "p_at_5",
            lambda p: Fraction(_hits(p, p["k"]), p["n_relevant"]),
            "P@K divides the hits in the top K by K ({k}), not by the query's relevant items.",
        ),
        Mistake(
            "r_at_5",
            lambda p: Fraction(_hits(p, p["k"]), p["k"]),
            "R@K divides the hits in the top K by all the query's relevant items"
            " ({n_relevant}): not by K, and not by the {listed} relevant items the list happens"
            " to hold.",
        ),
        Mistake(
            "r_at_12",
            # divided by the relevant items the list holds
            lambda p: Fraction(sum(p["rels"]), sum(p["rels"])),
            "One relevant item was never returned: R@K divides by all the query's relevant"
            " items, not by those the list holds.",
        ),
        Mistake(
            "r_at_12",
            lambda p: Fraction(sum(p["rels"]), len(p["rels"])),
            "R@K divides by the query's relevant items ({n_relevant}), not by K ({length}).",
        ),
    ),
    vary=_p_at_k_vary,
    shows=lambda p: {"rels": "[" + ", ".join(str(r) for r in p["rels"]) + "]"},
)


# --- 10.x: a system that returns everything ----------------------------------------------


EVERYTHING = Exercise(
    "ch10-ex-everything",
    params={"n_docs": 10_000, "n_relevant": 50, "target_precision": Fraction(1, 2)},
    answer=lambda p: {
        "precision": Fraction(p["n_relevant"], p["n_docs"]),
        "recall": Fraction(p["n_relevant"], p["n_relevant"]),
        # returning everything, precision is the generality: the share it must reach
        "generality_for_half": p["target_precision"],
    },
    mistakes=(
        Mistake(
            "precision",
            lambda p: 1 - Fraction(p["n_relevant"], p["n_docs"]),
            "That is the share of non-relevant documents; precision is the share of relevant"
            " ones among those returned.",
        ),
        Mistake(
            "precision",
            # divided by the relevant documents: that is recall
            lambda p: Fraction(p["n_relevant"], p["n_relevant"]),
            "Precision divides the relevant documents returned by everything returned:"
            " all {n_docs:,}.",
        ),
        Mistake(
            "recall",
            lambda p: Fraction(p["n_relevant"], p["n_docs"]),
            "Recall asks how many of the {n_relevant} relevant documents were returned, not what"
            " share of the collection is relevant.",
        ),
        Mistake(
            "generality_for_half",
            lambda p: p["target_precision"] * p["n_docs"],
            "Give the share of relevant documents (between 0 and 1), not their number.",
        ),
    ),
    decimals=4,
    fixed="no solution code: the solution is worked in its text and the hidden check builds"
    " the collection, so a variant's numbers would reach neither",
)

EXERCISES = [NET3, P_AT_K, EVERYTHING]
