"""Spark MLlib's metrics on the book's three data sets, written to a small JSON file.

The book must build without Spark, so its pages read ``reference/data/spark_metrics.json``,
which this script writes; ``tests/test_spark.py`` regenerates the numbers with live Spark and
fails when they differ from the committed file (a stale file, or Spark changed its behaviour).

    python tools/spark_metrics.py                       # write reference/data/spark_metrics.json
    python tools/spark_metrics.py --out other.json      # write elsewhere
    python tools/spark_metrics.py --check reference/data/spark_metrics.json
                                                        # regenerate, compare, exit 1 on a change

The inputs are built exactly as the chapters build them:

- binary: ``evalmetrics.datasets.breast_cancer_scores()`` (285 held-out cases);
- multiclass: chapter 7's digits classifier (``load_digits``, stratified half split with
  ``random_state=0``, ``GaussianNB`` fitted on one half, predictions on the other);
- ranking: chapter 16's digits retrieval task (``rank_by_distance`` on the test half's pixels
  and on its LDA projection); Spark gets the ranked image indices and the relevant ones.

Spark runs in local mode on one core with one partition (``local[1]``,
``spark.default.parallelism=1``): ``numBins`` groups the scores *within each partition*, so the
binned values depend on the partitioning, and one partition is the case reproduced below by
``spark_area_under_roc`` / ``spark_area_under_pr`` (pure numpy).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "reference" / "data" / "spark_metrics.json"
NUM_BINS = (10, 100, 1000)
KS = (1, 5, 10)
MAP_KS = (5, 10)
REL_TOL = 1e-12

# The evalmetrics call that reproduces each Spark ranking metric. ``rels``: the 0/1 matrix (one
# row per query, padded with 0); ``n_relevant``: the relevant items per query, retrieved or
# not; ``ideal``: per query n_relevant ones (0-padded), the grades Spark's ideal DCG is built
# from. tests/test_spark.py evaluates these strings and compares them with live Spark.
RANKING_CALLS = {
    **{f"P@{k}": f"ranking.precision_at_k(rels, k={k}).mean()" for k in KS},
    **{
        f"R@{k}": (
            f"ranking.recall_at_k(rels, k={k}, n_relevant=n_relevant, zero_division=0.0).mean()"
        )
        for k in KS
    },
    **{
        f"NDCG@{k}": (
            f"ranking.ndcg(rels, k={k}, ideal=ideal, gain='linear', zero_division=0.0).mean()"
        )
        for k in KS
    },
    "MAP": "ranking.mean_average_precision(rels, n_relevant=n_relevant, zero_division=0.0)",
    **{
        f"MAP@{k}": (
            f"ranking.mean_average_precision(rels, k={k}, denominator='min_k',"
            " n_relevant=n_relevant, zero_division=0.0)"
        )
        for k in MAP_KS
    },
}
EDGE_TOY = [([1, 2, 3], [1, 4]), ([5, 6], [7]), ([8], [])]
MULTICLASS_TOY = ([0, 0, 1, 1, 2], [0, 0, 0, 0, 3])

NOTES = {
    "session": (
        "local[1], spark.default.parallelism=1: every RDD has one partition. numBins groups "
        "scores within each partition, so binned values depend on the partitioning."
    ),
    "binary.numBins=0": (
        "pyspark.mllib.evaluation.BinaryClassificationMetrics; pyspark does not expose numBins."
    ),
    "binary.numBins>0": (
        "the same Scala class with numBins, reached through "
        "pyspark.ml.evaluation.BinaryClassificationEvaluator(numBins=b) and its Scala "
        "getMetrics(); at numBins=0 that route equals the mllib value (checked in compute)."
    ),
    "binary.curve": (
        "one point per distinct score, scores descending; label > 0.5 is positive. "
        "numBins=b>0: g = n_distinct // b; if g >= 2 the sorted distinct scores are cut into "
        "consecutive chunks of g (the last one shorter) and each chunk is one point, else no "
        "binning. Reproduced by spark_area_under_roc / spark_area_under_pr in this script."
    ),
    "binary.areaUnderROC": (
        "trapezoid over (0,0), (FPR, TPR) at each point, (1,1). With numBins=0 this is the "
        "Mann-Whitney AUC with ties counted 1/2: em.roc_auc and sklearn.roc_auc_score."
    ),
    "binary.areaUnderPR": (
        "trapezoid over (recall 0, precision of the first point), then (recall, precision) at "
        "each point. Not AP: em.average_precision / sklearn average_precision_score are the "
        "step sum sum_i (R_i - R_{i-1}) P_i. sklearn.metrics.auc(recall, precision) of "
        "precision_recall_curve is a trapezoid too but starts at (0, 1): it is larger than "
        "Spark's value by R_1 (1 - P_1) / 2 (first point), equal when P_1 = 1 or R_1 = 0."
    ),
    "multiclass": (
        "MulticlassMetrics on (prediction, label). labels = the distinct TRUE labels; "
        "weighted* = sum over true labels of metric(label) * support / n. "
        "weightedRecall = accuracy always. precision(label) with tp + fp = 0 is 0.0, "
        "fMeasure with p + r = 0 is 0.0 (no warning): em/sklearn zero_division=0.0. A label "
        "that is predicted but never true is not a row or column of confusionMatrix and has "
        "no weight (see zero_division_toy). Spark has no macro average: "
        "em.precision(..., average='weighted') etc. reproduce the weighted ones; "
        "weightedFalsePositiveRate = sum_c w_c (1 - specificity_c)."
    ),
    "multiclass.zero_division_toy": "y_true=[0,0,1,1,2], y_pred=[0,0,0,0,3].",
    "ranking.input": (
        "predictionAndLabels = (ranked image indices, indices of the images with the query's "
        "digit), query excluded; every ranked list holds all 898 other test images, no "
        "truncation."
    ),
    "ranking.precisionAt": (
        "hits in the top min(k, len(pred)) divided by k, always k (a list shorter than k is "
        "penalised); empty label set: 0.0."
    ),
    "ranking.recallAt": "hits in the top k / number of distinct labels; empty label set: 0.0.",
    "ranking.ndcgAt": (
        "binary gain 1 (no relevance values given), discount 1/ln(i+2), the ideal DCG of "
        "min(k, |labels|) ones; 0.0 for an empty label set. The log base cancels: "
        "em ndcg with gain='linear' (binary grades make 'exponential' equal too)."
    ),
    "ranking.meanAveragePrecision": (
        "sum of P@i over hits in the whole list / |labels| (trec_eval's AP, unretrieved "
        "relevant items count); empty label set: 0.0."
    ),
    "ranking.meanAveragePrecisionAt": (
        "sum of P@i over hits in the top k / min(k, |labels|): em denominator='min_k'."
    ),
    "ranking.mean": "the plain mean over queries (RDD.mean); empty label sets count as 0.",
    "ranking.edge_toy": (
        "queries ([1,2,3], [1,4]), ([5,6], [7]), ([8], []): a hit at rank 1 of 3, "
        "a list shorter than k, an empty label set."
    ),
    "ranking.evalmetrics_calls": RANKING_CALLS,
    "reference": (
        "evalmetrics' and scikit-learn's values on the same inputs, for comparison; "
        "the pages recompute them."
    ),
}


# --- inputs, built as the chapters build them ------------------------------------------------
def binary_inputs() -> tuple[np.ndarray, np.ndarray]:
    """Chapter 7's breast-cancer labels and scores (285 cases)."""
    from evalmetrics.datasets import breast_cancer_scores

    return breast_cancer_scores()


def multiclass_inputs() -> tuple[np.ndarray, np.ndarray]:
    """Chapter 7's digits classifier: true labels and predicted labels of the test half."""
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split
    from sklearn.naive_bayes import GaussianNB

    digits_x, digits_y = load_digits(return_X_y=True)
    dx_train, dx_test, dy_train, y_digits = train_test_split(
        digits_x, digits_y, test_size=0.5, stratify=digits_y, random_state=0
    )
    predicted = GaussianNB().fit(dx_train, dy_train).predict(dx_test)
    return y_digits, predicted


def _ranked_ids(features: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """The ranked image indices behind rank_by_distance (same arithmetic, same stable sort)."""
    from evalmetrics.datasets import rank_by_distance

    features = np.asarray(features, dtype=np.float64)
    squared_norms = (features**2).sum(axis=1)
    distances = squared_norms[:, None] + squared_norms[None, :] - 2 * features @ features.T
    distances[np.arange(len(labels)), np.arange(len(labels))] = np.inf
    order = np.argsort(distances, axis=1, kind="stable")[:, :-1]
    if not np.array_equal(
        (labels[order] == labels[:, None]).astype(int), rank_by_distance(features, labels)
    ):
        raise RuntimeError("the ranked ids do not reproduce rank_by_distance")
    return order


def ranking_inputs() -> dict[str, dict[str, np.ndarray]]:
    """Chapter 16's retrieval task: per system the ranked ids, the 0/1 rels and the labels."""
    from sklearn.datasets import load_digits
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.model_selection import train_test_split

    images, digit = load_digits(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(
        images, digit, test_size=0.5, stratify=digit, random_state=0
    )
    lda = LinearDiscriminantAnalysis().fit(x_train, y_train)
    systems = {}
    for name, features in (("pixels", x_test), ("LDA", lda.transform(x_test))):
        order = _ranked_ids(features, y_test)
        systems[name] = {
            "ranked": order,
            "rels": (y_test[order] == y_test[:, None]).astype(int),
            "labels": y_test,
        }
    return systems


# --- Spark's binary areas in numpy ------------------------------------------------------------
def _spark_curve_counts(y_true, y_score, num_bins: int):
    """Cumulative (tp, fp) at each point of Spark's curve (one partition), and the totals."""
    y_true = np.asarray(y_true, dtype=np.float64)
    y_score = np.asarray(y_score, dtype=np.float64)
    positive = y_true > 0.5  # Spark's BinaryLabelCounter
    distinct, inverse = np.unique(y_score, return_inverse=True)
    pos_per_score = np.bincount(inverse, weights=positive, minlength=len(distinct))[::-1]
    neg_per_score = np.bincount(inverse, weights=~positive, minlength=len(distinct))[::-1]
    tp, fp = np.cumsum(pos_per_score), np.cumsum(neg_per_score)  # scores descending
    grouping = len(distinct) // num_bins if num_bins > 0 else 0
    if grouping >= 2:  # chunks of `grouping` distinct scores; a point at each chunk's end
        ends = np.r_[np.arange(grouping, len(distinct), grouping), len(distinct)] - 1
        ends = np.unique(ends)
        tp, fp = tp[ends], fp[ends]
    return tp, fp, positive.sum(), (~positive).sum()


def _trapezoid(x: np.ndarray, y: np.ndarray) -> float:
    # Spark's AreaUnderCurve: (x2 - x1) * (y2 + y1) / 2.0 per segment, summed in curve order
    terms = (x[1:] - x[:-1]) * (y[1:] + y[:-1]) / 2.0
    return float(np.cumsum(terms)[-1]) if len(terms) else 0.0


def spark_area_under_roc(y_true, y_score, num_bins: int = 0) -> float:
    """Spark's ``areaUnderROC`` (one partition): trapezoid over (0,0), the points, (1,1)."""
    tp, fp, n_pos, n_neg = _spark_curve_counts(y_true, y_score, num_bins)
    tpr = tp / n_pos if n_pos else np.zeros_like(tp)  # Spark: recall 0.0 without positives
    fpr = fp / n_neg if n_neg else np.zeros_like(fp)  # Spark: FPR 0.0 without negatives
    return _trapezoid(np.r_[0.0, fpr, 1.0], np.r_[0.0, tpr, 1.0])


def spark_area_under_pr(y_true, y_score, num_bins: int = 0) -> float:
    """Spark's ``areaUnderPR`` (one partition).

    A trapezoid over the points (recall, precision), scores descending, with the point
    (recall 0, precision of the first point) put in front. Average precision instead sums
    ``(R_i - R_{i-1}) * P_i`` (a step function).
    """
    tp, fp, n_pos, _ = _spark_curve_counts(y_true, y_score, num_bins)
    recall = tp / n_pos if n_pos else np.zeros_like(tp)  # Spark: recall 0.0 without positives
    precision = tp / (tp + fp)  # nonzero: every point holds at least one case
    return _trapezoid(np.r_[0.0, recall], np.r_[precision[0], precision])


# --- Spark ------------------------------------------------------------------------------------
def spark_session():
    """A small local session: one core, one partition, no UI, and the JVM's quick compiler only.

    The numbers take a few seconds of Spark's work; the JVM's optimising compiler would spend
    more than that on compiling itself (the session and every number: 39 s with
    ``-XX:TieredStopAtLevel=1``, 53-57 s without, on two loaded cores). The benchmarks
    (``benchmarks/bench_spark.py``) time Spark and keep its default compilers."""
    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master("local[1]")
        .appName("evalmetrics-spark-metrics")
        .config("spark.driver.extraJavaOptions", "-XX:TieredStopAtLevel=1")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.default.parallelism", "1")
        .config("spark.sql.shuffle.partitions", "1")
        .config("spark.driver.memory", "1g")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def spark_binary(spark, y_true, y_score, num_bins=NUM_BINS) -> dict[str, float]:
    """Spark's areaUnderROC and areaUnderPR, default and for each numBins."""
    from pyspark.ml.evaluation import BinaryClassificationEvaluator
    from pyspark.mllib.evaluation import BinaryClassificationMetrics

    rows = [(float(s), float(y)) for y, s in zip(y_true, y_score, strict=True)]
    metrics = BinaryClassificationMetrics(spark.sparkContext.parallelize(rows, 1))
    out = {"areaUnderROC": metrics.areaUnderROC, "areaUnderPR": metrics.areaUnderPR}
    metrics.unpersist()
    frame = spark.createDataFrame(rows, "rawPrediction double, label double").coalesce(1)
    for bins in (0, *num_bins):
        evaluator = BinaryClassificationEvaluator(numBins=bins)
        java = evaluator._java_obj  # the Scala evaluator; getMetrics is not wrapped in Python
        evaluator._transfer_params_to_java()
        scala_metrics = java.getMetrics(frame._jdf)
        roc, pr = float(scala_metrics.areaUnderROC()), float(scala_metrics.areaUnderPR())
        scala_metrics.unpersist()
        if bins == 0:
            if (roc, pr) != (out["areaUnderROC"], out["areaUnderPR"]):
                raise RuntimeError("the ml route at numBins=0 differs from pyspark.mllib")
            continue
        out[f"areaUnderROC_bins{bins}"] = roc
        out[f"areaUnderPR_bins{bins}"] = pr
    return out


def spark_multiclass(spark, y_true, y_pred) -> dict:
    """MulticlassMetrics on (prediction, label)."""
    from pyspark.mllib.evaluation import MulticlassMetrics

    rows = [(float(p), float(y)) for y, p in zip(y_true, y_pred, strict=True)]
    metrics = MulticlassMetrics(spark.sparkContext.parallelize(rows, 1))
    labels = sorted({float(y) for y in y_true})
    matrix = metrics.confusionMatrix().toArray()
    return {
        "accuracy": metrics.accuracy,
        "weightedPrecision": metrics.weightedPrecision,
        "weightedRecall": metrics.weightedRecall,
        "weightedFMeasure": metrics.weightedFMeasure(),
        "weightedTruePositiveRate": metrics.weightedTruePositiveRate,
        "weightedFalsePositiveRate": metrics.weightedFalsePositiveRate,
        "labels": [int(label) for label in labels],
        "precision": [metrics.precision(label) for label in labels],
        "recall": [metrics.recall(label) for label in labels],
        "fMeasure": [metrics.fMeasure(label) for label in labels],
        "confusionMatrix": [[int(v) for v in row] for row in matrix],
    }


def spark_ranking(spark, pairs) -> dict[str, float]:
    """RankingMetrics on (ranked ids, relevant ids) pairs."""
    from pyspark.mllib.evaluation import RankingMetrics

    rdd = spark.sparkContext.parallelize(pairs, 1).cache()
    metrics = RankingMetrics(rdd)
    out = {}
    for k in KS:
        out[f"P@{k}"] = metrics.precisionAt(k)
        out[f"R@{k}"] = metrics.recallAt(k)
        out[f"NDCG@{k}"] = metrics.ndcgAt(k)
    out["MAP"] = metrics.meanAveragePrecision
    for k in MAP_KS:
        out[f"MAP@{k}"] = metrics.meanAveragePrecisionAt(k)
    rdd.unpersist()
    return out


def ranking_pairs(system: dict[str, np.ndarray]) -> list[tuple[list[int], list[int]]]:
    """Spark's input: per query the ranked image indices and the relevant image indices."""
    labels = system["labels"]
    pairs = []
    for query, ranked in enumerate(system["ranked"]):
        relevant = np.flatnonzero(labels == labels[query])
        relevant = relevant[relevant != query]
        pairs.append(([int(i) for i in ranked], [int(i) for i in relevant]))
    return pairs


# --- evalmetrics and scikit-learn on the same inputs -----------------------------------------
def rels_from_pairs(pairs) -> tuple[np.ndarray, np.ndarray]:
    """The 0/1 rels matrix (0-padded) and n_relevant of (ranked ids, relevant ids) pairs."""
    width = max(len(ranked) for ranked, _ in pairs)
    rels = np.zeros((len(pairs), width), dtype=int)
    for row, (ranked, relevant) in enumerate(pairs):
        rels[row, : len(ranked)] = np.isin(ranked, list(relevant))
    n_relevant = np.array([len(set(relevant)) for _, relevant in pairs])
    return rels, n_relevant


def evalmetrics_ranking(
    rels: np.ndarray, n_relevant: np.ndarray, calls: dict[str, str] = RANKING_CALLS
) -> dict[str, float]:
    """The evalmetrics calls (strings, as RANKING_CALLS) evaluated on one set of lists."""
    from evalmetrics import ranking

    ideal = (np.arange(max(1, n_relevant.max())) < n_relevant[:, None]).astype(int)
    namespace = {"ranking": ranking, "rels": rels, "n_relevant": n_relevant, "ideal": ideal}
    return {key: float(eval(call, {"np": np}, namespace)) for key, call in calls.items()}


def reference_binary(y_true, y_score) -> dict[str, float]:
    from sklearn import metrics as skm

    import evalmetrics as em

    precision, recall, _ = skm.precision_recall_curve(y_true, y_score)
    out = {
        "em.roc_auc": em.roc_auc(y_true, y_score),
        "sklearn.roc_auc_score": float(skm.roc_auc_score(y_true, y_score)),
        "em.average_precision": em.average_precision(y_true, y_score),
        "sklearn.average_precision_score": float(skm.average_precision_score(y_true, y_score)),
        "sklearn.auc(pr_curve)": float(skm.auc(recall, precision)),
        "numpy.spark_area_under_roc": spark_area_under_roc(y_true, y_score),
        "numpy.spark_area_under_pr": spark_area_under_pr(y_true, y_score),
    }
    for bins in NUM_BINS:
        out[f"numpy.spark_area_under_roc_bins{bins}"] = spark_area_under_roc(y_true, y_score, bins)
        out[f"numpy.spark_area_under_pr_bins{bins}"] = spark_area_under_pr(y_true, y_score, bins)
    return {key: float(value) for key, value in out.items()}


def reference_multiclass(y_true, y_pred) -> dict:
    from sklearn import metrics as skm

    import evalmetrics as em

    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    out: dict = {"em.accuracy": em.accuracy(y_true, y_pred)}
    for average in ("weighted", "macro"):
        for name, function in (("precision", em.precision), ("recall", em.recall), ("f1", em.f1)):
            out[f"em.{name}_{average}"] = function(
                y_true, y_pred, average=average, zero_division=0.0
            )
        p, r, f, _ = skm.precision_recall_fscore_support(
            y_true, y_pred, average=average, zero_division=0.0
        )
        out[f"sklearn.precision_{average}"] = float(p)
        out[f"sklearn.recall_{average}"] = float(r)
        out[f"sklearn.f1_{average}"] = float(f)
    all_labels = np.union1d(y_true, y_pred)  # em refuses labels that drop a value
    true_labels, support = np.unique(y_true, return_counts=True)  # Spark's labels and weights
    specificity = em.specificity(
        y_true, y_pred, average=None, labels=all_labels, zero_division=0.0
    )[np.isin(all_labels, true_labels)]
    out["em.weighted_fpr (sum w_c (1 - specificity_c))"] = float(
        np.sum((1 - specificity) * support) / support.sum()  # nonzero: y_true is not empty
    )
    return {key: float(value) for key, value in out.items()}


# --- the whole file ---------------------------------------------------------------------------
def compute(spark=None) -> dict:
    """Every number of the JSON file; starts (and stops) a session unless one is given."""
    import pyspark

    own_session = spark is None
    if own_session:
        spark = spark_session()
    try:
        y_bin, s_bin = binary_inputs()
        binary = spark_binary(spark, y_bin, s_bin)

        y_mc, p_mc = multiclass_inputs()
        multiclass = spark_multiclass(spark, y_mc, p_mc)
        multiclass["zero_division_toy"] = spark_multiclass(spark, *MULTICLASS_TOY)

        ranking = {}
        reference_ranking = {}
        for name, system in ranking_inputs().items():
            pairs = ranking_pairs(system)
            ranking[name] = spark_ranking(spark, pairs)
            rels, n_relevant = rels_from_pairs(pairs)
            if not np.array_equal(rels, system["rels"]):
                raise RuntimeError(f"{name}: the pairs do not give rank_by_distance's rels")
            reference_ranking[name] = evalmetrics_ranking(rels, n_relevant)
        ranking["edge_toy"] = spark_ranking(spark, EDGE_TOY)
        reference_ranking["edge_toy"] = evalmetrics_ranking(*rels_from_pairs(EDGE_TOY))
    finally:
        if own_session:
            spark.stop()
    return {
        "spark_version": pyspark.__version__,
        "generated_by": "tools/spark_metrics.py",
        "binary": binary,
        "multiclass": multiclass,
        "ranking": ranking,
        "reference": {
            "binary": reference_binary(y_bin, s_bin),
            "multiclass": reference_multiclass(y_mc, p_mc),
            "multiclass_toy": reference_multiclass(*MULTICLASS_TOY),
            "ranking": reference_ranking,
        },
        "notes": NOTES,
    }


def compare(expected: object, got: object, path: str = "") -> list[str]:
    """Every difference between two results, one line each; floats with rel 1e-12."""
    where = path or "<root>"
    if isinstance(expected, dict) and isinstance(got, dict):
        differences = []
        for key in expected.keys() | got.keys():
            sub = f"{path}.{key}" if path else str(key)
            if key not in got:
                differences.append(f"{sub}: missing from the new result")
            elif key not in expected:
                differences.append(f"{sub}: not in the file")
            else:
                differences.extend(compare(expected[key], got[key], sub))
        return sorted(differences)
    if isinstance(expected, list) and isinstance(got, list):
        if len(expected) != len(got):
            return [f"{where}: length {len(expected)} in the file, {len(got)} now"]
        differences = []
        for i, (a, b) in enumerate(zip(expected, got, strict=True)):
            differences.extend(compare(a, b, f"{path}[{i}]"))
        return differences
    numbers = (int, float)
    if (
        isinstance(expected, numbers)
        and isinstance(got, numbers)
        and not isinstance(expected, bool)
        and not isinstance(got, bool)
    ):
        if math.isclose(expected, got, rel_tol=REL_TOL, abs_tol=0.0) or (
            math.isnan(expected) and math.isnan(got)
        ):
            return []
        return [f"{where}: {expected!r} in the file, {got!r} now"]
    if expected != got:
        return [f"{where}: {expected!r} in the file, {got!r} now"]
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the JSON")
    group.add_argument("--check", type=Path, help="regenerate and compare with this file")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = compute()
    elapsed = time.perf_counter() - start
    if args.check is not None:
        expected = json.loads(args.check.read_text())
        differences = compare(expected, result)
        if differences:
            print(f"{len(differences)} difference(s) between {args.check} and live Spark:")
            for line in differences:
                print("  " + line)
            return 1
        print(f"{args.check} matches live Spark {result['spark_version']} ({elapsed:.0f} s)")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {args.out} ({elapsed:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
