"""evalmetrics.stats' tests of two learning algorithms on one dataset, against mlxtend.

- Hand-computed cases: each statistic from its published formula, written out here
  (Dietterich 1998 for the 5x2cv t, Alpaydin 1999 for the combined F, Nadeau and Bengio 2003
  and Bouckaert and Frank 2004 for the corrected t), and scipy's distributions for p.
- mlxtend runs the cross-validation itself. The helpers below redo its splits exactly (its
  ``RandomState(random_seed).randint(0, 32767)`` seeds for ``train_test_split``, its
  ``KFold``), score both learners on every fold with the same scorer, and pass the scores to
  evalmetrics: the statistics and p-values agree to 1e-12 (relative) on seeded random
  datasets and learners, and reproduce the values mlxtend's own test suite publishes
  (mlxtend/evaluate/tests/test_*.py in rasbt/mlxtend).
- mlxtend's ``paired_ttest_kfold_cv`` and ``paired_ttest_resampled`` are the plain paired t
  (``st.paired_test``), not the corrected one: a test shows the exact factor between them.
"""

from __future__ import annotations

import math
import pickle
import warnings

import numpy as np
import pytest
from mlxtend.data import boston_housing_data, iris_data
from mlxtend.evaluate import (
    combined_ftest_5x2cv,
    paired_ttest_5x2cv,
    paired_ttest_kfold_cv,
    paired_ttest_resampled,
)
from scipy import stats
from sklearn.datasets import load_breast_cancer, load_diabetes, load_wine, make_classification
from sklearn.linear_model import Lasso, LogisticRegression, Ridge
from sklearn.metrics import get_scorer
from sklearn.model_selection import KFold, train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

import evalmetrics.stats as st

TOLERANCE = 1e-12  # relative to max(1, |value|)


def close(ours: float, theirs: float) -> bool:
    return abs(ours - theirs) <= TOLERANCE * max(1.0, abs(theirs))


# --- mlxtend's splits, redone --------------------------------------------------------------------


def scores_5x2(est1, est2, X, y, scoring, random_seed):
    """(a, b) of shape (5, 2) on mlxtend's 5x2cv splits (paired_ttest_5x2cv's loop)."""
    scorer = get_scorer(scoring)
    rng = np.random.RandomState(random_seed)
    a, b = np.empty((5, 2)), np.empty((5, 2))
    for i in range(5):
        randint = rng.randint(low=0, high=32767)
        x_1, x_2, y_1, y_2 = train_test_split(X, y, test_size=0.5, random_state=randint)
        for j, (x_fit, y_fit, x_score, y_score) in enumerate(
            [(x_1, y_1, x_2, y_2), (x_2, y_2, x_1, y_1)]
        ):
            est1.fit(x_fit, y_fit)
            est2.fit(x_fit, y_fit)
            a[i, j] = scorer(est1, x_score, y_score)
            b[i, j] = scorer(est2, x_score, y_score)
    return a, b


def scores_kfold(est1, est2, X, y, scoring, cv=10, shuffle=False, random_seed=None):
    """(a, b) on mlxtend's paired_ttest_kfold_cv folds."""
    scorer = get_scorer(scoring)
    kfold = KFold(n_splits=cv, shuffle=shuffle, random_state=random_seed if shuffle else None)
    a, b = [], []
    for train, test in kfold.split(X):
        est1.fit(X[train], y[train])
        est2.fit(X[train], y[train])
        a.append(scorer(est1, X[test], y[test]))
        b.append(scorer(est2, X[test], y[test]))
    return np.array(a), np.array(b)


def scores_resampled(est1, est2, X, y, scoring, num_rounds=30, test_size=0.3, random_seed=None):
    """(a, b, n_train, n_test) on mlxtend's paired_ttest_resampled splits."""
    scorer = get_scorer(scoring)
    rng = np.random.RandomState(random_seed)
    a, b = [], []
    for _ in range(num_rounds):
        randint = rng.randint(low=0, high=32767)
        x_train, x_test, y_train, y_test = train_test_split(
            X, y, test_size=test_size, random_state=randint
        )
        est1.fit(x_train, y_train)
        est2.fit(x_train, y_train)
        a.append(scorer(est1, x_test, y_test))
        b.append(scorer(est2, x_test, y_test))
    return np.array(a), np.array(b), len(y_train), len(y_test)


# --- hand-computed cases -------------------------------------------------------------------------

# accuracies of A and B in five replications (rows) of a twofold cross-validation (columns)
A_5X2 = np.array([[0.90, 0.88], [0.86, 0.91], [0.89, 0.87], [0.92, 0.90], [0.88, 0.85]])
B_5X2 = np.array([[0.87, 0.86], [0.85, 0.87], [0.88, 0.88], [0.88, 0.89], [0.86, 0.86]])


def test_5x2cv_t_by_hand():
    # p = A - B: (.03, .02), (.01, .04), (.01, -.01), (.04, .01), (.02, -.01)
    # s_i^2 = (p1 - p2)^2 / 2: .00005, .00045, .0002, .00045, .00045 -> sum .0016
    t_hand = 0.03 / math.sqrt(0.0016 / 5)
    result = st.paired_t_5x2cv(A_5X2, B_5X2)
    assert math.isclose(result.statistic, t_hand, rel_tol=1e-9)
    assert math.isclose(result.pvalue, 2 * stats.t.sf(t_hand, 5), rel_tol=1e-9)
    assert result.df == 5 and math.isclose(result.estimate, 0.03, rel_tol=1e-9)
    assert result.method == "5x2cv-t"
    greater = st.paired_t_5x2cv(A_5X2, B_5X2, alternative="greater")
    less = st.paired_t_5x2cv(A_5X2, B_5X2, alternative="less")
    assert math.isclose(greater.pvalue, stats.t.sf(t_hand, 5), rel_tol=1e-9)
    assert math.isclose(less.pvalue, stats.t.cdf(t_hand, 5), rel_tol=1e-9)
    # the interval inverts the test: 0.03 +- t_{5, 0.975} sqrt(.0016 / 5)
    low, high = result.confidence_interval()
    half = stats.t.ppf(0.975, 5) * math.sqrt(0.0016 / 5)
    assert math.isclose(low, 0.03 - half, rel_tol=1e-9)
    assert math.isclose(high, 0.03 + half, rel_tol=1e-9)
    # at the level 1 - p, an end of the interval touches 0
    edge = result.confidence_interval(confidence_level=1 - result.pvalue)
    assert abs(edge.low) < 1e-12


def test_combined_f_by_hand():
    # sum of the ten p^2 = .0009 + .0004 + .0001 + .0016 + .0001 + .0001 + .0016 + .0001
    # + .0004 + .0001 = .0054; 2 * sum s_i^2 = .0032
    f_hand = 0.0054 / 0.0032
    result = st.combined_f_5x2cv(A_5X2, B_5X2)
    assert math.isclose(result.statistic, f_hand, rel_tol=1e-9)
    assert math.isclose(result.pvalue, stats.f.sf(f_hand, 10, 5), rel_tol=1e-9)
    assert math.isclose(result.estimate, 0.016, rel_tol=1e-9)  # mean of the ten p
    assert result.df == 10 and result.method == "5x2cv-f"
    with pytest.raises(ValueError, match="no interval"):
        result.confidence_interval()
    with pytest.raises(ValueError, match="two-sided"):
        st.combined_f_5x2cv(A_5X2, B_5X2, alternative="greater")


def test_the_t_numerator_is_the_first_fold_only():
    """Swapping the first replication's folds changes t (Dietterich's numerator) but not F
    (Alpaydin's point)."""
    swapped_a, swapped_b = A_5X2.copy(), B_5X2.copy()
    swapped_a[0] = swapped_a[0, ::-1]
    swapped_b[0] = swapped_b[0, ::-1]
    t_1 = st.paired_t_5x2cv(A_5X2, B_5X2).statistic
    t_2 = st.paired_t_5x2cv(swapped_a, swapped_b).statistic
    assert math.isclose(t_2 / t_1, 0.02 / 0.03, rel_tol=1e-9)
    f_1 = st.combined_f_5x2cv(A_5X2, B_5X2).statistic
    f_2 = st.combined_f_5x2cv(swapped_a, swapped_b).statistic
    assert math.isclose(f_1, f_2, rel_tol=1e-12)


def test_corrected_resampled_t_by_hand():
    # 10 x 10 cross-validation of 100 differences: 0.01 (50 times) and 0.03 (50 times)
    a = np.r_[np.full(50, 0.91), np.full(50, 0.93)]
    b = np.full(100, 0.90)
    mean, variance = 0.02, 0.0001 * 100 / 99  # deviations +-0.01, divisor J - 1 = 99
    t_plain = mean / math.sqrt(variance / 100)
    t_corrected = mean / math.sqrt((1 / 100 + 1 / 9) * variance)  # test/train = 1/(k-1)
    result = st.corrected_resampled_t(a, b, test_size=0.1)
    assert math.isclose(result.statistic, t_corrected, rel_tol=1e-9)
    assert math.isclose(result.pvalue, 2 * stats.t.sf(t_corrected, 99), rel_tol=1e-9)
    assert result.df == 99 and math.isclose(result.estimate, 0.02, rel_tol=1e-9)
    # the same scores as a (10, 10) array, and n_train/n_test instead of test_size
    as_grid = st.corrected_resampled_t(a.reshape(10, 10), b.reshape(10, 10), n_train=90, n_test=10)
    assert math.isclose(as_grid.statistic, t_corrected, rel_tol=1e-12)
    # the plain t on the same 100 values is st.paired_test
    assert math.isclose(st.paired_test(a, b).statistic, t_plain, rel_tol=1e-9)
    low, high = result.confidence_interval()
    half = stats.t.ppf(0.975, 99) * math.sqrt((1 / 100 + 1 / 9) * variance)
    assert math.isclose(low, 0.02 - half, rel_tol=1e-9)
    assert math.isclose(high, 0.02 + half, rel_tol=1e-9)
    one_sided = st.corrected_resampled_t(a, b, test_size=0.1, alternative="less")
    assert math.isclose(one_sided.pvalue, stats.t.cdf(t_corrected, 99), rel_tol=1e-9)
    assert one_sided.confidence_interval().low == -math.inf


def test_corrected_t_matches_the_published_formula_on_random_scores():
    """Bouckaert and Frank's corrected repeated k-fold t, written out as published:
    t = mean(d) / sqrt((1/(k r) + n_test/n_train) var(d)), k r - 1 degrees of freedom."""
    rng = np.random.default_rng(3)
    for _ in range(20):
        a = rng.uniform(0.7, 0.9, size=(10, 5))
        b = a - rng.normal(0.01, 0.02, size=(10, 5))
        n_train, n_test = int(rng.integers(50, 500)), int(rng.integers(10, 100))
        differences = (a - b).ravel()
        corrected_var = np.var(differences, ddof=1) * (1 / 50 + n_test / n_train)
        t_stat = np.mean(differences) / np.sqrt(corrected_var)
        p_val = 2 * stats.t.sf(abs(t_stat), 49)
        result = st.corrected_resampled_t(a, b, n_train=n_train, n_test=n_test)
        assert close(result.statistic, t_stat) and close(result.pvalue, p_val)


def test_no_difference_at_all():
    same = np.full((5, 2), 0.9)
    for result in (
        st.paired_t_5x2cv(same, same),
        st.combined_f_5x2cv(same, same),
        st.corrected_resampled_t(same, same, test_size=0.5),
    ):
        assert tuple(result) == (0.0, 1.0) and result.estimate == 0.0


def test_results_are_scipy_shaped():
    for result in (
        st.paired_t_5x2cv(A_5X2, B_5X2),
        st.combined_f_5x2cv(A_5X2, B_5X2),
        st.corrected_resampled_t(A_5X2, B_5X2, test_size=0.5),
    ):
        statistic, pvalue = result
        assert isinstance(result, tuple) and (statistic, pvalue) == (result[0], result[1])
        assert isinstance(result.df, float)
        again = pickle.loads(pickle.dumps(result))
        assert again == result
        if result.method != "5x2cv-f":
            assert again.confidence_interval() == result.confidence_interval()


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize("function", [st.paired_t_5x2cv, st.combined_f_5x2cv])
def test_5x2_bad_input(function):
    with pytest.raises(ValueError, match=r"shape \(5, 2\)"):
        function(np.zeros((5, 3)), np.zeros((5, 3)))
    with pytest.raises(ValueError, match=r"shape \(5, 2\)"):
        function(np.zeros(10), np.zeros(10))
    with pytest.raises(ValueError, match="same shape"):
        function(A_5X2, B_5X2[:4])
    bad = A_5X2.copy()
    bad[2, 1] = np.nan
    with pytest.raises(ValueError, match="a contains NaN"):
        function(bad, B_5X2)
    with pytest.raises(ValueError, match="b contains an infinite"):
        function(A_5X2, np.where(B_5X2 > 0.88, np.inf, B_5X2))
    with pytest.raises(TypeError, match="b must be numeric"):
        function(A_5X2, np.full((5, 2), "x"))
    with pytest.raises(ValueError, match="scalar"):
        function(0.9, 0.8)
    with pytest.raises(ValueError, match="alternative"):
        function(A_5X2, B_5X2, alternative="bigger")
    # every replication's two differences equal, not all 0: t and F are infinite
    constant = np.tile([[0.02, 0.02]], (5, 1))
    with pytest.raises(ValueError, match="infinite"):
        function(B_5X2 + constant, B_5X2)


def test_corrected_t_bad_input():
    a, b = A_5X2.ravel(), B_5X2.ravel()
    with pytest.raises(ValueError, match="test_size"):
        st.corrected_resampled_t(a, b)
    with pytest.raises(ValueError, match="not both"):
        st.corrected_resampled_t(a, b, test_size=0.1, n_train=90, n_test=10)
    with pytest.raises(ValueError, match="n_test is missing"):
        st.corrected_resampled_t(a, b, n_train=90)
    with pytest.raises(ValueError, match=r"test_size must lie in \(0, 1\)"):
        st.corrected_resampled_t(a, b, test_size=1.0)
    with pytest.raises(TypeError, match="n_train must be an integer"):
        st.corrected_resampled_t(a, b, n_train=90.0, n_test=10)
    with pytest.raises(ValueError, match="n_test must be an integer >= 1"):
        st.corrected_resampled_t(a, b, n_train=90, n_test=0)
    with pytest.raises(ValueError, match="at least 2"):
        st.corrected_resampled_t([0.9], [0.8], test_size=0.1)
    with pytest.raises(ValueError, match="same shape"):
        st.corrected_resampled_t(a, b[:-1], test_size=0.1)
    with pytest.raises(ValueError, match="infinite"):
        st.corrected_resampled_t(b + 0.01, b, test_size=0.1)


# --- mlxtend, on seeded random datasets and learners ---------------------------------------------


def _datasets():
    X_iris, y_iris = iris_data()
    X_bc, y_bc = load_breast_cancer(return_X_y=True)
    X_wine, y_wine = load_wine(return_X_y=True)
    X_diab, y_diab = load_diabetes(return_X_y=True)
    cases = [
        ("iris tree-2 vs tree-1", X_iris, y_iris, "accuracy",
         lambda: DecisionTreeClassifier(max_depth=2, random_state=0),
         lambda: DecisionTreeClassifier(max_depth=1, random_state=0)),
        ("breast cancer NB vs tree-3", X_bc, y_bc, "accuracy",
         GaussianNB, lambda: DecisionTreeClassifier(max_depth=3, random_state=1)),
        ("wine NB vs 5-NN", X_wine, y_wine, "accuracy", GaussianNB, KNeighborsClassifier),
        ("diabetes ridge vs lasso (R2)", X_diab, y_diab, "r2",
         lambda: Ridge(alpha=1.0), lambda: Lasso(alpha=0.1)),
    ]  # fmt: skip
    for seed in (11, 12):
        X, y = make_classification(
            n_samples=300, n_features=8, n_informative=4, flip_y=0.1, random_state=seed
        )
        cases.append(
            (f"synthetic {seed} NB vs tree-4 (roc_auc)", X, y, "roc_auc",
             GaussianNB, lambda: DecisionTreeClassifier(max_depth=4, random_state=2))
        )  # fmt: skip
    return cases


CASES = _datasets()
SEEDS = (1, 7)
COMPARED: dict[str, list[float]] = {}  # name -> relative differences (for a report)


def _record(name: str, ours: float, theirs: float) -> None:
    COMPARED.setdefault(name, []).append(abs(ours - theirs) / max(1.0, abs(theirs)))
    assert close(ours, theirs), (name, ours, theirs)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_agrees_with_mlxtend_on_random_data(case, seed):
    _, X, y, scoring, make_1, make_2 = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Lasso's convergence warnings: not ours
        a, b = scores_5x2(make_1(), make_2(), X, y, scoring, seed)
        t_mlx, p_mlx = paired_ttest_5x2cv(make_1(), make_2(), X, y, scoring, random_seed=seed)
        f_mlx, pf_mlx = combined_ftest_5x2cv(make_1(), make_2(), X, y, scoring, seed)
        a_k, b_k = scores_kfold(make_1(), make_2(), X, y, scoring, shuffle=True, random_seed=seed)
        t_k, p_k = paired_ttest_kfold_cv(
            make_1(), make_2(), X, y, scoring=scoring, shuffle=True, random_seed=seed
        )
        a_r, b_r, n_train, n_test = scores_resampled(
            make_1(), make_2(), X, y, scoring, num_rounds=15, random_seed=seed
        )
        t_r, p_r = paired_ttest_resampled(
            make_1(), make_2(), X, y, num_rounds=15, scoring=scoring, random_seed=seed
        )
    t_ours = st.paired_t_5x2cv(a, b)
    _record("5x2cv t statistic", t_ours.statistic, t_mlx)
    _record("5x2cv t p-value", t_ours.pvalue, p_mlx)
    f_ours = st.combined_f_5x2cv(a, b)
    _record("5x2cv F statistic", f_ours.statistic, f_mlx)
    _record("5x2cv F p-value", f_ours.pvalue, pf_mlx)
    k_ours = st.paired_test(a_k, b_k)
    _record("k-fold t statistic", k_ours.statistic, t_k)
    _record("k-fold t p-value", k_ours.pvalue, p_k)
    r_ours = st.paired_test(a_r, b_r)
    _record("resampled t statistic", r_ours.statistic, t_r)
    _record("resampled t p-value", r_ours.pvalue, p_r)
    # mlxtend's resampled t is the uncorrected one: the corrected t is smaller by exactly
    # sqrt(1 + J n_test / n_train)
    corrected = st.corrected_resampled_t(a_r, b_r, n_train=n_train, n_test=n_test)
    factor = math.sqrt(1 + 15 * n_test / n_train)
    assert math.isclose(t_r / corrected.statistic, factor, rel_tol=1e-10)
    assert corrected.pvalue > p_r


def test_mlxtend_kfold_without_shuffling_is_paired_test():
    X, y = load_breast_cancer(return_X_y=True)
    a, b = scores_kfold(GaussianNB(), KNeighborsClassifier(), X, y, "accuracy", cv=5)
    t, p = paired_ttest_kfold_cv(GaussianNB(), KNeighborsClassifier(), X, y, cv=5)
    ours = st.paired_test(a, b)
    _record("k-fold t statistic", ours.statistic, t)
    _record("k-fold t p-value", ours.pvalue, p)
    assert ours.df == 4


# --- mlxtend's own published test values ---------------------------------------------------------
# mlxtend/evaluate/tests/test_paired_ttest_5x2cv.py, test_combined_ftest_5x2cv.py,
# test_paired_ttest_kfold.py and test_paired_ttest_resampled.py (rasbt/mlxtend), rounded as
# they are published there, reproduced through evalmetrics from the scores on mlxtend's splits.


def _iris_pair(max_depth=None):
    return (
        LogisticRegression(random_state=1, solver="lbfgs"),
        DecisionTreeClassifier(random_state=1, max_depth=max_depth),
    )


PUBLISHED = [
    # (test, learners, scoring, (statistic, p) published to 3 decimals)
    ("5x2cv t", "iris", "accuracy", (0.0, 1.0)),
    ("5x2cv t", "iris depth 1", "accuracy", (7.269, 0.001)),
    ("5x2cv t", "iris", "f1_macro", (0.0, 1.0)),
    ("5x2cv t", "boston", "r2", (-0.599, 0.575)),
    ("5x2cv F", "iris", "accuracy", (1.14, 0.47)),
    ("5x2cv F", "iris depth 1", "accuracy", (59.587, 0.0)),
    ("5x2cv F", "iris", "f1_macro", (1.128, 0.475)),
    ("5x2cv F", "boston", "r2", (3.211, 0.105)),
    ("k-fold t", "iris", "accuracy", (0.0, 1.0)),
    ("k-fold t", "iris depth 1", "accuracy", (22.277, 0.0)),
    ("k-fold t", "iris", "recall_micro", (0.0, 1.0)),
    ("k-fold t", "boston", "r2", (-0.549, 0.596)),
    ("resampled t", "iris", "accuracy", (3.616, 0.001)),
    ("resampled t", "iris depth 1", "accuracy", (42.464, 0.0)),
    ("resampled t", "iris", "f1_macro", (3.715, 0.001)),
    ("resampled t", "boston", "r2", (-7.697, 0.0)),
]


@pytest.mark.parametrize(
    ("test", "learners", "scoring", "published"),
    PUBLISHED,
    ids=[f"{t}, {lrn}, {s}" for t, lrn, s, _ in PUBLISHED],
)
def test_mlxtends_published_values(test, learners, scoring, published):
    if learners == "boston":
        X, y = boston_housing_data()
        pair = (Lasso(random_state=1), Ridge(random_state=1))
    else:
        X, y = iris_data()
        pair = _iris_pair(max_depth=1 if learners == "iris depth 1" else None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # lbfgs's convergence warnings on raw iris: mlxtend's
        if test.startswith("5x2cv"):
            a, b = scores_5x2(*pair, X, y, scoring, random_seed=1)
            function = st.paired_t_5x2cv if test == "5x2cv t" else st.combined_f_5x2cv
            result = function(a, b)
        elif test == "k-fold t":
            result = st.paired_test(*scores_kfold(*pair, X, y, scoring, random_seed=1))
        else:
            a, b, _, _ = scores_resampled(*pair, X, y, scoring, random_seed=1)
            result = st.paired_test(a, b)
    assert (round(result.statistic, 3), round(result.pvalue, 3)) == published
