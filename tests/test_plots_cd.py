"""evalmetrics.plots.plot_critical_difference: Demšar's critical-difference diagram.

The artists are checked against values computed here: the ranks drawn where they lie, the
names on the side of their half, the critical difference to scale, and the group bars against
a brute-force search, against autorank's grouping of the same ranks (its
``get_sorted_rank_groups``) and against the crossbars of scikit-posthocs'
``critical_difference_diagram`` (maximal cliques of the pairs whose Nemenyi p-value is above
alpha). Agg backend, no display.
"""

from __future__ import annotations

import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
import scikit_posthocs as sp
from autorank import autorank
from autorank._util import get_sorted_rank_groups

import evalmetrics.stats as st
from evalmetrics.plots import CURVE_COLOR, CriticalDifferenceArtists, plot_critical_difference

NAMES = ["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"]
# Demšar (2006), the average ranks of his Table 6 and his CD at alpha = 0.10 (figure 1)
DEMSAR_RANKS = [44 / 14, 2.0, 40.5 / 14, 27.5 / 14]
DEMSAR_CD_10 = 2.2913414968880566 * np.sqrt(4 * 5 / (6 * 14))


@pytest.fixture
def ax():
    figure, axes = plt.subplots(figsize=(7, 2.5), facecolor="white")
    yield axes
    plt.close(figure)


def test_demsar_figure_1(ax):
    artists = plot_critical_difference(
        ax, DEMSAR_RANKS, critical_difference=DEMSAR_CD_10, display_labels=NAMES
    )
    assert isinstance(artists, CriticalDifferenceArtists)
    # two bars: C4.5+m+cf, C4.5+m and C4.5+cf; C4.5+cf and C4.5 (the paper's figure 1)
    assert artists.group_members == [(3, 1, 2), (2, 0)]
    assert len(artists.groups) == 2
    for bar, members in zip(artists.groups, artists.group_members, strict=True):
        x = bar.get_xdata()
        ranks = np.array(DEMSAR_RANKS)[list(members)]
        assert min(x) < ranks.min() and max(x) > ranks.max()
        assert max(x) - min(x) < DEMSAR_CD_10 + 0.1
    # the CD drawn to scale, from rank 1, labelled
    x = artists.cd_bar.get_xdata()
    assert np.isclose(x[1] - x[0], DEMSAR_CD_10) and x[0] == 1
    assert artists.cd_label.get_text() == "CD = 1.12"


def test_each_algorithm_has_its_line_and_name(ax):
    artists = plot_critical_difference(
        ax, DEMSAR_RANKS, critical_difference=DEMSAR_CD_10, display_labels=NAMES
    )
    assert len(artists.elbows) == len(artists.labels) == 4
    assert len(artists.ticks) == len(artists.tick_labels) == 4
    assert [t.get_text() for t in artists.tick_labels] == ["1", "2", "3", "4"]
    for rank, elbow, label, name in zip(
        DEMSAR_RANKS, artists.elbows, artists.labels, NAMES, strict=True
    ):
        x, y = elbow.get_xdata(), elbow.get_ydata()
        assert x[0] == x[1] == rank and y[0] == 0  # starts on the axis at its rank
        assert label.get_position()[1] == y[-1]  # the name at the line's end
        best_half = rank < 2.5  # C4.5+m and C4.5+m+cf
        assert (label.get_horizontalalignment() == "right") == best_half
        assert (x[-1] < 1) == best_half and (x[-1] > 4) == (not best_half)
        assert name in label.get_text() and f"{rank:.2f}" in label.get_text()
    # the best-ranked name is on the top row
    left_rows = sorted(
        (label.get_position()[1], name)
        for label, name in zip(artists.labels, NAMES, strict=True)
        if label.get_horizontalalignment() == "right"
    )
    assert left_rows[-1][1] == "C4.5+m+cf"
    assert not ax.axison  # the frame and ticks are the diagram's own


def test_the_figure_is_left_alone_and_styles_apply(ax):
    before = ax.figure.get_facecolor()
    artists = plot_critical_difference(
        ax,
        DEMSAR_RANKS,
        critical_difference=DEMSAR_CD_10,
        display_labels=NAMES,
        show_ranks=False,
        color="#0072B2",
        group_kw={"lw": 6, "color": "#D55E00"},
        cd_kw={"color": "#999999"},
    )
    assert ax.figure.get_facecolor() == before
    assert all(mcolors.same_color(e.get_color(), "#0072B2") for e in artists.elbows)
    assert all(g.get_linewidth() == 6 for g in artists.groups)
    assert mcolors.same_color(artists.cd_bar.get_color(), "#999999")
    assert [label.get_text() for label in artists.labels] == NAMES
    default = plot_critical_difference(ax, DEMSAR_RANKS, critical_difference=1.0)
    assert mcolors.same_color(default.groups[0].get_color(), CURVE_COLOR)
    # default names: the column indices; the right half writes the rank first
    assert [label.get_text() for label in default.labels] == [
        "(3.14) 0",
        "1 (2.00)",
        "(2.89) 2",
        "3 (1.96)",
    ]


def test_without_critical_difference(ax):
    artists = plot_critical_difference(ax, DEMSAR_RANKS, critical_difference=None)
    assert artists.groups == [] and artists.group_members == []
    assert artists.cd_bar is None and artists.cd_label is None
    with pytest.warns(UserWarning, match="cd_kw is ignored"):
        plot_critical_difference(ax, DEMSAR_RANKS, critical_difference=None, cd_kw={"lw": 3})
    no_bar = plot_critical_difference(ax, DEMSAR_RANKS, critical_difference=1.0, cd_bar=False)
    assert no_bar.cd_bar is None and len(no_bar.groups) == 2


def test_placed_label_keywords_warn(ax):
    with pytest.warns(UserWarning, match="label_kw sets horizontalalignment"):
        artists = plot_critical_difference(
            ax, DEMSAR_RANKS, critical_difference=1.0, label_kw={"ha": "center", "color": "red"}
        )
    assert {label.get_horizontalalignment() for label in artists.labels} == {"left", "right"}
    assert all(mcolors.same_color(label.get_color(), "red") for label in artists.labels)


@pytest.mark.parametrize("case", range(8))
def test_groups_against_brute_force_and_autorank(ax, case):
    rng = np.random.default_rng(20261206 + case)
    n, k = int(rng.integers(5, 25)), int(rng.integers(3, 9))
    scores = np.round(rng.random((n, k)) * rng.uniform(0.3, 1.0, k), 2)
    nemenyi = st.nemenyi_test(scores)
    artists = plot_critical_difference(
        ax, nemenyi.average_ranks, critical_difference=nemenyi.critical_difference
    )
    ranks = nemenyi.average_ranks
    # brute force: every pair in a group is within CD, every pair across a group's ends is not
    for members in artists.group_members:
        inside = ranks[list(members)]
        assert inside.max() - inside.min() < nemenyi.critical_difference
        outside = [j for j in range(k) if j not in members]
        for j in outside:
            widened = np.append(inside, ranks[j])
            spans_run = inside.min() <= ranks[j] <= inside.max()
            assert spans_run or widened.max() - widened.min() >= nemenyi.critical_difference
    frame = pd.DataFrame(scores, columns=[f"alg{j}" for j in range(k)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = autorank(frame, alpha=0.05, force_mode="nonparametric")
    _, names, pairs = get_sorted_rank_groups(result, False)
    theirs = {frozenset(int(names[i][3:]) for i in range(a, b + 1)) for a, b in pairs}
    assert {frozenset(g) for g in artists.group_members} == theirs


@pytest.mark.parametrize(
    ("ranks", "kwargs", "error", "match"),
    [
        ([1.5], {}, ValueError, "at least 2 values"),
        ([0.8, 0.9, 0.7], {}, ValueError, r"must lie in \[1, 3\].*Pass ranks, not scores"),
        ([1.0, 2.0, np.nan], {}, ValueError, "average_ranks contains NaN at index 2"),
        ([1.0, 2.0], {"display_labels": ["a"]}, ValueError, "name each of the 2 algorithms"),
        ([1.0, 2.0], {"critical_difference": -0.5}, ValueError, "critical_difference must lie"),
        ([1.0, 2.0], {"critical_difference": "1"}, TypeError, "critical_difference must be a"),
    ],
)
def test_bad_input(ax, ranks, kwargs, error, match):
    kwargs = {"critical_difference": 1.0, **kwargs}
    with pytest.raises(error, match=match):
        plot_critical_difference(ax, ranks, **kwargs)


@pytest.mark.parametrize("case", range(8))
def test_groups_against_scikit_posthocs_crossbars(case):
    rng = np.random.default_rng(20261300 + case)
    n, k = int(rng.integers(5, 25)), int(rng.integers(3, 9))
    scores = np.round(rng.random((n, k)) * rng.uniform(0.3, 1.0, k), 2)
    nemenyi = st.nemenyi_test(scores)
    labels = [f"alg{j}" for j in range(k)]
    figure, (ours_ax, theirs_ax) = plt.subplots(2, 1)
    try:
        ours = plot_critical_difference(
            ours_ax, nemenyi.average_ranks, critical_difference=nemenyi.critical_difference
        )
        p_values = pd.DataFrame(sp.posthoc_nemenyi_friedman(scores).to_numpy(), labels, labels)
        ranks = pd.Series(nemenyi.average_ranks, index=labels)
        theirs = sp.critical_difference_diagram(ranks, p_values, alpha=0.05, ax=theirs_ax)
    finally:
        plt.close(figure)
    bars = {tuple(sorted(np.round(line.get_xdata(), 12))) for (line,) in theirs["crossbars"]}
    groups = {
        tuple(sorted(np.round(nemenyi.average_ranks[list(g)], 12))) for g in ours.group_members
    }
    assert groups == bars
