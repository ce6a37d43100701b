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
    # TPR 0.8, FPR 0.1. 50%: TP 4000, FN 1000, FP 500 -> 8000/9500;
    # 2%: TP 160, FN 40, FP 0.1 * 9800 = 980 -> 320/1340
    "ch16-ex-f1-prevalence": {"f1_balanced": 8000 / 9500, "f1_rare": 320 / 1340},
}
