"""Hand-computed answers to chapter 18's checked exercises (used by tests/test_exercises.py).

Standard library only.
"""

import math

T5 = 2.5705818356363146  # scipy.stats.t.ppf(0.975, 5)

ANSWERS = {
    # AP 0.9 0.4 1.0 0.7 0.2 0.8: mean 4/6; squared deviations
    # (0.0544 + 0.0711 + 0.1111 + 0.0011 + 0.2178 + 0.0178) = 0.47333 (= 142/300);
    # s = sqrt(0.47333 / 5) = 0.30768; SE = s / sqrt(6) = 0.12561; 2.5706 SE = 0.32289
    # six queries: the standard error is estimated, so t on 6 - 1 = 5 degrees of freedom, whose
    # 0.975 quantile is 2.5705818 (tables: 2.571), not z = 1.96
    "ch18-ex-per-query": {
        "map": 4 / 6,
        "se": math.sqrt(142 / 300 / 5) / math.sqrt(6),
        "low": 4 / 6 - T5 * math.sqrt(142 / 300 / 5) / math.sqrt(6),  # 0.34378
        "high": 4 / 6 + T5 * math.sqrt(142 / 300 / 5) / math.sqrt(6),  # 0.98956
        # one draw from the six values has variance 0.47333 / 6 (divisor n); a mean of six
        # draws: sqrt(0.47333 / 6) / sqrt(6) = sqrt(0.078889) / 2.449490 = 0.11467
        "boot_se": math.sqrt(142 / 300 / 6) / math.sqrt(6),
    },
    # 3 positives of 30: each draw misses them with probability 27/30 = 0.9, independently;
    # 0.9^30 = exp(30 ln 0.9) = exp(-3.160815) = 0.042391. 6 of 60: 0.9^60 = 0.042391^2
    # = 0.0017970. A stratified resample keeps its 3 positives: 0
    "ch18-ex-no-positive": {
        "p_none": 0.9**30,
        "p_none_60": 0.9**60,
        "p_none_stratified": 0,
    },
    # 899 of 1,000: C = 0.899, SE = sqrt(0.899 * 0.101 / 1000) = sqrt(0.0000907990) = 0.0095289;
    # (0.899 - 0.95) / 0.0095289 = -5.3522
    "ch18-ex-coverage": {
        "coverage": 0.899,
        "se": math.sqrt(0.899 * 0.101 / 1000),
        "z": (0.899 - 0.95) / math.sqrt(0.899 * 0.101 / 1000),
    },
}
