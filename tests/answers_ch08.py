"""Hand-computed answers to chapter 8's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # y = [1, 1, 0, 1, 0, 0, 1, 0], s = [0.9, 0.7, 0.7, 0.7, 0.4, 0.4, 0.2, 0.2]:
    # positives 0.9, 0.7, 0.7, 0.2; negatives 0.7, 0.4, 0.4, 0.2; 16 pairs.
    # 0.9 wins 4; each 0.7 ties 0.7 and wins 3 (6 wins, 2 ties); 0.2 ties 0.2, loses 3.
    # 10 wins, 3 ties, 3 losses: AUC = (10 + 3/2) / 16; Gini = (10 - 3) / 16
    "ch08-ex-ties": {"auc": (10 + 3 / 2) / 16, "gini": (10 - 3) / 16},
    # breast-cancer model at threshold 0.2 (the counts printed in the solution): TP 102, FN 4,
    # TN 162, FP 17; 106 malignant, 179 benign; AUC of 0/1 scores = (TPR + TNR) / 2
    "ch08-ex-hard-scores": {"auc": (102 / 106 + 162 / 179) / 2},
    # (a) G = 2 AUC - 1 -> AUC = (1 + 0.62) / 2 = 0.81; (b) J = 0.85 + 0.75 - 1 = 0.6, and the
    # AUC of one threshold's 0/1 predictions is (TPR + TNR) / 2 = (0.85 + 0.75) / 2 = 0.8
    "ch08-ex-paper": {"auc_a": 0.81, "j_b": 0.6, "auc_b": 0.8},
    # y = [1, 0, 1, 1, 0, 1, 0, 0], s descending, n+ = n- = 4: ROC points (0, 0), (0, 1/4),
    # (1/4, 1/4), (1/4, 1/2), (1/4, 3/4), (1/2, 3/4), (1/2, 1). Area up to FPR 1/2:
    # 1/4 * 1/4 + 1/4 * 3/4 = 1/4. McClish: diagonal f^2/2 = 1/8, perfect f = 1/2:
    # 1/2 * (1 + (2/8 - 1/8) / (4/8 - 1/8)) = 1/2 * (1 + 1/3) = 2/3
    "ch08-ex-partial": {"raw": 1 / 4, "standardized": 2 / 3},
    # Hand and Till, y = [0, 0, 0, 1, 1, 2]: pair (0, 1) (4.5/6 + 3.5/6) / 2 = 2/3, pair (0, 2)
    # (2/3 + 1) / 2 = 5/6, pair (1, 2) (1.5/2 + 1/2) / 2 = 5/8; M = their mean
    "ch08-ex-ovo": {"m": (2 / 3 + 5 / 6 + 5 / 8) / 3},
}
