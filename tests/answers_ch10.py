"""Hand-computed answers to chapter 10's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # net 3 catches 1000 carp, 50 shrimp, 50 turtles of a pond with 1400 carp and 600 others:
    # A = 1000, B = 100, C = 400, D = 500; P = 1000/1100 = 10/11, R = 1000/1400 = 5/7,
    # F1 = 2A / (2A + B + C) = 2000/2500 = 0.8, accuracy = (1000 + 500)/2000 = 0.75
    "ch10-ex-net3": {"precision": 10 / 11, "recall": 5 / 7, "f1": 0.8, "accuracy": 0.75},
    # rels 1 0 0 1 1 0 1 0 0 0 1 0, 6 relevant: top 5 hold ranks 1, 4, 5 -> 3 hits;
    # P@5 = 3/5, R@5 = 3/6; all 12 hold 5 hits -> R@12 = 5/6
    "ch10-ex-p-at-k": {"p_at_5": 3 / 5, "r_at_5": 3 / 6, "r_at_12": 5 / 6},
    # everything returned: P = 50/10000 = 0.005, R = 50/50 = 1; P = 0.5 needs generality 0.5
    "ch10-ex-everything": {"precision": 50 / 10000, "recall": 1.0, "generality_for_half": 0.5},
}
