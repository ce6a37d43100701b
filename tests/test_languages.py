"""Figures in two languages (evalmetrics/_languages.py): the same figure, its texts looked up in
the figures' catalog, drawn with a CJK font; a missing glyph or Chinese inside math is an error."""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import write_po  # noqa: E402
from matplotlib import font_manager  # noqa: E402

from evalmetrics import _languages  # noqa: E402

HAS_CJK = any("CJK" in font.name for font in font_manager.fontManager.ttflist)


@pytest.fixture
def catalog(tmp_path, monkeypatch):
    """A figures catalog in a temporary locales folder: ``write({english: chinese})``."""
    folder = tmp_path / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    monkeypatch.setenv(_languages.CATALOGS_VARIABLE, str(tmp_path))
    monkeypatch.setattr(_languages, "_CATALOGS", {})

    def write(messages: dict[str, str], fuzzy: tuple[str, ...] = ()) -> None:
        po = Catalog(locale="zh_CN")
        for english, chinese in messages.items():
            po.add(english, chinese, flags=["fuzzy"] if english in fuzzy else [])
        with (folder / "figures.po").open("wb") as stream:
            write_po(stream, po)
        _languages._CATALOGS.clear()

    return write


def _figure():
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.plot([0, 1], [1, 0], label="model A")
    ax.set_xlabel("Recall")
    ax.set_ylabel("Precision")
    ax.set_title("$F_1$ = 0.5")
    ax.set_xticks([0, 1], ["benign", "malignant"])
    ax.legend()
    return fig, ax


def _pixels(png: bytes) -> np.ndarray:
    import io

    return plt.imread(io.BytesIO(png))


def test_figure_texts_lists_the_words_not_numbers_or_math():
    fig, _ = _figure()
    try:
        texts = _languages.figure_texts(fig)
    finally:
        plt.close(fig)
    assert texts == ["Recall", "Precision", "model A", "benign", "malignant"] or set(texts) == {
        "Recall",
        "Precision",
        "model A",
        "benign",
        "malignant",
    }
    assert "$F_1$ = 0.5" not in texts and "0.5" not in texts


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Recall", True),
        ("0.25", False),
        ("$F_1$", False),
        ("$F_1$ of model A", True),
        ("TP", False),
        ("0.9 vs 0.7\n1", False),
        ("AUC = 0.5, not random", True),
    ],
)
def test_is_words(text, words):
    assert _languages.is_words(text) is words


@pytest.mark.skipif(not HAS_CJK, reason="needs fonts-noto-cjk (CI installs it)")
def test_the_chinese_figure_is_translated_and_the_figure_left_as_it_was(catalog):
    catalog({"Recall": "召回率", "Precision": "精确率", "benign": "良性", "malignant": "恶性"})
    fig, ax = _figure()
    try:
        english = _languages.render(fig, "en")
        chinese = _languages.render(fig, "zh_CN")
        again = _languages.render(fig, "en")
        assert ax.get_xlabel() == "Recall"  # restored
        assert [label.get_text() for label in ax.get_xticklabels()] == ["benign", "malignant"]
    finally:
        plt.close(fig)
    assert not np.array_equal(_pixels(english), _pixels(chinese))
    assert np.array_equal(_pixels(english), _pixels(again))


@pytest.mark.skipif(not HAS_CJK, reason="needs fonts-noto-cjk (CI installs it)")
@pytest.mark.parametrize("how", ["set_xticks labels", "FixedFormatter", "FuncFormatter"])
def test_tick_labels_are_translated_however_the_axis_makes_them(catalog, how):
    """matplotlib keeps ``set_xticks(ticks, labels)``'s labels in a formatter (a FuncFormatter
    over a dict since 3.9) and draws the tick labels anew from it: translating the drawn
    labels alone leaves the English on the image (the confusion matrix's "positive")."""
    from matplotlib.ticker import FixedFormatter, FixedLocator, FuncFormatter

    catalog({"benign": "良性", "malignant": "恶性"})
    fig, ax = plt.subplots(figsize=(3, 2))
    if how == "set_xticks labels":
        ax.set_xticks([0, 1], ["benign", "malignant"])
    else:
        ax.xaxis.set_major_locator(FixedLocator([0, 1]))
        ax.xaxis.set_major_formatter(
            FixedFormatter(["benign", "malignant"])
            if how == "FixedFormatter"
            else FuncFormatter(lambda value, _: ["benign", "malignant"][round(value)])
        )
    try:
        with _languages.translated(fig, "zh_CN"):
            fig.canvas.draw()
            drawn = [label.get_text() for label in ax.get_xticklabels()]
            fonts = ax.get_xticklabels()[0].get_fontfamily()
        fig.canvas.draw()
        after = [label.get_text() for label in ax.get_xticklabels()]
        fonts_after = ax.get_xticklabels()[0].get_fontfamily()
    finally:
        plt.close(fig)
    assert drawn == ["良性", "恶性"], how
    assert _languages.CJK_FONTS[0] in fonts
    assert after == ["benign", "malignant"]
    assert _languages.CJK_FONTS[0] not in fonts_after


def test_a_fuzzy_or_missing_translation_leaves_the_english(catalog):
    catalog({"Recall": "召回率"}, fuzzy=("Recall",))
    assert "Recall" not in _languages.translations()
    fig, _ = _figure()
    try:
        assert np.array_equal(
            _pixels(_languages.render(fig, "en")), _pixels(_languages.render(fig, "zh_CN"))
        )
    finally:
        plt.close(fig)


def test_a_glyph_no_font_has_is_an_error(catalog):
    catalog({"Recall": "\ue000\ue001"})  # private use: no font draws it
    fig, _ = _figure()
    try:
        with pytest.raises(_languages.FigureTextError, match="lacks glyphs"):
            _languages.render(fig, "zh_CN")
        assert fig.axes[0].get_xlabel() == "Recall"
    finally:
        plt.close(fig)


def test_chinese_inside_math_is_an_error(catalog):
    catalog({"model A": "模型 $A_{模型}$"})
    fig, _ = _figure()
    try:
        with pytest.raises(_languages.FigureTextError, match="puts Chinese inside math"):
            _languages.render(fig, "zh_CN")
    finally:
        plt.close(fig)


@pytest.mark.skipif(not HAS_CJK, reason="needs fonts-noto-cjk (CI installs it)")
def test_chinese_beside_math_is_drawn_with_the_cjk_font(catalog):
    """mathtext draws the words outside the dollars in the text's first font, without
    fallback: with DejaVu Sans first, the Chinese would be boxes (a missing-glyph warning)."""
    catalog({"$F_1$ of model A": "模型 A 的 $F_1$"})
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.set_title("$F_1$ of model A")
    try:
        with _languages.translated(fig, "zh_CN"):
            title, family = ax.get_title(), ax.title.get_fontfamily()
            _languages._png(fig)  # a missing glyph would raise FigureTextError
        assert ax.get_title() == "$F_1$ of model A"
    finally:
        plt.close(fig)
    assert title == "模型 A 的 $F_1$"
    assert family[0] == _languages.CJK_FONTS[0]


def test_keep_language_keeps_unmarked_outputs_and_the_editions_own():
    outputs = [
        {"output_type": "stream", "text": "x"},
        {"output_type": "display_data", "metadata": {"evalmetrics": {"language": "en"}}},
        {"output_type": "display_data", "metadata": {"evalmetrics": {"language": "zh_CN"}}},
    ]
    assert _languages.keep_language(outputs, "en") == outputs[:2]
    assert _languages.keep_language(outputs, "zh_CN") == [outputs[0], outputs[2]]


def test_languages_from_the_environment(monkeypatch):
    monkeypatch.delenv(_languages.LANGUAGES_VARIABLE, raising=False)
    monkeypatch.delenv(_languages.LANGUAGE_VARIABLE, raising=False)
    assert _languages.languages() == ["en"]
    monkeypatch.setenv(_languages.LANGUAGE_VARIABLE, "zh")
    assert _languages.languages() == ["zh_CN"]
    monkeypatch.setenv(_languages.LANGUAGES_VARIABLE, "en,zh_CN")
    assert _languages.languages() == ["en", "zh_CN"]
    monkeypatch.setenv(_languages.LANGUAGES_VARIABLE, "en,fr")
    with pytest.raises(ValueError, match="EVALMETRICS_FIGURE_LANGUAGES.*'fr'"):
        _languages.languages()


@pytest.mark.skipif(not HAS_CJK, reason="needs fonts-noto-cjk (CI installs it)")
def test_an_explorer_renders_its_frames_readouts_and_alt_text_in_chinese(catalog):
    from evalmetrics.widgets import beta_explorer

    catalog({"precision": "精确率", "recall": "召回率", "PR curve": "P-R 曲线"})
    rng = np.random.default_rng(0)
    explorer = beta_explorer(rng.integers(0, 2, 40), rng.random(40), betas=[0.5, 1.0, 2.0])
    try:
        texts = explorer.texts()
        assert {"precision", "recall", "PR curve", explorer.description} <= set(texts)
        english = explorer.static_html(frames=True)
        with explorer.in_language("zh_CN"):
            chinese = explorer.static_html(frames=True)
        again = explorer.static_html(frames=True)
    finally:
        plt.close(explorer.figure)
    assert "精确率" in chinese and "精确率" not in english
    frames = re.compile(r'"frames":\[([^\]]*)\]')
    assert frames.search(english)[1] != frames.search(chinese)[1]  # the figure's words too
    # afterwards the explorer is English again, frame for frame (ids aside)
    assert frames.search(again)[1] == frames.search(english)[1]
    assert explorer.figure.axes[0].get_xlabel() == "recall"


def test_a_live_explorer_in_a_chinese_copy_speaks_chinese(catalog, monkeypatch):
    """``make lab LANG=zh``: the live view's slider labels, readouts and figure are Chinese,
    after a slider move too (the update function writes the English texts again)."""
    pytest.importorskip("ipywidgets")
    from evalmetrics.widgets import beta_explorer

    catalog({"precision": "精确率", "recall": "召回率"})
    monkeypatch.setenv(_languages.LANGUAGE_VARIABLE, "zh_CN")
    monkeypatch.delenv("EVALMETRICS_STATIC_FRAMES", raising=False)
    rng = np.random.default_rng(0)
    explorer = beta_explorer(rng.integers(0, 2, 40), rng.random(40), betas=[0.5, 1.0, 2.0])
    try:
        widget = explorer.widget
        slider = next(iter(explorer._sliders.values()))
        slider.value = (slider.value + 1) % len(slider.options)
        xlabel = explorer.figure.axes[0].get_xlabel()
        readout = explorer._readout_widget.value
    finally:
        plt.close(explorer.figure)
    assert widget is not None and not explorer.message
    assert xlabel == "召回率"
    assert "精确率" in readout or "召回率" in readout


def test_check_answers_in_the_readers_language(tmp_path, monkeypatch):
    from evalmetrics import exercises

    folder = tmp_path / "zh_CN" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = Catalog(locale="zh_CN")
    po.add(exercises.NOT_QUITE, "还不对。")
    po.add(exercises.TRY_AGAIN, "再试一次。")
    po.add(exercises.RIGHT, "正确（达到要求的精度）。")
    hint = (
        "The model flags nobody, so precision is 0 divided by 0: undefined, not 0."
        " Pass float('nan')."
    )
    po.add(
        hint,
        "模型没有判任何样本为正例，所以精确率是 0 除以 0：未定义，而不是 0。请传入 float('nan')。",
    )
    with (folder / "exercises.po").open("wb") as stream:
        write_po(stream, po)
    monkeypatch.setenv(_languages.CATALOGS_VARIABLE, str(tmp_path))
    monkeypatch.setattr(_languages, "_CATALOGS", {})
    english = exercises.check("ch01-ex-screening", accuracy=0.123, recall=2, precision=0)
    monkeypatch.setenv(_languages.LANGUAGE_VARIABLE, "zh_CN")
    chinese = exercises.check("ch01-ex-screening", accuracy=0.123, recall=2, precision=0)
    assert english.lines[0] == "accuracy: not quite. Try again."
    assert chinese.lines[0] == "accuracy: 还不对。再试一次。"
    assert chinese.lines[2].startswith("precision: 还不对。模型没有判任何样本为正例")
    assert bool(chinese) == bool(english)
