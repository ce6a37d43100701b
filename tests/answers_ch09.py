"""Hand-computed answers to chapter 9's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # y = [1, 0, 1, 1, 0, 0], s = [0.95, 0.85, 0.7, 0.55, 0.55, 0.3]; thresholds descending give
    # (TP, FP) = (1, 0), (1, 1), (2, 1), (3, 2), (3, 3), so precision 1, 1/2, 2/3, 3/5, 1/2 and
    # recall 1/3, 1/3, 2/3, 1, 1. AP = 1/3 * 1 + 1/3 * 2/3 + 1/3 * 3/5.
    # Trapezoids from (0, 1): 1/3 * (1 + 1)/2, then from (1/3, 1/2) to (2/3, 2/3):
    # 1/3 * (1/2 + 2/3)/2, then 1/3 * (2/3 + 3/5)/2; the vertical drops add nothing.
    "ch09-ex-ap-trapezoid": {
        "ap": (1 + 2 / 3 + 3 / 5) / 3,
        "trapezoid": 1 / 3 + (1 / 2 + 2 / 3) / 6 + (2 / 3 + 3 / 5) / 6,
    },
    # relevant at ranks 1, 4, 5, 9: precision 1, 2/4, 3/5, 4/9; AP = their mean.
    # interpolated: levels 0, .1, .2 -> 1; .3 to .7 -> max(1/2, 3/5, 4/9) = 3/5; .8, .9, 1 -> 4/9
    "ch09-ex-eleven-point": {
        "ap": (1 + 2 / 4 + 3 / 5 + 4 / 9) / 4,
        "eleven_point": (3 * 1 + 5 * 3 / 5 + 3 * 4 / 9) / 11,
    },
    # flag everything: precision = 20 / 1000; a random scorer's ROC AUC is 1/2; a random
    # ranking's expected AP (R positives among N): (R - 1)/(N - 1) + (N - R) H_N / (N (N - 1))
    "ch09-ex-baseline": {
        "baseline": 20 / 1000,
        "random_auc": 1 / 2,
        "random_ap": 19 / 999 + 980 * sum(1 / k for k in range(1, 1001)) / (1000 * 999),
    },
    # breast-cancer test half, 106 malignant. Best F0.5: threshold with TP 97, FP 0, FN 9:
    # (1.25 * 97) / (1.25 * 97 + 0.25 * 9 + 0) = 121.25 / 123.5, recall 97/106.
    # Best F4: TP 105, FP 26, FN 1: (17 * 105) / (17 * 105 + 16 * 1 + 26) = 1785 / 1827,
    # recall 105/106. (Counts printed in the chapter's solution.)
    # (b) the book's procedure: out-of-fold scores of the training half (5 stratified folds,
    # no shuffling), pooled into one sweep; each threshold chosen there and applied to
    # score_cancer, the model refitted on the whole training half. On the test half
    # F0.5 at TP 98, FP 3, FN 8: (1.25 * 98) / (1.25 * 98 + 0.25 * 8 + 3) = 122.5 / 127.5;
    # F4 at TP 101, FP 15, FN 5: (17 * 101) / (17 * 101 + 16 * 5 + 15) = 1717 / 1812.
    # (Counts printed in the chapter's solution.)
    "ch09-ex-best-fbeta": {
        "f_half": 121.25 / 123.5,
        "recall_half": 97 / 106,
        "f_four": 1785 / 1827,
        "recall_four": 105 / 106,
        "f_half_test": 122.5 / 127.5,
        "f_four_test": 1717 / 1812,
    },
    # y = [[1, 0], [0, 1], [1, 1], [0, 0]], s = [[.9, .2], [.4, .8], [.6, .3], [.5, .7]]:
    # column 0 ranks +, +, -, -: AP 1; column 1 ranks +, -, +, -: (1 + 2/3) / 2. Pooled: 0.9 +,
    # 0.8 +, 0.7 -, 0.6 +, 0.5 -, 0.4 -, 0.3 +, 0.2 -: positives at ranks 1, 2, 4, 7
    "ch09-ex-ap-micro": {
        "macro": (1 + (1 + 2 / 3) / 2) / 2,
        "micro": (1 / 1 + 2 / 2 + 3 / 4 + 4 / 7) / 4,
    },
}
