"""Cross-checks against scikit-learn on seeded random cases (the count is in each test's name).

Cases are tiny (1-8 samples, sometimes up to 60), with heavy ties, extreme imbalance and absent
classes; binary and multiclass; numeric and string labels. Each test runs in 10 blocks of 100
cases (``block``) and a block checks all its cases before it fails, so the failure lists every
mismatching case of the block with its inputs and values, and
``np.random.default_rng(SEED + case)`` reproduces each.
"""

import contextlib
import functools
import warnings

import numpy as np
import pytest
from sklearn.exceptions import UndefinedMetricWarning as SklearnUndefinedMetricWarning
from sklearn.metrics import (
    accuracy_score,
    average_precision_score,
    f1_score,
    fbeta_score,
    multilabel_confusion_matrix,
    precision_recall_curve,
    precision_recall_fscore_support,
    precision_score,
    recall_score,
    roc_auc_score,
    roc_curve,
)
from sklearn.metrics import confusion_matrix as sk_confusion_matrix
from support import run_block, tiered

import evalmetrics as em

N_CASES = 1000
N_BLOCKS = 10
BLOCK_SIZE = N_CASES // N_BLOCKS
SEED = 20240601
ZERO_DIVISIONS = (0.0, 1.0, np.nan)
# 3.544967557839694: a beta whose square Python computes (beta**2, as scikit-learn writes it) one
# bit away from beta * beta, so the cross-check sees how the square is taken
BETAS = (0.5, 1.0, 2.0, 3.7, 3.544967557839694)
LABEL_SETS = (
    np.array([0, 1, 2, 3, 4]),
    np.array([-3, 1, 7, 12, 40]),
    np.array(["ant", "bee", "cat", "dog", "eel"]),
)


_run_block = functools.partial(run_block, size=BLOCK_SIZE, seed=SEED, pass_as="case")


@contextlib.contextmanager
def _quiet():
    """Silence the expected warnings of both libraries (0/0, single label) inside a block."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _size(rng):
    return int(rng.integers(1, 9)) if rng.random() < 0.8 else int(rng.integers(9, 61))


def _draw(rng, values, n):
    """n draws from values, uniform, heavily skewed, or all one value."""
    style = rng.choice(3, p=[0.45, 0.4, 0.15])
    if style == 0 or len(values) == 1:
        return rng.choice(values, n)
    if style == 1:
        p = rng.dirichlet(np.full(len(values), 0.3))
        return rng.choice(values, n, p=p)
    return np.full(n, values[rng.integers(len(values))])


def labels_case(rng, *, binary):
    """(y_true, y_pred, label pool) for a classification cross-check."""
    pool = LABEL_SETS[rng.integers(len(LABEL_SETS))]
    k = 2 if binary else (1 if rng.random() < 0.08 else int(rng.integers(2, 6)))
    classes = rng.choice(pool, k, replace=False)
    n = _size(rng)
    y_true = _draw(rng, classes, n)
    if rng.random() < 0.4:  # predictions close to the truth
        y_pred = y_true.copy()
        flip = rng.random(n) < rng.random()
        y_pred[flip] = _draw(rng, classes, int(flip.sum()))
    else:
        y_pred = _draw(rng, classes, n)
    return y_true, y_pred, pool


def scores_case(rng):
    """(y_true in {0, 1}, y_score) with heavy ties; about 10% hold a single class."""
    n = _size(rng)
    style = rng.choice(3, p=[0.1, 0.3, 0.6])
    if style == 0:  # one class only
        y = np.full(n, rng.integers(0, 2))
    elif style == 1:  # extreme imbalance: one or two of the minority class
        majority = rng.integers(0, 2)
        y = np.full(n, majority)
        y[rng.choice(n, min(n - 1, int(rng.integers(1, 3))), replace=False)] = 1 - majority
    else:
        y = (rng.random(n) < rng.random()).astype(int)
        if n > 1 and y.min() == y.max():
            y[rng.integers(n)] = 1 - y[0]
    kind = rng.integers(3)
    if kind == 0:
        s = rng.integers(0, int(rng.integers(1, 5)), n).astype(float)  # heavy ties
    elif kind == 1:
        s = np.round(rng.random(n) + 0.3 * y, 1)
    else:
        s = rng.normal(size=n) * 10.0 ** rng.integers(-3, 4)
    return y, s


def _describe(case, **arrays):
    body = ", ".join(f"{k}={np.asarray(v).tolist()!r}" for k, v in arrays.items())
    return f"case {case} (rng seed {SEED + case}): {body}"


# make test runs the first three blocks (300 cases: every kind of case the generator draws, at 8 %
# or more, comes up dozens of times), make test-full all ten
per_block = pytest.mark.parametrize("block", tiered(range(N_BLOCKS), range(3)))


# --- confusion matrix ---------------------------------------------------------------------------


@per_block
def test_confusion_matrix_matches_sklearn_1000_cases(block):
    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        y_true, y_pred, pool = labels_case(rng, binary=False)
        labels = None
        if rng.random() < 0.5:  # a shuffled superset of the present labels
            present = np.union1d(y_true, y_pred)
            extra = rng.choice(pool, int(rng.integers(0, 3)), replace=False)
            labels = rng.permutation(np.union1d(present, extra))
        ours = em.confusion_matrix(y_true, y_pred, labels=labels)
        with _quiet():
            theirs = sk_confusion_matrix(y_true, y_pred, labels=labels)
        assert np.array_equal(ours, theirs), _describe(
            case, y_true=y_true, y_pred=y_pred, labels=labels if labels is not None else []
        )

    _run_block(block, one_case)


# --- precision, recall, F-beta ------------------------------------------------------------------


def _expected_average(per_class, support, average, theirs):
    """scikit-learn's averaged value, except for the one documented difference: when every class
    with a defined (non-nan) value has zero support, the weighted mean is 0/0 and we return nan
    (scikit-learn falls back to the unweighted mean)."""
    if average == "weighted":
        defined = ~np.isnan(per_class)
        if defined.any() and support[defined].sum() == 0:
            return np.nan
    return theirs


@pytest.mark.parametrize("average", ["binary", "micro", "macro", "weighted", None])
@per_block
def test_precision_recall_fbeta_match_sklearn_1000_cases(block, average):
    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        y_true, y_pred, pool = labels_case(rng, binary=average == "binary")
        zero_division = ZERO_DIVISIONS[case % 3]
        beta = BETAS[(case // 3) % len(BETAS)]
        labels = None
        pos_label = 1
        if average == "binary":
            present = np.union1d(y_true, y_pred)
            # usually a present label; sometimes absent (error if two labels are present)
            pos_label = present[rng.integers(len(present))].item()
            if rng.random() < 0.1:
                pos_label = pool[rng.integers(len(pool))].item()
        elif rng.random() < 0.5:
            present = np.union1d(y_true, y_pred)
            extra = rng.choice(pool, int(rng.integers(0, 3)), replace=False)
            labels = rng.permutation(np.union1d(present, extra))
        where = (
            _describe(
                case,
                y_true=y_true,
                y_pred=y_pred,
                labels=labels if labels is not None else [],
            )
            + f", pos_label={pos_label!r}, beta={beta}, zero_division={zero_division}"
        )
        kwargs = dict(average=average, labels=labels, zero_division=zero_division)
        try:
            with _quiet():
                theirs = precision_recall_fscore_support(
                    y_true, y_pred, beta=beta, pos_label=pos_label, **kwargs
                )
        except ValueError:
            # scikit-learn rejects it (two labels without pos_label): so must we, naming pos_label
            with pytest.raises(ValueError, match="pos_label"):
                em.precision(y_true, y_pred, pos_label=pos_label, **kwargs)
            return
        with _quiet():
            ours = (
                em.precision(y_true, y_pred, pos_label=pos_label, **kwargs),
                em.recall(y_true, y_pred, pos_label=pos_label, **kwargs),
                em.fbeta(y_true, y_pred, beta=beta, pos_label=pos_label, **kwargs),
            )
        if average == "weighted":
            with _quiet():
                per_class = precision_recall_fscore_support(
                    y_true,
                    y_pred,
                    beta=beta,
                    average=None,
                    labels=labels,
                    zero_division=zero_division,
                )
            support = per_class[3]
            theirs = tuple(
                _expected_average(per_class[i], support, average, theirs[i]) for i in range(3)
            )
        for name, got, want in zip(("precision", "recall", "fbeta"), ours, theirs[:3], strict=True):
            # bit for bit: the same counts divided in the same order
            np.testing.assert_array_equal(got, want, err_msg=f"{name}: {where}")

    _run_block(block, one_case)


@per_block
def test_accuracy_and_e_measure_match_sklearn_1000_cases(block):
    """accuracy against accuracy_score, and the E-measure against 1 - fbeta_score (scikit-learn
    has no E): bit for bit, on the same random cases as precision and recall."""

    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        y_true, y_pred, _ = labels_case(rng, binary=True)
        where = _describe(case, y_true=y_true, y_pred=y_pred)
        assert em.accuracy(y_true, y_pred) == accuracy_score(y_true, y_pred), where
        present = np.union1d(y_true, y_pred)
        pos_label = present[-1].item()
        beta = BETAS[case % len(BETAS)]
        with _quiet():
            ours = em.e_measure(y_true, y_pred, beta=beta, pos_label=pos_label, zero_division=1.0)
            theirs = 1 - fbeta_score(
                y_true, y_pred, beta=beta, pos_label=pos_label, zero_division=0.0
            )
        assert ours == theirs, where

    _run_block(block, one_case)


# the review's cases: a class never predicted, a class absent from y_true (labels)
AVERAGING_CASES = [
    ([0, 1, 2, 2], [0, 0, 2, 2], None),  # class 1 never predicted: its precision is 0/0
    ([0, 1, 2, 2], [0, 0, 1, 1], None),  # class 2 never predicted; recall macro = 1/3
    ([0, 1, 1], [1, 1, 1], None),
    ([0, 1, 2, 2], [0, 0, 2, 2], [0, 1, 2, 3]),  # class 3 nowhere: recall and F are 0/0 too
    (["a", "b", "c", "a"], ["a", "b", "b", "b"], ["a", "b", "c", "d"]),
]


@pytest.mark.parametrize("zero_division", [0.0, 1.0, np.nan, "warn"])
@pytest.mark.parametrize("average", ["macro", "weighted"])
@pytest.mark.parametrize("y_true, y_pred, labels", AVERAGING_CASES)
def test_macro_and_weighted_with_undefined_classes_match_sklearn(
    y_true, y_pred, labels, average, zero_division
):
    """A numeric zero_division counts in the average as that value, nan leaves the class out
    (scikit-learn's zero_division=np.nan), agreement to 1e-12; "warn" leaves it out too (with
    one warning), so it agrees with scikit-learn's zero_division=np.nan (version 1.9.1)."""
    theirs_zd = np.nan if zero_division == "warn" else zero_division
    kwargs = dict(average=average, labels=labels)
    for ours_f, theirs_f in (
        (em.precision, precision_score),
        (em.recall, recall_score),
        (em.f1, f1_score),
    ):
        with _quiet():
            want = theirs_f(y_true, y_pred, zero_division=theirs_zd, **kwargs)
            got = ours_f(y_true, y_pred, zero_division=zero_division, **kwargs)
            per_class = theirs_f(
                y_true, y_pred, **{**kwargs, "average": None}, zero_division=np.nan
            )
        if np.isnan(per_class).all():
            assert np.isnan(got) and np.isnan(want), ours_f.__name__
            continue
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-12, err_msg=ours_f.__name__)


def test_the_reviewers_recall_case():
    # class 2 is never predicted and class 1's recall is 0: (1 + 0 + 0) / 3
    with _quiet():
        assert recall_score([0, 1, 2, 2], [0, 0, 1, 1], average="macro", zero_division=0.0) == (
            pytest.approx(1 / 3, abs=1e-12)
        )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = em.recall([0, 1, 2, 2], [0, 0, 1, 1], average="macro", zero_division=0.0)
    assert got == pytest.approx(1 / 3, abs=1e-12)


@per_block
def test_specificity_matches_sklearn_1000_cases(block):
    """Binary: sklearn's recall of the negative label. Multiclass: TN / (TN + FP) derived by
    hand from sklearn's one-vs-rest ``multilabel_confusion_matrix``."""

    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        binary = case % 2 == 0
        y_true, y_pred, pool = labels_case(rng, binary=binary)
        zero_division = ZERO_DIVISIONS[case % 3]
        where = _describe(case, y_true=y_true, y_pred=y_pred) + f", zd={zero_division}"
        present = np.union1d(y_true, y_pred)
        if binary:
            if len(present) < 2:
                continue_with = pool[~np.isin(pool, present)][0]
                present = np.union1d(present, [continue_with])
            pos, neg = present[rng.permutation(2)]
            with _quiet():
                want = recall_score(
                    y_true, y_pred, pos_label=neg.item(), zero_division=zero_division
                )
                got = em.specificity(
                    y_true, y_pred, pos_label=pos.item(), zero_division=zero_division
                )
            np.testing.assert_array_equal(got, want, err_msg=where)
            return
        mcm = multilabel_confusion_matrix(y_true, y_pred, labels=present)
        tn, fp = mcm[:, 0, 0], mcm[:, 0, 1]
        support = mcm[:, 1, 0] + mcm[:, 1, 1]
        denominator = tn + fp
        per_class = np.where(denominator > 0, tn / np.maximum(denominator, 1), zero_division)
        defined = ~np.isnan(per_class)
        expected = {
            None: per_class,
            "micro": tn.sum() / denominator.sum() if denominator.sum() else zero_division,
            "macro": per_class[defined].mean() if defined.any() else np.nan,
        }
        if defined.any() and support[defined].sum() > 0:
            w = support[defined]
            expected["weighted"] = (per_class[defined] * w).sum() / w.sum()
        else:
            expected["weighted"] = np.nan
        for average, want in expected.items():
            with _quiet():
                got = em.specificity(y_true, y_pred, average=average, zero_division=zero_division)
            np.testing.assert_allclose(got, want, rtol=1e-14, atol=0, err_msg=f"{average}: {where}")

    _run_block(block, one_case)


# --- curves -------------------------------------------------------------------------------------


@per_block
def test_roc_curve_matches_sklearn_bit_for_bit_1000_cases(block):
    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        y, s = scores_case(rng)
        pos_label = 1
        if case % 4 == 1:  # other encodings of the two classes
            y = np.where(y == 1, "yes", "no")
            pos_label = "yes"
        elif case % 4 == 2:
            y = np.where(y == 1, -1, 5)
            pos_label = -1
        with _quiet():
            ours = em.roc_curve(y, s, pos_label=pos_label)
            theirs = roc_curve(y, s, pos_label=pos_label, drop_intermediate=False)
        for name, got, want in zip(("fpr", "tpr", "thresholds"), ours, theirs, strict=True):
            np.testing.assert_array_equal(got, want, err_msg=f"{name}: {_describe(case, y=y, s=s)}")

    _run_block(block, one_case)


@per_block
def test_pr_curve_matches_sklearn_reversed_without_its_end_point_1000_cases(block):
    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        y, s = scores_case(rng)
        if y.sum() == 0:
            y[rng.integers(len(y))] = 1  # without positives scikit-learn sets recall to 1
        precision, recall, thresholds = em.pr_curve(y, s)
        p, r, t = precision_recall_curve(y, s, drop_intermediate=False)
        where = _describe(case, y=y, s=s)
        np.testing.assert_array_equal(precision, p[:-1][::-1], err_msg=where)
        np.testing.assert_array_equal(recall, r[:-1][::-1], err_msg=where)
        np.testing.assert_array_equal(thresholds, t[::-1], err_msg=where)

    _run_block(block, one_case)


@per_block
def test_roc_auc_matches_sklearn_1000_cases(block):
    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        y, s = scores_case(rng)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SklearnUndefinedMetricWarning)
            warnings.simplefilter("ignore", em.UndefinedMetricWarning)
            want = roc_auc_score(y, s)
            got = em.roc_auc(y, s)
        np.testing.assert_allclose(got, want, rtol=1e-13, atol=0, err_msg=_describe(case, y=y, s=s))
        if y.min() == y.max():
            assert np.isnan(got)

    _run_block(block, one_case)


@per_block
def test_average_precision_matches_sklearn_1000_cases(block):
    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        y, s = scores_case(rng)
        where = _describe(case, y=y, s=s)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = em.average_precision(y, s)
            want = average_precision_score(y, s)
        if y.sum() == 0:
            # documented difference: no positives is 0/0 here, 0.0 in scikit-learn
            assert np.isnan(got) and want == 0.0, where
            return
        np.testing.assert_allclose(got, want, rtol=1e-13, atol=0, err_msg=where)

    _run_block(block, one_case)


# --- the fast paths equal the sweep-based definitions ----------------------------------------


@per_block
def test_fast_auc_and_ap_equal_sweep_trapezoid_and_step_sums_1000_cases(block):
    def one_case(case):
        rng = np.random.default_rng(SEED + case)
        y, s = scores_case(rng)
        if y.min() == y.max():
            y[rng.integers(len(y))] = 1 - y[0]  # both classes needed for both definitions
            if y.min() == y.max():
                return  # a single sample cannot hold both classes
        where = _describe(case, y=y, s=s)
        sweep = em.sweep(y, s)
        fpr, tpr = sweep.fp / sweep.n_neg, sweep.tp / sweep.n_pos
        trapezoid = float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2))
        np.testing.assert_allclose(
            em.roc_auc(y, s), trapezoid, rtol=1e-13, atol=1e-15, err_msg=where
        )
        # brute-force Mann-Whitney count over all pairs (n <= 60 here)
        pos, neg = s[y == 1], s[y == 0]
        diff = pos[:, None] - neg[None, :]
        u = np.sum(diff > 0) + 0.5 * np.sum(diff == 0)
        assert em.roc_auc(y, s) == u / (len(pos) * len(neg)), where
        # step sum over the distinct thresholds: sum (R_n - R_{n-1}) P_n
        tp, fp = sweep.tp[1:], sweep.fp[1:]
        recall = tp / sweep.n_pos
        precision = tp / (tp + fp)
        steps = np.diff(np.concatenate([[0.0], recall])) * precision
        np.testing.assert_allclose(
            em.average_precision(y, s), steps.sum(), rtol=1e-13, atol=0, err_msg=where
        )

    _run_block(block, one_case)


# --- the options that give scikit-learn's curves exactly -------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_roc_curve_drop_intermediate_is_sklearn_default(seed):
    """drop_intermediate=True equals scikit-learn's default roc_curve bit for bit (ties and
    collinear runs included: scores drawn from few values)."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 60))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    scores = rng.integers(0, int(rng.integers(2, 12)), n) / 4.0
    from sklearn.metrics import roc_curve

    for drop in (True, False):
        want = roc_curve(y, scores, drop_intermediate=drop)
        got = em.roc_curve(y, scores, drop_intermediate=drop)
        for g, w in zip(got, want, strict=True):
            np.testing.assert_array_equal(g, w)


@pytest.mark.parametrize("seed", range(40))
def test_pr_curve_ascending_with_final_point_is_sklearn(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 60))
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    scores = rng.integers(0, int(rng.integers(2, 12)), n) / 4.0
    from sklearn.metrics import precision_recall_curve

    want = precision_recall_curve(y, scores)
    got = em.pr_curve(y, scores, order="ascending", final_point=True)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w)
    # descending with the final point: the same points in the book's order, (1, 0) first
    p, r, t = em.pr_curve(y, scores, final_point=True)
    np.testing.assert_array_equal(p, want[0][::-1])
    np.testing.assert_array_equal(r, want[1][::-1])
    np.testing.assert_array_equal(t, want[2][::-1])


def test_curve_options_are_checked():
    with pytest.raises(ValueError, match="order must be one of"):
        em.pr_curve([0, 1], [0.1, 0.9], order="up")
    with pytest.raises(TypeError, match="final_point must be True or False"):
        em.pr_curve([0, 1], [0.1, 0.9], final_point=1)
    with pytest.raises(TypeError, match="drop_intermediate must be True or False"):
        em.roc_curve([0, 1], [0.1, 0.9], drop_intermediate="yes")
