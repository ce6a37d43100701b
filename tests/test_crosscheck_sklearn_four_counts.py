"""Cross-checks of the four-count metrics against scikit-learn, 1,000 seeded cases.

MCC (binary and multiclass: Gorodkin's R_K, ``matthews_corrcoef``), Cohen's kappa
(``cohen_kappa_score``, ``weights=None`` only), balanced accuracy (``balanced_accuracy_score``),
Youden's J (``balanced_accuracy_score(adjusted=True)`` for two classes), the likelihood ratios
(``class_likelihood_ratios``) and NPV (``precision_score`` with the negative class as
``pos_label``; per class one-vs-rest from ``multilabel_confusion_matrix``). Each test runs 10
blocks of 100 cases; a block checks all its cases before it fails, listing every failing case
with its seed. Cases are tiny (1-8 samples, sometimes up to 60), with absent classes, single
labels and heavy imbalance, so the undefined cases are met often.
"""

import contextlib
import functools
import warnings

import numpy as np
import pytest
from sklearn.metrics import (
    balanced_accuracy_score,
    class_likelihood_ratios,
    cohen_kappa_score,
    matthews_corrcoef,
    multilabel_confusion_matrix,
    precision_score,
)
from sklearn.metrics import confusion_matrix as sk_confusion_matrix
from support import run_block, tiered

import evalmetrics as em

N_CASES = 1000
N_BLOCKS = 10
BLOCK_SIZE = N_CASES // N_BLOCKS
SEED = 20261414
LABEL_SETS = (
    np.array([0, 1, 2, 3, 4]),
    np.array([-3, 1, 7, 12, 40]),
    np.array(["ant", "bee", "cat", "dog", "eel"]),
)


_run_block = functools.partial(run_block, size=BLOCK_SIZE, seed=SEED, pass_as="rng", quiet=True)


@contextlib.contextmanager
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _draw(rng, values, n):
    style = rng.choice(3, p=[0.45, 0.4, 0.15])
    if style == 0 or len(values) == 1:
        return rng.choice(values, n)
    if style == 1:
        return rng.choice(values, n, p=rng.dirichlet(np.full(len(values), 0.3)))
    return np.full(n, values[rng.integers(len(values))])


def labels_case(rng, *, binary):
    """(y_true, y_pred, classes drawn) for one case."""
    pool = LABEL_SETS[rng.integers(len(LABEL_SETS))]
    k = 2 if binary else (1 if rng.random() < 0.08 else int(rng.integers(2, 6)))
    classes = np.sort(rng.choice(pool, k, replace=False))
    n = int(rng.integers(1, 9)) if rng.random() < 0.8 else int(rng.integers(9, 61))
    y_true = _draw(rng, classes, n)
    if rng.random() < 0.4:
        y_pred = y_true.copy()
        flip = rng.random(n) < rng.random()
        y_pred[flip] = _draw(rng, classes, int(flip.sum()))
    else:
        y_pred = _draw(rng, classes, n)
    return y_true, y_pred, classes


def _same(got, want, *, exact=True):
    if np.isnan(want):
        assert np.isnan(got), (got, want)
    elif exact:
        assert got == want, (got, want)
    else:
        assert abs(got - want) <= 1e-12, (got, want)


# make test runs the first three blocks (300 cases: every kind of case the generator draws, at 8 %
# or more, comes up dozens of times), make test-full all ten
per_block = pytest.mark.parametrize("block", tiered(range(N_BLOCKS), range(3)))
binary_or_not = pytest.mark.parametrize("binary", [True, False], ids=["binary", "multiclass"])


@binary_or_not
@per_block
def test_mcc_matches_matthews_corrcoef_bit_for_bit_1000_cases(block, binary):
    """scikit-learn returns 0.0 where MCC is 0/0: zero_division=0.0 is that value."""

    def one_case(rng):
        y_true, y_pred, _ = labels_case(rng, binary=binary)
        want = matthews_corrcoef(y_true, y_pred)
        _same(em.mcc(y_true, y_pred, zero_division=0.0), want)
        if binary:  # the Counts property: nan (not 0.0) where one class is missing
            got = em.Counts.one_vs_rest(em.confusion_matrix(y_true, y_pred))[-1].mcc
            if len(np.unique(y_true)) < 2 or len(np.unique(y_pred)) < 2:
                assert np.isnan(got) and want == 0.0, (got, want)
            else:
                assert got == want, (got, want)

    _run_block(block, one_case)


@binary_or_not
@per_block
def test_cohen_kappa_matches_cohen_kappa_score_bit_for_bit_1000_cases(block, binary):
    def one_case(rng):
        y_true, y_pred, _ = labels_case(rng, binary=binary)
        want = cohen_kappa_score(y_true, y_pred)  # weights=None; nan where 0/0
        _same(em.cohen_kappa(y_true, y_pred, zero_division=np.nan), want)
        swapped = em.cohen_kappa(y_pred, y_true, zero_division=np.nan)
        _same(swapped, cohen_kappa_score(y_pred, y_true))
        _same(swapped, want, exact=False)  # symmetric, up to the order of the sums

    _run_block(block, one_case)


@binary_or_not
@per_block
def test_balanced_accuracy_matches_balanced_accuracy_score_bit_for_bit_1000_cases(block, binary):
    """scikit-learn leaves a class without true samples out: zero_division=nan does too."""

    def one_case(rng):
        y_true, y_pred, _ = labels_case(rng, binary=binary)
        want = balanced_accuracy_score(y_true, y_pred)
        _same(em.balanced_accuracy(y_true, y_pred, zero_division=np.nan), want)

    _run_block(block, one_case)


@per_block
def test_youden_j_matches_adjusted_balanced_accuracy_1000_cases(block):
    """For two classes that both occur in y_true, adjusted=True is 2 BA - 1 = J (to 1e-12: the
    order of operations differs); with a class missing from y_true J is undefined."""

    def one_case(rng):
        y_true, y_pred, classes = labels_case(rng, binary=True)
        pos = classes[1]
        got = em.youden_j(y_true, y_pred, pos_label=pos, zero_division=np.nan)
        if len(np.unique(y_true)) == 2:
            _same(got, balanced_accuracy_score(y_true, y_pred, adjusted=True), exact=False)
        else:
            assert np.isnan(got), got

    _run_block(block, one_case)


@per_block
def test_likelihood_ratios_match_class_likelihood_ratios_bit_for_bit_1000_cases(block):
    def one_case(rng):
        y_true, y_pred, classes = labels_case(rng, binary=True)
        neg, pos = classes
        want_plus, want_minus = class_likelihood_ratios(
            y_true, y_pred, labels=[neg, pos], replace_undefined_by=np.nan
        )
        # scikit-learn (1.9.1) returns nan for x/0 with x > 0 as well; the package's rule makes
        # that +inf: LR+ when FP = 0 with TP > 0 and some negatives, LR- when TN = 0 with FN > 0
        # and some negatives (counts from sklearn's confusion matrix, [[tn, fp], [fn, tp]])
        (tn, fp), (fn, tp) = sk_confusion_matrix(y_true, y_pred, labels=[neg, pos])
        if fp == 0 and tp > 0 and tn + fp > 0:
            assert np.isnan(want_plus)
            want_plus = np.inf
        if tn == 0 and fn > 0 and tn + fp > 0:
            assert np.isnan(want_minus)
            want_minus = np.inf
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # the +inf cases say so
            _same(em.lr_plus(y_true, y_pred, pos_label=pos, zero_division=np.nan), want_plus)
            _same(em.lr_minus(y_true, y_pred, pos_label=pos, zero_division=np.nan), want_minus)
            c = em.counts(y_true, y_pred, pos_label=pos)
            _same(c.lr_plus, want_plus)
            _same(c.lr_minus, want_minus)

    _run_block(block, one_case)


@per_block
def test_npv_matches_negative_class_precision_1000_cases(block):
    def one_case(rng):
        y_true, y_pred, classes = labels_case(rng, binary=True)
        neg, pos = classes
        want = precision_score(y_true, y_pred, pos_label=neg, zero_division=np.nan)
        _same(em.npv(y_true, y_pred, pos_label=pos, zero_division=np.nan), want)
        _same(em.counts(y_true, y_pred, pos_label=pos).npv, want)

    _run_block(block, one_case)


@per_block
def test_npv_per_class_and_one_vs_rest_counts_match_multilabel_confusion_matrix(block):
    def one_case(rng):
        y_true, y_pred, _ = labels_case(rng, binary=False)
        labels = np.union1d(y_true, y_pred)
        mcm = multilabel_confusion_matrix(y_true, y_pred, labels=labels)  # [[tn, fp], [fn, tp]]
        tn, fn = mcm[:, 0, 0], mcm[:, 1, 0]
        with np.errstate(invalid="ignore"):
            want = np.where(tn + fn > 0, tn / np.maximum(tn + fn, 1), np.nan)
        got = em.npv(y_true, y_pred, average=None, zero_division=np.nan)
        np.testing.assert_array_equal(got, want)
        ovr = em.Counts.one_vs_rest(em.confusion_matrix(y_true, y_pred))
        assert [c.to_matrix().tolist() for c in ovr] == mcm.tolist()

    _run_block(block, one_case)
