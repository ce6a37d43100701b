"""Hand-computed answers to chapter 2's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # 200 emails, 40 spam; 35 flagged, 30 of them spam:
    # TP = 30, FP = 35 - 30 = 5, FN = 40 - 30 = 10, TN = 200 - 30 - 5 - 10 = 155
    "ch02-ex-spam-counts": {"tp": 30, "fp": 5, "tn": 155, "fn": 10},
    # rows predicted (positive first), columns actual: [[45, 5], [15, 935]]
    # row 1 = predicted positive: actual positive 45 (TP), actual negative 5 (FP)
    # row 2 = predicted negative: actual positive 15 (FN), actual negative 935 (TN)
    "ch02-ex-transposed": {"tp": 45, "fp": 5, "fn": 15, "tn": 935},
    # [[50, 3, 2], [10, 30, 5], [0, 4, 16]], n = 55 + 45 + 20 = 120; dog = index 1
    # TP = 30; FP = column 1 minus diagonal = 3 + 4 = 7; FN = row 1 minus diagonal = 10 + 5 = 15
    # TN = 120 - 30 - 7 - 15 = 68; all FPs = off-diagonal total = 120 - (50 + 30 + 16) = 24
    "ch02-ex-one-vs-rest": {"tp": 30, "fp": 7, "fn": 15, "tn": 68, "total_fp": 24},
}
