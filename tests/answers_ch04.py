"""Hand-computed answers to chapter 4's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # P = 0.6, R = 0.9, PR = 0.54:
    # F1 = 2 * 0.54 / 1.5 = 0.72; F2 = 5 * 0.54 / (4 * 0.6 + 0.9) = 2.7 / 3.3
    # F0.5 = 1.25 * 0.54 / (0.25 * 0.6 + 0.9) = 0.675 / 1.05; E2 = 1 - F2 = 0.6 / 3.3
    "ch04-ex-f-values": {"f1": 0.72, "f2": 2.7 / 3.3, "f05": 0.675 / 1.05, "e2": 0.6 / 3.3},
    # TP = 30, FP = 5, FN = 10: F1 = 60 / (60 + 5 + 10) = 60 / 75
    # F2 = 5 * 30 / (5 * 30 + 4 * 10 + 5) = 150 / 195
    "ch04-ex-counts-form": {"f1": 60 / 75, "f2": 150 / 195},
    # beta = 2: alpha = 1 / (1 + 4) = 0.2; equal partials where R / P = beta: R = 2 * 0.3
    "ch04-ex-beta-point": {"alpha": 1 / 5, "recall": 0.6},
}
