"""Hand-computed answers to chapter 21's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # c_FP = 2, c_FN = 18: t* = 2 / (2 + 18) = 0.1; p = 0.15:
    # call positive: wrong with probability 0.85 -> 0.85 * 2 = 1.7;
    # call negative: wrong with probability 0.15 -> 0.15 * 18 = 2.7
    "ch21-ex-bayes-threshold": {"threshold": 2 / 20, "cost_positive": 1.7, "cost_negative": 2.7},
    # y 1 0 1 1 0 0 1 0, s 0.9 ... 0.1, c_FP = 1, c_FN = 3, n = 8:
    # t = 0.5 calls 0.9 0.8 0.7 0.6 0.5: FP 2 (0.8, 0.5), FN 1 (0.3) -> (2 + 3) / 8 = 5/8
    # t = inf 12/8, 0.9 9/8, 0.8 10/8, 0.7 7/8, 0.6 4/8, 0.5 5/8, 0.4 6/8, 0.3 3/8, 0.1 4/8
    "ch21-ex-expected-cost": {"cost_05": 5 / 8, "best_threshold": 0.3, "best_cost": 3 / 8},
    # m = 1 * 900 / (20 * 100) = 0.45; edge slopes 5, 1.5, 0.5, 0.125: stop where the slope
    # falls below 0.45 -> (0.6, 0.95); cost 0.9 * 1 * 0.6 + 0.1 * 20 * 0.05 = 0.54 + 0.1
    "ch21-ex-iso-slope": {"slope": 900 / 2000, "fpr": 0.6, "cost": 0.64},
    # n = 200, n_pos = 40; at p_t = 0.1 (odds 1/9) 80 treated: TP 36, FP 44, FN 4:
    # NB = 36/200 - (44/200)(1/9) = 0.18 - 0.02444 = 0.15556; treat all: 40/200 - (160/200)/9
    # = 0.2 - 0.08889 = 0.11111; c_FN = 9 (1/(1 + 9) = 0.1): cost (44 * 1 + 4 * 9)/200 = 80/200
    "ch21-ex-net-benefit": {
        "nb_model": 36 / 200 - 44 / 200 / 9,
        "nb_all": 0.2 - 0.8 / 9,
        "cost_fn": 9,  # c_FP / c_FN = 0.1 / 0.9 with c_FP = 1
        "cost": 0.4,
    },
}
