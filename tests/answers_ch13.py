"""Hand-computed answers to chapter 13's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # lists [1,0,0] [1,1,0] [0,0,0] [0,0,1] with 3, 2, 1, 4 ground-truth items:
    # hits 1 + 2 + 0 + 1 = 4 over 3 + 2 + 1 + 4 = 10 items -> HR@3 = 0.4;
    # users with a hit: 3 of 4 -> 0.75; recalls 1/3, 2/2, 0/1, 1/4 -> mean 19/48
    "ch13-ex-three-numbers": {"hr": 4 / 10, "hit_rate": 3 / 4, "mean_recall": 19 / 48},
    # ranks 1 3 12 7 25 2 60 10: <= 5 are 1, 3, 2 -> 3/8; <= 10 adds 7, 10 -> 5/8;
    # MRR = (1 + 1/3 + 1/12 + 1/7 + 1/25 + 1/2 + 1/60 + 1/10) / 8
    #     = (2100 + 700 + 175 + 300 + 84 + 1050 + 35 + 210) / 2100 / 8 = 4654 / 16800
    "ch13-ex-loo-ranks": {"hr5": 3 / 8, "hr10": 5 / 8, "mrr": 4654 / 16800},
}
