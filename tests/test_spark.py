"""Spark MLlib's numbers in reference/data/spark_metrics.json, regenerated with live Spark.

The book reads the JSON file and never needs Spark; these tests keep the file honest. They
start one local Spark session for the module (about 20 s on a loaded two-core machine).
Without pyspark they skip, except under ``CI=true``, where a missing pyspark is a failure.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import math
import os
from pathlib import Path

import numpy as np
import pytest

import evalmetrics as em

pytestmark = [
    pytest.mark.spark,
    # pyspark's own notices, not ours: its SQLContext use and its pandas 3 support
    pytest.mark.filterwarnings("ignore:Deprecated in 3.0.0:FutureWarning"),
    pytest.mark.filterwarnings("ignore:PySpark does not yet fully support:FutureWarning"),
]

ROOT = Path(__file__).resolve().parents[1]
COMMITTED = ROOT / "reference" / "data" / "spark_metrics.json"


def _load_tool():
    spec = importlib.util.spec_from_file_location("spark_metrics", ROOT / "tools/spark_metrics.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sm = _load_tool()


@pytest.fixture(scope="module")
def spark():
    try:
        import pyspark  # noqa: F401
    except ImportError:
        message = (
            "pyspark is not installed, so the Spark reference numbers cannot be regenerated. "
            "Install it with: .venv/bin/python -m pip install -c constraints.txt "
            "-r requirements-spark.txt (it also needs Java 17 or later)"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " (CI=true: a missing pyspark is a failure, not a skip)")
        pytest.skip(message)
    session = sm.spark_session()
    yield session
    session.stop()


@pytest.fixture(scope="module")
def live(spark):
    return sm.compute(spark)


@pytest.fixture(scope="module")
def committed():
    return json.loads(COMMITTED.read_text())


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=0.0)


# (i) the committed file is what Spark computes now
def test_committed_file_matches_live_spark(live, committed):
    differences = sm.compare(committed, live)
    assert not differences, (
        "reference/data/spark_metrics.json is stale or Spark changed; regenerate it with "
        "`python tools/spark_metrics.py` and review the diff:\n" + "\n".join(differences)
    )


# (ii) compare() can fail: it flags every altered entry of a copy, and only those
def test_compare_flags_an_altered_copy(committed):
    assert sm.compare(committed, copy.deepcopy(committed)) == []
    altered = copy.deepcopy(committed)
    altered["binary"]["areaUnderPR"] *= 1 + 1e-9
    altered["multiclass"]["confusionMatrix"][0][0] += 1
    altered["ranking"]["LDA"]["MAP@10"] = 0.5
    del altered["ranking"]["pixels"]["NDCG@5"]
    altered["spark_version"] = "0.0.0"
    altered["ranking"]["pixels"]["P@1"] *= 1 + 1e-14  # below the tolerance: not flagged
    differences = sm.compare(committed, altered)
    flagged = sorted(line.split(":")[0] for line in differences)
    assert flagged == [
        "binary.areaUnderPR",
        "multiclass.confusionMatrix[0][0]",
        "ranking.LDA.MAP@10",
        "ranking.pixels.NDCG@5",
        "spark_version",
    ], differences


def _random_scores(seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    n = 200 + 50 * seed
    y = (rng.random(n) < 0.3 + 0.1 * seed).astype(int)
    # scores on a coarse grid: many ties, some of them mixed (positives and negatives)
    s = np.round(np.clip(0.3 * y + rng.normal(0.4, 0.25, n), 0, 1), 2 - (seed == 2))
    # a positive and a negative tied above all: the first point has precision 1/2, recall > 0,
    # where Spark's first point (0, 1/2) and scikit-learn's (0, 1) give different areas
    return np.r_[y, 1, 0], np.r_[s, 1.5, 1.5]


# (iii) the numpy reproductions equal live Spark, binning included
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_numpy_reproduces_spark_areas(spark, seed):
    y, s = _random_scores(seed)
    bins = (4, 20, 1000)
    spark_values = sm.spark_binary(spark, y, s, num_bins=bins)
    ours = {
        "areaUnderROC": sm.spark_area_under_roc(y, s),
        "areaUnderPR": sm.spark_area_under_pr(y, s),
    }
    for b in bins:
        ours[f"areaUnderROC_bins{b}"] = sm.spark_area_under_roc(y, s, num_bins=b)
        ours[f"areaUnderPR_bins{b}"] = sm.spark_area_under_pr(y, s, num_bins=b)
    assert spark_values.keys() == ours.keys()
    wrong = {k: (spark_values[k], ours[k]) for k in ours if not _close(spark_values[k], ours[k])}
    assert not wrong, f"seed {seed}: Spark vs numpy {wrong}"
    # ... and the conventions matter on these data: binning moves the areas, Spark's
    # areaUnderPR is neither AP nor scikit-learn's trapezoid from (0, 1)
    from sklearn import metrics as skm

    assert spark_values["areaUnderPR_bins4"] != spark_values["areaUnderPR"]
    assert not _close(spark_values["areaUnderPR"], em.average_precision(y, s))
    precision, recall, _ = skm.precision_recall_curve(y, s)
    first_recall, first_precision = 1 / y.sum(), 1 / 2  # the tied pair on top
    gap = skm.auc(recall, precision) - spark_values["areaUnderPR"]
    assert math.isclose(gap, first_recall * (1 - first_precision) / 2, abs_tol=1e-12)
    assert _close(spark_values["areaUnderROC"], em.roc_auc(y, s))


# (iv) each ranking metric: the evalmetrics call named in the JSON reproduces live Spark
@pytest.mark.parametrize("system", ["pixels", "LDA", "edge_toy"])
def test_named_evalmetrics_calls_reproduce_spark_ranking(live, committed, system):
    calls = committed["notes"]["ranking.evalmetrics_calls"]
    assert set(calls) == set(live["ranking"][system])
    if system == "edge_toy":
        pairs = sm.EDGE_TOY
    else:
        pairs = sm.ranking_pairs(sm.ranking_inputs()[system])
    rels, n_relevant = sm.rels_from_pairs(pairs)
    ours = sm.evalmetrics_ranking(rels, n_relevant, calls)
    wrong = {
        key: (live["ranking"][system][key], ours[key])
        for key in calls
        if not _close(live["ranking"][system][key], ours[key])
    }
    assert not wrong, f"{system}: Spark vs evalmetrics {wrong}"


def test_spark_ranking_conventions_on_the_edge_case(live):
    # queries ([1,2,3], [1,4]), ([5,6], [7]), ([8], []): only the first has a hit, at rank 1
    toy = live["ranking"]["edge_toy"]
    assert _close(toy["P@5"], (1 / 5) / 3)  # always divided by k, even for a 3-item list
    assert _close(toy["R@1"], (1 / 2) / 3)  # the empty label set counts as 0 in the mean
    assert _close(toy["MAP"], (1 / 2) / 3)  # AP divides by |labels|, not by the hits
    assert _close(toy["NDCG@5"], (1 / (1 + 1 / math.log2(3))) / 3)  # ideal: 2 relevant


def test_spark_multiclass_is_the_weighted_average(live):
    y_true, y_pred = sm.multiclass_inputs()
    spark_values = live["multiclass"]
    for key, function in [
        ("weightedPrecision", em.precision),
        ("weightedRecall", em.recall),
        ("weightedFMeasure", em.f1),
    ]:
        assert _close(spark_values[key], function(y_true, y_pred, average="weighted")), key
    assert _close(spark_values["accuracy"], em.accuracy(y_true, y_pred))
    assert np.array_equal(spark_values["confusionMatrix"], em.confusion_matrix(y_true, y_pred))
    # a label never predicted scores 0.0 silently; a label never true is dropped
    toy = live["multiclass"]["zero_division_toy"]
    assert toy["labels"] == [0, 1, 2] and toy["precision"][1:] == [0.0, 0.0]
    assert toy["confusionMatrix"] == [[2, 0, 0], [2, 0, 0], [0, 0, 0]]
