"""Checks of the built HTML that need no browser: every figure says what it shows.

A figure's alt text is what a screen reader reads and what a reader sees when an image fails to
load. myst-nb names figure files by a hash, and without an ``alt`` option in the cell's
``mystnb.image`` metadata the alt text is that file name. Run after the build
(``make test`` runs ``pytest -m browser`` after ``build-check``); the checker itself is tested on
a small page so it is known to fail.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
# Images of the theme, not of the book.
THEME_IMAGES = ("_static/",)

# these tests read the built pages: without them they fail (never skip) and say what to run
NO_BUILD = "no built book in _build/html: run `make build-check` (or `make book`) first"


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            values = dict(attrs)
            self.images.append((values.get("src") or "", values.get("alt")))


def images_without_alt(page: str) -> list[str]:
    """The ``src`` of every image whose alt text is missing, empty or its file name."""
    parser = _Images()
    parser.feed(page)
    bad = []
    for src, alt in parser.images:
        if any(marker in src for marker in THEME_IMAGES) or src.startswith("data:image/svg"):
            continue
        text = (alt or "").strip()
        name = PurePosixPath(src.split("?")[0]).name
        stem = name.rsplit(".", 1)[0]
        if not text or text in (src, name, stem) or text.endswith((".png", ".svg", ".jpg")):
            bad.append(src[:80])
    return bad


OPTION_IN_CAPTION = re.compile(r"(?:^|\s):(?:alt|width|height|align|name|class|figwidth|scale):")


def options_in_captions(page: str) -> list[str]:
    """Figure captions that show a directive option as text (``:width: 100%``): what MyST
    does with an option written over several lines in the ``:key: value`` form."""
    captions = re.findall(r"<figcaption.*?</figcaption>", page, re.S)
    return [c[:120] for c in captions if OPTION_IN_CAPTION.search(re.sub(r"<[^>]+>", " ", c))]


def test_the_checker_catches_an_option_shown_in_a_caption():
    page = (
        "<figure><figcaption><p>Fig. 1 another wrong value; its check\n:width: 100%</p>"
        "</figcaption></figure><figure><figcaption><p>ROC at width: 3</p></figcaption></figure>"
    )
    shown = "<figcaption><p>Fig. 1 another wrong value; its check\n:width: 100%</p></figcaption>"
    assert options_in_captions(page) == [shown]


def test_the_checker_catches_a_missing_or_file_name_alt():
    page = (
        '<img src="../_images/ab12.png" alt="../_images/ab12.png">'
        '<img src="../_images/cd34.png">'
        '<img src="../_images/ef56.png" alt="">'
        '<img src="../_images/ok.png" alt="ROC curves of two models">'
        '<img src="data:image/png;base64,AAAA" alt="frame 3 of the threshold explorer">'
    )
    assert images_without_alt(page) == [
        "../_images/ab12.png",
        "../_images/cd34.png",
        "../_images/ef56.png",
    ]


@pytest.mark.browser
def test_every_figure_in_the_built_book_has_alt_text():
    pages = sorted(HTML.rglob("*.html")) if HTML.is_dir() else []
    if not pages:
        pytest.fail(NO_BUILD)
    bad = {}
    chapters_without_images = []
    for path in pages:
        if "_static" in path.parts or "_sources" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if 'http-equiv="refresh"' in text:
            continue  # a page left at an old address: it only sends the reader on
        if path.parent.name == "chapters" and "<img" not in text:
            chapters_without_images.append(path.name)
        missing = images_without_alt(text) + options_in_captions(text)
        if missing:
            bad[str(path.relative_to(HTML))] = missing
    # every chapter draws at least one figure: a page without any means the check saw nothing
    assert not chapters_without_images, chapters_without_images
    assert not bad, f"images without alt text, or captions showing an option: {bad}"


def test_cross_document_glue_has_a_format_spec():
    """``{glue:text}`page.ipynb::key``` without ``:fmt`` splits at the key's colon and fails.

    myst-nb reads the role's text as ``key:format``, split at the last colon; with a path and no
    format the "key" becomes ``page.ipynb:`` (found once in the errata, caught only by the
    build). Each cross-document glue role must end in a format spec.
    """
    pages = [ROOT / "intro.md", *sorted((ROOT / "reference").glob("*.md"))]
    bad = []
    for page in pages:
        for match in re.finditer(r"\{glue:text\}`([^`]*::[^`]*)`", page.read_text("utf-8")):
            _, _, after_key = match.group(1).partition("::")
            if ":" not in after_key:
                bad.append(f"{page.name}: {match.group(0)}")
    assert not bad, bad


# --- the main line as a reader sees it (tools/main_line.py) -------------------------------------


def _main_line_tool():
    import importlib.util

    spec = importlib.util.spec_from_file_location("main_line", ROOT / "tools" / "main_line.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAIN_LINE = _main_line_tool()

_PAGE = """<html><body><article class="bd-article">
<h1>Title words</h1>
<p>Four words of prose <span class="math notranslate nohighlight">\\(x^2 + y\\)</span>.</p>
<div class="math notranslate nohighlight">\\[ a + b + c + d \\]</div>
<div class="dropdown admonition"><p>folded words that do not count at all</p></div>
<div class="exercise admonition"><p>an exercise is not main line</p></div>
<div class="cell docutils container"><div class="cell_input docutils container">
<pre>x = compute(data)
glue("key", x, display=False)</pre></div>
<div class="cell_output docutils container"><pre>printed output words</pre></div></div>
<div class="cell docutils container"><div class="cell_input docutils container">
<pre>assert x == 2</pre></div></div>
<div class="cell docutils container"><div class="cell_input docutils container">
<pre>y = x + 1  # plain computation</pre></div></div>
</article></body></html>"""


def test_the_main_line_counter_counts_prose_only():
    # "Title words" (2) + "Four words of prose" (4) + the inline formula as one word
    assert MAIN_LINE.main_line_words(_PAGE) == 7


def test_the_documents_section_and_going_further_boxes_are_off_the_main_line():
    page = _PAGE.replace(
        "</article>",
        '<section id="what-the-documents-say"><h2>What the documents say</h2>'
        "<p>Ten more words of verdicts that close the chapter here.</p></section>"
        '<div class="admonition dropdown"><p class="admonition-title">Going further: x</p>'
        "<p>Optional words.</p></div></article>",
    )
    assert MAIN_LINE.main_line_words(page) == 7
    assert MAIN_LINE.going_further_boxes(page) == ["Going further: x"]
    assert MAIN_LINE.going_further_boxes(_PAGE) == []


def test_the_machinery_check_finds_glue_and_asserts_in_visible_cells():
    found = MAIN_LINE.visible_machinery(_PAGE)
    assert found == ["glue call: x = compute(data)", "assert: assert x == 2"]


def test_one_parse_measures_as_the_three_functions_do():
    page = _PAGE.replace(
        "</article>",
        '<div class="admonition dropdown"><p class="admonition-title">Going further: x</p>'
        "<p>Optional words.</p></div></article>",
    )
    assert MAIN_LINE.measure(page) == (
        MAIN_LINE.main_line_words(page),
        MAIN_LINE.going_further_boxes(page),
        MAIN_LINE.visible_machinery(page),
    )
    assert MAIN_LINE.measure(page) == (7, ["Going further: x"], MAIN_LINE.visible_machinery(page))


@pytest.fixture(scope="module")
def measures() -> dict:
    """Each built chapter page's measures, {stem: (words, boxes, machinery)}, parsed once."""
    pages = MAIN_LINE.chapter_pages(HTML) if HTML.is_dir() else []
    if not pages:
        pytest.fail(NO_BUILD)
    assert len(pages) >= 15
    return {page.stem: MAIN_LINE.measure(page.read_text(encoding="utf-8")) for page in pages}


@pytest.mark.browser
def test_no_chapter_shows_glue_calls_or_checks(measures):
    """The reader sees the computation; glue calls and checks live in hidden cells."""
    shown = {stem: found.machinery for stem, found in measures.items() if found.machinery}
    assert not shown, shown


@pytest.mark.browser
def test_every_chapter_main_line_fits_one_sitting(measures):
    """At most MAX_WORDS words of main-line prose per chapter page, as a reader sees it;
    what is not on the main line goes into a folded Going further box."""
    words = {stem: found.words for stem, found in measures.items()}
    assert min(words.values()) > 1000, words  # the counter sees prose
    over = {stem: n for stem, n in words.items() if n > MAIN_LINE.MAX_WORDS}
    assert not over, f"main line over {MAIN_LINE.MAX_WORDS} words: {over}"


@pytest.mark.browser
def test_every_chapter_has_at_most_six_going_further_boxes(measures):
    """Folded boxes are for optional material: a few per chapter, never the main line's."""
    boxes = {stem: found.boxes for stem, found in measures.items()}
    assert any(boxes.values()), "the counter finds no Going further box at all"
    over = {stem: len(t) for stem, t in boxes.items() if len(t) > MAIN_LINE.MAX_GOING_FURTHER}
    assert not over, f"more than {MAIN_LINE.MAX_GOING_FURTHER} Going further boxes: {over}"


def empty_citations(page: str) -> int:
    """Citations rendered as ``[]``: a key the bibliography did not resolve on that page."""
    return len(re.findall(r'class="bibtex-citation"[^>]*>\[\]<', page))


def test_the_empty_citation_check_can_fail():
    assert empty_citations('<span class="bibtex-citation" id="id1">[]</span>') == 1
    assert empty_citations('<span class="bibtex-citation" id="id2">[<a>Holm, 1979</a>]</span>') == 0


@pytest.mark.browser
def test_no_page_shows_an_empty_citation():
    pages = sorted(HTML.rglob("*.html")) if HTML.is_dir() else []
    if not pages:
        pytest.fail(NO_BUILD)
    bad = {
        str(p.relative_to(HTML)): n
        for p in pages
        if "_static" not in p.parts and (n := empty_citations(p.read_text(encoding="utf-8")))
    }
    assert not bad, f"citations rendered as []: {bad}"
