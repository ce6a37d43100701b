"""Hand-computed answers to chapter 3's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # TP = 30, FP = 5, TN = 155, FN = 10 (n = 200):
    # accuracy 185/200, precision 30/35, recall 30/40, specificity 155/160, FPR 5/160
    "ch03-ex-spam-metrics": {
        "accuracy": 185 / 200,
        "precision": 30 / 35,
        "recall": 30 / 40,
        "specificity": 155 / 160,
        "fpr": 5 / 160,
    },
    # 1000 days, 10 quakes; 20 flagged, 8 right: TP 8, FP 12, FN 2, TN 978
    # precision 8/20, recall 8/10, accuracy (8 + 978)/1000
    "ch03-ex-quake-model-c": {"precision": 8 / 20, "recall": 8 / 10, "accuracy": 986 / 1000},
    # [[40, 5, 5], [2, 8, 0], [3, 2, 5]]: column sums 45, 15, 10; row sums (support) 50, 10, 10
    # per class 40/45, 8/15, 5/10; micro (40 + 8 + 5)/70 = 53/70
    # macro (40/45 + 8/15 + 1/2)/3; weighted (50 * 40/45 + 10 * 8/15 + 10 * 1/2)/70
    "ch03-ex-averages": {
        "micro": 53 / 70,
        "macro": (40 / 45 + 8 / 15 + 1 / 2) / 3,
        "weighted": (50 * 40 / 45 + 10 * 8 / 15 + 10 * 1 / 2) / 70,
    },
    # [[8, 2, 0], [2, 6, 0], [0, 2, 0]]: precision A 8/10, B 6/10, C 0/0 (never predicted)
    # evalmetrics leaves C out: (0.8 + 0.6)/2; scikit-learn counts it as 0: (0.8 + 0.6 + 0)/3
    "ch03-ex-zero-average": {"macro_left_out": 1.4 / 2, "macro_sklearn": 1.4 / 3},
}
