"""evalmetrics.widgets: every explorer driven without a browser.

Readouts must equal evalmetrics computed independently here at the same parameters; the artists
must change after an update; the live ipywidgets view must update in place; and the static
``text/html`` must carry one frame and one readout per slider value (only when
EVALMETRICS_STATIC_FRAMES=1), no external script and no URL. Agg backend, no display.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import base64
import io
import json
import math
import re
import warnings

import matplotlib.colors as mcolors
import numpy as np
import pytest
from PIL import Image

import evalmetrics as em
from evalmetrics import explorer as framework
from evalmetrics import ranking
from evalmetrics.explorer import MAX_FRAMES, STATIC_FRAMES_VARIABLE, Explorer, Parameter
from evalmetrics.plots import HIGHLIGHT_COLOR
from evalmetrics.widgets import (
    beta_explorer,
    imbalance_explorer,
    ranking_explorer,
    threshold_explorer,
)

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def scores(n: int, seed: int, prevalence: float = 0.3) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    y_true = (rng.random(n) < prevalence).astype(int)
    y_score = np.clip(rng.normal(0.35 + 0.3 * y_true, 0.15), 0, 1)
    return y_true, y_score


@pytest.fixture(scope="module")
def data():
    return scores(2000, 11)


@pytest.fixture
def no_frames(monkeypatch):
    monkeypatch.delenv(STATIC_FRAMES_VARIABLE, raising=False)


@pytest.fixture
def frames(monkeypatch):
    monkeypatch.setenv(STATIC_FRAMES_VARIABLE, "1")


def same(actual: float, expected: float) -> bool:
    """Exact equality, with nan equal to nan (an undefined value reads 'undefined')."""
    return (math.isnan(actual) and math.isnan(expected)) or actual == expected


def quiet(function, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        return function(*args, **kwargs)


# ------------------------------------------------------------------ the mechanism


def test_parameter_snaps_formats_and_validates():
    parameter = Parameter("beta", [0.5, 1.0, 2.0])
    assert parameter.initial == 1.0
    assert parameter.index_of(1.6) == 2 and parameter.index_of(-3) == 0
    assert Parameter("p", [0.001, 0.5], format="{:.2%}").display(0.001) == "0.10%"
    with pytest.raises(ValueError, match="duplicates"):
        Parameter("t", [0.1, 0.1])
    with pytest.raises(ValueError, match="empty"):
        Parameter("t", [])
    with pytest.raises(ValueError, match="values of parameter 't' contains NaN at index 1"):
        Parameter("t", [0.1, np.nan])
    with pytest.raises(ValueError, match="contains an infinite value at index 0"):
        Parameter("t", [np.inf, 0.1])
    with pytest.raises(TypeError, match="values of parameter 't' must be numeric"):
        Parameter("t", ["a", "b"])
    with pytest.raises(ValueError, match="values of parameter 't' must be 1-D"):
        Parameter("t", [[0.1, 0.2]])
    with pytest.raises(ValueError, match=r"initial of parameter 't' must lie in \[-inf, inf\]"):
        Parameter("t", [0.1, 0.2], initial=np.nan)
    assert Parameter("t", range(3), initial=7).initial == 7.0  # snapped when used


def test_explorer_set_snaps_and_rejects_unknown_names(data):
    explorer = threshold_explorer(*data)
    explorer.set(threshold=0.512)
    assert explorer.values == {"threshold": 0.5}
    with pytest.raises(TypeError, match="beta is not a parameter"):
        explorer.set(beta=2.0)
    assert "threshold explorer" in repr(explorer)


def test_too_many_frames_is_refused():
    from matplotlib.figure import Figure

    figure = Figure()
    figure.add_subplot()
    explorer = Explorer(
        figure,
        [Parameter("a", range(7)), Parameter("b", range(7))],
        lambda a, b: {"sum": a + b},
    )
    with pytest.raises(ValueError, match="49 frames"):
        explorer.static_html(frames=True)


@pytest.fixture
def sorts_of(monkeypatch):
    """Count the sorts numpy does of arrays with ``n`` elements (argsort, sort, lexsort).

    The explorers of scores must sort them once, in one evalmetrics.sweep, and take rates,
    counts and curves from it; a second roc_curve, pr_curve or counts_at would sort again.
    """
    calls = []

    def counting(function):
        def wrapper(a, *args, **kwargs):
            calls.append((function.__name__, np.shape(a)[-1] if np.ndim(a) else 0))
            return function(a, *args, **kwargs)

        return wrapper

    for name in ("argsort", "sort", "lexsort"):
        monkeypatch.setattr(np, name, counting(getattr(np, name)))

    def count(n):
        return [name for name, size in calls if size == n]

    return count


@pytest.mark.parametrize("make", ["threshold", "beta", "imbalance"])
def test_an_explorer_of_scores_sorts_them_once(make, sorts_of):
    y_true, y_score = scores(1999, 4)  # 1999: no other array the explorers sort has this size
    explorer = {
        "threshold": lambda: threshold_explorer(y_true, y_score),
        "beta": lambda: beta_explorer(y_true, y_score),
        "imbalance": lambda: imbalance_explorer(y_true, y_score),
    }[make]()
    (parameter,) = explorer.parameters.values()
    for value in parameter.values[::7]:
        explorer.set(**{parameter.name: value})
    assert sorts_of(1999) == ["argsort"]


@pytest.mark.parametrize("make", ["threshold", "beta", "imbalance"])
def test_distinct_scores_are_sorted_once_per_explorer(make, monkeypatch):
    """With distinct scores the PR curve has a point per score, and a histogram sorts each
    class: a sort of as many values as the scores or as one class counts (the figure's PR plot
    and histogram must take the sweep's order and binary-search the bin edges instead)."""
    rng = np.random.default_rng(12)
    y_true = (rng.random(1999) < 0.3).astype(int)
    y_score = rng.random(1999)  # distinct, no clipping: 1999 points on each curve
    sizes = []
    for name in ("argsort", "sort", "lexsort"):
        original = getattr(np, name)

        def wrapper(a, *args, _original=original, **kwargs):
            sizes.append(np.shape(a)[-1] if np.ndim(a) else 0)
            return _original(a, *args, **kwargs)

        monkeypatch.setattr(np, name, wrapper)
    explorer = {
        "threshold": lambda: threshold_explorer(y_true, y_score),
        "beta": lambda: beta_explorer(y_true, y_score),
        "imbalance": lambda: imbalance_explorer(y_true, y_score),
    }[make]()
    (parameter,) = explorer.parameters.values()
    for value in parameter.values[::7]:
        explorer.set(**{parameter.name: value})
    n_positive = int(y_true.sum())
    assert [size for size in sizes if size in {1999, n_positive, 1999 - n_positive}] == [1999]


# ------------------------------------------------------------------ threshold explorer


def test_threshold_explorer_readouts_equal_counts_at(data):
    y_true, y_score = data
    explorer = threshold_explorer(y_true, y_score)
    values = explorer.parameters["threshold"].values
    assert len(values) == MAX_FRAMES and values[0] == 0.0 and values[-1] == 1.0
    for threshold in values[::4]:
        explorer.set(threshold=threshold)
        expected = em.counts_at(y_true, y_score, threshold=threshold)
        readout = explorer.readout
        assert set(readout) == {"accuracy", "precision", "recall", "f1", "fpr"}
        assert same(readout["accuracy"], expected.accuracy)
        assert same(readout["precision"], quiet(lambda c=expected: c.precision))
        assert same(readout["recall"], expected.recall)
        assert same(readout["f1"], quiet(lambda c=expected: c.f1))
        assert same(readout["fpr"], expected.fpr)


def test_threshold_explorer_artists_follow_the_threshold(data):
    y_true, y_score = data
    explorer = threshold_explorer(y_true, y_score)
    artists = explorer.artists
    tp_region = artists["histogram"].regions["TP"].get_xy().copy()
    explorer.set(threshold=0.3)
    counts = em.counts_at(y_true, y_score, threshold=0.3)
    assert list(artists["histogram"].threshold_line.get_xdata()) == [0.3, 0.3]
    assert not np.array_equal(artists["histogram"].regions["TP"].get_xy(), tp_region)
    texts = [t.get_text() for row in artists["matrix"].texts for t in row]
    assert f"TP\n{counts.tp}" in texts and f"FN\n{counts.fn}" in texts
    assert artists["roc"].point.get_data() == ([counts.fpr], [counts.recall])
    assert artists["pr"].point.get_data() == ([counts.recall], [counts.precision])
    # the ROC and PR curves are the core's
    fpr, tpr, _ = em.roc_curve(y_true, y_score)
    np.testing.assert_array_equal(artists["roc"].curve.get_xdata(), fpr)
    np.testing.assert_array_equal(artists["roc"].curve.get_ydata(), tpr)
    # the histogram is split exactly at the slider values (bin edges are the thresholds)
    np.testing.assert_allclose(artists["histogram"].edges, np.linspace(0, 1, 41))


def test_threshold_explorer_undefined_precision_reads_undefined(data):
    y_true, y_score = data
    explorer = threshold_explorer(y_true, y_score, thresholds=[0.2, 5.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning may reach the page
        explorer.set(threshold=5.0)
    assert math.isnan(explorer.readout["precision"])
    assert "precision <b>undefined</b>" in explorer.readout_html()


def test_fast_render_equals_a_full_draw(data):
    explorer = threshold_explorer(*data)
    explorer.set(threshold=0.2)
    explorer.render_rgba()
    explorer.set(threshold=0.7)
    fast = explorer.render_rgba()
    for artist in explorer._dynamic:
        artist.set_animated(False)
    explorer._canvas.draw()
    full = np.array(explorer._canvas.buffer_rgba())
    assert fast.shape == full.shape
    assert np.mean(np.any(fast != full, axis=-1)) < 1e-3


# ------------------------------------------------------------------ beta explorer


def brute_force_best(y_true, y_score, beta):
    """Highest F-beta over every distinct threshold, and the highest threshold reaching it."""
    sweep = em.sweep(y_true, y_score, zero_division=np.nan)  # one class: rates not used
    best_value, best_threshold = -1.0, None
    for index in range(1, len(sweep.thresholds)):
        value = sweep.counts(index).fbeta(beta=beta, zero_division=0.0)
        if value > best_value:
            best_value, best_threshold = value, float(sweep.thresholds[index])
    return best_value, best_threshold


def test_beta_slider_values():
    values = beta_explorer([0, 1, 1], [0.2, 0.9, 0.4]).parameters["beta"].values
    assert len(values) == MAX_FRAMES and 1.0 in values
    assert values[0] == 0.25 and values[-1] == 4.0
    assert np.allclose(np.diff(np.log2(values)), 0.1)


def test_beta_explorer_finds_the_best_threshold(data):
    y_true, y_score = data
    explorer = beta_explorer(y_true, y_score)
    isocurve = explorer.artists["isocurves"].lines[0].get_ydata().copy()
    best_line = explorer.artists["best_isocurve"].get_ydata().copy()
    for beta in (0.25, 0.5, 1.0, 2.0, 4.0):
        explorer.set(beta=beta)
        best_value, best_threshold = brute_force_best(y_true, y_score, beta)
        readout = explorer.readout
        assert readout["fbeta"] == best_value
        assert readout["threshold"] == best_threshold
        counts = em.counts_at(y_true, y_score, threshold=best_threshold)
        assert readout["precision"] == counts.precision and readout["recall"] == counts.recall
        assert readout["fbeta"] == counts.fbeta(beta=beta)
        assert explorer.artists["pr"].point.get_data() == ([counts.recall], [counts.precision])
    assert not np.array_equal(
        np.nan_to_num(explorer.artists["isocurves"].lines[0].get_ydata()), np.nan_to_num(isocurve)
    )
    assert not np.array_equal(
        np.nan_to_num(explorer.artists["best_isocurve"].get_ydata()), np.nan_to_num(best_line)
    )


def test_beta_explorer_never_misses_the_maximum():
    """The explorer (Sweep.fbeta_candidates inside) against brute force on small, tied cases."""
    rng = np.random.default_rng(3)
    for case in range(25):
        n = int(rng.integers(2, 40))
        y_true = (rng.random(n) < rng.uniform(0.05, 0.9)).astype(int)
        y_true[0] = 1
        y_score = rng.integers(0, int(rng.integers(2, 12)), size=n) / 10  # heavy ties
        explorer = beta_explorer(y_true, y_score, betas=[0.25, 0.7, 1.0, 1.9, 4.0])
        for beta in (0.25, 0.7, 1.0, 1.9, 4.0):
            explorer.set(beta=beta)
            best_value, best_threshold = brute_force_best(y_true, y_score, beta)
            assert explorer.readout["fbeta"] == best_value, (case, beta)
            assert explorer.readout["threshold"] == best_threshold, (case, beta)


def test_beta_explorer_validates():
    with pytest.raises(ValueError, match=r"betas\[1\] must be finite and > 0"):
        beta_explorer([0, 1, 1], [0.2, 0.9, 0.4], betas=[1.0, -2.0])
    with pytest.raises(TypeError, match="betas"):
        beta_explorer([0, 1, 1], [0.2, 0.9, 0.4], betas=["a", "b"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # refused without a 0/0 warning first
        with pytest.raises(ValueError, match="no positives"):
            beta_explorer([0, 0, 0], [0.2, 0.9, 0.4])


# ------------------------------------------------------------------ imbalance explorer


def expected_scenario(y_true, y_score, threshold, prevalence, n_samples):
    """The documented construction, written out independently."""
    model = em.counts_at(y_true, y_score, threshold=threshold)
    n_positive = int(math.floor(prevalence * n_samples + 0.5))
    n_negative = n_samples - n_positive
    tp = int(math.floor(model.recall * n_positive + 0.5))
    fp = int(math.floor(model.fpr * n_negative + 0.5))
    model_counts = em.Counts(tp=tp, fp=fp, tn=n_negative - fp, fn=n_positive - tp)
    always_negative = em.Counts(tp=0, fp=0, tn=n_negative, fn=n_positive)
    return model_counts, always_negative


def test_imbalance_explorer_readouts(data):
    y_true, y_score = data
    explorer = imbalance_explorer(y_true, y_score, threshold=0.5)
    values = explorer.parameters["prevalence"].values
    assert values[0] == 0.001 and values[-1] == 0.5 and len(values) <= MAX_FRAMES
    # starts at the data's prevalence (nearest slider value)
    assert explorer.values["prevalence"] == min(values, key=lambda v: abs(v - np.mean(y_true)))
    line = explorer.artists["markers"]["accuracy_line"]
    for prevalence in values[::3]:
        explorer.set(prevalence=prevalence)
        model, always_negative = expected_scenario(y_true, y_score, 0.5, prevalence, 10_000)
        readout = explorer.readout
        assert readout["accuracy_always_negative"] == always_negative.accuracy
        assert readout["accuracy"] == model.accuracy
        assert same(readout["precision"], quiet(lambda m=model: m.precision))
        assert readout["recall"] == model.recall
        assert list(line.get_xdata()) == [prevalence, prevalence]
        texts = [t.get_text() for row in explorer.artists["matrix"].texts for t in row]
        assert f"FP\n{model.fp}" in texts
    # the paradox itself: at 0.1% "always negative" beats the model on accuracy
    explorer.set(prevalence=0.001)
    assert explorer.readout["accuracy_always_negative"] > explorer.readout["accuracy"]


def test_imbalance_explorer_validates(data):
    y_true, y_score = data
    with pytest.raises(ValueError, match="prevalences"):
        imbalance_explorer(y_true, y_score, prevalences=[0.0, 0.5])
    with pytest.raises(ValueError, match="both classes"):
        imbalance_explorer(np.ones(10, int), np.linspace(0, 1, 10))
    with pytest.raises(TypeError, match="n_samples"):
        imbalance_explorer(y_true, y_score, n_samples=100.0)
    with pytest.raises(ValueError, match="n_samples must be an integer >= 2"):
        imbalance_explorer(y_true, y_score, n_samples=1)
    with pytest.raises(ValueError, match=r"prevalences\[1\] must lie in \(0, 1\), got 1.5"):
        imbalance_explorer(y_true, y_score, prevalences=[0.1, 1.5])
    with pytest.raises(ValueError, match="prevalences is empty"):
        imbalance_explorer(y_true, y_score, prevalences=[])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # refused without a 0/0 warning first
        with pytest.raises(ValueError, match="both classes"):
            imbalance_explorer(np.zeros(10, int), np.linspace(0, 1, 10))


# ------------------------------------------------------------------ ranking explorer


def expected_ranking(rels, k, n_relevant=None):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        return {
            "precision_at_k": ranking.precision_at_k(rels, k=k),
            "recall_at_k": ranking.recall_at_k(rels, k=k, n_relevant=n_relevant),
            "average_precision_at_k": ranking.average_precision(rels, n_relevant=n_relevant, k=k),
            "reciprocal_rank_at_k": ranking.reciprocal_rank(rels, k=k),
            "ndcg_at_k": ranking.ndcg(rels, k=k),
        }


def test_ranking_explorer_readouts_for_every_k():
    rels = [3, 0, 1, 0, 2, 0, 0, 1, 0, 0]
    explorer = ranking_explorer(rels, n_relevant=6)
    assert explorer.parameters["k"].values == tuple(float(k) for k in range(1, 11))
    cutoff = explorer.artists["cutoff"]
    for k in range(1, 11):
        explorer.set(k=k)
        expected = expected_ranking(rels, k, n_relevant=6)
        for key, value in expected.items():
            assert same(explorer.readout[key], value), (k, key)
        assert list(cutoff.get_xdata()) == [k + 0.5, k + 0.5]
        assert explorer.artists["strip"].k == k


def test_ranking_explorer_toggle_changes_list_and_readouts():
    explorer = ranking_explorer([1, 0, 1, 0, 0, 0])
    explorer.set(k=4)
    curve = explorer.artists["curves"]["precision_at_k"].get_ydata().copy()
    explorer.toggle(2)
    assert explorer.rels.tolist() == [1, 1, 1, 0, 0, 0]
    for key, value in expected_ranking(explorer.rels, 4).items():
        assert same(explorer.readout[key], value)
    assert not np.array_equal(explorer.artists["curves"]["precision_at_k"].get_ydata(), curve)
    explorer.toggle(2)
    assert explorer.rels.tolist() == [1, 0, 1, 0, 0, 0]
    graded = ranking_explorer([2, 0, 1])
    graded.toggle(3)
    graded.toggle(2)
    assert graded.rels.tolist() == [2, 1, 2]
    graded.toggle(1)
    assert graded.rels.tolist() == [0, 1, 2]
    with pytest.raises(ValueError, match="rank"):
        graded.toggle(4)


def test_ranking_explorer_rank_is_checked_by_the_shared_checker():
    """toggle's rank goes through _validation.check_k: the shared wording, naming rank."""
    explorer = ranking_explorer([2, 0, 1])
    with pytest.raises(
        ValueError, match=r"rank must lie in 1..3 \(the length of the list\), got 4"
    ):
        explorer.toggle(4)
    with pytest.raises(ValueError, match=r"rank must be a positive integer \(>= 1\), got 0"):
        explorer.toggle(0)
    with pytest.raises(TypeError, match="rank must be a positive integer, got 2.0"):
        explorer.toggle(2.0)
    with pytest.raises(TypeError, match="rank must be a positive integer, got True"):
        explorer.toggle(True)
    assert explorer.rels.tolist() == [2, 0, 1]  # nothing changed


def test_ranking_explorer_long_list_has_at_most_41_positions():
    rng = np.random.default_rng(5)
    rels = (rng.random(100) < 0.2).astype(int)
    explorer = ranking_explorer(rels)
    values = explorer.parameters["k"].values
    assert len(values) <= MAX_FRAMES and values[0] == 1 and values[-1] == 100
    explorer.set(k=100)
    for key, value in expected_ranking(rels, 100).items():
        assert same(explorer.readout[key], value)


def test_ranking_explorer_validates_through_the_core_checkers():
    """The messages of the core's checkers, naming the explorer's arguments."""
    with pytest.raises(ValueError, match="rels contains a negative grade"):
        ranking_explorer([1, -1, 0])
    with pytest.raises(ValueError, match="rels is empty"):
        ranking_explorer([])
    with pytest.raises(
        ValueError, match=r"rels must be one ranked list \(1-D\), got shape \(2, 2\)"
    ):
        ranking_explorer([[1, 0], [0, 1]])
    with pytest.raises(TypeError, match=r"k_values\[1\] must be a positive integer"):
        ranking_explorer([1, 0, 1], k_values=[1, 2.5])
    with pytest.raises(ValueError, match=r"k_values\[0\] must be a positive integer"):
        ranking_explorer([1, 0, 1], k_values=[0, 2])
    with pytest.raises(ValueError, match=r"k_values\[1\] must lie in 1..3 \(the length of rels"):
        ranking_explorer([1, 0, 1], k_values=[1, 4])
    with pytest.raises(ValueError, match="n_relevant is smaller than the relevant items"):
        ranking_explorer([1, 0, 1], n_relevant=1)
    with pytest.raises(ValueError, match="gain must be one of"):
        ranking_explorer([1, 0, 1], gain="cubic")
    with pytest.raises(ValueError, match="ideal lacks positive grades"):
        ranking_explorer([2, 0, 1], ideal=[1, 1])
    with pytest.raises(ValueError, match="too large for gain='exponential'"):
        ranking_explorer([2000, 0, 1])
    # the same inputs the core accepts: an explorer is built (its readouts checked above)
    rels = np.array([1, 0, 1])
    explorer = ranking_explorer(rels, ideal=[1, 1, 1, 0], n_relevant=3)
    explorer.toggle(2)
    assert rels.tolist() == [1, 0, 1]  # the caller's array is not changed


# ------------------------------------------------------------------ live view (Jupyter)


def test_live_view_updates_in_place(data, no_frames):
    explorer = threshold_explorer(*data)
    bundle = explorer._repr_mimebundle_()
    assert WIDGET_VIEW in bundle and "text/plain" in bundle
    assert "data:image/png" not in bundle["text/html"]  # no frames outside the build
    image = explorer._image_widget
    before_png, before_html = image.value, explorer._readout_widget.value
    figure = explorer.figure
    slider = explorer._sliders["threshold"]
    slider.value = 8  # as if dragged in Jupyter
    assert explorer.values == {"threshold": explorer.parameters["threshold"].values[8]}
    assert image.value != before_png and image.value[:4] == b"\x89PNG"
    assert explorer._readout_widget.value != before_html
    assert explorer.figure is figure and explorer._image_widget is image  # same objects
    explorer.set(threshold=0.75)
    assert slider.value == 30 and slider.label == "0.75"


def test_live_ranking_buttons_toggle(no_frames):
    explorer = ranking_explorer([1, 0, 0, 1])
    assert explorer.widget is not None  # built on first access
    assert [b.description for b in explorer._buttons] == ["1", "0", "0", "1"]
    png = explorer._image_widget.value
    explorer._buttons[1].click()
    assert explorer.rels.tolist() == [1, 1, 0, 1]
    assert explorer._buttons[1].description == "1"
    assert explorer._image_widget.value != png


# ------------------------------------------------------------------ static HTML (the book)

DATA_PATTERN = re.compile(r'<script type="application/json" class="em-data">(.*?)</script>', re.S)


def parse_static(text: str) -> dict:
    match = DATA_PATTERN.search(text)
    assert match, "no frame data in the static HTML"
    return json.loads(match.group(1).replace("<\\/", "</"))


def check_static(explorer: Explorer, text: str) -> dict:
    n_frames = math.prod(len(p.values) for p in explorer.parameters.values())
    assert 2 <= n_frames <= MAX_FRAMES
    payload = parse_static(text)
    assert len(payload["frames"]) == n_frames
    assert len(payload["readouts"]) == n_frames
    assert len(set(payload["frames"])) > 1  # the picture changes along the slider
    sliders = re.findall(r'<input type="range"[^>]*>', text)
    assert len(sliders) == len(explorer.parameters)
    for slider, parameter in zip(sliders, explorer.parameters.values(), strict=True):
        assert 'min="0"' in slider and 'step="1"' in slider
        assert f'max="{len(parameter.values) - 1}"' in slider
        position = parameter.index_of(explorer.values[parameter.name])
        assert f'value="{position}"' in slider
        assert 'class="em-slider"' in slider
    assert 'class="em-explorer"' in text and 'class="em-frame"' in text
    assert 'class="em-readout"' in text and 'class="em-value"' in text
    assert not re.search(r"<script[^>]*\bsrc=", text)
    assert "http://" not in text and "https://" not in text and "//cdn" not in text
    assert 'addEventListener("input"' in text
    # frames are palette PNGs that keep the highlight colour of the moving marker
    first = Image.open(io.BytesIO(base64.b64decode(payload["frames"][0].split(",", 1)[1])))
    assert first.mode == "P"
    pixels = np.asarray(first.convert("RGB")).reshape(-1, 3).astype(int)
    highlight = np.array(mcolors.to_rgb(HIGHLIGHT_COLOR)) * 255
    assert np.any(np.abs(pixels - highlight).max(axis=1) < 16), "marker colour lost"
    # readouts are the explorer's: the frame at the current slider position matches it
    index = sum(
        p.index_of(explorer.values[p.name]) * stride
        for p, stride in zip(explorer.parameters.values(), payload["strides"], strict=True)
    )
    for key, value in explorer.readout.items():
        assert f'data-metric="{key}" data-value="{value!r}"' in payload["readouts"][index]
    return payload


def test_static_threshold_explorer_frames_and_budget(frames):
    y_true, y_score = scores(10_000, 1)
    explorer = threshold_explorer(y_true, y_score)
    bundle = explorer._repr_mimebundle_()
    assert WIDGET_VIEW not in bundle  # no ipywidgets during the build: no widget state
    assert explorer._widget is None
    text = bundle["text/html"]
    payload = check_static(explorer, text)
    assert len(text.encode()) < 1_500_000
    # every frame's readout equals evalmetrics at that slider value
    values = explorer.parameters["threshold"].values
    for position in (0, 13, 40):
        counts = em.counts_at(y_true, y_score, threshold=values[position])
        assert f'data-value="{counts.recall!r}"' in payload["readouts"][position]
    assert payload["labels"][0][20] == "0.5"
    # rendering the frames left the explorer where it was
    assert explorer.values == {"threshold": 0.5}


def test_static_other_explorers(frames, data):
    y_true, y_score = data
    ids = set()
    for explorer in (
        beta_explorer(y_true, y_score),
        imbalance_explorer(y_true, y_score),
        ranking_explorer([1, 0, 2, 0, 1, 0, 0, 1], n_relevant=5),
    ):
        text = explorer._repr_mimebundle_()["text/html"]
        check_static(explorer, text)
        assert len(text.encode()) < 1_500_000
        ids.update(re.findall(r'<div class="em-explorer" id="([^"]+)"', text))
    assert len(ids) == 3  # unique ids: several explorers on one page


def test_no_frames_without_the_variable(data, no_frames):
    explorer = beta_explorer(*data)
    text = explorer.static_html()
    assert "data:image" not in text and "em-data" not in text
    assert "Jupyter" in text


def test_frames_only_with_value_1(data, monkeypatch):
    monkeypatch.setenv(STATIC_FRAMES_VARIABLE, "0")
    assert not framework.static_frames_enabled()
    monkeypatch.setenv(STATIC_FRAMES_VARIABLE, "1")
    assert framework.static_frames_enabled()


# ------------------------------------------------------------------ chapter 15's explorer, live
#
# In Lab, clicking the grade button of rank 1 and then of rank 5 raised "ideal lacks
# positive grades present in rels" inside the ipywidgets callback (the grade was already
# changed), and every later slider move failed the same way. Built here exactly as chapter 15
# builds it; every action goes through the live widgets, and exceptions are not swallowed.

CH11_SHOWN = [2, 3, 0, 1, 2, 0, 0, 3, 0, 1]
CH11_UNRETRIEVED = [3, 2]  # "two relevant pages were never retrieved"
METRIC_PATTERN = re.compile(r'data-metric="([^"]+)" data-value="([^"]+)"')


def chapter11_explorer():
    """The call of chapters/15_dcg_ndcg.ipynb, argument for argument, with its live view."""
    shown = list(CH11_SHOWN)
    judged = shown + [3, 2]  # two relevant pages were never retrieved
    n_rel = sum(grade > 0 for grade in judged)
    explorer = ranking_explorer(shown, n_relevant=n_rel, ideal=judged, gain="exponential")
    assert explorer.widget is not None  # the live view, as on display in Jupyter
    return explorer


def click(button):
    """Run the button's click callbacks as ipywidgets does, but let an exception escape.

    ``button.click()`` goes through ipywidgets' CallbackDispatcher, which swallows exceptions
    into a log (that is what hid the bug); calling the registered callbacks directly does not.
    """
    callbacks = list(button._click_handlers.callbacks)
    assert callbacks, "the button has no click handler"
    for callback in callbacks:
        callback(button)


def shown_readout(explorer) -> dict[str, float]:
    """The readout the live HTML widget shows, metric -> value."""
    return {
        key: float(value) for key, value in METRIC_PATTERN.findall(explorer._readout_widget.value)
    }


def shown_message(explorer) -> str:
    widget = getattr(explorer, "_message_widget", None)
    return "" if widget is None else widget.value


def expected_chapter11(rels, k):
    """Independently: the ideal is the shown grades plus the two unretrieved pages."""
    rels = np.asarray(rels, dtype=float)
    ideal = np.concatenate([rels, CH11_UNRETRIEVED])
    n_relevant = int(np.count_nonzero(rels > 0)) + len(CH11_UNRETRIEVED)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        return {
            "precision_at_k": ranking.precision_at_k(rels, k=k),
            "recall_at_k": ranking.recall_at_k(rels, k=k, n_relevant=n_relevant),
            "average_precision_at_k": ranking.average_precision(rels, n_relevant=n_relevant, k=k),
            "reciprocal_rank_at_k": ranking.reciprocal_rank(rels, k=k),
            "ndcg_at_k": ranking.ndcg(rels, k=k, ideal=ideal, gain="exponential"),
        }


def check_chapter11_state(explorer, rels, *, exact=True):
    """Grades, labels, readout (state and live HTML), curves: all agree with ``rels``.

    ``exact=False`` checks only what holds under any definition of the ideal (labels, NDCG in
    [0, 1], the live readout equal to the state's), not the values of ``expected_chapter11``.
    """
    assert explorer.rels.tolist() == list(rels)
    assert [b.description for b in explorer._buttons] == [f"{g:g}" for g in rels]
    assert [b.button_style for b in explorer._buttons] == ["info" if g > 0 else "" for g in rels]
    k = int(explorer.values["k"])
    assert explorer._sliders["k"].value == explorer.parameters["k"].index_of(k)
    shown = shown_readout(explorer)
    assert shown == explorer.readout or all(map(same, shown.values(), explorer.readout.values()))
    assert 0.0 <= shown["ndcg_at_k"] <= 1.0
    ndcg_curve = np.asarray(explorer.artists["curves"]["ndcg_at_k"].get_ydata())
    assert np.all((ndcg_curve >= 0) & (ndcg_curve <= 1))
    assert explorer.artists["strip"].k == k
    assert shown_message(explorer) == ""
    if exact:
        expected = expected_chapter11(rels, k)
        assert set(shown) == set(expected)
        for key, value in expected.items():
            assert same(explorer.readout[key], value), (rels, k, key)
            assert same(shown[key], value), (rels, k, key)


def move_slider(explorer, position):
    """Drag the K slider to ``position`` (a new one); the frame must change with it."""
    slider = explorer._sliders["k"]
    assert slider.value != position
    png = explorer._image_widget.value
    slider.value = position  # as the front end does; an exception in observe escapes here
    assert explorer.values["k"] == explorer.parameters["k"].values[position]
    assert explorer._image_widget.value != png  # the cut-off moved


def click_grade(explorer, rank, rels, *, exact=True):
    """Click rank's button; the grade moves 0 -> 1 -> 2 -> 3 -> 0 and the frame changes."""
    png = explorer._image_widget.value
    click(explorer._buttons[rank - 1])
    rels[rank - 1] = 0 if rels[rank - 1] >= 3 else rels[rank - 1] + 1
    assert explorer._image_widget.value != png  # the bar at that rank changed
    check_chapter11_state(explorer, rels, exact=exact)


def test_chapter11_explorer_rank_1_then_rank_5(no_frames):
    """The issue's report: rank 1, then rank 5 (both become grade 3), then the slider."""
    explorer = chapter11_explorer()
    rels = list(CH11_SHOWN)
    check_chapter11_state(explorer, rels)
    # first what must hold whatever the ideal is: no error, labels, NDCG in [0, 1]
    click_grade(explorer, 1, rels, exact=False)
    click_grade(explorer, 5, rels, exact=False)
    assert rels[:5] == [3, 3, 0, 1, 3]
    slider = explorer._sliders["k"]
    for position in [p for p in range(len(slider.options)) if p != slider.value]:
        move_slider(explorer, position)
        check_chapter11_state(explorer, rels, exact=False)
    # then the values: four grade-3 items shown now (the given ideal had three grade 3s in
    # all); the ideal follows: those four plus the missed 3 and 2
    assert sorted(explorer.ideal.tolist(), reverse=True)[:6] == [3, 3, 3, 3, 3, 2]
    assert explorer.n_relevant == 8
    for k in range(1, 11):
        explorer.set(k=k)
        check_chapter11_state(explorer, rels)


def test_chapter11_explorer_every_button_through_every_grade(no_frames):
    """Every rank through all four grades (back to its own), the slider moved between clicks."""
    explorer = chapter11_explorer()
    n_positions = len(explorer._sliders["k"].options)
    rels = list(CH11_SHOWN)
    step = 0
    for rank in range(1, len(rels) + 1):
        for _ in range(4):
            step += 1
            position = (3 * step) % n_positions
            if position == explorer._sliders["k"].value:
                position = (position + 1) % n_positions
            move_slider(explorer, position)
            check_chapter11_state(explorer, rels)
            click_grade(explorer, rank, rels)
        assert rels[rank - 1] == CH11_SHOWN[rank - 1]  # a full cycle: back to its grade
    assert rels == CH11_SHOWN


def test_chapter11_explorer_grades_accumulate(no_frames):
    """Many ranks changed at once (seeded clicks), so grades pile up above the given ideal."""
    explorer = chapter11_explorer()
    n_positions = len(explorer._sliders["k"].options)
    rng = np.random.default_rng(12)
    rels = list(CH11_SHOWN)
    for _ in range(30):
        click_grade(explorer, int(rng.integers(1, len(rels) + 1)), rels)
        position = int(rng.integers(0, n_positions))
        if position != explorer._sliders["k"].value:
            move_slider(explorer, position)
        check_chapter11_state(explorer, rels)
    # every shown item at grade 3: NDCG@10 is 1 exactly when the list beats the unretrieved
    for rank in range(1, len(rels) + 1):
        while rels[rank - 1] != 3:
            click_grade(explorer, rank, rels)
    explorer.set(k=10)
    assert explorer.readout["ndcg_at_k"] == 1.0
    assert explorer.readout["recall_at_k"] == 10 / 12


def test_ranking_toggle_refused_before_any_change(no_frames):
    """An ideal kept fixed (it lacks the list's grade 1): a click it can't cover is refused."""
    explorer = ranking_explorer([1, 0, 1], ideal=[2, 2], k_values=[1, 2, 3])
    assert explorer.widget is not None
    explorer.set(k=3)
    png, readout_html = explorer._image_widget.value, explorer._readout_widget.value
    click(explorer._buttons[1])  # 0 -> 1 would give three 1s against two judged items
    assert explorer.rels.tolist() == [1, 0, 1]
    assert [b.description for b in explorer._buttons] == ["1", "0", "1"]
    assert explorer._image_widget.value == png
    assert explorer._readout_widget.value == readout_html
    assert "rank 2" in explorer.message and "refused" in explorer.message
    assert explorer._message_widget.layout.display != "none"  # visible
    assert isinstance(explorer.last_error, ValueError)
    with pytest.raises(ValueError, match="refused"):
        explorer.toggle(2)
    assert explorer.rels.tolist() == [1, 0, 1]
    # other clicks still work, and a successful action clears the message
    click(explorer._buttons[0])  # 1 -> 0
    assert explorer.rels.tolist() == [0, 0, 1]
    assert explorer.message == "" and explorer.last_error is None
    assert explorer._message_widget.layout.display == "none"
    assert explorer._image_widget.value != png


def test_callback_error_is_shown_and_the_explorer_recovers(no_frames, monkeypatch):
    """A drawing function that raises once: the error shows in the explorer, state stays."""
    explorer = chapter11_explorer()
    rels = list(CH11_SHOWN)
    strip = explorer.artists["strip"]
    original = strip.update
    failures = []

    def update_failing_once(*args, **kwargs):
        if not failures:
            failures.append(1)
            raise RuntimeError("drawing failed on purpose")
        return original(*args, **kwargs)

    slider = explorer._sliders["k"]
    old_position, old_k = slider.value, explorer.values["k"]
    png, readout_html = explorer._image_widget.value, explorer._readout_widget.value
    monkeypatch.setattr(strip, "update", update_failing_once)
    slider.value = 2  # no exception escapes the callback
    assert failures == [1]
    message = explorer.message
    assert "RuntimeError: drawing failed on purpose" in message and "K not moved" in message
    assert 'role="alert"' in explorer._message_widget.value
    assert explorer._message_widget.layout.display != "none"
    # nothing changed: K, the slider, the frame, the readout, the strip's cut-off
    assert explorer.values["k"] == old_k and slider.value == old_position
    assert explorer._image_widget.value == png
    assert explorer._readout_widget.value == readout_html
    assert strip.k == old_k
    # the next move works and clears the message
    move_slider(explorer, 2)
    check_chapter11_state(explorer, rels)
    assert explorer.message == "" and explorer.last_error is None

    # the same for a click: the grade stays, its label too; the next click works
    failures.clear()
    png = explorer._image_widget.value
    click(explorer._buttons[4])
    assert "Grade change at rank 5 not made" in explorer.message
    assert "drawing failed on purpose" in explorer.message
    assert explorer._image_widget.value == png
    assert explorer.rels.tolist() == rels  # the grade stays, its label too
    assert explorer._buttons[4].description == "2"
    click_grade(explorer, 5, rels)
    assert rels[4] == 3


def test_render_error_in_a_slider_callback_is_shown(data, no_frames, monkeypatch):
    """The framework, on another explorer: PNG rendering fails once during a slider move."""
    explorer = threshold_explorer(*data)
    assert explorer.widget is not None
    slider = explorer._sliders["threshold"]
    values, readout = explorer.values, explorer.readout
    png = explorer._image_widget.value
    render = explorer.render_png
    calls = []

    def render_failing_once(**kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise MemoryError("no memory for the frame")
        return render(**kwargs)

    monkeypatch.setattr(explorer, "render_png", render_failing_once)
    slider.value = 8
    assert "MemoryError: no memory for the frame" in explorer.message
    assert explorer.values == values and explorer.readout == readout
    assert slider.value == explorer.parameters["threshold"].index_of(values["threshold"])
    assert explorer._image_widget.value == png
    texts = [t.get_text() for row in explorer.artists["matrix"].texts for t in row]
    counts = em.counts_at(*data, threshold=values["threshold"])
    assert f"TP\n{counts.tp}" in texts  # the artists were moved back too
    slider.value = 8
    assert explorer.message == ""
    assert explorer.values["threshold"] == explorer.parameters["threshold"].values[8]
    assert explorer._image_widget.value != png


def test_set_is_all_or_nothing(data):
    explorer = threshold_explorer(*data)
    with pytest.raises(TypeError, match="beta is not a parameter"):
        explorer.set(threshold=0.3, beta=2.0)
    assert explorer.values == {"threshold": 0.5}  # not half applied
