"""Hand-computed answers to chapter 12's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # first hits at ranks 1 and 2, none in the top 10 for the third query:
    # (1/1 + 1/2 + 0) / 3 = 1.5 / 3 = 0.5
    "ch12-ex-mrr-three": {"answer": 0.5},
    # A = 1 1 1 0 ...: RR 1, AP (1/1 + 2/2 + 3/3)/3 = 1; B = 1 0 0 0 0 0 0 0 1 1: RR 1,
    # AP (1/1 + 2/9 + 3/10)/3 = (90 + 20 + 27)/90/3 = 137/270
    "ch12-ex-rr-vs-ap": {"rr_a": 1.0, "rr_b": 1.0, "ap_a": 1.0, "ap_b": 137 / 270},
    # one correct answer at ranks 2, 5, 1: MRR = (1/2 + 1/5 + 1)/3 = 1.7/3 = 17/30; AP = RR
    # per question so MAP = 17/30; at K = 3 rank 5 drops out: (1/2 + 0 + 1)/3 = 0.5
    "ch12-ex-one-answer": {"mrr": 17 / 30, "map": 17 / 30, "mrr_at_3": 0.5},
    # first hits at ranks 2 and 1, a query with relevant documents but no hit, a query with
    # none: trec_eval (1/2 + 1 + 0 + 0)/4 = 3/8; the last left out: (1/2 + 1 + 0)/3 = 1/2
    "ch12-ex-rr-undefined": {"trec_eval": 3 / 8, "left_out": 1 / 2},
}
