"""The one 0/0 policy: warnings point at the caller's line, values follow zero_division."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import evalmetrics as em
from evalmetrics import ranking


@pytest.mark.parametrize(
    "call",
    [
        lambda: em.precision([0, 0, 1], [0, 0, 0]),
        lambda: em.Counts(tp=0, fp=0, tn=1, fn=1).precision,
        lambda: em.fbeta([0, 0], [0, 0], beta=2.0),
        lambda: em.roc_auc([1, 1], [0.2, 0.3]),
        lambda: em.average_precision([0, 0], [0.2, 0.3]),
        lambda: ranking.average_precision([0, 0], n_relevant=0),
        lambda: ranking.ndcg([0, 0]),
        lambda: ranking.mean_average_precision([[1, 0], [0, 0]]),
    ],
    ids=[
        "precision",
        "Counts.precision",
        "fbeta",
        "roc_auc",
        "average_precision",
        "ranking.average_precision",
        "ranking.ndcg",
        "ranking.mean_average_precision",
    ],
)
def test_undefined_warning_points_at_the_callers_line(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()
    undefined = [w for w in caught if issubclass(w.category, em.UndefinedMetricWarning)]
    assert len(undefined) == 1, [str(w.message) for w in caught]
    assert undefined[0].filename == __file__, undefined[0].filename


@pytest.mark.parametrize("value", [0.0, 1.0])
def test_explicit_zero_division_is_silent_and_returned(value):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert em.precision([0, 1], [0, 0], zero_division=value) == value


def test_zero_division_nan_is_silent():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.isnan(em.precision([0, 1], [0, 0], zero_division=np.nan))
