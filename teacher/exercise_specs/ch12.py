"""Chapter 12's exercises: MRR with a query that finds nothing, RR against AP, undefined RR."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake


def _positions(rels: list[int]) -> list[int]:
    """The ranks (from 1) of the relevant items of a list."""
    return [rank for rank, rel in enumerate(rels, start=1) if rel]


def _ap(rels: list[int], top: str = "j") -> Fraction:
    """AP of a list holding all its query's relevant items (``top="1"``: 1 / rank terms)."""
    ranks = _positions(rels)
    return sum(Fraction(j if top == "j" else 1, r) for j, r in enumerate(ranks, 1)) / len(ranks)


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values)


def _reciprocals(ranks: list[int | None], k: int | None = None) -> list[Fraction]:
    """1 / rank of each query's first hit; 0 without a hit (or with it beyond ``k``)."""
    return [
        Fraction(1, r) if r is not None and (k is None or r <= k) else Fraction(0) for r in ranks
    ]


# --- 12.x: three queries, the third without a hit --------------------------------------------


def _three_ranks(p: dict) -> list[int | None]:
    return [p["rank_first"], p["rank_second"], None]


MRR_THREE = Exercise(
    "ch12-ex-mrr-three",
    params={"rank_first": 1, "rank_second": 2, "k": 10},
    answer=lambda p: {"answer": _mean(_reciprocals(_three_ranks(p), p["k"]))},
    mistakes=(
        Mistake(
            "answer",
            # the query without a hit left out
            lambda p: _mean(_reciprocals(_three_ranks(p)[:2])),
            "The third query has relevant documents but no hit in the top {k}: it counts as 0,"
            " it is not left out.",
        ),
        Mistake(
            "answer",
            lambda p: _mean([Fraction(r is not None) for r in _three_ranks(p)]),
            "RR is one over the rank of the first relevant item, not 1 for every query that has"
            " one.",
        ),
        Mistake(
            "answer",
            lambda p: sum(_reciprocals(_three_ranks(p), p["k"])),
            "MRR is the mean of the reciprocal ranks: divide the sum by the number of queries.",
        ),
    ),
    vary=lambda rng: {"rank_first": 1, "rank_second": int(rng.integers(2, 11)), "k": 10},
    # every standalone 2 of the statement and of the solution code is the second query's rank
    shows=lambda p: {"rank_second": str(p["rank_second"])},
)


# --- 12.x: RR cannot tell two lists apart, AP can ------------------------------------------


def _rr(rels: list[int]) -> Fraction:
    return Fraction(1, _positions(rels)[0])


def _rr_vs_ap_vary(rng) -> dict:
    # two lists of 10 that both start with a relevant item and hold 3 relevant items each
    while True:
        lists = []
        for _ in range(2):
            places = {0} | {int(i) for i in rng.choice(range(1, 10), size=2, replace=False)}
            lists.append([int(i in places) for i in range(10)])
        if _ap(lists[0]) != _ap(lists[1]):
            return {"a": lists[0], "b": lists[1]}


def _as_list(rels: list[int]) -> str:
    return "[" + ", ".join(str(r) for r in rels) + "]"


RR_VS_AP = Exercise(
    "ch12-ex-rr-vs-ap",
    keeps=("rr_a", "rr_b"),  # the same answer in every variant, by design
    params={"a": [1, 1, 1, 0, 0, 0, 0, 0, 0, 0], "b": [1, 0, 0, 0, 0, 0, 0, 0, 1, 1]},
    answer=lambda p: {
        "rr_a": _rr(p["a"]),
        "rr_b": _rr(p["b"]),
        "ap_a": _ap(p["a"]),
        "ap_b": _ap(p["b"]),
    },
    mistakes=(
        Mistake(
            "rr_b",
            # one over the rank of the last relevant item
            lambda p: Fraction(1, _positions(p["b"])[-1]),
            "RR looks only at the first relevant item, not at the last.",
        ),
        Mistake(
            "rr_b",
            lambda p: _ap(p["b"], "1"),
            "RR is not averaged over the relevant items: it is one over the rank of the first one.",
        ),
        Mistake(
            "ap_b",
            lambda p: _ap(p["b"], "1"),
            "At the j-th relevant item the precision is j / rank, not 1 / rank.",
        ),
        Mistake(
            "ap_b",
            lambda p: Fraction(sum(p["b"]), len(p["b"])),
            "That is the precision of the whole list (P@{length}). AP averages the precision at"
            " every relevant item.",
        ),
    ),
    facts=lambda p: {"length": len(p["b"])},
    vary=_rr_vs_ap_vary,
    shows=lambda p: {"a": _as_list(p["a"]), "b": _as_list(p["b"])},
)


# --- 12.x: one correct answer per question -------------------------------------------------


def _one_answer(p: dict) -> dict:
    return {
        "mrr": _mean(_reciprocals(p["ranks"])),
        # with one relevant item, AP = 1 / its rank = RR
        "map": _mean([_ap([int(i == r) for i in range(1, r + 1)]) for r in p["ranks"]]),
        "mrr_at_3": _mean(_reciprocals(p["ranks"], p["k"])),
    }


def _one_answer_vary(rng) -> dict:
    # one answer within the top 3, one beyond it, the third at rank 1 (its text is fixed)
    return {"ranks": [int(rng.integers(2, 4)), int(rng.integers(4, 11)), 1], "k": 3}


ONE_ANSWER = Exercise(
    "ch12-ex-one-answer",
    params={"ranks": [2, 5, 1], "k": 3},
    answer=_one_answer,
    mistakes=(
        Mistake(
            "mrr",
            lambda p: 1 / _mean([Fraction(r) for r in p["ranks"]]),
            "MRR is the mean of the reciprocal ranks, not one over the mean rank.",
        ),
        Mistake(
            "map",
            # each list as long as the lowest answer's rank, one relevant item in it
            lambda p: Fraction(1, max(p["ranks"])),
            "That is the precision of each whole list (P@{length}). AP takes the precision at"
            " the rank of each relevant item, not over the whole list.",
        ),
        Mistake(
            "mrr_at_3",
            lambda p: _mean(_reciprocals(p["ranks"])),
            "With K = {k} the answer at rank {beyond} is outside the top {k} and scores 0.",
        ),
        Mistake(
            "mrr_at_3",
            lambda p: _mean([r for r in _reciprocals(p["ranks"], p["k"]) if r]),
            "The question whose answer is at rank {beyond} still counts, as 0: divide by all"
            " three questions.",
        ),
    ),
    facts=lambda p: {
        "length": max(p["ranks"]),
        "beyond": next(r for r in p["ranks"] if r > p["k"]),
    },
    vary=_one_answer_vary,
    # every standalone 2 and 5 of the statement and of the solution code is one of these ranks;
    # the third rank, 1, also stands for other things in the code and stays
    shows=lambda p: {"rank_first": str(p["ranks"][0]), "rank_second": str(p["ranks"][1])},
)


# --- 12.x: a query without relevant documents ----------------------------------------------


def _undefined_rr(p: dict) -> list[Fraction | None]:
    """Each query's RR; None for a query without a relevant document (undefined)."""
    reciprocals = _reciprocals(p["first_hits"])
    return [rr if n > 0 else None for rr, n in zip(reciprocals, p["n_relevant"], strict=True)]


def _undefined_answer(p: dict) -> dict:
    rrs = _undefined_rr(p)
    return {
        "trec_eval": _mean([rr or Fraction(0) for rr in rrs]),
        "left_out": _mean([rr for rr in rrs if rr is not None]),
    }


UNDEFINED = Exercise(
    "ch12-ex-rr-undefined",
    params={"first_hits": [2, 1, None, None], "n_relevant": [1, 1, 2, 0]},
    answer=_undefined_answer,
    mistakes=(
        Mistake(
            "trec_eval",
            lambda p: _undefined_answer(p)["left_out"],
            "trec_eval counts every judged query, the fourth as 0: divide by four.",
        ),
        Mistake(
            "left_out",
            # the third query (relevant documents, none found) left out too
            lambda p: _mean([rr for rr in _undefined_rr(p) if rr]),
            "Only the fourth query had nothing to find. The third had two relevant documents and"
            " found neither: it counts as 0, it is not left out.",
        ),
        Mistake(
            "left_out",
            lambda p: _undefined_answer(p)["trec_eval"],
            "That is trec_eval's MRR. With n_relevant, the fourth query (no relevant document) is"
            " undefined and left out: divide by three.",
        ),
    ),
    fixed="the first query's rank 2 shares its text with the third query's two relevant"
    " documents in the solution code (n_relevant=[1, 1, 2, 0]), and rank 1 with every other 1",
)

EXERCISES = [MRR_THREE, RR_VS_AP, ONE_ANSWER, UNDEFINED]
