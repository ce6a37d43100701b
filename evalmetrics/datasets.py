"""Real data for the book's examples, from data sets that ship with scikit-learn (no network).

This module is not imported by ``import evalmetrics`` (the core needs numpy only); it imports
scikit-learn when a function is called.
"""

from __future__ import annotations

import numpy as np

from ._validation import check_nonnegative_int

__all__ = ["breast_cancer_scores", "make_imbalanced"]


def breast_cancer_scores(*, random_state: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Labels and a logistic regression's scores on held-out breast-cancer cases.

    The Wisconsin diagnostic breast-cancer data :cite:p:`street1993` (569 cases, 212 malignant)
    is split in half, stratified by class. A logistic regression on standardised features is
    fitted on one half and scores the other half. The **positive class is "malignant"** (the
    condition we look for), so ``y_true`` is 1 for malignant; scikit-learn's own target codes
    malignant as 0.

    Parameters
    ----------
    random_state : int, default=0
        Seed of the train/test split.

    Returns
    -------
    y_true : ndarray of int, shape (285,)
        1 for malignant, 0 for benign.
    y_score : ndarray of float, shape (285,)
        The model's estimated probability of malignant.

    Examples
    --------
    >>> from evalmetrics.datasets import breast_cancer_scores
    >>> y_true, y_score = breast_cancer_scores()
    >>> y_true.shape, int(y_true.sum())
    ((285,), 106)
    """
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    features, target = load_breast_cancer(return_X_y=True)
    malignant = (target == 0).astype(int)
    x_train, x_test, y_train, y_test = train_test_split(
        features, malignant, test_size=0.5, stratify=malignant, random_state=random_state
    )
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=5000))
    model.fit(x_train, y_train)
    return y_test, model.predict_proba(x_test)[:, 1]


def make_imbalanced(
    y_true: np.ndarray,
    y_score: np.ndarray,
    *,
    n_positive: int,
    random_state: int = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """Keep every negative and a seeded random subset of ``n_positive`` positives.

    Use it to turn a balanced evaluation set into a rare-positive one (screening, fraud,
    earthquakes) without retraining the model.

    Parameters
    ----------
    y_true : array-like of 0/1
        Labels, 1 = positive.
    y_score : array-like of float
        Scores of the same cases.
    n_positive : int
        How many positives to keep; at most the number available.
    random_state : int, default=0
        Seed of the subset.

    Returns
    -------
    y_true, y_score : ndarray
        The subset, in the original order.

    Raises
    ------
    ValueError
        If ``n_positive`` exceeds the positives available, or the arrays differ in length.

    Examples
    --------
    >>> import numpy as np
    >>> y, s = make_imbalanced(np.array([1, 0, 1, 0, 1]), np.arange(5.0), n_positive=1)
    >>> int(y.sum()), len(y)
    (1, 3)
    """
    y_true = np.asarray(y_true)
    y_score = np.asarray(y_score)
    if y_true.shape != y_score.shape:
        raise ValueError(
            f"length mismatch: y_true has {len(y_true)} values, y_score has {len(y_score)}"
        )
    n_positive = check_nonnegative_int(n_positive, "n_positive")
    positives = np.flatnonzero(y_true == 1)
    if n_positive > len(positives):
        raise ValueError(f"n_positive is {n_positive} but y_true holds only {len(positives)}")
    rng = np.random.default_rng(random_state)
    keep_positive = rng.choice(positives, size=n_positive, replace=False)
    keep = np.sort(np.concatenate([np.flatnonzero(y_true != 1), keep_positive]))
    return y_true[keep], y_score[keep]
