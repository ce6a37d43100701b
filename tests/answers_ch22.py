"""Hand-computed answers to chapter 22's checked exercises (used by tests/test_exercises.py)."""

import math

ANSWERS = {
    # errors -0.1 0.2 -0.4 0.4: (0.01 + 0.04 + 0.16 + 0.16) / 4 = 0.37 / 4;
    # probabilities of the true labels 0.9 0.8 0.6 0.6: -(ln 0.9 + ln 0.8 + 2 ln 0.6) / 4
    "ch22-ex-brier": {
        "brier": 0.37 / 4,
        "log_loss": -(math.log(0.9) + math.log(0.8) + 2 * math.log(0.6)) / 4,
    },
    # lower bin 0.05 0.1 0.15 0.2 0.3 0.4: mean 1.2 / 6 = 0.2, labels 0 0 1 0 1 1: share 1/2;
    # upper bin 0.6 0.7 0.8 0.95: mean 3.05 / 4 = 0.7625, labels 0 1 1 1: share 3/4;
    # reliability (6 * 0.3^2 + 4 * 0.0125^2) / 10 = (0.54 + 0.000625) / 10
    "ch22-ex-reliability": {
        "mean_high": 3.05 / 4,
        "share_high": 3 / 4,
        "reliability": (0.54 + 0.000625) / 10,
    },
    # prevalence odds factor (2/98) / (10/90) = 9/49; odds 3/7 -> 27/343 -> p = 27/370;
    # new p = 1/6 means new odds 1/5 -> old odds (1/5) / (9/49) = 49/45 -> old p = 49/94
    "ch22-ex-prior-shift": {"p_new": 27 / 370, "old_threshold": 49 / 94},
}
