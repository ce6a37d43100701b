"""Real data for the book's examples, from data sets that ship with scikit-learn (no network).

This module is not imported by ``import evalmetrics`` (the core needs numpy only); it imports
scikit-learn when a function is called.
"""

from __future__ import annotations

import numpy as np

from ._validation import as_1d, check_consistent_length, check_nonnegative_int

__all__ = ["breast_cancer_scores", "make_imbalanced", "rank_by_distance"]


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


def rank_by_distance(
    features: np.ndarray,
    labels: np.ndarray,
    *,
    queries: np.ndarray | None = None,
) -> np.ndarray:
    """A retrieval task from labelled data: rank every other item by distance to a query.

    For each query item, all other items are ranked by squared Euclidean distance to it,
    nearest first, and an item is relevant when it has the query's label (for digits: the
    same digit). Ties in distance go to the lower index (a stable sort). The result is the
    ``rels`` input of :mod:`evalmetrics.ranking`: one row per query, one column per rank.

    Parameters
    ----------
    features : array-like of shape (n_items, n_features)
        One row per item (for example the 64 pixels of a digit image).
    labels : array-like of shape (n_items,)
        The class of each item; relevance is "same label as the query".
    queries : array-like of int, optional
        Indices of the query items; default every item.

    Returns
    -------
    rels : ndarray of int, shape (n_queries, n_items - 1)
        1 where the item at that rank has the query's label, else 0. The query itself is
        not ranked.

    Raises
    ------
    ValueError
        If ``features`` is not 2-D, the lengths differ, or a query index is out of range.

    Examples
    --------
    >>> import numpy as np
    >>> points = np.array([[0.0], [1.0], [5.0], [6.0]])
    >>> rank_by_distance(points, np.array([0, 0, 1, 1]), queries=[0, 2])
    array([[1, 0, 0],
           [1, 0, 0]])
    """
    features = np.asarray(features, dtype=np.float64)
    labels = as_1d(labels, "labels")
    if features.ndim != 2:
        raise ValueError(f"features must be 2-D (items x features), got shape {features.shape}")
    check_consistent_length(features=features, labels=labels)
    n_items = len(labels)
    if queries is None:
        queries = np.arange(n_items)
    queries = as_1d(queries, "queries")
    if not np.issubdtype(queries.dtype, np.integer):
        raise TypeError(f"queries must hold integer indices, got values of type {queries.dtype}")
    if queries.min() < 0 or queries.max() >= n_items:
        raise ValueError(f"queries must be indices in [0, {n_items - 1}]")
    squared_norms = (features**2).sum(axis=1)
    distances = (
        squared_norms[queries, None] + squared_norms[None, :] - 2 * features[queries] @ features.T
    )
    distances[np.arange(len(queries)), queries] = np.inf  # the query itself ranks last
    order = np.argsort(distances, axis=1, kind="stable")[:, :-1]
    return (labels[order] == labels[queries, None]).astype(int)
