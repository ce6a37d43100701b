"""Hand-computed answers to chapter 6's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # spam filter TP = 30, FP = 5, TN = 155, FN = 10:
    # MCC = (30 * 155 - 5 * 10) / sqrt(35 * 40 * 160 * 165); BA = (30/40 + 155/160) / 2
    # NPV = 155 / 165; LR+ = TPR / FPR = (30/40) / (5/160) = 24
    "ch06-ex-four-counts": {
        "mcc": 4600 / 36_960_000**0.5,
        "balanced_accuracy": (30 / 40 + 155 / 160) / 2,
        "npv": 155 / 165,
        "lr_plus": 24.0,
    },
    # screening test TP = 9, FP = 45, TN = 945, FN = 1, n = 1000:
    # p_o = (9 + 945) / 1000 = 0.954; p_e = (54 * 10 + 946 * 990) / 1000**2 = 0.93708
    # kappa = (0.954 - 0.93708) / (1 - 0.93708) = 0.01692 / 0.06292
    # LR- = FNR / TNR = (1/10) / (945/990) = 99 / 945
    # LR+ = (9/10) / (45/990) = 19.8; odds 10/990 * 19.8 = 0.2; probability 0.2 / 1.2 = 1/6
    "ch06-ex-screening": {"kappa": 0.01692 / 0.06292, "lr_minus": 99 / 945, "probability": 1 / 6},
    # TP = 40, FP = 50, TN = 900, FN = 10 (50 positives, 950 negatives):
    # rare class positive: F1 = 80 / (80 + 50 + 10) = 80 / 140
    # common class positive: TP = 900, FP = 10, FN = 50: F1 = 1800 / (1800 + 10 + 50)
    # "always common", common positive: TP = 950, FP = 50, FN = 0: F1 = 1900 / 1950
    # MCC = (40 * 900 - 50 * 10) / sqrt(90 * 50 * 910 * 950) = 35500 / sqrt(3_890_250_000)
    "ch06-ex-f1-naming": {
        "f1_rare": 80 / 140,
        "f1_common": 1800 / 1860,
        "f1_constant": 1900 / 1950,
        "mcc": 35500 / 3_890_250_000**0.5,
    },
}
