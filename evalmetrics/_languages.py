"""Figures in the book's languages: the same code draws the English and the Chinese figure.

A figure's words (titles, axis and tick labels, legends, annotations) are written in English in
the code. Its Chinese edition is the same figure with each text looked up in a message catalog,
``locales/zh_CN/LC_MESSAGES/figures.po`` (the translators' other catalogs sit beside it), and
drawn with a CJK font (Noto Sans CJK, Debian's ``fonts-noto-cjk``).

- **The book's build** executes every notebook once, with ``EVALMETRICS_FIGURE_LANGUAGES=en,zh_CN``
  (``_ext/fresh_notebooks.py`` sets it). Each figure is then shown once per language, each output
  marked ``{"evalmetrics": {"language": ...}}`` in its metadata; the English one also lists the
  figure's texts, from which ``tools/translations.py extract`` makes the catalog's template.
  Each edition keeps the outputs of its own language (:func:`keep_language`).
- **A reader's Jupyter** shows one figure, in English, or in Chinese with
  ``EVALMETRICS_LANGUAGE=zh_CN``.

Drawing the Chinese figure fails, rather than showing boxes, when a glyph is missing from every
font (matplotlib's "Glyph ... missing from font(s)" warning) or when a translation puts Chinese
inside math (``$...$``), which matplotlib's mathtext cannot draw. Chinese beside math
("DCG 折扣 $1/\\log_2(i+1)$") is drawn: mathtext writes the text outside the dollars in the
text's own font, with no fallback, so such a text gets the CJK font as its font.
"""

from __future__ import annotations

import base64
import contextlib
import os
import re
import sys
import warnings
from pathlib import Path
from typing import Any

ENGLISH = "en"
CHINESE = "zh_CN"
LANGUAGES_VARIABLE = "EVALMETRICS_FIGURE_LANGUAGES"  # the book build: "en,zh_CN"
LANGUAGE_VARIABLE = "EVALMETRICS_LANGUAGE"  # a reader's Jupyter: "zh_CN"
CATALOGS_VARIABLE = "EVALMETRICS_LOCALES"  # the folder of the catalogs, default ../locales
CJK_FONTS = ["Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Serif CJK SC"]
METADATA_KEY = "evalmetrics"
_WORD = re.compile(r"[A-Za-z]{2,}")
_MATH = re.compile(r"\$[^$]*\$")
_HAN = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def languages() -> list[str]:
    """The languages each figure is drawn in, from the environment (default: English only)."""
    several = os.environ.get(LANGUAGES_VARIABLE, "").strip()
    if several:
        return [_language(name) for name in several.split(",") if name.strip()]
    return [reader_language()]


def reader_language() -> str:
    """The language of a reader's copy (``EVALMETRICS_LANGUAGE``, default English)."""
    return _language(os.environ.get(LANGUAGE_VARIABLE, ENGLISH))


def _language(name: str) -> str:
    name = name.strip()
    if name.lower().replace("-", "_") in {"zh", "zh_cn"}:
        return CHINESE
    if name.lower() in {"", "en", "en_us", "en_gb", "c", "posix"}:
        return ENGLISH
    raise ValueError(
        f"{LANGUAGES_VARIABLE}/{LANGUAGE_VARIABLE}: unknown language {name!r} "
        f"(the book has {ENGLISH!r} and {CHINESE!r})"
    )


def catalog_path(language: str = CHINESE, domain: str = "figures") -> Path:
    """The catalog of ``domain``: ``figures`` (every figure's texts) or ``exercises``
    (:func:`evalmetrics.exercises.check`'s feedback and hints)."""
    folder = os.environ.get(CATALOGS_VARIABLE)
    root = Path(folder) if folder else Path(__file__).resolve().parents[1] / "locales"
    return root / language / "LC_MESSAGES" / f"{domain}.po"


_CATALOGS: dict[tuple[str, str], dict[str, str]] = {}


def translations(language: str = CHINESE, domain: str = "figures") -> dict[str, str]:
    """English text -> its translation, for the translated (not fuzzy) messages."""
    if (language, domain) not in _CATALOGS:
        path = catalog_path(language, domain)
        found: dict[str, str] = {}
        if path.exists():
            from babel.messages.pofile import read_po

            with path.open("rb") as stream:
                catalog = read_po(stream, locale=language)
            found = {
                message.id: message.string
                for message in catalog
                if message.id and message.string and not message.fuzzy
            }
        _CATALOGS[language, domain] = found
    return _CATALOGS[language, domain]


def say(text: str, domain: str, **values: object) -> str:
    """``text`` in the reader's language (``EVALMETRICS_LANGUAGE``), its ``{name}`` fields
    filled from ``values``; the English when the catalog has no translation."""
    language = reader_language()
    if language != ENGLISH:
        text = translations(language, domain).get(text, text)
    return text.format(**values) if values else text


def is_words(text: str) -> bool:
    """Whether a figure text has words to translate: not only numbers, symbols, math,
    abbreviations in capitals (TP, AUC, NDCG@10) and "vs", which Chinese writes the same."""
    outside_math = re.sub(r"\$[^$]*\$", "", text)
    return any(not word.isupper() and word.lower() != "vs" for word in _WORD.findall(outside_math))


def _texts(figure) -> list[tuple[Any, str]]:
    """(setter, text) for every text drawn in ``figure``, fixed tick labels included."""
    from matplotlib.text import Text
    from matplotlib.ticker import FixedFormatter

    found = []
    for artist in figure.findobj(Text):
        text = artist.get_text()
        if text and artist.get_visible():
            found.append((artist, text))
    for axes in figure.axes:
        for axis in (axes.xaxis, axes.yaxis):
            formatter = axis.get_major_formatter()
            if isinstance(formatter, FixedFormatter):
                found.extend((formatter, label) for label in formatter.seq if label)
    return found


def figure_texts(figure) -> list[str]:
    """The texts of ``figure`` a translator translates, in drawing order, each once."""
    figure.canvas.draw()  # tick labels exist once drawn
    seen: dict[str, None] = {}
    for _, text in _texts(figure):
        if is_words(text):
            seen.setdefault(text, None)
    return list(seen)


class FigureTextError(RuntimeError):
    """A Chinese figure that cannot be drawn right (a missing glyph, Chinese inside math)."""


def _png(figure) -> bytes:
    from IPython.core.pylabtools import print_figure

    kwargs = {"bbox_inches": "tight"}
    try:
        from matplotlib_inline.config import InlineBackend

        kwargs = dict(InlineBackend.instance().print_figure_kwargs)
    except ImportError:  # pragma: no cover - matplotlib-inline ships with ipykernel
        pass
    return print_figure(figure, "png", **kwargs)


@contextlib.contextmanager
def translated(figure, language: str):
    """Within the block, ``figure``'s texts are in ``language`` (each looked up in the
    catalog; a CJK font added as a fallback) and drawing it raises :class:`FigureTextError`
    on a missing glyph; afterwards the figure is as it was."""
    if language == ENGLISH:
        yield
        return
    from matplotlib.ticker import FixedFormatter, FuncFormatter

    table = translations(language)
    figure.canvas.draw()
    changed: list[tuple[Any, Any]] = []
    try:
        retranslate(figure, language, changed)
        for axes in figure.axes:
            for axis in (axes.xaxis, axes.yaxis):
                # tick labels are drawn anew from the axis' formatter: a fixed list of labels,
                # or a function (matplotlib 3.9+ keeps ``set_xticks(ticks, labels)``'s labels
                # as a FuncFormatter over a dict), so the formatter answers in ``language``
                formatter = axis.get_major_formatter()
                if isinstance(formatter, FixedFormatter) and any(
                    label in table for label in formatter.seq
                ):
                    changed.append((formatter, ("seq", list(formatter.seq))))
                    formatter.seq = [table.get(label, label) for label in formatter.seq]
                elif isinstance(formatter, FuncFormatter) and any(
                    label.get_text() in table for label in axis.get_ticklabels()
                ):
                    changed.append((formatter, ("func", formatter.func)))
                    formatter.func = _translating(formatter.func, table)
                else:
                    continue
                # the labels drawn now and any tick made later: the CJK font as a fallback
                family = _font_family(axis)
                changed.append((axis, ("font", family)))
                axis.set_tick_params(labelfontfamily=[*family, *CJK_FONTS])
                for label in axis.get_ticklabels():
                    changed.append((label, (label.get_text(), label.get_fontfamily())))
                    label.set_fontfamily([*label.get_fontfamily(), *CJK_FONTS])
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            yield
        missing = [str(w.message) for w in caught if "missing from font" in str(w.message)]
        for warning in caught:
            if "missing from font" not in str(warning.message):
                warnings.warn_explicit(
                    warning.message, warning.category, warning.filename, warning.lineno
                )
        if missing:
            raise FigureTextError(
                f"the {language} figure lacks glyphs ({missing[0]}); install a CJK font "
                f"(Debian: fonts-noto-cjk) and clear matplotlib's font cache"
            )
    finally:
        for target, old in reversed(changed):
            if isinstance(old, tuple) and old[0] == "seq":
                target.seq = old[1]
            elif isinstance(old, tuple) and old[0] == "func":
                target.func = old[1]
            elif isinstance(old, tuple) and old[0] == "font":
                target.set_tick_params(labelfontfamily=old[1])
            else:
                text, family = old
                target.set_text(text)
                target.set_fontfamily(family)


def _translating(func, table: dict[str, str]):
    """A tick formatter's function whose labels are looked up in ``table``."""

    def label(value, position=None):
        text = func(value, position)
        return table.get(text, text)

    return label


def _font_family(axis) -> list[str]:
    """The font family the tick labels of ``axis`` are drawn in."""
    import matplotlib

    family = axis.get_ticklabels()[0].get_fontfamily() if axis.get_ticklabels() else None
    return list(family or matplotlib.rcParams["font.family"])


def retranslate(figure, language: str, changed: list | None = None) -> None:
    """Translate every text of ``figure`` that the catalog has (again: an explorer's update
    sets its texts anew for each frame); ``changed`` collects what to restore."""
    from matplotlib.text import Text

    table = translations(language)
    for artist in figure.findobj(Text):
        text = artist.get_text()
        new = table.get(text)
        if new is None:
            continue
        if any(_HAN.search(math) for math in _MATH.findall(new)):
            raise ChineseMathError(text, new)
        if changed is not None:
            changed.append((artist, (text, artist.get_fontfamily())))
        artist.set_text(new)
        family = [name for name in artist.get_fontfamily() if name not in CJK_FONTS]
        if "$" in new and _HAN.search(new):
            # mathtext draws the words outside the dollars in the text's first font alone
            artist.set_fontfamily([*CJK_FONTS, *family])
        else:
            artist.set_fontfamily([*family, *CJK_FONTS])


def render(figure, language: str) -> bytes:
    """``figure`` as PNG in ``language`` (see :func:`translated`)."""
    with translated(figure, language):
        return _png(figure)


class ChineseMathError(FigureTextError):
    def __init__(self, text: str, new: str):
        super().__init__(
            f"the translation of the figure text {text!r} puts Chinese inside math ({new!r}): "
            "matplotlib's mathtext draws no Chinese between dollars; write the Chinese outside "
            "the $...$"
        )


def show_figure(figure) -> bool:
    """IPython's display of a matplotlib figure: once per language, each output marked."""
    from IPython.display import publish_display_data

    chosen = languages()
    marked = len(chosen) > 1 or chosen != [ENGLISH]
    for language in chosen:
        png = render(figure, language)
        data = {
            "image/png": base64.b64encode(png).decode("ascii"),
            "text/plain": repr(figure),
        }
        metadata: dict[str, Any] = {}
        if marked:
            mark: dict[str, Any] = {"language": language}
            if language == ENGLISH:
                mark["texts"] = figure_texts(figure)
            metadata[METADATA_KEY] = mark
        publish_display_data(data, metadata)
    return True


UNDEFINED = "undefined"  # an explorer's readout of a 0/0 (evalmetrics.explorer)


def show_explorer(explorer) -> bool:
    """IPython's display of an explorer in the build: its static page once per language,
    each output marked (the English one lists the texts to translate)."""
    from IPython.display import publish_display_data

    for language in languages():
        with explorer.in_language(language):
            page = explorer.static_html()
        mark: dict[str, Any] = {"language": language}
        if language == ENGLISH:
            mark["texts"] = explorer.texts()
        publish_display_data(
            {"text/plain": repr(explorer), "text/html": page}, {METADATA_KEY: mark}
        )
    return True


def install() -> None:
    """In an IPython kernel asked for Chinese or for several languages, show figures through
    :func:`show_figure` (registered by name: matplotlib is not imported here)."""
    if languages() == [ENGLISH]:
        return
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return
    formatter = shell.display_formatter.ipython_display_formatter
    formatter.for_type_by_name("matplotlib.figure", "Figure", show_figure)
    if len(languages()) > 1:  # the build: static pages in each language (no live widget)
        formatter.for_type_by_name("evalmetrics.explorer", "Explorer", show_explorer)


def keep_language(outputs: list, language: str) -> list:
    """The outputs an edition in ``language`` shows: unmarked ones and those of its language."""
    kept = []
    for output in outputs:
        mark = (output.get("metadata") or {}).get(METADATA_KEY) or {}
        if "language" in mark and mark["language"] != language:
            continue
        kept.append(output)
    return kept
