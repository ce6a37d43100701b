"""Renamed names keep working for one release, and each says its new name.

``ranking.hit_ratio`` is ``ranking.micro_recall_at_k`` (document 001's HR@K, recall@K pooled
over the lists) and the module ``evalmetrics.counts`` is ``evalmetrics.confusion``; the
conventions page says why. Each old name gives the new one's result with a DeprecationWarning
that names the new name and the release that removes it.
"""

import importlib
import subprocess
import sys

import pytest

import evalmetrics as em
from evalmetrics import _deprecated, ranking

RELS = [[1, 0, 1, 0], [0, 0, 0, 1]]


def test_hit_ratio_is_micro_recall_at_k_and_warns():
    with pytest.warns(DeprecationWarning, match=r"ranking\.hit_ratio .* 0\.3: use ranking\.micro"):
        old = ranking.hit_ratio(RELS, k=2)
    assert old == ranking.micro_recall_at_k(RELS, k=2) == 1 / 3  # (1 + 0) / (2 + 1)
    assert ranking.hit_ratio.__wrapped__ is ranking.micro_recall_at_k
    assert "hit_ratio" not in ranking.__all__


def test_the_old_counts_module_still_imports_and_warns():
    with pytest.warns(
        DeprecationWarning, match=r"evalmetrics\.counts\.Counts .*evalmetrics\.confusion\.Counts"
    ):
        from evalmetrics.counts import Counts
    assert Counts is em.Counts
    assert importlib.import_module("evalmetrics.confusion").counts is em.counts
    assert em.counts([1, 0], [1, 1]) == em.Counts(tp=1, fp=1, tn=0, fn=0)


def test_the_new_names_do_not_warn():
    result = subprocess.run(
        [
            sys.executable,
            "-W",
            "error::DeprecationWarning",
            "-c",
            "import evalmetrics.confusion as c; from evalmetrics import ranking;"
            " ranking.micro_recall_at_k([1, 0], k=1); c.counts([1], [1])",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_the_removal_release_is_after_this_one():
    current = tuple(int(x) for x in em.__version__.split(".")[:2])
    assert tuple(int(x) for x in _deprecated.REMOVED_IN.split(".")) > current


def test_scores_passed_as_grades_to_ranking_ap_warn():
    """The one place the two average_precision functions can be confused: a list of scores
    given to the ranking one (which reads grades in rank order) warns and names the other."""
    with pytest.warns(UserWarning, match=r"0\.9 at position 0.*evalmetrics\.average_precision"):
        assert ranking.average_precision([0.9, 0.3, 0.2]) == 1.0
    with pytest.warns(UserWarning, match=r"ranking\.mean_average_precision"):
        ranking.mean_average_precision([[1, 0, 1], [0, 0.5, 1]])
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ranking.average_precision([1, 0, 2]) == pytest.approx((1 + 2 / 3) / 2)
        assert ranking.average_precision([1.0, 0.0, 1.0]) == pytest.approx((1 + 2 / 3) / 2)
