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
import re

from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

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


_RST_ROLE = re.compile(r"(?<![\w`]):[a-z]+(?::[a-z]+)?:`")


def _parse_docstrings_as_rst() -> None:
    """A translated docstring (the API page: autodoc inserts reStructuredText into a MyST
    page) is parsed as reStructuredText, as its English was.

    Sphinx parses every translation with the page's own parser, MyST here, which reads
    ``:func:`precision``` as text: the cross-reference is lost and Sphinx warns "inconsistent
    term references in translated message". A docstring's message, or any message holding a
    reStructuredText role, is parsed with the reStructuredText parser instead; every other
    message as before."""
    import contextlib

    from docutils.io import StringInput
    from sphinx.io import SphinxI18nReader
    from sphinx.transforms import i18n

    if getattr(i18n, "_editions_patched", False):
        return
    original = i18n.publish_msgstr

    def publish_msgstr(app, source, source_path, source_line, config, settings):
        docstring = "docstring of " in str(source_path) or (
            # autodoc's text reports the page as its source: reStructuredText's ``literal``
            str(source_path).endswith("api.md") and "``" in source
        )
        if not docstring and not _RST_ROLE.search(source):
            return original(app, source, source_path, source_line, config, settings)
        source = _spaced_markup(source)
        prolog, config.rst_prolog = config.rst_prolog, None
        try:
            reader = SphinxI18nReader()
            reader.setup(app)
            document = reader.read(
                source=StringInput(
                    source=source, source_path=f"{source_path}:{source_line}:<translated>"
                ),
                parser=app.registry.create_source_parser(app, "restructuredtext"),
                settings=settings,
            )
            with contextlib.suppress(IndexError):  # an empty node
                return document[0]
            return document
        finally:
            config.rst_prolog = prolog

    i18n.publish_msgstr = publish_msgstr
    i18n._editions_patched = True


# reStructuredText's inline markup in a translated docstring: a literal, a role, strong or
# emphasis, an interpreted text
_INLINE = re.compile(r"``[^`]+``|:[a-z]+(?::[a-z]+)?:`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`")


def _spaced_markup(text: str) -> str:
    """``text`` with an escaped space (``\\ ``, which reStructuredText drops) between each
    inline markup and a character that touches it: Chinese writes ``代码``的 with no space,
    and reStructuredText recognises markup only after and before a space or punctuation."""

    def spaced(match: re.Match) -> str:
        before = match.start() > 0 and not text[match.start() - 1].isspace()
        after = match.end() < len(text) and not text[match.end()].isspace()
        return ("\\ " if before else "") + match.group(0) + ("\\ " if after else "")

    return _INLINE.sub(spaced, text)


class GiveTableCellsASource(SphinxTransform):
    """A paragraph without a source line is not a message for Sphinx's i18n (it takes it for
    a built-in text): MyST leaves the cells of a table nested in a directive (a table inside a
    dropdown box) without one, so they stayed English in the Chinese edition. Each such
    paragraph gets the source and line of its nearest ancestor that has them."""

    default_priority = 15  # before sphinx.transforms.i18n.Locale (20)

    def apply(self, **kwargs) -> None:
        from docutils import nodes

        for paragraph in self.document.findall(nodes.paragraph):
            if paragraph.source or not paragraph.rawsource.strip():
                continue
            if not isinstance(paragraph.parent, nodes.entry):  # a table's cell only
                continue
            parent = paragraph.parent
            while parent is not None and not parent.source:
                parent = parent.parent
            if parent is not None:
                paragraph.source, paragraph.line = parent.source, parent.line


def _page_catalog(transform: SphinxTransform):
    """The page's message catalog in a translated edition (as Sphinx's Locale finds it), or
    None in the English edition or when the page has none."""
    from os import path

    from sphinx.locale import init as init_locale
    from sphinx.util.i18n import docname_to_domain

    config, env = transform.config, transform.env
    if _EDITION[0] == _languages.ENGLISH or not config.language:
        return None
    domain = docname_to_domain(env.docname, config.gettext_compact)
    folders = [path.join(env.srcdir, folder) for folder in config.locale_dirs]
    catalog, found = init_locale(folders, config.language, domain)
    return catalog if found else None


class TranslateMathBlocks(SphinxTransform):
    """A display formula's translation (words inside ``\\text{}``) replaces its LaTeX.

    Sphinx's Locale transform parses a translated literal-type node as
    ``"::\\n\\n   " + translation``, reStructuredText's literal-block notation, with the
    page's own parser; the MyST parser reads that as a paragraph "::", and the formula became
    ``\\[::\\]`` on the Chinese page. This transform runs first and puts the translation in
    place itself; Locale then finds nothing left to translate in the block."""

    default_priority = 19  # before sphinx.transforms.i18n.Locale (20)

    def apply(self, **kwargs) -> None:
        from docutils import nodes

        catalog = _page_catalog(self)
        if catalog is None:
            return
        for node in list(self.document.findall(nodes.math_block)):
            english = node.rawsource or node.astext()
            chinese = catalog.gettext(english)
            if chinese and chinese != english:
                node.rawsource = chinese
                node.children = []
                node += nodes.Text(chinese)


class TranslateTocCaptions(SphinxTransform):
    """The captions of the parts in the sidebar (``_toc.yml``'s ``caption``) in the edition's
    language. sphinx-external-toc inserts the root page's toctrees in a transform of its own
    (priority 100), after Sphinx's Locale (20) has translated the page, so the captions,
    which the gettext builder extracts into the root page's catalog, stayed English."""

    default_priority = 101  # after sphinx_external_toc's InsertToctrees (100)

    def apply(self, **kwargs) -> None:
        from sphinx import addnodes

        toctrees = [node for node in self.document.findall(addnodes.toctree) if node.get("caption")]
        catalog = _page_catalog(self) if toctrees else None
        if catalog is None:
            return
        for node in toctrees:
            chinese = catalog.gettext(node["caption"])
            if chinese and chinese != node["caption"]:
                node["caption"] = node["rawcaption"] = chinese


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


def _make_settings_once() -> None:
    """MyST makes a throwaway document, with docutils' default settings built afresh, on every
    parse even when it is handed the document to fill (``options.get("document",
    make_document())`` evaluates its default). The Chinese build parses each of its 9,000
    translations on its own, so that cost 13 s of its 100; the defaults are now made once per
    parser class and copied."""
    from docutils.utils import new_document
    from myst_parser.mdit_to_docutils import base

    if getattr(base, "_editions_patched", False):
        return
    defaults: dict[type, object] = {}

    def make_document(source_path="notset", parser_cls=base.RSTParser):
        if parser_cls not in defaults:
            from docutils.frontend import get_default_settings

            defaults[parser_cls] = get_default_settings(parser_cls)
        return new_document(source_path, settings=defaults[parser_cls].copy())

    base.make_document = make_document
    base._editions_patched = True


def _make_markdown_parser_once() -> None:
    """MyST builds its Markdown parser (markdown-it with a dozen plugins, each rule list
    compiled) afresh for every text it parses. The Chinese build parses each of its 9,000
    translations on its own (it took 56.0 s with a parser for each, 48.5 s with one). The
    parser is now made once per configuration and
    used again; each parse still starts from its own document (``setup_render`` resets the
    renderer's state, and ``parse`` sets the document anew)."""
    from myst_parser.parsers import sphinx_

    if getattr(sphinx_, "_editions_patched", False):
        return
    create = sphinx_.create_md_parser
    made: dict[tuple[int, object], tuple[object, object]] = {}

    def create_md_parser(config, renderer):
        key = (id(config), renderer)
        if key not in made or made[key][0] is not config:
            made[key] = (config, create(config, renderer))  # config kept: its id stays its own
        return made[key][1]

    sphinx_.create_md_parser = create_md_parser
    sphinx_._editions_patched = True


class _LatinTerms(list):
    """Sphinx's Chinese search (``sphinx.search.zh.SearchChinese``, Sphinx 7.4) keeps every
    Latin word of every page in one list, and asks of each word it stems whether it is in that
    list: a scan of a list that grows to 130,821 words (8,096 distinct), 22,281 times. With
    this list and pybtex's lookups remembered (``book_citations``), the Chinese build took
    56.0 s instead of 66.7 s. This list answers ``in`` from a set kept beside it; it holds the
    same words in the same order, so every word is stemmed as before."""

    def __init__(self, words=()) -> None:
        super().__init__(words)
        self._words = set(self)

    def append(self, word) -> None:
        super().append(word)
        self._words.add(word)

    def extend(self, words) -> None:
        words = list(words)
        super().extend(words)
        self._words.update(words)

    def __contains__(self, word) -> bool:
        return word in self._words


def _look_up_latin_terms_quickly() -> None:
    from sphinx.search import zh

    if isinstance(zh.SearchChinese.latin_terms, _LatinTerms):
        return
    zh.SearchChinese.latin_terms = _LatinTerms(zh.SearchChinese.latin_terms)


def _adopt_translated_nodes(app: Sphinx, doctree) -> None:
    """Make the page's doctree the document of every node a translation brought in.

    Sphinx translates a paragraph by parsing its translation as a small document of its own
    and moving that document's children into the page; they keep a reference to the small
    document, whose settings hold the whole build environment. Pickled with the page, each
    Chinese doctree carried a copy of the environment: 2.1 MB instead of 0.14 MB for
    chapter 2, and every later load of it (a cross-reference resolves by loading its target's
    doctree) took a large share of the Chinese build. A node without a document of its own
    takes its parent's."""
    for node in doctree.findall():
        own = node.__dict__.get("_document")
        if own is not None and own is not doctree:
            node._document = None


def setup(app: Sphinx) -> dict:
    _keep_renderers()
    _keep_own_figures()
    _parse_docstrings_as_rst()
    _make_settings_once()
    _look_up_latin_terms_quickly()
    _make_markdown_parser_once()
    os.environ.setdefault(
        _languages.LANGUAGES_VARIABLE, f"{_languages.ENGLISH},{_languages.CHINESE}"
    )
    app.connect("config-inited", _set_edition)
    app.add_transform(TranslateMathBlocks)
    app.add_transform(GiveTableCellsASource)
    app.add_transform(TranslateTocCaptions)
    app.connect("doctree-read", _adopt_translated_nodes)
    app.connect("html-page-context", _add_switch)
    return {"parallel_read_safe": False, "parallel_write_safe": True}
