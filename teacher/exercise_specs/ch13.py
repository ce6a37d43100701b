"""Chapter 13's exercises: the hit ratio, the hit rate and recall over users."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake


def _halfway(value: Fraction, decimals: int = 3) -> bool:
    """Whether an exact value lies half-way between two roundings at ``decimals``."""
    return (value * 10**decimals).denominator == 2


def _hits(p: dict) -> list[int]:
    return [sum(row[: p["k"]]) for row in p["rels"]]


def _three_answer(p: dict) -> dict:
    hits, n_gt = _hits(p), p["n_gt"]
    return {
        "hr": Fraction(sum(hits), sum(n_gt)),
        "hit_rate": Fraction(sum(h > 0 for h in hits), len(hits)),
        "mean_recall": sum(Fraction(h, g) for h, g in zip(hits, n_gt, strict=True)) / len(hits),
    }


def _precision(p: dict) -> Fraction:
    """Hits divided by K for every user: the mean precision@K (and the pooled one)."""
    return Fraction(sum(_hits(p)), p["k"] * len(p["rels"]))


def _recall_of_users_with_a_hit(p: dict) -> Fraction:
    pairs = [(h, g) for h, g in zip(_hits(p), p["n_gt"], strict=True) if h > 0]
    return sum(Fraction(h, g) for h, g in pairs) / len(pairs)


def _three_vary(rng) -> dict:
    """Four users, top-3 lists, exactly one user without a hit; the fourth user has 4 items."""
    while True:
        n_gt = [int(g) for g in rng.integers(1, 6, size=3)] + [4]
        miss = int(rng.integers(0, 4))
        rels = []
        for user, n_items in enumerate(n_gt):
            n_hits = 0 if user == miss else int(rng.integers(1, min(n_items, 3) + 1))
            row = [0, 0, 0]
            for column in rng.choice(3, size=n_hits, replace=False):
                row[int(column)] = 1
            rels.append(row)
        params = {"rels": rels, "n_gt": n_gt, "k": 3}
        if len({str(row) for row in rels}) == 4 and not any(
            _halfway(v) for v in _three_answer(params).values()
        ):
            return params


THREE_NUMBERS = Exercise(
    "ch13-ex-three-numbers",
    keeps=("hit_rate",),  # the same answer in every variant, by design
    params={"rels": [[1, 0, 0], [1, 1, 0], [0, 0, 0], [0, 0, 1]], "n_gt": [3, 2, 1, 4], "k": 3},
    answer=_three_answer,
    mistakes=(
        Mistake(
            "hr",
            lambda p: _three_answer(p)["hit_rate"],
            "That is the per-user hit rate. The hit ratio HR@K divides all hits by all"
            " ground-truth items.",
        ),
        Mistake(
            "hr",
            _precision,
            "You divided by K times the number of users: that is precision@3, not HR@3. Divide"
            " by the ground-truth items.",
        ),
        Mistake(
            "hr",
            lambda p: _three_answer(p)["mean_recall"],
            "That is the mean of the per-user recalls (macro). The hit ratio pools the hits and"
            " the ground-truth items of all users first.",
        ),
        Mistake(
            "hit_rate",
            lambda p: _three_answer(p)["hr"],
            "That is the hit ratio HR@3. The hit rate asks, per user, whether there is at least"
            " one hit, then averages over users.",
        ),
        Mistake(
            "mean_recall",
            lambda p: _three_answer(p)["hr"],
            "That is the pooled (micro) recall, the hit ratio HR@3: average the four per-user"
            " recalls instead. (If you did, give three decimals: at two, the two averages can"
            " round alike.)",
        ),
        Mistake(
            "mean_recall",
            _precision,
            "You divided each user's hits by K = 3: that is the mean precision@3. Recall divides"
            " by the user's ground-truth items ({gt_items}).",
        ),
        Mistake(
            "mean_recall",
            _recall_of_users_with_a_hit,
            "The user without a hit counts too, with recall 0: average over all four users.",
        ),
    ),
    facts=lambda p: {"gt_items": ", ".join(str(g) for g in p["n_gt"])},
    vary=_three_vary,
    shows=lambda p: {
        **{f"user{i + 1}": str(row) for i, row in enumerate(p["rels"])},
        "n_gt": ", ".join(str(g) for g in p["n_gt"][:3]),
    },
)


def _loo_answer(p: dict) -> dict:
    ranks = p["ranks"]
    return {
        "hr5": Fraction(sum(r <= 5 for r in ranks), len(ranks)),
        "hr10": Fraction(sum(r <= 10 for r in ranks), len(ranks)),
        "mrr": sum(Fraction(1, r) for r in ranks) / len(ranks),
    }


def _loo_vary(rng) -> dict:
    """Eight ranks up to the 60 columns: one at 10 exactly, some in the top 5, some beyond 10."""
    while True:
        top = [int(r) for r in rng.integers(1, 6, size=int(rng.integers(2, 5)))]
        middle = [int(r) for r in rng.integers(6, 10, size=int(rng.integers(0, 2)))]
        far = [int(r) for r in rng.integers(11, 61, size=7 - len(top) - len(middle))]
        ranks = top + middle + far + [10]
        ranks = [int(r) for r in rng.permutation(ranks)]
        params = {"ranks": ranks}
        if not any(_halfway(v) for v in _loo_answer(params).values()):
            return params


LOO_RANKS = Exercise(
    "ch13-ex-loo-ranks",
    params={"ranks": [1, 3, 12, 7, 25, 2, 60, 10]},
    answer=_loo_answer,
    mistakes=(
        Mistake(
            "hr10",
            lambda p: Fraction(sum(r < 10 for r in p["ranks"]), len(p["ranks"])),
            "Rank 10 is inside the top 10: count ranks <= 10, not < 10 (and put rank r in column"
            " r - 1).",
        ),
        Mistake(
            "hr5",
            lambda p: _loo_answer(p)["hr5"] / 5,
            "HR@5 is not precision: divide the hits by the 8 users (one ground-truth item each),"
            " not by 5 x 8.",
        ),
        Mistake(
            "mrr",
            lambda p: _loo_answer(p)["hr5"],
            "That is HR@5. MRR averages 1 / rank over the users.",
        ),
        Mistake(
            "mrr",
            lambda p: Fraction(len(p["ranks"]), sum(p["ranks"])),
            "That is 1 / (mean rank). MRR is the mean of 1 / rank: take the reciprocal of each"
            " rank first, then average.",
        ),
        Mistake(
            "mrr",
            # the 1 of rank r put in column r (rank r + 1) instead of column r - 1
            lambda p: sum(Fraction(1, r + 1) for r in p["ranks"]) / len(p["ranks"]),
            "Each 1 sits one column too far right: rank r belongs in column r - 1 (numpy counts"
            " columns from 0).",
        ),
    ),
    vary=_loo_vary,
    shows=lambda p: {"ranks": "[" + ", ".join(str(r) for r in p["ranks"]) + "]"},
)

EXERCISES = [THREE_NUMBERS, LOO_RANKS]
