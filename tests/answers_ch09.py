"""Hand-computed answers to chapter 9's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # y = [1, 0, 1, 1, 0, 0, 0], s = [0.9, 0.8, 0.8, 0.6, 0.5, 0.3, 0.1]; thresholds 0.9, 0.8,
    # 0.6, 0.5, 0.3, 0.1 give (TP, FP) = (1, 0), (2, 1), (3, 1), (3, 2), (3, 3), (3, 4). At 0.8
    # the tie flags a positive and a negative: precision 2/3. The chance line is the share of
    # positives, 3/7. Recall rises by 1/3 at 0.9, 0.8 and 0.6: AP = (1 + 2/3 + 3/4) / 3.
    "ch09-ex-pr-table": {
        "precision_08": 2 / 3,
        "baseline": 3 / 7,
        "ap": (1 + 2 / 3 + 3 / 4) / 3,
    },
    # y = [1, 0, 1, 1, 0, 0], s = [0.95, 0.85, 0.7, 0.55, 0.55, 0.3]; thresholds descending give
    # (TP, FP) = (1, 0), (1, 1), (2, 1), (3, 2), (3, 3), so precision 1, 1/2, 2/3, 3/5, 1/2 and
    # recall 1/3, 1/3, 2/3, 1, 1. AP = 1/3 * 1 + 1/3 * 2/3 + 1/3 * 3/5.
    # Trapezoids from (0, 1): 1/3 * (1 + 1)/2, then from (1/3, 1/2) to (2/3, 2/3):
    # 1/3 * (1/2 + 2/3)/2, then 1/3 * (2/3 + 3/5)/2; the vertical drops add nothing.
    "ch09-ex-ap-trapezoid": {
        "ap": (1 + 2 / 3 + 3 / 5) / 3,
        "trapezoid": 1 / 3 + (1 / 2 + 2 / 3) / 6 + (2 / 3 + 3 / 5) / 6,
    },
    # flag everything: precision = 10 / 500; a random scorer's ROC AUC is 1/2; a random
    # ranking's expected AP (R positives among N): (R - 1)/(N - 1) + (N - R) H_N / (N (N - 1))
    "ch09-ex-baseline": {
        "baseline": 10 / 500,
        "random_auc": 1 / 2,
        "random_ap": 9 / 499 + 490 * sum(1 / k for k in range(1, 501)) / (500 * 499),
    },
}
