"""The one policy for undefined values (0/0), shared by every metric (private module).

The rule
--------
* **One value** that is 0/0 is undefined. ``zero_division="warn"`` (the default) returns
  ``nan`` with one :class:`UndefinedMetricWarning` naming the metric and the empty
  denominator; ``zero_division=0.0``, ``1.0`` or ``nan`` returns that value silently.
* **An average** over classes (macro, weighted; balanced accuracy is macro recall) or over
  lists (MAP, MRR, ...) is taken over the members whose value is defined. Under ``"warn"`` one
  warning says how many (and which) members were left out; if none is defined the average is
  ``nan``. With ``zero_division=0.0`` or ``1.0`` every undefined member counts as that value
  instead, silently (``0.0`` is trec_eval's and scikit-learn's choice); ``nan`` leaves them out
  silently (scikit-learn's ``zero_division=np.nan``). A micro average pools the counts first,
  so it is 0/0 only when the pooled denominator is 0.
* **x/0 with x > 0 is not 0/0**: its limit is ``+inf`` (LR+ when FPR = 0 and TPR > 0). It
  returns ``inf`` with a ``RuntimeWarning`` that says so; ``zero_division`` does not apply.

scikit-learn's default, by contrast, returns 0.0 for 0/0 (with a warning), which makes an
undefined value indistinguishable from a genuinely bad one.

This is the only module that divides by a denominator that can be 0. Three entry points:

* ``divide``: one ratio, element-wise (precision, recall@k, NDCG, the likelihood ratios ...);
* ``apply_policy``: values that are not one plain ratio (interpolated precision ...), with a
  mask of where they are undefined;
* ``mean_over``: a (weighted) summary over members some of which are undefined (MAP over
  lists; the macro and weighted averages over classes).

Each warning names the metric, the reason and, for arrays, how many entries
(classes, lists, thresholds) are undefined.
"""

from __future__ import annotations

import math
import numbers
import os
import sys
import warnings

import numpy as np

__all__ = [
    "UndefinedMetricWarning",
    "apply_policy",
    "caller_stacklevel",
    "check_zero_division",
    "divide",
    "mean_over",
    "warn_infinite",
    "warn_undefined",
]


class UndefinedMetricWarning(UserWarning):
    """A metric was 0/0 (undefined) and ``zero_division="warn"`` returned ``nan``.

    The package's one 0/0 rule, taken by every function that can meet 0/0 through its
    ``zero_division`` option. One value that is 0/0: ``"warn"`` (the default) returns ``nan``
    and emits this warning once per call, naming the metric and the empty denominator;
    ``0.0``, ``1.0`` or ``nan`` returns that value silently. An average over classes (macro,
    weighted, balanced accuracy) or over lists (MAP, MRR) is taken over the members where the
    value is defined, and this warning says how many were left out (the average is ``nan`` if
    none is defined); ``zero_division=0.0`` or ``1.0`` counts every undefined member as that
    value instead, and ``nan`` leaves them out silently. A ratio x/0 with x > 0 is not 0/0: it
    is ``inf``, with a ``RuntimeWarning``, and ``zero_division`` does not apply to it.

    It is not scikit-learn's ``sklearn.exceptions.UndefinedMetricWarning``: the core imports
    numpy only, so it cannot subclass it, and a filter on one does not catch the other. To
    silence both, name both::

        from sklearn.exceptions import UndefinedMetricWarning as SklearnWarning

        warnings.filterwarnings("ignore", category=evalmetrics.UndefinedMetricWarning)
        warnings.filterwarnings("ignore", category=SklearnWarning)
    """


def check_zero_division(zero_division: object, name: str = "zero_division") -> float | str:
    """Return ``"warn"`` or the float to use for 0/0; reject anything else."""
    if isinstance(zero_division, str):
        if zero_division == "warn":
            return "warn"
    elif isinstance(zero_division, numbers.Real) and not isinstance(zero_division, bool):
        value = float(zero_division)
        if value in (0.0, 1.0) or math.isnan(value):
            return value
    raise ValueError(f"{name} must be 'warn', 0.0, 1.0 or nan; got {zero_division!r}")


_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


def caller_stacklevel() -> int:
    """The stacklevel that points a warning at the first frame outside evalmetrics."""
    level = 1
    frame = sys._getframe(1)
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(
        _PACKAGE_DIR + os.sep
    ):
        frame = frame.f_back
        level += 1
    return level


def warn_undefined(message: str) -> None:
    """Emit :class:`UndefinedMetricWarning` with ``message``.

    The warning is attributed to the user's line (the first frame outside the package), so a
    reader sees where the undefined value came from.
    """
    warnings.warn(message, UndefinedMetricWarning, stacklevel=caller_stacklevel())


def warn_infinite(message: str) -> None:
    """Emit a ``RuntimeWarning`` for a ratio x/0 with x != 0 (its limit is infinite, not 0/0).

    A ``RuntimeWarning``, as numpy's own for a division by zero, and not
    :class:`UndefinedMetricWarning`: the value is defined (as a limit), so ``zero_division``
    does not apply and a filter on undefined values does not hide it.
    """
    warnings.warn(message, RuntimeWarning, stacklevel=caller_stacklevel())


def _policy_message(metric: str, reason: str, where: str) -> str:
    return (
        f"{metric} is undefined (0/0: {reason}){where}; returning nan. "
        "Pass zero_division=0.0, 1.0 or nan to choose a value silently."
    )


def _where(undefined: np.ndarray, unit: str) -> str:
    """``""`` for a 0-d mask (one value), else ``" for n of size <unit>"``."""
    if undefined.ndim == 0:
        return ""
    return f" for {int(np.count_nonzero(undefined))} of {undefined.size} {unit}"


def _mask(undefined: object, shape: tuple[int, ...]) -> np.ndarray:
    """The ``undefined`` mask as a bool array, checked to broadcast over ``shape``.

    A mask with fewer dimensions than the values covers their leading axes: a mask of shape
    ``(n_lists,)`` marks whole rows of values of shape ``(n_lists, n_levels)``.
    """
    mask = np.asarray(undefined, dtype=bool)
    if mask.shape != shape[: mask.ndim]:
        raise ValueError(
            f"undefined has shape {mask.shape}, which does not cover the leading axes of the "
            f"values' shape {shape}"
        )
    return mask


def _spread(mask: np.ndarray, ndim: int) -> np.ndarray:
    """``mask`` with trailing axes of length 1 added, so it broadcasts over ``ndim`` axes."""
    return mask.reshape(mask.shape + (1,) * (ndim - mask.ndim))


def divide(
    numerator: np.ndarray | float,
    denominator: np.ndarray | float,
    *,
    metric: str,
    denominator_name: str,
    zero_division: float | str = "warn",
    undefined: np.ndarray | None = None,
    unit: str = "classes",
    infinite_reason: str | None = None,
) -> np.ndarray:
    """Element-wise ``numerator / denominator`` with the 0/0 rule applied.

    Returns a float64 array (0-d for scalar input). Where ``undefined`` is true (default:
    where numerator and denominator are both 0) the result is ``nan`` with one
    :class:`UndefinedMetricWarning` (``"warn"``) or the given ``zero_division`` value,
    silently. The warning says for how many of the ``unit`` (``"classes"``, ``"lists"``,
    ``"thresholds"`` ...) the value is undefined, unless the mask is 0-d (one value).

    Without an explicit ``undefined`` mask, a nonzero numerator over a zero denominator is
    not 0/0: the result is its limit, ``inf`` (``-inf`` for a negative numerator), with one
    ``RuntimeWarning`` that says so (``infinite_reason``, if given, says why in the metric's
    terms), whatever ``zero_division`` is.

    An explicit ``undefined`` mask must cover the result's leading axes (see ``_mask``); it
    lets a caller mark undefined entries whose denominator is not literally 0, or pass a 0-d
    mask for a result that is one value held in an array. Where the mask is false the
    quotient is returned as computed, so the caller must make sure those denominators are
    not 0.

    >>> import warnings
    >>> divide([1, 0], [2, 0], metric="recall", denominator_name="tp + fn", zero_division=0.0)
    array([0.5, 0. ])
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     divide([1, 0], [2, 0], metric="recall", denominator_name="tp + fn")
    array([0.5, nan])
    >>> print(caught[0].message)
    recall is undefined (0/0: tp + fn is 0) for 1 of 2 classes; returning nan. Pass zero_division=0.0, 1.0 or nan to choose a value silently.
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     float(divide(3, 0, metric="LR+", denominator_name="FP", zero_division=0.0))
    inf
    >>> print(caught[0].category.__name__, caught[0].message)
    RuntimeWarning LR+ is inf: 3/0 (FP is 0 and the numerator is not) tends to inf; it is not 0/0, so zero_division does not apply; returning inf.
    """  # noqa: E501
    zero_division = check_zero_division(zero_division)
    numerator = np.asarray(numerator, dtype=np.float64)
    denominator = np.asarray(denominator, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        result = np.true_divide(numerator, denominator)
    if undefined is None:
        zero = np.broadcast_to(denominator == 0, result.shape)
        nonzero_numerator = np.broadcast_to(numerator != 0, result.shape)
        mask = zero & ~nonzero_numerator
        infinite = zero & nonzero_numerator
        if np.any(infinite):
            sign = "-inf" if np.all(result[infinite] < 0) else "inf"
            if infinite_reason is not None:
                what = infinite_reason
            elif infinite.ndim == 0:
                what = f"{float(numerator):g}/0 ({denominator_name} is 0 and the numerator is not)"
            else:
                what = f"x/0 with x != 0{_where(infinite, unit)} ({denominator_name} is 0)"
            warn_infinite(
                f"{metric} is {sign}: {what} tends to {sign}; it is not 0/0, so "
                f"zero_division does not apply; returning {sign}."
            )
    else:
        mask = _mask(undefined, result.shape)
    if np.any(mask):
        fill = np.nan if zero_division == "warn" else zero_division
        result = np.where(_spread(mask, result.ndim), fill, result)
        if zero_division == "warn":
            warn_undefined(_policy_message(metric, f"{denominator_name} is 0", _where(mask, unit)))
    return result


def apply_policy(
    values: np.ndarray | float,
    undefined: np.ndarray | bool,
    *,
    metric: str,
    reason: str,
    zero_division: float | str = "warn",
    unit: str = "lists",
) -> np.ndarray:
    """Set the ``undefined`` entries of ``values`` per the 0/0 policy.

    For metrics that are not one plain ratio (interpolated precision, 11-point AP ...): the
    caller computes ``values`` and knows where they are undefined. Returns a new float64
    array; ``values`` is not changed. ``undefined`` has the shape of ``values`` or of its
    leading axes (a mask per row marks the whole row). Under ``"warn"`` those entries are
    ``nan`` and one :class:`UndefinedMetricWarning` says
    ``"<metric> is undefined (0/0: <reason>) for n of size <unit>"`` (no count for a 0-d
    mask); under ``0.0``, ``1.0`` or ``nan`` they are that value, silently.

    >>> apply_policy([[0.5, 0.2], [0.0, 0.0]], [False, True], metric="m",
    ...              reason="n_relevant is 0", zero_division=1.0)
    array([[0.5, 0.2],
           [1. , 1. ]])
    """
    zero_division = check_zero_division(zero_division)
    result = np.array(values, dtype=np.float64)
    mask = _mask(undefined, result.shape)
    if np.any(mask):
        fill = np.nan if zero_division == "warn" else zero_division
        result = np.where(_spread(mask, result.ndim), fill, result)
        if zero_division == "warn":
            warn_undefined(_policy_message(metric, reason, _where(mask, unit)))
    return result


def _names_note(names: object, mask: np.ndarray) -> str:
    """``" (labels 'a', 'c')"``: the names of the masked items (at most 10 shown), or ``""``."""
    if names is None:
        return ""
    chosen = [repr(name) for name in np.asarray(names)[mask].tolist()]
    noun = "label" if len(chosen) == 1 else "labels"
    if len(chosen) > 10:
        chosen = chosen[:10] + [f"... ({len(chosen) - 10} more)"]
    return f" ({noun} {', '.join(chosen)})"


def mean_over(
    values: np.ndarray,
    undefined: np.ndarray,
    *,
    metric: str,
    per_item: str,
    zero_division: float | str = "warn",
    unit: str = "lists",
    weights: np.ndarray | None = None,
    names: object = None,
    reason: str | None = None,
    convention: str | None = None,
) -> float:
    """The (weighted) mean of ``values`` over members some of which are undefined.

    The averages' rule, used by MAP and MRR (over lists), by the macro and weighted averages
    of the classification and curve metrics and by balanced accuracy (over classes): under
    ``"warn"`` the undefined members are left out of the mean and one
    :class:`UndefinedMetricWarning` names the metric and says how many (and, given ``names``,
    which) were left out; the mean is ``nan`` if all are. Under ``nan`` they are left out
    silently (``nan`` if all are; scikit-learn's ``zero_division=np.nan``). Under ``0.0`` or
    ``1.0`` each counts as that value, silently (``0.0`` is trec_eval's convention for MAP and
    scikit-learn's for the classification averages). The entries of ``values`` where
    ``undefined`` is true are never read.

    ``per_item`` names the per-member metric in the message (``"AP"``), ``reason`` its empty
    denominator (``"TP + FP is 0"``), ``convention`` an optional remark on the explicit values
    (``"0.0 is trec_eval's convention"``). With ``weights`` (one per member, >= 0) the mean is
    weighted; if the members that are counted have a total weight of 0 the weighted mean is
    itself 0/0: ``nan`` with one warning under ``"warn"``, else the ``zero_division`` value.

    >>> mean_over([0.5, 0.0], [False, True], metric="MAP", per_item="AP", zero_division=0.0)
    0.25
    >>> mean_over([0.5, 0.0], [False, True], metric="MAP", per_item="AP", zero_division=1.0)
    0.75
    >>> mean_over([0.5, 0.0], [False, True], metric="MAP", per_item="AP",
    ...           zero_division=float("nan"))
    0.5
    >>> mean_over([0.5, 0.0, 1.0], [False, True, False], metric="weighted recall",
    ...           per_item="recall", weights=[2, 0, 1], zero_division=float("nan"))
    0.6666666666666666
    """
    zero_division = check_zero_division(zero_division)
    values = np.asarray(values, dtype=np.float64)
    undefined = np.asarray(undefined, dtype=bool)
    if undefined.shape != values.shape:
        raise ValueError(f"undefined has shape {undefined.shape}, values have shape {values.shape}")
    if weights is not None:
        weights = np.asarray(weights, dtype=np.float64)
        if weights.shape != values.shape:
            raise ValueError(
                f"weights have shape {weights.shape}, values have shape {values.shape}"
            )
    counted_as_value = zero_division in (0.0, 1.0)
    if counted_as_value:
        values = np.where(undefined, zero_division, values)
        kept, kept_weights = values, weights
    else:
        kept = values[~undefined]
        kept_weights = None if weights is None else weights[~undefined]
    why = "0/0" if reason is None else f"0/0: {reason}"
    n_undefined = int(np.count_nonzero(undefined))
    which = _names_note(names, undefined)
    if kept.size == 0:
        if zero_division == "warn":
            warn_undefined(
                f"{metric} is undefined: {per_item} is undefined ({why}) for all "
                f"{values.size} {unit}{which}; returning nan. Pass zero_division=0.0 or 1.0 to "
                "count them as that value.",
            )
        return float("nan")
    left_out = ""
    if n_undefined and not counted_as_value:
        left_out = (
            f"left out {n_undefined} of {values.size} {unit}{which} whose {per_item} "
            f"is undefined ({why})"
        )
    if kept_weights is not None:
        total = kept_weights.sum()
        if total == 0:
            if zero_division == "warn":
                prefix = f"it {left_out}; the other" if left_out else "the"
                warn_undefined(
                    f"{metric} is undefined (0/0): {prefix} {unit} have a total weight of 0; "
                    "returning nan. Pass zero_division=0.0 or 1.0 to choose a value silently.",
                )
                return float("nan")
            return float(zero_division)  # nan, or 0.0 / 1.0: the weighted mean's own 0/0
        mean = float(np.multiply(kept, kept_weights).sum() / total)  # nonzero: total == 0 returned
    else:
        mean = float(kept.mean())
    if left_out and zero_division == "warn":
        remark = "" if convention is None else f" ({convention})"
        warn_undefined(
            f"{metric} {left_out}. Pass zero_division=0.0 or 1.0 to count them as that "
            f"value{remark}, "
            "or nan to leave them out silently.",
        )
    return mean
