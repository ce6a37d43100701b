"""Chapter 23's exercises: bpref and AP under incomplete judgments, judged@k and AP's range."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake

# A ranking is a string, one letter per rank: r relevant, n judged non-relevant, u unjudged.


def _bpref(ranking: str, n_rel: int, n_nonrel: int, *, denominator: int | None = None):
    """trec_eval's bpref: each retrieved relevant document scores
    1 - min(judged non-relevant above it, R) / min(R, N); the sum is divided by R.
    ``denominator`` replaces min(R, N) (a slip)."""
    below = min(n_rel, n_nonrel) if denominator is None else denominator
    total, nonrel_above = Fraction(0), 0
    for doc in ranking:
        if doc == "r":
            total += 1 - Fraction(min(nonrel_above, n_rel), below)
        elif doc == "n":
            nonrel_above += 1
    return total / n_rel


def _ap(ranking: str, n_rel: int, *, terms: str = "precision") -> Fraction:
    """AP with every document that is not ``r`` counted as not relevant, divided by
    ``n_rel``; ``terms="reciprocal"`` takes 1 / rank instead of the precision (a slip)."""
    total, found = Fraction(0), 0
    for rank, doc in enumerate(ranking, start=1):
        if doc == "r":
            found += 1
            total += Fraction(found if terms == "precision" else 1, rank)
    return total / n_rel


def _retrieved(ranking: str) -> int:
    return ranking.count("r")


# -- 23.1 bpref and AP ----------------------------------------------------------------------


def _bpref_answer(p: dict) -> dict:
    return {"bpref": _bpref(p["ranking"], p["R"], p["N"]), "ap": _ap(p["ranking"], p["R"])}


def _bpref_vary(rng) -> dict:
    """R and N only (the ranking is told in words); N > R keeps min(R, N) = R apart from N."""
    n_rel = int(rng.choice([5, 6, 7]))
    return {"ranking": "runrnr", "R": n_rel, "N": n_rel + int(rng.integers(1, 5))}


BPREF = Exercise(
    "ch23-ex-bpref",
    params={"ranking": "runrnr", "R": 4, "N": 5},
    answer=_bpref_answer,
    mistakes=(
        Mistake(
            "bpref",
            lambda p: _bpref(p["ranking"].replace("u", "n"), p["R"], p["N"]),
            "The unjudged document is skipped, not counted as non-relevant: count only the"
            " judged non-relevant documents above each relevant one.",
        ),
        Mistake(
            "bpref",
            lambda p: _bpref(p["ranking"], p["R"], p["N"], denominator=p["N"]),
            "Divide the number of judged non-relevant documents above r by min(R, N), not by N.",
        ),
        Mistake(
            "bpref",
            lambda p: _bpref(p["ranking"], p["R"], p["N"]) * p["R"] / _retrieved(p["ranking"]),
            "Divide the sum of the terms by R = {R}, all the relevant documents, not by the"
            " {retrieved} that were retrieved.",
        ),
        Mistake(
            "ap",
            lambda p: _ap(p["ranking"].replace("u", ""), p["R"]),
            "AP counts the unjudged document as non-relevant and keeps it in its place; it is"
            " bpref that skips it.",
        ),
        Mistake(
            "ap",
            lambda p: _ap(p["ranking"], _retrieved(p["ranking"])),
            "Divide by R = {R}, all the relevant documents, not by the {retrieved} that were"
            " retrieved.",
        ),
    ),
    facts=lambda p: {"retrieved": _retrieved(p["ranking"])},
    vary=_bpref_vary,
    shows=lambda p: {"R": str(p["R"]), "N": str(p["N"])},
)


# -- 23.2 judged@5 and the range of AP -------------------------------------------------------


def _judged_share(ranking: str) -> Fraction:
    return Fraction(sum(doc != "u" for doc in ranking), len(ranking))


def _high(p: dict) -> tuple[str, int]:
    """The ranking and R if every unjudged document is relevant."""
    return p["ranking"].replace("u", "r"), p["R"] + p["ranking"].count("u")


def _range_answer(p: dict) -> dict:
    return {
        "judged": _judged_share(p["ranking"]),
        "ap_low": _ap(p["ranking"], p["R"]),
        "ap_high": _ap(*_high(p)),
    }


JUDGED_RANGE = Exercise(
    "ch23-ex-judged-range",
    keeps=("judged",),  # the same answer in every variant, by design
    params={"ranking": "runur", "R": 2},
    answer=_range_answer,
    mistakes=(
        Mistake(
            "judged",
            lambda p: 1 - _judged_share(p["ranking"]),
            "judged@5 is the share of the top 5 that was judged, not the share left unjudged.",
        ),
        Mistake(
            "ap_low",
            lambda p: _ap(p["ranking"], _high(p)[1]),
            "Counted as not relevant, the unjudged documents add no relevant document to the"
            " query: divide by the {R} relevant documents of the judgments, not by {R_high}.",
        ),
        Mistake(
            "ap_low",
            lambda p: _ap(p["ranking"], p["R"], terms="reciprocal"),
            "Each relevant document contributes the precision at its rank, which counts every"
            " relevant document up to it, not just itself.",
        ),
        Mistake(
            "ap_high",
            lambda p: _ap(_high(p)[0], p["R"]),
            "If both unjudged documents are relevant, the query has {R_high} relevant"
            " documents: divide by {R_high}.",
        ),
        Mistake(
            "ap_high",
            lambda p: _ap(*_high(p), terms="reciprocal"),
            "The j-th relevant document contributes j / position(j), the precision at its rank,"
            " not 1 / position(j).",
        ),
    ),
    facts=lambda p: {"R_high": _high(p)[1]},
    vary=lambda rng: {"ranking": "runur", "R": int(rng.choice([3, 4, 5, 6]))},
    shows=lambda p: {"R": str(p["R"]), "R_high": str(_high(p)[1])},
)

EXERCISES = [BPREF, JUDGED_RANGE]
