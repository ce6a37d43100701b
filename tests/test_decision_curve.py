"""Net benefit and decision curves (evalmetrics.stats) and their plot, against hand arithmetic,
dcurves and the R package dcurves' published values.

Expected values come from: hand counts written here; dcurves 1.1.7 (``dcurves.dca``, the Python
implementation of Vickers and Elkin's decision curve analysis) on random data and on the example
data it ships (``dcurves/data/df_binary.csv``); and the results of the R package dcurves that
dcurves' own test suite publishes (read from source: MSKCC-Epi-Bio/dcurves at commit
168c8b654808691d70a1ea6b92d2a5013915efc2, tests/benchmark_data/r_case1_results.csv, "Binary,
cancer ~ famhistory", and r_case3_results.csv, "Binary, Cancer ~ marker", with harm 0.0333 for
the marker). None comes from the code under test.

dcurves' grid is ``[i / 100 for i in range(0, 100)]``; evalmetrics takes threshold
probabilities in the open interval (0, 1), so the comparisons use 0.01 ... 0.99 (at 0 the weight
p_t / (1 - p_t) is 0 and dcurves' net benefit is TP/n with a score of exactly 0 not treated).
"""

from __future__ import annotations

import os
import warnings

import matplotlib

matplotlib.use("Agg")
import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
import statsmodels.api as sm
from dcurves import data as dcurves_data
from dcurves import dca

import evalmetrics.stats as st
from evalmetrics.plots import (
    CHANCE_COLOR,
    CURVE_COLOR,
    DecisionCurveArtists,
    plot_decision_curve,
)

GRID = np.arange(1, 100) / 100  # dcurves' grid without 0
# the largest absolute difference from dcurves / R allowed: floating-point rounding only (the
# treat-all net benefit reaches about -70 at 0.99, where one ulp is about 1.4e-14)
TOLERANCE = 1e-12

# --- R dcurves' published results (see the module docstring), thresholds 0.01 ... 0.99 ------
R_FAMHISTORY_NB = [
    0.0307744107744107,
    0.0295238095238095,
    0.0282474226804123,
    0.0269444444444444,
    0.0256140350877192,
    0.0242553191489361,
    0.0228673835125448,
    0.0214492753623188,
    0.02,
    0.0185185185185185,
    0.017003745318352,
    0.0154545454545454,
    0.0138697318007662,
    0.0122480620155038,
    0.0105882352941176,
    0.0088888888888888,
    0.00714859437751,
    0.0053658536585365,
    0.0035390946502057,
    0.0016666666666666,
    -0.0002531645569620253,
    -0.0022222222222222,
    -0.0042424242424242,
    -0.0063157894736842,
    -0.0084444444444444,
    -0.0106306306306306,
    -0.0128767123287671,
    -0.0151851851851851,
    -0.0175586854460093,
    -0.02,
    -0.022512077294686,
    -0.0250980392156862,
    -0.0277611940298507,
    -0.0305050505050505,
    -0.0333333333333333,
    -0.03625,
    -0.0392592592592592,
    -0.0423655913978494,
    -0.0455737704918032,
    -0.0488888888888889,
    -0.0523163841807909,
    -0.0558620689655172,
    -0.05953216374269,
    -0.0633333333333333,
    -0.0672727272727272,
    -0.071358024691358,
    -0.0755974842767295,
    -0.08,
    -0.0845751633986928,
    -0.0893333333333333,
    -0.0942857142857143,
    -0.0994444444444444,
    -0.104822695035461,
    -0.1104347826086956,
    -0.1162962962962963,
    -0.1224242424242424,
    -0.1288372093023256,
    -0.1355555555555555,
    -0.1426016260162601,
    -0.15,
    -0.1577777777777778,
    -0.1659649122807018,
    -0.1745945945945946,
    -0.1837037037037037,
    -0.1933333333333333,
    -0.2035294117647059,
    -0.2143434343434344,
    -0.2258333333333334,
    -0.2380645161290323,
    -0.2511111111111112,
    -0.2650574712643678,
    -0.28,
    -0.2960493827160494,
    -0.3133333333333333,
    -0.3320000000000001,
    -0.3522222222222223,
    -0.3742028985507247,
    -0.3981818181818183,
    -0.4244444444444446,
    -0.4533333333333335,
    -0.485263157894737,
    -0.520740740740741,
    -0.5603921568627455,
    -0.605,
    -0.6555555555555556,
    -0.7133333333333334,
    -0.78,
    -0.857777777777778,
    -0.94969696969697,
    -1.0600000000000005,
    -1.1948148148148152,
    -1.3633333333333344,
    -1.5800000000000014,
    -1.868888888888891,
    -2.273333333333337,
    -2.8799999999999977,
    -3.891111111111108,
    -5.913333333333329,
    -11.979999999999992,
]
R_TREAT_ALL_NB = [
    0.1313131313131313,
    0.1224489795918367,
    0.1134020618556701,
    0.1041666666666666,
    0.0947368421052631,
    0.0851063829787234,
    0.075268817204301,
    0.0652173913043478,
    0.0549450549450549,
    0.0444444444444444,
    0.0337078651685393,
    0.0227272727272727,
    0.0114942528735632,
    0.0,
    -0.0117647058823529,
    -0.0238095238095238,
    -0.036144578313253,
    -0.048780487804878,
    -0.0617283950617283,
    -0.0749999999999999,
    -0.0886075949367088,
    -0.1025641025641025,
    -0.1168831168831168,
    -0.131578947368421,
    -0.1466666666666666,
    -0.1621621621621621,
    -0.1780821917808219,
    -0.1944444444444444,
    -0.2112676056338028,
    -0.2285714285714286,
    -0.2463768115942029,
    -0.2647058823529412,
    -0.2835820895522388,
    -0.3030303030303031,
    -0.3230769230769231,
    -0.34375,
    -0.3650793650793651,
    -0.3870967741935484,
    -0.4098360655737705,
    -0.4333333333333333,
    -0.4576271186440678,
    -0.482758620689655,
    -0.5087719298245613,
    -0.5357142857142857,
    -0.5636363636363636,
    -0.5925925925925926,
    -0.6226415094339622,
    -0.6538461538461537,
    -0.6862745098039215,
    -0.72,
    -0.7551020408163266,
    -0.7916666666666667,
    -0.8297872340425533,
    -0.8695652173913043,
    -0.9111111111111112,
    -0.9545454545454548,
    -1.0000000000000004,
    -1.0476190476190474,
    -1.0975609756097555,
    -1.15,
    -1.2051282051282053,
    -1.263157894736842,
    -1.324324324324324,
    -1.3888888888888888,
    -1.4571428571428573,
    -1.5294117647058827,
    -1.6060606060606064,
    -1.6875000000000004,
    -1.7741935483870974,
    -1.8666666666666671,
    -1.96551724137931,
    -2.071428571428571,
    -2.1851851851851847,
    -2.307692307692307,
    -2.44,
    -2.583333333333333,
    -2.739130434782609,
    -2.909090909090909,
    -3.095238095238096,
    -3.3000000000000007,
    -3.526315789473685,
    -3.777777777777779,
    -4.058823529411767,
    -4.374999999999999,
    -4.733333333333333,
    -5.142857142857142,
    -5.615384615384615,
    -6.166666666666667,
    -6.818181818181819,
    -7.600000000000001,
    -8.555555555555557,
    -9.750000000000004,
    -11.285714285714294,
    -13.333333333333346,
    -16.200000000000024,
    -20.499999999999982,
    -27.666666666666643,
    -41.999999999999964,
    -84.99999999999993,
]
R_MARKER_NB = [
    0.0980131313131313,
    0.0891489795918367,
    0.0801020618556701,
    0.0708666666666666,
    0.0614368421052631,
    0.0518063829787234,
    0.0415960573476702,
    0.0324971014492753,
    0.029747619047619,
    0.0290703703703703,
    0.0253067415730337,
    0.0236090909090909,
    0.0234969348659003,
    0.0239093023255813,
    0.0133666666666666,
    0.0111444444444444,
    0.0097522088353413,
    0.0016918699186991,
    0.0007411522633744907,
    -0.0043,
    -0.0082367088607594,
    -0.0142914529914529,
    -0.0146506493506493,
    -0.0142122807017543,
    -0.0172999999999999,
    -0.0201828828828828,
    -0.0201858447488584,
    -0.0196703703703703,
    -0.0227835680751173,
    -0.020347619047619,
    -0.0206043478260869,
    -0.0208294117647058,
    -0.023031343283582,
    -0.0244919191919191,
    -0.0265307692307692,
]


# --- by hand --------------------------------------------------------------------------------

# ten cases, three positive; the probabilities in decreasing order
Y_TINY = [1, 1, 0, 1, 0, 0, 0, 0, 0, 0]
P_TINY = [0.9, 0.6, 0.5, 0.45, 0.3, 0.2, 0.15, 0.1, 0.05, 0.02]


@pytest.mark.parametrize(
    ("threshold", "want"),
    [
        (0.25, (3 - 2 * (1 / 3)) / 10),  # treated 0.9 .. 0.3: TP 3, FP 2 (0.5, 0.3); odds 1/3
        (0.5, (2 - 1 * 1) / 10),  # treated 0.9, 0.6, 0.5 (tie: treated): TP 2, FP 1; odds 1
        (0.1, (3 - 5 * (1 / 9)) / 10),  # TP 3, FP 5 (0.5 0.3 0.2 0.15 0.1); odds 1/9
        (0.95, 0.0),  # nobody treated
        (0.01, (3 - 7 * (1 / 99)) / 10),  # everybody treated: TP 3, FP 7
    ],
)
def test_net_benefit_by_hand(threshold, want):
    assert st.net_benefit(Y_TINY, P_TINY, threshold=threshold) == pytest.approx(want, abs=1e-15)


@pytest.mark.parametrize(
    ("threshold", "want"),
    [(0.25, 0.3 - 0.7 / 3), (0.5, 0.3 - 0.7), (0.3, 0.0), (0.1, 0.3 - 0.7 / 9)],
)
def test_treat_all_by_hand(threshold, want):
    # prevalence 0.3: 0.3 - 0.7 * p_t / (1 - p_t); 0 exactly at p_t = prevalence
    assert st.net_benefit_treat_all(Y_TINY, threshold=threshold) == pytest.approx(want, abs=1e-15)


def test_decision_curve_by_hand_and_its_result_object():
    curve = st.decision_curve(Y_TINY, P_TINY, thresholds=[0.5, 0.1, 0.25])
    thresholds, model, treat_all = curve  # unpacks as the plot's positional arguments
    assert len(curve) == 3
    assert thresholds.tolist() == [0.5, 0.1, 0.25]  # the order given
    np.testing.assert_allclose(model, [0.1, (3 - 5 / 9) / 10, (3 - 2 / 3) / 10], atol=1e-15)
    np.testing.assert_allclose(treat_all, [0.3 - 0.7, 0.3 - 0.7 / 9, 0.3 - 0.7 / 3], atol=1e-15)
    assert curve.tp.tolist() == [2, 3, 3] and curve.fp.tolist() == [1, 5, 2]
    assert curve.prevalence == 0.3 and curve.n == 10
    assert curve.net_benefit_none.tolist() == [0.0, 0.0, 0.0]
    for array in (curve.thresholds, curve.net_benefit, curve.net_benefit_all, curve.tp):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 1


def test_default_grid_is_dcurves_without_zero():
    curve = st.decision_curve(Y_TINY, P_TINY)
    assert np.array_equal(curve.thresholds, [i / 100 for i in range(1, 100)])


def test_string_labels_and_pos_label():
    y = ["ham" if v == 0 else "spam" for v in Y_TINY]
    got = st.net_benefit(y, P_TINY, threshold=0.25, pos_label="spam")
    assert got == pytest.approx((3 - 2 / 3) / 10, abs=1e-15)
    assert st.net_benefit_treat_all(y, threshold=0.25, pos_label="spam") == pytest.approx(
        0.3 - 0.7 / 3, abs=1e-15
    )


def test_a_perfect_model_reaches_the_prevalence_and_treat_all_is_a_model_of_ones():
    y = np.array(Y_TINY)
    perfect = st.decision_curve(y, y.astype(float))  # probability 1 for positives, 0 else
    np.testing.assert_allclose(perfect.net_benefit, 0.3, atol=1e-15)
    everybody = st.decision_curve(y, np.ones(y.size))
    np.testing.assert_allclose(everybody.net_benefit, everybody.net_benefit_all, atol=1e-15)
    nobody = st.decision_curve(y, np.zeros(y.size))
    assert np.array_equal(nobody.net_benefit, nobody.net_benefit_none)


# --- dcurves on random data -----------------------------------------------------------------


def _dcurves_columns(frame: pd.DataFrame, outcome: str, model: str) -> dict[str, np.ndarray]:
    """dcurves' net benefit of the model, of "all" and of "none" on GRID."""
    result = dca(data=frame, outcome=outcome, modelnames=[model], thresholds=list(GRID))
    columns = {}
    for name in (model, "all", "none"):
        rows = result[result["model"] == name].sort_values("threshold")
        assert np.array_equal(rows["threshold"].to_numpy(), GRID)
        columns[name] = rows["net_benefit"].to_numpy(dtype=float)
    return columns


def _random_case(seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(30, 400))
    y = (rng.random(n) < rng.uniform(0.05, 0.6)).astype(int)
    y[:2] = [0, 1]
    p = np.clip(rng.beta(2, 3, n) + 0.25 * y, 0, 1)
    if seed % 2:
        # two decimals: many scores equal a grid value exactly (a tie is treated), and ties
        p = np.round(p, 2)
    p[2:4] = [0.0, 1.0]  # dcurves moves these to -eps and 1 + eps: no change inside (0, 1)
    return y, p


@pytest.mark.parametrize("seed", range(12))
def test_decision_curve_matches_dcurves_on_random_data(seed):
    y, p = _random_case(seed)
    want = _dcurves_columns(pd.DataFrame({"outcome": y, "model": p}), "outcome", "model")
    curve = st.decision_curve(y, p)
    np.testing.assert_allclose(curve.net_benefit, want["model"], rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(curve.net_benefit_all, want["all"], rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(curve.net_benefit_none, want["none"], rtol=0, atol=TOLERANCE)
    one_by_one = [st.net_benefit(y, p, threshold=t) for t in GRID]
    np.testing.assert_allclose(one_by_one, want["model"], rtol=0, atol=TOLERANCE)


def test_the_dcurves_comparison_can_fail():
    # the same data with one label flipped changes dcurves' curve beyond the tolerance
    y, p = _random_case(3)
    want = _dcurves_columns(pd.DataFrame({"outcome": y, "model": p}), "outcome", "model")
    flipped = y.copy()
    flipped[int(np.argmax(p))] ^= 1
    got = st.decision_curve(flipped, p).net_benefit
    assert np.max(np.abs(got - want["model"])) > 100 * TOLERANCE


# --- dcurves' example data and R's published values -----------------------------------------


@pytest.fixture(scope="module")
def df_binary() -> pd.DataFrame:
    """The example data dcurves ships (750 simulated patients; ``cancer`` is the outcome)."""
    return pd.read_csv(os.path.join(dcurves_data, "df_binary.csv"))


def _marker_risk(frame: pd.DataFrame) -> np.ndarray:
    """P(cancer | marker) from a logistic regression, as R's ``convert_to_risk`` computes it
    (statsmodels GLM, binomial family, on the outcome as 0/1)."""
    data = frame.assign(cancer=frame["cancer"].astype(int))
    fitted = sm.formula.glm("cancer ~ marker", family=sm.families.Binomial(), data=data).fit()
    return np.asarray(fitted.predict(), dtype=float)


@pytest.mark.parametrize("model", ["famhistory", "cancerpredmarker", "marker"])
def test_decision_curve_matches_dcurves_on_its_example_data(df_binary, model):
    y = df_binary["cancer"].to_numpy(dtype=int)
    p = _marker_risk(df_binary) if model == "marker" else df_binary[model].to_numpy(float)
    frame = df_binary.assign(**{model: p})
    result = dca(data=frame, outcome="cancer", modelnames=[model], thresholds=list(GRID))
    curve = st.decision_curve(y, p)
    for name, got in ((model, curve.net_benefit), ("all", curve.net_benefit_all)):
        rows = result[result["model"] == name].sort_values("threshold")
        want = rows["net_benefit"].to_numpy(dtype=float)
        np.testing.assert_allclose(got, want, rtol=0, atol=TOLERANCE)


def test_dcurves_models_to_prob_on_a_true_false_outcome_fits_the_other_class(df_binary):
    """A difference from the peer, shown with the peer: dcurves 1.1.7 reads df_binary's
    ``cancer`` (TRUE/FALSE in the CSV) as bool; its ``models_to_prob`` then fits a statsmodels
    formula GLM on a bool outcome, which models P(cancer = False). Its marker curve is the
    curve of 1 - risk; with the outcome as 0/1 it is R's. evalmetrics takes the probabilities
    themselves, so the comparisons above pass dcurves the risk, not ``models_to_prob``."""
    assert df_binary["cancer"].dtype == bool
    y = df_binary["cancer"].to_numpy(dtype=int)
    risk = _marker_risk(df_binary)

    def dcurves_marker(frame):
        result = dca(
            data=frame,
            outcome="cancer",
            modelnames=["marker"],
            thresholds=list(GRID),
            models_to_prob=["marker"],
        )
        rows = result[result["model"] == "marker"].sort_values("threshold")
        return rows["net_benefit"].to_numpy(dtype=float)

    as_bool = dcurves_marker(df_binary)
    np.testing.assert_allclose(
        as_bool, st.decision_curve(y, 1 - risk).net_benefit, rtol=0, atol=TOLERANCE
    )
    as_int = dcurves_marker(df_binary.assign(cancer=y))
    np.testing.assert_allclose(
        as_int, st.decision_curve(y, risk).net_benefit, rtol=0, atol=TOLERANCE
    )
    assert np.max(np.abs(as_bool - as_int)) > 0.1


def test_matches_r_dcurves_published_famhistory(df_binary):
    y = df_binary["cancer"].to_numpy(dtype=int)
    curve = st.decision_curve(y, df_binary["famhistory"].to_numpy(float))
    # R printed 16 significant digits: agreement to that
    np.testing.assert_allclose(curve.net_benefit, R_FAMHISTORY_NB, rtol=0, atol=1e-13)
    np.testing.assert_allclose(curve.net_benefit_all, R_TREAT_ALL_NB, rtol=0, atol=1e-13)
    # tp_rate 0.032 and fp_rate 0.121333 of R's table: 24 and 91 of 750
    assert set(curve.tp.tolist()) == {24} and set(curve.fp.tolist()) == {91}


def test_matches_r_dcurves_published_marker(df_binary):
    y = df_binary["cancer"].to_numpy(dtype=int)
    risk = _marker_risk(df_binary)
    # no risk lies within 1e-7 of a grid value, so R's and statsmodels' fits (which agree to
    # about 1e-15) treat the same patients at every threshold
    assert np.min(np.abs(risk[:, None] - GRID[None, :35])) > 1e-7
    curve = st.decision_curve(y, risk, thresholds=GRID[:35])
    harm = 0.0333  # R's table subtracts the marker's harm from its net benefit
    np.testing.assert_allclose(curve.net_benefit - harm, R_MARKER_NB, rtol=0, atol=1e-13)


# --- the link to expected cost ---------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_net_benefit_is_prevalence_minus_expected_cost_in_units_of_a_miss(seed):
    y, p = _random_case(seed)
    prevalence = y.mean()
    for cost_fp, cost_fn in ((1, 5), (1, 1), (3, 7), (1, 99)):
        p_t = cost_fp / (cost_fp + cost_fn)  # the Bayes threshold of these costs
        cost = st.expected_cost(y, p, threshold=p_t, cost_fp=cost_fp, cost_fn=cost_fn)
        got = st.net_benefit(y, p, threshold=p_t)
        assert got == pytest.approx(prevalence - cost / cost_fn, abs=1e-12)


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("threshold", "error", "message"),
    [
        (0.0, ValueError, r"threshold must lie in \(0, 1\), got 0.0"),
        (1.0, ValueError, r"threshold must lie in \(0, 1\), got 1.0"),
        (-0.2, ValueError, r"threshold must lie in \(0, 1\)"),
        (float("nan"), ValueError, r"threshold must lie in \(0, 1\)"),
        ("0.5", TypeError, "threshold must be a real number"),
        (True, TypeError, "threshold must be a real number"),
    ],
)
def test_bad_threshold_names_the_argument(threshold, error, message):
    with pytest.raises(error, match=message):
        st.net_benefit(Y_TINY, P_TINY, threshold=threshold)
    with pytest.raises(error, match=message):
        st.net_benefit_treat_all(Y_TINY, threshold=threshold)


@pytest.mark.parametrize(
    ("thresholds", "error", "message"),
    [
        ([0.1, 0.5, 1.0], ValueError, r"thresholds must lie in \(0, 1\).*1.0 at index 2"),
        ([0.0, 0.5], ValueError, r"thresholds must lie in \(0, 1\).*0.0 at index 0"),
        ([0.2, np.nan], ValueError, r"thresholds must lie in \(0, 1\).*nan at index 1"),
        ([], ValueError, "thresholds is empty"),
        (0.5, ValueError, "thresholds must be 1-D, got a scalar"),
        (["a", "b"], TypeError, "thresholds must be numeric"),
    ],
)
def test_bad_thresholds_name_the_argument_and_index(thresholds, error, message):
    with pytest.raises(error, match=message):
        st.decision_curve(Y_TINY, P_TINY, thresholds=thresholds)


@pytest.mark.parametrize(
    ("y_true", "y_score", "error", "message"),
    [
        ([0, 1, 1], [0.2, 1.3, 0.5], ValueError, r"y_score must lie in \[0, 1\].*index 1"),
        ([0, 1, 1], [0.2, -0.1, 0.5], ValueError, r"y_score must lie in \[0, 1\]"),
        ([0, 1, 1], [0.2, np.nan, 0.5], ValueError, "y_score contains NaN at index 1"),
        ([0, 1, 1], [0.2, 0.5], ValueError, "length mismatch"),
        ([0, 1, 2], [0.2, 0.3, 0.5], ValueError, "distinct labels"),
        ([0, 1, 1], ["a", "b", "c"], TypeError, "y_score must be numeric"),
    ],
)
def test_bad_data_names_the_argument(y_true, y_score, error, message):
    with pytest.raises(error, match=message):
        st.net_benefit(y_true, y_score, threshold=0.3)
    with pytest.raises(error, match=message):
        st.decision_curve(y_true, y_score)


# --- the plot -------------------------------------------------------------------------------


@pytest.fixture
def ax():
    figure, axes = plt.subplots(facecolor="#202020")
    yield axes
    plt.close(figure)


def test_plot_draws_the_curve_and_both_references(ax):
    curve = st.decision_curve(Y_TINY, P_TINY)
    artists = plot_decision_curve(ax, *curve, label="model")
    assert isinstance(artists, DecisionCurveArtists)
    assert np.array_equal(artists.curve.get_xdata(), GRID)
    assert np.array_equal(artists.curve.get_ydata(), curve.net_benefit)
    assert np.array_equal(artists.treat_all.get_ydata(), curve.net_benefit_all)
    assert artists.treat_none.get_ydata().tolist() == [0.0, 0.0]
    assert artists.treat_none.get_xdata().tolist() == [0.01, 0.99]
    assert {artists.curve, artists.treat_all, artists.treat_none} <= set(ax.get_children())
    labels = [artists.curve.get_label(), artists.treat_all.get_label()]
    assert labels == ["model", "treat all"] and artists.treat_none.get_label() == "treat none"
    assert mcolors.to_hex(artists.curve.get_color()) == CURVE_COLOR
    assert mcolors.to_hex(artists.treat_all.get_color()) == CHANCE_COLOR
    assert artists.curve.get_linewidth() == 2
    assert ax.get_xlabel() == "threshold probability" and ax.get_ylabel() == "net benefit"
    low, high = ax.get_ylim()
    assert low < 0 < 0.3 <= high  # 0 and the prevalence (the highest value) in view
    assert mcolors.to_hex(ax.figure.get_facecolor()) == "#202020"  # the figure untouched


def test_plot_leaves_out_what_was_not_asked_for(ax):
    curve = st.decision_curve(Y_TINY, P_TINY)
    artists = plot_decision_curve(ax, curve.thresholds, curve.net_benefit, treat_none=False)
    assert artists.treat_all is None and artists.treat_none is None
    assert len(ax.get_lines()) == 1


def test_plot_style_keywords_and_ignored_options_warn(ax):
    curve = st.decision_curve(Y_TINY, P_TINY)
    artists = plot_decision_curve(
        ax, *curve, color="#ff0000", ls="--", all_kw={"color": "#00ff00"}, none_kw={"lw": 1}
    )
    assert mcolors.to_hex(artists.curve.get_color()) == "#ff0000"
    assert artists.curve.get_linestyle() == "--"
    assert mcolors.to_hex(artists.treat_all.get_color()) == "#00ff00"
    assert artists.treat_none.get_linewidth() == 1
    with pytest.warns(UserWarning, match="all_kw is ignored"):
        plot_decision_curve(ax, curve.thresholds, curve.net_benefit, all_kw={"color": "k"})
    with pytest.warns(UserWarning, match="none_kw is ignored"):
        plot_decision_curve(ax, *curve, treat_none=False, none_kw={"lw": 1})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        plot_decision_curve(ax, *curve)


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (([0.1, 1.2], [0.1, 0.2]), ValueError, r"thresholds must lie in \[0, 1\].*index 1"),
        (([0.1, 0.2], [0.1, np.inf]), ValueError, "net_benefit contains an infinite value"),
        (([0.1, 0.2], [0.1, 0.2], [0.3]), ValueError, "length mismatch"),
        (([0.1, 0.2], [0.1]), ValueError, "length mismatch"),
        (([0.1, 0.2], ["a", "b"]), TypeError, "net_benefit must be numeric"),
        (([0.1, 0.2], [0.1, 0.2], [0.0, np.nan]), ValueError, "net_benefit_all contains NaN"),
    ],
)
def test_plot_checks_its_arrays(ax, args, error, message):
    with pytest.raises(error, match=message):
        plot_decision_curve(ax, *args)
