"""Hand-computed answers to chapter 7's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # y = [1, 0, 1, 1, 0, 0], s = [0.95, 0.85, 0.7, 0.55, 0.55, 0.3], threshold 0.55 (>=):
    # flagged 0.95 (pos), 0.85 (neg), 0.7 (pos), 0.55 (pos), 0.55 (neg) -> TP 3, FP 2;
    # n+ = 3, n- = 3 -> TPR 3/3, FPR 2/3
    "ch07-ex-roc-point": {"tpr": 3 / 3, "fpr": 2 / 3},
    # pairs: 0.95 beats 0.85, 0.55, 0.3 (3); 0.7 beats 0.55, 0.3 (2); 0.55 ties 0.55 and beats
    # 0.3 (1/2 + 1); 6.5 of 9 pairs
    "ch07-ex-auc-pairs": {"auc": 6.5 / 9},
    # flipping reverses every pair: 1 - 0.3; a constant score ties every pair: 1/2
    "ch07-ex-flip": {"flipped": 1 - 0.3, "constant": 1 / 2},
}
