"""Hand-computed answers to chapter 14's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # 50 items above, each sampled with probability 100/1000: 5 expected above -> rank 6;
    # full rank 51 > 10 -> no full hit; 1 + (r - 1)/10 <= 10 <=> r <= 91
    "ch14-ex-sampled-rank": {"expected_rank": 6.0, "full_hit": 0.0, "max_full_rank": 91.0},
    # 11 items, full ranks 1, 4, 11: full HR@1 = 1/3;
    # one negative from the 10 others beats an item at rank r with probability (r - 1)/10,
    # so the sampled hit has probability (11 - r)/10: 10/10, 7/10, 0/10 -> mean 17/30;
    # 5 negatives, rank 4: 3 items above, each drawn with probability 5/10 -> 1 + 1.5 = 2.5
    "ch14-ex-one-negative": {"full_hr1": 1 / 3, "sampled_hr1": 17 / 30, "sampled_rank": 2.5},
    # 500 users, A hits 320 (0.64), B 305 (0.61); SE of A = sqrt(0.64 * 0.36 / 500)
    #   = sqrt(0.2304 / 500) = sqrt(0.0004608) ~ 0.02147;
    # per-user d: +1 for 40 users, -1 for 25, 0 for 435 -> mean 15/500 = 0.03;
    # sum of squares about the mean: 65 - 500 * 0.03^2 = 65 - 0.45 = 64.55;
    # variance 64.55 / 499 ~ 0.129359; SE = sqrt(0.129359 / 500) ~ 0.016085
    "ch14-ex-standard-error": {
        "se_a": (0.64 * 0.36 / 500) ** 0.5,
        "diff": 15 / 500,
        "se_diff": (64.55 / 499 / 500) ** 0.5,
    },
}
