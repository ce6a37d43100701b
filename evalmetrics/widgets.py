"""The book's explorers: a figure bound to sliders, live in Jupyter and in the static book.

Five explorers, built on the framework of ``evalmetrics.explorer`` (``Explorer``,
``Parameter``; re-exported here, so ``evalmetrics.widgets.Explorer`` works):
:func:`threshold_explorer`, :func:`beta_explorer`, :func:`imbalance_explorer`,
:func:`ranking_explorer` and :func:`cost_explorer`. Every number they show comes from the
evalmetrics core: each explorer of scores sorts them once, in one :func:`evalmetrics.sweep`,
and takes its rates, counts and curves from that :class:`~evalmetrics.Sweep` (the cost explorer
also its convex hull and costs from :mod:`evalmetrics.stats`); this module only chooses
parameters and draws.

In Jupyter an explorer shows ipywidgets sliders; in the built book (``EVALMETRICS_STATIC_FRAMES=1``)
it renders one frame per slider value, swapped by a few lines of inline JavaScript. See
``evalmetrics.explorer``.
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import math
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

import evalmetrics as em
from evalmetrics import _validation, ranking
from evalmetrics.confusion import fbeta_isocurve
from evalmetrics.explorer import (
    DPI,
    MAX_FRAMES,
    Explorer,
    Parameter,
)
from evalmetrics.plots import (
    CHANCE_COLOR,
    HIGHLIGHT_COLOR,
    LINE_WIDTH,
    plot_confusion_matrix,
    plot_fbeta_isocurves,
    plot_pr_curve,
    plot_ranked_list,
    plot_roc_curve,
    plot_score_distributions,
)

# The book's explorers only; the framework they are built on is evalmetrics.explorer's.
__all__ = [
    "RankingExplorer",
    "beta_explorer",
    "cost_explorer",
    "imbalance_explorer",
    "ranking_explorer",
    "threshold_explorer",
]


# ---------------------------------------------------------------------- the book's explorers


def _new_figure(width: float, height: float, dpi: float, *, constrained: bool = True) -> Figure:
    return Figure(
        figsize=(width, height),
        dpi=dpi,
        layout="constrained" if constrained else None,
        facecolor="white",
    )


def _default_thresholds(scores: np.ndarray) -> np.ndarray:
    """41 evenly spaced thresholds: over [0, 1] for probabilities, else over the score range.

    Over [0, 1] the values are rounded to 12 decimals, so 0.35 is exactly the float 0.35 (not
    ``linspace``'s 0.35000000000000003) and a score of 0.35 counts as positive at it.
    """
    low, high = float(scores.min()), float(scores.max())
    if 0.0 <= low and high <= 1.0:
        return np.round(np.linspace(0.0, 1.0, MAX_FRAMES), 12)
    if high == low:
        return np.array([low])
    return np.linspace(low, high, MAX_FRAMES)


def threshold_explorer(
    y_true: Sequence[object] | np.ndarray,
    y_score: Sequence[float] | np.ndarray,
    *,
    thresholds: Sequence[float] | np.ndarray | None = None,
    initial: float | None = None,
    pos_label: object = 1,
    scale: str = "count",
    dpi: float = DPI,
) -> Explorer:
    """Move a decision threshold and watch the counts, the metrics and the curve points follow.

    Shows the score histograms of both classes with the threshold and the four outcomes
    shaded, the confusion matrix, the ROC curve and the PR curve with the current point; the
    readouts are accuracy, precision, recall, F1 and the false positive rate. An item is
    predicted positive when its score is at least the threshold.

    Everything comes from one :func:`evalmetrics.sweep` of the scores (one sort): the counts at
    a threshold are ``sweep.at(threshold)``, the ROC curve is ``(sweep.fpr, sweep.tpr)`` and the
    PR curve ``(sweep.precision[1:], sweep.recall[1:])``, the arrays of
    :func:`evalmetrics.roc_curve` and :func:`evalmetrics.pr_curve`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (two classes).
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    thresholds : array-like, optional
        Slider values (at most 41 for the static book). Default: 41 evenly spaced values over
        [0, 1] when every score lies in [0, 1], else over the score range.
    initial : float, optional
        Starting threshold (default: the middle slider value, 0.5 for probabilities).
    pos_label : default 1
        The label of the positive class.
    scale : {"count", "share"}, default "count"
        Histogram heights as counts, or as the share of each class (keeps a rare class
        visible); see :func:`evalmetrics.plots.plot_score_distributions`.
    dpi : float, default 80
        Resolution of the figure.

    Returns
    -------
    Explorer
        With parameter ``threshold``, readouts ``accuracy``, ``precision``, ``recall``, ``f1``
        and ``fpr``, and artists ``histogram``, ``matrix``, ``roc`` and ``pr``.

    Examples
    --------
    >>> explorer = threshold_explorer([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> explorer.set(threshold=0.35)
    >>> explorer.readout["precision"], explorer.readout["recall"]
    (0.6666666666666666, 1.0)
    """
    threshold_sweep = em.sweep(y_true, y_score, pos_label=pos_label)  # the one sort
    scores = _validation.check_finite_scores(y_score)  # validated by the sweep already
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        prevalence = threshold_sweep.counts(0).prevalence
    if thresholds is None:
        thresholds = _default_thresholds(scores)
    parameter = Parameter("threshold", thresholds, initial=initial)
    edges = np.sort(np.asarray(parameter.values))
    covers_scores = edges.size >= 2 and edges[0] <= scores.min() and edges[-1] >= scores.max()
    bins = edges if covers_scores else 40

    figure = _new_figure(8.0, 5.6, dpi)
    grid = figure.add_gridspec(2, 3, height_ratios=[1.0, 1.2])
    histogram = plot_score_distributions(
        figure.add_subplot(grid[0, :]),
        y_true,
        scores,
        threshold=parameter.initial,
        bins=bins,
        pos_label=pos_label,
        legend=False,  # the confusion matrix below is the colour key
        scale=scale,
    )
    start = threshold_sweep.at(parameter.initial)
    matrix = plot_confusion_matrix(figure.add_subplot(grid[1, 0]), start)
    # the curves of em.roc_curve and em.pr_curve, taken from the sweep (no second sort)
    roc = plot_roc_curve(
        figure.add_subplot(grid[1, 1]),
        threshold_sweep.fpr,
        threshold_sweep.tpr,
        point=(start.fpr, start.recall),
    )
    pr = plot_pr_curve(
        figure.add_subplot(grid[1, 2]),
        threshold_sweep.precision[1:],  # without +inf, where precision is 0/0
        threshold_sweep.recall[1:],
        prevalence=prevalence,
        point=(start.recall, start.precision),
    )

    def update(threshold: float) -> dict[str, float]:
        counts = threshold_sweep.at(threshold)
        histogram.update(threshold)
        matrix.update(counts)
        roc.move_point(counts.fpr, counts.recall)
        pr.move_point(counts.recall, counts.precision)
        return {
            "accuracy": counts.accuracy,
            "precision": counts.precision,
            "recall": counts.recall,
            "f1": counts.f1,
            "fpr": counts.fpr,
        }

    return Explorer(
        figure,
        [parameter],
        update,
        artists={"histogram": histogram, "matrix": matrix, "roc": roc, "pr": pr},
        readout_labels={"f1": "F1", "fpr": "FPR"},
        name="threshold explorer",
        description=(
            "Score histograms of both classes with the threshold and the four outcomes shaded, "
            "the confusion matrix, and the current point on the ROC and PR curves."
        ),
        dynamic_artists=[
            *histogram.regions.values(),
            *histogram.outlines,
            histogram.threshold_line,
            *histogram.class_labels,
            *itertools.chain.from_iterable(matrix.texts),
            roc.point,
            pr.point,
        ],
    )


def _default_betas() -> np.ndarray:
    """41 log-spaced betas from 0.25 to 4 (ratio 2**0.1), the middle one exactly 1."""
    return 2.0 ** np.round(np.linspace(-2.0, 2.0, MAX_FRAMES), 12)


def beta_explorer(
    y_true: Sequence[object] | np.ndarray,
    y_score: Sequence[float] | np.ndarray,
    *,
    betas: Sequence[float] | np.ndarray | None = None,
    levels: Sequence[float] = (0.2, 0.4, 0.6, 0.8),
    pos_label: object = 1,
    dpi: float = DPI,
) -> Explorer:
    """Move beta and watch which threshold maximises F-beta along the PR curve.

    Draws the PR curve over curves of equal F-beta and marks the threshold with the highest
    F-beta, with the iso-curve through it: the best threshold is where the PR curve touches
    the highest iso-curve. Raising beta (recall weighs more) moves it towards high recall.

    One :func:`evalmetrics.sweep` of the scores (one sort) gives the PR curve
    (``sweep.precision[1:]``, ``sweep.recall[1:]``) and the only thresholds that can win for
    some beta, :meth:`evalmetrics.Sweep.fbeta_candidates` (the lower-left convex hull of the
    points :math:`(1/R, 1/P)`, usually a few dozen of them); each F-beta is
    :meth:`evalmetrics.Counts.fbeta` of the counts there. Among equal maxima the highest
    threshold wins.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (two classes).
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    betas : array-like, optional
        Slider values; default 41 log-spaced values from 0.25 to 4 including exactly 1.
    levels : sequence of float, default (0.2, 0.4, 0.6, 0.8)
        F-beta values of the background iso-curves.
    pos_label : default 1
        The label of the positive class.
    dpi : float, default 80
        Resolution of the figure.

    Returns
    -------
    Explorer
        With parameter ``beta``; readouts ``threshold`` (the best one), ``precision``,
        ``recall`` and ``fbeta`` there; artists ``isocurves``, ``pr`` and ``best_isocurve``.

    Examples
    --------
    >>> explorer = beta_explorer([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.7, 0.2])
    >>> explorer.values
    {'beta': 1.0}
    >>> explorer.readout["threshold"], explorer.readout["fbeta"]
    (0.2, 0.75)
    """
    # the one sort; without positives the explorer is refused, so no 0/0 warning first
    threshold_sweep = em.sweep(y_true, y_score, pos_label=pos_label, zero_division=np.nan)
    if threshold_sweep.n_pos == 0:
        raise ValueError("y_true has no positives; F-beta needs at least one")
    prevalence = threshold_sweep.counts(0).prevalence
    candidates = threshold_sweep.fbeta_candidates()  # indices, thresholds descending
    candidate_counts = [threshold_sweep.counts(int(i)) for i in candidates]
    if betas is None:
        betas = _default_betas()
    for index, beta in enumerate(_validation.as_1d(betas, "betas").tolist()):
        _validation.check_beta(beta, f"betas[{index}]")
    parameter = Parameter("beta", betas, initial=1.0, label="β")
    width, height = 5.4, 5.5
    figure = _new_figure(width, height, dpi, constrained=False)
    # fixed square axes, with room above and right for the iso-curve labels, below for the legend
    ax = figure.add_axes((0.13, 0.2, 0.72, 0.72 * width / height))
    isocurves = plot_fbeta_isocurves(ax, beta=parameter.initial, levels=levels)
    pr = plot_pr_curve(
        ax,
        threshold_sweep.precision[1:],  # without +inf, where precision is 0/0
        threshold_sweep.recall[1:],
        prevalence=prevalence,
        label="PR curve",
        point=(np.nan, np.nan),  # placed by the first update
        point_kw={"label": "best threshold"},
    )
    (best_isocurve,) = ax.plot(
        isocurves.recall,
        isocurves.recall,
        color=HIGHLIGHT_COLOR,
        linewidth=LINE_WIDTH,
        linestyle="--",
        label="iso-curve of the best F-β",
    )
    # the legend sits below the square, where no moving artist goes
    ax.legend(
        loc="upper center", bbox_to_anchor=(0.5, -0.13), ncols=2, fontsize="small", frameon=False
    )

    def update(beta: float) -> dict[str, float]:
        fbeta_values = [counts.fbeta(beta=beta, zero_division=0.0) for counts in candidate_counts]
        best = int(np.argmax(fbeta_values))
        counts = candidate_counts[best]
        isocurves.update(beta)
        best_isocurve.set_data(
            isocurves.recall,
            fbeta_isocurve(isocurves.recall, beta=beta, level=fbeta_values[best]),
        )
        pr.move_point(counts.recall, counts.precision)
        return {
            "threshold": float(threshold_sweep.thresholds[candidates[best]]),
            "precision": counts.precision,
            "recall": counts.recall,
            "fbeta": fbeta_values[best],
        }

    return Explorer(
        figure,
        [parameter],
        update,
        artists={"isocurves": isocurves, "pr": pr, "best_isocurve": best_isocurve},
        readout_labels={
            "threshold": "best threshold",
            "precision": "precision",
            "recall": "recall",
            "fbeta": "F<sub>β</sub>",
        },
        readout_formats={"threshold": "{:.4g}"},
        name="beta explorer",
        description=(
            "Precision-recall curve over curves of equal F-beta, with the threshold of highest "
            "F-beta marked."
        ),
        dynamic_artists=[
            *isocurves.lines,
            *isocurves.labels,
            best_isocurve,
            pr.curve,  # over the iso-curves, as in a full draw
            pr.point,
        ],
    )


def _default_prevalences() -> np.ndarray:
    """Readable prevalences from 0.1% to 50% (1, 1.5, 2, 3, 4, 5, 7 per decade): 20 values."""
    steps = np.array([1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 7.0])
    values = np.concatenate([steps * 1e-3, steps * 1e-2, steps * 1e-1])
    return np.round(values[values <= 0.5], 6)


def imbalance_explorer(
    y_true: Sequence[object] | np.ndarray,
    y_score: Sequence[float] | np.ndarray,
    *,
    threshold: float = 0.5,
    prevalences: Sequence[float] | np.ndarray | None = None,
    initial: float | None = None,
    n_samples: int = 10_000,
    pos_label: object = 1,
    dpi: float = DPI,
) -> Explorer:
    """Change the share of positives and compare a real model with "always negative".

    The accuracy paradox: as positives get rare, the trivial model that predicts negative for
    everything reaches accuracy 1 - prevalence and beats a useful model, while the model's
    precision collapses and its recall moves only by the rounding of whole counts (visibly when
    ``prevalence * n_samples`` is small: 0.900 to 0.950 for chapter 1's model at 10,000 cases;
    chapter 1 simulates 10,000,000).

    How a prevalence is simulated: the model keeps its true positive rate (recall) and false
    positive rate at ``threshold``, measured on the given data with
    one :func:`evalmetrics.sweep` (``sweep.at(threshold)``). A test set of ``n_samples`` items
    at prevalence ``p`` has ``round(p * n_samples)`` positives; the model's TP and FP are its
    rates times the class sizes, rounded to the nearest integer (halves up): this is
    :meth:`evalmetrics.Counts.at_prevalence`. Every readout is an attribute of those
    :class:`evalmetrics.Counts`; the trivial model's counts are TP = FP = 0.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels of the data the model was measured on (two classes).
    y_score : array-like of shape (n,)
        The model's scores.
    threshold : float, default 0.5
        The model's decision threshold (positive when ``score >= threshold``).
    prevalences : array-like, optional
        Slider values in (0, 1); default 20 readable values from 0.001 to 0.5.
    initial : float, optional
        Starting prevalence; default the slider value nearest the data's own prevalence.
    n_samples : int, default 10000
        Size of the simulated test set.
    pos_label : default 1
        The label of the positive class.
    dpi : float, default 80
        Resolution of the figure.

    Returns
    -------
    Explorer
        With parameter ``prevalence``; readouts ``accuracy_always_negative``, ``accuracy``,
        ``precision`` and ``recall``; artists ``matrix``, ``lines`` and ``markers``.

    Examples
    --------
    >>> explorer = imbalance_explorer([0, 0, 1, 1], [0.1, 0.6, 0.7, 0.9], n_samples=1000)
    >>> explorer.set(prevalence=0.01)
    >>> explorer.readout["accuracy_always_negative"], explorer.readout["accuracy"]
    (0.99, 0.505)
    """
    # a class missing is refused below, so its 0/0 rates need no warning (zero_division=nan)
    threshold_sweep = em.sweep(y_true, y_score, pos_label=pos_label, zero_division=np.nan)
    model = threshold_sweep.at(threshold)
    n_samples = _validation.check_positive_int(n_samples, "n_samples", minimum=2)
    if threshold_sweep.n_pos == 0 or threshold_sweep.n_neg == 0:
        raise ValueError("y_true must contain both classes to measure the model's rates")
    if prevalences is None:
        values = _default_prevalences()
    else:
        values = _validation.as_1d(prevalences, "prevalences")
        for index, value in enumerate(values.tolist()):
            _validation.check_in_interval(
                value, f"prevalences[{index}]", 0.0, 1.0, low_open=True, high_open=True
            )
    parameter = Parameter(
        "prevalence",
        values,
        initial=model.prevalence if initial is None else initial,
        format="{:.2%}",
    )

    def scenario(prevalence: float) -> tuple[em.Counts, em.Counts]:
        counts = model.at_prevalence(prevalence=prevalence, n_samples=n_samples)
        trivial = em.Counts(tp=0, fp=0, tn=counts.tn + counts.fp, fn=counts.fn + counts.tp)
        return counts, trivial

    def metrics(prevalence: float) -> tuple[em.Counts, dict[str, float]]:
        counts, trivial = scenario(prevalence)
        return counts, {
            "accuracy_always_negative": trivial.accuracy,
            "accuracy": counts.accuracy,
            "precision": counts.precision,
            "recall": counts.recall,
        }

    grid = np.geomspace(min(parameter.values), max(parameter.values), 200)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        rows = [metrics(float(prevalence))[1] for prevalence in grid]
    curves = {key: np.array([row[key] for row in rows]) for key in rows[0]}

    figure = _new_figure(8.0, 3.3, dpi)
    grid_spec = figure.add_gridspec(1, 3, width_ratios=[1.0, 1.0, 0.8])
    ax_accuracy = figure.add_subplot(grid_spec[0, 0])
    ax_rates = figure.add_subplot(grid_spec[0, 1], sharex=ax_accuracy)
    matrix = plot_confusion_matrix(figure.add_subplot(grid_spec[0, 2]), scenario(0.5)[0])
    styles = {
        "accuracy": (ax_accuracy, "model", "black", "-"),
        "accuracy_always_negative": (ax_accuracy, "always negative", CHANCE_COLOR, "--"),
        "precision": (ax_rates, "precision", "black", "-"),
        "recall": (ax_rates, "recall", "#009E73", "--"),
    }
    lines = {}
    for key, (ax, label, color, style) in styles.items():
        (lines[key],) = ax.plot(
            grid, curves[key], color=color, linestyle=style, linewidth=LINE_WIDTH, label=label
        )
    markers = {}
    for name, ax in (("accuracy", ax_accuracy), ("rates", ax_rates)):
        ax.set_facecolor("white")
        ax.set_xscale("log")
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{100 * value:g}%"))
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel("prevalence (share of positives)")
        # legends above the axes, where the moving marker never goes
        ax.legend(
            loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2, fontsize="small", frameon=False
        )
        markers[f"{name}_line"] = ax.axvline(
            parameter.initial, color=HIGHLIGHT_COLOR, linewidth=LINE_WIDTH
        )
        (markers[f"{name}_points"],) = ax.plot(
            [np.nan, np.nan],
            [np.nan, np.nan],
            marker="o",
            linestyle="none",
            color=HIGHLIGHT_COLOR,
            markeredgecolor="black",
            markersize=8,
            zorder=5,
        )
    ax_accuracy.set_ylabel("accuracy")
    ax_rates.set_ylabel("precision, recall")

    def update(prevalence: float) -> dict[str, float]:
        counts, readout = metrics(prevalence)
        matrix.update(counts)
        for name, keys in (
            ("accuracy", ("accuracy", "accuracy_always_negative")),
            ("rates", ("precision", "recall")),
        ):
            markers[f"{name}_line"].set_xdata([prevalence, prevalence])
            markers[f"{name}_points"].set_data(
                [prevalence, prevalence], [readout[keys[0]], readout[keys[1]]]
            )
        return readout

    return Explorer(
        figure,
        [parameter],
        update,
        artists={"matrix": matrix, "lines": lines, "markers": markers},
        readout_labels={
            "accuracy_always_negative": "accuracy of “always negative”",
            "accuracy": "accuracy of the model",
            "precision": "precision of the model",
            "recall": "recall of the model",
        },
        name="imbalance explorer",
        description=(
            "Accuracy of a model and of always predicting negative, and the model's precision "
            "and recall, as the share of positives changes; the model's confusion matrix."
        ),
        dynamic_artists=[*markers.values(), *itertools.chain.from_iterable(matrix.texts)],
    )


_METRIC_STYLES = {
    "precision_at_k": ("P@K", "black", "-"),
    "recall_at_k": ("R@K", "#009E73", "-"),
    "average_precision_at_k": ("AP@K", HIGHLIGHT_COLOR, "--"),
    "reciprocal_rank_at_k": ("RR@K", "#E69F00", ":"),
    "ndcg_at_k": ("NDCG@K", "#0072B2", "-."),
}


@dataclass(kw_only=True)
class _RankingState:
    """The list a ranking explorer shows and the metric curves over K drawn from it.

    Grade changes apply to shown items, so what the list is measured against follows them:

    * ``missed`` relevant items (``n_relevant`` minus the relevant items of the given list)
      stay missed; the number of relevant items is the list's count plus ``missed``.
    * ``unretrieved`` holds the positive grades of the judged items that are not in the list
      (the given ``ideal`` minus the grades of the given list); the ideal is the shown grades
      plus these, recomputed after every change, so it always covers the list.
    * Only if the given ``ideal`` does not contain the list's positive grades (it is then not
      "the list plus other judged items") is it kept as given (``fixed_ideal``), and a change
      it would not cover is refused before anything changes.
    """

    rels: np.ndarray
    missed: int | None
    unretrieved: np.ndarray | None
    fixed_ideal: np.ndarray | None
    gain: str
    top_grade: float
    strip: Any = None
    curve_lines: dict[str, Any] | None = None

    @property
    def n_relevant(self) -> int | None:
        if self.missed is None:
            return None
        return int(np.count_nonzero(self.rels > 0)) + self.missed

    @property
    def ideal(self) -> np.ndarray | None:
        if self.unretrieved is not None:
            return np.concatenate([self.rels, self.unretrieved])
        return self.fixed_ideal

    def metrics(self, k: int) -> dict[str, float]:
        n_relevant = self.n_relevant
        return {
            "precision_at_k": ranking.precision_at_k(self.rels, k=k),
            "recall_at_k": ranking.recall_at_k(self.rels, k=k, n_relevant=n_relevant),
            "average_precision_at_k": ranking.average_precision(
                self.rels, n_relevant=n_relevant, k=k
            ),
            "reciprocal_rank_at_k": ranking.reciprocal_rank(self.rels, k=k),
            "ndcg_at_k": ranking.ndcg(self.rels, k=k, ideal=self.ideal, gain=self.gain),
        }

    def curves(self) -> dict[str, np.ndarray]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", em.UndefinedMetricWarning)
            rows = [self.metrics(k) for k in range(1, self.rels.size + 1)]
        return {key: np.array([row[key] for row in rows]) for key in _METRIC_STYLES}

    def next_grade(self, rank: int) -> float:
        """The grade a click gives ``rank``: 0 -> 1 -> ... -> top grade -> 0."""
        rank = _validation.check_k(
            rank, "rank", at_most=self.rels.size, at_most_is="the length of the list"
        )
        grade = float(self.rels[rank - 1])
        return 0.0 if grade >= self.top_grade else math.floor(grade) + 1.0

    def curves_with(self, rels: np.ndarray) -> dict[str, np.ndarray]:
        """The curves for other grades, computed without changing this state (validates)."""
        return dataclasses.replace(self, rels=rels).curves()

    def show(self, rels: np.ndarray, curves: Mapping[str, np.ndarray]) -> None:
        """Make ``rels`` (already validated, with its ``curves``) the shown list."""
        self.rels = rels
        self.strip.update(rels=rels)
        assert self.curve_lines is not None
        for key, values in curves.items():
            self.curve_lines[key].set_ydata(values)


def _unretrieved_grades(rels: np.ndarray, ideal: np.ndarray) -> np.ndarray | None:
    """Positive grades of ``ideal`` left after taking out those of ``rels`` (None if it can't).

    None when ``ideal`` lacks a positive grade of ``rels`` (as a multiset): then ``ideal`` is
    not the list's grades plus those of other judged items.
    """
    remaining = collections.Counter(float(grade) for grade in ideal if grade > 0)
    for grade in rels[rels > 0]:
        if remaining[float(grade)] == 0:
            return None
        remaining[float(grade)] -= 1
    return np.array(sorted(remaining.elements(), reverse=True), dtype=np.float64)


class RankingExplorer(Explorer):
    """The explorer of :func:`ranking_explorer`: an ``Explorer`` whose list can change.

    :meth:`toggle` changes the grade at one rank; in Jupyter a row of buttons calls it.
    """

    def __init__(self, *args: Any, state: _RankingState, **kwargs: Any) -> None:
        self._state = state
        self._buttons: list[Any] = []
        super().__init__(*args, **kwargs)

    @property
    def rels(self) -> np.ndarray:
        """The grades currently shown, in rank order (a copy)."""
        return self._state.rels.copy()

    @property
    def ideal(self) -> np.ndarray | None:
        """The grades the ideal DCG is computed from now, as a copy, or None for the list itself."""
        ideal = self._state.ideal
        return None if ideal is None else ideal.copy()

    @property
    def n_relevant(self) -> int | None:
        """The number of relevant items recall and AP divide by now, or None for the list's."""
        return self._state.n_relevant

    def toggle(self, rank: int) -> None:
        """Change the grade at ``rank`` (1-based): 0 -> 1 -> ... -> top grade -> 0.

        For a binary list this switches relevant and not relevant. The ideal and the number of
        relevant items follow the new grade (see :func:`ranking_explorer`). All or nothing:
        the new list is validated (every metric at every K) before anything changes, and if
        drawing fails the old list is restored; either way the exception propagates.

        Raises
        ------
        TypeError
            If ``rank`` is not an integer (floats such as 2.0 and bools are refused).
        ValueError
            If ``rank`` is outside the list, or the new grade is refused (only with an
            ``ideal`` that is kept fixed, when it would not cover the list); nothing changes.
        """
        state = self._state
        new_grade = state.next_grade(rank)
        old_rels = state.rels
        rels = old_rels.copy()
        rels[rank - 1] = new_grade
        try:
            curves = state.curves_with(rels)
        except ValueError as error:
            raise ValueError(
                f"grade {new_grade:g} at rank {rank} refused, the list is unchanged: {error}"
            ) from error
        old_curves = {key: line.get_ydata() for key, line in (state.curve_lines or {}).items()}
        try:
            state.show(rels, curves)
            self.refresh()
        except Exception:
            try:  # back to the old list, drawn as before
                state.show(old_rels, old_curves)
                self.refresh()
            except Exception:  # the first error is the one to report
                state.rels = old_rels
            raise
        finally:
            self._sync_buttons()

    def _sync_buttons(self) -> None:
        if not self._buttons:  # no live view yet
            return
        for button, grade in zip(self._buttons, self._state.rels, strict=True):
            description, style = f"{grade:g}", "info" if grade > 0 else ""
            if button.description != description:
                button.description = description
            if button.button_style != style:
                button.button_style = style

    def _live_controls(self) -> list[Any]:
        import ipywidgets as widgets

        self._buttons = []
        for rank, grade in enumerate(self._state.rels, start=1):
            button = widgets.Button(
                description=f"{grade:g}",
                tooltip=f"rank {rank}: click to change its grade",
                button_style="info" if grade > 0 else "",
                layout=widgets.Layout(width="2.6em", padding="0"),
            )
            action = self._guarded(
                lambda _, rank=rank: self.toggle(rank), f"Grade change at rank {rank} not made"
            )
            button.on_click(action)
            self._buttons.append(button)
        caption = widgets.HTML("Grades by rank (click one to change it):")
        row = widgets.Box(self._buttons, layout=widgets.Layout(flex_flow="row wrap"))
        return [caption, row]


def ranking_explorer(
    rels: Sequence[float] | np.ndarray,
    *,
    n_relevant: int | None = None,
    k_values: Sequence[int] | np.ndarray | None = None,
    initial: int | None = None,
    ideal: Sequence[float] | np.ndarray | None = None,
    gain: str = "exponential",
    dpi: float = DPI,
) -> RankingExplorer:
    """Move the cut-off K down a ranked list and watch P@K, R@K, AP@K, RR@K and NDCG@K.

    The strip shows the list (bar height = grade; outcome colours read as retrieval: relevant
    in the top K = TP, missed = FN); below it, each metric as a function of K with the current
    K marked. All values come from :mod:`evalmetrics.ranking`. In Jupyter, a row of buttons
    changes the grade at a rank (live only; the static book shows the given list).

    Parameters
    ----------
    rels : array-like of shape (n,)
        Relevance grades in rank order (0 = not relevant; graded lists allowed).
    n_relevant : int, optional
        Number of relevant items for the query, counting ones the list missed (recall and AP
        divide by it). Default: the relevant items in the list. A grade change keeps the
        missed ones missed: the count becomes the list's relevant items plus
        ``n_relevant`` minus those of the given list.
    k_values : array-like of int, optional
        Slider values; default every K from 1 to n, or 41 spread values when n > 41.
    initial : int, optional
        Starting K (default the middle slider value).
    ideal : array-like, optional
        Grades of every judged item, for the ideal DCG (see :func:`evalmetrics.ranking.ndcg`).
        The ideal follows grade changes: it is the shown grades plus the judged items not in
        the list (``ideal`` minus the given list's grades), recomputed after every change, so
        NDCG stays in [0, 1]. Only an ``ideal`` that lacks some of the given list's positive
        grades is kept as given; a change it would not cover is then refused.
    gain : {"exponential", "linear"}, default "exponential"
        DCG gain, passed to :func:`evalmetrics.ranking.ndcg`.
    dpi : float, default 80
        Resolution of the figure.

    Returns
    -------
    RankingExplorer
        With parameter ``k``; readouts ``precision_at_k``, ``recall_at_k``,
        ``average_precision_at_k``, ``reciprocal_rank_at_k`` and ``ndcg_at_k``; artists
        ``strip``, ``curves``, ``cutoff`` and ``points``; ``RankingExplorer.toggle``
        changes a grade. In Jupyter an error in a slider or button callback is shown under
        the readout, and the explorer stays as it was before the failed action.

    Examples
    --------
    >>> explorer = ranking_explorer([1, 0, 1, 0, 0], n_relevant=3)
    >>> explorer.set(k=3)
    >>> explorer.readout["precision_at_k"], explorer.readout["recall_at_k"]
    (0.6666666666666666, 0.6666666666666666)
    """
    grades = _validation.check_ranked_list(rels, "rels").copy()  # the explorer's own copy
    n_items = grades.size
    if k_values is None:
        if n_items <= MAX_FRAMES:
            k_values = np.arange(1, n_items + 1)
        else:
            k_values = np.unique(np.round(np.linspace(1, n_items, MAX_FRAMES)).astype(int))
    k_array = _validation.as_1d(k_values, "k_values")
    # element by element as given (an array of 1 and 2.5 would turn 1 into 1.0)
    k_items = k_array.tolist() if isinstance(k_values, np.ndarray) else list(k_values)
    for index, k in enumerate(k_items):
        _validation.check_k(
            k, f"k_values[{index}]", at_most=n_items, at_most_is="the length of rels"
        )
    k_parameter = Parameter("k", k_values, initial=initial, label="K", format="{:.0f}")
    # the checks of the core's recall_at_k, average_precision and ndcg, once for every K
    n_present = np.array([np.count_nonzero(grades > 0)])
    _validation.check_n_relevant(n_relevant, n_present, one_list=True)
    gain = _validation.check_option(gain, "gain", ("exponential", "linear"))
    judged = None
    if ideal is not None:
        judged = _validation.check_ideal(ideal, 1, one_list=True)[0]
        _validation.check_ideal_covers(
            -np.sort(-grades)[np.newaxis, :], -np.sort(-judged)[np.newaxis, :], one_list=True
        )
    if gain == "exponential":
        _validation.check_exponential_gain(grades, "rels")
        if judged is not None:
            _validation.check_exponential_gain(judged, "ideal")
    unretrieved = None if judged is None else _unretrieved_grades(grades, judged)
    state = _RankingState(
        rels=grades,
        missed=None if n_relevant is None else int(n_relevant) - int(np.count_nonzero(grades > 0)),
        unretrieved=unretrieved,
        fixed_ideal=judged if unretrieved is None else None,
        gain=gain,
        top_grade=max(float(grades.max()), 1.0),
    )

    figure = _new_figure(8.0, 4.6, dpi)
    grid_spec = figure.add_gridspec(2, 1, height_ratios=[1.0, 1.5])
    ax_strip = figure.add_subplot(grid_spec[0, 0])
    ax_curves = figure.add_subplot(grid_spec[1, 0], sharex=ax_strip)
    initial_k = int(k_parameter.initial)
    strip = plot_ranked_list(ax_strip, grades, k=initial_k)
    ax_strip.set_xlabel("")
    state.strip = strip
    ranks = np.arange(1, n_items + 1)
    state.curve_lines = {}
    for key, values in state.curves().items():
        label, color, style = _METRIC_STYLES[key]
        (state.curve_lines[key],) = ax_curves.plot(
            ranks, values, color=color, linestyle=style, linewidth=LINE_WIDTH, label=label
        )
    cutoff = ax_curves.axvline(initial_k + 0.5, color="black", linewidth=LINE_WIDTH, linestyle="--")
    ax_curves.set_ylim(-0.02, 1.02)
    ax_curves.set_xlabel("rank (K)")
    ax_curves.set_ylabel("metric at K")
    ax_curves.set_facecolor("white")
    ax_curves.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small", frameon=False)
    (points,) = ax_curves.plot(
        [],
        [],
        marker="o",
        linestyle="none",
        color=HIGHLIGHT_COLOR,
        markeredgecolor="black",
        markersize=7,
        zorder=5,
    )

    def update(k: float) -> dict[str, float]:
        k = int(k)
        strip.update(k=k)
        cutoff.set_xdata([k + 0.5, k + 0.5])
        readout = state.metrics(k)
        points.set_data([k] * len(readout), list(readout.values()))
        return readout

    return RankingExplorer(
        figure,
        [k_parameter],
        update,
        state=state,
        artists={"strip": strip, "curves": state.curve_lines, "cutoff": cutoff, "points": points},
        readout_labels={key: style[0] for key, style in _METRIC_STYLES.items()},
        name="ranking explorer",
        description=(
            "A ranked list with the cut-off after rank K, and precision, recall, average "
            "precision, reciprocal rank and NDCG at each K."
        ),
        dynamic_artists=[strip.items, strip.cutoff, strip.cutoff_label, cutoff, points],
    )


def _default_cost_ratios() -> np.ndarray:
    """41 log-spaced cost ratios from 1/16 to 64 (ratio 2**0.25), exactly 1 among them."""
    return 2.0 ** np.round(np.linspace(-4.0, 6.0, MAX_FRAMES), 12)


def cost_explorer(
    y_true: Sequence[object] | np.ndarray,
    y_score: Sequence[float] | np.ndarray,
    *,
    ratios: Sequence[float] | np.ndarray | None = None,
    initial: float = 1.0,
    pos_label: object = 1,
    dpi: float = DPI,
) -> Explorer:
    r"""Move the cost ratio :math:`c_{FN}/c_{FP}` and watch the optimal point move along the hull.

    Draws the ROC curve, its convex hull, the iso-performance line of the current cost ratio
    through the optimal hull vertex, and that vertex. With :math:`c_{FP} = 1` and
    :math:`c_{FN}` = the ratio, the iso-performance lines have slope
    :math:`m = c_{FP}\, n_- / (c_{FN}\, n_+)` and the optimal vertex maximises
    :math:`\text{TPR} - m\,\text{FPR}`, which minimises the expected cost over every threshold
    (Provost and Fawcett 2001). Among vertices of equal cost (the ratio of an edge's slope) the
    one with the lower false positive rate (higher threshold) wins.

    Everything comes from the evalmetrics core: one :func:`evalmetrics.sweep` of the scores (one
    sort) gives the ROC points and the counts of each threshold,
    :func:`evalmetrics.stats.roc_convex_hull` the hull,
    :func:`evalmetrics.stats.iso_performance_slope` the slope and
    :func:`evalmetrics.stats.expected_cost` the cost per case.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (two classes, both present).
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    ratios : array-like, optional
        Slider values of :math:`c_{FN}/c_{FP}`, each finite and > 0 (at most 41 for the static
        book). Default: 41 log-spaced values from 1/16 to 64, exactly 1 among them.
    initial : float, default 1.0
        Starting ratio (snapped to the nearest slider value): equal costs.
    pos_label : default 1
        The label of the positive class.
    dpi : float, default 80
        Resolution of the figure.

    Returns
    -------
    Explorer
        With parameter ``ratio``; readouts ``threshold`` (of the optimal vertex: a case is
        called positive when its score is at least it; ``inf`` calls nobody positive),
        ``cost`` (expected cost per case with :math:`c_{FP} = 1`), ``fp`` and ``fn`` (counts
        there); artists ``roc``, ``hull`` and ``iso_line``.

    Raises
    ------
    ValueError
        If ``y_true`` lacks one of the two classes, or a ratio is not finite and > 0 (the
        message names ``ratios[i]``); the sweep's own checks of ``y_true`` and ``y_score``.

    Examples
    --------
    >>> explorer = cost_explorer([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.7, 0.2])
    >>> explorer.values
    {'ratio': 1.0}
    >>> explorer.readout  # equal costs: two errors at 0.8 or at 0.2; the higher threshold wins
    {'threshold': 0.8, 'cost': 0.3333333333333333, 'fp': 0.0, 'fn': 2.0}
    >>> explorer.set(ratio=16)  # a miss costs 16 false alarms
    >>> explorer.readout
    {'threshold': 0.2, 'cost': 0.3333333333333333, 'fp': 2.0, 'fn': 0.0}
    """
    from evalmetrics import stats  # numpy and scipy: loaded only when this explorer is made

    # the one sort; without both classes the explorer is refused, so no 0/0 warning first
    threshold_sweep = em.sweep(y_true, y_score, pos_label=pos_label, zero_division=np.nan)
    if threshold_sweep.n_pos == 0 or threshold_sweep.n_neg == 0:
        missing = "positives" if threshold_sweep.n_pos == 0 else "negatives"
        raise ValueError(f"y_true has no {missing}; the expected cost needs both classes")
    if ratios is None:
        ratios = _default_cost_ratios()
    for index, ratio in enumerate(_validation.as_1d(ratios, "ratios").tolist()):
        _validation.check_in_interval(
            ratio, f"ratios[{index}]", 0.0, math.inf, low_open=True, high_open=True
        )
    parameter = Parameter("ratio", ratios, initial=initial, label="c_FN / c_FP")
    hull_fpr, hull_tpr, hull_index = stats.roc_convex_hull(threshold_sweep.fpr, threshold_sweep.tpr)

    width, height = 4.8, 5.3
    figure = _new_figure(width, height, dpi, constrained=False)
    # fixed square axes, with room below for the legend
    ax = figure.add_axes((0.15, 0.25, 0.78, 0.78 * width / height))
    roc = plot_roc_curve(
        ax,
        threshold_sweep.fpr,
        threshold_sweep.tpr,
        label="ROC curve",
        point=(np.nan, np.nan),  # placed by the first update
        point_kw={"label": "optimal point"},
    )
    (hull,) = ax.plot(
        hull_fpr,
        hull_tpr,
        color="black",
        linewidth=1.5,
        linestyle="--",
        label="convex hull",
    )
    (iso_line,) = ax.plot(
        [0.0, 1.0],
        [np.nan, np.nan],
        color=HIGHLIGHT_COLOR,
        linewidth=LINE_WIDTH,
        label="iso-performance line",
    )
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.legend(
        loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=2, fontsize="small", frameon=False
    )

    def update(ratio: float) -> dict[str, float]:
        slope = stats.iso_performance_slope(
            cost_fp=1.0, cost_fn=ratio, n_pos=threshold_sweep.n_pos, n_neg=threshold_sweep.n_neg
        )
        gain = hull_tpr - slope * hull_fpr  # minus the cost, up to constants
        # the first of the best: lowest FPR on a tie (within rounding of the fractions)
        best = int(np.flatnonzero(gain >= gain.max() - 1e-12)[0])
        fpr, tpr = float(hull_fpr[best]), float(hull_tpr[best])
        threshold = float(threshold_sweep.thresholds[hull_index[best]])
        counts = threshold_sweep.counts(int(hull_index[best]))
        iso_line.set_data([0.0, 1.0], [tpr - slope * fpr, tpr + slope * (1.0 - fpr)])
        roc.move_point(fpr, tpr)
        cost = stats.expected_cost(
            y_true, y_score, threshold=threshold, cost_fp=1.0, cost_fn=ratio, pos_label=pos_label
        )
        return {"threshold": threshold, "cost": cost, "fp": counts.fp, "fn": counts.fn}

    return Explorer(
        figure,
        [parameter],
        update,
        artists={"roc": roc, "hull": hull, "iso_line": iso_line},
        readout_labels={
            "cost": "expected cost per case (c<sub>FP</sub> = 1)",
            "fp": "FP",
            "fn": "FN",
        },
        readout_formats={"threshold": "{:.3f}", "cost": "{:.4f}", "fp": "{:.0f}", "fn": "{:.0f}"},
        name="cost explorer",
        description=(
            "The ROC curve with its convex hull, the iso-performance line of the chosen cost "
            "ratio and the optimal point where it touches the hull."
        ),
        dynamic_artists=[iso_line, roc.point],
    )
