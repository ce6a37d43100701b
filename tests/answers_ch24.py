"""Hand-computed answers to chapter 24's checked exercises (used by tests/test_exercises.py)."""

from math import sqrt

from scipy.stats import t as student_t

_T_CORRECTED = 0.012 / (0.03 * sqrt(1 / 100 + 1 / 9))

ANSWERS = {
    # differences (0.04, 0.02), (0.01, 0.03), (0.02, 0.02), (0.05, 0.01), (0.00, 0.02):
    # s_i^2 = (p1 - p2)^2 / 2 = 0.0002, 0.0002, 0, 0.0008, 0.0002 -> sum 0.0014;
    # t = p_1^(1) / sqrt(sum / 5) = 0.04 / sqrt(0.00028) = 2.39046;
    # sum of the ten p^2 = 0.0016 + 0.0004 + 0.0001 + 0.0009 + 0.0004 + 0.0004 + 0.0025
    # + 0.0001 + 0 + 0.0004 = 0.0068; F = 0.0068 / (2 * 0.0014) = 17/7
    "ch24-ex-five-by-two": {"t": 0.04 / sqrt(0.00028), "f": 17 / 7},
    # J = 100, mean 0.012, sd 0.03: plain t = 0.012 / (0.03 / 10) = 4;
    # corrected t = 0.012 / (0.03 * sqrt(1/100 + 1/9)), with sqrt(1/100 + 1/9) =
    # sqrt(109 / 900) = 0.34801: t = 0.012 / 0.0104403 = 1.14939; the two-sided p on 99
    # degrees of freedom from the t distribution
    "ch24-ex-corrected": {
        "t_plain": 0.012 / (0.03 / 10),
        "t_corrected": _T_CORRECTED,
        "pvalue": 2 * student_t.sf(_T_CORRECTED, 99),
    },
    # vertical at FPR 0.1: fold 1 on (0, 0.5)-(0.25, 0.75): 0.5 + 0.4 * 0.25 = 0.6; fold 2 on
    # (0, 0)-(0.25, 0.25): 0.1; mean 0.35. At 0.2: 0.5 + 0.8 * 0.25 = 0.7 and 0.2; mean 0.45.
    # threshold 0.5: fold 1's last point with threshold >= 0.5 is (0.7: 0.25, 0.75), fold 2's
    # is (0.8: 0.25, 0.25): mean FPR 0.25, mean TPR 0.5
    "ch24-ex-averaging": {
        "tpr_at_01": (0.6 + 0.1) / 2,
        "tpr_at_02": (0.7 + 0.2) / 2,
        "fpr_at_half": (0.25 + 0.25) / 2,
        "tpr_at_half": (0.75 + 0.25) / 2,
    },
}
