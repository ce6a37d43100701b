"""The one policy for undefined values (0/0), shared by every metric (private module).

Policy
------
``zero_division="warn"`` (the default) returns ``nan`` and emits :class:`UndefinedMetricWarning`
naming the metric and the empty denominator. ``zero_division=0.0``, ``1.0`` or ``nan`` returns
that value silently. scikit-learn's default, by contrast, returns 0.0 (with a warning), which
makes an undefined value indistinguishable from a genuinely bad one.
"""

from __future__ import annotations

import math
import numbers
import os
import sys
import warnings

import numpy as np

__all__ = ["UndefinedMetricWarning", "check_zero_division", "divide", "warn_undefined"]


class UndefinedMetricWarning(UserWarning):
    """A metric was 0/0 (undefined) and ``zero_division="warn"`` returned ``nan``."""


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


def _caller_stacklevel() -> int:
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
    warnings.warn(message, UndefinedMetricWarning, stacklevel=_caller_stacklevel())


def divide(
    numerator: np.ndarray | float,
    denominator: np.ndarray | float,
    *,
    metric: str,
    denominator_name: str,
    zero_division: float | str = "warn",
) -> np.ndarray:
    """Element-wise ``numerator / denominator`` with the 0/0 policy applied.

    Returns a float64 array (0-d for scalar input). Where ``denominator == 0`` the result is
    ``nan`` with one warning (``"warn"``) or the given ``zero_division`` value, silently.
    """
    zero_division = check_zero_division(zero_division)
    numerator = np.asarray(numerator, dtype=np.float64)
    denominator = np.asarray(denominator, dtype=np.float64)
    undefined = denominator == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        result = np.true_divide(numerator, denominator)
    if np.any(undefined):
        if zero_division == "warn":
            result = np.where(undefined, np.nan, result)
            n_undefined = int(np.count_nonzero(undefined))
            where = "" if result.ndim == 0 else f" for {n_undefined} of {undefined.size} classes"
            warn_undefined(
                f"{metric} is undefined (0/0: {denominator_name} is 0){where}; returning nan. "
                f"Pass zero_division=0.0, 1.0 or nan to choose a value silently.",
            )
        else:
            result = np.where(undefined, zero_division, result)
    return result
