"""Hand-computed answers to chapter 25's checked exercises (used by tests/test_exercises.py)."""

import math

# Zhou's table 2.5: average ranks 1, 8.5/4 = 2.125, 11.5/4 = 2.875; N = 4, k = 3.
# tau_chi2 = 12 * 4 / (3 * 4) * (1 + 2.125^2 + 2.875^2 - 3 * 16 / 4)
#          = 4 * (1 + 4.515625 + 8.265625 - 12) = 4 * 1.78125 = 7.125
# tau_F = (N - 1) tau_chi2 / (N (k - 1) - tau_chi2) = 3 * 7.125 / (8 - 7.125) = 21.375 / 0.875
# CD = 2.344 * sqrt(3 * 4 / (6 * 4)) = 2.344 * sqrt(1/2)
_ZHOU = {"chi2": 7.125, "f": 21.375 / 0.875, "cd": 2.344 * math.sqrt(0.5)}

# d = (0.03, 0.01, -0.02, 0.05, 0, 0.04, 0.02, 0): 5 wins, 1 loss, 2 ties -> 6 of 8 with the
# ties split; two-sided p = 2 * (C(8,0) + C(8,1) + C(8,2)) / 2^8 = 2 * 37 / 256 = 74 / 256.
# |d| ranks: zeros 1.5, 1.5; 0.01 -> 3; 0.02, 0.02 -> 4.5, 4.5; 0.03, 0.04, 0.05 -> 6, 7, 8.
# R+ = 3 + 4.5 + 6 + 7 + 8 + (1.5 + 1.5) / 2 = 30; R- = 4.5 + 1.5 = 6 (sum 36 = 8 * 9 / 2).
_TWO = {"wins": 6, "pvalue": 74 / 256, "r_plus": 30.0, "r_minus": 6.0}

# Demšar's Table 6, C4.5 as control: average ranks 44/14, 28/14, 40.5/14, 27.5/14 (scipy's
# copy of the table); se = sqrt(4 * 5 / (6 * 14)); z = (44 - 28)/14/se, (44 - 40.5)/14/se,
# (44 - 27.5)/14/se; p = 2 * (1 - Phi(|z|)) (Phi from math.erf); sorted: m+cf, m, cf;
# Holm: 3 p_m+cf, max(that, 2 p_m), max(that, 1 p_cf).
_SE = math.sqrt(4 * 5 / (6 * 14))


def _two_sided(z: float) -> float:
    return 1 - math.erf(abs(z) / math.sqrt(2))  # = 2 * (1 - Phi(|z|))


_P = {
    "m": _two_sided((44 - 28) / 14 / _SE),
    "cf": _two_sided((44 - 40.5) / 14 / _SE),
    "m_cf": _two_sided((44 - 27.5) / 14 / _SE),
}
_FIRST = min(1.0, 3 * _P["m_cf"])
_SECOND = max(_FIRST, min(1.0, 2 * _P["m"]))
_THIRD = max(_SECOND, _P["cf"])
_HOLM = {"c45_m": _SECOND, "c45_cf": _THIRD, "c45_m_cf": _FIRST}

# Nemenyi at 0.05: CD = q sqrt(k(k+1)/(6N)) <= 1 iff N >= q^2 k(k+1)/6.
# k = 4: q = 2.569032 (studentized range / sqrt 2), q^2 * 20/6 = 21.9997... -> N = 22
#        (check: N = 21 gives CD = 1.0235, N = 22 gives 0.99999);
# k = 8: q = 3.030879, q^2 * 72/6 = 110.23 -> N = 111.
_HOW_MANY = {"four": 22, "eight": 111}

ANSWERS = {
    "ch25-ex-zhou": _ZHOU,
    "ch25-ex-two-learners": _TWO,
    "ch25-ex-holm": _HOLM,
    "ch25-ex-how-many": _HOW_MANY,
}
