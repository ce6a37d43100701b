"""What the interval and test modules share (private): one home for each helper.

- :func:`normal_quantile`: the two-sided normal critical value of a confidence level;
- :func:`percentile_interval`: the percentile interval of resampled values;
- :func:`scipy_rng`: the keyword scipy's resampling functions take for a random generator;
- :func:`warn_ignored`: the one wording of "this option does nothing with this method".
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable

import numpy as np

from .._validation import _caller_stacklevel, _describe

__all__ = ["normal_quantile", "percentile_interval", "scipy_rng", "warn_ignored"]


def normal_quantile(confidence: float) -> float:
    """:math:`z_{(1 + c)/2}`, e.g. 1.96 for ``confidence=0.95``."""
    from scipy.stats import norm

    return float(norm.ppf(0.5 + confidence / 2))


def percentile_interval(values: np.ndarray, confidence: float) -> tuple[float, float]:
    """The central ``confidence`` share of ``values`` (numpy's default linear quantiles)."""
    tail = (1 - confidence) / 2
    low, high = np.quantile(values, [tail, 1 - tail])
    return float(low), float(high)


def scipy_rng(function: Callable[..., object], rng: np.random.Generator) -> dict:
    """``rng=`` for scipy >= 1.15 (SPEC 7), ``random_state=`` before (scipy >= 1.11 supported)."""
    name = "rng" if "rng" in inspect.signature(function).parameters else "random_state"
    return {name: rng}


def warn_ignored(name: str, value: object, method: str) -> None:
    """Warn that option ``name`` (set to ``value``) does nothing with ``method``."""
    warnings.warn(
        f"{name} is ignored with method={method!r} (set to {_describe(value)})",
        UserWarning,
        stacklevel=_caller_stacklevel(),
    )
