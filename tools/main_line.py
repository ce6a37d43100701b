"""How long each chapter's main line is, and what machinery shows, measured on the built pages.

Usage::

    python tools/main_line.py            # a table for _build/html (run after `make book`)
    python tools/main_line.py --html DIR
    python tools/main_line.py --notebooks  # an estimate from the notebooks, no build needed

The main line is the prose a reader meets when reading straight down a chapter page: the text of
the article (inline math counted as one word) minus code cells and their outputs, display math,
folded boxes (any admonition with the ``dropdown`` class: "Going further", solutions, self-
checks), exercises, the bibliography, the page's navigation and the closing "What the documents
say" section (it judges the source documents; the lesson comes before it). Its length in words
is what a student reads in one sitting. Machinery is code a reader sees on the page that only
serves the book: a ``glue(`` call (a number handed to the prose) or an ``assert`` (a check
against the documents or another library). Both belong in hidden cells.
``tests/test_built_pages.py`` holds every chapter to ``MAX_WORDS`` and to no visible machinery."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import NamedTuple

from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
MAX_WORDS = 3500
# The id of the closing "What the documents say" section (generated from claims.json).
DOCUMENTS_SECTION = "what-the-documents-say"

# Blocks that are not the main line. A class matches when it is one of the element's classes.
_OFF_LINE_CLASSES = (
    "cell",  # code cells and their outputs (text in them is code, not prose)
    "math",  # display math
    "dropdown",  # folded boxes: Going further, solutions, self-checks
    "exercise",
    "solution",
    "bibliography",
    "citation",
    "toctree-wrapper",
    "prev-next-area",
    "headerlink",
)
_MACHINERY = (
    ("glue call", re.compile(r"\bglue\(")),
    ("assert", re.compile(r"^\s*assert\b", re.MULTILINE)),
    ("numpy testing", re.compile(r"\bnp\.testing\.|\bassert_allclose\(")),
)


def _article(html: str) -> BeautifulSoup:
    soup = BeautifulSoup(html, "html.parser")
    article = soup.find("article") or soup.body or soup
    return article


class Measures(NamedTuple):
    """What the checks read of a built chapter page."""

    words: int  # main_line_words
    boxes: list[str]  # going_further_boxes
    machinery: list[str]  # visible_machinery


def measure(html: str) -> Measures:
    """The three measures of a page, read from one parse (half a second a chapter page)."""
    article = _article(html)
    boxes, machinery = going_further_boxes(article), visible_machinery(article)
    return Measures(main_line_words(article), boxes, machinery)


def main_line_words(html: str | BeautifulSoup) -> int:
    """The number of words of main-line prose on a built page (see the module docstring);
    given a parsed article, it takes out of it what is not the main line."""
    article = _article(html) if isinstance(html, str) else html
    # The section judging the source documents closes a chapter; it is not the lesson.
    documents = article.find(id=DOCUMENTS_SECTION)
    if documents is not None:
        documents.decompose()
    for element in article.find_all(True):
        if element.decomposed:
            continue
        classes = element.get("class") or []
        if element.name == "span" and "math" in classes:
            element.replace_with(" x ")  # inline math reads as about one word
            continue
        if any(name in classes for name in _OFF_LINE_CLASSES) or element.name in (
            "script",
            "style",
            "details",
        ):
            element.decompose()
    text = article.get_text(" ")
    # inline math that MathJax has not typeset yet: \( ... \)
    text = re.sub(r"\\\(.*?\\\)", " ", text, flags=re.DOTALL)
    return len(re.findall(r"[A-Za-z0-9][\w'’.-]*|[\u4e00-\u9fff]+", text))


MAX_GOING_FURTHER = 6


def going_further_boxes(html: str | BeautifulSoup) -> list[str]:
    """The titles of a page's folded "Going further" boxes (optional material only)."""
    article = _article(html) if isinstance(html, str) else html
    titles = []
    for box in article.select(".admonition.dropdown, details.dropdown"):
        title = box.select_one(".admonition-title, summary")
        text = " ".join(title.get_text(" ").split()) if title else ""
        if text.startswith("Going further"):
            titles.append(text)
    return titles


def visible_machinery(html: str | BeautifulSoup) -> list[str]:
    """The first line of every code cell shown on the page that calls ``glue(`` or asserts."""
    article = _article(html) if isinstance(html, str) else html
    found = []
    for cell in article.select("div.cell_input"):
        code = cell.get_text()
        for what, pattern in _MACHINERY:
            if pattern.search(code):
                first = code.strip().splitlines()[0][:70] if code.strip() else ""
                found.append(f"{what}: {first}")
                break
    return found


def chapter_pages(html_dir: Path = HTML) -> list[Path]:
    """The built chapter pages (not the pages left at old addresses, which only redirect)."""
    stems = {path.stem for path in (ROOT / "chapters").glob("*.ipynb")}
    return sorted(p for p in (html_dir / "chapters").glob("*.html") if p.stem in stems)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=HTML, help="the built book (_build/html)")
    parser.add_argument(
        "--notebooks",
        action="store_true",
        help="estimate from chapters/*.ipynb without a build (main-line words only)",
    )
    args = parser.parse_args(argv)
    if args.notebooks:
        for path in sorted((ROOT / "chapters").glob("*.ipynb")):
            words = notebook_main_line_words(path)
            print(f"{path.stem:<32} {words:>6}{'  over' if words > MAX_WORDS else ''}")
        return 0
    pages = chapter_pages(args.html)
    if not pages:
        print(f"no chapter pages in {args.html}/chapters: build the book first", file=sys.stderr)
        return 1
    print(f"{'chapter':<32} {'main-line words':>15} {'visible machinery':>18}")
    over = 0
    for page in pages:
        words, _, machinery = measure(page.read_text(encoding="utf-8"))
        flag = "  over" if words > MAX_WORDS else ""
        over += bool(flag or machinery)
        print(f"{page.stem:<32} {words:>15} {len(machinery):>18}{flag}")
    print(f"limit {MAX_WORDS} words; pages over the limit or with visible machinery: {over}")
    return 0


# --- an estimate from the notebook source, for editing without a build ---------------------------

_FENCE = re.compile(r"^(`{3,}|:{3,})\s*\{?([\w-]*)\}?(.*)$")


def notebook_main_line_words(path: Path) -> int:
    """An estimate of :func:`main_line_words` from a chapter notebook's Markdown cells.

    Drops directive blocks that are folded or not prose (a ``dropdown`` class, exercises,
    solutions, figures' and code's fences, display math), counts a glue role, a cross-reference
    or an inline formula as one word. It reads low, by up to about 12% on this book's chapters (a
    cross-reference renders as a section title, headings gain their numbers, captions come from
    cell metadata): aim at about 3,100 here for 3,500 on the page, which is what counts.
    """
    import json

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    # drop the closing "What the documents say" section, up to the next second-level heading
    text = re.sub(r"^## What the documents say\n.*?(?=^## |\Z)", "", text, flags=re.S | re.M)
    kept, stack, skip_depth, in_solution = [], [], None, False
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        fence = _FENCE.match(stripped)
        if stripped.startswith("```{solution-start}"):
            in_solution = True
        if in_solution:
            if stripped.startswith("```{solution-end}"):
                in_solution = False
            i += 1
            continue
        if fence and (fence.group(2) or not stack or stack[-1] != fence.group(1)):
            # an opening fence; look ahead for its :class: option
            marker, name = fence.group(1), fence.group(2)
            options = " ".join(lines[i + 1 : i + 4])
            folded = (
                "dropdown" in options
                or name in ("exercise", "solution", "code-cell", "math", "figure", "")
                and name != "admonition"
            )
            stack.append(marker)
            if skip_depth is None and folded:
                skip_depth = len(stack)
            i += 1
            continue
        if fence and stack and stack[-1] == fence.group(1) and not fence.group(2):
            if skip_depth == len(stack):
                skip_depth = None
            stack.pop()
            i += 1
            continue
        if skip_depth is None and not stripped.startswith(":"):
            kept.append(line)
        i += 1
    prose = "\n".join(kept)
    prose = re.sub(r"\$\$.*?\$\$", " ", prose, flags=re.DOTALL)
    prose = re.sub(r"\{[\w:-]+\}`[^`]*`", " x ", prose)  # roles: glue, ref, term, cite
    prose = re.sub(r"\$[^$]+\$", " x ", prose)
    prose = re.sub(r"^\(.*\)=\s*$", " ", prose, flags=re.MULTILINE)  # labels
    return len(re.findall(r"[A-Za-z0-9][\w'’.-]*|[\u4e00-\u9fff]+", prose))


if __name__ == "__main__":
    raise SystemExit(main())
