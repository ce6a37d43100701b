"""The English and the Chinese edition: a link on every page to the same page in the other, and
glued numbers in translated paragraphs, and each edition's figures.

The Chinese edition (``tools/translations.py build``) is the same notebooks built with
``language = "zh_CN"``, into ``_build/html/zh``. Every page of either edition gets, above its
title, a link to the same page in the other language (a relative address, so the pair works
offline and wherever the site is served).

Glue in translations: Sphinx translates a paragraph by parsing the translated text as a small
document of its own. myst-nb (since its pull request 600, "Support translated notebooks")
parses that text with the plain MyST parser, whose document lacks the notebook's renderer, so a
``{glue:text}`` role in a translated paragraph finds no glue data ("No key ... found in glue
data for this document"). This extension keeps each notebook's renderer while its page is read
and hands it to the translated snippets of the same page, so they paste the same values.

Figures: the build executes every notebook once with ``EVALMETRICS_FIGURE_LANGUAGES=en,zh_CN``
(set here, before any notebook's key is computed), so each figure is output once per language
(``evalmetrics/_languages.py``); each edition shows the outputs of its own language.
"""

from __future__ import annotations

import os

from sphinx.application import Sphinx

from evalmetrics import _languages

_EDITION: list[str] = [_languages.ENGLISH]  # the language of the build running here

_RENDERERS: dict[str, object] = {}
_READING: list[str] = []  # the page whose notebook myst-nb is parsing


def _keep_renderers() -> None:
    from myst_nb import sphinx_
    from myst_nb.core.render import NbElementRenderer

    if getattr(NbElementRenderer, "_editions_patched", False):
        return
    original_init = NbElementRenderer.__init__

    def __init__(self, renderer, logger):  # noqa: N807
        original_init(self, renderer, logger)
        if _READING:
            _RENDERERS[_READING[-1]] = self

    NbElementRenderer.__init__ = __init__
    NbElementRenderer._editions_patched = True
    original_parse = sphinx_.Parser.parse

    def parse(self, inputstring, document):
        docname = document.settings.env.docname
        if document.current_source.endswith("<translated>"):
            renderer = _RENDERERS.get(docname)
            if renderer is None or "nb_renderer" in document:
                return original_parse(self, inputstring, document)
            document["nb_renderer"] = renderer
            try:
                return original_parse(self, inputstring, document)
            finally:  # as myst-nb does after a notebook: a doctree must pickle
                document.attributes.pop("nb_renderer", None)
        _READING.append(docname)
        try:
            return original_parse(self, inputstring, document)
        finally:
            _READING.pop()

    sphinx_.Parser.parse = parse


def _keep_own_figures() -> None:
    """myst-nb reads a cell's outputs through ``code_cell_outputs``: leave out the figures
    drawn for the other edition."""
    from myst_nb.core.execute.base import NotebookClientBase

    if getattr(NotebookClientBase, "_editions_patched", False):
        return
    original = NotebookClientBase.code_cell_outputs

    def code_cell_outputs(self, cell_index):
        count, outputs = original(self, cell_index)
        return count, _languages.keep_language(outputs, _EDITION[0])

    NotebookClientBase.code_cell_outputs = code_cell_outputs
    NotebookClientBase._editions_patched = True


def _set_edition(app: Sphinx, config) -> None:
    language = config.language or _languages.ENGLISH
    _EDITION[0] = _languages.CHINESE if language.startswith("zh") else _languages.ENGLISH


def other_edition(docname: str, language: str | None) -> tuple[str, str, str]:
    """(address, language code, link text) of ``docname`` in the other edition, relative to
    the page: the English pages are at the site's root, the Chinese ones under ``zh/``."""
    up = "../" * docname.count("/")
    if language and language.startswith("zh"):
        return f"{up}../{docname}.html", "en", "English"
    return f"{up}zh/{docname}.html", "zh-CN", "中文版"


def _add_switch(app: Sphinx, pagename: str, templatename: str, context: dict, doctree) -> None:
    if doctree is None or pagename not in app.env.found_docs or "body" not in context:
        return
    href, code, text = other_edition(pagename, app.config.language)
    link = (
        f'<p class="edition-switch"><a href="{href}" hreflang="{code}" lang="{code}">'
        f"{text}</a></p>\n"
    )
    context["body"] = link + context["body"]


def setup(app: Sphinx) -> dict:
    _keep_renderers()
    _keep_own_figures()
    os.environ.setdefault(
        _languages.LANGUAGES_VARIABLE, f"{_languages.ENGLISH},{_languages.CHINESE}"
    )
    app.connect("config-inited", _set_edition)
    app.connect("html-page-context", _add_switch)
    return {"parallel_read_safe": False, "parallel_write_safe": True}
