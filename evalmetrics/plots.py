"""Figures of the book: each function draws onto a matplotlib Axes it is given.

Every ``plot_*`` function takes the Axes first, draws, and returns a small dataclass holding the
artists it made. Those containers have an ``update`` (or ``move_point``) method that changes the
artists in place (``set_data``, ``set_xy``, ``set_text``), so an explorer can move a threshold
without drawing a new figure.

The four outcomes of a binary decision have one colour each, defined here once and used by every
figure of the book (:data:`OUTCOME_COLORS`, named in :data:`OUTCOME_NAMES`). They come from the
Okabe-Ito palette, which stays distinguishable with the common forms of colour blindness: correct
decisions are blue (TP dark, TN light), errors are warm (FP vermillion, FN orange).

Figure rules of the book: no titles inside plots, lowercase axis labels, lines ``lw=2``, square
ROC and PR plots with their chance lines, and an opaque white background.

This module draws; it computes no metric. Counts, curves and scores come from the evalmetrics
core (for example :func:`evalmetrics.roc_curve` and :class:`evalmetrics.Counts`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import matplotlib.colors as mcolors
import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.image import AxesImage
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Polygon, Rectangle
from matplotlib.text import Text
from matplotlib.ticker import FuncFormatter, MaxNLocator

from evalmetrics import Counts
from evalmetrics._validation import (
    as_1d,
    check_consistent_length,
    check_finite_scores,
    check_option,
)

__all__ = [
    "CHANCE_COLOR",
    "CURVE_COLOR",
    "HIGHLIGHT_COLOR",
    "LINE_WIDTH",
    "OUTCOMES",
    "OUTCOME_COLORS",
    "OUTCOME_NAMES",
    "OUTCOME_TEXT_COLORS",
    "ConfusionMatrixArtists",
    "CurveArtists",
    "IsoCurveArtists",
    "RankedListArtists",
    "ScoreDistributionArtists",
    "fbeta_isocurve",
    "outcome_legend_handles",
    "plot_confusion_matrix",
    "plot_fbeta_isocurves",
    "plot_pr_curve",
    "plot_ranked_list",
    "plot_roc_curve",
    "plot_score_distributions",
]

#: The four outcomes, in the order the book lists them.
OUTCOMES: tuple[str, ...] = ("TP", "FP", "TN", "FN")

#: Full names of the outcomes (lowercase, for legends and prose).
OUTCOME_NAMES: dict[str, str] = {
    "TP": "true positive",
    "FP": "false positive",
    "TN": "true negative",
    "FN": "false negative",
}

#: One colour per outcome, from the Okabe-Ito palette; correct decisions blue, errors warm.
OUTCOME_COLORS: dict[str, str] = {
    "TP": "#0072B2",  # blue
    "FP": "#D55E00",  # vermillion
    "TN": "#56B4E9",  # sky blue
    "FN": "#E69F00",  # orange
}

#: Text colour that reads well on each outcome colour.
OUTCOME_TEXT_COLORS: dict[str, str] = {"TP": "white", "FP": "white", "TN": "black", "FN": "black"}

#: Colour of curves (ROC, PR) and of the current point on them.
CURVE_COLOR: str = "#000000"

#: Colour of chance lines, baselines and iso-curves.
CHANCE_COLOR: str = "#999999"

#: Colour of what a slider moves, such as the current point on a curve or the best
#: iso-curve (Okabe-Ito reddish purple, not one of the outcome colours).
HIGHLIGHT_COLOR: str = "#CC79A7"

#: Line width of every line the book draws.
LINE_WIDTH: float = 2.0

_NON_RELEVANT_HEIGHT = 0.2  # height of the stub that marks a non-relevant item in the strip
_MATRIX_COLORMAP = mcolors.LinearSegmentedColormap.from_list("em_blues", ["#FFFFFF", "#0072B2"])


def _white_background(ax: Axes) -> None:
    """Make the Axes and its figure opaque white (readable in the theme's dark mode)."""
    ax.set_facecolor("white")
    ax.figure.patch.set_facecolor("white")
    ax.figure.patch.set_alpha(1.0)


def _square_unit_axes(ax: Axes) -> None:
    """Limits [0, 1] on both axes with a small margin, square aspect."""
    margin = 0.02
    ax.set_xlim(-margin, 1 + margin)
    ax.set_ylim(-margin, 1 + margin)
    ax.set_aspect("equal", adjustable="box")


def outcome_legend_handles(outcomes: Sequence[str] = OUTCOMES) -> list[Patch]:
    """Legend handles (coloured patches) for the outcomes, labelled ``"TP (true positive)"``.

    Parameters
    ----------
    outcomes : sequence of str, default ("TP", "FP", "TN", "FN")
        Which outcomes to include, in order.

    Returns
    -------
    list of matplotlib.patches.Patch
        Pass them to ``ax.legend(handles=...)``.

    Examples
    --------
    >>> [handle.get_label() for handle in outcome_legend_handles(["TP", "FN"])]
    ['TP (true positive)', 'FN (false negative)']
    """
    return [
        Patch(facecolor=OUTCOME_COLORS[name], label=f"{name} ({OUTCOME_NAMES[name]})")
        for name in outcomes
    ]


# --------------------------------------------------------------------------- confusion matrix


@dataclass
class ConfusionMatrixArtists:
    """Artists of :func:`plot_confusion_matrix`.

    Attributes
    ----------
    cells : list of matplotlib.patches.Rectangle or matplotlib.image.AxesImage
        The four coloured cells of a 2x2 matrix (row by row), or the image of an n x n matrix.
    texts : list of list of matplotlib.text.Text
        One text per cell, ``texts[row][column]``; rows are actual classes, columns predicted.
    binary : bool
        True for the 2x2 matrix of a :class:`~evalmetrics.Counts`.
    positive_first : bool
        Layout of the 2x2 matrix (see :func:`plot_confusion_matrix`).
    """

    cells: list[Rectangle] | AxesImage
    texts: list[list[Text]]
    binary: bool
    positive_first: bool = True

    def update(self, counts: Counts | np.ndarray) -> None:
        """Show new counts: a :class:`~evalmetrics.Counts` (2x2) or a square array (n x n)."""
        if self.binary:
            if not isinstance(counts, Counts):
                raise TypeError("counts must be an evalmetrics.Counts for a 2x2 matrix")
            for row, names in enumerate(_binary_layout(self.positive_first)):
                for column, name in enumerate(names):
                    value = getattr(counts, name.lower())
                    self.texts[row][column].set_text(f"{name}\n{value}")
            return
        matrix = _check_square_matrix(counts)
        image = self.cells
        assert isinstance(image, AxesImage)
        if matrix.shape != image.get_array().shape:
            raise ValueError(
                f"counts must keep the shape {image.get_array().shape}, got {matrix.shape}"
            )
        image.set_data(matrix)
        image.set_clim(0, max(float(matrix.max()), 1.0))
        _label_matrix_cells(self.texts, matrix)


def _binary_layout(positive_first: bool) -> list[list[str]]:
    """Outcome names by [row][column] (rows actual, columns predicted)."""
    if positive_first:
        return [["TP", "FN"], ["FP", "TN"]]
    return [["TN", "FP"], ["FN", "TP"]]


def _check_square_matrix(matrix: object) -> np.ndarray:
    array = np.asarray(matrix)
    if array.ndim != 2 or array.shape[0] != array.shape[1] or array.shape[0] < 1:
        raise ValueError(f"counts must be a square 2-D array, got shape {array.shape}")
    if not np.issubdtype(array.dtype, np.number):
        raise TypeError(f"counts must be numeric, got values of type {array.dtype}")
    return array


def _label_matrix_cells(texts: list[list[Text]], matrix: np.ndarray) -> None:
    threshold = matrix.max() / 2 if matrix.max() > 0 else np.inf
    for row, row_texts in enumerate(texts):
        for column, text in enumerate(row_texts):
            value = matrix[row, column]
            text.set_text(f"{value:g}")
            text.set_color("white" if value > threshold else "black")


def plot_confusion_matrix(
    ax: Axes,
    counts: Counts | np.ndarray,
    *,
    labels: Sequence[object] | None = None,
    positive_first: bool = True,
) -> ConfusionMatrixArtists:
    """Draw a confusion matrix: rows are the actual class, columns the predicted class.

    A :class:`~evalmetrics.Counts` gives the 2x2 matrix, each cell in its outcome colour and
    labelled with its outcome and count. A square array (for example from
    :func:`evalmetrics.confusion_matrix`) gives the n x n matrix, shaded by count.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    counts : evalmetrics.Counts or array-like of shape (n, n)
        The four counts, or the n x n matrix (rows actual, columns predicted).
    labels : sequence, optional
        Class names for the n x n matrix (default ``0 .. n-1``); ignored for the 2x2 matrix,
        whose classes are "positive" and "negative".
    positive_first : bool, default True
        2x2 layout. True puts the positive class first (TP top left, as most textbooks do);
        False follows sorted labels ``[0, 1]`` as :func:`evalmetrics.confusion_matrix` and
        scikit-learn print it (TN top left).

    Returns
    -------
    ConfusionMatrixArtists
        The cells and texts; ``update(new_counts)`` changes them in place.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> import evalmetrics as em
    >>> fig, ax = plt.subplots()
    >>> artists = plot_confusion_matrix(ax, em.Counts(tp=8, fp=2, tn=85, fn=5))
    >>> artists.texts[0][0].get_text(), artists.texts[0][1].get_text()
    ('TP\\n8', 'FN\\n5')
    >>> artists.update(em.Counts(tp=9, fp=3, tn=84, fn=4))
    >>> artists.texts[0][0].get_text()
    'TP\\n9'
    >>> plt.close(fig)
    """
    _white_background(ax)
    if isinstance(counts, Counts):
        layout = _binary_layout(positive_first)
        class_names = ["positive", "negative"] if positive_first else ["negative", "positive"]
        cells: list[Rectangle] = []
        texts: list[list[Text]] = []
        for row, names in enumerate(layout):
            row_texts = []
            for column, name in enumerate(names):
                cell = Rectangle(
                    (column - 0.5, row - 0.5),
                    1,
                    1,
                    facecolor=OUTCOME_COLORS[name],
                    edgecolor="white",
                    linewidth=LINE_WIDTH,
                )
                ax.add_patch(cell)
                cells.append(cell)
                value = getattr(counts, name.lower())
                row_texts.append(
                    ax.text(
                        column,
                        row,
                        f"{name}\n{value}",
                        ha="center",
                        va="center",
                        color=OUTCOME_TEXT_COLORS[name],
                        fontsize="large",
                    )
                )
            texts.append(row_texts)
        size = 2
        artists = ConfusionMatrixArtists(cells, texts, True, positive_first)
    else:
        matrix = _check_square_matrix(counts)
        size = matrix.shape[0]
        class_names = list(range(size)) if labels is None else list(labels)
        if len(class_names) != size:
            raise ValueError(f"labels has {len(class_names)} names for a {size} x {size} matrix")
        image = ax.imshow(
            matrix,
            cmap=_MATRIX_COLORMAP,
            vmin=0,
            vmax=max(float(matrix.max()), 1.0),
            interpolation="nearest",
        )
        texts = [
            [ax.text(column, row, "", ha="center", va="center") for column in range(size)]
            for row in range(size)
        ]
        _label_matrix_cells(texts, matrix)
        artists = ConfusionMatrixArtists(image, texts, False, positive_first)
    ax.set_xlim(-0.5, size - 0.5)
    ax.set_ylim(size - 0.5, -0.5)
    ax.set_aspect("equal")
    ax.set_xticks(range(size), [str(name) for name in class_names])
    ax.set_yticks(range(size), [str(name) for name in class_names])
    ax.tick_params(length=0)
    ax.xaxis.set_label_position("top")
    ax.xaxis.tick_top()
    ax.set_xlabel("predicted class")
    ax.set_ylabel("actual class")
    for spine in ax.spines.values():
        spine.set_visible(False)
    return artists


# --------------------------------------------------------------------------- score distributions


@dataclass
class ScoreDistributionArtists:
    """Artists of :func:`plot_score_distributions`.

    Attributes
    ----------
    regions : dict
        The shaded histogram regions (``matplotlib.patches.Polygon``), keyed by outcome
        (``"TP"``, ``"FP"``, ``"TN"``, ``"FN"``).
    threshold_line : matplotlib.lines.Line2D
        The vertical threshold line.
    outlines : list of matplotlib.lines.Line2D
        Thin outlines of the two whole histograms and the zero line (drawn over the regions).
    class_labels : list of matplotlib.text.Text
        "positives" and "negatives" written on their side of the zero line (when mirrored).
    edges : numpy.ndarray
        Histogram bin edges.
    positive_heights : numpy.ndarray
        Bar heights of the positive class (counts, or shares with ``scale="share"``).
    negative_heights : numpy.ndarray
        Bar heights of the negative class (drawn downwards when ``mirrored``).
    mirrored : bool
        Whether negatives are drawn below the axis.
    threshold : float
        The threshold currently shown.
    """

    regions: dict[str, Polygon]
    threshold_line: Line2D
    outlines: list[Line2D]
    class_labels: list[Text]
    edges: np.ndarray
    positive_heights: np.ndarray
    negative_heights: np.ndarray
    mirrored: bool
    threshold: float = field(default=np.nan)

    def update(self, threshold: float) -> None:
        """Move the threshold: the line and the four shaded regions follow."""
        threshold = float(threshold)
        low, high = float(self.edges[0]), float(self.edges[-1])
        cut = min(max(threshold, low), high)
        sign = -1.0 if self.mirrored else 1.0
        self.regions["TP"].set_xy(_step_outline(self.edges, self.positive_heights, cut, high))
        self.regions["FN"].set_xy(_step_outline(self.edges, self.positive_heights, low, cut))
        self.regions["FP"].set_xy(
            _step_outline(self.edges, self.negative_heights, cut, high, sign=sign)
        )
        self.regions["TN"].set_xy(
            _step_outline(self.edges, self.negative_heights, low, cut, sign=sign)
        )
        self.threshold_line.set_xdata([threshold, threshold])
        self.threshold = threshold


def _step_outline(
    edges: np.ndarray, heights: np.ndarray, low: float, high: float, *, sign: float = 1.0
) -> np.ndarray:
    """Vertices of the histogram's step outline restricted to ``[low, high]`` (a polygon)."""
    if high <= low:
        return np.array([[low, 0.0], [low, 0.0], [low, 0.0]])
    inside = (edges[1:] > low) & (edges[:-1] < high)
    left = np.clip(edges[:-1][inside], low, high)
    right = np.clip(edges[1:][inside], low, high)
    y = sign * heights[inside]
    x_steps = np.column_stack([left, right]).ravel()
    y_steps = np.repeat(y, 2)
    x = np.concatenate([[low], x_steps, [high]])
    y = np.concatenate([[0.0], y_steps, [0.0]])
    return np.column_stack([x, y])


def plot_score_distributions(
    ax: Axes,
    y_true: Sequence[object] | np.ndarray,
    y_score: Sequence[float] | np.ndarray,
    threshold: float,
    *,
    bins: int | Sequence[float] | np.ndarray = 40,
    pos_label: object = 1,
    mirrored: bool = True,
    legend: bool = True,
    scale: str = "count",
) -> ScoreDistributionArtists:
    """Histogram the scores of each class, with the threshold and the four outcomes shaded.

    An item is predicted positive when its score is at least the threshold. Right of the line,
    positives are true positives and negatives false positives; left of it, positives are
    false negatives and negatives true negatives. With ``mirrored`` the positives' histogram
    stands above the axis and the negatives' hangs below it (labelled "positives" and
    "negatives"), so the two never overlap.

    Shading splits the histogram at the threshold inside a bin, so it is exact only when the
    threshold falls on a bin edge; pass ``bins`` as edges (for example the thresholds an
    explorer offers) to make it exact. The counts themselves come from
    :class:`~evalmetrics.Counts`, not from this picture.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    y_true : array-like of shape (n,)
        True labels.
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    threshold : float
        Decision threshold (positive when ``score >= threshold``).
    bins : int or array-like, default 40
        Number of equal-width bins over the score range, or the bin edges (increasing).
    pos_label : default 1
        The label of the positive class.
    mirrored : bool, default True
        Draw negatives below the axis (counts shown as positive numbers on both sides).
    legend : bool, default True
        Add a legend naming the four outcomes.
    scale : {"count", "share"}, default "count"
        Bar heights as counts, or as the share of each class in a bin (each class's bars sum
        to 1). Shares keep a rare class visible: these are the class-conditional score
        distributions behind TPR and FPR.

    Returns
    -------
    ScoreDistributionArtists
        The regions and the line; ``update(threshold)`` moves them in place.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> artists = plot_score_distributions(
    ...     ax, [0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9], 0.5, bins=[0, 0.5, 1]
    ... )
    >>> artists.positive_heights, artists.negative_heights
    (array([1, 1]), array([1, 1]))
    >>> artists.update(0.0)
    >>> artists.threshold_line.get_xdata()
    [0.0, 0.0]
    >>> plt.close(fig)
    """
    _white_background(ax)
    labels = as_1d(y_true, "y_true")
    scores = check_finite_scores(y_score, "y_score")
    check_consistent_length(y_true=labels, y_score=scores)
    check_option(scale, "scale", ("count", "share"))
    is_positive = labels == pos_label
    if np.ndim(bins) == 0:
        low, high = float(scores.min()), float(scores.max())
        if high == low:
            low, high = low - 0.5, high + 0.5
        edges = np.linspace(low, high, int(bins) + 1)
    else:
        edges = np.asarray(bins, dtype=np.float64)
        if edges.ndim != 1 or edges.size < 2 or np.any(np.diff(edges) <= 0):
            raise ValueError("bins must be an int or at least two strictly increasing edges")
    positive_heights, _ = np.histogram(scores[is_positive], bins=edges)
    negative_heights, _ = np.histogram(scores[~is_positive], bins=edges)
    if scale == "share":
        positive_heights = positive_heights / max(int(positive_heights.sum()), 1)
        negative_heights = negative_heights / max(int(negative_heights.sum()), 1)
    regions = {
        name: Polygon(
            np.zeros((3, 2)),
            closed=True,
            facecolor=OUTCOME_COLORS[name],
            edgecolor="none",
            label=f"{name} ({OUTCOME_NAMES[name]})",
        )
        for name in OUTCOMES
    }
    for region in regions.values():
        ax.add_patch(region)
    sign = -1.0 if mirrored else 1.0
    # thin outlines of the two whole histograms, so the shape stays visible across the threshold
    outlines = []
    for heights, direction in ((positive_heights, 1.0), (negative_heights, sign)):
        outline = _step_outline(edges, heights, float(edges[0]), float(edges[-1]), sign=direction)
        outlines += ax.plot(outline[:, 0], outline[:, 1], color="black", linewidth=0.8)
    outlines.append(ax.axhline(0.0, color="black", linewidth=0.8))
    threshold_line = ax.axvline(threshold, color="black", linewidth=LINE_WIDTH, linestyle="--")
    class_labels = []
    if mirrored:
        for text, y, va in (("positives", 0.97, "top"), ("negatives", 0.03, "bottom")):
            class_labels.append(
                ax.text(0.99, y, text, transform=ax.transAxes, ha="right", va=va, zorder=6)
            )
    artists = ScoreDistributionArtists(
        regions,
        threshold_line,
        outlines,
        class_labels,
        edges,
        positive_heights,
        negative_heights,
        mirrored,
    )
    artists.update(threshold)
    smallest = 1 if scale == "count" else 0.05
    top = max(positive_heights.max(), smallest)
    bottom = max(negative_heights.max(), smallest) if mirrored else 0
    ax.set_xlim(edges[0], edges[-1])
    ax.set_ylim(-1.08 * bottom, 1.08 * top)
    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{abs(value):g}"))
    ax.yaxis.set_major_locator(MaxNLocator(nbins=6, integer=scale == "count"))
    ax.set_xlabel("score")
    ax.set_ylabel("count" if scale == "count" else "share of class")
    if legend:
        ax.legend(
            handles=outcome_legend_handles(),
            loc="upper left",
            fontsize="small",
            frameon=False,
            ncols=2,
        )
    return artists


# --------------------------------------------------------------------------- ROC and PR curves


@dataclass
class CurveArtists:
    """Artists of :func:`plot_roc_curve` and :func:`plot_pr_curve`.

    Attributes
    ----------
    curve : matplotlib.lines.Line2D
        The curve.
    chance : matplotlib.lines.Line2D
        The chance line (ROC diagonal, or the PR prevalence baseline).
    point : matplotlib.lines.Line2D
        The movable point (a single marker; hidden while its coordinates are NaN).
    """

    curve: Line2D
    chance: Line2D
    point: Line2D

    def move_point(self, x: float, y: float) -> None:
        """Move the point to ``(x, y)``; NaN hides it (for example undefined precision)."""
        self.point.set_data([float(x)], [float(y)])


def _point_marker(ax: Axes, point: tuple[float, float] | None) -> Line2D:
    x, y = (np.nan, np.nan) if point is None else point
    (marker,) = ax.plot(
        [x],
        [y],
        marker="o",
        markersize=9,
        color=HIGHLIGHT_COLOR,
        markeredgecolor="black",
        markeredgewidth=1.2,
        linestyle="none",
        zorder=5,
        label="current threshold",
    )
    return marker


def plot_roc_curve(
    ax: Axes,
    fpr: Sequence[float] | np.ndarray,
    tpr: Sequence[float] | np.ndarray,
    *,
    point: tuple[float, float] | None = None,
    label: str | None = None,
) -> CurveArtists:
    """Draw a ROC curve (square, with the chance diagonal) and a movable point.

    Consecutive points are joined by straight segments, so the area under the drawn curve is
    the trapezoid AUC of :func:`evalmetrics.roc_auc`.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    fpr, tpr : array-like
        False and true positive rates, as returned by :func:`evalmetrics.roc_curve`.
    point : (float, float), optional
        ``(fpr, tpr)`` of the current threshold; ``move_point`` changes it later.
    label : str, optional
        Legend label of the curve.

    Returns
    -------
    CurveArtists
        Curve, diagonal and point.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> artists = plot_roc_curve(ax, [0, 0, 0.5, 1], [0, 0.5, 1, 1], point=(0.5, 1.0))
    >>> artists.move_point(0.0, 0.5)
    >>> artists.point.get_data()
    ([0.0], [0.5])
    >>> plt.close(fig)
    """
    _white_background(ax)
    (chance,) = ax.plot(
        [0, 1], [0, 1], color=CHANCE_COLOR, linewidth=LINE_WIDTH, linestyle=":", label="chance"
    )
    (curve,) = ax.plot(
        np.asarray(fpr, dtype=np.float64),
        np.asarray(tpr, dtype=np.float64),
        color=CURVE_COLOR,
        linewidth=LINE_WIDTH,
        label=label,
    )
    marker = _point_marker(ax, point)
    _square_unit_axes(ax)
    ax.set_xlabel("false positive rate")
    ax.set_ylabel("true positive rate (recall)")
    return CurveArtists(curve, chance, marker)


def plot_pr_curve(
    ax: Axes,
    precision: Sequence[float] | np.ndarray,
    recall: Sequence[float] | np.ndarray,
    *,
    prevalence: float,
    point: tuple[float, float] | None = None,
    label: str | None = None,
) -> CurveArtists:
    """Draw a precision-recall curve (square, with the prevalence baseline) and a movable point.

    The curve is drawn as steps: with the points ordered by increasing recall, each precision
    holds over the recall interval that ends at its point, so the area under the steps is
    the step-wise average precision of :func:`evalmetrics.average_precision`. For the drawing
    only, the first step starts at recall 0.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    precision, recall : array-like
        As returned by :func:`evalmetrics.pr_curve` (any order; sorted here by recall).
    prevalence : float
        Share of positives: the precision of a classifier that guesses at random (baseline).
    point : (float, float), optional
        ``(recall, precision)`` of the current threshold (x first, like the axes).
    label : str, optional
        Legend label of the curve.

    Returns
    -------
    CurveArtists
        Curve, baseline and point.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> artists = plot_pr_curve(ax, [1.0, 0.5, 0.5], [0.5, 0.5, 1.0], prevalence=0.5)
    >>> artists.curve.get_xdata().tolist(), artists.curve.get_ydata().tolist()
    ([0.0, 0.5, 0.5, 1.0], [1.0, 1.0, 0.5, 0.5])
    >>> np.asarray(artists.chance.get_ydata()).tolist()
    [0.5, 0.5]
    >>> plt.close(fig)
    """
    _white_background(ax)
    precision = np.asarray(precision, dtype=np.float64)
    recall = np.asarray(recall, dtype=np.float64)
    if precision.shape != recall.shape or precision.ndim != 1 or precision.size == 0:
        raise ValueError("precision and recall must be non-empty 1-D arrays of equal length")
    order = np.argsort(recall, kind="stable")
    # stable sort keeps the sweep order (thresholds descending) among equal recalls
    recall_sorted = np.concatenate([[0.0], recall[order]])
    precision_sorted = np.concatenate([[precision[order][0]], precision[order]])
    (chance,) = ax.plot(
        [0, 1],
        [prevalence, prevalence],
        color=CHANCE_COLOR,
        linewidth=LINE_WIDTH,
        linestyle=":",
        label="chance (prevalence)",
    )
    (curve,) = ax.plot(
        recall_sorted,
        precision_sorted,
        color=CURVE_COLOR,
        linewidth=LINE_WIDTH,
        drawstyle="steps-pre",
        label=label,
    )
    marker = _point_marker(ax, point)
    _square_unit_axes(ax)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    return CurveArtists(curve, chance, marker)


# --------------------------------------------------------------------------- F-beta iso-curves


def fbeta_isocurve(level: float, beta: float, recall: np.ndarray) -> np.ndarray:
    """Precision that gives ``F_beta = level`` at each recall (NaN where none in [0, 1]).

    Solving :math:`F_\\beta = (1+\\beta^2) P R / (\\beta^2 P + R)` for :math:`P` gives

    .. math:: P = \\frac{f R}{(1+\\beta^2) R - f \\beta^2},

    defined where the denominator is positive and the result at most 1.

    Parameters
    ----------
    level : float
        The value ``f`` of F-beta, in (0, 1].
    beta : float
        Positive weight; beta > 1 weights recall more.
    recall : numpy.ndarray
        Recall values in [0, 1].

    Returns
    -------
    numpy.ndarray
        Precision on the iso-curve, NaN where the curve leaves the unit square.

    Examples
    --------
    >>> fbeta_isocurve(0.5, 1.0, np.array([0.25, 0.5, 1.0])).round(4).tolist()
    [nan, 0.5, 0.3333]
    """
    recall = np.asarray(recall, dtype=np.float64)
    beta_squared = float(beta) ** 2
    denominator = (1 + beta_squared) * recall - level * beta_squared
    with np.errstate(divide="ignore", invalid="ignore"):
        precision = level * recall / denominator
    outside = (denominator <= 0) | (precision > 1 + 1e-12) | (precision < 0)
    return np.where(outside, np.nan, precision)


@dataclass
class IsoCurveArtists:
    """Artists of :func:`plot_fbeta_isocurves`.

    Attributes
    ----------
    lines : list of matplotlib.lines.Line2D
        One iso-curve per level.
    labels : list of matplotlib.text.Text
        The level of each iso-curve, written where it leaves the square.
    levels : tuple of float
        The F-beta values of the curves.
    recall : numpy.ndarray
        The recall grid the curves are drawn on.
    beta : float
        The beta currently shown.
    """

    lines: list[Line2D]
    labels: list[Text]
    levels: tuple[float, ...]
    recall: np.ndarray
    beta: float = field(default=np.nan)

    def update(self, beta: float) -> None:
        """Redraw the iso-curves for a new beta."""
        beta_squared = float(beta) ** 2
        for level, line, text in zip(self.levels, self.lines, self.labels, strict=True):
            precision = fbeta_isocurve(level, beta, self.recall)
            line.set_data(self.recall, precision)
            # label where the curve leaves the square: the top edge (precision 1) when
            # beta >= 1, the right edge (recall 1) otherwise, so the labels spread out
            if beta >= 1:
                text.set_position((level * beta_squared / (1 + beta_squared - level), 1.03))
                text.set_horizontalalignment("center")
                text.set_verticalalignment("bottom")
            else:
                text.set_position((1.03, level / (1 + beta_squared * (1 - level))))
                text.set_horizontalalignment("left")
                text.set_verticalalignment("center")
        self.beta = float(beta)


def plot_fbeta_isocurves(
    ax: Axes,
    beta: float,
    *,
    levels: Sequence[float] = (0.2, 0.4, 0.6, 0.8),
    n_points: int = 400,
) -> IsoCurveArtists:
    """Draw curves of equal F-beta on the precision-recall plane (recall on x).

    Every point of one curve has the same F-beta; the best threshold of a classifier is where
    its PR curve touches the highest iso-curve. Changing beta bends the curves: beta > 1
    makes them steeper in precision, so recall buys more.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    beta : float
        Weight of recall (beta > 1 favours recall).
    levels : sequence of float, default (0.2, 0.4, 0.6, 0.8)
        F-beta values of the curves, each in (0, 1].
    n_points : int, default 400
        Recall grid size.

    Returns
    -------
    IsoCurveArtists
        Lines and labels; ``update(beta)`` redraws them.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> artists = plot_fbeta_isocurves(ax, 1.0, levels=[0.5])
    >>> artists.labels[0].get_text()
    'F=0.5'
    >>> plt.close(fig)
    """
    _white_background(ax)
    levels = tuple(float(level) for level in levels)
    if any(not 0 < level <= 1 for level in levels):
        raise ValueError(f"levels must lie in (0, 1], got {levels}")
    recall = np.linspace(0.0, 1.0, n_points)
    lines = []
    labels = []
    for level in levels:
        (line,) = ax.plot(recall, recall, color=CHANCE_COLOR, linewidth=1.0)
        lines.append(line)
        labels.append(
            ax.text(
                1.03,
                0.0,
                f"F={level:g}",
                color="#555555",
                fontsize="small",
                va="center",
                ha="left",
                clip_on=False,
            )
        )
    artists = IsoCurveArtists(lines, labels, levels, recall)
    artists.update(beta)
    _square_unit_axes(ax)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    return artists


# --------------------------------------------------------------------------- ranked list


@dataclass
class RankedListArtists:
    """Artists of :func:`plot_ranked_list`.

    Attributes
    ----------
    items : matplotlib.collections.PolyCollection
        One bar per ranked item (height = grade; a short stub for a non-relevant item).
    cutoff : matplotlib.lines.Line2D
        The vertical line after rank K.
    cutoff_label : matplotlib.text.Text
        ``"K = ..."`` above the line.
    rels : numpy.ndarray
        Grades shown, in rank order.
    k : int
        Cut-off shown.
    """

    items: PolyCollection
    cutoff: Line2D
    cutoff_label: Text
    rels: np.ndarray
    k: int

    def update(
        self, *, rels: Sequence[float] | np.ndarray | None = None, k: int | None = None
    ) -> None:
        """Show new grades and/or a new cut-off K."""
        if rels is not None:
            new_rels = _check_grades(rels)
            if new_rels.size != self.rels.size:
                raise ValueError(f"rels must keep its length {self.rels.size}, got {new_rels.size}")
            self.rels = new_rels
            self.items.set_verts(_item_bars(self.rels))
        if k is not None:
            self.k = _check_cutoff(k, self.rels.size)
        self.items.set_facecolor(_item_colors(self.rels, self.k))
        self.cutoff.set_xdata([self.k + 0.5, self.k + 0.5])
        self.cutoff_label.set_x(self.k + 0.5)
        self.cutoff_label.set_text(f"K = {self.k}")


def _check_grades(rels: object) -> np.ndarray:
    grades = np.asarray(rels, dtype=np.float64)
    if grades.ndim != 1 or grades.size == 0:
        raise ValueError(f"rels must be a non-empty 1-D array, got shape {grades.shape}")
    if not np.all(np.isfinite(grades)) or np.any(grades < 0):
        raise ValueError("rels must hold finite grades >= 0")
    return grades


def _check_cutoff(k: object, n_items: int) -> int:
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"k must be a positive integer, got {k!r}")
    if not 1 <= int(k) <= n_items:
        raise ValueError(f"k must lie in 1..{n_items}, got {k}")
    return int(k)


def _item_bars(rels: np.ndarray) -> np.ndarray:
    """Rectangle vertices, one bar per rank (centred on the rank, width 0.8)."""
    ranks = np.arange(1, rels.size + 1, dtype=np.float64)
    heights = np.where(rels > 0, rels, _NON_RELEVANT_HEIGHT)
    left, right = ranks - 0.4, ranks + 0.4
    zeros = np.zeros_like(ranks)
    xs = np.column_stack([left, left, right, right])
    ys = np.column_stack([zeros, heights, heights, zeros])
    return np.stack([xs, ys], axis=-1)


def _item_colors(rels: np.ndarray, k: int) -> np.ndarray:
    """Outcome colour of each item: within the top K, relevant = TP and non-relevant = FP;
    beyond K, relevant = FN and non-relevant = TN."""
    retrieved = np.arange(1, rels.size + 1) <= k
    relevant = rels > 0
    palette = {name: mcolors.to_rgba(color) for name, color in OUTCOME_COLORS.items()}
    colors = np.empty((rels.size, 4))
    colors[retrieved & relevant] = palette["TP"]
    colors[retrieved & ~relevant] = palette["FP"]
    colors[~retrieved & relevant] = palette["FN"]
    colors[~retrieved & ~relevant] = palette["TN"]
    return colors


def plot_ranked_list(
    ax: Axes, rels: Sequence[float] | np.ndarray, k: int, *, legend: bool = True
) -> RankedListArtists:
    """Draw a ranked list as a strip of bars, rank 1 on the left, with the cut-off after rank K.

    Bar height is the relevance grade (a short stub marks a non-relevant item), so graded lists
    show their grades. Colours are the outcome colours read as retrieval: in the top K, a
    relevant item is a true positive and a non-relevant one a false positive; beyond K, a
    relevant item is a false negative (missed) and a non-relevant one a true negative.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    rels : array-like of shape (n,)
        Relevance grades in rank order (0 = not relevant).
    k : int
        Cut-off, 1 <= k <= n.
    legend : bool, default True
        Add a legend of the four outcomes.

    Returns
    -------
    RankedListArtists
        Bars, cut-off line and label; ``update(rels=..., k=...)`` changes them in place.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> artists = plot_ranked_list(ax, [1, 0, 2, 0], k=2)
    >>> artists.cutoff.get_xdata()
    [2.5, 2.5]
    >>> artists.update(k=3)
    >>> artists.cutoff_label.get_text()
    'K = 3'
    >>> plt.close(fig)
    """
    _white_background(ax)
    grades = _check_grades(rels)
    k = _check_cutoff(k, grades.size)
    items = PolyCollection(_item_bars(grades), edgecolors="none")
    ax.add_collection(items)
    cutoff = ax.axvline(k + 0.5, color="black", linewidth=LINE_WIDTH, linestyle="--")
    top = max(float(grades.max()), 1.0)
    cutoff_label = ax.text(
        k + 0.5, 1.12 * top, f"K = {k}", ha="center", va="bottom", fontsize="small"
    )
    artists = RankedListArtists(items, cutoff, cutoff_label, grades, k)
    artists.update(k=k)
    ax.set_xlim(0.4, grades.size + 0.6)
    ax.set_ylim(0, 1.35 * top)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("rank")
    ax.set_ylabel("grade")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    if legend:
        handles = [
            Patch(facecolor=OUTCOME_COLORS["TP"], label="relevant, in top K (TP)"),
            Patch(facecolor=OUTCOME_COLORS["FP"], label="not relevant, in top K (FP)"),
            Patch(facecolor=OUTCOME_COLORS["FN"], label="relevant, missed (FN)"),
            Patch(facecolor=OUTCOME_COLORS["TN"], label="not relevant, below K (TN)"),
        ]
        ax.legend(
            handles=handles,
            loc="upper left",
            bbox_to_anchor=(1.01, 1.0),
            fontsize="small",
            frameon=False,
        )
    return artists
