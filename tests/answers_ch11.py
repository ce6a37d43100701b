"""Hand-computed answers to chapter 11's checked exercises (used by tests/test_exercises.py)."""

ANSWERS = {
    # relevant at ranks 2, 3, 7: 1/2 + 2/3 + 3/7 = (21 + 28 + 18)/42 = 67/42;
    # (a) over N = 3: 67/126; (b) over N = 4 (one never returned): 67/168
    "ch11-ex-ap-by-hand": {"ap": 67 / 126, "ap_with_missing": 67 / 168},
    # top 5 = 1 0 0 1 0, 8 relevant: sum 1/1 + 2/4 = 3/2;
    # all relevant: 1.5/8 = 0.1875; min(5, 8) = 5: 0.3; found (2): 0.75
    "ch11-ex-denominators": {"n_relevant": 3 / 16, "min_k": 3 / 10, "retrieved": 3 / 4},
    # positions 2, 3, 7, 10 -> 1/2 + 2/3 + 3/7 + 4/10 = (105 + 140 + 90 + 84)/210 = 419/210;
    # over 5 ground-truth items: 419/1050; over 4: 419/840
    "ch11-ex-doc001-loop": {"ap_five": 419 / 1050, "ap_four": 419 / 840},
}
