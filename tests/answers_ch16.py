"""Hand-computed answers to chapter 16's checked exercises (used by tests/test_exercises.py)."""

import math

L3 = math.log2(3)  # 1/log2(3) is the discount of rank 2; rank 3 has 1/log2(4) = 1/2

ANSWERS = {
    # [0,1,1,0,0,1,0,0], 3 relevant: top 5 holds 2 -> P@5 2/5, R@5 2/3;
    # AP = (1/2 + 2/3 + 3/6) / 3 = 5/9; RR = 1/2;
    # NDCG@5 = (1/log2(3) + 1/2) / (1 + 1/log2(3) + 1/2); a hit in the top 5 -> 1
    "ch16-ex-all-metrics": {
        "p5": 2 / 5,
        "r5": 2 / 3,
        "ap": 5 / 9,
        "rr": 1 / 2,
        "ndcg5": (1 / L3 + 1 / 2) / (1 + 1 / L3 + 1 / 2),
        "hit5": 1.0,
    },
    # A: first hits at rank 1 -> MRR 1; AP (1 + 2/7 + 3/8)/3 = 93/168, (1 + 2/6 + 3/7)/3 = 37/63
    # B: first hits at rank 2 -> MRR 1/2; AP (1/2 + 2/3 + 3/4)/3 = 23/36 for both queries
    "ch16-ex-two-rankers": {
        "mrr_a": 1.0,
        "mrr_b": 0.5,
        "map_a": (93 / 168 + 37 / 63) / 2,
        "map_b": 23 / 36,
    },
    # leave-one-out ranks of the held-out song, 8 users.
    # A: 1, 1, 10, 14, 30, 1, 25, 1 -> within 10: 1, 1, 10, 1, 1 -> 5/8;
    #    MRR = (4 * 1 + 1/10 + 1/14 + 1/30 + 1/25) / 8
    # B: 2, 3, 4, 5, 6, 9, 3, 12 -> all but 12 within 10 -> 7/8;
    #    MRR = (1/2 + 1/3 + 1/4 + 1/5 + 1/6 + 1/9 + 1/3 + 1/12) / 8
    "ch16-ex-recommender": {
        "hr10_a": 5 / 8,
        "hr10_b": 7 / 8,
        "mrr_a": (4 + 1 / 10 + 1 / 14 + 1 / 30 + 1 / 25) / 8,
        "mrr_b": (1 / 2 + 1 / 3 + 1 / 4 + 1 / 5 + 1 / 6 + 1 / 9 + 1 / 3 + 1 / 12) / 8,
    },
}
