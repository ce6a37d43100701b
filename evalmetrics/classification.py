r"""Second- and third-level metrics of predicted labels: accuracy, precision, recall, F-beta.

Conventions (the book's conventions page quotes them):

1. precision = TP/(TP+FP); recall = TP/(TP+FN); specificity = TN/(TN+FP); FPR = FP/(FP+TN).
2. :math:`F_\beta = (1+\beta^2)TP / ((1+\beta^2)TP + \beta^2 FN + FP)`, defined unless
   TP+FP+FN = 0; beta finite and > 0; beta > 1 weights recall. :math:`E_\beta = 1 - F_\beta`
   wherever F is defined; where it is not, E itself is undefined and ``zero_division`` is E's
   value (not F's).
3. 0/0, the package's one rule (:class:`~evalmetrics.UndefinedMetricWarning`): a single value
   that is 0/0 is ``nan`` with one warning under ``zero_division="warn"`` (the default), or
   the ``zero_division`` value (0.0, 1.0 or nan) silently. Macro and weighted averages, and
   balanced accuracy (the macro average of recall), are taken over the classes whose value is
   defined: under ``"warn"`` one warning says how many classes (and which) were left out, and
   the average is nan only if none is defined; ``zero_division=0.0`` or ``1.0`` counts every
   undefined class as that value (``0.0`` gives scikit-learn's number), ``nan`` leaves them
   out silently (scikit-learn's ``zero_division=np.nan``). Micro averages pool the counts
   first, so they are 0/0 only when the pooled denominator is 0. A ratio x/0 with x > 0 (the
   likelihood ratios) is ``inf`` with a ``RuntimeWarning``, not 0/0.

Binary by default (``average="binary"``, positive class ``pos_label``); multiclass with
``average="micro"``, ``"macro"``, ``"weighted"`` or ``None`` (one value per class, in label
order), each class counted one-vs-rest.
"""

from __future__ import annotations

import numpy as np

from ._core import (
    RATIOS,
    binary_counts,
    confusion_counts,
    count_ratio,
    e_values,
    fbeta_parts,
    fbeta_values,
    kappa_from_matrix,
    likelihood_ratio,
    mcc_from_matrix,
    prepare_labels,
    youden,
)
from ._undefined import check_zero_division, mean_over
from ._validation import check_beta, check_option, check_pos_label, warn_ignored_pos_label
from .confusion import Counts

__all__ = [
    "accuracy",
    "balanced_accuracy",
    "cohen_kappa",
    "e_measure",
    "f1",
    "fbeta",
    "lr_minus",
    "lr_plus",
    "mcc",
    "npv",
    "precision",
    "recall",
    "specificity",
    "youden_j",
]

_AVERAGES = ("binary", "micro", "macro", "weighted", None)
_BINARY_HINT = (
    "pass average='micro', 'macro', 'weighted' or None to score several classes one-vs-rest"
)


def _label(metric: str, beta: float) -> str:
    """The metric's name in messages: ``precision``, ``F1``, ``F-beta (beta=2)``, ..."""
    if metric == "fbeta":
        return "F1" if beta == 1 else f"F-beta (beta={beta:g})"
    if metric == "e_measure":
        return f"E-measure (beta={beta:g})"
    if metric in RATIOS:
        return RATIOS[metric][0]  # the name the count-ratio table gives ("NPV")
    return metric


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
) -> tuple[np.ndarray, np.ndarray]:
    """The metric from the counts with the 0/0 policy applied, and the mask of 0/0 entries."""
    label = f"{prefix}{_label(metric, beta)}"
    if metric == "fbeta":
        _, denominator = fbeta_parts(tp, fp, fn, beta)
        values = fbeta_values(tp, fp, fn, beta, zero_division=zero_division, metric=label)
        return values, denominator == 0
    if metric == "e_measure":
        _, denominator = fbeta_parts(tp, fp, fn, beta)
        values = e_values(tp, fp, fn, beta, zero_division=zero_division, metric=label)
        return values, denominator == 0
    values = count_ratio(metric, tp, fp, tn, fn, zero_division=zero_division, metric=label)
    return values, np.asarray(RATIOS[metric][2](tp, fp, tn, fn)) == 0


_REASONS = {
    **{name: f"{den_name} is 0" for name, (_, _, _, den_name) in RATIOS.items()},
    "fbeta": "TP + FP + FN is 0",
    "e_measure": "TP + FP + FN is 0",
}


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
    warn_ignored_pos_label(pos_label, average)
    if average == "binary":
        c = Counts(*binary_counts(y_true, y_pred, pos_label, labels=labels, hint=_BINARY_HINT))
        value, _ = _values(metric, c.tp, c.fp, c.tn, c.fn, beta=beta, zero_division=zero_division)
        return float(value)
    classes, true_index, pred_index = prepare_labels(y_true, y_pred, labels)
    matrix = confusion_counts(true_index, pred_index, len(classes))
    tp = np.diag(matrix).copy()
    support = matrix.sum(axis=1)
    predicted = matrix.sum(axis=0)
    fp = predicted - tp
    fn = support - tp
    tn = len(true_index) - tp - fp - fn
    if average == "micro":
        value, _ = _values(
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
    if average is None:
        values, _ = _values(metric, tp, fp, tn, fn, beta=beta, zero_division=zero_division)
        return values
    return _class_average(
        metric, average, classes, tp, fp, tn, fn, support, beta=beta, zero_division=zero_division
    )


def _class_average(
    metric: str,
    average: str,
    classes: np.ndarray,
    tp: np.ndarray,
    fp: np.ndarray,
    tn: np.ndarray,
    fn: np.ndarray,
    support: np.ndarray,
    *,
    beta: float,
    zero_division: float | str,
    name: str | None = None,
) -> float:
    """The macro or weighted average of a metric over classes, under the one 0/0 rule.

    The per-class values are computed silently; ``mean_over`` then leaves the undefined
    classes out (``"warn"``: with one warning saying how many; ``nan``: silently) or counts
    them as ``zero_division`` (0.0 or 1.0). ``name`` replaces the average's name in the
    warning (``"balanced accuracy"``).
    """
    label = _label(metric, beta)
    options = {
        "metric": name or f"{average} {label}",
        "per_item": label,
        "unit": "classes",
        "weights": support if average == "weighted" else None,
        "names": classes,
        "reason": _REASONS[metric],
    }
    if metric == "e_measure":
        # one minus the averaged F, exactly; an undefined class has E = zero_division, that is
        # F = 1 - zero_division (nan and "warn" leave it out either way)
        f_values, undefined = _values("fbeta", tp, fp, tn, fn, beta=beta, zero_division=np.nan)
        f_zero_division = zero_division
        if zero_division in (0.0, 1.0):
            f_zero_division = 1.0 - zero_division
        return 1.0 - mean_over(f_values, undefined, zero_division=f_zero_division, **options)
    values, undefined = _values(metric, tp, fp, tn, fn, beta=beta, zero_division=np.nan)
    return mean_over(values, undefined, zero_division=zero_division, **options)


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
    classes, true_index, pred_index = prepare_labels(y_true, y_pred)
    return float(np.mean(true_index == pred_index))  # nonzero: empty input is rejected


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

    when defined, that is when :math:`TP + FP > 0`; otherwise (nothing is predicted positive) the
    value follows ``zero_division``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise, with a
        ``UserWarning`` if it is not the default 1 (for one class's value pass
        ``average=None`` and take its entry).
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
        Precision in [0, 1] when defined, else the ``zero_division`` value (the 0/0 policy: see
        :class:`~evalmetrics.UndefinedMetricWarning`); an array of shape (n_classes,) when
        ``average=None``.

    Raises
    ------
    ValueError
        Bad labels (empty, different lengths, not 1-D, NaN or non-integer floats, a value missing
        from ``labels``, duplicate ``labels``); more than two labels with ``average="binary"``
        (the message suggests ``average=``); two labels without ``pos_label``; an unknown
        ``average`` or ``zero_division``.
    TypeError
        If the labels mix strings and numbers, or ``pos_label`` is not a single label.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when :math:`TP + FP = 0`; under a macro or weighted average,
        once, naming the classes it leaves out of the mean.

    See Also
    --------
    evalmetrics.recall, evalmetrics.fbeta, evalmetrics.Counts.precision

    Notes
    -----
    Undefined (0/0) when nothing is predicted positive; scikit-learn's ``precision_score``
    returns 0.0 there by default. Macro and weighted averages follow the package's one rule
    (:class:`~evalmetrics.UndefinedMetricWarning`): they are taken over the classes whose
    value is defined, and under ``"warn"`` one warning says how many (and which) were left out;
    ``zero_division=0.0`` counts them as 0, which is scikit-learn's number, ``1.0`` as 1, and
    ``nan`` leaves them out silently (scikit-learn's ``zero_division=np.nan``, which gives the
    same number as ``"warn"``). Leaving a never-predicted class out of macro precision does
    not hide it: its recall is 0 and counts in macro recall and F1. If every class left in has
    zero support, the weighted average is itself 0/0 (nan, with a warning under ``"warn"``);
    scikit-learn falls back to the unweighted mean there. Micro precision over all classes
    equals accuracy. Unlike scikit-learn, ``labels`` cannot leave out a class that occurs in
    the data (that is an error): use ``average=None`` and select.

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
    >>> em.precision(["a", "b", "c", "a"], ["a", "b", "b", "b"], average="macro",
    ...              zero_division=0.0)  # "c" counts as 0: (1 + 1/3 + 0) / 3
    0.4444444444444444
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

    when defined, that is when :math:`TP + FN > 0`; otherwise (the class has no true samples) the
    value follows ``zero_division``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise, with a
        ``UserWarning`` if it is not the default 1 (for one class's value pass
        ``average=None`` and take its entry).
    average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
        As in :func:`precision`; ``"weighted"`` weights by support.
    labels : array-like, optional
        The classes and their order, as in :func:`~evalmetrics.confusion_matrix`.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when :math:`TP + FN = 0` (the class never occurs in ``y_true``).

    Returns
    -------
    float or numpy.ndarray
        Recall in [0, 1] when defined, else the ``zero_division`` value (the 0/0 policy: see
        :class:`~evalmetrics.UndefinedMetricWarning`); an array of shape (n_classes,) when
        ``average=None``.

    Raises
    ------
    ValueError
        As :func:`precision`.
    TypeError
        As :func:`precision`.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when :math:`TP + FN = 0`; under a macro or weighted average,
        once, naming the classes it leaves out of the mean.

    See Also
    --------
    evalmetrics.precision, evalmetrics.specificity, evalmetrics.fbeta

    Notes
    -----
    Undefined (0/0) when the class has no true samples; scikit-learn's ``recall_score`` returns
    0.0 there by default. Macro and weighted averages leave undefined classes out, as in
    :func:`precision`; macro recall is :func:`balanced_accuracy`, the same number. Micro
    recall over all classes equals accuracy; weighted recall too.

    Examples
    --------
    Document 000: predicting 100 of 1000 days, including all 10 earthquakes:

    >>> import evalmetrics as em
    >>> y_true = [1] * 10 + [0] * 990
    >>> y_pred = [1] * 100 + [0] * 900
    >>> em.recall(y_true, y_pred), em.precision(y_true, y_pred)
    (1.0, 0.1)

    Class 2 is predicted once but never true: its recall is 0/0 and the macro average is
    taken over classes 0 and 1, (1/2 + 1) / 2, with one warning; ``zero_division=0.0``
    counts it as 0 (scikit-learn's ``recall_score`` default):

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     em.recall([0, 0, 1, 1], [0, 2, 1, 1], average="macro")
    0.75
    >>> print(caught[0].message)  # doctest: +NORMALIZE_WHITESPACE
    macro recall left out 1 of 3 classes (label 2) whose recall is undefined (0/0: TP + FN is
    0). Pass zero_division=0.0 or 1.0 to count them as that value, or nan to leave them out
    silently.
    >>> em.recall([0, 0, 1, 1], [0, 2, 1, 1], average="macro", zero_division=0.0)  # (1/2+1+0)/3
    0.5
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

    when defined, that is when :math:`TN + FP > 0`; otherwise (every sample belongs to the class)
    the value follows ``zero_division``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise, with a
        ``UserWarning`` if it is not the default 1 (for one class's value pass
        ``average=None`` and take its entry).
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
        Specificity in [0, 1] when defined, else the ``zero_division`` value (the 0/0 policy: see
        :class:`~evalmetrics.UndefinedMetricWarning`); an array of shape (n_classes,) when
        ``average=None``.

    Raises
    ------
    ValueError
        As :func:`precision`.
    TypeError
        As :func:`precision`.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when :math:`TN + FP = 0`; under a macro or weighted average,
        once, naming the classes it leaves out of the mean.

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

    when defined, that is when :math:`TP + FP + FN > 0`; otherwise (the class occurs in neither
    ``y_true`` nor ``y_pred``) the value follows ``zero_division``.

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
        The positive class when ``average="binary"``; ignored otherwise, with a
        ``UserWarning`` if it is not the default 1 (for one class's value pass
        ``average=None`` and take its entry).
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
        :math:`F_\beta` in [0, 1] when defined, else the ``zero_division`` value (the 0/0 policy:
        see :class:`~evalmetrics.UndefinedMetricWarning`); an array of shape (n_classes,) when
        ``average=None``.

    Raises
    ------
    ValueError
        As :func:`precision`, and if ``beta`` is not finite and > 0.
    TypeError
        As :func:`precision`, and if ``beta`` is not a real number.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when :math:`TP + FP + FN = 0`; under a macro or weighted
        average, once, naming the classes it leaves out of the mean.

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

    when defined, that is when :math:`TP + FP + FN > 0`; otherwise (the class occurs in neither
    ``y_true`` nor ``y_pred``) the value follows ``zero_division``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise, with a
        ``UserWarning`` if it is not the default 1 (for one class's value pass
        ``average=None`` and take its entry).
    average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
        As in :func:`fbeta`.
    labels : array-like, optional
        The classes and their order, as in :func:`~evalmetrics.confusion_matrix`.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when :math:`TP + FP + FN = 0`.

    Returns
    -------
    float or numpy.ndarray
        :math:`F_1` in [0, 1] when defined, else the ``zero_division`` value (the 0/0 policy: see
        :class:`~evalmetrics.UndefinedMetricWarning`); an array of shape (n_classes,) when
        ``average=None``.

    Raises
    ------
    ValueError
        As :func:`precision`.
    TypeError
        As :func:`precision`.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when :math:`TP + FP + FN = 0`; under a macro or weighted
        average, once, naming the classes it leaves out of the mean.

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
    beta: float,
    pos_label: object = 1,
    average: str | None = "binary",
    labels: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Van Rijsbergen's effectiveness measure: :math:`E_\beta = 1 - F_\beta` (lower is better).

    Defined when :math:`TP + FP + FN > 0`, like :math:`F_\beta`:

    .. math::

        E_\beta = 1 - \frac{(1 + \beta^2)\,TP}{(1 + \beta^2)\,TP + \beta^2\,FN + FP}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    beta : float
        As in :func:`fbeta`: finite and > 0, ``beta > 1`` weights recall more. Required, as
        for :func:`fbeta`.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise, with a
        ``UserWarning`` if it is not the default 1 (for one class's value pass
        ``average=None`` and take its entry).
    average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
        As in :func:`fbeta`. ``"macro"`` and ``"weighted"`` average the per-class E values,
        which is one minus the averaged F when every class is defined.
    labels : array-like, optional
        The classes and their order, as in :func:`~evalmetrics.confusion_matrix`.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value of :math:`E_\beta` itself when it is undefined (:math:`TP + FP + FN = 0`),
        not the value of F: ``0.0`` gives E = 0. ``"warn"`` returns nan with an
        :class:`~evalmetrics.UndefinedMetricWarning` that names the E-measure; a number is
        returned silently.

    Returns
    -------
    float or numpy.ndarray
        :math:`E_\beta` in [0, 1] when defined (0 is perfect), else the ``zero_division`` value (the
        0/0 policy: see :class:`~evalmetrics.UndefinedMetricWarning`); an array of shape
        (n_classes,) when ``average=None``.

    Raises
    ------
    ValueError
        As :func:`fbeta`.
    TypeError
        As :func:`fbeta`.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when :math:`TP + FP + FN = 0`; under a macro or weighted
        average, once, naming the classes it leaves out of the mean.

    See Also
    --------
    evalmetrics.fbeta, evalmetrics.Counts.e_measure

    Notes
    -----
    Where F is defined, E is exactly ``1 - fbeta(...)`` with the same ``beta``, so in
    this formula a larger beta weights recall (van Rijsbergen's "b times as much importance to
    recall as precision"); some write-ups describe the weight the other way round. scikit-learn has
    no E-measure.

    Examples
    --------
    >>> import evalmetrics as em
    >>> y_true = [1] * 1400 + [0] * 600
    >>> y_pred = [1] * 700 + [0] * 700 + [1] * 300 + [0] * 300
    >>> round(em.e_measure(y_true, y_pred, beta=1.0), 4)  # 1 - 7/12
    0.4167
    >>> em.e_measure([0, 0], [0, 0], beta=1.0, zero_division=0.0)  # TP + FP + FN = 0: E's value
    0.0
    """
    beta = check_beta(beta)
    return _score(
        "e_measure",
        y_true,
        y_pred,
        pos_label=pos_label,
        average=average,
        labels=labels,
        zero_division=zero_division,
        beta=beta,
    )


def npv(
    y_true: object,
    y_pred: object,
    *,
    pos_label: object = 1,
    average: str | None = "binary",
    labels: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Negative predictive value (NPV): of the samples predicted negative, the share that is
    negative.

    .. math::

        \text{NPV} = \frac{TN}{TN + FN}

    when defined, that is when :math:`TN + FN > 0`; otherwise (everything is predicted positive)
    the value follows ``zero_division``. It is the precision of the negative class.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The positive class when ``average="binary"``; ignored otherwise, with a
        ``UserWarning`` if it is not the default 1.
    average : {"binary", "micro", "macro", "weighted"} or None, default="binary"
        As in :func:`precision`. Per class, TN and FN are counted one-vs-rest (the class
        against all others); ``"weighted"`` weights by support.
    labels : array-like, optional
        The classes and their order, as in :func:`~evalmetrics.confusion_matrix`.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when :math:`TN + FN = 0`: ``"warn"`` returns nan with an
        :class:`~evalmetrics.UndefinedMetricWarning`; a number is returned silently.

    Returns
    -------
    float or numpy.ndarray
        NPV in [0, 1] when defined, else the ``zero_division`` value; an array of shape
        (n_classes,) when ``average=None``.

    Raises
    ------
    ValueError
        As :func:`precision`.
    TypeError
        As :func:`precision`.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when :math:`TN + FN = 0`; under a macro or weighted average,
        once, naming the classes it leaves out of the mean.

    See Also
    --------
    evalmetrics.precision, evalmetrics.Counts.npv

    Notes
    -----
    scikit-learn has no NPV function; for a binary problem it equals
    ``precision_score(y_true, y_pred, pos_label=<the negative label>)``.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.npv([0, 0, 0, 1, 1], [0, 0, 1, 0, 1])  # 3 predicted negative, 2 of them negative
    0.6666666666666666
    """
    return _score(
        "npv",
        y_true,
        y_pred,
        pos_label=pos_label,
        average=average,
        labels=labels,
        zero_division=zero_division,
    )


def balanced_accuracy(
    y_true: object,
    y_pred: object,
    *,
    labels: object = None,
    zero_division: float | str = "warn",
) -> float:
    r"""Balanced accuracy: the mean of the recalls of the classes (macro-averaged recall).

    .. math::

        \text{balanced accuracy} = \frac{1}{K} \sum_{k=1}^{K} \frac{TP_k}{TP_k + FN_k}
        \quad \text{(binary: } \frac{\text{TPR} + \text{TNR}}{2}\text{)}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings; any number of classes).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    labels : array-like, optional
        The classes, as in :func:`~evalmetrics.confusion_matrix`.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        A class with no true samples (only in ``y_pred`` or ``labels``) has recall 0/0:
        ``"warn"`` leaves it out of the mean with an
        :class:`~evalmetrics.UndefinedMetricWarning` naming it, ``nan`` leaves it out
        silently, ``0.0`` or ``1.0`` count it as that value: the one rule of the macro
        average, so the result is always ``recall(..., average="macro")``.

    Returns
    -------
    float
        Balanced accuracy in [0, 1].

    Raises
    ------
    ValueError
        As :func:`precision`.
    TypeError
        If the labels mix strings and numbers.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when a class has no true samples (its recall is 0/0): once,
        naming the classes it leaves out of the mean.

    See Also
    --------
    evalmetrics.recall : ``recall(..., average="macro")`` is the same number.
    evalmetrics.youden_j : The binary balanced accuracy rescaled, 2 BA - 1.

    Notes
    -----
    Symmetric in the classes: no ``pos_label``. scikit-learn's ``balanced_accuracy_score``
    (version 1.9) computes the same number and also leaves a class without true samples out
    (with a plain ``UserWarning``), that is this function under ``"warn"`` or ``nan``. Its
    ``adjusted=True`` rescales the score so that chance is 0 and perfect is 1:
    :math:`(BA - 1/K) / (1 - 1/K)` with :math:`K` the classes kept; for two classes that is
    :math:`2 BA - 1`, Youden's J (:func:`youden_j`). This function does not adjust. Balanced
    accuracy ignores precision: a model that flags many negatives to find every positive can
    score well.

    Examples
    --------
    Document 000's earthquake model that always predicts 0 on 100 days with one earthquake:
    accuracy 0.99, balanced accuracy 0.5 (recall 0 on the earthquakes, 1 on the others).

    >>> import evalmetrics as em
    >>> em.balanced_accuracy([1] + [0] * 99, [0] * 100)
    0.5

    Class 2 is predicted but never true, so its recall is 0/0 and is left out, as in macro
    recall: (1/2 + 1) / 2.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     em.balanced_accuracy([0, 0, 1, 1], [0, 2, 1, 1])
    0.75
    """
    zero_division = check_zero_division(zero_division)
    classes, true_index, pred_index = prepare_labels(y_true, y_pred, labels)
    matrix = confusion_counts(true_index, pred_index, len(classes))
    tp = np.diag(matrix).copy()
    support = matrix.sum(axis=1)
    fp = matrix.sum(axis=0) - tp
    fn = support - tp
    tn = len(true_index) - tp - fp - fn
    # macro recall, through the same code as recall(average="macro"): the same number always
    return _class_average(
        "recall",
        "macro",
        classes,
        tp,
        fp,
        tn,
        fn,
        support,
        beta=1.0,
        zero_division=zero_division,
        name="balanced accuracy",
    )


def mcc(
    y_true: object,
    y_pred: object,
    *,
    labels: object = None,
    zero_division: float | str = "warn",
) -> float:
    r"""Matthews correlation coefficient (MCC); for several classes Gorodkin's :math:`R_K`.

    .. math::

        \text{MCC} = \frac{TP \cdot TN - FP \cdot FN}
        {\sqrt{(TP + FP)(TP + FN)(TN + FP)(TN + FN)}}

    For :math:`K` classes, with confusion matrix :math:`C`, :math:`t_k` the true and
    :math:`p_k` the predicted samples of class :math:`k`, :math:`c = \sum_k C_{kk}` and
    :math:`n` samples,

    .. math::

        R_K = \frac{c\,n - \sum_k p_k t_k}
        {\sqrt{(n^2 - \sum_k p_k^2)(n^2 - \sum_k t_k^2)}},

    which is the binary formula when :math:`K = 2`.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings; any number of classes).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    labels : array-like, optional
        The classes, as in :func:`~evalmetrics.confusion_matrix` (classes that never occur
        change nothing).
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when the denominator is 0 (all of ``y_true`` or all of ``y_pred`` is one class):
        ``"warn"`` returns nan with an :class:`~evalmetrics.UndefinedMetricWarning`; a number is
        returned silently.

    Returns
    -------
    float
        MCC in [-1, 1] when defined (1 perfect, 0 no better than chance, -1 always wrong for
        two classes), else the ``zero_division`` value.

    Raises
    ------
    ValueError
        As :func:`precision`.
    TypeError
        If the labels mix strings and numbers.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when the denominator is 0.

    See Also
    --------
    evalmetrics.Counts.mcc, evalmetrics.cohen_kappa

    Notes
    -----
    Symmetric in the classes (no ``pos_label``): swapping positive and negative leaves it
    unchanged. The arithmetic follows scikit-learn's ``matthews_corrcoef`` step by step, so
    defined values agree bit for bit. Where MCC is 0/0 scikit-learn returns 0.0 without a
    warning; pass ``zero_division=0.0`` for that value.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.mcc([1, 1, 0, 0], [1, 0, 0, 0])
    0.5773502691896258
    >>> em.mcc([1] + [0] * 99, [0] * 100, zero_division=0.0)  # always "no earthquake"
    0.0
    """
    zero_division = check_zero_division(zero_division)
    classes, true_index, pred_index = prepare_labels(y_true, y_pred, labels)
    return mcc_from_matrix(
        confusion_counts(true_index, pred_index, len(classes)), zero_division=zero_division
    )


def cohen_kappa(
    y_true: object,
    y_pred: object,
    *,
    labels: object = None,
    zero_division: float | str = "warn",
) -> float:
    r"""Cohen's kappa: agreement between the labels beyond the agreement expected by chance.

    .. math::

        \kappa = \frac{p_o - p_e}{1 - p_e}, \quad
        p_o = \frac{1}{n} \sum_k C_{kk}, \quad
        p_e = \frac{1}{n^2} \sum_k t_k\, p_k

    where :math:`t_k` and :math:`p_k` count the true and the predicted samples of class
    :math:`k`. The unweighted kappa (scikit-learn's ``weights=None``): every disagreement
    counts the same.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings; any number of classes). Kappa is symmetric: the two
        arrays may be two raters.
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    labels : array-like, optional
        The classes, as in :func:`~evalmetrics.confusion_matrix` (classes that never occur
        change nothing).
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when :math:`p_e = 1` (both arrays hold one and the same single label):
        ``"warn"`` returns nan with an :class:`~evalmetrics.UndefinedMetricWarning`; a number is
        returned silently.

    Returns
    -------
    float
        Kappa in [-1, 1] when defined (1 perfect agreement, 0 chance agreement), else the
        ``zero_division`` value.

    Raises
    ------
    ValueError
        As :func:`precision`.
    TypeError
        If the labels mix strings and numbers.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when :math:`p_e = 1`.

    See Also
    --------
    evalmetrics.Counts.cohen_kappa, evalmetrics.mcc

    Notes
    -----
    Only the unweighted kappa: scikit-learn's ``cohen_kappa_score`` also offers
    ``weights="linear"`` or ``"quadratic"`` for ordered classes, which this function does not.
    The arithmetic is scikit-learn's (:math:`1 - ` observed over expected disagreement), so
    the values agree bit for bit; where kappa is 0/0 scikit-learn also returns nan with a
    warning. Unlike scikit-learn, ``labels`` cannot drop samples (a label missing from it is
    an error). Kappa depends on the prevalence: the same agreement gives a lower kappa when
    one class dominates (the "prevalence paradox").

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.cohen_kappa([1, 1, 0, 0], [1, 0, 0, 0])
    0.5
    """
    zero_division = check_zero_division(zero_division)
    classes, true_index, pred_index = prepare_labels(y_true, y_pred, labels)
    return kappa_from_matrix(
        confusion_counts(true_index, pred_index, len(classes)), zero_division=zero_division
    )


def _binary(y_true: object, y_pred: object, pos_label: object):
    pos_label = check_pos_label(pos_label)
    return Counts(
        *binary_counts(
            y_true,
            y_pred,
            pos_label,
            hint="this metric is binary: pass y_true == label and y_pred == label to score "
            "one class against the rest",
        )
    )


def youden_j(
    y_true: object,
    y_pred: object,
    *,
    pos_label: object = 1,
    zero_division: float | str = "warn",
) -> float:
    r"""Youden's J statistic (informedness): sensitivity + specificity - 1.

    .. math::

        J = \frac{TP}{TP + FN} + \frac{TN}{TN + FP} - 1 = \text{TPR} - \text{FPR}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings; at most two distinct values with ``y_pred``).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The label of the positive class.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when there are no positives or no negatives (TPR or TNR is 0/0): ``"warn"``
        returns nan with an :class:`~evalmetrics.UndefinedMetricWarning`; a number is returned
        silently.

    Returns
    -------
    float
        J in [-1, 1] when defined (0 for a model no better than chance, 1 perfect), else the
        ``zero_division`` value.

    Raises
    ------
    ValueError
        As :func:`precision` with ``average="binary"``.
    TypeError
        If the labels mix strings and numbers.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when there are no positives or no negatives.

    See Also
    --------
    evalmetrics.balanced_accuracy : J = 2 BA - 1 for two classes.

    Notes
    -----
    scikit-learn has no function of this name; ``balanced_accuracy_score(y_true, y_pred,
    adjusted=True)`` gives J for two classes (when both occur in ``y_true``). J is the
    vertical distance of the ROC point (FPR, TPR) above the chance diagonal.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.youden_j([1] + [0] * 99, [0] * 100)  # the always-negative earthquake model
    0.0
    """
    zero_division = check_zero_division(zero_division)
    c = _binary(y_true, y_pred, pos_label)
    return youden(c.tp, c.fp, c.tn, c.fn, zero_division=zero_division)


def lr_plus(
    y_true: object,
    y_pred: object,
    *,
    pos_label: object = 1,
    zero_division: float | str = "warn",
) -> float:
    r"""Positive likelihood ratio: how much a positive prediction raises the odds of a positive.

    .. math::

        \text{LR}_+ = \frac{\text{TPR}}{\text{FPR}}
        = \frac{TP\,(TN + FP)}{FP\,(TP + FN)}

    Post-test odds = pre-test odds times :math:`\text{LR}_+` (Bayes' rule in odds form).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings; at most two distinct values with ``y_pred``).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The label of the positive class.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when LR+ is 0/0: no positives (TPR is 0/0), no negatives (FPR is 0/0), or
        TP = FP = 0 (TPR = FPR = 0). ``"warn"`` returns nan with an
        :class:`~evalmetrics.UndefinedMetricWarning`; a number is returned silently (1.0 means
        "uninformative", scikit-learn's ``replace_undefined_by=1.0``). It does not apply when
        FP = 0 and TP > 0 (below).

    Returns
    -------
    float
        :math:`\text{LR}_+ \ge 0` when defined (1: the prediction says nothing; above 1 a
        positive prediction is evidence for the positive class); ``inf`` when FPR = 0 and
        TPR > 0; else the ``zero_division`` value.

    Raises
    ------
    ValueError
        As :func:`precision` with ``average="binary"``.
    TypeError
        If the labels mix strings and numbers.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when LR+ is 0/0.
    RuntimeWarning
        When FPR = 0 and TPR > 0: TPR/0 is not 0/0 but tends to +inf, and ``inf`` is
        returned whatever ``zero_division`` is.

    See Also
    --------
    evalmetrics.lr_minus, evalmetrics.Counts.lr_plus

    Notes
    -----
    FPR = 0 with TP > 0 (no false alarm) makes the ratio grow without bound: it is x/0 with
    x > 0, whose limit is +inf, not 0/0, so this function returns ``inf`` with a
    ``RuntimeWarning`` (the package's rule, :class:`~evalmetrics.UndefinedMetricWarning`).
    scikit-learn's ``class_likelihood_ratios`` (version 1.9.1) returns nan there instead, with
    its ``UndefinedMetricWarning`` (or ``replace_undefined_by``). The ratio is computed in
    scikit-learn's order, so finite values agree bit for bit.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.lr_plus([1, 1, 0, 0, 0, 0], [1, 1, 1, 0, 0, 0])  # TPR 1, FPR 1/4
    4.0
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", RuntimeWarning)
    ...     em.lr_plus([1, 1, 0, 0], [1, 0, 0, 0])  # TPR 1/2, FPR 0: no false alarm
    inf
    """
    zero_division = check_zero_division(zero_division)
    c = _binary(y_true, y_pred, pos_label)
    return likelihood_ratio(c.tp, c.fp, c.tn, c.fn, which="LR+", zero_division=zero_division)


def lr_minus(
    y_true: object,
    y_pred: object,
    *,
    pos_label: object = 1,
    zero_division: float | str = "warn",
) -> float:
    r"""Negative likelihood ratio: how much a negative prediction lowers the odds of a positive.

    .. math::

        \text{LR}_- = \frac{\text{FNR}}{\text{TNR}}
        = \frac{FN\,(TN + FP)}{TN\,(TP + FN)}

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers or strings; at most two distinct values with ``y_pred``).
    y_pred : array-like of shape (n_samples,)
        Predicted labels.
    pos_label : int, float, bool or str, default=1
        The label of the positive class.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        Value when LR- is 0/0: no positives (FNR is 0/0), no negatives (TNR is 0/0), or
        TN = FN = 0 (FNR = TNR = 0). ``"warn"`` returns nan with an
        :class:`~evalmetrics.UndefinedMetricWarning`; a number is returned silently. It does
        not apply when TN = 0 and FN > 0 (below).

    Returns
    -------
    float
        :math:`\text{LR}_- \ge 0` when defined (below 1 a negative prediction is evidence
        against the positive class); ``inf`` when TNR = 0 and FNR > 0; else the
        ``zero_division`` value.

    Raises
    ------
    ValueError
        As :func:`precision` with ``average="binary"``.
    TypeError
        If the labels mix strings and numbers.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when LR- is 0/0.
    RuntimeWarning
        When TNR = 0 and FNR > 0 (x/0 with x > 0): ``inf`` whatever ``zero_division`` is.

    See Also
    --------
    evalmetrics.lr_plus, evalmetrics.Counts.lr_minus

    Notes
    -----
    Computed in the order of scikit-learn's ``class_likelihood_ratios``, so finite values
    agree bit for bit. scikit-learn (version 1.9.1) returns nan with a warning whenever TN = 0
    or there are no positives; here TN = 0 with FN > 0 and some negatives is +inf (x/0 with
    x > 0), and only the 0/0 cases are nan.

    Examples
    --------
    >>> import evalmetrics as em
    >>> em.lr_minus([1] + [0] * 99, [0] * 100)  # FNR 1, TNR 1: uninformative
    1.0
    """
    zero_division = check_zero_division(zero_division)
    c = _binary(y_true, y_pred, pos_label)
    return likelihood_ratio(c.tp, c.fp, c.tn, c.fn, which="LR-", zero_division=zero_division)
