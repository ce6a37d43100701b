"""First-level counts: the four outcomes of a binary decision, and the confusion matrix.

Everything else in :mod:`evalmetrics` is computed from these counts: precision, recall and
F-beta in :mod:`evalmetrics.classification`, and every point of a ROC or PR curve in
:mod:`evalmetrics.curves` (there the counts come from one threshold sweep).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np

from ._core import (
    binary_counts,
    confusion_counts,
    count_ratio,
    e_values,
    fbeta_values,
    kappa_from_matrix,
    likelihood_ratio,
    mcc_from_matrix,
    prepare_labels,
    round_half_up,
    youden,
)
from ._undefined import check_zero_division, mean_over
from ._validation import (
    check_beta,
    check_in_interval,
    check_nonnegative_int,
    check_pos_label,
    check_positive_int,
    check_unit_values,
)

__all__ = ["Counts", "confusion_matrix", "counts", "fbeta_isocurve"]


@dataclass(frozen=True)
class Counts:
    r"""The four outcomes of a binary decision: TP, FP, TN and FN (immutable).

    Every first-, second- and third-level metric of a binary classifier is a ratio of these four
    numbers:

    .. math::

        \begin{aligned}
        \text{precision} &= \frac{TP}{TP + FP}, &
        \text{recall} &= \frac{TP}{TP + FN}, \\
        \text{specificity} &= \frac{TN}{TN + FP}, &
        \text{accuracy} &= \frac{TP + TN}{n}.
        \end{aligned}

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
    Each ratio is in [0, 1] when defined (its denominator is not 0). The properties use the
    package's 0/0 policy (see :class:`~evalmetrics.UndefinedMetricWarning`) with
    ``zero_division="warn"``: an undefined ratio is ``nan`` and emits the warning. The methods
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

    def _rate(self, name: str) -> float:
        return float(count_ratio(name, self.tp, self.fp, self.tn, self.fn, zero_division="warn"))

    @property
    def n(self) -> int:
        """Number of samples, :math:`TP + FP + TN + FN`."""
        return self.tp + self.fp + self.tn + self.fn

    @property
    def prevalence(self) -> float:
        """Share of actual positives, :math:`(TP + FN) / n` (nan with a warning if n = 0)."""
        return self._rate("prevalence")

    @property
    def precision(self) -> float:
        """Precision, :math:`TP / (TP + FP)` (nan with a warning if no predicted positives)."""
        return self._rate("precision")

    @property
    def recall(self) -> float:
        """Recall (TPR), :math:`TP / (TP + FN)` (nan with a warning if no positives)."""
        return self._rate("recall")

    @property
    def accuracy(self) -> float:
        """Accuracy, :math:`(TP + TN) / n` (nan with a warning if n = 0)."""
        return self._rate("accuracy")

    @property
    def specificity(self) -> float:
        """Specificity (TNR), :math:`TN / (TN + FP)` (nan with a warning if no negatives)."""
        return self._rate("specificity")

    @property
    def fpr(self) -> float:
        """False positive rate, :math:`FP / (FP + TN)` (nan with a warning if no negatives)."""
        return self._rate("fpr")

    @property
    def fnr(self) -> float:
        """False negative rate, :math:`FN / (FN + TP)` (nan with a warning if no positives)."""
        return self._rate("fnr")

    @property
    def f1(self) -> float:
        """F1, :math:`2 TP / (2 TP + FN + FP)` (nan with a warning if TP + FP + FN = 0)."""
        return self.fbeta(beta=1.0)

    @property
    def npv(self) -> float:
        """Negative predictive value, :math:`TN / (TN + FN)` (nan with a warning if nothing is
        predicted negative). The precision of the negative class."""
        return self._rate("npv")

    @property
    def balanced_accuracy(self) -> float:
        r"""Balanced accuracy, :math:`(\text{TPR} + \text{TNR}) / 2`: the mean recall of the
        two classes.

        A class with no samples (its recall 0/0) is left out of the mean with a warning, as
        :func:`evalmetrics.balanced_accuracy` and scikit-learn's ``balanced_accuracy_score``
        do; nan with a warning if n = 0.
        """
        tpr = count_ratio("recall", self.tp, self.fp, self.tn, self.fn, zero_division=0.0)
        tnr = count_ratio("specificity", self.tp, self.fp, self.tn, self.fn, zero_division=0.0)
        return mean_over(
            np.array([tpr, tnr]),
            np.array([self.tp + self.fn == 0, self.tn + self.fp == 0]),
            metric="balanced accuracy",
            per_item="recall",
            unit="classes",
            names=["positive", "negative"],
            reason="the class has no samples",
        )

    @property
    def mcc(self) -> float:
        r"""Matthews correlation coefficient (MCC), in [-1, 1].

        .. math::

            \text{MCC} = \frac{TP \cdot TN - FP \cdot FN}
            {\sqrt{(TP + FP)(TP + FN)(TN + FP)(TN + FN)}}

        nan with a warning when a factor under the root is 0 (only one class in the truth or in
        the predictions, e.g. a model that always predicts negative); scikit-learn's
        ``matthews_corrcoef`` returns 0.0 there.
        """
        return mcc_from_matrix(self.to_matrix(), zero_division="warn")

    @property
    def cohen_kappa(self) -> float:
        r"""Cohen's kappa, :math:`(p_o - p_e) / (1 - p_e)` with :math:`p_o` the accuracy and
        :math:`p_e = ((TP + FP)(TP + FN) + (TN + FN)(TN + FP)) / n^2` the agreement expected by
        chance (nan with a warning if :math:`p_e = 1`: truth and predictions are all one and the
        same class)."""
        return kappa_from_matrix(self.to_matrix(), zero_division="warn")

    @property
    def youden_j(self) -> float:
        r"""Youden's J (informedness), :math:`\text{TPR} - \text{FPR}`, in [-1, 1].

        Equal to :math:`\text{TPR} + \text{TNR} - 1`; nan with a warning if there are no
        positives or no negatives."""
        return youden(self.tp, self.fp, self.tn, self.fn, zero_division="warn")

    @property
    def lr_plus(self) -> float:
        r"""Positive likelihood ratio, :math:`\text{LR}_+ = \text{TPR} / \text{FPR}`, in
        [0, inf].

        ``inf`` with a ``RuntimeWarning`` when FPR = 0 and TPR > 0 (x/0 with x > 0 tends to
        +inf; it is not 0/0). nan with an :class:`~evalmetrics.UndefinedMetricWarning` when it
        is 0/0: no positives, no negatives, or TP = FP = 0. scikit-learn's
        ``class_likelihood_ratios`` (1.9.1) returns nan in both cases.
        """
        return likelihood_ratio(
            self.tp, self.fp, self.tn, self.fn, which="LR+", zero_division="warn"
        )

    @property
    def lr_minus(self) -> float:
        r"""Negative likelihood ratio, :math:`\text{LR}_- = \text{FNR} / \text{TNR}`, in
        [0, inf].

        ``inf`` with a ``RuntimeWarning`` when TNR = 0 and FNR > 0 (x/0 with x > 0); nan with
        an :class:`~evalmetrics.UndefinedMetricWarning` when it is 0/0: no positives, no
        negatives, or TN = FN = 0."""
        return likelihood_ratio(
            self.tp, self.fp, self.tn, self.fn, which="LR-", zero_division="warn"
        )

    @classmethod
    def one_vs_rest(cls, matrix: object) -> list[Counts]:
        r"""One :class:`Counts` per class of a K x K confusion matrix, each class against the
        rest.

        .. math::

            \begin{aligned}
            TP_k &= C_{kk}, & FP_k &= \sum_j C_{jk} - C_{kk}, \\
            FN_k &= \sum_j C_{kj} - C_{kk}, & TN_k &= n - TP_k - FP_k - FN_k
            \end{aligned}

        Parameters
        ----------
        matrix : array-like of shape (n_classes, n_classes)
            A confusion matrix, rows the true label and columns the predicted label, as
            :func:`~evalmetrics.confusion_matrix` returns it: non-negative integers.

        Returns
        -------
        list of Counts
            One per class, in the matrix's order.

        Raises
        ------
        ValueError
            If ``matrix`` is not square and 2-D, or holds negative or non-integer values.

        Examples
        --------
        >>> import evalmetrics as em
        >>> m = em.confusion_matrix(["cat", "dog", "dog", "pig"], ["cat", "cat", "dog", "dog"])
        >>> em.Counts.one_vs_rest(m)[0]  # "cat" against "dog" and "pig"
        Counts(tp=1, fp=1, tn=2, fn=0)
        """
        array = np.asarray(matrix)
        if array.ndim != 2 or array.shape[0] != array.shape[1] or array.shape[0] == 0:
            raise ValueError(
                f"matrix must be a square 2-D confusion matrix; got shape {array.shape}"
            )
        if array.dtype.kind not in "iu" and not (
            array.dtype.kind == "f"
            and np.all(np.isfinite(array))
            and np.all(array == np.round(array))
        ):
            raise ValueError(f"matrix must hold non-negative integer counts; got {array.dtype}")
        if np.any(array < 0):
            raise ValueError("matrix must hold non-negative integer counts; found a negative one")
        array = array.astype(np.int64)
        tp = np.diag(array)
        fp = array.sum(axis=0) - tp
        fn = array.sum(axis=1) - tp
        tn = int(array.sum()) - tp - fp - fn
        return [
            cls(tp=int(a), fp=int(b), tn=int(c), fn=int(d))
            for a, b, c, d in zip(tp, fp, tn, fn, strict=True)
        ]

    def fbeta(self, *, beta: float, zero_division: float | str = "warn") -> float:
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
            :math:`F_\beta` in [0, 1] when defined (:math:`TP + FP + FN > 0`), else the
            ``zero_division`` value (the 0/0 policy: see
            :class:`~evalmetrics.UndefinedMetricWarning`).

        Raises
        ------
        TypeError
            If ``beta`` is not a real number.
        ValueError
            If ``beta`` is not finite and > 0, or ``zero_division`` is not allowed.

        Examples
        --------
        >>> from evalmetrics import Counts
        >>> Counts(tp=1, fp=0, tn=990, fn=9).fbeta(beta=2.0)  # recall 0.1 dominates
        0.12195121951219512
        >>> Counts(tp=0, fp=0, tn=5, fn=0).fbeta(beta=1.0, zero_division=0.0)
        0.0
        """
        beta = check_beta(beta)
        zero_division = check_zero_division(zero_division)
        return float(fbeta_values(self.tp, self.fp, self.fn, beta, zero_division=zero_division))

    def e_measure(self, *, beta: float, zero_division: float | str = "warn") -> float:
        r"""Van Rijsbergen's effectiveness measure, :math:`E_\beta = 1 - F_\beta` (when defined).

        .. math::

            E_\beta = 1 - \frac{(1 + \beta^2)\,TP}{(1 + \beta^2)\,TP + \beta^2\,FN + FP}

        Parameters
        ----------
        beta : float
            As in :meth:`fbeta`: finite and > 0, ``beta > 1`` weights recall more. Required, as
            for :meth:`fbeta`.
        zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
            The value of :math:`E_\beta` when it is undefined (:math:`TP + FP + FN = 0`):
            ``"warn"`` returns nan with an :class:`~evalmetrics.UndefinedMetricWarning` that
            names the E-measure; a number is returned silently. It is E's value, not F's:
            ``zero_division=0.0`` gives E = 0.

        Returns
        -------
        float
            :math:`E_\beta` in [0, 1] when defined (:math:`TP + FP + FN > 0`; 0 is perfect),
            else the ``zero_division`` value (the 0/0 policy: see
            :class:`~evalmetrics.UndefinedMetricWarning`).

        Raises
        ------
        TypeError
            If ``beta`` is not a real number or is missing.
        ValueError
            If ``beta`` is not finite and > 0, or ``zero_division`` is not allowed.

        Warns
        -----
        UndefinedMetricWarning
            If :math:`TP + FP + FN = 0` and ``zero_division="warn"``.

        Examples
        --------
        >>> from evalmetrics import Counts
        >>> round(Counts(tp=700, fp=300, tn=300, fn=700).e_measure(beta=1.0), 4)
        0.4167
        >>> Counts(tp=0, fp=0, tn=5, fn=0).e_measure(beta=1.0, zero_division=0.0)
        0.0
        """
        beta = check_beta(beta)
        zero_division = check_zero_division(zero_division)
        return float(e_values(self.tp, self.fp, self.fn, beta, zero_division=zero_division))

    def at_prevalence(self, *, prevalence: float, n_samples: int) -> Counts:
        r"""The counts this model would give on ``n_samples`` items at another prevalence.

        The model keeps its recall (true positive rate) and false positive rate; the class
        sizes change. With :math:`n_+ = \operatorname{round}(\pi n)` positives and
        :math:`n_- = n - n_+` negatives,

        .. math::

            \begin{aligned}
            TP &= \operatorname{round}(R\, n_+), &
            FP &= \operatorname{round}(\text{FPR}\, n_-), \\
            FN &= n_+ - TP, & TN &= n_- - FP,
            \end{aligned}

        each rounded to the nearest integer, halves up.

        Parameters
        ----------
        prevalence : float
            The share :math:`\pi` of positives in the new test set, in [0, 1].
        n_samples : int
            The size :math:`n` of the new test set, >= 1.

        Returns
        -------
        Counts
            The counts on the new test set; ``n`` equals ``n_samples``.

        Raises
        ------
        TypeError
            If ``prevalence`` is not a real number or ``n_samples`` not an integer.
        ValueError
            If ``prevalence`` is outside [0, 1] or NaN, ``n_samples`` < 1, or these counts have
            no positives or no negatives (recall or the false positive rate is then 0/0).

        See Also
        --------
        evalmetrics.Counts.precision : What falls with the prevalence.

        Notes
        -----
        Precision is not kept: it falls with the prevalence, which is the point (the accuracy
        paradox of chapter 1). Rounding whole counts moves recall and the false positive rate
        slightly when :math:`\pi n` is small. The imbalance explorer
        (``evalmetrics.widgets.imbalance_explorer``) shows this at many prevalences.

        Examples
        --------
        A model with recall 0.9 and false positive rate 0.1, moved to a prevalence of 1% on
        10,000 items: 100 positives (90 found) and 9,900 negatives (990 false alarms).

        >>> from evalmetrics import Counts
        >>> model = Counts(tp=45, fp=50, tn=450, fn=5)
        >>> rare = model.at_prevalence(prevalence=0.01, n_samples=10_000)
        >>> rare
        Counts(tp=90, fp=990, tn=8910, fn=10)
        >>> round(rare.precision, 4), rare.recall
        (0.0833, 0.9)
        """
        prevalence = check_in_interval(prevalence, "prevalence", 0.0, 1.0)
        n_samples = check_positive_int(n_samples, "n_samples")
        if self.tp + self.fn == 0 or self.tn + self.fp == 0:
            missing = (
                "positives (TP + FN = 0)" if self.tp + self.fn == 0 else "negatives (TN + FP = 0)"
            )
            raise ValueError(
                f"at_prevalence needs counts with both classes, to keep recall and the false "
                f"positive rate; these have no {missing}: {self!r}"
            )
        n_positive = round_half_up(prevalence * n_samples)
        n_negative = n_samples - n_positive
        true_positives = round_half_up(self.recall * n_positive)
        false_positives = round_half_up(self.fpr * n_negative)
        return Counts(
            tp=true_positives,
            fp=false_positives,
            tn=n_negative - false_positives,
            fn=n_positive - true_positives,
        )

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


def counts(y_true: object, y_pred: object, *, pos_label: object = 1) -> Counts:
    r"""Count TP, FP, TN and FN of binary predictions.

    .. math::

        \begin{aligned}
        TP &= \#\{i : y_i = p,\ \hat y_i = p\}, &
        FP &= \#\{i : y_i \ne p,\ \hat y_i = p\}, \\
        TN &= \#\{i : y_i \ne p,\ \hat y_i \ne p\}, &
        FN &= \#\{i : y_i = p,\ \hat y_i \ne p\}
        \end{aligned}

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
    pos_label = check_pos_label(pos_label)
    return Counts(
        *binary_counts(
            y_true,
            y_pred,
            pos_label,
            hint="counts() is binary: use confusion_matrix() for several classes, or pass "
            "y_true == label and y_pred == label to count one class against the rest",
        )
    )


def confusion_matrix(y_true: object, y_pred: object, *, labels: object = None) -> np.ndarray:
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
    classes, true_index, pred_index = prepare_labels(y_true, y_pred, labels)
    return confusion_counts(true_index, pred_index, len(classes))


def fbeta_isocurve(recall: object, *, beta: float, level: float) -> np.ndarray:
    r"""Precision that gives :math:`F_\beta` = ``level`` at each recall (nan where there is none).

    Solving :math:`F_\beta = (1+\beta^2) P R / (\beta^2 P + R)` for :math:`P` gives

    .. math::

        P = \frac{f R}{(1+\beta^2) R - f \beta^2},

    a point of the unit square only where the denominator is positive and :math:`P \le 1`.

    Parameters
    ----------
    recall : float or array-like
        Recall values, each in [0, 1] (any shape).
    beta : float
        Finite and > 0; ``beta > 1`` weights recall more.
    level : float
        The value :math:`f` of :math:`F_\beta`, in (0, 1].

    Returns
    -------
    numpy.ndarray
        Float64, the shape of ``recall``: the precision on the iso-curve, nan where the curve
        leaves the unit square (the recall is too low to reach ``level`` at any precision).

    Raises
    ------
    TypeError
        If ``recall`` is not numeric, or ``beta`` or ``level`` is not a real number.
    ValueError
        If a recall is outside [0, 1] or NaN, ``beta`` is not finite and > 0, or ``level`` is
        outside (0, 1].

    See Also
    --------
    evalmetrics.plots.plot_fbeta_isocurves : Draws these curves.
    evalmetrics.Sweep.fbeta : F-beta at every threshold of a sweep.

    Notes
    -----
    Pure arithmetic (no 0/0 policy): where the denominator is not positive no precision in
    [0, 1] reaches ``level``, and the value is nan. Precision above 1 by less than 1e-12
    (rounding) counts as on the curve.

    Examples
    --------
    >>> from evalmetrics.confusion import fbeta_isocurve
    >>> fbeta_isocurve([0.25, 0.5, 1.0], beta=1.0, level=0.5).round(4).tolist()
    [nan, 0.5, 0.3333]
    """
    beta = check_beta(beta)
    level = check_in_interval(level, "level", 0.0, 1.0, low_open=True)
    recall = check_unit_values(recall, "recall")
    beta_squared = beta**2
    denominator = (1 + beta_squared) * recall - level * beta_squared
    positive = denominator > 0
    safe = np.where(positive, denominator, 1.0)
    precision = level * recall / safe  # nonzero: safe is 1.0 wherever denominator <= 0
    outside = ~positive | (precision > 1 + 1e-12) | (precision < 0)
    return np.where(outside, np.nan, precision)
