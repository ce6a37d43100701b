"""Hand-computed answers to chapter 5's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # [[40, 5, 5], [2, 8, 0], [3, 2, 5]]: column sums 45, 15, 10; row sums (support) 50, 10, 10
    # per class 40/45, 8/15, 5/10; micro (40 + 8 + 5)/70 = 53/70
    # macro (40/45 + 8/15 + 1/2)/3; weighted (50 * 40/45 + 10 * 8/15 + 10 * 1/2)/70
    "ch05-ex-averages": {
        "micro": 53 / 70,
        "macro": (40 / 45 + 8 / 15 + 1 / 2) / 3,
        "weighted": (50 * 40 / 45 + 10 * 8 / 15 + 10 * 1 / 2) / 70,
    },
    # same matrix: FP = column sum - TP = 5, 7, 5; FN = row sum - TP = 10, 2, 5
    # F1 per class 2TP/(2TP + FP + FN): A 80/95, B 16/25, C 10/20; mean of the three
    # macro P = (40/45 + 8/15 + 1/2)/3 = 173/270, macro R = (40/50 + 8/10 + 5/10)/3 = 0.7
    # F1 of the means 2 * P * R / (P + R) = 2 * (173/270) * 0.7 / (173/270 + 0.7)
    "ch05-ex-macro-f1": {
        "mean_of_f1": (80 / 95 + 16 / 25 + 10 / 20) / 3,
        "f1_of_means": 2 * (173 / 270) * 0.7 / (173 / 270 + 0.7),
    },
    # [[8, 2, 0], [2, 6, 0], [0, 2, 0]]: precision A 8/10, B 6/10, C 0/0 (never predicted)
    # the policy leaves C out: macro (0.8 + 0.6)/2; weighted by the supports of A and B,
    # 10 and 8: (10 * 0.8 + 8 * 0.6)/18 = 12.8/18
    # scikit-learn's default counts C as 0: (0.8 + 0.6 + 0)/3
    "ch05-ex-zero-average": {
        "macro_left_out": 1.4 / 2,
        "weighted_left_out": 12.8 / 18,
        "macro_sklearn": 1.4 / 3,
    },
}
