"""Hand-computed answers to chapter 1's checked exercises (used by tests/test_exercises.py)."""

import math

ANSWERS = {
    # 995 of 1000 healthy people right; 0 of 5 sick found; nobody flagged -> 0/0
    "ch01-ex-screening": {"accuracy": 995 / 1000, "recall": 0 / 5, "precision": math.nan},
    # 1 - p >= 0.95 <=> p <= 0.05; crossing (1 - 0.95) / ((1 - 0.95) + 0.9) = 0.05 / 0.95
    "ch01-ex-threshold-prevalence": {"max_prevalence": 0.05, "crossing": 1 / 19},
    # the rare subset holds 179 benign and 2 malignant cases: 2/181 for accuracy and precision
    "ch01-ex-always-positive": {"accuracy": 2 / 181, "recall": 1.0, "precision": 2 / 181},
}
