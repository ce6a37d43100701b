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
    # twelve days, labels 1 1 0 1 0 0 1 0 1 0 0 0 in score order: 5 earthquake days
    # threshold 0.74 flags 0.92, 0.81, 0.74 (labels 1, 1, 0): TP 2, FP 1 -> 2/3, recall 2/5
    # threshold 0.43 flags the first seven (1 1 0 1 0 0 1): TP 4, FP 3 -> 4/7, recall 4/5
    "ch03-ex-threshold-tradeoff": {
        "precision_074": 2 / 3,
        "recall_074": 2 / 5,
        "precision_043": 4 / 7,
        "recall_043": 4 / 5,
    },
}
