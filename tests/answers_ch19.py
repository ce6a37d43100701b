"""Hand-computed answers to chapter 19's checked exercises (used by tests/test_exercises.py)."""

from math import comb

ANSWERS = {
    # 13 wins of 16 untied queries (the 4 ties left out): k_min = 3;
    # p = 2 * (C(16,0) + C(16,1) + C(16,2) + C(16,3)) / 2^16 = 2 * (1 + 16 + 120 + 560) / 65536
    #   = 1394 / 65536 = 0.02127;
    # rejection region at 0.05: K <= 3 or K >= 13 (K = 4 gives 2 * (697 + 1820) / 65536 = 0.077);
    # power against pi = 0.8: sum of C(16,k) 0.8^k 0.2^(16-k) over k in {0..3, 13..16}
    #   = P(K >= 13) + P(K <= 3) = 0.5981 + 2e-7
    "ch19-ex-sign-test": {
        "pvalue": 1394 / 65536,
        "power": sum(comb(16, k) * 0.8**k * 0.2 ** (16 - k) for k in (0, 1, 2, 3, 13, 14, 15, 16)),
    },
    # sorted p 0.001 0.012 0.035 0.038 0.3; Holm lines 0.01 0.0125 0.0167: stops at 0.035 -> 2;
    # BH lines 0.01 0.02 0.03 0.04 0.05: largest k with p_(k) <= line is k = 4 (0.038 <= 0.04)
    "ch19-ex-holm-bh": {"holm_rejected": 2, "bh_rejected": 4},
    # ((1.959964 + 0.841621) * 0.1 / 0.02)^2 = (2.801585 * 5)^2 = 14.007925^2 = 196.22 -> 197
    "ch19-ex-sample-size": {"n_queries": 197},
}
