"""Chapter 16's exercises: every ranking metric on one list, two rankers, two recommenders."""

from __future__ import annotations

import math
from fractions import Fraction

from . import Exercise, Mistake


def _halfway(value: Fraction, decimals: int = 3) -> bool:
    """Whether an exact value lies half-way between two roundings at ``decimals``."""
    return isinstance(value, Fraction) and (value * 10**decimals).denominator == 2


def _relevant_ranks(rels: list[int]) -> list[int]:
    return [rank for rank, rel in enumerate(rels, start=1) if rel]


def _ap(rels: list[int], n_relevant: int, numerator=lambda j: j, cut: int | None = None):
    """Average precision: the precision j / rank at the j-th relevant document, summed and
    divided by ``n_relevant``; ``cut`` keeps only the relevant documents down to that rank."""
    ranks = [r for r in _relevant_ranks(rels) if cut is None or r <= cut]
    return sum(Fraction(numerator(j), r) for j, r in enumerate(ranks, start=1)) / n_relevant


def _dcg(rels: list[int]) -> float:
    return sum(rel / math.log2(i + 1) for i, rel in enumerate(rels, start=1))


def _all_metrics_answer(p: dict) -> dict:
    rels, k, n_relevant = p["rels"], p["k"], p["n_relevant"]
    hits = sum(rels[:k])
    return {
        "p5": Fraction(hits, k),
        "r5": Fraction(hits, n_relevant),
        "ap": _ap(rels, n_relevant),
        "rr": Fraction(1, _relevant_ranks(rels)[0]),
        "ndcg5": _dcg(rels[:k]) / _dcg([1] * min(n_relevant, k)),
        "hit5": int(hits > 0),
    }


def _all_metrics_vary(rng) -> dict:
    """Eight ranks, three relevant: one at rank 6 (the statement moves it to rank 8, which is
    not relevant), the others in the top 5 or at rank 7, at least one in the top 5."""
    while True:
        others = [int(r) for r in rng.choice([1, 2, 3, 4, 5, 7], size=2, replace=False)]
        if min(others) > 5:
            continue
        rels = [int(rank in others or rank == 6) for rank in range(1, 9)]
        params = {"rels": rels, "n_relevant": 3, "k": 5}
        if not any(_halfway(v) for v in _all_metrics_answer(params).values()):
            return params


ALL_METRICS = Exercise(
    "ch16-ex-all-metrics",
    keeps=("p5", "r5", "hit5"),  # the same answer in every variant, by design
    params={"rels": [0, 1, 1, 0, 0, 1, 0, 0], "n_relevant": 3, "k": 5},
    answer=_all_metrics_answer,
    mistakes=(
        Mistake(
            "p5",
            lambda p: _all_metrics_answer(p)["r5"],
            "That is R@5. P@5 divides the hits by the 5 ranks.",
        ),
        Mistake(
            "r5",
            lambda p: _all_metrics_answer(p)["p5"],
            "That is P@5. R@5 divides the hits by the {n_relevant} relevant documents.",
        ),
        Mistake(
            "ap",
            lambda p: _ap(p["rels"], p["n_relevant"], numerator=lambda j: 1),
            "The precision at the j-th relevant document is j / rank, not 1 / rank.",
        ),
        Mistake(
            "ap",
            lambda p: _ap(p["rels"], sum(p["rels"][: p["k"]]), cut=p["k"]),
            "That averages only over the relevant documents in the top 5; AP without a cut-off"
            " includes every relevant document, wherever it is ranked.",
        ),
        Mistake(
            "ap",
            lambda p: _ap(p["rels"], p["n_relevant"], cut=p["k"]),
            "AP without a cut-off also counts the relevant documents below rank 5, each with"
            " its precision there.",
        ),
        Mistake(
            "rr",
            lambda p: _relevant_ranks(p["rels"])[0],
            "RR is 1 / rank of the first relevant document, not the rank itself.",
        ),
        Mistake(
            "ndcg5",
            # the ideal built from the relevant documents the top 5 holds
            lambda p: _dcg(p["rels"][: p["k"]]) / _dcg(sorted(p["rels"][: p["k"]], reverse=True)),
            "The ideal top 5 holds all {n_relevant} relevant documents, not only those the"
            " list put in its top 5.",
        ),
        Mistake(
            "hit5",
            lambda p: _all_metrics_answer(p)["p5"],
            "That is P@5. The hit indicator is 1 if at least one relevant document is in the"
            " top 5, else 0.",
        ),
        Mistake(
            "hit5",
            lambda p: sum(p["rels"][: p["k"]]),
            "That is the number of hits in the top 5. The hit indicator only asks whether there"
            " is at least one: 1 or 0.",
        ),
    ),
    vary=_all_metrics_vary,
    shows=lambda p: {"rels": str(p["rels"])},
)


def _recommender_answer(p: dict) -> dict:
    answer = {}
    for name in ("a", "b"):
        ranks = p[name]
        answer[f"hr10_{name}"] = Fraction(sum(r <= 10 for r in ranks), len(ranks))
        answer[f"mrr_{name}"] = sum(Fraction(1, r) for r in ranks) / len(ranks)
    return answer


def _recommender_vary(rng) -> dict:
    """A puts the song first for four users, at rank 10 for one and beyond 10 for three; B
    never first, all but one user within 10. Ranks stay within the 30 the code counts."""
    while True:
        far = [int(r) for r in rng.integers(11, 31, size=3)]
        a = [int(r) for r in rng.permutation([1, 1, 1, 1, 10, *far])]
        b = [int(r) for r in rng.integers(2, 10, size=7)] + [int(rng.integers(11, 16))]
        params = {"a": a, "b": [int(r) for r in rng.permutation(b)]}
        answer = _recommender_answer(params)
        if answer["mrr_a"] > answer["mrr_b"] and not any(_halfway(v) for v in answer.values()):
            return params


def _listed(ranks: list[int]) -> str:
    return ", ".join(str(r) for r in ranks)


RECOMMENDER = Exercise(
    "ch16-ex-recommender",
    keeps=("hr10_a", "hr10_b"),  # the same answer in every variant, by design
    params={"a": [1, 1, 10, 14, 30, 1, 25, 1], "b": [2, 3, 4, 5, 6, 9, 3, 12]},
    answer=_recommender_answer,
    mistakes=(
        Mistake(
            "hr10_a",
            lambda p: Fraction(sum(r < 10 for r in p["a"]), len(p["a"])),
            "Rank 10 is inside the top 10: count the ranks <= 10, not < 10.",
        ),
        Mistake(
            "mrr_a",
            lambda p: Fraction(sum(p["a"]), len(p["a"])),
            "That is the mean rank. MRR averages 1 / rank over the users.",
        ),
        Mistake(
            "mrr_b",
            lambda p: Fraction(len(p["b"]), sum(p["b"])),
            "That is 1 / (mean rank). MRR is the mean of 1 / rank, taken user by user.",
        ),
        Mistake(
            "hr10_b",
            lambda p: sum(r <= 10 for r in p["b"]),
            "That is the number of users with a hit. The hit rate divides it by the number of"
            " users.",
        ),
    ),
    vary=_recommender_vary,
    shows=lambda p: {"a": _listed(p["a"]), "b": _listed(p["b"])},
)


def _two_rankers_answer(p: dict) -> dict:
    return {
        "mrr_a": _mean_rr(p["a"]),
        "mrr_b": _mean_rr(p["b"]),
        "map_a": _map(p["a"]),
        "map_b": _map(p["b"]),
    }


def _mean_rr(queries: list[list[int]], reciprocal: bool = True):
    firsts = [_relevant_ranks(rels)[0] for rels in queries]
    if not reciprocal:
        return Fraction(sum(firsts), len(firsts))
    return sum(Fraction(1, r) for r in firsts) / len(firsts)


def _map(queries: list[list[int]], numerator=lambda j: j, first_only: bool = False):
    """MAP over the queries; ``first_only`` takes each query's precision at its first
    relevant document for its AP."""
    if first_only:
        return sum(Fraction(1, _relevant_ranks(rels)[0]) for rels in queries) / len(queries)
    return sum(_ap(rels, sum(rels), numerator) for rels in queries) / len(queries)


def _two_rankers_vary(rng) -> dict:
    """A: relevant at rank 1, the other two buried in ranks 5 to 8, two different lists; B as
    in the book (from rank 3 on, its MAP would fall below A's)."""
    while True:
        a = []
        for _ in range(2):
            buried = [int(r) for r in rng.choice([5, 6, 7, 8], size=2, replace=False)]
            a.append([int(rank == 1 or rank in buried) for rank in range(1, 9)])
        b = [0, 1, 1, 1, 0, 0, 0, 0]
        params = {"a": a, "b": [b, b]}
        answer = _two_rankers_answer(params)
        if a[0] != a[1] and answer["map_b"] > answer["map_a"]:
            if not any(_halfway(v) for v in answer.values()):
                return params


_ONE_OVER_RANK = "The precision at the j-th relevant document is j / rank, not 1 / rank."

TWO_RANKERS = Exercise(
    "ch16-ex-two-rankers",
    keeps=("mrr_a", "mrr_b", "map_b"),  # the same answer in every variant, by design
    params={
        "a": [[1, 0, 0, 0, 0, 0, 1, 1], [1, 0, 0, 0, 0, 1, 1, 0]],
        "b": [[0, 1, 1, 1, 0, 0, 0, 0], [0, 1, 1, 1, 0, 0, 0, 0]],
    },
    answer=_two_rankers_answer,
    mistakes=(
        Mistake(
            "mrr_b",
            lambda p: _mean_rr(p["b"], reciprocal=False),
            "MRR averages 1 / rank of the first relevant document, not the rank itself.",
        ),
        Mistake(
            "map_a",
            lambda p: _map(p["a"], first_only=True),
            "AP averages the precision at every relevant document, not only the first.",
        ),
        Mistake("map_a", lambda p: _map(p["a"], numerator=lambda j: 1), _ONE_OVER_RANK),
        Mistake(
            "map_b",
            lambda p: _map(p["b"], first_only=True),
            "That is the precision at the first relevant document only; average the precisions"
            " at all three relevant documents.",
        ),
        Mistake("map_b", lambda p: _map(p["b"], numerator=lambda j: 1), _ONE_OVER_RANK),
    ),
    vary=_two_rankers_vary,
    shows=lambda p: {
        "a1": str(p["a"][0]),
        "a2": str(p["a"][1]),
    },
)

EXERCISES = [ALL_METRICS, RECOMMENDER, TWO_RANKERS]
