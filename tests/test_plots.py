"""evalmetrics.plots: each drawing function returns artists holding the right data, and their
update methods change them in place. Agg backend, no display."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pytest

import evalmetrics as em
from evalmetrics import plots
from evalmetrics.plots import (
    OUTCOME_COLORS,
    OUTCOME_NAMES,
    OUTCOMES,
    fbeta_isocurve,
    plot_confusion_matrix,
    plot_fbeta_isocurves,
    plot_pr_curve,
    plot_ranked_list,
    plot_roc_curve,
    plot_score_distributions,
)


@pytest.fixture
def ax():
    figure, axes = plt.subplots()
    yield axes
    plt.close(figure)


@pytest.fixture
def scored():
    rng = np.random.default_rng(7)
    y_true = (rng.random(600) < 0.3).astype(int)
    y_score = np.clip(rng.normal(0.35 + 0.3 * y_true, 0.15), 0, 1)
    return y_true, y_score


def polygon_area(vertices: np.ndarray) -> float:
    x, y = vertices[:, 0], vertices[:, 1]
    return 0.5 * abs(float(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))))


# ------------------------------------------------------------------ palette


def test_outcome_palette_is_defined_once_with_four_distinct_colours():
    assert OUTCOMES == ("TP", "FP", "TN", "FN")
    assert set(OUTCOME_COLORS) == set(OUTCOME_NAMES) == set(OUTCOMES)
    rgb = {name: mcolors.to_rgb(color) for name, color in OUTCOME_COLORS.items()}
    assert len(set(rgb.values())) == 4
    okabe_ito = {"#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"}
    assert set(OUTCOME_COLORS.values()) <= okabe_ito
    assert OUTCOME_NAMES["FP"] == "false positive"
    handles = plots.outcome_legend_handles()
    assert [h.get_facecolor()[:3] for h in handles] == [rgb[name] for name in OUTCOMES]


# ------------------------------------------------------------------ confusion matrix


@pytest.mark.parametrize("positive_first", [True, False])
def test_binary_confusion_matrix_cells_counts_and_colours(ax, positive_first):
    counts = em.Counts(tp=8, fp=2, tn=85, fn=5)
    artists = plot_confusion_matrix(ax, counts, positive_first=positive_first)
    layout = [["TP", "FN"], ["FP", "TN"]] if positive_first else [["TN", "FP"], ["FN", "TP"]]
    for row in range(2):
        for column in range(2):
            name = layout[row][column]
            assert (
                artists.texts[row][column].get_text() == f"{name}\n{getattr(counts, name.lower())}"
            )
            cell = artists.cells[2 * row + column]
            assert mcolors.to_hex(cell.get_facecolor()) == OUTCOME_COLORS[name].lower()
    # rows are actual, columns predicted (GUIDE section 6)
    assert ax.get_ylabel() == "actual class" and ax.get_xlabel() == "predicted class"
    artists.update(em.Counts(tp=1, fp=3, tn=4, fn=7))
    texts = {t.get_text().split("\n")[0]: t.get_text() for row in artists.texts for t in row}
    assert texts == {"TP": "TP\n1", "FP": "FP\n3", "TN": "TN\n4", "FN": "FN\n7"}


def test_binary_layout_false_matches_counts_to_matrix(ax):
    counts = em.Counts(tp=8, fp=2, tn=85, fn=5)
    artists = plot_confusion_matrix(ax, counts, positive_first=False)
    shown = [[int(t.get_text().split("\n")[1]) for t in row] for row in artists.texts]
    assert shown == counts.to_matrix().tolist()


def test_multiclass_confusion_matrix_image_and_update(ax):
    matrix = em.confusion_matrix([0, 1, 2, 2, 1, 0, 2], [0, 2, 2, 2, 1, 1, 0])
    artists = plot_confusion_matrix(ax, matrix, labels=["a", "b", "c"])
    np.testing.assert_array_equal(artists.cells.get_array(), matrix)
    assert [t.get_text() for t in artists.texts[2]] == [f"{v:g}" for v in matrix[2]]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["a", "b", "c"]
    new = matrix[::-1]
    artists.update(new)
    np.testing.assert_array_equal(artists.cells.get_array(), new)
    assert artists.texts[0][0].get_text() == f"{new[0, 0]:g}"
    with pytest.raises(ValueError, match="shape"):
        artists.update(np.zeros((2, 2)))


def test_confusion_matrix_rejects_bad_input(ax):
    with pytest.raises(ValueError, match="square"):
        plot_confusion_matrix(ax, np.zeros((2, 3)))
    with pytest.raises(ValueError, match="labels"):
        plot_confusion_matrix(ax, np.eye(3), labels=["a", "b"])


# ------------------------------------------------------------------ score distributions


def test_score_distributions_histograms_and_regions(ax, scored):
    y_true, y_score = scored
    edges = np.linspace(0, 1, 41)
    artists = plot_score_distributions(ax, y_true, y_score, 0.5, bins=edges)
    expected_pos, _ = np.histogram(y_score[y_true == 1], bins=edges)
    expected_neg, _ = np.histogram(y_score[y_true == 0], bins=edges)
    np.testing.assert_array_equal(artists.positive_heights, expected_pos)
    np.testing.assert_array_equal(artists.negative_heights, expected_neg)
    width = edges[1] - edges[0]
    right = edges[:-1] >= 0.5 - 1e-12
    # threshold on a bin edge: each shaded area is exactly its bins' counts times the width
    assert polygon_area(artists.regions["TP"].get_xy()) == pytest.approx(
        width * expected_pos[right].sum()
    )
    assert polygon_area(artists.regions["FN"].get_xy()) == pytest.approx(
        width * expected_pos[~right].sum()
    )
    assert polygon_area(artists.regions["FP"].get_xy()) == pytest.approx(
        width * expected_neg[right].sum()
    )
    # negatives hang below the axis
    assert artists.regions["TN"].get_xy()[:, 1].max() <= 0
    assert artists.regions["TP"].get_xy()[:, 1].min() >= 0
    for name in OUTCOMES:
        assert mcolors.to_hex(artists.regions[name].get_facecolor()) == OUTCOME_COLORS[name].lower()

    before = artists.regions["TP"].get_xy().copy()
    artists.update(0.25)
    assert list(artists.threshold_line.get_xdata()) == [0.25, 0.25]
    after = artists.regions["TP"].get_xy()
    assert after.shape != before.shape or not np.allclose(after, before)
    assert polygon_area(after) == pytest.approx(width * expected_pos[edges[:-1] >= 0.25].sum())
    assert artists.threshold == 0.25


def test_score_distributions_threshold_outside_range_and_errors(ax, scored):
    y_true, y_score = scored
    artists = plot_score_distributions(ax, y_true, y_score, 2.0, bins=10)
    assert polygon_area(artists.regions["TP"].get_xy()) == 0
    assert polygon_area(artists.regions["FN"].get_xy()) > 0
    with pytest.raises(ValueError, match="length mismatch: y_true has 599"):
        plot_score_distributions(ax, y_true[:-1], y_score, 0.5)
    with pytest.raises(ValueError, match="bins"):
        plot_score_distributions(ax, y_true, y_score, 0.5, bins=[0.5, 0.2])


# ------------------------------------------------------------------ ROC and PR


def test_roc_curve_data_chance_point_and_style(ax, scored):
    fpr, tpr, _ = em.roc_curve(*scored)
    artists = plot_roc_curve(ax, fpr, tpr, point=(0.2, 0.7))
    np.testing.assert_array_equal(artists.curve.get_xdata(), fpr)
    np.testing.assert_array_equal(artists.curve.get_ydata(), tpr)
    assert list(artists.chance.get_xdata()) == [0, 1] == list(artists.chance.get_ydata())
    assert artists.point.get_data() == ([0.2], [0.7])
    artists.move_point(0.1, 0.5)
    assert artists.point.get_data() == ([0.1], [0.5])
    # trapezoids under the drawn curve are the AUC
    assert np.trapezoid(tpr, fpr) == pytest.approx(em.roc_auc(*scored))
    assert artists.curve.get_linewidth() == 2 and artists.chance.get_linewidth() == 2
    assert ax.get_aspect() == 1.0
    assert ax.get_xlabel() == "false positive rate"


def test_pr_curve_steps_have_the_area_of_average_precision(ax, scored):
    precision, recall, _ = em.pr_curve(*scored)
    prevalence = float(np.mean(scored[0]))
    artists = plot_pr_curve(ax, precision, recall, prevalence=prevalence)
    x = artists.curve.get_xdata()
    y = artists.curve.get_ydata()
    assert artists.curve.get_drawstyle() == "steps-pre"
    assert x[0] == 0 and np.all(np.diff(x) >= 0)
    # steps-pre: y[i] holds over (x[i-1], x[i]]
    area = float(np.sum(np.diff(x) * y[1:]))
    assert area == pytest.approx(em.average_precision(*scored), abs=1e-12)
    assert list(artists.chance.get_ydata()) == [prevalence, prevalence]
    artists.move_point(np.nan, np.nan)
    assert np.isnan(artists.point.get_xdata()[0])
    assert ax.get_aspect() == 1.0 and ax.get_ylabel() == "precision"


# ------------------------------------------------------------------ F-beta iso-curves


@pytest.mark.parametrize("beta", [0.25, 0.5, 1.0, 2.0, 4.0])
def test_isocurve_passes_through_counts_with_that_fbeta(beta):
    rng = np.random.default_rng(int(beta * 100))
    for _ in range(50):
        tp, fp, fn = (int(v) for v in rng.integers(1, 200, size=3))
        counts = em.Counts(tp=tp, fp=fp, tn=0, fn=fn)
        level = counts.fbeta(beta)
        precision = fbeta_isocurve(level, beta, np.array([counts.recall]))[0]
        assert precision == pytest.approx(counts.precision, rel=1e-12)


def test_isocurves_update_with_beta(ax):
    artists = plot_fbeta_isocurves(ax, 1.0, levels=(0.3, 0.6))
    assert [t.get_text() for t in artists.labels] == ["F=0.3", "F=0.6"]
    before = artists.lines[0].get_ydata().copy()
    artists.update(3.0)
    after = artists.lines[0].get_ydata()
    assert not np.allclose(np.nan_to_num(before), np.nan_to_num(after))
    finite = np.isfinite(after)
    np.testing.assert_allclose(after[finite], fbeta_isocurve(0.3, 3.0, artists.recall)[finite])
    assert np.nanmax(after) <= 1 + 1e-12 and np.nanmin(after) >= 0
    assert artists.beta == 3.0
    with pytest.raises(ValueError, match="levels"):
        plot_fbeta_isocurves(ax, 1.0, levels=(0.0,))


# ------------------------------------------------------------------ ranked list


def test_ranked_list_bars_colours_and_cutoff(ax):
    rels = np.array([2, 0, 1, 0, 3, 0])
    artists = plot_ranked_list(ax, rels, k=3)
    heights = [path.vertices[:, 1].max() for path in artists.items.get_paths()]
    assert heights == [2, 0.2, 1, 0.2, 3, 0.2]
    colors = [mcolors.to_hex(c) for c in artists.items.get_facecolor()]
    expected = ["TP", "FP", "TP", "TN", "FN", "TN"]
    assert colors == [OUTCOME_COLORS[name].lower() for name in expected]
    assert list(artists.cutoff.get_xdata()) == [3.5, 3.5]
    artists.update(k=5)
    colors = [mcolors.to_hex(c) for c in artists.items.get_facecolor()]
    assert colors[4] == OUTCOME_COLORS["TP"].lower() and colors[3] == OUTCOME_COLORS["FP"].lower()
    assert artists.cutoff_label.get_text() == "K = 5"
    artists.update(rels=[0, 0, 1, 0, 3, 1])
    heights = [path.vertices[:, 1].max() for path in artists.items.get_paths()]
    assert heights == [0.2, 0.2, 1, 0.2, 3, 1]
    with pytest.raises(ValueError, match="k must lie"):
        artists.update(k=7)
    with pytest.raises(ValueError, match="length"):
        artists.update(rels=[1, 0])
    with pytest.raises(ValueError, match="grades"):
        plot_ranked_list(ax, [1, -1], k=1)


# ------------------------------------------------------------------ figure rules


def test_figure_rules_lowercase_labels_no_titles_white_background(scored):
    figure, axes = plt.subplots(2, 3)
    y_true, y_score = scored
    fpr, tpr, _ = em.roc_curve(y_true, y_score)
    precision, recall, _ = em.pr_curve(y_true, y_score)
    plot_confusion_matrix(axes[0, 0], em.counts_at(y_true, y_score, 0.5))
    plot_score_distributions(axes[0, 1], y_true, y_score, 0.5)
    plot_roc_curve(axes[0, 2], fpr, tpr)
    plot_pr_curve(axes[1, 0], precision, recall, prevalence=0.3)
    plot_fbeta_isocurves(axes[1, 1], 2.0)
    plot_ranked_list(axes[1, 2], [1, 0, 1], k=2)
    for axis in axes.ravel():
        assert axis.get_title() == ""
        for label in (axis.get_xlabel(), axis.get_ylabel()):
            assert label and label[0].islower(), label
        assert mcolors.to_rgba(axis.get_facecolor()) == (1, 1, 1, 1)
    assert mcolors.to_rgba(figure.get_facecolor()) == (1, 1, 1, 1)
    plt.close(figure)


def test_score_distributions_share_scale_sums_to_one_per_class():
    import matplotlib.pyplot as plt

    from evalmetrics.plots import plot_score_distributions

    fig, ax = plt.subplots()
    # 1 positive (in the upper bin) and 4 negatives (2 per bin): shares 0, 1 and 0.5, 0.5
    artists = plot_score_distributions(
        ax, [1, 0, 0, 0, 0], [0.9, 0.1, 0.2, 0.6, 0.7], 0.5, bins=[0, 0.5, 1], scale="share"
    )
    assert list(artists.positive_heights) == [0.0, 1.0]
    assert list(artists.negative_heights) == [0.5, 0.5]
    assert ax.get_ylabel() == "share of class"
    plt.close(fig)


def test_score_distributions_reject_unknown_scale_and_nan_scores():
    import matplotlib.pyplot as plt
    import pytest

    from evalmetrics.plots import plot_score_distributions

    fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="scale must be one of"):
        plot_score_distributions(ax, [0, 1], [0.1, 0.9], 0.5, scale="log")
    with pytest.raises(ValueError, match="y_score contains NaN at index 1"):
        plot_score_distributions(ax, [0, 1], [0.1, float("nan")], 0.5)
    plt.close(fig)
