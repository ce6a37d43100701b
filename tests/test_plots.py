"""evalmetrics.plots: each drawing function returns artists holding the right data, and their
update methods change them in place. Agg backend, no display."""

from __future__ import annotations

import warnings

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
    # rows are actual, columns predicted
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
    artists = plot_confusion_matrix(ax, matrix, display_labels=["a", "b", "c"])
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
        plot_confusion_matrix(ax, np.eye(3), display_labels=["a", "b"])


# ------------------------------------------------------------------ score distributions


def test_score_distributions_histograms_and_regions(ax, scored):
    y_true, y_score = scored
    edges = np.linspace(0, 1, 41)
    artists = plot_score_distributions(ax, y_true, y_score, threshold=0.5, bins=edges)
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
    artists = plot_score_distributions(ax, y_true, y_score, threshold=2.0, bins=10)
    assert polygon_area(artists.regions["TP"].get_xy()) == 0
    assert polygon_area(artists.regions["FN"].get_xy()) > 0
    with pytest.raises(ValueError, match="length mismatch: y_true has 599"):
        plot_score_distributions(ax, y_true[:-1], y_score, threshold=0.5)
    with pytest.raises(ValueError, match="bins"):
        plot_score_distributions(ax, y_true, y_score, threshold=0.5, bins=[0.5, 0.2])


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
    artists = plot_pr_curve(ax, precision, recall, prevalence=prevalence, point=(0.5, 0.5))
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
        level = counts.fbeta(beta=beta)
        precision = fbeta_isocurve(np.array([counts.recall]), beta=beta, level=level)[0]
        assert precision == pytest.approx(counts.precision, rel=1e-12)


def test_isocurves_update_with_beta(ax):
    artists = plot_fbeta_isocurves(ax, beta=1.0, levels=(0.3, 0.6))
    assert [t.get_text() for t in artists.labels] == ["F=0.3", "F=0.6"]
    before = artists.lines[0].get_ydata().copy()
    artists.update(3.0)
    after = artists.lines[0].get_ydata()
    assert not np.allclose(np.nan_to_num(before), np.nan_to_num(after))
    finite = np.isfinite(after)
    np.testing.assert_allclose(
        after[finite], fbeta_isocurve(artists.recall, beta=3.0, level=0.3)[finite]
    )
    assert np.nanmax(after) <= 1 + 1e-12 and np.nanmin(after) >= 0
    assert artists.beta == 3.0
    with pytest.raises(ValueError, match="levels"):
        plot_fbeta_isocurves(ax, beta=1.0, levels=(0.0,))


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


def test_figure_rules_lowercase_labels_no_titles(scored):
    figure, axes = plt.subplots(2, 3)
    y_true, y_score = scored
    fpr, tpr, _ = em.roc_curve(y_true, y_score)
    precision, recall, _ = em.pr_curve(y_true, y_score)
    plot_confusion_matrix(axes[0, 0], em.counts_at(y_true, y_score, threshold=0.5))
    plot_score_distributions(axes[0, 1], y_true, y_score, threshold=0.5)
    plot_roc_curve(axes[0, 2], fpr, tpr)
    plot_pr_curve(axes[1, 0], precision, recall, prevalence=0.3)
    plot_fbeta_isocurves(axes[1, 1], beta=2.0)
    plot_ranked_list(axes[1, 2], [1, 0, 1], k=2)
    for axis in axes.ravel():
        assert axis.get_title() == ""
        for label in (axis.get_xlabel(), axis.get_ylabel()):
            assert label and label[0].islower(), label
    plt.close(figure)


def test_score_distributions_share_scale_sums_to_one_per_class():
    import matplotlib.pyplot as plt

    from evalmetrics.plots import plot_score_distributions

    fig, ax = plt.subplots()
    # 1 positive (in the upper bin) and 4 negatives (2 per bin): shares 0, 1 and 0.5, 0.5
    artists = plot_score_distributions(
        ax,
        [1, 0, 0, 0, 0],
        [0.9, 0.1, 0.2, 0.6, 0.7],
        threshold=0.5,
        bins=[0, 0.5, 1],
        scale="share",
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
        plot_score_distributions(ax, [0, 1], [0.1, 0.9], threshold=0.5, scale="log")
    with pytest.raises(ValueError, match="y_score contains NaN at index 1"):
        plot_score_distributions(ax, [0, 1], [0.1, float("nan")], threshold=0.5)
    plt.close(fig)


# ------------------------------------------------------------------ helper-function convention
# (matplotlib's quick start: take an Axes, pass style keywords to the main artist, return the
# artists)


def _draw_each(axes, scored, **styles):
    """Call every plot function once; ``styles[name]`` holds the keywords for that one."""
    y_true, y_score = scored
    fpr, tpr, _ = em.roc_curve(y_true, y_score)
    precision, recall, _ = em.pr_curve(y_true, y_score)
    counts = em.counts_at(y_true, y_score, threshold=0.5)
    return {
        "confusion": plot_confusion_matrix(axes[0], counts, **styles.get("confusion", {})),
        "matrix": plot_confusion_matrix(axes[1], np.eye(3), **styles.get("matrix", {})),
        "scores": plot_score_distributions(
            axes[2], y_true, y_score, threshold=0.5, **styles.get("scores", {})
        ),
        "roc": plot_roc_curve(axes[3], fpr, tpr, **styles.get("roc", {})),
        "pr": plot_pr_curve(axes[4], precision, recall, prevalence=0.3, **styles.get("pr", {})),
        "iso": plot_fbeta_isocurves(axes[5], beta=2.0, **styles.get("iso", {})),
        "ranked": plot_ranked_list(axes[6], [1, 0, 2], k=2, **styles.get("ranked", {})),
    }


def test_no_plot_function_changes_the_figure(scored):
    # a transparent dark figure, as a caller might make for a dark theme: the plot functions
    # must leave its background (and the axes' own facecolor) as the caller set it
    figure, axes = plt.subplots(1, 7, facecolor="#202020")
    figure.patch.set_alpha(0.25)
    for axis in axes:
        axis.set_facecolor("#303030")
    _draw_each(axes, scored)
    assert mcolors.to_hex(figure.get_facecolor(), keep_alpha=True) == "#20202040"
    for axis in axes:
        assert mcolors.to_hex(axis.get_facecolor()) == "#303030"
    plt.close(figure)


def test_each_plot_function_returns_the_artists_it_drew(scored):
    figure, axes = plt.subplots(1, 7)
    drawn = _draw_each(axes, scored, roc={"point": (0.2, 0.7)}, pr={"point": (0.5, 0.5)})

    def children(index):
        return set(axes[index].get_children())

    assert set(drawn["confusion"].cells) <= children(0)
    assert {t for row in drawn["confusion"].texts for t in row} <= children(0)
    assert drawn["matrix"].cells in children(1)
    scores = drawn["scores"]
    assert set(scores.regions.values()) | {scores.threshold_line} <= children(2)
    assert set(scores.outlines) | set(scores.class_labels) <= children(2)
    for index, name in ((3, "roc"), (4, "pr")):
        artists = drawn[name]
        assert {artists.curve, artists.chance, artists.point} <= children(index)
    assert set(drawn["iso"].lines) | set(drawn["iso"].labels) <= children(5)
    ranked = drawn["ranked"]
    assert {ranked.items, ranked.cutoff, ranked.cutoff_label} <= children(6)
    plt.close(figure)


def test_style_keywords_reach_the_main_artist(scored):
    figure, axes = plt.subplots(1, 7)
    red, dashed = "#ff0000", "--"
    drawn = _draw_each(
        axes,
        scored,
        confusion={"edgecolor": red, "lw": 5, "text_kw": {"fontsize": 3}},
        matrix={"cmap": "Greens", "text_kw": {"color": red}},
        scores={"alpha": 0.4, "ec": red, "threshold_kw": {"color": red, "ls": ":"}},
        roc={"color": red, "ls": dashed, "lw": 3.5, "zorder": 7},
        pr={"c": red, "linestyle": dashed, "drawstyle": "default"},
        iso={"color": red, "linestyle": dashed, "label_kw": {"color": red}},
        ranked={"edgecolor": red, "linewidth": 1.5, "cutoff_kw": {"color": red}},
    )
    for cell in drawn["confusion"].cells:
        assert mcolors.to_hex(cell.get_edgecolor()) == red and cell.get_linewidth() == 5
    # the outcome colours stay the default of the faces
    assert (
        mcolors.to_hex(drawn["confusion"].cells[0].get_facecolor()) == OUTCOME_COLORS["TP"].lower()
    )
    assert drawn["confusion"].texts[0][0].get_fontsize() == 3
    matrix = drawn["matrix"]
    assert matrix.cells.get_cmap().name == "Greens"
    matrix.update(np.diag([9, 1, 1]))  # a text colour given by the caller survives update
    assert {mcolors.to_hex(t.get_color()) for row in matrix.texts for t in row} == {red}
    for region in drawn["scores"].regions.values():
        assert region.get_alpha() == 0.4 and mcolors.to_hex(region.get_edgecolor()) == red
    line = drawn["scores"].threshold_line
    assert mcolors.to_hex(line.get_color()) == red and line.get_linestyle() == ":"
    roc = drawn["roc"].curve
    assert mcolors.to_hex(roc.get_color()) == red and roc.get_linestyle() == dashed
    assert roc.get_linewidth() == 3.5 and roc.get_zorder() == 7
    pr = drawn["pr"].curve
    assert mcolors.to_hex(pr.get_color()) == red and pr.get_linestyle() == dashed
    assert pr.get_drawstyle() == "default"
    for iso_line, iso_label in zip(drawn["iso"].lines, drawn["iso"].labels, strict=True):
        assert mcolors.to_hex(iso_line.get_color()) == red and iso_line.get_linestyle() == dashed
        assert mcolors.to_hex(iso_label.get_color()) == red
    ranked = drawn["ranked"]
    assert {mcolors.to_hex(c) for c in ranked.items.get_edgecolor()} == {red}
    assert list(ranked.items.get_linewidth()) == [1.5]
    assert mcolors.to_hex(ranked.cutoff.get_color()) == red
    plt.close(figure)


def test_defaults_unchanged_without_keywords(ax, scored):
    fpr, tpr, _ = em.roc_curve(*scored)
    artists = plot_roc_curve(ax, fpr, tpr)
    assert mcolors.to_hex(artists.curve.get_color()) == plots.CURVE_COLOR.lower()
    assert artists.curve.get_linewidth() == plots.LINE_WIDTH
    assert mcolors.to_hex(artists.chance.get_color()) == plots.CHANCE_COLOR.lower()
    assert artists.chance.get_linestyle() == ":" and artists.chance.get_label() == "chance"


@pytest.mark.parametrize("which", ["roc", "pr"])
def test_chance_and_point_drawn_only_when_asked(ax, scored, which):
    y_true, y_score = scored
    if which == "roc":
        x, y, _ = em.roc_curve(y_true, y_score)
        draw = plot_roc_curve
        extra = {}
    else:
        y, x, _ = em.pr_curve(y_true, y_score)
        draw = plot_pr_curve
        extra = {"prevalence": 0.3}
    plain = draw(ax, x, y, **extra)
    assert plain.point is None and plain.chance is not None
    n_lines = len(ax.lines)
    with pytest.raises(ValueError, match="drawn without a point"):
        plain.move_point(0.1, 0.2)
    bare = draw(ax, x, y, chance=False)
    assert bare.chance is None and bare.point is None
    assert len(ax.lines) == n_lines + 1  # only the curve
    marked = draw(
        ax, x, y, chance=False, point=(np.nan, np.nan), point_kw={"color": "red", "label": None}
    )
    assert np.isnan(marked.point.get_xdata()[0])
    marked.move_point(0.25, 0.75)
    assert marked.point.get_data() == ([0.25], [0.75])
    assert mcolors.to_hex(marked.point.get_color()) == "#ff0000"
    # label=None keeps the marker out of the legend (no "_nolegend_" workaround needed)
    ax.legend()
    assert "current threshold" not in [t.get_text() for t in ax.get_legend().get_texts()]
    styled = draw(ax, x, y, **extra, chance_kw={"color": "blue", "label": "coin"})
    assert mcolors.to_hex(styled.chance.get_color()) == "#0000ff"
    assert styled.chance.get_label() == "coin"


def test_ignored_style_options_warn(ax, scored):
    precision, recall, _ = em.pr_curve(*scored)
    with pytest.warns(UserWarning, match="chance_kw is ignored"):
        plot_roc_curve(ax, [0, 1], [0, 1], chance=False, chance_kw={"color": "red"})
    with pytest.warns(UserWarning, match="point_kw is ignored"):
        plot_roc_curve(ax, [0, 1], [0, 1], point_kw={"color": "red"})
    with pytest.warns(UserWarning, match="prevalence is ignored"):
        plot_pr_curve(ax, precision, recall, prevalence=0.3, chance=False)
    with pytest.raises(ValueError, match="prevalence is needed"):
        plot_pr_curve(ax, precision, recall)
    with pytest.raises(ValueError, match=r"prevalence must lie in \[0, 1\]"):
        plot_pr_curve(ax, precision, recall, prevalence=30)


def test_pr_curve_skips_undefined_precision_of_the_sweep(ax, scored):
    y_true, y_score = scored
    sweep = em.sweep(y_true, y_score)
    tp = sweep.tp.astype(float)
    predicted = tp + sweep.fp
    with np.errstate(invalid="ignore"):
        precision = np.where(predicted > 0, tp / np.where(predicted > 0, predicted, 1), np.nan)
    recall = tp / sweep.n_pos
    assert np.isnan(precision[0])  # threshold +inf: nothing predicted positive
    artists = plot_pr_curve(ax, precision, recall, prevalence=0.3)
    x, y = artists.curve.get_xdata(), artists.curve.get_ydata()
    assert not np.isnan(y).any()
    area = float(np.sum(np.diff(x) * y[1:]))
    assert area == pytest.approx(em.average_precision(y_true, y_score), abs=1e-12)


def test_inputs_are_checked_by_the_shared_checkers(ax):
    with pytest.raises(TypeError, match="k must be a positive integer"):
        plot_ranked_list(ax, [1, 0, 1], k=1.0)
    with pytest.raises(ValueError, match="rels must be one ranked list"):
        plot_ranked_list(ax, [[1, 0], [0, 1]], k=1)
    with pytest.raises(ValueError, match="rels contains NaN at index 1"):
        plot_ranked_list(ax, [1, np.nan], k=1)
    with pytest.raises(ValueError, match="beta must be finite and > 0"):
        plot_fbeta_isocurves(ax, beta=0.0)
    with pytest.raises(ValueError, match="pos_label=2 is not one of the two labels"):
        plot_score_distributions(ax, [0, 1], [0.1, 0.9], threshold=0.5, pos_label=2)
    with pytest.raises(ValueError, match="threshold must be a number"):
        plot_score_distributions(ax, [0, 1], [0.1, 0.9], threshold=np.nan)
    with pytest.raises(ValueError, match="tpr has 3"):
        plot_roc_curve(ax, [0, 1], [0, 0.5, 1])
    with pytest.raises(ValueError, match="counts contains NaN"):
        plot_confusion_matrix(ax, np.array([[1.0, np.nan], [0.0, 1.0]]))


def test_fbeta_isocurve_is_the_core_function():
    import importlib

    core = importlib.import_module("evalmetrics.confusion")
    assert plots.fbeta_isocurve is core.fbeta_isocurve


# ----------------------------------------------------------------------- a hostile review's cases
# (fix-plots: every item reproduced on the code before the fix, each test failed there)


def _ticks(axis):
    return [t.get_text() for t in axis.get_ticklabels()]


def _cell_texts(artists):
    return [[t.get_text() for t in row] for row in artists.texts]


@pytest.mark.parametrize("positive_first", [True, False])
def test_binary_confusion_matrix_labels_name_the_classes(ax, positive_first):
    # display_labels = [negative, positive], the order of Counts.to_matrix(); they move with rows
    counts = em.Counts(tp=8, fp=2, tn=85, fn=5)
    artists = plot_confusion_matrix(
        ax, counts, display_labels=["benign", "malignant"], positive_first=positive_first
    )
    if positive_first:
        names, texts = ["malignant", "benign"], [["TP\n8", "FN\n5"], ["FP\n2", "TN\n85"]]
    else:
        names, texts = ["benign", "malignant"], [["TN\n85", "FP\n2"], ["FN\n5", "TP\n8"]]
    assert _ticks(ax.yaxis) == names and _ticks(ax.xaxis) == names
    assert _cell_texts(artists) == texts


def test_binary_confusion_matrix_default_names_and_label_count(ax):
    plot_confusion_matrix(ax, em.Counts(tp=1, fp=2, tn=3, fn=4))
    assert _ticks(ax.yaxis) == ["positive", "negative"]
    with pytest.raises(ValueError, match="labels has 3 names for a 2x2 matrix of Counts"):
        plot_confusion_matrix(ax, em.Counts(tp=1, fp=2, tn=3, fn=4), display_labels=["a", "b", "c"])


def test_two_by_two_array_follows_positive_first(ax):
    # rows actual [neg, pos], columns predicted [neg, pos]: tn=85, fp=2, fn=5, tp=8
    matrix = np.array([[85, 2], [5, 8]])
    artists = plot_confusion_matrix(ax, matrix, display_labels=["neg", "pos"], positive_first=True)
    assert _cell_texts(artists) == [["8", "5"], ["2", "85"]]
    assert _ticks(ax.xaxis) == ["pos", "neg"] and _ticks(ax.yaxis) == ["pos", "neg"]
    artists.update(np.array([[80, 7], [1, 12]]))
    assert _cell_texts(artists) == [["12", "1"], ["7", "80"]]
    figure, plain_ax = plt.subplots()
    plain = plot_confusion_matrix(plain_ax, matrix, display_labels=["neg", "pos"])  # as given
    assert _cell_texts(plain) == [["85", "2"], ["5", "8"]]
    assert _ticks(plain_ax.xaxis) == ["neg", "pos"]
    plt.close(figure)


def test_positive_first_on_a_larger_matrix_warns(ax):
    with pytest.warns(UserWarning, match="positive_first is ignored for a 3 x 3 matrix"):
        plot_confusion_matrix(ax, np.eye(3), positive_first=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        plot_confusion_matrix(ax, np.eye(3))  # not given: no warning


def test_matrix_colour_limits_given_by_the_caller_survive_update(ax):
    artists = plot_confusion_matrix(ax, np.array([[5, 1], [2, 7]]), vmax=100)
    assert artists.cells.get_clim() == (0, 100)
    artists.update(np.array([[5, 1], [2, 9]]))
    assert artists.cells.get_clim() == (0, 100)
    norm = mcolors.Normalize(vmin=1, vmax=50)
    normed = plot_confusion_matrix(ax, np.array([[5, 1], [2, 7]]), norm=norm)
    normed.update(np.array([[5, 1], [2, 90]]))
    assert normed.cells.get_clim() == (1, 50)
    automatic = plot_confusion_matrix(ax, np.array([[5, 1], [2, 7]]))
    automatic.update(np.array([[5, 1], [2, 9]]))
    assert automatic.cells.get_clim() == (0, 9)


def test_binary_matrix_color_keyword_colours_faces_and_edges(ax):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no matplotlib "color overrides facecolor" warning
        artists = plot_confusion_matrix(ax, em.Counts(tp=1, fp=2, tn=3, fn=4), color="#ff0000")
    for cell in artists.cells:
        assert mcolors.to_hex(cell.get_facecolor()) == "#ff0000"
        assert mcolors.to_hex(cell.get_edgecolor()) == "#ff0000"


@pytest.mark.parametrize("keyword", ["color", "facecolor", "fc"])
def test_ranked_list_colour_given_by_the_caller_wins_and_stays(ax, keyword):
    with pytest.warns(UserWarning, match="replaces the outcome colours"):
        artists = plot_ranked_list(ax, [1, 0, 2, 0], k=2, **{keyword: "#ff0000"})
    assert ax.get_legend() is None  # an outcome legend would show colours not drawn
    assert {mcolors.to_hex(c) for c in artists.items.get_facecolor()} == {"#ff0000"}
    artists.update(k=3)
    artists.update(rels=[0, 1, 1, 0])
    assert {mcolors.to_hex(c) for c in artists.items.get_facecolor()} == {"#ff0000"}


def test_ranked_list_colour_per_bar_and_no_warning_without_legend(ax):
    colours = ["#111111", "#222222", "#333333"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        artists = plot_ranked_list(ax, [1, 0, 1], k=1, facecolor=colours, legend=False)
    artists.update(k=2)
    assert [mcolors.to_hex(c) for c in artists.items.get_facecolor()] == colours


def test_ranked_list_warning_names_the_keyword(ax):
    with pytest.warns(UserWarning, match=r"^facecolor replaces"):
        plot_ranked_list(ax, [1, 0], k=1, facecolor="red")


def test_score_distributions_colour_given_by_the_caller(ax, scored):
    y_true, y_score = scored
    with pytest.warns(UserWarning, match=r"^facecolor replaces the outcome colours"):
        artists = plot_score_distributions(ax, y_true, y_score, threshold=0.5, facecolor="#ff0000")
    assert ax.get_legend() is None
    for region in artists.regions.values():
        assert mcolors.to_hex(region.get_facecolor()) == "#ff0000"
    figure, other = plt.subplots()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # legend=False: nothing ignored, no warning
        colored = plot_score_distributions(
            other, y_true, y_score, threshold=0.5, color="#00ff00", legend=False
        )
    for region in colored.regions.values():
        assert mcolors.to_hex(region.get_facecolor()) == "#00ff00"
        assert mcolors.to_hex(region.get_edgecolor()) == "#00ff00"
    plt.close(figure)


def test_isocurve_label_placement_keywords_warn(ax):
    with pytest.warns(UserWarning, match="label_kw sets horizontalalignment"):
        artists = plot_fbeta_isocurves(ax, beta=2.0, levels=[0.5], label_kw={"ha": "right"})
    # placed by beta (>= 1: on the top edge, centred), not by the ignored keyword
    assert artists.labels[0].get_horizontalalignment() == "center"


# ------------------------------------------------------------------ one sort per figure


@pytest.fixture
def sort_sizes(monkeypatch):
    """Sizes of the arrays numpy sorts (np.sort, np.argsort, np.lexsort) while the test runs."""
    sizes = []
    for name in ("argsort", "sort", "lexsort"):
        original = getattr(np, name)

        def wrapper(a, *args, _original=original, **kwargs):
            sizes.append(np.shape(a)[-1] if np.ndim(a) else 0)
            return _original(a, *args, **kwargs)

        monkeypatch.setattr(np, name, wrapper)
    return sizes


@pytest.mark.parametrize("bins", [7, "edges"])
def test_score_histogram_counts_like_np_histogram(ax, bins):
    rng = np.random.default_rng(3)
    y_true = (rng.random(500) < 0.4).astype(int)
    y_score = np.round(rng.random(500), 1)  # many scores exactly on an edge
    edges = np.array([0.0, 0.1, 0.25, 0.5, 0.7, 0.9])  # 1.0 outside: dropped, as np.histogram
    given = edges if bins == "edges" else bins
    artists = plot_score_distributions(ax, y_true, y_score, threshold=0.5, bins=given)
    expected_edges = edges if bins == "edges" else np.linspace(0.0, 1.0, 8)
    positives, _ = np.histogram(y_score[y_true == 1], bins=expected_edges)
    negatives, _ = np.histogram(y_score[y_true == 0], bins=expected_edges)
    np.testing.assert_array_equal(artists.positive_heights, positives)
    np.testing.assert_array_equal(artists.negative_heights, negatives)


def test_score_histogram_sorts_nothing(ax, sort_sizes):
    rng = np.random.default_rng(5)
    y_true = (rng.random(4000) < 0.3).astype(int)
    y_score = rng.random(4000)
    plot_score_distributions(ax, y_true, y_score, threshold=0.5)
    plot_score_distributions(ax, y_true, y_score, threshold=0.5, bins=np.linspace(0, 1, 41))
    assert [size for size in sort_sizes if size >= 100] == []


def test_pr_curve_in_sweep_order_is_not_sorted_again(ax, sort_sizes):
    rng = np.random.default_rng(6)
    y_true = (rng.random(3000) < 0.3).astype(int)
    y_score = rng.random(3000)  # distinct scores: 3000 points
    sweep = em.sweep(y_true, y_score)
    sort_sizes.clear()
    plot_pr_curve(ax, sweep.precision[1:], sweep.recall[1:], prevalence=0.3)
    assert [size for size in sort_sizes if size >= 100] == []


def test_pr_curve_in_scikit_learn_order_has_the_area_of_its_ap(ax, sort_sizes):
    from sklearn.metrics import average_precision_score, precision_recall_curve

    rng = np.random.default_rng(8)
    y_true = (rng.random(400) < 0.3).astype(int)
    y_score = np.round(rng.random(400), 1)  # ties: equal recalls at several thresholds
    precision, recall, _ = precision_recall_curve(y_true, y_score)  # recall decreasing
    sort_sizes.clear()
    artists = plot_pr_curve(ax, precision, recall, prevalence=0.3)
    assert [size for size in sort_sizes if size >= 10] == []
    x, y = artists.curve.get_xdata(), artists.curve.get_ydata()
    area = float(np.sum(np.diff(x) * y[1:]))
    assert area == pytest.approx(average_precision_score(y_true, y_score), abs=1e-12)
    # any other order is sorted by recall and draws the same steps
    shuffled = rng.permutation(precision.size)
    again = plot_pr_curve(ax, precision[shuffled], recall[shuffled], prevalence=0.3)
    x2, y2 = again.curve.get_xdata(), again.curve.get_ydata()
    assert float(np.sum(np.diff(x2) * y2[1:])) == pytest.approx(area, abs=1e-12)


# ------------------------------------------------------------------ curve arrays are rates


@pytest.mark.parametrize(
    ("fpr", "tpr", "message"),
    [
        ([0, 0.5, 1.5], [0, 0.5, 1], r"fpr must lie in \[0, 1\], got 1.5 at index 2"),
        ([0, -0.1, 1], [0, 0.5, 1], r"fpr must lie in \[0, 1\], got -0.1 at index 1"),
        ([0, 0.5, 1], [0, np.nan, 1], r"tpr must lie in \[0, 1\], got nan at index 1"),
        ([0, np.inf, 1], [0, 0.5, 1], r"fpr must lie in \[0, 1\], got inf at index 1"),
        ([0, 1], [0, 0.5, 1], "tpr has 3"),
    ],
)
def test_roc_curve_arrays_are_checked(ax, fpr, tpr, message):
    with pytest.raises(ValueError, match=message):
        plot_roc_curve(ax, fpr, tpr)


@pytest.mark.parametrize(
    ("precision", "recall", "message"),
    [
        ([1, 0.5, 1.2], [0, 0.5, 1], r"precision must lie in \[0, 1\], got 1.2 at index 2"),
        ([1, -np.inf, 1], [0, 0.5, 1], r"precision must lie in \[0, 1\], got -inf at index 1"),
        ([1, 0.5, 0.5], [0, np.nan, 1], r"recall must lie in \[0, 1\], got nan at index 1"),
        ([1, 0.5, 0.5], [0, 0.5, 2], r"recall must lie in \[0, 1\], got 2.0 at index 2"),
        ([1, 0.5], [0, 0.5, 1], "recall has 3"),
    ],
)
def test_pr_curve_arrays_are_checked(ax, precision, recall, message):
    with pytest.raises(ValueError, match=message):
        plot_pr_curve(ax, precision, recall, prevalence=0.5)


def test_pr_curve_still_accepts_undefined_precision(ax):
    artists = plot_pr_curve(ax, [np.nan, 1.0, 0.5], [0.0, 0.5, 1.0], prevalence=0.5)
    assert not np.isnan(artists.curve.get_ydata()).any()


# ------------------------------------------------------------------ keyword-only options


@pytest.mark.parametrize(
    ("cls", "positional"),
    [
        (plots.ConfusionMatrixArtists, ["cells", "texts"]),
        (
            plots.ScoreDistributionArtists,
            ["regions", "threshold_line", "outlines", "class_labels"],
        ),
        (plots.CurveArtists, ["curve"]),
        (plots.IsoCurveArtists, ["lines", "labels"]),
        (plots.RankedListArtists, ["items", "cutoff", "cutoff_label"]),
    ],
)
def test_artist_dataclasses_take_their_options_by_keyword(cls, positional):
    import inspect

    parameters = inspect.signature(cls).parameters.values()
    assert [p.name for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD] == positional
    others = [p for p in parameters if p.name not in positional]
    assert others and all(p.kind is p.KEYWORD_ONLY for p in others)


def test_ranked_list_cutoff_label_is_not_struck_through(ax):
    artists = plot_ranked_list(ax, [1, 0, 1], k=2)
    box = artists.cutoff_label.get_bbox_patch()
    assert box is not None and mcolors.to_hex(box.get_facecolor()) == "#ffffff"
    assert artists.cutoff_label.get_zorder() > artists.cutoff.get_zorder()
