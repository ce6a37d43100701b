"""Checks of the built HTML that need no browser: every figure says what it shows.

A figure's alt text is what a screen reader reads and what a reader sees when an image fails to
load. myst-nb names figure files by a hash, and without an ``alt`` option in the cell's
``mystnb.image`` metadata the alt text is that file name. Run after the build
(``make test`` runs ``pytest -m browser`` after ``build-check``); the checker itself is tested on
a small page so it is known to fail.
"""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
# Images of the theme, not of the book.
THEME_IMAGES = ("_static/",)


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
        if os.environ.get("CI") == "true":
            pytest.fail("no built book in _build/html: run the build first")
        pytest.skip("no built book in _build/html: run `make build-check` first")
    bad = {}
    chapters_without_images = []
    for path in pages:
        if "_static" in path.parts or "_sources" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if path.parent.name == "chapters" and "<img" not in text:
            chapters_without_images.append(path.name)
        missing = images_without_alt(text)
        if missing:
            bad[str(path.relative_to(HTML))] = missing
    # every chapter draws at least one figure: a page without any means the check saw nothing
    assert not chapters_without_images, chapters_without_images
    assert not bad, f"images without alt text: {bad}"


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
