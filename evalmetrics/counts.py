"""First-level counts: the four outcomes of a binary decision, and the confusion matrix.

Everything else in :mod:`evalmetrics` is computed from these counts: precision, recall and
F-beta in :mod:`evalmetrics.classification`, and every point of a ROC or PR curve in
:mod:`evalmetrics.curves` (there the counts come from one threshold sweep).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np

from ._undefined import check_zero_division, divide
from ._validation import (
    as_labels,
    check_beta,
    check_binary_classes,
    check_consistent_length,
    check_labels_arg,
    check_nonnegative_int,
    check_pos_label,
    check_same_label_kind,
    label_mask,
)

__all__ = ["Counts", "confusion_matrix", "counts"]


# ---------------------------------------------------------------------------------------------
# private helpers shared with classification.py and curves.py
# ---------------------------------------------------------------------------------------------


def _ratio(
    numerator: np.ndarray | int,
    denominator: np.ndarray | int,
    *,
    metric: str,
    denominator_name: str,
    zero_division: float | str,
) -> np.ndarray:
    """``numerator / denominator`` (float64) with the package's one 0/0 policy."""
    return divide(
        numerator,
        denominator,
        metric=metric,
        denominator_name=denominator_name,
        zero_division=zero_division,
    )


def _fbeta_values(
    tp: np.ndarray | int,
    fp: np.ndarray | int,
    fn: np.ndarray | int,
    beta: float,
    *,
    zero_division: float | str,
    metric: str | None = None,
) -> np.ndarray:
    """F-beta from counts: (1 + b^2) TP / (b^2 (TP + FN) + (TP + FP)), 0/0 policy applied.

    The expression is evaluated in the same order as scikit-learn's
    ``precision_recall_fscore_support`` so that both give the same float, bit for bit.
    """
    beta2 = beta * beta
    tp = np.asarray(tp)
    true_sum = np.asarray(tp + np.asarray(fn), dtype=np.float64)
    predicted_sum = np.asarray(tp + np.asarray(fp), dtype=np.float64)
    numerator = (1 + beta2) * np.asarray(tp, dtype=np.float64)
    denominator = beta2 * true_sum + predicted_sum
    return _ratio(
        numerator,
        denominator,
        metric=metric or f"F-beta (beta={beta:g})",
        denominator_name="TP + FP + FN",
        zero_division=zero_division,
    )


def _prepare_labels(
    y_true: object, y_pred: object, labels: object = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validate ``y_true``/``y_pred``/``labels``; return (classes, true index, predicted index).

    ``classes`` is ``labels`` as given, or the sorted union of the labels in ``y_true`` and
    ``y_pred``. The index arrays give each sample's position in ``classes``. A value absent from
    a given ``labels`` is a ValueError naming ``y_true`` or ``y_pred``.
    """
    true = as_labels(y_true, "y_true")
    pred = as_labels(y_pred, "y_pred")
    check_consistent_length(y_true=true, y_pred=pred)
    given = None if labels is None else check_labels_arg(as_labels(labels, "labels"))
    check_same_label_kind(y_true=true, y_pred=pred, labels=given)
    classes = np.union1d(true, pred) if given is None else given
    return classes, _encode(true, classes, "y_true"), _encode(pred, classes, "y_pred")


def _encode(values: np.ndarray, classes: np.ndarray, name: str) -> np.ndarray:
    """Position of each value in ``classes``; raise naming ``name`` if one is missing."""
    order = np.argsort(classes, kind="stable")
    ordered = classes[order]
    position = np.minimum(np.searchsorted(ordered, values), len(ordered) - 1)
    missing = ordered[position] != values
    if missing.any():
        index = int(np.flatnonzero(missing)[0])
        raise ValueError(
            f"{name} contains the label {values[index].item()!r} at index {index}, which is not "
            f"in labels {classes.tolist()!r}; add it to labels (values are never dropped silently)"
        )
    return order[position]


def _matrix(true_index: np.ndarray, pred_index: np.ndarray, n_classes: int) -> np.ndarray:
    flat = np.bincount(true_index * n_classes + pred_index, minlength=n_classes * n_classes)
    return flat.reshape(n_classes, n_classes).astype(np.int64, copy=False)


def _binary_counts(
    y_true: object,
    y_pred: object,
    pos_label: object,
    *,
    labels: object = None,
    hint: str,
) -> Counts:
    """Counts of a binary problem, after the binary checks (more than 2 labels, pos_label)."""
    pos_label = check_pos_label(pos_label)
    classes, true_index, pred_index = _prepare_labels(y_true, y_pred, labels)
    source = "y_true and y_pred" if labels is None else "labels"
    check_binary_classes(classes, pos_label, source=source, hint=hint)
    positive_class = label_mask(classes, pos_label)
    actual = positive_class[true_index]
    predicted = positive_class[pred_index]
    tp = int(np.count_nonzero(actual & predicted))
    fp = int(np.count_nonzero(predicted)) - tp
    fn = int(np.count_nonzero(actual)) - tp
    return Counts(tp=tp, fp=fp, tn=len(actual) - tp - fp - fn, fn=fn)


# ---------------------------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Counts:
    r"""The four outcomes of a binary decision: TP, FP, TN and FN (immutable).

    Every first-, second- and third-level metric of a binary classifier is a ratio of these four
    numbers:

    .. math::

        \text{precision} = \frac{TP}{TP + FP}, \quad
        \text{recall} = \frac{TP}{TP + FN}, \quad
        \text{specificity} = \frac{TN}{TN + FP}, \quad
        \text{accuracy} = \frac{TP + TN}{n}.

    Parameters
    ----------
    tp : int
        True positives: predicted positive, actually positive.
    fp : int
        False positives: predicted positive, actually negative.
    tn : int
        True negatives: predicted negative, actually negative.
    fn : int
        False negatives: predicted negative, actually positive.

    Raises
    ------
    TypeError
        If a count is not an integer (floats such as ``3.0`` and bools are rejected).
    ValueError
        If a count is negative.

    See Also
    --------
    evalmetrics.counts : Count the four outcomes from labels.
    evalmetrics.confusion_matrix : The same counts for any number of classes.

    Notes
    -----
    The properties use the package's 0/0 policy with ``zero_division="warn"``: an undefined ratio
    is ``nan`` and emits :class:`~evalmetrics.UndefinedMetricWarning`. The methods
    :meth:`fbeta` and :meth:`e_measure` take ``zero_division`` to choose a value silently
    instead. scikit-learn's default returns 0.0 for 0/0.

    Examples
    --------
    The fish pond of document 002 (1400 carp, 600 other animals): the net catches 700 carp and
    300 other animals.

    >>> from evalmetrics import Counts
    >>> pond = Counts(tp=700, fp=300, tn=300, fn=700)
    >>> pond.precision, pond.recall
    (0.7, 0.5)
    >>> round(pond.f1, 4)
    0.5833
    >>> pond.to_matrix()
    array([[300, 300],
           [700, 700]])
    """

    tp: int
    fp: int
    tn: int
    fn: int

    def __post_init__(self) -> None:
        for name in ("tp", "fp", "tn", "fn"):
            object.__setattr__(self, name, check_nonnegative_int(getattr(self, name), name))

    def _rate(self, numerator: int, denominator: int, metric: str, denominator_name: str) -> float:
        return float(
            _ratio(
                numerator,
                denominator,
                metric=metric,
                denominator_name=denominator_name,
                zero_division="warn",
            )
        )

    @property
    def n(self) -> int:
        """Number of samples, :math:`TP + FP + TN + FN`."""
        return self.tp + self.fp + self.tn + self.fn

    @property
    def prevalence(self) -> float:
        """Share of actual positives, :math:`(TP + FN) / n` (nan with a warning if n = 0)."""
        return self._rate(self.tp + self.fn, self.n, "prevalence", "n")

    @property
    def precision(self) -> float:
        """Precision, :math:`TP / (TP + FP)` (nan with a warning if no predicted positives)."""
        return self._rate(self.tp, self.tp + self.fp, "precision", "TP + FP")

    @property
    def recall(self) -> float:
        """Recall (TPR), :math:`TP / (TP + FN)` (nan with a warning if no positives)."""
        return self._rate(self.tp, self.tp + self.fn, "recall", "TP + FN")

    @property
    def accuracy(self) -> float:
        """Accuracy, :math:`(TP + TN) / n` (nan with a warning if n = 0)."""
        return self._rate(self.tp + self.tn, self.n, "accuracy", "n")

    @property
    def specificity(self) -> float:
        """Specificity (TNR), :math:`TN / (TN + FP)` (nan with a warning if no negatives)."""
        return self._rate(self.tn, self.tn + self.fp, "specificity", "TN + FP")

    @property
    def fpr(self) -> float:
        """False positive rate, :math:`FP / (FP + TN)` (nan with a warning if no negatives)."""
        return self._rate(self.fp, self.fp + self.tn, "false positive rate", "FP + TN")

    @property
    def fnr(self) -> float:
        """False negative rate, :math:`FN / (FN + TP)` (nan with a warning if no positives)."""
        return self._rate(self.fn, self.fn + self.tp, "false negative rate", "FN + TP")

    @property
    def f1(self) -> float:
        """F1, :math:`2 TP / (2 TP + FN + FP)` (nan with a warning if TP + FP + FN = 0)."""
        return self.fbeta(1.0)

    def fbeta(self, beta: float, zero_division: float | str = "warn") -> float:
        r"""F-beta, the weighted harmonic mean of precision and recall.

        .. math::

            F_\beta = \frac{(1 + \beta^2)\,TP}{(1 + \beta^2)\,TP + \beta^2\,FN + FP}

        Parameters
        ----------
        beta : float
            Weight of recall: finite and > 0; ``beta > 1`` weights recall more, ``beta < 1``
            weights precision more.
        zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
            Value when :math:`TP + FP + FN = 0`: ``"warn"`` returns nan with an
            :class:`~evalmetrics.UndefinedMetricWarning`; a number is returned silently.

        Returns
        -------
        float
            :math:`F_\beta` in [0, 1], or the ``zero_division`` value.

        Raises
        ------
        TypeError
            If ``beta`` is not a real number.
        ValueError
            If ``beta`` is not finite and > 0, or ``zero_division`` is not allowed.

        Examples
        --------
        >>> from evalmetrics import Counts
        >>> Counts(tp=1, fp=0, tn=990, fn=9).fbeta(2.0)  # recall 0.1 dominates
        0.12195121951219512
        >>> Counts(tp=0, fp=0, tn=5, fn=0).fbeta(1.0, zero_division=0.0)
        0.0
        """
        beta = check_beta(beta)
        zero_division = check_zero_division(zero_division)
        return float(_fbeta_values(self.tp, self.fp, self.fn, beta, zero_division=zero_division))

    def e_measure(self, beta: float = 1.0, zero_division: float | str = "warn") -> float:
        r"""Van Rijsbergen's effectiveness measure, :math:`E_\beta = 1 - F_\beta`.

        .. math::

            E_\beta = 1 - \frac{(1 + \beta^2)\,TP}{(1 + \beta^2)\,TP + \beta^2\,FN + FP}

        Parameters
        ----------
        beta : float, default=1.0
            As in :meth:`fbeta`: finite and > 0, ``beta > 1`` weights recall more.
        zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
            The value of :math:`F_\beta` when :math:`TP + FP + FN = 0`; E is then
            ``1 - zero_division`` (nan for ``"warn"``, with a warning).

        Returns
        -------
        float
            :math:`E_\beta` in [0, 1]; 0 is perfect.

        Raises
        ------
        TypeError
            If ``beta`` is not a real number.
        ValueError
            If ``beta`` is not finite and > 0, or ``zero_division`` is not allowed.

        Examples
        --------
        >>> from evalmetrics import Counts
        >>> round(Counts(tp=700, fp=300, tn=300, fn=700).e_measure(), 4)
        0.4167
        """
        return 1.0 - self.fbeta(beta, zero_division)

    def to_matrix(self) -> np.ndarray:
        """The counts as a 2 x 2 confusion matrix ``[[TN, FP], [FN, TP]]``.

        Rows are the true label and columns the predicted label, negative first: the layout of
        :func:`confusion_matrix` (and scikit-learn's) for the labels ``[negative, positive]``.

        Returns
        -------
        numpy.ndarray
            An int64 array of shape (2, 2).

        Examples
        --------
        >>> from evalmetrics import Counts
        >>> Counts(tp=3, fp=1, tn=5, fn=2).to_matrix()
        array([[5, 1],
               [2, 3]])
        """
        return np.array([[self.tn, self.fp], [self.fn, self.tp]], dtype=np.int64)

    def _repr_html_(self) -> str:
        cell = '<td style="text-align:right">{}</td>'
        rows = [
            ("actual negative", f"TN = {self.tn}", f"FP = {self.fp}"),
            ("actual positive", f"FN = {self.fn}", f"TP = {self.tp}"),
        ]
        body = "".join(
            f"<tr><th>{html.escape(name)}</th>{cell.format(a)}{cell.format(b)}</tr>"
            for name, a, b in rows
        )
        return (
            "<table><tr><th></th><th>predicted negative</th><th>predicted positive</th></tr>"
            f"{body}</table>"
        )


def counts(y_true: object, y_pred: object, pos_label: object = 1) -> Counts:
    r"""Count TP, FP, TN and FN of binary predictions.

    .. math::

        TP = \#\{i : y_i = p,\ \hat y_i = p\}, \quad
        FP = \#\{i : y_i \ne p,\ \hat y_i = p\}, \quad
        TN = \#\{i : y_i \ne p,\ \hat y_i \ne p\}, \quad
        FN = \#\{i : y_i = p,\ \hat y_i \ne p\}

    where :math:`p` is ``pos_label``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings; at most two distinct values together with ``y_pred``).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The label of the positive class.

    Returns
    -------
    Counts
        The four counts.

    Raises
    ------
    ValueError
        If the inputs are empty, of different lengths, not 1-D, hold NaN or non-integer floats,
        hold more than two distinct labels, or hold two labels neither of which is ``pos_label``.
    TypeError
        If the labels mix strings and numbers.

    See Also
    --------
    evalmetrics.confusion_matrix : Counts for any number of classes.
    evalmetrics.counts_at : Counts of scores cut at a threshold.

    Notes
    -----
    When only one label occurs and it is not ``pos_label``, every sample is a negative (TP = FP =
    FN = 0). To count one class against the rest of a multiclass problem, pass
    ``y_true == label`` and ``y_pred == label``.

    Examples
    --------
    Document 000's earthquake model that always predicts "no earthquake" on 100 days, one of
    which has an earthquake:

    >>> import evalmetrics as em
    >>> c = em.counts([1] + [0] * 99, [0] * 100)
    >>> c
    Counts(tp=0, fp=0, tn=99, fn=1)
    >>> c.accuracy
    0.99
    """
    return _binary_counts(
        y_true,
        y_pred,
        pos_label,
        hint="counts() is binary: use confusion_matrix() for several classes, or pass "
        "y_true == label and y_pred == label to count one class against the rest",
    )


def confusion_matrix(y_true: object, y_pred: object, labels: object = None) -> np.ndarray:
    r"""Confusion matrix: rows are the true label, columns the predicted label.

    .. math::

        C_{jk} = \#\{i : y_i = \ell_j,\ \hat y_i = \ell_k\}

    where :math:`\ell_1, \dots, \ell_K` are the labels.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    labels : array-like of shape (n_classes,), optional
        The classes and their order. By default the sorted union of the labels in ``y_true`` and
        ``y_pred``. Labels that never occur give rows and columns of zeros.

    Returns
    -------
    numpy.ndarray
        An int64 array of shape (n_classes, n_classes); ``C[j, k]`` counts samples of true class
        ``labels[j]`` predicted as ``labels[k]``. The diagonal holds the correct predictions.

    Raises
    ------
    ValueError
        If the inputs are empty, of different lengths or not 1-D; if they hold NaN or
        non-integer floats; if ``labels`` has duplicates; or if ``y_true`` or ``y_pred`` holds a
        value that is not in a given ``labels``.
    TypeError
        If the labels mix strings and numbers.

    Notes
    -----
    scikit-learn's ``confusion_matrix(..., labels=...)`` silently drops samples whose labels are
    not listed; here that is an error naming ``y_true`` or ``y_pred``, because dropped samples
    change every rate computed from the matrix. For two classes ``[negative, positive]`` the
    matrix is ``[[TN, FP], [FN, TP]]``, as in :meth:`Counts.to_matrix`.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.confusion_matrix(["cat", "dog", "dog", "pig"], ["cat", "cat", "dog", "dog"])
    array([[1, 0, 0],
           [1, 1, 0],
           [0, 1, 0]])
    >>> em.confusion_matrix([0, 1, 1], [0, 1, 0], labels=[1, 0, 2])
    array([[1, 1, 0],
           [0, 1, 0],
           [0, 0, 0]])
    """
    classes, true_index, pred_index = _prepare_labels(y_true, y_pred, labels)
    return _matrix(true_index, pred_index, len(classes))
