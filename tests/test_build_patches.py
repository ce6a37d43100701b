"""The build's speed-ups to its libraries change nothing the build makes.

``_ext/editions.py`` and ``_ext/book_citations.py`` replace three slow steps of Sphinx, MyST and
pybtex with quicker ones that give the same answers: the Chinese search's list of Latin words
answers ``in`` from a set, MyST's Markdown parser is made once per configuration, and pybtex's
lookups of installed plugins are remembered. Both editions were built with and without them and
compared file by file (no difference); these tests hold each against the code it replaces.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "_ext"))
import book_citations  # noqa: E402
import editions  # noqa: E402

TEXT = (
    "The AUC of a ranking is the share of pairs ranked right; ROC AUC, PR AUC and nDCG@10 are"
    " not the same. 准确率 and 精确率 differ: TP/(TP+FP) is precision, the F1 score its mean."
)


def test_the_latin_terms_list_answers_as_a_list_does():
    words = ["AUC", "auc", "ROC", "nDCG", "F1", "the", "is", "TP", "precision", "MRR", "of"]
    plain, quick = [], editions._LatinTerms()
    rng = random.Random(0)
    for step in range(300):
        batch = rng.sample(words, k=3)
        if step % 3:
            plain.extend(batch)
            quick.extend(iter(batch))  # a generator, as Sphinx may pass one
        else:
            plain.append(batch[0])
            quick.append(batch[0])
        probe = rng.choice([*words, "absent", "Auc"])
        assert (probe in plain) == (probe in quick), probe
    assert list(quick) == plain


def test_the_chinese_search_stems_every_word_as_sphinx_does(monkeypatch):
    from sphinx.search import zh

    stems = {}
    for kind in (list, editions._LatinTerms):
        monkeypatch.setattr(zh.SearchChinese, "latin_terms", kind())
        search = zh.SearchChinese({})
        words = search.split(TEXT) + ["AUCs", "nDCGs", "Precisions", "TPs", "ab", "abc"]
        stems[kind] = [search.stem(word) for word in words]
    assert stems[list] == stems[editions._LatinTerms]
    # the case the list is asked about: a word met in the text that stemming would cut short
    monkeypatch.setattr(zh.SearchChinese, "latin_terms", editions._LatinTerms())
    search = zh.SearchChinese({})
    assert search.stem("ADs") == "ad"
    search.split("ADs")
    assert search.stem("ADs") == "ads"


def test_one_markdown_parser_parses_each_text_as_a_new_one_would(monkeypatch):
    from docutils.frontend import get_default_settings
    from docutils.utils import new_document
    from myst_parser.config.main import MdParserConfig
    from myst_parser.mdit_to_docutils.base import DocutilsRenderer
    from myst_parser.parsers import docutils_, sphinx_

    monkeypatch.setattr(sphinx_, "create_md_parser", sphinx_.create_md_parser)
    monkeypatch.setattr(sphinx_, "_editions_patched", False, raising=False)
    fresh = sphinx_.create_md_parser
    editions._make_markdown_parser_once()
    once = sphinx_.create_md_parser
    assert once is not fresh
    config = MdParserConfig(enable_extensions={"dollarmath", "colon_fence", "deflist"})
    texts = [
        "# A title\n\nA *paragraph* with $x^2$ and a [link](https://example.org).\n",
        "Term\n: its definition\n\n:::{note}\nA note.\n:::\n",
        "## Another\n\n- one\n- two [^1]\n\n[^1]: a footnote\n",
        "Plain text after a footnote and a title.\n",
    ]

    def parse(create, text: str) -> str:
        document = new_document("test", get_default_settings(docutils_.Parser))
        parser = create(config, DocutilsRenderer)
        parser.options["document"] = document
        parser.render(text)
        return document.pformat()

    assert once(config, DocutilsRenderer) is once(config, DocutilsRenderer)
    assert once(MdParserConfig(), DocutilsRenderer) is not once(config, DocutilsRenderer)
    for text in texts + texts[::-1]:  # each text after every other
        assert parse(once, text) == parse(fresh, text), text


def test_a_remembered_plugin_lookup_finds_what_pybtex_finds(monkeypatch):
    from pybtex import plugin

    monkeypatch.setattr(plugin, "entry_points", plugin.entry_points)
    monkeypatch.setattr(plugin, "_book_remembered", False, raising=False)
    asked = [
        ("pybtex.style.formatting", "plain"),
        ("pybtex.style.formatting", "book_plain"),
        ("pybtex.style.labels", "alpha"),
        ("pybtex.database.input", "bibtex"),
    ]
    before = [plugin.find_plugin(group, name) for group, name in asked]
    names = sorted(plugin.enumerate_plugin_names("pybtex.style.formatting"))
    book_citations._remember_installed_plugins()
    assert [plugin.find_plugin(group, name) for group, name in asked] == before
    assert sorted(plugin.enumerate_plugin_names("pybtex.style.formatting")) == names
    try:
        plugin.find_plugin("pybtex.style.formatting", "no_such_style")
    except plugin.PluginNotFound:
        pass
    else:
        raise AssertionError("a style that is not installed was found")
    # a plugin registered while the build runs is still found, before the installed ones
    from pybtex.style.formatting.unsrt import Style

    class Mine(Style):
        pass

    monkeypatch.setitem(plugin._RUNTIME_PLUGINS, "pybtex.style.formatting", {"plain": Mine})
    assert plugin.find_plugin("pybtex.style.formatting", "plain") is Mine
