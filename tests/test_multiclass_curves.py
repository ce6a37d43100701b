"""roc_auc with multi_class= (one-vs-rest, Hand and Till's one-vs-one) and max_fpr= (partial
AUC, raw and McClish-standardised); average_precision for multiclass and multilabel input.

Expected values come from hand counts and from scikit-learn (``roc_auc_score``,
``average_precision_score``), never from evalmetrics. The random cross-checks run 1,000 cases
in 10 blocks of 100; a block checks all its cases before it fails and lists every mismatch,
and ``np.random.default_rng(SEED + case)`` reproduces each.
"""

import functools
import warnings
from itertools import combinations

import numpy as np
import pytest
from sklearn.datasets import load_digits
from sklearn.metrics import average_precision_score, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from support import run_block, tiered

import evalmetrics as em

N_BLOCKS, BLOCK_SIZE = 10, 100
SEED = 20261214
# make test runs the first three blocks (300 cases: every kind of case the generator draws, at 8 %
# or more, comes up dozens of times), make test-full all ten
per_block = pytest.mark.parametrize("block", tiered(range(N_BLOCKS), range(3)))
LABEL_SETS = (np.array([0, 1, 2, 3, 4]), np.array([-3, 1, 7, 12, 40]), np.array(list("vwxyz")))


_run_block = functools.partial(run_block, size=BLOCK_SIZE, seed=SEED, pass_as="case")


def multiclass_case(rng):
    """(y_true with every class present, row-stochastic scores with heavy ties)."""
    k = int(rng.integers(3, 6))
    classes = np.sort(rng.choice(LABEL_SETS[rng.integers(3)], k, replace=False))
    n = int(rng.integers(k, 12)) if rng.random() < 0.7 else int(rng.integers(12, 80))
    codes = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    rng.shuffle(codes)
    if rng.random() < 0.5:
        raw = rng.integers(1, int(rng.integers(2, 5)), (n, k)).astype(float)  # heavy ties
    else:
        raw = rng.dirichlet(np.ones(k), n) + 2.0 * np.eye(k)[codes] * rng.random()
    return classes[codes], raw / raw.sum(axis=1, keepdims=True)


def multilabel_case(rng):
    """(0/1 indicator with a positive and a negative in each column, tied scores)."""
    n, k = int(rng.integers(2, 40)), int(rng.integers(2, 6))
    y = (rng.random((n, k)) < rng.random()).astype(int)
    y[0], y[1] = 1, 0
    rows = rng.permutation(n)
    y = y[rows]
    s = rng.integers(0, int(rng.integers(2, 6)), (n, k)) + 0.5 * y * rng.random()
    return y, np.round(s, 1)


def _close(got, want, where):
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-15, err_msg=where)


# --- hand-computed values ---------------------------------------------------------------------

Y3 = np.array([0, 0, 1, 1, 2, 2])
P3 = np.array(
    [
        [0.5, 0.3, 0.2],
        [0.2, 0.5, 0.3],
        [0.3, 0.4, 0.3],
        [0.1, 0.5, 0.4],
        [0.2, 0.2, 0.6],
        [0.4, 0.2, 0.4],
    ]
)


def test_one_vs_one_by_hand():
    # pair (0, 1): column 0 on samples 0-3, class 0 = {0.5, 0.2} vs class 1 = {0.3, 0.1}:
    # 0.5 > both (2), 0.2 > 0.1 only (1) -> 3/4; column 1, class 1 = {0.4, 0.5} vs {0.3, 0.5}:
    # 0.4 > 0.3 (1), 0.5 > 0.3 and ties 0.5 (1.5) -> 2.5/4; pair = (3/4 + 2.5/4) / 2
    p01 = (3 / 4 + 2.5 / 4) / 2
    # pair (0, 2): column 0, {0.5, 0.2} vs {0.2, 0.4}: 0.5 > both (2), 0.2 ties 0.2 (0.5) -> 2.5/4;
    # column 2, {0.6, 0.4} vs {0.2, 0.3}: 4/4
    p02 = (2.5 / 4 + 4 / 4) / 2
    # pair (1, 2): column 1, {0.4, 0.5} vs {0.2, 0.2}: 4/4; column 2, {0.6, 0.4} vs {0.3, 0.4}:
    # 0.6 > both (2), 0.4 > 0.3 and ties 0.4 (1.5) -> 3.5/4
    p12 = (4 / 4 + 3.5 / 4) / 2
    assert em.roc_auc(Y3, P3, multi_class="ovo", average="macro") == pytest.approx(
        (p01 + p02 + p12) / 3, abs=1e-15
    )
    # every pair has n_a + n_b = 4: weighted equals macro here
    assert em.roc_auc(Y3, P3, multi_class="ovo", average="weighted") == pytest.approx(
        (p01 + p02 + p12) / 3, abs=1e-15
    )


def test_one_vs_rest_by_hand():
    # class 0, column 0: positives {0.5, 0.2} vs negatives {0.3, 0.1, 0.2, 0.4}:
    # 0.5 beats 4; 0.2 beats 0.1, ties 0.2 -> 1.5; (4 + 1.5) / 8
    got = em.roc_auc(Y3, P3, multi_class="ovr", average=None)
    assert got[0] == pytest.approx(5.5 / 8, abs=1e-15)
    assert em.roc_auc(Y3, P3, multi_class="ovr", average="macro") == pytest.approx(got.mean())


def test_partial_auc_by_hand():
    # ROC of y=[0,0,1,1], s=[0.1,0.4,0.35,0.8]: (0,0) (0,.5) (.5,.5) (.5,1) (1,1)
    y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    raw = em.roc_auc(y, s, max_fpr=0.5, standardized=False)
    assert raw == 0.25  # a 0.5 x 0.5 rectangle
    # McClish: 0.5 (1 + (0.25 - 0.125) / (0.5 - 0.125)) = 2/3
    assert em.roc_auc(y, s, max_fpr=0.5) == pytest.approx(2 / 3, abs=1e-15)
    # cut inside the horizontal step at FPR 0.25: area 0.25 * 0.5
    assert em.roc_auc(y, s, max_fpr=0.25, standardized=False) == 0.125
    # max_fpr = 1 is the full AUC, standardised or not
    assert em.roc_auc(y, s, max_fpr=1.0) == em.roc_auc(y, s, max_fpr=1, standardized=False)
    assert em.roc_auc(y, s, max_fpr=1.0) == 0.75


def test_average_precision_multiclass_by_hand():
    # class 2, column 2: ranked 0.6 (pos), 0.4 & 0.4 tied (one pos, one neg), 0.3, 0.3, 0.2:
    # precision at 0.6 is 1, at the tie 0.4 it is 2/3 -> AP = (1 + 2/3) / 2
    per_class = em.average_precision(Y3, P3, average=None)
    assert per_class[2] == pytest.approx((1 + 2 / 3) / 2, abs=1e-15)
    support = np.array([2, 2, 2])
    assert em.average_precision(Y3, P3, average="weighted") == pytest.approx(
        (per_class * support).sum() / support.sum()
    )


# --- scikit-learn on the digits data ----------------------------------------------------------


@pytest.fixture(scope="module")
def digits_scores():
    x, y = load_digits(return_X_y=True)
    x_tr, x_te, y_tr, y_te = train_test_split(x, y, test_size=0.5, random_state=0, stratify=y)
    return y_te, GaussianNB().fit(x_tr, y_tr).predict_proba(x_te)


@pytest.mark.parametrize(
    ("multi_class", "average"),
    [
        ("ovr", "macro"),
        ("ovr", "weighted"),
        ("ovr", "micro"),
        ("ovo", "macro"),
        ("ovo", "weighted"),
    ],
)
def test_roc_auc_on_digits_matches_sklearn(digits_scores, multi_class, average):
    y, p = digits_scores
    want = roc_auc_score(y, p, multi_class=multi_class, average=average)
    _close(em.roc_auc(y, p, multi_class=multi_class, average=average), want, "digits")


def test_per_class_auc_on_digits_matches_sklearn(digits_scores):
    y, p = digits_scores
    want = roc_auc_score(y, p, multi_class="ovr", average=None)
    _close(em.roc_auc(y, p, multi_class="ovr", average=None), want, "digits")


@pytest.mark.parametrize("average", ["micro", "macro", "weighted", None])
def test_average_precision_on_digits_matches_sklearn(digits_scores, average):
    y, p = digits_scores
    want = average_precision_score(y, p, average=average)
    _close(em.average_precision(y, p, average=average), want, "digits")
    indicator = (y[:, None] == np.arange(10)).astype(int)
    _close(em.average_precision(indicator, p, average=average), want, "digits, indicator")


def test_hand_and_till_is_the_mean_over_pairs_on_digits(digits_scores):
    """An independent pairwise count (no evalmetrics) of Hand and Till's M."""
    y, p = digits_scores
    pair_values = []
    for a, b in combinations(range(10), 2):
        both = (y == a) | (y == b)
        halves = []
        for c, other in ((a, b), (b, a)):
            pos, neg = p[both & (y == c), c], p[both & (y == other), c]
            wins = (pos[:, None] > neg).sum() + 0.5 * (pos[:, None] == neg).sum()
            halves.append(wins / (len(pos) * len(neg)))
        pair_values.append(sum(halves) / 2)
    _close(em.roc_auc(y, p, multi_class="ovo", average="macro"), np.mean(pair_values), "M")


# --- 1,000 random cases with ties -------------------------------------------------------------


@per_block
def test_multiclass_roc_auc_matches_sklearn_1000_cases(block):
    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        y, p = multiclass_case(rng)
        where = f"y={y.tolist()!r}, p={p.tolist()!r}"
        for multi_class, averages in (
            ("ovr", ("macro", "weighted", "micro", None)),
            ("ovo", ("macro", "weighted")),
        ):
            for average in averages:
                want = roc_auc_score(y, p, multi_class=multi_class, average=average)
                got = em.roc_auc(y, p, multi_class=multi_class, average=average)
                _close(got, want, f"{multi_class}/{average}: {where}")

    _run_block(block, one_case)


@per_block
def test_partial_auc_matches_sklearn_1000_cases(block):
    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        n = int(rng.integers(2, 40))
        y = (rng.random(n) < rng.random()).astype(int)
        y[:2] = [0, 1]
        s = rng.integers(0, int(rng.integers(1, 6)), n) + (rng.random(n) if case % 2 else 0.0)
        n_neg = int((y == 0).sum())
        # a random bound, or one on the FPR grid (a step's end: the interpolation edge case)
        max_fpr = float(rng.random()) if case % 3 else int(rng.integers(1, n_neg + 1)) / n_neg
        max_fpr = max(max_fpr, 1e-3)
        where = f"y={y.tolist()!r}, s={s.tolist()!r}, max_fpr={max_fpr!r}"
        want = roc_auc_score(y, s, max_fpr=max_fpr)  # McClish-standardised
        _close(em.roc_auc(y, s, max_fpr=max_fpr), want, where)
        # the raw area, from scikit-learn's value by inverting McClish's map
        chance = max_fpr**2 / 2
        raw_want = chance + (2 * want - 1) * (max_fpr - chance)
        np.testing.assert_allclose(
            em.roc_auc(y, s, max_fpr=max_fpr, standardized=False),
            raw_want,
            rtol=1e-12,
            atol=1e-14,
            err_msg=where,
        )

    _run_block(block, one_case)


@per_block
def test_multiclass_and_multilabel_average_precision_match_sklearn_1000_cases(block):
    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        y, p = multiclass_case(rng) if case % 2 else multilabel_case(rng)
        where = f"y={y.tolist()!r}, p={p.tolist()!r}"
        for average in ("micro", "macro", "weighted", None):
            want = average_precision_score(y, p, average=average)
            _close(em.average_precision(y, p, average=average), want, f"{average}: {where}")

    _run_block(block, one_case)


# --- labels, the 0/0 policy, invariances -------------------------------------------------------


def test_labels_give_the_column_order():
    reordered = P3[:, [2, 0, 1]]
    for multi_class in ("ovr", "ovo"):
        want = em.roc_auc(Y3, P3, multi_class=multi_class, average="macro")
        got = em.roc_auc(Y3, reordered, multi_class=multi_class, average="macro", labels=[2, 0, 1])
        assert got == pytest.approx(want, abs=1e-15)
    per_class = em.roc_auc(Y3, reordered, multi_class="ovr", average=None, labels=[2, 0, 1])
    want = roc_auc_score(Y3, P3, multi_class="ovr", average=None)
    _close(per_class, want[[2, 0, 1]], "reordered")


def test_string_labels_equal_numeric_labels():
    names = np.array(["ant", "bee", "cat"])[Y3]
    for multi_class in ("ovr", "ovo"):
        assert em.roc_auc(names, P3, multi_class=multi_class, average="macro") == em.roc_auc(
            Y3, P3, multi_class=multi_class, average="macro"
        )
    assert em.average_precision(names, P3, average="macro") == em.average_precision(
        Y3, P3, average="macro"
    )


def test_a_class_absent_from_y_true_follows_the_policy():
    y = np.array([0, 0, 1, 1])  # class 2 of labels never occurs
    p = P3[:4]
    # by hand: class 0 (column 0) {0.5, 0.2} vs {0.3, 0.1} -> 3/4; class 1 (column 1)
    # {0.4, 0.5} vs {0.3, 0.5} -> 2.5/4; class 2 has no positives: 0/0
    with pytest.warns(em.UndefinedMetricWarning, match="left out 1 of 3 classes"):
        got = em.roc_auc(y, p, multi_class="ovr", average="macro", labels=[0, 1, 2])
    assert got == pytest.approx((3 / 4 + 2.5 / 4) / 2, abs=1e-15)
    per_class = em.roc_auc(
        y, p, multi_class="ovr", average=None, labels=[0, 1, 2], zero_division=0.0
    )
    assert per_class[2] == 0.0
    # one-vs-one: only the pair (0, 1) is defined, (3/4 + 2.5/4) / 2
    with pytest.warns(em.UndefinedMetricWarning, match="pairs of classes"):
        got = em.roc_auc(y, p, multi_class="ovo", average="macro", labels=[0, 1, 2])
    assert got == pytest.approx((3 / 4 + 2.5 / 4) / 2, abs=1e-15)
    counted = em.roc_auc(
        y, p, multi_class="ovo", average="macro", labels=[0, 1, 2], zero_division=1.0
    )
    assert counted == pytest.approx(((3 / 4 + 2.5 / 4) / 2 + 1 + 1) / 3, abs=1e-15)
    with pytest.warns(em.UndefinedMetricWarning, match="average precision"):
        em.average_precision(y, p, average="macro", labels=[0, 1, 2])


def test_macro_average_precision_leaves_out_a_column_without_positives():
    # y = [0, 0, 1, 1] with three columns: column 2 has no positives, its AP is 0/0.
    # by hand: column 0 ranks 0.6 (+), 0.5 (-), 0.2 (+), 0.1 (-): AP = (1/1 + 2/3) / 2 = 5/6;
    # column 1 ranks 0.35 (-), 0.3 (-), 0.2 (+), 0.1 (+): AP = (1/3 + 2/4) / 2 = 5/12
    y = [0, 0, 1, 1]
    p = [[0.6, 0.3, 0.1], [0.2, 0.35, 0.45], [0.5, 0.1, 0.4], [0.1, 0.2, 0.7]]
    expected = (5 / 6 + 5 / 12) / 2
    for average in ("macro", "weighted"):  # supports 2 and 2: the same mean
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            got = em.average_precision(y, p, average=average, labels=[0, 1, 2])
        assert got == pytest.approx(expected, abs=1e-15)
        messages = [str(w.message) for w in caught if w.category is em.UndefinedMetricWarning]
        assert messages == [
            f"average precision ({average} average) left out 1 of 3 classes (label 2) whose AP "
            "is undefined (0/0: the class has no positives in y_true). Pass zero_division=0.0 "
            "or 1.0 to count them as that value, or nan to leave them out silently."
        ]
    # zero_division=v counts the column as v
    got = em.average_precision(y, p, average="macro", labels=[0, 1, 2], zero_division=0.0)
    assert got == pytest.approx((5 / 6 + 5 / 12 + 0) / 3, abs=1e-15)
    got = em.average_precision(y, p, average="macro", labels=[0, 1, 2], zero_division=1.0)
    assert got == pytest.approx((5 / 6 + 5 / 12 + 1) / 3, abs=1e-15)
    # the defined columns agree with scikit-learn 1.9.1, one column at a time
    from sklearn.metrics import average_precision_score

    columns = np.asarray(p)
    for j, want in ((0, 5 / 6), (1, 5 / 12)):
        assert average_precision_score(np.equal(y, j), columns[:, j]) == pytest.approx(want)


def test_one_class_only_is_undefined():
    with pytest.warns(em.UndefinedMetricWarning):
        assert np.isnan(em.roc_auc([1, 1, 1], [0.1, 0.2, 0.3], max_fpr=0.5))
    assert em.roc_auc([1, 1, 1], [0.1, 0.2, 0.3], max_fpr=0.5, zero_division=0.0) == 0.0


def test_sample_order_does_not_matter():
    rng = np.random.default_rng(3)
    order = rng.permutation(len(Y3))
    for kwargs in (
        {"multi_class": "ovr", "average": "macro"},
        {"multi_class": "ovo", "average": "weighted"},
    ):
        assert em.roc_auc(Y3[order], P3[order], **kwargs) == pytest.approx(
            em.roc_auc(Y3, P3, **kwargs)
        )
    assert em.average_precision(Y3[order], P3[order], average="micro") == pytest.approx(
        em.average_precision(Y3, P3, average="micro")
    )


# --- bad input names the argument -------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"multi_class": "raise"}, ValueError, "multi_class must be one of"),
        ({"multi_class": "ovr"}, ValueError, "average='binary' scores one class"),
        ({"multi_class": "ovo", "average": None}, ValueError, "average must be one of"),
        ({"multi_class": "ovo", "average": "micro"}, ValueError, "average must be one of"),
        ({"multi_class": "ovr", "average": "macro", "max_fpr": 0.5}, ValueError, "max_fpr"),
        ({"multi_class": "ovr", "average": "macro", "labels": [0, 1]}, ValueError, "labels has 2"),
        (
            {"multi_class": "ovr", "average": "macro", "labels": [0, 1, 5]},
            ValueError,
            "y_true contains",
        ),
        (
            {"multi_class": "ovr", "average": "macro", "labels": [0, 1, 1]},
            ValueError,
            "labels contains",
        ),
        ({"average": "macro"}, ValueError, "average='macro' combines several classes"),
        ({}, ValueError, "y_score is 2-D"),
    ],
)
def test_bad_multiclass_options(kwargs, error, match):
    with pytest.raises(error, match=match):
        em.roc_auc(Y3, P3, **kwargs)


@pytest.mark.parametrize(
    ("max_fpr", "error"),
    [(0, ValueError), (1.5, ValueError), (float("nan"), ValueError), ("0.5", TypeError)],
)
def test_bad_max_fpr(max_fpr, error):
    with pytest.raises(error, match="max_fpr"):
        em.roc_auc([0, 1, 1], [0.1, 0.5, 0.7], max_fpr=max_fpr)


def test_bad_standardized():
    with pytest.raises(TypeError, match="standardized"):
        em.roc_auc([0, 1, 1], [0.1, 0.5, 0.7], max_fpr=0.5, standardized="yes")


def test_bad_score_matrices():
    with pytest.raises(ValueError, match=r"y_score\[:, 1\] contains NaN at index 2"):
        bad = P3.copy()
        bad[2, 1] = np.nan
        em.roc_auc(Y3, bad, multi_class="ovr", average="macro")
    with pytest.raises(ValueError, match="y_score has 2 columns but y_true has 3"):
        em.roc_auc(Y3, P3[:, :2], multi_class="ovr", average="macro")
    with pytest.raises(ValueError, match="y_score must be 2-D"):
        em.roc_auc(Y3, P3[:, 0], multi_class="ovr", average="macro")
    with pytest.raises(ValueError, match="length mismatch: y_true has 5"):
        em.roc_auc(Y3[:5], P3, multi_class="ovr", average="macro")
    with pytest.raises(ValueError, match="average='binary' scores one class"):
        em.average_precision(Y3, P3)
    with pytest.raises(ValueError, match="average='macro' combines several classes"):
        em.average_precision([0, 1], [0.2, 0.6], average="macro")
    with pytest.raises(ValueError, match=r"y_true \(a 2-D label indicator\) must hold 0 and 1"):
        em.average_precision(np.full((6, 3), 2), P3, average="macro")
    with pytest.raises(ValueError, match=r"y_true \(a 2-D label indicator\) has shape"):
        em.average_precision(np.ones((5, 3)), P3, average="macro")
    with pytest.raises(TypeError, match="labels must be all numbers or all strings"):
        em.roc_auc(Y3, P3, multi_class="ovr", average="macro", labels=["a", "b", "c"])


def test_ignored_options_warn():
    with pytest.warns(UserWarning, match="pos_label"):
        em.roc_auc(Y3, P3, multi_class="ovr", average="macro", pos_label=2)
    with pytest.warns(UserWarning, match="pos_label"):
        got = em.average_precision(Y3, P3, average="macro", pos_label=2)
    assert got == em.average_precision(Y3, P3, average="macro")
    with pytest.warns(UserWarning, match="labels is ignored"):
        em.roc_auc([0, 1, 1], [0.1, 0.5, 0.7], labels=[0, 1])
    with pytest.warns(UserWarning, match="labels is ignored"):
        em.average_precision([0, 1, 1], [0.1, 0.5, 0.7], labels=[0, 1])
    with pytest.warns(UserWarning, match="labels is ignored"):
        indicator = (Y3[:, None] == np.arange(3)).astype(int)
        em.average_precision(indicator, P3, average="macro", labels=[0, 1, 2])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        em.roc_auc(Y3, P3, multi_class="ovr", average="macro")
