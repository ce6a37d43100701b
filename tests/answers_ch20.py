"""Hand-computed answers to chapter 20's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # 100 cases, b = 3 (A right, B wrong), c = 12: difference (c - b) / n = 9 / 100;
    # exact two-sided p = 2 * (C(15,0) + C(15,1) + C(15,2) + C(15,3)) / 2^15
    #                   = 2 * (1 + 15 + 105 + 455) / 32768 = 1152 / 32768 = 0.03515625
    "ch20-ex-mcnemar": {"difference": 9 / 100, "pvalue": 1152 / 32768},
    # d = (0.2, 0.1, -0.05, 0.3): mean 0.55 / 4; sizes sum to 0.65, flipping sizes summing
    # to s gives 0.65 - 2 s >= 0.55 only for s in {0, 0.05}: 2 patterns, 4 with mirrors -> 4/16;
    # the smallest two-sided p: the observed pattern and its mirror, 2/16
    "ch20-ex-randomization": {"mean_difference": 0.55 / 4, "pvalue": 4 / 16, "smallest_p": 2 / 16},
    # d = (0.1, 0.3, -0.1, 0.2, 0.0): mean 0.5 / 5 = 0.1; squared deviations
    # 0 + 0.04 + 0.04 + 0.01 + 0.01 = 0.1, s_d = sqrt(0.1 / 4) = sqrt(0.025);
    # d_z = 0.1 / sqrt(0.025) = sqrt(0.4); t = d_z * sqrt(5) = sqrt(2)
    "ch20-ex-effect-size": {
        "mean_difference": 0.1,
        "effect_size": 0.1 / 0.025**0.5,
        "t": 0.1 / 0.025**0.5 * 5**0.5,
    },
}
