"""Hand-computed answers to chapter 15's checked exercises (used by tests/test_exercises.py)."""

import math

L3 = math.log2(3)  # discount of rank 2 is 1/log2(3) = 0.6309...; rank 3: 1/log2(4) = 1/2

ANSWERS = {
    # [2, 0, 1]: exponential gains 3, 0, 1 -> 3/1 + 0 + 1/2 = 3.5; linear 2 + 0 + 1/2 = 2.5;
    # ideal [2, 1, 0]: 3 + 1/log2(3) -> NDCG = 3.5 / (3 + 1/log2(3))
    "ch15-ex-dcg-by-hand": {"dcg_exp": 3.5, "dcg_lin": 2.5, "ndcg_exp": 3.5 / (3 + 1 / L3)},
    # DCG@3 of [1, 0, 1] = 1 + 1/2; ideal from 4 relevant, cut at 3: 1 + 1/log2(3) + 1/2;
    # ideal from the list [1, 1, 0]: 1 + 1/log2(3)
    "ch15-ex-unretrieved": {
        "ndcg_all_judged": 1.5 / (1 + 1 / L3 + 0.5),
        "ndcg_returned_only": 1.5 / (1 + 1 / L3),
    },
    # user 1 ideal -> 1; user 2: (1/log2(3)) / 1; user 3: (1/2) / (1 + 1/log2(3))
    "ch15-ex-mean-ndcg": {"mean_ndcg": (1 + 1 / L3 + 0.5 / (1 + 1 / L3)) / 3},
    # grades [1, 2, 0], g_max = 2: R = 1/4, 3/4, 0; ERR = 1/4 + (1/2)(3/4)(3/4) = 1/4 + 9/32
    # = 17/32; RBP p = 1/2, binary r = 1, 1, 0: (1/2)(1 + 1/2) = 3/4
    "ch15-ex-err-rbp": {"err": 17 / 32, "rbp": 3 / 4},
}
