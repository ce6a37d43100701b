"""Figures of the book: each function draws onto a matplotlib Axes it is given.

Every ``plot_*`` function follows matplotlib's helper-function convention: it takes the Axes
first and the arrays it draws, every option is keyword-only, extra keyword arguments
(``**kwargs``) go to the main artist and override the book's defaults (``color``, ``lw``, ``ls``,
``alpha``, ``zorder``, ``drawstyle`` ...), the secondary artists take their own ``*_kw`` dicts
(``chance_kw``, ``point_kw``, ``text_kw`` ...), and it returns a small dataclass holding the
artists it made. An optional artist that was not asked for (``chance=False``, no ``point``) is
``None`` in that dataclass. The containers have an ``update`` (or ``move_point``) method that
changes the artists in place (``set_data``, ``set_xy``, ``set_text``), so an explorer can move a
threshold without drawing a new figure.

The functions change only the Axes they are given, never its figure: the book's opaque white
figure background (readable in the theme's dark mode) is set by the caller, as
``plt.subplots(..., facecolor="white")`` in the chapters and the explorers' figures do.

The four outcomes of a binary decision have one colour each, defined here once and used by every
figure of the book (:data:`OUTCOME_COLORS`, named in :data:`OUTCOME_NAMES`). They come from the
Okabe-Ito palette, which stays distinguishable with the common forms of colour blindness: correct
decisions are blue (TP dark, TN light), errors are warm (FP vermillion, FN orange).

Figure rules of the book: no titles inside plots, lowercase axis labels, lines ``lw=2``, square
ROC and PR plots with their chance lines (drawn by default, ``chance=False`` leaves them out).

This module draws; it computes no metric. Counts, curves and scores come from the evalmetrics
core (for example :func:`evalmetrics.roc_curve` and :class:`evalmetrics.Counts`).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

import matplotlib.colors as mcolors
import numpy as np
from matplotlib import cbook
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
    as_labels,
    check_beta,
    check_binary_classes,
    check_consistent_length,
    check_finite_scores,
    check_in_interval,
    check_k,
    check_option,
    check_pos_label,
    check_positive_int,
    check_ranked_list,
    check_square_counts,
    check_threshold,
    check_unit_values,
    label_mask,
)
from evalmetrics.confusion import fbeta_isocurve  # re-exported: plots.fbeta_isocurve still works

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


def _style(defaults: dict[str, Any], given: dict[str, Any] | None, cls: type) -> dict[str, Any]:
    """The book's defaults for an artist of class ``cls``, overridden by the caller's keywords.

    Aliases are normalised first (``lw`` -> ``linewidth``, ``c`` -> ``color``, ``fc`` ->
    ``facecolor`` ...), so ``lw=3`` replaces the default ``linewidth`` instead of clashing
    with it.
    """
    return {
        **cbook.normalize_kwargs(defaults, cls),
        **cbook.normalize_kwargs(dict(given or {}), cls),
    }


def _fixed_face_color(style: dict[str, Any]) -> str | None:
    """The colour keyword (``facecolor`` or ``color``, after alias normalisation) the caller
    gave for faces the book colours by outcome; None if there is none."""
    for key in ("facecolor", "color"):
        if key in style:
            return key
    return None


def _warn_outcome_legend_dropped(color_key: str) -> None:
    warnings.warn(
        f"{color_key} replaces the outcome colours, so the legend of the outcomes is not "
        "drawn (it would show colours the figure does not use); pass legend=False",
        UserWarning,
        stacklevel=3,
    )


def _histogram_counts(values: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """Counts of ``values`` in the bins of ``edges``, as ``np.histogram`` counts them (bins
    ``[e_i, e_i+1)``, the last one closed, values outside dropped), without sorting: a binary
    search of the edges per value and one ``np.bincount``."""
    n_bins = edges.size - 1
    index = np.searchsorted(edges, values, side="right") - 1
    index[values == edges[-1]] = n_bins - 1  # the last bin includes its right edge
    inside = (index >= 0) & (index < n_bins)
    return np.bincount(index[inside], minlength=n_bins)


def _square_unit_axes(ax: Axes) -> None:
    """Limits [0, 1] on both axes with a small margin, square aspect."""
    margin = 0.02
    ax.set_xlim(-margin, 1 + margin)
    ax.set_ylim(-margin, 1 + margin)
    ax.set_aspect("equal", adjustable="box")


def outcome_legend_handles(*, outcomes: Sequence[str] = OUTCOMES) -> list[Patch]:
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
    >>> [handle.get_label() for handle in outcome_legend_handles(outcomes=["TP", "FN"])]
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
        Layout of a 2x2 matrix (see :func:`plot_confusion_matrix`); for a 2x2 array, True
        means its rows and columns are drawn in reverse order (positive first).
    recolor_texts : bool
        Whether ``update`` sets the n x n texts black or white by shade (False when the
        caller gave a text colour).
    vmin : float or None
        Lower colour limit of the n x n image the caller fixed (``vmin=``); None follows the
        counts (0). ``update`` keeps a fixed limit.
    vmax : float or None
        Upper colour limit the caller fixed (``vmax=``); None follows the counts (the largest
        count). ``update`` keeps a fixed limit.
    autoscale : bool
        Whether ``update`` sets the colour limits at all (False when the caller gave a
        ``norm``, which then keeps its own limits).
    """

    cells: list[Rectangle] | AxesImage
    texts: list[list[Text]]
    _: KW_ONLY
    binary: bool
    positive_first: bool = True
    recolor_texts: bool = True
    vmin: float | None = None
    vmax: float | None = None
    autoscale: bool = True

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
        matrix = check_square_counts(counts)
        image = self.cells
        assert isinstance(image, AxesImage)
        if matrix.shape != image.get_array().shape:
            raise ValueError(
                f"counts must keep the shape {image.get_array().shape}, got {matrix.shape}"
            )
        if self.positive_first and matrix.shape == (2, 2):
            matrix = matrix[::-1, ::-1]
        image.set_data(matrix)
        if self.autoscale:
            image.set_clim(*_matrix_limits(matrix, self.vmin, self.vmax))
        _label_matrix_cells(self.texts, matrix, recolor=self.recolor_texts)


def _matrix_limits(
    matrix: np.ndarray, vmin: float | None, vmax: float | None
) -> tuple[float, float]:
    """Colour limits of the n x n image: the caller's, else 0 and the largest count (>= 1)."""
    low = 0.0 if vmin is None else vmin
    high = max(float(matrix.max()), 1.0) if vmax is None else vmax
    return low, high


def _binary_layout(positive_first: bool) -> list[list[str]]:
    """Outcome names by [row][column] (rows actual, columns predicted)."""
    if positive_first:
        return [["TP", "FN"], ["FP", "TN"]]
    return [["TN", "FP"], ["FN", "TP"]]


def _label_matrix_cells(
    texts: list[list[Text]], matrix: np.ndarray, *, recolor: bool = True
) -> None:
    threshold = matrix.max() / 2 if matrix.max() > 0 else np.inf
    for row, row_texts in enumerate(texts):
        for column, text in enumerate(row_texts):
            value = matrix[row, column]
            text.set_text(f"{value:g}")
            if recolor:
                text.set_color("white" if value > threshold else "black")


def plot_confusion_matrix(
    ax: Axes,
    counts: Counts | np.ndarray,
    *,
    display_labels: Sequence[object] | None = None,
    positive_first: bool | None = None,
    text_kw: dict[str, Any] | None = None,
    **kwargs: Any,
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
    display_labels : sequence, optional
        Class names written on the axes (scikit-learn's ``ConfusionMatrixDisplay`` calls them
        so), in the order of the matrix's rows: for an n x n array ``n`` names (default
        ``0 .. n-1``); for a :class:`~evalmetrics.Counts` two names, negative class first and
        positive class second, the order of sorted labels ``[0, 1]`` and of
        :meth:`evalmetrics.Counts.to_matrix` (default ``["negative", "positive"]``).
        ``positive_first`` moves the names with their rows and columns.
    positive_first : bool, optional
        Layout of a binary matrix. True puts the positive class first (TP top left, as most
        textbooks do); False follows sorted labels ``[0, 1]`` as
        :func:`evalmetrics.confusion_matrix` and scikit-learn print it (TN top left).
        Default: True for a :class:`~evalmetrics.Counts`, False for an array. For a 2x2
        array the second row and column are the positive class, so True draws the array
        reversed (with ``display_labels``); for a larger array there is no positive class and a
        given ``positive_first`` is ignored with a warning.
    text_kw : dict, optional
        Keywords for the cell texts (``matplotlib.axes.Axes.text``), overriding the defaults
        (centred; the outcome's text colour, or black/white by shade for the n x n matrix).
        A ``color`` given here is kept by ``update``.
    **kwargs
        Passed to the cells, overriding the defaults: to each
        ``matplotlib.patches.Rectangle`` of the 2x2 matrix (``edgecolor``, ``linewidth``,
        ``alpha`` ...; ``facecolor`` replaces all four outcome colours, ``color`` the
        faces and the edges), or to ``matplotlib.axes.Axes.imshow`` for the n x n matrix
        (``cmap``, ``alpha``, ``vmin``, ``vmax``, ``norm`` ...; colour limits given here are
        kept by ``update``, otherwise they follow the counts).

    Returns
    -------
    ConfusionMatrixArtists
        The cells and texts; ``update(new_counts)`` changes them in place.

    Raises
    ------
    ValueError
        If ``counts`` is not square or holds NaN, infinite or negative values, or
        ``display_labels`` has the wrong number of names.

    Warns
    -----
    UserWarning
        If ``positive_first`` is given for an n x n array with n > 2 (it is ignored).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> import evalmetrics as em
    >>> fig, ax = plt.subplots()
    >>> artists = plot_confusion_matrix(
    ...     ax, em.Counts(tp=8, fp=2, tn=85, fn=5), display_labels=["benign", "malignant"]
    ... )
    >>> artists.texts[0][0].get_text(), artists.texts[0][1].get_text()
    ('TP\\n8', 'FN\\n5')
    >>> [tick.get_text() for tick in ax.get_yticklabels()]
    ['malignant', 'benign']
    >>> artists.update(em.Counts(tp=9, fp=3, tn=84, fn=4))
    >>> artists.texts[0][0].get_text()
    'TP\\n9'
    >>> plt.close(fig)
    """
    text_style = cbook.normalize_kwargs(dict(text_kw or {}), Text)
    if isinstance(counts, Counts):
        positive_first = True if positive_first is None else bool(positive_first)
        layout = _binary_layout(positive_first)
        names = ["negative", "positive"] if display_labels is None else list(display_labels)
        if len(names) != 2:
            raise ValueError(
                f"display_labels has {len(names)} names for a 2x2 matrix of Counts; give two, the "
                "negative class first and the positive class second"
            )
        class_names = names[::-1] if positive_first else names
        cell_style = cbook.normalize_kwargs(dict(kwargs), Rectangle)
        cells: list[Rectangle] = []
        texts: list[list[Text]] = []
        for row, names in enumerate(layout):
            row_texts = []
            for column, name in enumerate(names):
                cell_defaults = {
                    "facecolor": OUTCOME_COLORS[name],
                    "edgecolor": "white",
                    "linewidth": LINE_WIDTH,
                }
                if "color" in cell_style:  # the caller's colour of faces and edges wins
                    del cell_defaults["facecolor"], cell_defaults["edgecolor"]
                cell = Rectangle(
                    (column - 0.5, row - 0.5), 1, 1, **_style(cell_defaults, cell_style, Rectangle)
                )
                ax.add_patch(cell)
                cells.append(cell)
                value = getattr(counts, name.lower())
                text_defaults = {
                    "ha": "center",
                    "va": "center",
                    "color": OUTCOME_TEXT_COLORS[name],
                    "fontsize": "large",
                }
                row_texts.append(
                    ax.text(
                        column, row, f"{name}\n{value}", **_style(text_defaults, text_style, Text)
                    )
                )
            texts.append(row_texts)
        size = 2
        artists = ConfusionMatrixArtists(cells, texts, binary=True, positive_first=positive_first)
    else:
        matrix = check_square_counts(counts)
        size = matrix.shape[0]
        class_names = list(range(size)) if display_labels is None else list(display_labels)
        if len(class_names) != size:
            raise ValueError(
                f"display_labels has {len(class_names)} names for a {size} x {size} matrix"
            )
        if size != 2 and positive_first is not None:
            warnings.warn(
                f"positive_first is ignored for a {size} x {size} matrix: it has no positive "
                "class (the order of its rows is the order of display_labels)",
                UserWarning,
                stacklevel=2,
            )
        reverse = size == 2 and bool(positive_first)
        if reverse:  # the second row and column are the positive class
            matrix = matrix[::-1, ::-1]
            class_names = class_names[::-1]
        image_style = dict(kwargs)
        vmin, vmax = image_style.get("vmin"), image_style.get("vmax")
        autoscale = image_style.get("norm") is None
        image_defaults = {"cmap": _MATRIX_COLORMAP, "interpolation": "nearest"}
        if autoscale:  # matplotlib refuses vmin/vmax together with a norm
            image_defaults["vmin"], image_defaults["vmax"] = _matrix_limits(matrix, vmin, vmax)
        image = ax.imshow(matrix, **{**image_defaults, **image_style})
        text_defaults = {"ha": "center", "va": "center"}
        texts = [
            [
                ax.text(column, row, "", **_style(text_defaults, text_style, Text))
                for column in range(size)
            ]
            for row in range(size)
        ]
        keep_color = "color" in text_style
        _label_matrix_cells(texts, matrix, recolor=not keep_color)
        artists = ConfusionMatrixArtists(
            image,
            texts,
            binary=False,
            positive_first=reverse,
            recolor_texts=not keep_color,
            vmin=vmin,
            vmax=vmax,
            autoscale=autoscale,
        )
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
    _: KW_ONLY
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
    *,
    threshold: float,
    bins: int | Sequence[float] | np.ndarray = 40,
    pos_label: object = 1,
    mirrored: bool = True,
    legend: bool = True,
    scale: str = "count",
    threshold_kw: dict[str, Any] | None = None,
    outline_kw: dict[str, Any] | None = None,
    **kwargs: Any,
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
    threshold_kw : dict, optional
        Keywords for the threshold line (``matplotlib.axes.Axes.axvline``), overriding the
        defaults (black, dashed, ``lw=2``).
    outline_kw : dict, optional
        Keywords for the thin outlines of the two histograms and the zero line
        (``matplotlib.lines.Line2D``), overriding the defaults (black, ``lw=0.8``).
    **kwargs
        Passed to each of the four shaded regions (``matplotlib.patches.Polygon``), overriding
        the defaults: ``alpha``, ``edgecolor``, ``hatch``, ``zorder`` ... ``facecolor`` (or
        ``color``) replaces all four outcome colours; the legend of the outcomes is then not
        drawn, with a warning unless ``legend=False``.

    Returns
    -------
    ScoreDistributionArtists
        The regions and the line; ``update(threshold)`` moves them in place.

    Warns
    -----
    UserWarning
        If ``facecolor`` or ``color`` is given with ``legend=True`` (the legend is left out).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> artists = plot_score_distributions(
    ...     ax, [0, 0, 1, 1], [0.1, 0.6, 0.4, 0.9], threshold=0.5, bins=[0, 0.5, 1]
    ... )
    >>> artists.positive_heights, artists.negative_heights
    (array([1, 1]), array([1, 1]))
    >>> artists.update(0.0)
    >>> artists.threshold_line.get_xdata()
    [0.0, 0.0]
    >>> plt.close(fig)
    """
    labels = as_labels(y_true, "y_true")
    scores = check_finite_scores(y_score, "y_score")
    check_consistent_length(y_true=labels, y_score=scores)
    pos_label = check_pos_label(pos_label)
    check_binary_classes(
        np.unique(labels),
        pos_label,
        source="y_true",
        hint="the histogram splits the scores into two classes",
    )
    threshold = check_threshold(threshold)
    check_option(scale, "scale", ("count", "share"))
    is_positive = label_mask(labels, pos_label)
    if np.ndim(bins) == 0:
        low, high = float(scores.min()), float(scores.max())
        if high == low:
            low, high = low - 0.5, high + 0.5
        edges = np.linspace(low, high, int(bins) + 1)
    else:
        edges = np.asarray(bins, dtype=np.float64)
        if edges.ndim != 1 or edges.size < 2 or np.any(np.diff(edges) <= 0):
            raise ValueError("bins must be an int or at least two strictly increasing edges")
    # counted by binary search, not np.histogram (which sorts): the figure sorts nothing
    positive_heights = _histogram_counts(scores[is_positive], edges)
    negative_heights = _histogram_counts(scores[~is_positive], edges)
    if scale == "share":
        positive_heights = positive_heights / max(int(positive_heights.sum()), 1)
        negative_heights = negative_heights / max(int(negative_heights.sum()), 1)
    region_style = cbook.normalize_kwargs(dict(kwargs), Polygon)
    color_key = _fixed_face_color(region_style)
    regions = {}
    for name in OUTCOMES:
        region_defaults = {
            "facecolor": OUTCOME_COLORS[name],
            "edgecolor": "none",
            "label": f"{name} ({OUTCOME_NAMES[name]})",
        }
        if color_key == "color":  # the caller's colour of faces and edges wins
            del region_defaults["facecolor"], region_defaults["edgecolor"]
        regions[name] = Polygon(
            np.zeros((3, 2)), closed=True, **_style(region_defaults, region_style, Polygon)
        )
    for region in regions.values():
        ax.add_patch(region)
    sign = -1.0 if mirrored else 1.0
    # thin outlines of the two whole histograms, so the shape stays visible across the threshold
    outline_style = _style({"color": "black", "linewidth": 0.8}, outline_kw, Line2D)
    outlines = []
    for heights, direction in ((positive_heights, 1.0), (negative_heights, sign)):
        outline = _step_outline(edges, heights, float(edges[0]), float(edges[-1]), sign=direction)
        outlines += ax.plot(outline[:, 0], outline[:, 1], **outline_style)
    outlines.append(ax.axhline(0.0, **outline_style))
    threshold_line = ax.axvline(
        threshold,
        **_style(
            {"color": "black", "linewidth": LINE_WIDTH, "linestyle": "--"}, threshold_kw, Line2D
        ),
    )
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
        edges=edges,
        positive_heights=positive_heights,
        negative_heights=negative_heights,
        mirrored=mirrored,
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
    if legend and color_key is not None:
        _warn_outcome_legend_dropped(color_key)
    elif legend:
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
    chance : matplotlib.lines.Line2D or None
        The chance line (ROC diagonal, or the PR prevalence baseline); None when it was not
        drawn (``chance=False``).
    point : matplotlib.lines.Line2D or None
        The movable point (a single marker; hidden while its coordinates are NaN); None when
        no ``point`` was given.
    """

    curve: Line2D
    _: KW_ONLY
    chance: Line2D | None = None
    point: Line2D | None = None

    def move_point(self, x: float, y: float) -> None:
        """Move the point to ``(x, y)``; NaN hides it (for example undefined precision).

        Raises
        ------
        ValueError
            If the plot was drawn without a point (``point=None``): there is nothing to move.
            Pass ``point=(x, y)`` when drawing (``(nan, nan)`` draws it hidden) to move it later.
        """
        if self.point is None:
            raise ValueError(
                "this curve was drawn without a point, so there is none to move; pass "
                "point=(x, y) to the plot function (point=(nan, nan) draws it hidden)"
            )
        self.point.set_data([float(x)], [float(y)])


def _point_marker(
    ax: Axes, point: tuple[float, float] | None, point_kw: dict[str, Any] | None
) -> Line2D | None:
    if point is None:
        if point_kw:
            warnings.warn(
                "point_kw is ignored when no point is given (point=None)", UserWarning, stacklevel=3
            )
        return None
    x, y = (float(value) for value in point)
    defaults = {
        "marker": "o",
        "markersize": 9,
        "color": HIGHLIGHT_COLOR,
        "markeredgecolor": "black",
        "markeredgewidth": 1.2,
        "linestyle": "none",
        "zorder": 5,
        "label": "current threshold",
    }
    (marker,) = ax.plot([x], [y], **_style(defaults, point_kw, Line2D))
    return marker


def _chance_line(
    ax: Axes,
    x: list[float],
    y: list[float],
    *,
    chance: bool,
    chance_kw: dict[str, Any] | None,
    label: str,
) -> Line2D | None:
    if not chance:
        if chance_kw:
            warnings.warn("chance_kw is ignored when chance=False", UserWarning, stacklevel=3)
        return None
    defaults = {
        "color": CHANCE_COLOR,
        "linewidth": LINE_WIDTH,
        "linestyle": ":",
        "label": label,
    }
    (line,) = ax.plot(x, y, **_style(defaults, chance_kw, Line2D))
    return line


def _curve_values(values: object, name: str, *, allow_nan: bool = False) -> np.ndarray:
    """Rates as a 1-D float array, each finite and in [0, 1] (the error names ``name`` and
    the first bad index). With ``allow_nan`` NaN is accepted: an undefined rate (precision
    where nothing is predicted positive) is not drawn."""
    array = as_1d(values, name)
    if array.dtype == bool or not np.issubdtype(array.dtype, np.number):
        raise TypeError(f"{name} must be numeric, got values of type {array.dtype}")
    array = array.astype(np.float64)
    check_unit_values(np.where(np.isnan(array), 0.0, array) if allow_nan else array, name)
    return array


def _order_by_recall(recall: np.ndarray) -> np.ndarray | slice:
    """The order of increasing recall, sweep order kept among equal recalls, sorting only if
    need be: the sweep's order (thresholds descending, as :func:`evalmetrics.pr_curve` and
    ``Sweep.recall`` give it) already has recall non-decreasing, and scikit-learn's
    ``precision_recall_curve`` gives the reverse; either costs one pass, not a sort."""
    steps = np.diff(recall)
    if np.all(steps >= 0):
        return slice(None)
    if np.all(steps <= 0):
        return slice(None, None, -1)
    return np.argsort(recall, kind="stable")  # any other order: stable keeps the given order


def plot_roc_curve(
    ax: Axes,
    fpr: Sequence[float] | np.ndarray,
    tpr: Sequence[float] | np.ndarray,
    *,
    point: tuple[float, float] | None = None,
    label: str | None = None,
    chance: bool = True,
    chance_kw: dict[str, Any] | None = None,
    point_kw: dict[str, Any] | None = None,
    **kwargs: Any,
) -> CurveArtists:
    """Draw a ROC curve (square, with the chance diagonal), and a movable point if asked.

    Consecutive points are joined by straight segments, so the area under the drawn curve is
    the trapezoid AUC of :func:`evalmetrics.roc_auc`.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    fpr, tpr : array-like
        False and true positive rates, as returned by :func:`evalmetrics.roc_curve`: equal
        lengths, each value finite and in [0, 1].
    point : (float, float), optional
        ``(fpr, tpr)`` of the current threshold, drawn as a marker that ``move_point`` moves
        later (``(nan, nan)`` draws it hidden). None (default): no marker, and
        ``CurveArtists.point`` is None.
    label : str, optional
        Legend label of the curve.
    chance : bool, default True
        Draw the chance diagonal (``CurveArtists.chance`` is None otherwise).
    chance_kw : dict, optional
        Keywords for the diagonal (``matplotlib.axes.Axes.plot``), overriding the defaults
        (grey, dotted, ``lw=2``, label "chance").
    point_kw : dict, optional
        Keywords for the marker, overriding the defaults (reddish purple circle, label
        "current threshold"; ``label=None`` leaves it out of the legend).
    **kwargs
        Passed to the curve's ``matplotlib.axes.Axes.plot``, overriding the defaults (black,
        ``lw=2``): ``color``, ``linestyle``, ``alpha``, ``zorder``, ``marker`` ...

    Returns
    -------
    CurveArtists
        Curve, diagonal and point (None for what was not drawn).

    Raises
    ------
    TypeError
        If ``fpr`` or ``tpr`` is not numeric.
    ValueError
        If ``fpr`` or ``tpr`` holds a value outside [0, 1] (NaN and infinity too; the
        message names the array and the index) or their lengths differ.

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
    >>> plain = plot_roc_curve(ax, [0, 1], [0, 1], chance=False, color="C1", ls="--")
    >>> plain.chance is None and plain.point is None, plain.curve.get_linestyle()
    (True, '--')
    >>> plt.close(fig)
    """
    fpr = _curve_values(fpr, "fpr")
    tpr = _curve_values(tpr, "tpr")
    check_consistent_length(fpr=fpr, tpr=tpr)
    chance_line = _chance_line(
        ax, [0, 1], [0, 1], chance=chance, chance_kw=chance_kw, label="chance"
    )
    defaults = {"color": CURVE_COLOR, "linewidth": LINE_WIDTH, "label": label}
    (curve,) = ax.plot(fpr, tpr, **_style(defaults, kwargs, Line2D))
    marker = _point_marker(ax, point, point_kw)
    _square_unit_axes(ax)
    ax.set_xlabel("false positive rate")
    ax.set_ylabel("true positive rate (recall)")
    return CurveArtists(curve, chance=chance_line, point=marker)


def plot_pr_curve(
    ax: Axes,
    precision: Sequence[float] | np.ndarray,
    recall: Sequence[float] | np.ndarray,
    *,
    prevalence: float | None = None,
    point: tuple[float, float] | None = None,
    label: str | None = None,
    chance: bool = True,
    chance_kw: dict[str, Any] | None = None,
    point_kw: dict[str, Any] | None = None,
    **kwargs: Any,
) -> CurveArtists:
    """Draw a precision-recall curve (square, with the prevalence baseline), and a point if asked.

    The curve is drawn as steps: with the points ordered by increasing recall, each precision
    holds over the recall interval that ends at its point, so the area under the steps is
    the step-wise average precision of :func:`evalmetrics.average_precision`. For the drawing
    only, the first step starts at recall 0. Points whose precision is undefined (NaN, such as
    ``Sweep.precision[0]``, where nothing is predicted positive) are not drawn.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    precision, recall : array-like
        As returned by :func:`evalmetrics.pr_curve`: equal lengths, each value in [0, 1]
        (precision may be NaN where it is undefined). Any order: the order of
        :func:`evalmetrics.pr_curve` and of a :class:`~evalmetrics.Sweep` (recall
        non-decreasing) and its reverse are used as they are, any other order is sorted by
        recall.
    prevalence : float, optional
        Share of positives: the precision of a classifier that guesses at random, drawn as
        the chance line. Needed unless ``chance=False``.
    point : (float, float), optional
        ``(recall, precision)`` of the current threshold (x first, like the axes), drawn as a
        marker that ``move_point`` moves later (``(nan, nan)`` draws it hidden). None
        (default): no marker, and ``CurveArtists.point`` is None.
    label : str, optional
        Legend label of the curve.
    chance : bool, default True
        Draw the prevalence line (``CurveArtists.chance`` is None otherwise).
    chance_kw : dict, optional
        Keywords for the prevalence line, overriding the defaults (grey, dotted, ``lw=2``,
        label "chance (prevalence)").
    point_kw : dict, optional
        Keywords for the marker, overriding the defaults (reddish purple circle, label
        "current threshold"; ``label=None`` leaves it out of the legend).
    **kwargs
        Passed to the curve's ``matplotlib.axes.Axes.plot``, overriding the defaults (black,
        ``lw=2``, ``drawstyle="steps-pre"``): ``color``, ``linestyle``, ``alpha``, ``zorder``,
        ``drawstyle`` ...

    Returns
    -------
    CurveArtists
        Curve, baseline and point (None for what was not drawn).

    Raises
    ------
    TypeError
        If ``precision`` or ``recall`` is not numeric.
    ValueError
        If ``recall`` holds a value outside [0, 1] (NaN and infinity too), ``precision`` one
        outside [0, 1] other than NaN, their lengths differ, or precision is NaN everywhere.

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
    >>> artists.point is None
    True
    >>> plt.close(fig)
    """
    precision = _curve_values(precision, "precision", allow_nan=True)
    recall = _curve_values(recall, "recall")
    check_consistent_length(precision=precision, recall=recall)
    if chance:
        if prevalence is None:
            raise ValueError(
                "prevalence is needed to draw the chance line; pass prevalence= (the share of "
                "positives) or chance=False"
            )
        prevalence = check_in_interval(prevalence, "prevalence", 0.0, 1.0)
    elif prevalence is not None:
        warnings.warn(
            "prevalence is ignored when chance=False (it only places the chance line)",
            UserWarning,
            stacklevel=2,
        )
    defined = ~np.isnan(precision)
    if not defined.any():
        raise ValueError("precision is NaN everywhere; there is no curve to draw")
    precision, recall = precision[defined], recall[defined]
    order = _order_by_recall(recall)  # no sort for the sweep's order: one sort per figure
    recall_sorted = np.concatenate([[0.0], recall[order]])
    precision_sorted = np.concatenate([[precision[order][0]], precision[order]])
    chance_line = _chance_line(
        ax,
        [0, 1],
        [prevalence, prevalence],
        chance=chance,
        chance_kw=chance_kw,
        label="chance (prevalence)",
    )
    defaults = {
        "color": CURVE_COLOR,
        "linewidth": LINE_WIDTH,
        "drawstyle": "steps-pre",
        "label": label,
    }
    (curve,) = ax.plot(recall_sorted, precision_sorted, **_style(defaults, kwargs, Line2D))
    marker = _point_marker(ax, point, point_kw)
    _square_unit_axes(ax)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    return CurveArtists(curve, chance=chance_line, point=marker)


# --------------------------------------------------------------------------- F-beta iso-curves


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
    _: KW_ONLY
    levels: tuple[float, ...]
    recall: np.ndarray
    beta: float = field(default=np.nan)

    def update(self, beta: float) -> None:
        """Redraw the iso-curves for a new beta."""
        beta = check_beta(beta)
        beta_squared = beta**2
        for level, line, text in zip(self.levels, self.lines, self.labels, strict=True):
            precision = fbeta_isocurve(self.recall, beta=beta, level=level)
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
    *,
    beta: float,
    levels: Sequence[float] = (0.2, 0.4, 0.6, 0.8),
    n_points: int = 400,
    label_kw: dict[str, Any] | None = None,
    **kwargs: Any,
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
    label_kw : dict, optional
        Keywords for the level labels (``matplotlib.text.Text``), overriding the defaults
        (dark grey, small). Their position and alignment follow beta, so ``x``, ``y``,
        ``position``, ``ha`` and ``va`` given here are ignored with a warning.
    **kwargs
        Passed to every iso-line's ``matplotlib.axes.Axes.plot``, overriding the defaults
        (grey, ``lw=1``): ``color``, ``linestyle``, ``alpha``, ``zorder`` ...

    Returns
    -------
    IsoCurveArtists
        Lines and labels; ``update(beta)`` redraws them.

    Warns
    -----
    UserWarning
        If ``label_kw`` sets what ``update`` places (position or alignment).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> artists = plot_fbeta_isocurves(ax, beta=1.0, levels=[0.5])
    >>> artists.labels[0].get_text()
    'F=0.5'
    >>> plt.close(fig)
    """
    beta = check_beta(beta)
    levels = tuple(check_in_interval(level, "levels", 0.0, 1.0, low_open=True) for level in levels)
    n_points = check_positive_int(n_points, "n_points", minimum=2)
    recall = np.linspace(0.0, 1.0, n_points)
    line_style = _style({"color": CHANCE_COLOR, "linewidth": 1.0}, kwargs, Line2D)
    label_style = _style(
        {"color": "#555555", "fontsize": "small", "clip_on": False}, label_kw, Text
    )
    placed = ("x", "y", "position", "horizontalalignment", "verticalalignment")
    overridden = [key for key in placed if key in label_style]
    if overridden:
        warnings.warn(
            f"label_kw sets {', '.join(overridden)}, which the labels ignore: they are placed "
            "where each iso-curve leaves the square, and move with beta",
            UserWarning,
            stacklevel=2,
        )
        for key in overridden:
            del label_style[key]
    lines = []
    labels = []
    for level in levels:
        (line,) = ax.plot(recall, recall, **line_style)
        lines.append(line)
        labels.append(ax.text(1.03, 0.0, f"F={level:g}", **label_style))
    artists = IsoCurveArtists(lines, labels, levels=levels, recall=recall)
    artists.update(beta)
    _square_unit_axes(ax)
    ax.set_xlabel("recall")
    ax.set_ylabel("precision")
    return artists


# --------------------------------------------------------------------------- decision curves

__all__ += ["DecisionCurveArtists", "plot_decision_curve"]


@dataclass
class DecisionCurveArtists:
    """Artists of :func:`plot_decision_curve`.

    Attributes
    ----------
    curve : matplotlib.lines.Line2D
        The model's net benefit.
    treat_all : matplotlib.lines.Line2D or None
        The net benefit of treating everybody; None when ``net_benefit_all`` was not given.
    treat_none : matplotlib.lines.Line2D or None
        The net benefit of treating nobody (0); None when ``treat_none=False``.
    """

    curve: Line2D
    _: KW_ONLY
    treat_all: Line2D | None = None
    treat_none: Line2D | None = None


def plot_decision_curve(
    ax: Axes,
    thresholds: Sequence[float] | np.ndarray,
    net_benefit: Sequence[float] | np.ndarray,
    net_benefit_all: Sequence[float] | np.ndarray | None = None,
    *,
    label: str | None = None,
    treat_none: bool = True,
    all_kw: dict[str, Any] | None = None,
    none_kw: dict[str, Any] | None = None,
    **kwargs: Any,
) -> DecisionCurveArtists:
    """Draw a decision curve: net benefit against threshold probability, with treat-all and
    treat-none.

    The values come from :func:`evalmetrics.stats.decision_curve`, whose result unpacks in
    this order: ``plot_decision_curve(ax, *st.decision_curve(y_true, y_score))``. The y-axis
    runs from a little below 0 to a little above the highest net benefit drawn, so the
    treat-all line, which falls without bound as the threshold nears 1, leaves the plot
    below (set ``ax.set_ylim`` afterwards to see more).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    thresholds : array-like
        Threshold probabilities, each in [0, 1].
    net_benefit : array-like
        The model's net benefit at each threshold, finite.
    net_benefit_all : array-like, optional
        The net benefit of treating everybody at each threshold; drawn when given
        (``DecisionCurveArtists.treat_all`` is None otherwise).
    label : str, optional
        Legend label of the model's curve.
    treat_none : bool, default True
        Draw the treat-none line at net benefit 0.
    all_kw, none_kw : dict, optional
        Keywords for the treat-all and treat-none lines (``matplotlib.axes.Axes.plot``),
        overriding the defaults (grey, ``lw=2``, dashed and dotted, labels "treat all" and
        "treat none").
    **kwargs
        Passed to the model curve's ``matplotlib.axes.Axes.plot``, overriding the defaults
        (black, ``lw=2``): ``color``, ``linestyle``, ``alpha``, ``zorder``, ``marker`` ...

    Returns
    -------
    DecisionCurveArtists
        The model's curve and the two reference lines (None for what was not drawn).

    Raises
    ------
    TypeError
        If an array is not numeric.
    ValueError
        If a threshold lies outside [0, 1], a net benefit is NaN or infinite (the message
        names the array and the index), or the lengths differ.

    Warns
    -----
    UserWarning
        If ``all_kw`` is given without ``net_benefit_all``, or ``none_kw`` with
        ``treat_none=False``.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> artists = plot_decision_curve(
    ...     ax, [0.1, 0.2, 0.3], [0.25, 0.2, 0.18], [0.22, 0.125, 0.0], label="model"
    ... )
    >>> artists.treat_all.get_label(), artists.treat_none.get_ydata().tolist()
    ('treat all', [0.0, 0.0])
    >>> plt.close(fig)
    """
    x = check_unit_values(as_1d(thresholds, "thresholds"), "thresholds")
    model = check_finite_scores(net_benefit, "net_benefit")
    check_consistent_length(thresholds=x, net_benefit=model)
    reference = None
    if net_benefit_all is not None:
        reference = check_finite_scores(net_benefit_all, "net_benefit_all")
        check_consistent_length(thresholds=x, net_benefit_all=reference)
    elif all_kw:
        warnings.warn(
            "all_kw is ignored when net_benefit_all is not given", UserWarning, stacklevel=2
        )
    if not treat_none and none_kw:
        warnings.warn("none_kw is ignored when treat_none=False", UserWarning, stacklevel=2)
    x_range = [float(x.min()), float(x.max())]
    none_line = None
    if treat_none:
        none_style = {
            "color": CHANCE_COLOR,
            "linewidth": LINE_WIDTH,
            "linestyle": ":",
            "label": "treat none",
        }
        (none_line,) = ax.plot(x_range, [0.0, 0.0], **_style(none_style, none_kw, Line2D))
    all_line = None
    if reference is not None:
        all_style = {
            "color": CHANCE_COLOR,
            "linewidth": LINE_WIDTH,
            "linestyle": "--",
            "label": "treat all",
        }
        (all_line,) = ax.plot(x, reference, **_style(all_style, all_kw, Line2D))
    defaults = {"color": CURVE_COLOR, "linewidth": LINE_WIDTH, "label": label}
    (curve,) = ax.plot(x, model, **_style(defaults, kwargs, Line2D))
    highest = max(float(model.max()), float(reference.max()) if reference is not None else 0.0)
    top = highest if highest > 0 else 0.05  # nothing above 0: still show the 0 line
    ax.set_ylim(-0.2 * top, 1.1 * top)
    if x_range[0] < x_range[1]:
        ax.set_xlim(*x_range)
    ax.set_xlabel("threshold probability")
    ax.set_ylabel("net benefit")
    return DecisionCurveArtists(curve, treat_all=all_line, treat_none=none_line)


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
    outcome_colors : bool
        Whether the bars take the outcome colours (and ``update`` recolours them); False when
        the caller gave the bars' colour (``facecolor`` or ``color``), which then stays.
    """

    items: PolyCollection
    cutoff: Line2D
    cutoff_label: Text
    _: KW_ONLY
    rels: np.ndarray
    k: int
    outcome_colors: bool = True

    def update(
        self, *, rels: Sequence[float] | np.ndarray | None = None, k: int | None = None
    ) -> None:
        """Show new grades and/or a new cut-off K."""
        if rels is not None:
            new_rels = check_ranked_list(rels)
            if new_rels.size != self.rels.size:
                raise ValueError(f"rels must keep its length {self.rels.size}, got {new_rels.size}")
            self.rels = new_rels
            self.items.set_verts(_item_bars(self.rels))
        if k is not None:
            self.k = check_k(k, "k", at_most=self.rels.size, at_most_is="the length of rels")
        if self.outcome_colors:
            self.items.set_facecolor(_item_colors(self.rels, self.k))
        self.cutoff.set_xdata([self.k + 0.5, self.k + 0.5])
        self.cutoff_label.set_x(self.k + 0.5)
        self.cutoff_label.set_text(f"K = {self.k}")


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
    ax: Axes,
    rels: Sequence[float] | np.ndarray,
    *,
    k: int,
    legend: bool = True,
    cutoff_kw: dict[str, Any] | None = None,
    **kwargs: Any,
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
    cutoff_kw : dict, optional
        Keywords for the cut-off line (``matplotlib.axes.Axes.axvline``), overriding the
        defaults (black, dashed, ``lw=2``).
    **kwargs
        Passed to the bars (``matplotlib.collections.PolyCollection``), overriding the
        defaults: ``edgecolor``, ``linewidth``, ``alpha``, ``hatch``, ``zorder`` ... By
        default the face colours are the outcome colours and follow ``update``; a
        ``facecolor`` (one colour, or one per bar) or ``color`` given here replaces them and
        is kept by ``update``, and the legend of the outcomes is then not drawn, with a
        warning unless ``legend=False``.

    Returns
    -------
    RankedListArtists
        Bars, cut-off line and label; ``update(rels=..., k=...)`` changes them in place.

    Warns
    -----
    UserWarning
        If ``facecolor`` or ``color`` is given with ``legend=True`` (the legend is left out).

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
    grades = check_ranked_list(rels)
    k = check_k(k, "k", at_most=grades.size, at_most_is="the length of rels")
    bar_style = cbook.normalize_kwargs(dict(kwargs), PolyCollection)
    color_key = _fixed_face_color(bar_style)
    bar_defaults = {} if color_key == "color" else {"edgecolor": "none"}
    items = PolyCollection(_item_bars(grades), **_style(bar_defaults, bar_style, PolyCollection))
    ax.add_collection(items)
    cutoff = ax.axvline(
        k + 0.5,
        **_style({"color": "black", "linewidth": LINE_WIDTH, "linestyle": "--"}, cutoff_kw, Line2D),
    )
    top = max(float(grades.max()), 1.0)
    cutoff_label = ax.text(
        k + 0.5,
        1.12 * top,
        f"K = {k}",
        ha="center",
        va="bottom",
        fontsize="small",
        # on an opaque box, so the cut-off line does not strike through the text
        bbox={"facecolor": "white", "edgecolor": "none", "pad": 1.0},
        zorder=3,
    )
    artists = RankedListArtists(
        items, cutoff, cutoff_label, rels=grades, k=k, outcome_colors=color_key is None
    )
    artists.update(k=k)
    ax.set_xlim(0.4, grades.size + 0.6)
    ax.set_ylim(0, 1.35 * top)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("rank")
    ax.set_ylabel("grade")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    if legend and color_key is not None:
        _warn_outcome_legend_dropped(color_key)
    elif legend:
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


# --------------------------------------------------------------------------- critical differences

__all__ += ["CriticalDifferenceArtists", "plot_critical_difference"]

_CD_TICK = 0.1  # height of the rank ticks above the axis line (data units)
_CD_GROUP_STEP = 0.1  # vertical distance between two group bars
_CD_ROW_STEP = 0.25  # vertical distance between two name rows


@dataclass
class CriticalDifferenceArtists:
    """Artists of :func:`plot_critical_difference`.

    Attributes
    ----------
    axis : matplotlib.lines.Line2D
        The rank axis.
    ticks : list of matplotlib.lines.Line2D
        One tick per whole rank.
    tick_labels : list of matplotlib.text.Text
        The ranks written above the ticks.
    elbows : list of matplotlib.lines.Line2D
        One line per algorithm, from its average rank on the axis down to its name (in the
        order of ``average_ranks``).
    labels : list of matplotlib.text.Text
        The names, with the average ranks (in the order of ``average_ranks``).
    groups : list of matplotlib.lines.Line2D
        One thick bar per group of algorithms that do not differ significantly (empty without
        ``critical_difference``).
    cd_bar : matplotlib.lines.Line2D or None
        The critical difference drawn to scale above the axis; None without
        ``critical_difference`` or with ``cd_bar=False``.
    cd_label : matplotlib.text.Text or None
        Its label, "CD = ...".
    group_members : list of tuple of int
        The columns each bar joins (:func:`evalmetrics.stats.nonsignificant_groups`).
    """

    axis: Line2D
    ticks: list[Line2D]
    tick_labels: list[Text]
    elbows: list[Line2D]
    labels: list[Text]
    _: KW_ONLY
    groups: list[Line2D] = field(default_factory=list)
    cd_bar: Line2D | None = None
    cd_label: Text | None = None
    group_members: list[tuple[int, ...]] = field(default_factory=list)


def plot_critical_difference(
    ax: Axes,
    average_ranks: Sequence[float] | np.ndarray,
    *,
    critical_difference: float | None,
    display_labels: Sequence[str] | None = None,
    show_ranks: bool = True,
    cd_bar: bool = True,
    group_kw: dict[str, Any] | None = None,
    label_kw: dict[str, Any] | None = None,
    cd_kw: dict[str, Any] | None = None,
    **kwargs: Any,
) -> CriticalDifferenceArtists:
    """Draw Demšar's critical-difference diagram of the algorithms' average ranks.

    The average ranks (1 = best) lie on a horizontal axis, best on the left; a line leads
    from each algorithm's rank down to its name, the better half's names on the left, the
    others on the right. A thick bar joins each group of algorithms whose average ranks lie
    within less than ``critical_difference`` of each other, which therefore do not differ
    significantly (:func:`evalmetrics.stats.nonsignificant_groups`), and the critical
    difference itself is drawn to scale above the axis (Demšar 2006, figure 1).

    The diagram is drawn in data coordinates with the Axes' frame and ticks turned off; the
    x-limits leave room for the names on either side. Give the figure a width of about 7
    inches for names of up to about 15 characters.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    average_ranks : array-like of shape (n_algorithms,)
        From :func:`evalmetrics.stats.average_ranks` or a test result's ``average_ranks``;
        each in [1, k].
    critical_difference : float or None
        From :func:`evalmetrics.stats.critical_difference` or a result's
        ``critical_difference`` (Nemenyi's for all pairs); None draws the ranks only.
    display_labels : sequence of str, optional
        The algorithms' names, in the order of ``average_ranks``; default "0", "1", ...
    show_ranks : bool, default True
        Write each average rank after (left side: before) its name.
    cd_bar : bool, default True
        Draw the critical difference above the axis.
    group_kw : dict, optional
        Keywords for the group bars (``matplotlib.axes.Axes.plot``), overriding the defaults
        (black, ``lw=4``).
    label_kw : dict, optional
        Keywords for the names (``matplotlib.text.Text``), overriding the defaults (black,
        "small"). Their position and alignment are the diagram's; ``x``, ``y``, ``position``,
        ``ha`` and ``va`` given here are ignored with a warning.
    cd_kw : dict, optional
        Keywords for the critical-difference bar (black, ``lw=2``).
    **kwargs
        Passed to each algorithm's line (``matplotlib.axes.Axes.plot``), overriding the
        defaults (black, ``lw=1``).

    Returns
    -------
    CriticalDifferenceArtists

    Raises
    ------
    ValueError
        Fewer than 2 ranks, NaN or infinity, a rank outside [1, k] (scores passed instead of
        ranks), labels of the wrong length, a negative ``critical_difference``.

    Warns
    -----
    UserWarning
        If ``label_kw`` sets what the diagram places, or ``cd_kw`` is given with no bar drawn.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(7, 2.5))
    >>> artists = plot_critical_difference(
    ...     ax, [1.0, 2.125, 2.875], critical_difference=1.657, display_labels=["A", "B", "C"]
    ... )
    >>> artists.group_members, artists.labels[0].get_text()
    ([(0, 1), (1, 2)], 'A (1.00)')
    >>> plt.close(fig)
    """
    from evalmetrics.stats import nonsignificant_groups

    ranks = check_finite_scores(average_ranks, "average_ranks")
    k = ranks.shape[0]
    if k < 2:
        raise ValueError(f"average_ranks must hold at least 2 values; got {k}")
    outside = (ranks < 1 - 1e-9) | (ranks > k + 1e-9)
    if outside.any():
        index = int(np.flatnonzero(outside)[0])
        raise ValueError(
            f"average_ranks must lie in [1, {k}] (average ranks of {k} algorithms); got "
            f"{ranks[index]!r} at index {index}. Pass ranks, not scores: "
            "evalmetrics.stats.average_ranks(scores)"
        )
    if display_labels is None:
        names = [str(i) for i in range(k)]
    else:
        names = [str(name) for name in as_1d(display_labels, "display_labels")]
        if len(names) != k:
            raise ValueError(
                f"display_labels must name each of the {k} algorithms; got {len(names)} labels"
            )
    if critical_difference is not None:
        critical_difference = check_in_interval(
            critical_difference, "critical_difference", 0.0, np.inf, high_open=True
        )
    draw_cd = critical_difference is not None and cd_bar
    if cd_kw is not None and not draw_cd:
        warnings.warn(
            "cd_kw is ignored: no critical-difference bar is drawn", UserWarning, stacklevel=2
        )

    line_style = _style({"color": CURVE_COLOR, "linewidth": 1.0}, kwargs, Line2D)
    group_style = _style(
        {"color": CURVE_COLOR, "linewidth": 4.0, "solid_capstyle": "butt"}, group_kw, Line2D
    )
    cd_style = _style({"color": CURVE_COLOR, "linewidth": LINE_WIDTH}, cd_kw, Line2D)
    text_style = _style({"color": CURVE_COLOR, "fontsize": "small"}, label_kw, Text)
    placed = ("x", "y", "position", "horizontalalignment", "verticalalignment")
    overridden = [key for key in placed if key in text_style]
    if overridden:
        warnings.warn(
            f"label_kw sets {', '.join(overridden)}, which the names ignore: the diagram "
            "places them",
            UserWarning,
            stacklevel=2,
        )
        for key in overridden:
            del text_style[key]

    low, high = 1, k
    span = high - low
    axis = ax.plot([low, high], [0.0, 0.0], color=CURVE_COLOR, linewidth=1.0)[0]
    ticks, tick_labels = [], []
    for rank in range(low, high + 1):
        ticks.append(ax.plot([rank, rank], [0.0, _CD_TICK], color=CURVE_COLOR, lw=1.0)[0])
        tick_labels.append(
            ax.text(rank, 1.5 * _CD_TICK, str(rank), ha="center", va="bottom", fontsize="small")
        )

    members = (
        []
        if critical_difference is None
        else nonsignificant_groups(ranks, critical_difference=critical_difference)
    )
    groups = []
    for level, group in enumerate(members):
        y = -(level + 1) * _CD_GROUP_STEP
        span_ranks = ranks[list(group)]
        groups.append(
            ax.plot([span_ranks.min() - 0.03, span_ranks.max() + 0.03], [y, y], **group_style)[0]
        )

    order = np.argsort(ranks, kind="stable")
    n_left = (k + 1) // 2  # the better half, on the left
    first_row = -(len(members) + 1) * _CD_GROUP_STEP - _CD_ROW_STEP
    left_end, right_end = low - 0.2 * span - 0.3, high + 0.2 * span + 0.3
    elbows: list[Line2D | None] = [None] * k
    labels: list[Text | None] = [None] * k
    for position, column in enumerate(order):
        rank = float(ranks[column])
        on_left = position < n_left
        row = position if on_left else k - 1 - position
        y = first_row - row * _CD_ROW_STEP
        end = left_end if on_left else right_end
        (elbows[column],) = ax.plot([rank, rank, end], [0.0, y, y], **line_style)
        text = names[column]
        if show_ranks:
            text = f"{text} ({rank:.2f})" if on_left else f"({rank:.2f}) {text}"
        labels[column] = ax.text(
            end + (-0.05 if on_left else 0.05),
            y,
            text,
            ha="right" if on_left else "left",
            va="center",
            **text_style,
        )

    top = 1.5 * _CD_TICK + 0.25
    cd_line = cd_text = None
    if draw_cd:
        y = top + 0.15
        cd_line = ax.plot([low, low + critical_difference], [y, y], **cd_style)[0]
        cd_text = ax.text(
            low + critical_difference / 2,
            y + 0.05,
            f"CD = {critical_difference:.2f}",
            ha="center",
            va="bottom",
            fontsize="small",
        )
        top = y + 0.3
    lowest_row = first_row - (max(n_left, k - n_left) - 1) * _CD_ROW_STEP
    ax.set_xlim(left_end - 0.45 * span - 0.6, right_end + 0.45 * span + 0.6)
    ax.set_ylim(lowest_row - 0.2, top)
    ax.set_axis_off()
    return CriticalDifferenceArtists(
        axis,
        ticks,
        tick_labels,
        elbows,
        labels,
        groups=groups,
        cd_bar=cd_line,
        cd_label=cd_text,
        group_members=members,
    )
