"""The Chinese edition's catalogs: current, faithful in what must not change, and never stale.

- Every translation keeps its English's roles, math, code spans and numbers
  (``tools/translations.py check``), and a ``{term}`` shows a Chinese form the glossary gives
  for its target.
- The pages listed in ``translations.TRANSLATED`` have every message translated and none stale:
  when an English paragraph of such a page changes, ``translations.py update`` marks its
  translation fuzzy, Sphinx stops using it, and this test fails until it is translated again.
- The catalogs follow the book: each records the digest of the English it was extracted from,
  and a fast test recomputes it from the sources, so an English edit without ``extract`` and
  ``update`` fails without a build; and the messages Sphinx extracts now are the catalogs'
  messages (a slow test: it runs Sphinx's gettext builder on the executed notebooks).
"""

from __future__ import annotations

import contextlib
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import translations  # noqa: E402

CATALOG_PAGES = translations.catalog_pages()
CATALOGS = translations.CATALOGS


def _messages(page: str):
    from babel.messages.pofile import read_po

    with translations.catalog_path(page).open("rb") as stream:
        return [m for m in read_po(stream, locale=translations.LANGUAGE) if m.id]


# --- the check of what a translation keeps -------------------------------------------------


def test_the_token_check_catches_a_lost_number_role_math_and_code():
    english = "Of {glue:text}`ch02_n` cases, 3 are $TP$ in `em.counts` {cite}`doc000`."
    good = "在 {glue:text}`ch02_n` 个样本中，3 个是 $TP$（`em.counts`）{cite}`doc000`。"
    assert translations.problems(english, good) == []
    assert translations.problems(english, good.replace("3 个", "三个")) == ["missing number 3"]
    assert translations.problems(english, good.replace("$TP$", "TP")) == ["missing $TP$"]
    assert translations.problems(english, good.replace("{cite}`doc000`", "")) == [
        "missing {cite}`doc000`"
    ]
    assert translations.problems(english, good + " 5") == ["not in the English number 5"]


def test_an_ordinal_counts_as_its_number_and_a_verdict_has_one_chinese_form():
    english = "the 2.5th and 97.5th percentiles in September 2023. **Holds with a reading.**"
    good = "2023 年 9 月的 2.5% 和 97.5% 分位数。**在某种解读下成立**。"
    assert translations.problems(english, good) == []
    assert translations.problems(english, good.replace("在某种", "在一定")) == [
        "the verdict **Holds with a reading.** is **在某种解读下成立**"
    ]


def test_a_term_may_show_chinese_but_keeps_its_target():
    english = "See {term}`precision`."
    assert translations.problems(english, "见 {term}`精确率 <precision>`。") == []
    assert translations.problems(english, "见 {term}`精确率`。") == [
        "missing {term}`precision`",
        "not in the English {term}`精确率`",
    ]


@pytest.mark.parametrize("page", CATALOG_PAGES)
def test_every_translation_keeps_roles_math_code_and_numbers(page):
    bad = [
        f"{message.id[:70]!r}: {problem}"
        for message in _messages(page)
        if message.string and not message.fuzzy
        for problem in translations.problems(message.id, message.string)
    ]
    assert not bad, f"{page}: " + "\n".join(bad)


def glossary_forms() -> dict[str, str]:
    """Each glossary headword -> its entry's text (where its Chinese forms are)."""
    text = (ROOT / "reference" / "glossary.md").read_text(encoding="utf-8")
    body = text.split("```{glossary}", 1)[1].split("\n```", 1)[0]
    entries = re.split(r"\n(?=\S)", body.strip())
    return {entry.split("\n", 1)[0].strip().lower(): entry for entry in entries}


TERM = re.compile(r"\{term\}`([^`<]+?)\s*<([^<>]+)>`")


@pytest.mark.parametrize("page", CATALOG_PAGES)
def test_a_term_shows_a_chinese_form_its_glossary_entry_gives(page):
    entries = glossary_forms()
    bad = []
    for message in _messages(page):
        for shown, target in TERM.findall(message.string or ""):
            entry = entries.get(target.strip().lower())
            if entry is None:
                bad.append(f"{{term}}`{shown} <{target}>`: no glossary entry {target!r}")
            elif re.search(r"[\u4e00-\u9fff]", shown) and shown not in entry:
                bad.append(f"{{term}}`{shown} <{target}>`: the glossary's entry gives no {shown!r}")
    assert not bad, f"{page}: " + "; ".join(bad)


# the traps the glossary names: a bare 精度 is Zhou's accuracy (only 平均精度, AP, has the
# precision sense; 双精度 and "float32 精度" are a number's), so a translation writes it only
# where its English does; and 准确率 is accuracy in classification, never the book's word for
# precision (a quote of the documents, 「…」, is theirs to word)
BARE_JINGDU = re.compile(r"(?<!平均)(?<!插值)(?<!双)(?<!单)(?<!float32 )(?<!数值)精度")
ZHUNQUELV = re.compile(r"(?<!平均)(?<!插值)准确率")
QUOTE = re.compile(r"「[^」]*」|“[^”]*”")


def trap(english: str, chinese: str) -> str | None:
    """What falls into the trap in ``chinese`` (the translation of ``english``), or None."""
    shown = QUOTE.sub("", ROLE_TEXT.sub("", chinese))
    # only where the English writes a bare 精度 itself (not inside a quoted 平均精度)
    if BARE_JINGDU.search(shown) and not BARE_JINGDU.search(english):
        return "精度"
    lower = english.lower()
    if ZHUNQUELV.search(shown) and "precision" in lower:
        if "accurac" not in lower and "准确率" not in english:
            return "准确率"
    return None


def test_the_trap_check_catches_precision_written_as_jingdu_or_zhunquelv():
    assert trap("Precision is 0.5.", "精确率为 0.5。") is None
    assert trap("Precision is 0.5.", "精度为 0.5。") == "精度"
    assert trap("Precision is 0.5.", "准确率为 0.5。") == "准确率"
    assert trap("Its AP is 0.5.", "其平均精度为 0.5。") is None
    assert trap("The two accuracies differ.", "两个准确率不同。") is None
    assert trap("Precision, 「准确率」 in document 000.", "精确率，文档 000 称「准确率」。") is None
    # the English quotes 平均精度, which holds 精度 but is no bare 精度
    assert trap("Its AP (平均精度) is 0.5.", "其 AP（平均精度）为 0.5，精度高。") == "精度"
    assert trap("Zhou's 精度 is accuracy.", "周志华的精度是准确率。") is None


@pytest.mark.parametrize("page", CATALOG_PAGES)
def test_no_translation_falls_into_the_precision_accuracy_trap(page):
    bad = [
        f"{word} in {message.string[:70]!r}"
        for message in _messages(page)
        if (word := trap(message.id, message.string or ""))
    ]
    assert not bad, f"{page}: " + "; ".join(bad)


ROLE_TEXT = re.compile(r"\{term\}`[^`]*`")


# --- pages declared translated are complete and current ----------------------------------


def test_the_translated_pages_have_catalogs():
    assert set(translations.TRANSLATED) <= set(CATALOG_PAGES)


def test_a_translated_page_has_no_missing_or_stale_message():
    assert translations.TRANSLATED, "no page is declared translated"
    bad = []
    for page in translations.TRANSLATED:
        counts = translations.counts(page)
        if counts["missing"] or counts["stale"]:
            bad.append(
                f"{page}: {counts['stale']} stale (their English changed) and"
                f" {counts['missing']} missing; translate them in"
                f" {translations.catalog_path(page).relative_to(ROOT)}"
            )
    assert not bad, "\n".join(bad) + "\n(python tools/translations.py status lists them)"


@pytest.mark.parametrize("page", CATALOG_PAGES)
def test_a_message_marked_current_keeps_no_old_english(page):
    """Translating a fuzzy message ends by removing ``fuzzy`` and its ``#|`` lines together."""
    left = [m.id[:60] for m in _messages(page) if translations.leftover_old(m)]
    assert not left, (
        f"{translations.catalog_path(page).relative_to(ROOT)}: messages not fuzzy that keep"
        f" their old English (#| lines): {left}"
    )


def test_old_english_left_on_a_current_message_is_found():
    """As a translator leaves it: ``fuzzy`` removed from a catalog that ``update`` wrote, the
    ``#|`` lines kept; read back as the check reads every catalog."""
    import io

    from babel.messages.catalog import Message
    from babel.messages.pofile import read_po

    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
    left = header + '#| msgid "old"\nmsgid "new"\nmsgstr "新"\n'
    fuzzy = header + '#, fuzzy\n#| msgid "old"\nmsgid "new"\nmsgstr "新"\n'
    done = header + 'msgid "new"\nmsgstr "新"\n'
    found = {
        name: bool(translations.leftover_old(read_po(io.BytesIO(text.encode())).get("new")))
        for name, text in (("left", left), ("fuzzy", fuzzy), ("done", done))
    }
    assert found == {"left": True, "fuzzy": False, "done": False}
    assert translations.leftover_old(Message("new", "新", previous_id="old"))


def test_a_translated_page_keeps_no_copy_of_the_build_environment(tmp_path):
    """Sphinx translates a paragraph by parsing it as a small document whose settings hold
    the build environment, and moves its nodes into the page. Unless ``_ext/editions.py``
    gives those nodes back to the page, each Chinese doctree pickles the environment with it
    (it made the Chinese build three times slower)."""
    import pickle

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    source = tmp_path / "src"
    (source / "locales" / "zh_CN" / "LC_MESSAGES").mkdir(parents=True)
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / '_ext')!r})\n"
        "extensions = ['myst_nb', 'editions']\nlanguage = 'zh_CN'\n"
        "locale_dirs = ['locales']\ngettext_compact = False\n",
        encoding="utf-8",
    )
    (source / "index.md").write_text("# Title\n\nA *paragraph* to translate.\n")
    catalog = Catalog(locale="zh_CN")
    catalog.add("Title", "标题")
    catalog.add("A *paragraph* to translate.", "一个要翻译的*段落*。")
    with (source / "locales" / "zh_CN" / "LC_MESSAGES" / "index.po").open("wb") as stream:
        write_po(stream, catalog)
    doctrees = tmp_path / "doctrees"
    # in a process of its own: a second Sphinx application in this one (the slow extract
    # test's) would warn that Sphinx's node classes are registered already
    script = (
        "import sys\nfrom sphinx.application import Sphinx\n"
        "source, out, doctrees = sys.argv[1:]\n"
        "Sphinx(source, source, out, doctrees, 'html', freshenv=True).build()\n"
    )
    subprocess.run(
        [sys.executable, "-c", script, str(source), str(tmp_path / "html"), str(doctrees)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    assert "段落" in (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    doctree = pickle.loads((doctrees / "index.doctree").read_bytes())
    foreign = [
        node for node in doctree.findall() if node.__dict__.get("_document") not in (None, doctree)
    ]
    assert not foreign, f"{len(foreign)} translated nodes keep their small document: {foreign[:3]}"


def test_a_changed_english_paragraph_makes_its_translation_stale(tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    templates, catalogs = tmp_path / "gettext", tmp_path / "locales"
    templates.mkdir()
    monkeypatch.setattr(translations, "TEMPLATES", templates)
    monkeypatch.setattr(translations, "CATALOGS", catalogs)

    def template(text: str) -> None:
        catalog = Catalog()
        catalog.add("Precision divides by the predicted positives.")
        catalog.add(text)
        with (templates / "page.pot").open("wb") as stream:
            write_po(stream, catalog)

    template("Recall divides by the actual positives.")
    assert translations.update() == 0
    path = translations.catalog_path("page")
    from babel.messages.pofile import read_po

    catalog = read_po(path.open("rb"), locale="zh_CN")
    for message in catalog:
        message.string = {"Recall divides by the actual positives.": "召回率除以真实正例数。"}.get(
            message.id, "精确率除以预测正例数。" if message.id else message.string
        )
    with path.open("wb") as stream:
        write_po(stream, catalog)
    assert translations.counts("page") == {"translated": 2, "stale": 0, "missing": 0}
    # a new extract with nothing changed (only the template's date): the file stays as it is
    before = path.read_bytes()
    template("Recall divides by the actual positives.")
    text = (templates / "page.pot").read_text(encoding="utf-8")
    (templates / "page.pot").write_text(
        re.sub(r"POT-Creation-Date: [^\\]*", "POT-Creation-Date: 2030-01-01 00:00+0000", text),
        encoding="utf-8",
    )
    assert translations.update() == 0
    assert path.read_bytes() == before
    template("Recall divides by all actual positives.")  # the English changed
    assert translations.update() == 0
    assert translations.counts("page") == {"translated": 1, "stale": 1, "missing": 0}
    # the old English above the stale message, for the translator to see what changed
    assert '#| msgid "Recall divides by the actual positives."' in path.read_text("utf-8")
    # status names the stale message of the page asked about
    capsys = io.StringIO()
    with contextlib.redirect_stdout(capsys):
        assert translations.status(["page"]) == 0
    assert "stale: 'Recall divides by all actual positives.'" in capsys.getvalue()


# --- the catalogs follow the book -----------------------------------------------------------


def test_every_catalog_was_extracted_from_the_english_as_it_is_now():
    """Fast, no build: each catalog's ``X-English-Digest`` (written by ``extract`` and
    ``update``) is the digest of its page's English now (``translations.english_sources``:
    the Markdown, a figure's alt text, the parts' captions, the API's docstrings, check()'s
    texts). An English edit without a new extract and update fails here; an edit of code
    only does not (it changes no message). The figures' texts are drawn by code: the slow
    test below sees them."""
    behind = translations.behind_the_english(CATALOG_PAGES)
    behind += [
        f"{page}: no catalog" for page in translations.book_pages() if page not in CATALOG_PAGES
    ]
    assert not behind, (
        "the catalogs are behind the English of\n"
        + "\n".join(behind)
        + f"\n{translations.RUN_EXTRACT}; then translate what"
        " `.venv/bin/python tools/translations.py status` lists"
    )


def json_text(value) -> str:
    import json

    return json.dumps(value)


def _copy_page(tmp_path: Path, monkeypatch, page: str) -> Path:
    """A copy of ``page`` (its source and catalog) in ``tmp_path``, which ``translations``
    takes for the repository: the source to edit."""
    source = next(ROOT.glob(f"{page}.*"))
    copy = tmp_path / source.relative_to(ROOT)
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(source, copy)
    catalogs = tmp_path / "locales" / "zh_CN" / "LC_MESSAGES"
    (catalogs / page).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(CATALOGS / f"{page}.po", catalogs / f"{page}.po")
    monkeypatch.setattr(translations, "ROOT", tmp_path)
    monkeypatch.setattr(translations, "CATALOGS", catalogs)
    # the copy records the digest of its English as it is: a test of the digest's mechanism,
    # not of whether the real catalog is current (or records one at all: see the test above)
    po = catalogs / f"{page}.po"
    po.write_bytes(translations._with_digest(po.read_bytes(), translations.english_digest(page)))
    return copy


def _edit_notebook(path: Path, edit) -> None:
    import json

    notebook = json.loads(path.read_text(encoding="utf-8"))
    edit(notebook["cells"])
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False), encoding="utf-8")


def test_a_fuzzy_messages_old_english_is_written_as_valid_gettext(tmp_path):
    """``update``'s writer keeps a fuzzy message's old English (``#| msgid``) as quoted po
    strings, as GNU msgmerge writes them, even one long enough to wrap (babel alone breaks
    it across comment lines without quotes: invalid, and read back empty)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    old = "The threshold that maximises the F1 score, " * 4 + 'a "quoted" word and $x_1$.'
    catalog = Catalog(locale=translations.LANGUAGE)
    catalog.add(old, "使 F1 分数最大的阈值。")
    template = Catalog()
    template.add(old.replace("maximises", "maximizes"))
    catalog.update(template, update_header_comment=False)
    (message,) = [m for m in catalog if m.id]
    assert message.fuzzy and message.previous_id == [old]
    text = translations.write_catalog(catalog)
    path = tmp_path / "fuzzy.po"
    path.write_bytes(text)
    previous = [line for line in text.decode().splitlines() if line.startswith("#|")]
    assert len(previous) > 1  # it wraps
    assert all(re.fullmatch(r'#\| (msgid )?"(?:[^"\\]|\\.)*"', line) for line in previous)
    # babel reads the #| lines back as user comments: they hold the old English whole, and
    # the writer (update's, renumber's) writes them again as they were
    read = read_po(io.BytesIO(text), locale=translations.LANGUAGE)
    (message,) = [m for m in read if m.id]
    assert translations._previous_in(message.user_comments) == [old] and message.fuzzy
    assert translations.write_catalog(read) == text
    msgfmt = shutil.which("msgfmt")
    if msgfmt:
        checked = subprocess.run(
            [msgfmt, "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stderr


def test_one_changed_word_of_a_chapters_prose_puts_its_catalog_behind(tmp_path, monkeypatch):
    """The fast test's check on a copy of chapter 4: one word of its Markdown, or of a
    figure's alt text, and the page is named; its code alone, and it is not."""
    import json

    page = "chapters/04_third_level"
    path = _copy_page(tmp_path, monkeypatch, page)
    original = path.read_text(encoding="utf-8")
    assert translations.behind_the_english([page]) == []
    cells = json.loads(original)["cells"]
    prose = next(i for i, c in enumerate(cells) if "harmonic" in "".join(c["source"]))
    figure = next(i for i, c in enumerate(cells) if "mystnb" in c["metadata"])
    code = next(i for i, c in enumerate(cells) if c["cell_type"] == "code")

    def word(cells):
        cells[prose]["source"] = [
            s.replace("harmonic", "geometric") for s in cells[prose]["source"]
        ]

    def alt(cells):
        image = cells[figure]["metadata"]["mystnb"]["image"]
        image["alt"] = image["alt"].replace("Two", "Three", 1)

    def program(cells):
        cells[code]["source"] = ["import math\n", *cells[code]["source"]]
        cells[code]["metadata"]["tags"] = ["hide-input"]

    for edit, behind in ((word, True), (alt, True), (program, False)):
        path.write_text(original, encoding="utf-8")
        _edit_notebook(path, edit)
        expected = [f"{page}: its English changed since its catalog was extracted"]
        assert translations.behind_the_english([page]) == (expected if behind else []), edit
        assert translations.english_state(page) == ("changed" if behind else "current")


def test_the_digest_covers_a_pages_text_the_parts_captions_and_the_apis_docstrings(
    tmp_path, monkeypatch
):
    glossary = _copy_page(tmp_path, monkeypatch, "reference/glossary")
    glossary.write_text(glossary.read_text("utf-8").replace("recall", "recal", 1), "utf-8")
    assert translations.english_state("reference/glossary") == "changed"
    # the root page's catalog holds the parts' captions of _toc.yml
    toc = ROOT.joinpath("_toc.yml").read_text("utf-8")
    (tmp_path / "_toc.yml").write_text(toc, "utf-8")
    _copy_page(tmp_path, monkeypatch, "intro")
    assert translations.english_state("intro") == "current"
    (tmp_path / "_toc.yml").write_text(toc.replace("Part I:", "Part One:"), "utf-8")
    assert translations.english_state("intro") == "changed"
    # the API page: a public docstring counts; a private one, and code, do not
    api = _copy_page(tmp_path, monkeypatch, "reference/api")
    module = tmp_path / "evalmetrics" / "ranking.py"
    module.parent.mkdir()
    source = (ROOT / "evalmetrics" / "ranking.py").read_text("utf-8")
    module.write_text(source, "utf-8")
    before = translations.english_digest("reference/api")
    module.write_text(source + "\n\ndef _helper():\n    '''Private.'''\n    return 1\n", "utf-8")
    assert translations.english_digest("reference/api") == before
    module.write_text(source + "\n\ndef helper():\n    '''Public.'''\n    return 1\n", "utf-8")
    assert translations.english_digest("reference/api") != before
    assert "docstrings" in json_text(translations.english_sources("reference/api"))
    assert "docstrings" not in json_text(translations.english_sources("reference/glossary"))
    # a catalog whose page is gone is named too
    api.unlink()
    assert translations.behind_the_english(["reference/api"]) == [
        "reference/api: no page of the book has this catalog (renamed or removed?)"
    ]


def test_no_page_makes_its_english_with_code():
    """What the digest leaves out, code, makes no message: no code cell shows Markdown (its
    output would be parsed into messages) and the Markdown pastes glued values as text."""
    made = []
    for page in translations.book_pages():
        sources = json_text(translations.english_sources(page) or [])
        made += [f"{page}: {word}" for word in ("{glue:md}", "{glue:any}") if word in sources]
    for path in [*ROOT.glob("chapters/*.ipynb"), *ROOT.glob("reference/*.ipynb")]:
        text = path.read_text(encoding="utf-8")
        made += [
            f"{path.name}: {word}"
            for word in ("Markdown(", "text/markdown", "display_markdown")
            if word in text
        ]
    made += [
        f"{path.relative_to(ROOT)}: _repr_markdown_"
        for path in (ROOT / "evalmetrics").rglob("*.py")
        if "_repr_markdown_" in path.read_text(encoding="utf-8")
    ]
    assert not made, (
        "English made by code reaches the catalogs without changing the digest"
        f" (translations.english_sources): {made}"
    )


def test_update_records_the_templates_digest_and_is_idempotent(tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    templates, catalogs = tmp_path / "gettext", tmp_path / "locales"
    templates.mkdir()
    monkeypatch.setattr(translations, "TEMPLATES", templates)
    monkeypatch.setattr(translations, "CATALOGS", catalogs)

    def template(digest: str | None, text: str = "Recall divides by the actual positives.") -> None:
        catalog = Catalog()
        catalog.add(text)
        stream = io.BytesIO()
        write_po(stream, catalog)
        (templates / "page.pot").write_bytes(translations._with_digest(stream.getvalue(), digest))

    path = translations.catalog_path("page")
    template("sha256:" + "1" * 64)
    assert translations.update() == 0
    assert translations.recorded_digest(path) == "sha256:" + "1" * 64
    before = path.read_bytes()
    assert translations.update() == 0 and path.read_bytes() == before  # nothing to change
    # the English changed with no message changed (a word of a figure's alt text that the
    # template does not hold here): the catalog records the new digest, nothing else
    template("sha256:" + "2" * 64)
    assert translations.update() == 0
    assert translations.recorded_digest(path) == "sha256:" + "2" * 64
    after = path.read_bytes()
    assert after.replace(b"2" * 64, b"1" * 64) == before
    assert translations.update() == 0 and path.read_bytes() == after
    # a field wrapped over two lines (GNU msgmerge, Poedit) is read, and replaced whole
    wrapped = after.replace(b"Digest: sha256", b'Digest: "\n"sha256')
    path.write_bytes(wrapped)
    assert translations.recorded_digest(path) == "sha256:" + "2" * 64
    assert translations._with_digest(wrapped, "sha256:" + "2" * 64) == after
    # a template without a digest (an extract from before digests) records none
    template(None)
    assert translations.update() == 0
    assert translations.recorded_digest(path) is None


@pytest.mark.browser  # after the build, with the browser tests (it reads the executed notebooks)
@pytest.mark.slow
def test_the_catalogs_hold_the_books_messages_now(tmp_path, monkeypatch):
    """Extract the messages again (Sphinx's gettext builder on the executed notebooks) and
    compare: a paragraph added or changed in English and not in the catalogs fails here."""
    if not translations.CACHE.is_dir():
        pytest.fail("no executed notebooks in _build/.jupyter_cache: run `make book` first")
    monkeypatch.setattr(translations, "TEMPLATES", tmp_path / "gettext")
    assert translations.extract() == 0
    from babel.messages.pofile import read_po

    differ = []
    for page, template_path in translations.templates().items():
        with template_path.open("rb") as stream:
            want = {m.id for m in read_po(stream) if m.id}
        if page not in CATALOG_PAGES:
            differ.append(f"{page}: no catalog")
            continue
        have = {m.id for m in _messages(page)}
        if want != have:
            differ.append(f"{page}: {len(want - have)} new, {len(have - want)} gone")
    shutil.rmtree(tmp_path / "gettext", ignore_errors=True)
    assert not differ, (
        f"the catalogs are behind the English: {translations.RUN_EXTRACT}, then translate what"
        " status lists: " + "; ".join(differ)
    )


# --- the built editions (after `make book`) ---------------------------------------------------

HTML = ROOT / "_build" / "html"
ZH = HTML / "zh"
HAN = re.compile(r"[\u4e00-\u9fff]")
DIGITS = translations.NUMBER  # as the catalogs are checked: "F1" is a name, "10个" a number


def _pages(root: Path) -> set[str]:
    skip = {"genindex.html", "search.html", "py-modindex.html"}
    return {
        p.relative_to(root).as_posix()
        for p in root.rglob("*.html")
        if p.name not in skip
        and "_static" not in p.parts
        and "zh" not in p.relative_to(root).parts[:1]
    }


def _need_build() -> None:
    if not (HTML / "intro.html").exists() or not (ZH / "intro.html").exists():
        pytest.fail("no built editions in _build/html and _build/html/zh: run `make book` first")


def _article(path: Path):
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    article = soup.find("article") or soup.body
    for hidden in article.select("div.cell_input, div.cell_output, .math, pre, script, style"):
        hidden.decompose()
    return article


# what a Chinese paragraph may keep in Latin letters: code, citations of English sources, names
NAMES = re.compile(r"scikit-learn|trec_eval|pytrec_eval|ranx|Spark|MLlib|evalmetrics|NumPy|SciPy")


def _latin_prose(element) -> str:
    """The element's text without code, citations, glossary terms (a table's English column)
    and library names."""
    import copy

    element = copy.copy(element)
    kept = "code, span.bibtex-citation, a[href*='bibliography'], a[href*='glossary']"
    for name in element.select(kept):
        name.decompose()
    return NAMES.sub(" ", element.get_text(" "))


@pytest.mark.browser
def test_the_chinese_sidebar_names_the_parts_in_chinese():
    """The parts' captions (``_toc.yml``), which sphinx-external-toc inserts after Sphinx has
    translated the page, are translated on every Chinese page (``_ext/editions.py``)."""
    _need_build()
    english = []
    for page in sorted(_pages(ZH)):
        text = (ZH / page).read_text(encoding="utf-8")
        captions = re.findall(r'class="caption-text">([^<]*)<', text)
        english += [f"{page}: {c!r}" for c in captions if not HAN.search(c)]
    assert not english, f"{len(english)} English part captions, such as {english[:3]}"


@pytest.mark.browser
def test_every_page_has_a_chinese_counterpart_and_each_links_to_the_other():
    _need_build()
    english, chinese = _pages(HTML), _pages(ZH)
    redirects = {p for p in english if "http-equiv" in (HTML / p).read_text("utf-8")[:600]}
    assert english - redirects == chinese - redirects, (english ^ chinese) - redirects
    broken = []
    for root, pages in ((HTML, english - redirects), (ZH, chinese - redirects)):
        for page in sorted(pages):
            text = (root / page).read_text(encoding="utf-8")
            found = re.search(r'<p class="edition-switch"><a href="([^"]+)"', text)
            if not found:
                broken.append(f"{root.name}/{page}: no link to the other edition")
            elif not ((root / page).parent / found[1]).resolve().is_file():
                broken.append(f"{root.name}/{page}: {found[1]} does not exist")
    assert not broken, "\n".join(broken[:20])


@pytest.mark.browser
def test_no_chinese_page_shows_a_formula_broken_by_its_translation():
    """Sphinx's Locale transform once turned every translated display formula into ``\\[::\\]``
    (it parses a literal-type node's translation as reStructuredText; _ext/editions.py puts
    the translation in place first). The pages that hold translated formulas must show them."""
    _need_build()
    broken = [
        page for page in sorted(_pages(ZH)) if "\\[::\\]" in (ZH / page).read_text(encoding="utf-8")
    ]
    assert not broken, broken
    text = (ZH / "chapters/24_two_learners.html").read_text(encoding="utf-8")
    assert "自由度为" in text  # a formula whose \\text{} words are translated


PAGES = [p for p in translations.TRANSLATED if any(ROOT.glob(f"{p}.*"))]
# what a Chinese page keeps in English, by page, and why
ENGLISH_KEPT = {
    "reference/bibliography": "the references, each in the language of its source",
    "reference/api": "parameter lines (names, types, defaults) and references of the docstrings",
}
# the errata table's column of the book's English renderings of the documents' quotes
ENGLISH_COLUMN = "英文译文"


def _in_english_column(element) -> bool:
    cell = element.find_parent("td")
    if cell is None:
        return False
    table = cell.find_parent("table")
    headers = [th.get_text(strip=True) for th in table.select("thead th")]
    index = cell.find_parent("tr").find_all("td").index(cell)
    return index < len(headers) and headers[index] == ENGLISH_COLUMN


@pytest.mark.browser
@pytest.mark.parametrize("page", PAGES)
def test_a_translated_page_is_chinese_and_shows_the_english_numbers(page):
    _need_build()
    english, chinese = _article(HTML / f"{page}.html"), _article(ZH / f"{page}.html")
    untranslated = [
        p.get_text(" ", strip=True)[:80]
        for p in chinese.find_all(["p", "li", "h1", "h2", "h3", "figcaption"])
        if page not in ENGLISH_KEPT
        and not HAN.search(p.get_text())
        # a name or two may stay; abbreviations (TP, AUC) and code-like words (a=b, x_y) too
        and len(re.findall(r"(?<![\w=])[A-Za-z]*[a-z][A-Za-z]+(?![\w=])", _latin_prose(p))) >= 3
        and not p.find_parent(["p", "li"])
        and "edition-switch" not in (p.get("class") or [])
        and not _in_english_column(p)
    ]
    assert not untranslated, f"{page}: English left in the Chinese page: {untranslated[:5]}"
    dates = translations.ENGLISH_DATE  # "19 February 2023" is 2023 年 2 月 19 日
    english_text = dates.sub(
        lambda m: f"{m[1]} {translations.MONTHS.index(m[2]) + 1} {m[3]}", english.get_text(" ")
    )
    # each number once (a quote's English rendering and its original both write it)
    numbers_en = set(DIGITS.findall(english_text))
    numbers_zh = set(DIGITS.findall(chinese.get_text(" ")))
    only_en, only_zh = numbers_en - numbers_zh, numbers_zh - numbers_en
    assert not only_en and not only_zh, (
        f"{page}: numbers only in English {sorted(only_en)[:10]},"
        f" only in Chinese {sorted(only_zh)[:10]}"
    )


# --- the Chinese Lab copy and student edition (make lab LANG=zh) --------------------------


def test_translate_markdown_replaces_the_blocks_sphinx_makes_messages_of():
    table = {
        "A title": "标题",
        "One paragraph over two lines.": "跨两行的一段。",
        "an item that goes on": "一个延续的条目",
        "cell": "单元格",
        "Going further: more": "深入一步：更多",
    }
    source = (
        "(sec-x)=\n## A title\n\nOne paragraph\nover two lines.\n\n- an item\n  that goes on\n\n"
        "| cell | 0.5 |\n|---|---|\n\n```python\ncell = 1\n```\n\n$$\nA title\n$$\n\n"
        ":::{admonition} Going further: more\n:class: dropdown\nNot in the table.\n:::"
    )
    text, translated, left = translations.translate_markdown(source, table)
    assert text.split("\n")[:8] == [
        "(sec-x)=",
        "## 标题",
        "",
        "跨两行的一段。",
        "",
        "- 一个延续的条目",
        "",
        "| 单元格 | 0.5 |",
    ]
    assert "cell = 1" in text and "$$\nA title\n$$" in text  # code and math untouched
    assert ":::{admonition} 深入一步：更多\n:class: dropdown\nNot in the table." in text
    assert (translated, left) == (5, 1)


def test_a_directives_closing_fence_is_not_a_code_blocks_opening():
    """A paragraph after a backtick directive (a solution's first paragraph, after
    ``{solution-start}``) is translated: the directive's closing fence once opened a "code
    block" that kept the paragraph in English."""
    table = {"Compute it.": "计算它。", "The answer is 1.": "答案是 1。"}
    source = (
        "```{exercise}\n:label: ch04-ex-one\n\nCompute it.\n```\n\n"
        "```{solution-start} ch04-ex-one\n:class: dropdown\n```\n\nThe answer is 1.\n\n"
        "```python\nThe answer is 1.\n```"
    )
    text = translations.translate_markdown(source, table)[0]
    assert "计算它。" in text and "\n\n答案是 1。\n" in text
    assert text.endswith("```python\nThe answer is 1.\n```")  # a code block stays as it is


NOTEBOOK_PAGES = [p for p in translations.TRANSLATED if (ROOT / f"{p}.ipynb").exists()]


@pytest.mark.parametrize("page", NOTEBOOK_PAGES)
def test_the_chinese_lab_copy_of_a_translated_chapter_is_chinese(page):
    """make lab LANG=zh translates each Markdown cell block by block from the page's
    catalog; a block it cannot match stays English, so a translated page must match all of
    them but one (chapter 17's one display formula written inside a paragraph)."""
    import json

    table = translations.page_translations(page)
    notebook = json.loads((ROOT / f"{page}.ipynb").read_text(encoding="utf-8"))
    translated = left = 0
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            _, done, missed = translations.translate_markdown("".join(cell["source"]), table)
            translated, left = translated + done, left + missed
    assert left <= 1, (page, translated, left)
