"""Chapter 14's exercises: sampled ranks, one sampled negative, standard errors of sampled HR."""

from __future__ import annotations

import math
from fractions import Fraction

from . import Exercise, Mistake


def _halfway(value: Fraction, decimals: int = 3) -> bool:
    """Whether an exact value lies half-way between two roundings at ``decimals``."""
    return (value * 10**decimals).denominator == 2


def _largest_rank(p: dict, counts_itself: int, above: int) -> int:
    """The largest r with counts_itself + rate * (r - above) <= K, rate = sampled / others."""
    return (p["k"] - counts_itself) * p["n_others"] // p["n_sampled"] + above


def _sampled_rank_answer(p: dict) -> dict:
    rate = Fraction(p["n_sampled"], p["n_others"])
    return {
        "expected_rank": 1 + rate * p["n_above"],
        "full_hit": int(p["n_above"] + 1 <= p["k"]),
        "max_full_rank": _largest_rank(p, counts_itself=1, above=1),
    }


SAMPLED_RANK = Exercise(
    "ch14-ex-sampled-rank",
    keeps=("full_hit", "max_full_rank"),  # the same answer in every variant, by design
    params={"n_others": 1000, "n_sampled": 100, "n_above": 50, "k": 10},
    answer=_sampled_rank_answer,
    decimals=0,
    mistakes=(
        Mistake(
            "expected_rank",
            lambda p: Fraction(p["n_sampled"] * p["n_above"], p["n_others"]),
            "That counts the sampled items expected above it. A rank counts the item itself"
            " too: rank 1 means nothing is above it.",
        ),
        Mistake(
            "expected_rank",
            lambda p: p["n_above"] + 1,
            "That is the full rank. Only about one in ten of the items above it is in the sample.",
        ),
        Mistake(
            "full_hit",
            # the sampled rank taken for the full one
            lambda p: int(1 + Fraction(p["n_sampled"] * p["n_above"], p["n_others"]) <= p["k"]),
            "That is the sampled hit. In the full ranking the item is at rank {full_rank}: not"
            " in the top 10.",
        ),
        Mistake(
            "max_full_rank",
            lambda p: _largest_rank(p, counts_itself=1, above=0),
            "One off: you found the largest r - 1, not the largest rank r.",
        ),
        Mistake(
            "max_full_rank",
            lambda p: _largest_rank(p, counts_itself=0, above=0),
            "The items that can be sampled above the held-out item are the r - 1 items above"
            " it, not r; and the rank counts the item itself.",
        ),
        Mistake(
            "max_full_rank",
            lambda p: _largest_rank(p, counts_itself=0, above=1),
            "Keep the 1 on the left: the expected sampled rank is 1 plus the expected number of"
            " sampled items above the held-out item.",
        ),
    ),
    facts=lambda p: {"full_rank": p["n_above"] + 1},
    vary=lambda rng: {
        "n_others": 1000,
        "n_sampled": 100,
        "n_above": int(rng.choice([20, 30, 40, 60, 70, 80])),
        "k": 10,
    },
    shows=lambda p: {"n_above": str(p["n_above"]), "full_rank": str(p["n_above"] + 1)},
)


def _one_negative_answer(p: dict) -> dict:
    n, ranks = p["n_catalogue"], p["ranks"]
    return {
        "full_hr1": Fraction(sum(r <= 1 for r in ranks), len(ranks)),
        "sampled_hr1": sum(Fraction(n - r, n - 1) for r in ranks) / len(ranks),
        "sampled_rank": 1 + Fraction(p["n_negatives"] * (p["middle"] - 1), n - 1),
    }


def _one_negative_vary(rng) -> dict:
    while True:
        middle = int(rng.integers(2, 11))
        params = {
            "n_catalogue": 11,
            "ranks": [1, middle, 11],
            "middle": middle,
            "n_negatives": int(rng.integers(2, 10)),
        }
        if not any(_halfway(v) for v in _one_negative_answer(params).values()):
            return params


ONE_NEGATIVE = Exercise(
    "ch14-ex-one-negative",
    keeps=("full_hr1",),  # the same answer in every variant, by design
    params={"n_catalogue": 11, "ranks": [1, 4, 11], "middle": 4, "n_negatives": 5},
    answer=_one_negative_answer,
    mistakes=(
        Mistake(
            "full_hr1",
            lambda p: _one_negative_answer(p)["sampled_hr1"],
            "That is the expected sampled HR@1 with one negative. The full HR@1 asks which"
            " held-out items are at full rank 1.",
        ),
        Mistake(
            "sampled_hr1",
            lambda p: _one_negative_answer(p)["full_hr1"],
            "That is the full HR@1. With one negative, an item below rank 1 is still a sampled"
            " hit whenever the negative drawn scores below it.",
        ),
        Mistake(
            "sampled_hr1",
            lambda p: (
                sum(Fraction(p["n_catalogue"] - r, p["n_catalogue"]) for r in p["ranks"])
                / len(p["ranks"])
            ),
            "The negative is drawn from the {n_others} other items, not from all {n_catalogue}:"
            " divide by N - 1.",
        ),
        Mistake(
            "sampled_rank",
            lambda p: 1 + Fraction(p["n_negatives"] * p["middle"], p["n_catalogue"] - 1),
            "Only the items above the held-out item can outrank it: r - 1 of them, not r.",
        ),
        Mistake(
            "sampled_rank",
            lambda p: Fraction(p["n_negatives"] * (p["middle"] - 1), p["n_catalogue"] - 1),
            "That is the expected number of sampled items above it. The rank counts the item"
            " itself too: it is one more than that number.",
        ),
    ),
    facts=lambda p: {"n_others": p["n_catalogue"] - 1},
    vary=_one_negative_vary,
    shows=lambda p: {"middle": str(p["middle"]), "n_negatives": str(p["n_negatives"])},
)


def _differences(p: dict) -> list[int]:
    """The per-user differences A - B: 1 for A only, -1 for B only, 0 for the rest."""
    n, a_only, b_only = p["n"], p["a_only"], p["b_only"]
    return [1] * a_only + [-1] * b_only + [0] * (n - a_only - b_only)


def _standard_error_answer(p: dict) -> dict:
    n, share_a = p["n"], Fraction(p["hits_a"], p["n"])
    d = _differences(p)
    mean = Fraction(sum(d), n)
    variance = sum((x - mean) ** 2 for x in d) / (n - 1)
    return {
        "se_a": math.sqrt(share_a * (1 - share_a) / n),
        "diff": Fraction(p["hits_a"] - p["hits_b"], n),
        "se_diff": math.sqrt(variance / n),
    }


def _independent_se(p: dict) -> float:
    share_a, share_b = Fraction(p["hits_a"], p["n"]), Fraction(p["hits_b"], p["n"])
    return math.sqrt((share_a * (1 - share_a) + share_b * (1 - share_b)) / p["n"])


def _standard_error_vary(rng) -> dict:
    """Hit counts in fives (shares with two decimals), a difference under two standard errors."""
    while True:
        hits_a = 5 * int(rng.integers(56, 73))
        b_only = int(rng.integers(15, 36))
        a_only = b_only + 5 * int(rng.integers(1, 4))
        params = {
            "n": 500,
            "hits_a": hits_a,
            "hits_b": hits_a - a_only + b_only,
            "a_only": a_only,
            "b_only": b_only,
        }
        answer = _standard_error_answer(params)
        if answer["diff"] < 2 * answer["se_diff"]:
            return params


def _share(hits: int, n: int) -> str:
    return f"{hits / n:.2f}"


STANDARD_ERROR = Exercise(
    "ch14-ex-standard-error",
    params={"n": 500, "hits_a": 320, "hits_b": 305, "a_only": 40, "b_only": 25},
    answer=_standard_error_answer,
    mistakes=(
        Mistake(
            "se_a",
            # the square root of p (1 - p), not of p (1 - p) / n
            lambda p: _standard_error_answer(p)["se_a"] * math.sqrt(p["n"]),
            "Divide p (1 - p) by the number of users, {n}, before taking the square root.",
        ),
        Mistake(
            "diff",
            lambda p: p["hits_a"] - p["hits_b"],
            "That is a number of users: divide by the {n} users to get a difference of shares.",
        ),
        Mistake(
            "se_diff",
            _independent_se,
            "That treats the two models as independent samples. They are scored on the same"
            " users: use the per-user differences (1, -1 or 0).",
        ),
    ),
    vary=_standard_error_vary,
    shows=lambda p: {
        "hits_a": str(p["hits_a"]),
        "hits_b": str(p["hits_b"]),
        "a_only": str(p["a_only"]),
        "b_only": str(p["b_only"]),
        "share_a": _share(p["hits_a"], p["n"]),
        "share_b": _share(p["hits_b"], p["n"]),
    },
)

EXERCISES = [SAMPLED_RANK, ONE_NEGATIVE, STANDARD_ERROR]
