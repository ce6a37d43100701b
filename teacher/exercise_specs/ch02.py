"""Chapter 2's exercises: the four outcome counts and the confusion matrix."""

from __future__ import annotations

from . import Exercise, Mistake


def _spam_answer(p: dict) -> dict:
    tp = p["caught"]  # spam in the spam folder
    fp = p["moved"] - p["caught"]  # other emails in the spam folder
    fn = p["spam"] - p["caught"]  # spam left in the inbox
    return {"tp": tp, "fp": fp, "tn": p["emails"] - tp - fp - fn, "fn": fn}


def _spam_vary(rng) -> dict:
    emails = int(rng.choice([100, 150, 200, 250, 300]))
    spam = int(rng.integers(emails // 10, emails // 4))
    caught = int(rng.integers(spam // 2, spam - 1))
    moved = caught + int(rng.integers(2, spam // 3 + 3))
    return {"emails": emails, "spam": spam, "moved": moved, "caught": caught}


SPAM_COUNTS = Exercise(
    "ch02-ex-spam-counts",
    params={"emails": 200, "spam": 40, "moved": 35, "caught": 30},
    answer=_spam_answer,
    mistakes=(
        Mistake(
            "fp",
            lambda p: p["spam"] - p["caught"],  # the spam left in the inbox (the FN)
            "An FP is a prediction of spam that is wrong: an email in the spam folder that is"
            " not spam.",
        ),
        Mistake(
            "fn",
            lambda p: p["moved"] - p["caught"],  # the other emails in the spam folder (the FP)
            "An FN is a prediction of 'not spam' that is wrong: a spam email that stayed in the"
            " inbox.",
        ),
        Mistake(
            "tn",
            lambda p: p["emails"] - p["spam"],  # every email that is not spam
            "{not_spam} is every email that is not spam; some of those were moved to the spam"
            " folder.",
        ),
        Mistake(
            "tn",
            lambda p: p["emails"] - p["moved"],  # every email left in the inbox
            "{inbox} is every email left in the inbox; some of those are spam.",
        ),
    ),
    decimals=0,
    facts=lambda p: {"not_spam": p["emails"] - p["spam"], "inbox": p["emails"] - p["moved"]},
    vary=_spam_vary,
    shows=lambda p: {name: str(p[name]) for name in ("emails", "spam", "moved", "caught")},
)

TRANSPOSED_CELLS = ("tp", "fp", "fn", "tn")  # the printed matrix, row by row (rows predicted)


def _transposed_vary(rng) -> dict:
    return {
        "tp": int(rng.integers(20, 90)),
        "fp": int(rng.integers(2, 20)),
        "fn": int(rng.integers(2, 30)),
        "tn": int(rng.integers(500, 990)),
    }


TRANSPOSED = Exercise(
    "ch02-ex-transposed",
    # printed [[45, 5], [15, 935]], rows predicted and columns actual, positive first
    params={"tp": 45, "fp": 5, "fn": 15, "tn": 935},
    answer=lambda p: {name: p[name] for name in TRANSPOSED_CELLS},
    mistakes=(
        Mistake(
            "fp",
            lambda p: p["fn"],  # read with actual rows: the cell below TP
            "The rows are the predicted class: row 1 is everything predicted positive, so its"
            " second cell was predicted positive but is actually negative.",
        ),
        Mistake(
            "fn",
            lambda p: p["fp"],  # read with actual rows: the cell right of TP
            "The rows are the predicted class: row 2 is everything predicted negative, so its"
            " first cell is actually positive.",
        ),
    ),
    decimals=0,
    vary=_transposed_vary,
    shows=lambda p: {name: str(p[name]) for name in TRANSPOSED_CELLS},
)

DOG = 1  # cat, dog, pig: dog is class 1
ANIMAL_CELLS = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 1), (2, 2)]  # not (2, 0)


def _column_rest(m: list[list[int]], k: int) -> int:
    return sum(m[i][k] for i in range(len(m))) - m[k][k]


def _row_rest(m: list[list[int]], k: int) -> int:
    return sum(m[k]) - m[k][k]


def _total(m: list[list[int]]) -> int:
    return sum(map(sum, m))


def _one_vs_rest_answer(p: dict) -> dict:
    m = p["matrix"]
    tp, fp, fn = m[DOG][DOG], _column_rest(m, DOG), _row_rest(m, DOG)
    total_fp = sum(_column_rest(m, k) for k in range(len(m)))
    return {"tp": tp, "fp": fp, "fn": fn, "tn": _total(m) - tp - fp - fn, "total_fp": total_fp}


def _one_vs_rest_vary(rng) -> dict:
    m = [[int(rng.integers(1, 10)) for _ in range(3)] for _ in range(3)]
    for k, size in enumerate([(40, 70), (20, 40), (10, 30)]):
        m[k][k] = int(rng.integers(*size))
    m[2][0] = 0  # "0" also stands for axis=0 in the solution code: this cell stays 0
    return {"matrix": m}


ONE_VS_REST = Exercise(
    "ch02-ex-one-vs-rest",
    params={"matrix": [[50, 3, 2], [10, 30, 5], [0, 4, 16]]},
    answer=_one_vs_rest_answer,
    mistakes=(
        Mistake(
            "fp",
            lambda p: _row_rest(p["matrix"], DOG),
            "FP of a class is the rest of its column (predicted dog), not of its row.",
        ),
        Mistake(
            "fn",
            lambda p: _column_rest(p["matrix"], DOG),
            "FN of a class is the rest of its row (actually a dog), not of its column.",
        ),
        Mistake(
            "tn",
            # n minus the dog row only: the FPs were not subtracted
            lambda p: _total(p["matrix"]) - sum(p["matrix"][DOG]),
            "TN is everything outside row 1 and column 1: the FPs in column 1 are not TNs either.",
        ),
        Mistake(
            "tn",
            # only the right answers about cat and pig
            lambda p: sum(p["matrix"][k][k] for k in range(3) if k != DOG),
            "A TN of dog is any example that is not a dog and not predicted dog, right or wrong"
            " about cat and pig: a cat predicted pig counts too.",
        ),
        Mistake(
            "total_fp",
            lambda p: _column_rest(p["matrix"], DOG),
            "That is the FP of one class; add the FPs of all three classes.",
        ),
        Mistake(
            "total_fp",
            # every error counted as an FP and again as an FN
            lambda p: 2 * sum(_column_rest(p["matrix"], k) for k in range(3)),
            "Each error is an FP of one class only (the predicted one); the off-diagonal total"
            " counts each once.",
        ),
    ),
    decimals=0,
    vary=_one_vs_rest_vary,
    shows=lambda p: {f"m{i}{j}": str(p["matrix"][i][j]) for i, j in ANIMAL_CELLS},
)

EXERCISES = [SPAM_COUNTS, TRANSPOSED, ONE_VS_REST]
