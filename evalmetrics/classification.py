r"""Second- and third-level metrics of predicted labels: accuracy, precision, recall, F-beta.

Conventions (the book's conventions page quotes them):

1. precision = TP/(TP+FP); recall = TP/(TP+FN); specificity = TN/(TN+FP); FPR = FP/(FP+TN).
2. :math:`F_\beta = (1+\beta^2)TP / ((1+\beta^2)TP + \beta^2 FN + FP)`, defined unless
   TP+FP+FN = 0; beta finite and > 0; beta > 1 weights recall. :math:`E_\beta = 1 - F_\beta`
   always, with :math:`F_\beta` after its ``zero_division`` rule.
3. 0/0: ``zero_division="warn"`` (default) returns nan and emits
   :class:`~evalmetrics.UndefinedMetricWarning` naming the metric; ``zero_division=0.0``, ``1.0``
   or ``nan`` returns that value silently (scikit-learn's default returns 0.0). In macro and
   weighted averages, classes whose value is nan are left out of the average; explicit 0.0 or
   1.0 values are averaged in.

Binary by default (``average="binary"``, positive class ``pos_label``); multiclass with
``average="micro"``, ``"macro"``, ``"weighted"`` or ``None`` (one value per class, in label
order), each class counted one-vs-rest.
"""

from __future__ import annotations

import numpy as np

from ._undefined import check_zero_division, divide
from ._validation import check_beta, check_option, check_pos_label
from .counts import _binary_counts, _fbeta_values, _matrix, _prepare_labels, _ratio

__all__ = ["accuracy", "e_measure", "f1", "fbeta", "precision", "recall", "specificity"]

_AVERAGES = ("binary", "micro", "macro", "weighted", None)
_BINARY_HINT = (
    "pass average='micro', 'macro', 'weighted' or None to score several classes one-vs-rest"
)

# numerator / denominator of each ratio metric, as (tp, fp, tn, fn) -> (num, den, den name)
_RATIOS = {
    "precision": (lambda tp, fp, tn, fn: (tp, tp + fp), "TP + FP"),
    "recall": (lambda tp, fp, tn, fn: (tp, tp + fn), "TP + FN"),
    "specificity": (lambda tp, fp, tn, fn: (tn, tn + fp), "TN + FP"),
}


def _values(
    metric: str,
    tp: np.ndarray | int,
    fp: np.ndarray | int,
    tn: np.ndarray | int,
    fn: np.ndarray | int,
    *,
    beta: float,
    zero_division: float | str,
    prefix: str = "",
) -> np.ndarray:
    if metric == "fbeta":
        label = "F1" if beta == 1 else f"F-beta (beta={beta:g})"
        return _fbeta_values(
            tp, fp, fn, beta, zero_division=zero_division, metric=f"{prefix}{label}"
        )
    parts, denominator_name = _RATIOS[metric]
    numerator, denominator = parts(tp, fp, tn, fn)
    return _ratio(
        numerator,
        denominator,
        metric=f"{prefix}{metric}",
        denominator_name=denominator_name,
        zero_division=zero_division,
    )


def _average(
    values: np.ndarray,
    weights: np.ndarray | None,
    *,
    metric: str,
    zero_division: float | str,
) -> float:
    """Macro (weights None) or support-weighted mean, leaving out classes whose value is nan."""
    defined = ~np.isnan(values)
    if not defined.any():
        return float("nan")  # every class undefined: already warned per class (if "warn")
    if weights is None:
        return float(np.nanmean(values))
    kept = values[defined]
    kept_weights = weights[defined].astype(np.float64)
    total = kept_weights.sum()
    if total == 0:
        # every class with a defined value has zero support: the weighted mean is itself 0/0
        return float(
            divide(
                0.0,
                0.0,
                metric=f"weighted {metric}",
                denominator_name="the support of every class with a defined value",
                zero_division=zero_division,
            )
        )
    return float(np.multiply(kept, kept_weights).sum() / total)


def _score(
    metric: str,
    y_true: object,
    y_pred: object,
    *,
    pos_label: object,
    average: str | None,
    labels: object,
    zero_division: float | str,
    beta: float = 1.0,
) -> float | np.ndarray:
    zero_division = check_zero_division(zero_division)
    average = check_option(average, "average", _AVERAGES)
    pos_label = check_pos_label(pos_label)
    if average == "binary":
        c = _binary_counts(y_true, y_pred, pos_label, labels=labels, hint=_BINARY_HINT)
        value = _values(metric, c.tp, c.fp, c.tn, c.fn, beta=beta, zero_division=zero_division)
        return float(value)
    classes, true_index, pred_index = _prepare_labels(y_true, y_pred, labels)
    matrix = _matrix(true_index, pred_index, len(classes))
    tp = np.diag(matrix).copy()
    support = matrix.sum(axis=1)
    predicted = matrix.sum(axis=0)
    fp = predicted - tp
    fn = support - tp
    tn = len(true_index) - tp - fp - fn
    if average == "micro":
        value = _values(
            metric,
            tp.sum(),
            fp.sum(),
            tn.sum(),
            fn.sum(),
            beta=beta,
            zero_division=zero_division,
            prefix="micro ",
        )
        return float(value)
    values = _values(metric, tp, fp, tn, fn, beta=beta, zero_division=zero_division)
    if average is None:
        return values
    weights = support if average == "weighted" else None
    return _average(values, weights, metric=metric, zero_division=zero_division)


def accuracy(y_true: object, y_pred: object) -> float:
    r"""Accuracy: the share of samples whose predicted label equals the true label.

    .. math::

        \text{accuracy} = \frac{1}{n} \sum_{i=1}^{n} [\hat y_i = y_i]
        \quad \text{(binary: } \frac{TP + TN}{TP + FP + TN + FN}\text{)}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings; any number of classes).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.

    Returns
    -------
    float
        Accuracy in [0, 1].

    Raises
    ------
    ValueError
        If the inputs are empty, of different lengths, not 1-D, or hold NaN or non-integer
        floats.
    TypeError
        If the labels mix strings and numbers.

    Notes
    -----
    Always defined (n >= 1). On imbalanced data accuracy rewards predicting the majority class:
    see the example.

    Examples
    --------
    Document 000's earthquake model that always predicts 0 on 100 days with one earthquake:

    >>> import evalmetrics as em
    >>> em.accuracy([1] + [0] * 99, [0] * 100)
    0.99
    """
    classes, true_index, pred_index = _prepare_labels(y_true, y_pred)
    return float(np.mean(true_index == pred_index))


def precision(
    y_true: object,
    y_pred: object,
    *,
    pos_label: object = 1,
    average: str | None = "binary",
    labels: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Precision: of the samples predicted positive, the share that is positive.

    .. math::

        \text{precision} = \frac{TP}{TP + FP}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise.
    average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
        ``"binary"``: the value for ``pos_label``. ``"micro"``: from TP and FP summed over the
        classes. ``"macro"``: the unweighted mean of the per-class values. ``"weighted"``: their
        mean weighted by support (the number of true samples of each class). ``None``: the
        per-class values, in label order.
    labels : array-like, optional
        The classes and their order, as in :func:`~evalmetrics.confusion_matrix`: the sorted
        union of ``y_true`` and ``y_pred`` by default; classes that never occur may be added.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when :math:`TP + FP = 0`: ``"warn"`` returns nan with an
        :class:`~evalmetrics.UndefinedMetricWarning`; a number is returned silently.

    Returns
    -------
    float or numpy.ndarray
        Precision in [0, 1] (or the ``zero_division`` value); an array of shape (n_classes,)
        when ``average=None``.

    Raises
    ------
    ValueError
        Bad labels (empty, different lengths, not 1-D, NaN or non-integer floats, a value missing
        from ``labels``, duplicate ``labels``); more than two labels with ``average="binary"``
        (the message suggests ``average=``); two labels without ``pos_label``; an unknown
        ``average`` or ``zero_division``.
    TypeError
        If the labels mix strings and numbers, or ``pos_label`` is not a single label.

    See Also
    --------
    evalmetrics.recall, evalmetrics.fbeta, evalmetrics.Counts.precision

    Notes
    -----
    Undefined (0/0) when nothing is predicted positive; scikit-learn's ``precision_score``
    returns 0.0 there by default. Macro and weighted averages leave out classes whose value is
    nan (as scikit-learn does for ``zero_division=np.nan``); explicit 0.0 or 1.0 values are
    averaged in. If every class with a defined value has zero support, the weighted average is
    itself 0/0 and follows ``zero_division``; scikit-learn falls back to the unweighted mean.
    Micro precision over all classes equals accuracy. Unlike scikit-learn, ``labels`` cannot
    leave out a class that occurs in the data (that is an error): use ``average=None`` and
    select.

    Examples
    --------
    Document 000: 1000 days with 10 earthquakes; a model that predicts one day, correctly:

    >>> import evalmetrics as em
    >>> y_true = [1] * 10 + [0] * 990
    >>> em.precision(y_true, [1] + [0] * 999)
    1.0
    >>> em.precision([0, 0, 1], [0, 0, 0], zero_division=0.0)  # nothing predicted positive
    0.0
    >>> em.precision(["a", "b", "c", "a"], ["a", "b", "b", "b"], average=None,
    ...              zero_division=float("nan"))  # "c" is never predicted: 0/0
    array([1.        , 0.33333333,        nan])
    """
    return _score(
        "precision",
        y_true,
        y_pred,
        pos_label=pos_label,
        average=average,
        labels=labels,
        zero_division=zero_division,
    )


def recall(
    y_true: object,
    y_pred: object,
    *,
    pos_label: object = 1,
    average: str | None = "binary",
    labels: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Recall (sensitivity, true positive rate): the share of positives predicted positive.

    .. math::

        \text{recall} = \frac{TP}{TP + FN}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise.
    average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
        As in :func:`precision`; ``"weighted"`` weights by support.
    labels : array-like, optional
        The classes and their order, as in :func:`~evalmetrics.confusion_matrix`.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when :math:`TP + FN = 0` (the class never occurs in ``y_true``).

    Returns
    -------
    float or numpy.ndarray
        Recall in [0, 1] (or the ``zero_division`` value); an array of shape (n_classes,) when
        ``average=None``.

    Raises
    ------
    ValueError
        As :func:`precision`.
    TypeError
        As :func:`precision`.

    See Also
    --------
    evalmetrics.precision, evalmetrics.specificity, evalmetrics.fbeta

    Notes
    -----
    Undefined (0/0) when the class has no true samples; scikit-learn's ``recall_score`` returns
    0.0 there by default. Averages treat nan as in :func:`precision`. Micro recall over all
    classes equals accuracy; weighted recall too.

    Examples
    --------
    Document 000: predicting 100 of 1000 days, including all 10 earthquakes:

    >>> import evalmetrics as em
    >>> y_true = [1] * 10 + [0] * 990
    >>> y_pred = [1] * 100 + [0] * 900
    >>> em.recall(y_true, y_pred), em.precision(y_true, y_pred)
    (1.0, 0.1)
    """
    return _score(
        "recall",
        y_true,
        y_pred,
        pos_label=pos_label,
        average=average,
        labels=labels,
        zero_division=zero_division,
    )


def specificity(
    y_true: object,
    y_pred: object,
    *,
    pos_label: object = 1,
    average: str | None = "binary",
    labels: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Specificity (true negative rate): the share of negatives predicted negative.

    .. math::

        \text{specificity} = \frac{TN}{TN + FP} = 1 - \text{FPR}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise.
    average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
        As in :func:`precision`. Per class, TN and FP are counted one-vs-rest (the class
        against all others); ``"micro"`` sums them over classes; ``"weighted"`` weights by
        support (the true samples of each class), as for the other metrics.
    labels : array-like, optional
        The classes and their order, as in :func:`~evalmetrics.confusion_matrix`.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when :math:`TN + FP = 0` (every sample belongs to the class).

    Returns
    -------
    float or numpy.ndarray
        Specificity in [0, 1] (or the ``zero_division`` value); an array of shape (n_classes,)
        when ``average=None``.

    Raises
    ------
    ValueError
        As :func:`precision`.
    TypeError
        As :func:`precision`.

    See Also
    --------
    evalmetrics.recall, evalmetrics.Counts.specificity

    Notes
    -----
    scikit-learn has no specificity function; for a binary problem it equals
    ``recall_score(y_true, y_pred, pos_label=<the negative label>)``.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.specificity([0, 0, 0, 0, 1], [0, 0, 0, 1, 1])
    0.75
    """
    return _score(
        "specificity",
        y_true,
        y_pred,
        pos_label=pos_label,
        average=average,
        labels=labels,
        zero_division=zero_division,
    )


def fbeta(
    y_true: object,
    y_pred: object,
    *,
    beta: float,
    pos_label: object = 1,
    average: str | None = "binary",
    labels: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""F-beta: the weighted harmonic mean of precision and recall, from the counts.

    .. math::

        F_\beta = \frac{(1 + \beta^2)\,P\,R}{\beta^2 P + R}
                = \frac{(1 + \beta^2)\,TP}{(1 + \beta^2)\,TP + \beta^2\,FN + FP}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    beta : float
        Finite and > 0. ``beta > 1`` weights recall more, ``beta < 1`` precision; ``beta = 1``
        is F1.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise.
    average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
        As in :func:`precision`. ``"micro"`` applies the formula to TP, FP and FN summed over
        classes; ``"macro"`` and ``"weighted"`` average the per-class F values.
    labels : array-like, optional
        The classes and their order, as in :func:`~evalmetrics.confusion_matrix`.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when :math:`TP + FP + FN = 0`.

    Returns
    -------
    float or numpy.ndarray
        :math:`F_\beta` in [0, 1] (or the ``zero_division`` value); an array of shape
        (n_classes,) when ``average=None``.

    Raises
    ------
    ValueError
        As :func:`precision`, and if ``beta`` is not finite and > 0.
    TypeError
        As :func:`precision`, and if ``beta`` is not a real number.

    See Also
    --------
    evalmetrics.f1, evalmetrics.e_measure, evalmetrics.Counts.fbeta

    Notes
    -----
    Computed from the counts, so it is defined whenever :math:`TP + FP + FN > 0`, even when
    precision or recall alone is 0/0 (then F is 0). This matches scikit-learn's ``fbeta_score``
    except for its 0/0 default of 0.0. The result lies between :math:`\min(P, R)` and
    :math:`\max(P, R)`.

    Examples
    --------
    The fish pond of document 002 (700 of 1400 carp caught, plus 300 other animals):

    >>> import evalmetrics as em
    >>> y_true = [1] * 1400 + [0] * 600
    >>> y_pred = [1] * 700 + [0] * 700 + [1] * 300 + [0] * 300
    >>> round(em.fbeta(y_true, y_pred, beta=1.0), 4)  # 7/12
    0.5833
    >>> round(em.fbeta(y_true, y_pred, beta=2.0), 4)  # 3500/6600: recall (0.5) weighs more
    0.5303
    """
    beta = check_beta(beta)
    return _score(
        "fbeta",
        y_true,
        y_pred,
        pos_label=pos_label,
        average=average,
        labels=labels,
        zero_division=zero_division,
        beta=beta,
    )


def f1(
    y_true: object,
    y_pred: object,
    *,
    pos_label: object = 1,
    average: str | None = "binary",
    labels: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""F1: the harmonic mean of precision and recall, :func:`fbeta` with beta = 1.

    .. math::

        F_1 = \frac{2\,P\,R}{P + R} = \frac{2\,TP}{2\,TP + FN + FP}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise.
    average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
        As in :func:`fbeta`.
    labels : array-like, optional
        The classes and their order, as in :func:`~evalmetrics.confusion_matrix`.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when :math:`TP + FP + FN = 0`.

    Returns
    -------
    float or numpy.ndarray
        :math:`F_1` in [0, 1] (or the ``zero_division`` value); an array of shape (n_classes,)
        when ``average=None``.

    Raises
    ------
    ValueError
        As :func:`precision`.
    TypeError
        As :func:`precision`.

    See Also
    --------
    evalmetrics.fbeta, evalmetrics.e_measure

    Notes
    -----
    As :func:`fbeta`; scikit-learn's ``f1_score`` returns 0.0 for 0/0 by default.

    Examples
    --------
    Document 002's net that catches every animal in the pond (1400 carp, 600 others):

    >>> import evalmetrics as em
    >>> round(em.f1([1] * 1400 + [0] * 600, [1] * 2000), 4)  # 14/17
    0.8235
    """
    return _score(
        "fbeta",
        y_true,
        y_pred,
        pos_label=pos_label,
        average=average,
        labels=labels,
        zero_division=zero_division,
        beta=1.0,
    )


def e_measure(
    y_true: object,
    y_pred: object,
    *,
    beta: float = 1.0,
    pos_label: object = 1,
    average: str | None = "binary",
    labels: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Van Rijsbergen's effectiveness measure: :math:`E_\beta = 1 - F_\beta` (lower is better).

    .. math::

        E_\beta = 1 - \frac{(1 + \beta^2)\,TP}{(1 + \beta^2)\,TP + \beta^2\,FN + FP}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    beta : float, default=1.0
        As in :func:`fbeta`: finite and > 0, ``beta > 1`` weights recall more.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise.
    average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
        As in :func:`fbeta`; E is one minus the averaged F.
    labels : array-like, optional
        The classes and their order, as in :func:`~evalmetrics.confusion_matrix`.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value of :math:`F_\beta` when :math:`TP + FP + FN = 0`; E is then
        ``1 - zero_division`` (nan with a warning for ``"warn"``).

    Returns
    -------
    float or numpy.ndarray
        :math:`E_\beta` in [0, 1]; an array of shape (n_classes,) when ``average=None``.

    Raises
    ------
    ValueError
        As :func:`fbeta`.
    TypeError
        As :func:`fbeta`.

    See Also
    --------
    evalmetrics.fbeta, evalmetrics.Counts.e_measure

    Notes
    -----
    E is exactly ``1 - fbeta(...)`` with the same arguments, so in this formula a larger beta
    weights recall (van Rijsbergen's "b times as much importance to recall as precision"); some
    write-ups describe the weight the other way round. scikit-learn has no E-measure.

    Examples
    --------
    >>> import evalmetrics as em
    >>> y_true = [1] * 1400 + [0] * 600
    >>> y_pred = [1] * 700 + [0] * 700 + [1] * 300 + [0] * 300
    >>> round(em.e_measure(y_true, y_pred), 4)  # 1 - 7/12
    0.4167
    """
    value = fbeta(
        y_true,
        y_pred,
        beta=beta,
        pos_label=pos_label,
        average=average,
        labels=labels,
        zero_division=zero_division,
    )
    return 1.0 - value
