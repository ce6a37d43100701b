"""Hand-computed answers to chapter 23's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # relevant, unjudged, non-relevant, relevant, non-relevant, relevant; R = 4, N = 5,
    # min(R, N) = 4; bpref terms 1, 1 - 1/4, 1 - 2/4 -> (9/4)/4 = 9/16; AP
    # (unjudged = non-relevant, kept at rank 2): (1/1 + 2/4 + 3/6)/4 = 2/4 = 1/2
    "ch23-ex-bpref": {"bpref": 9 / 16, "ap": 1 / 2},
    # top 5: relevant, unjudged, non-relevant, unjudged, relevant; 3 of 5 judged;
    # low (unjudged not relevant, R = 2): (1/1 + 2/5)/2 = 7/10;
    # high (both relevant, R = 4, relevant at 1, 2, 4, 5): (1 + 1 + 3/4 + 4/5)/4 = 71/80
    "ch23-ex-judged-range": {"judged": 3 / 5, "ap_low": 7 / 10, "ap_high": 71 / 80},
}
