"""Hand-computed answers to chapter 17's checked exercises (used by tests/test_exercises.py).

Standard library only: z = 1.96 as the exercises say (the answers are asked to three decimals,
where z = 1.959964 gives the same digits).
"""

import math

Z = 1.96

ANSWERS = {
    # 45 of 50: p = 0.9; Wald 0.9 +- 1.96 sqrt(0.09 / 50) = 0.9 +- 1.96 * 0.042426 = 0.9 +- 0.08316
    # Wilson: z^2/n = 3.8416/50 = 0.076832; centre (0.9 + 0.038416) / 1.076832 = 0.871469;
    # half 1.96 sqrt(0.0018 + 3.8416/10000) / 1.076832 = 1.96 * 0.042881 / 1.076832 = 0.078051
    "ch17-ex-wilson": {
        "wald_low": 0.9 - Z * math.sqrt(0.9 * 0.1 / 50),  # 0.81684
        "wald_high": 0.9 + Z * math.sqrt(0.9 * 0.1 / 50),  # 0.98316
        "wilson_low": (0.9 + Z**2 / 100) / (1 + Z**2 / 50)
        - Z * math.sqrt(0.0018 + Z**2 / 10000) / (1 + Z**2 / 50),  # 0.78640
        "wilson_high": (0.9 + Z**2 / 100) / (1 + Z**2 / 50)
        + Z * math.sqrt(0.0018 + Z**2 / 10000) / (1 + Z**2 / 50),  # 0.95652
    },
    # placements V10 = (1, 5/6, 2/3), V01 = (1/2, 1, 1); AUC = 5/6;
    # S10 = ((1/6)^2 + 0 + (1/6)^2) / 2 = 1/36, S01 = ((1/3)^2 + 2 (1/6)^2) / 2 = 1/12;
    # Var = (1/36)/3 + (1/12)/3 = 1/108 + 3/108 = 1/27 -> SE = 0.19245
    "ch17-ex-delong": {"auc": 5 / 6, "se": math.sqrt(1 / 27)},
    # k = 0 of n = 20: Wald 0 +- 0; Wilson upper z^2 / (n + z^2) = 3.8416 / 23.8416 = 0.16113;
    # exact upper 1 - 0.025^(1/20) = 1 - exp(ln(0.025) / 20) = 1 - exp(-0.184444) = 0.16843
    "ch17-ex-zero-errors": {
        "wald_high": 0.0,
        "wilson_high": Z**2 / (20 + Z**2),
        "exact_high": 1 - 0.025 ** (1 / 20),
    },
    # AUC 0.95, SE 0.02: normal 0.95 -+ 0.0392 = [0.9108, 0.9892]; logit ln 19 = 2.944439,
    # SE 0.02 / 0.0475 = 0.421053, half 1.96 * 0.421053 = 0.825263: [2.119176, 3.769702],
    # back: 1 / (1 + e^-2.119176) = 0.89275, 1 / (1 + e^-3.769702) = 0.97746
    "ch17-ex-logit": {
        "normal_low": 0.95 - Z * 0.02,
        "normal_high": 0.95 + Z * 0.02,
        "logit_low": 1 / (1 + math.exp(-(math.log(19) - Z * 0.02 / 0.0475))),
        "logit_high": 1 / (1 + math.exp(-(math.log(19) + Z * 0.02 / 0.0475))),
    },
}
