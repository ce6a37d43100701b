"""Chapter 5's exercises: micro, macro and weighted averages of per-class precision and F1."""

from __future__ import annotations

from fractions import Fraction

from . import Exercise, Mistake

#: Rows are the actual classes A, B, C; columns the predicted ones.
AVERAGES_MATRIX = [[40, 5, 5], [2, 8, 0], [3, 2, 5]]


def _no_halfway(values: list, decimals: int = 3) -> bool:
    """No exact value lies half-way between two roundings at ``decimals``."""
    return all(
        not (isinstance(v, Fraction) and (v * 10**decimals).denominator == 2) for v in values
    )


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values)


def _tp(matrix: list[list[int]]) -> list[int]:
    return [matrix[i][i] for i in range(len(matrix))]


def _row_sums(matrix: list[list[int]]) -> list[int]:
    """The supports: how many of each actual class."""
    return [sum(row) for row in matrix]


def _column_sums(matrix: list[list[int]]) -> list[int]:
    """How often each class is predicted."""
    return [sum(column) for column in zip(*matrix, strict=True)]


def _precisions(matrix: list[list[int]]) -> list[Fraction | None]:
    """Per-class precision, TP over the column sum; None where the class is never predicted."""
    return [
        Fraction(t, c) if c else None
        for t, c in zip(_tp(matrix), _column_sums(matrix), strict=True)
    ]


def _recalls(matrix: list[list[int]]) -> list[Fraction]:
    return [Fraction(t, r) for t, r in zip(_tp(matrix), _row_sums(matrix), strict=True)]


def _micro(matrix: list[list[int]]) -> Fraction:
    """Pooled counts: every TP over every prediction (in one-label problems, the accuracy)."""
    return Fraction(sum(_tp(matrix)), sum(_row_sums(matrix)))


def _weighted(values: list[Fraction], weights: list[int]) -> Fraction:
    return sum((w * v for v, w in zip(values, weights, strict=True)), Fraction(0)) / sum(weights)


def _f1_of(precision: Fraction, recall: Fraction) -> Fraction:
    return 2 * precision * recall / (precision + recall)


def _averages_answer(p: dict) -> dict:
    m = p["matrix"]
    return {
        "micro": _micro(m),
        "macro": _mean(_precisions(m)),
        "weighted": _weighted(_precisions(m), _row_sums(m)),
    }


AVERAGES = Exercise(
    "ch05-ex-averages",
    params={"matrix": AVERAGES_MATRIX},
    answer=_averages_answer,
    mistakes=(
        Mistake(
            "macro",
            lambda p: _weighted(_precisions(p["matrix"]), _row_sums(p["matrix"])),
            "That is the weighted average. The macro average is the plain mean of the three"
            " per-class precisions.",
        ),
        Mistake(
            "weighted",
            lambda p: _mean(_precisions(p["matrix"])),
            "That is the macro average. Weight each class's precision by its support (its row"
            " sum).",
        ),
        Mistake(
            "micro",
            lambda p: _mean(_precisions(p["matrix"])),
            "Micro averaging pools the counts first: sum of TP over sum of (TP + FP).",
        ),
        Mistake(
            "weighted",
            # weighted by the column sums, which gives the micro average
            lambda p: _weighted(_precisions(p["matrix"]), _column_sums(p["matrix"])),
            "That is the micro average (weighting by the column sums gives it too). Weight by"
            " the support: the row sums {supports}.",
        ),
        Mistake(
            "macro",
            lambda p: _mean(_recalls(p["matrix"])),
            "That is the macro recall: it divides by the row sums. Precision divides each"
            " diagonal cell by its column sum (the predictions of that class).",
        ),
    ),
    facts=lambda p: {"supports": ", ".join(str(s) for s in _row_sums(p["matrix"]))},
    fixed="ch05-ex-macro-f1 reuses this matrix, and each exercise draws its own variant",
)


def _per_class_f1(matrix: list[list[int]]) -> list[Fraction]:
    """2TP / (2TP + FP + FN) per class: FP from the column, FN from the row."""
    tps, columns, rows = _tp(matrix), _column_sums(matrix), _row_sums(matrix)
    return [
        Fraction(2 * t, 2 * t + (c - t) + (r - t))
        for t, c, r in zip(tps, columns, rows, strict=True)
    ]


def _f1_of_means(matrix: list[list[int]]) -> Fraction:
    return _f1_of(_mean(_precisions(matrix)), _mean(_recalls(matrix)))


MACRO_F1 = Exercise(
    "ch05-ex-macro-f1",
    params={"matrix": AVERAGES_MATRIX},
    answer=lambda p: {
        "mean_of_f1": _mean(_per_class_f1(p["matrix"])),
        "f1_of_means": _f1_of_means(p["matrix"]),
    },
    mistakes=(
        Mistake(
            "mean_of_f1",
            lambda p: _f1_of_means(p["matrix"]),
            "That is the F1 of the two macro averages. Compute one F1 per class first, then"
            " take their plain mean.",
        ),
        Mistake(
            "f1_of_means",
            lambda p: _mean(_per_class_f1(p["matrix"])),
            "That is the mean of the per-class F1s. Average precision and recall over the"
            " classes first, then take the F1 of the two means.",
        ),
        Mistake(
            "mean_of_f1",
            # micro precision = micro recall, so their F1 is the accuracy
            lambda p: _micro(p["matrix"]),
            "That is the micro F1 (in a single-label problem it equals accuracy). Macro"
            " averaging gives each class one vote.",
        ),
    ),
    fixed="the matrix of ch05-ex-averages, built in that exercise's solution code",
)


def _zero_matrix(a: int, b: int) -> list[list[int]]:
    """Class C is never predicted: its column is all zeros."""
    return [[a, 2, 0], [2, b, 0], [0, 2, 0]]


def _defined(matrix: list[list[int]]) -> tuple[list[Fraction], list[int]]:
    """The precisions that are defined, with their classes' supports."""
    pairs = [
        (v, s) for v, s in zip(_precisions(matrix), _row_sums(matrix), strict=True) if v is not None
    ]
    return [v for v, _ in pairs], [s for _, s in pairs]


def _zero_answer(p: dict) -> dict:
    m = p["matrix"]
    values, supports = _defined(m)
    as_zero = [Fraction(0) if v is None else v for v in _precisions(m)]
    return {
        "macro_left_out": _mean(values),
        "weighted_left_out": _weighted(values, supports),
        "macro_sklearn": _mean(as_zero),
    }


def _zero_wrong_weights(p: dict) -> Fraction:
    """The defined classes' weighted sum over the support of all three classes."""
    values, supports = _defined(p["matrix"])
    return sum(s * v for v, s in zip(values, supports, strict=True)) / sum(_row_sums(p["matrix"]))


def _zero_vary(rng) -> dict:
    while True:
        a, b = (int(x) for x in rng.choice(range(3, 13), size=2, replace=False))
        params = {"matrix": _zero_matrix(a, b)}
        if _no_halfway(list(_zero_answer(params).values())):
            return params


ZERO_AVERAGE = Exercise(
    "ch05-ex-zero-average",
    params={"matrix": _zero_matrix(8, 6)},
    answer=_zero_answer,
    mistakes=(
        Mistake(
            "macro_left_out",
            lambda p: _zero_answer(p)["macro_sklearn"],
            "Leaving C out averages over the two classes that are predicted: divide by 2, not 3.",
        ),
        Mistake(
            "macro_sklearn",
            lambda p: _zero_answer(p)["macro_left_out"],
            "scikit-learn's default zero_division puts 0 in place of the undefined precision"
            " and still divides by 3.",
        ),
        Mistake(
            "weighted_left_out",
            _zero_wrong_weights,
            "A class left out leaves the weights too: divide by the supports of A and B only.",
        ),
        Mistake(
            "weighted_left_out",
            lambda p: _mean(_defined(p["matrix"])[0]),
            "That is the macro average. Weight each defined class's precision by its support"
            " (its row sum).",
        ),
    ),
    vary=_zero_vary,
    # the diagonal cells of A and B; every other cell is 0 or 2 in the statement and the code
    shows=lambda p: {"a": str(p["matrix"][0][0]), "b": str(p["matrix"][1][1])},
)

EXERCISES = [AVERAGES, MACRO_F1, ZERO_AVERAGE]
