"""Citation style of the book: the three source documents are cited by their number.

The chapters cite the Chinese blog posts the book follows as ``{cite}`doc000``` and so on. With
plain author-year citations these render as "[Anonymous, n.d., Loull, 2014, ...]": the numbers
the prose uses ("document 001") appear nowhere, and the order is alphabetical. This extension
registers two pybtex plugins, selected in ``_config.yml``:

- the referencing style ``book_author_year`` (``bibtex_reference_style``): author-year, with
  "; " between the references of one citation, and an entry that has a ``documentnumber``
  field rendered as "Document 000 (喜欢ヅ旅行, 2023)";
- the bibliography style ``book_plain`` (``bibtex_default_style``): pybtex's ``plain``, except
  that the source documents come first, in the order of their numbers, labelled "Doc. 000"
  and so on (the other entries are numbered from 1). Sphinxcontrib-bibtex lists the references
  of one citation in bibliography order, so ``{cite}`doc001,doc000``` renders as
  "[Document 000 (...); Document 001 (...)]".

The style is applied at build time only; a notebook read in JupyterLab shows the role as text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pybtex.plugin import register_plugin
from pybtex.style.formatting.plain import Style as PlainStyle
from pybtex.style.labels import BaseLabelStyle
from pybtex.style.sorting.author_year_title import SortingStyle as AuthorYearTitleSorting
from pybtex.style.template import field as bib_field
from pybtex.style.template import first_of, optional
from sphinxcontrib.bibtex.plugin import register_plugin as register_referencing_style
from sphinxcontrib.bibtex.style.referencing import BracketStyle
from sphinxcontrib.bibtex.style.referencing.author_year import AuthorYearReferenceStyle
from sphinxcontrib.bibtex.style.referencing.basic_author_year import (
    BasicAuthorYearParentheticalReferenceStyle,
    BasicAuthorYearTextualReferenceStyle,
)
from sphinxcontrib.bibtex.style.template import join, join2, post_text, pre_text, reference, year

if TYPE_CHECKING:
    from pybtex.style.template import Node
    from sphinx.application import Sphinx

#: The bib field that marks a source document and holds its number ("000").
DOCUMENT_FIELD = "documentnumber"
#: The word before a document's number, by the build's language (set when the config is read).
DOCUMENT_WORD = {"en": "Document ", "zh": "文档 "}
#: The same in the bibliography's labels ("Doc. 000", "文档 000").
DOCUMENT_LABEL = {"en": "Doc. ", "zh": "文档 "}
_WORD = ["Document "]
_LABEL = ["Doc. "]


def _semicolons() -> BracketStyle:
    return BracketStyle(sep="; ")


@dataclass
class DocumentParentheticalStyle(BasicAuthorYearParentheticalReferenceStyle):
    """``{cite}``/``{cite:p}``: "[Document 000 (喜欢ヅ旅行, 2023); Fawcett, 2006]"."""

    def inner(self, role_name: str) -> Node:
        author_year = join(sep=self.author_year_sep)[
            self.person.author_or_editor_or_title(full="s" in role_name), year
        ]
        return join2(sep1=self.pre_text_sep, sep2=self.post_text_sep)[
            pre_text,
            reference[
                first_of[
                    optional[join[_WORD[0], bib_field(DOCUMENT_FIELD), " (", author_year, ")"]],
                    author_year,
                ]
            ],
            post_text,
        ]


@dataclass
class DocumentTextualStyle(BasicAuthorYearTextualReferenceStyle):
    """``{cite:t}``: "Document 000 (喜欢ヅ旅行) [2023]", otherwise "Fawcett [2006]"."""

    def inner(self, role_name: str) -> Node:
        author = self.person.author_or_editor_or_title(full="s" in role_name)
        return join(sep=self.text_reference_sep)[
            first_of[
                optional[join[_WORD[0], bib_field(DOCUMENT_FIELD), " (", author, ")"]],
                author,
            ],
            join[
                self.bracket.left,
                join2(sep1=self.pre_text_sep, sep2=self.post_text_sep)[
                    pre_text, reference[year], post_text
                ],
                self.bracket.right,
            ],
        ]


@dataclass
class BookAuthorYearReferenceStyle(AuthorYearReferenceStyle):
    """Author-year references; source documents by number; "; " between references."""

    bracket_parenthetical: BracketStyle = field(default_factory=_semicolons)
    bracket_textual: BracketStyle = field(default_factory=_semicolons)

    def __post_init__(self):
        super().__post_init__()
        # replace the two basic styles built by AuthorYearReferenceStyle with ours
        self.styles[0] = DocumentParentheticalStyle(
            bracket=self.bracket_parenthetical,
            person=self.person,
            author_year_sep=self.author_year_sep,
            pre_text_sep=self.pre_text_sep,
            post_text_sep=self.post_text_sep,
        )
        self.styles[1] = DocumentTextualStyle(
            bracket=self.bracket_textual,
            person=self.person,
            text_reference_sep=self.text_reference_sep,
            pre_text_sep=self.pre_text_sep,
            post_text_sep=self.post_text_sep,
        )
        self.role_style.update(
            (role_name, style) for style in self.styles[:2] for role_name in style.role_names()
        )


class DocumentsFirstSorting(AuthorYearTitleSorting):
    """Author, year, title; but the source documents first, by number."""

    def sorting_key(self, entry):
        number = entry.fields.get(DOCUMENT_FIELD)
        if number is not None:
            return (0, str(number), "", "")
        return (1, *super().sorting_key(entry))


class DocumentLabels(BaseLabelStyle):
    """ "Doc. 000" (文档 000) for a source document, consecutive numbers from 1 for the
    others."""

    def format_labels(self, sorted_entries):
        number = 0
        for entry in sorted_entries:
            document = entry.fields.get(DOCUMENT_FIELD)
            if document is not None:
                yield f"{_LABEL[0]}{document}"
            else:
                number += 1
                yield str(number)


class BookPlainStyle(PlainStyle):
    """pybtex's plain bibliography style with the source documents first."""

    default_sorting_style = "book_documents_first"
    default_label_style = "book_document_labels"


register_plugin("pybtex.style.sorting", "book_documents_first", DocumentsFirstSorting)
register_plugin("pybtex.style.labels", "book_document_labels", DocumentLabels)
register_plugin("pybtex.style.formatting", "book_plain", BookPlainStyle)
register_referencing_style(
    "sphinxcontrib.bibtex.style.referencing", "book_author_year", BookAuthorYearReferenceStyle
)


def _language(app: Sphinx, config) -> None:
    language = (config.language or "en").split("_")[0]
    _WORD[0] = DOCUMENT_WORD.get(language, DOCUMENT_WORD["en"])
    _LABEL[0] = DOCUMENT_LABEL.get(language, DOCUMENT_LABEL["en"])


def _remember_installed_plugins() -> None:
    """pybtex looks a style up among the installed packages' entry points each time a citation
    is formatted (pybtex.plugin's ``_load_entry_point``): 381 lookups in a build (7.7 s under a
    profiler; with them remembered, the English build took 34.1 s instead of 35.5 s). The
    installed packages do not change during a build: each lookup's answer is kept. Plugins
    registered at run time are still found first, as before."""
    import functools

    from pybtex import plugin

    if getattr(plugin, "_book_remembered", False):
        return
    lookup = plugin.entry_points

    @functools.cache
    def remembered(group: str, name: str | None) -> tuple:
        if name is None:
            return tuple(lookup(group=group))
        return tuple(lookup(group=group, name=name))

    def entry_points(*, group: str, name: str | None = None) -> tuple:
        return remembered(group, name)

    plugin.entry_points = entry_points
    plugin._book_remembered = True


def setup(app: Sphinx) -> dict:
    """Importing the module registers the plugins; the word before a document's number follows
    the build's language ("Document 000", "文档 000")."""
    _remember_installed_plugins()
    app.connect("config-inited", _language)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
