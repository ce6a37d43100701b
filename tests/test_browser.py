"""Open every page of the built book in headless Chromium, as a reader would.

Run after the build (``make test`` does: build-check, then ``pytest -m browser``). The site in
``_build/html`` is served on 127.0.0.1 and every page of ``_toc.yml`` is opened in Debian's
Chromium through Playwright (no ``playwright install``). A page fails when

- a request goes to any host other than 127.0.0.1 (the book must work offline, no CDN);
- the console shows an error other than the known harmless ones;
- math is left untypeset (raw ``\\(`` or ``\\[`` in the visible text);
- the visible text holds a traceback, an error output, ``<function`` or `` at 0x``;
- an image fails to load;
- an explorer's slider does not change its frame and readout when moved with the keyboard.

A screenshot (JPEG) of every page's first screen is saved under ``_build/screenshots/``, and
one of each explorer before and after its slider moves. With ``EVALMETRICS_FULL_SHOTS=1``
(``make screenshots``, ``make test-full``) the pages are photographed whole (of most Chinese
pages, still the first screen: ``FULL_CHINESE_SHOTS``): about 1.5 s a page, two minutes in all,
which ``make test`` does not spend on pictures no check reads.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from support import chromium_browser

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
# Every wait is for a condition (loaded, typeset, no request in flight), never for a fixed time;
# the bound only decides when a page that never gets there fails. Two minutes holds on a 2-core
# machine that is also building the book (api.html fires its last font request after 8.5 s there).
PAGE_TIMEOUT = 120

# Console noise of this theme that is known to be harmless.
HARMLESS_CONSOLE = (
    re.compile(r"THEBE_JS_URL.*(already been declared|redeclaration)", re.I),
    re.compile(r"invalid theme mode", re.I),
    re.compile(r"favicon\.ico", re.I),
    # Chromium's console line for any HTTP error names no URL; failed responses are checked
    # separately, with their URLs, by PageWatch.failed_responses.
    re.compile(r"^Failed to load resource: the server responded with a status of", re.I),
)

BAD_TEXT = (
    "Traceback (most recent call last)",
    "<function ",
    " at 0x",
)


def toc_pages() -> list[str]:
    """Every document of _toc.yml, as the path of its HTML page (without a YAML parser)."""
    text = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    docs = re.findall(r"^\s*(?:root|-\s*file):\s*(\S+)\s*$", text, flags=re.M)
    assert docs, "_toc.yml lists no documents"
    return [f"{doc}.html" for doc in docs]


def chinese_pages() -> list[str]:
    """The Chinese edition's pages the browser opens: every page declared translated, and a
    chapter whose explorer must work there too (the rest show the English text)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import translations

    translated = set(translations.TRANSLATED)  # pages, and the figures' and check()'s catalogs
    pages = [f"zh/{page}" for page in toc_pages() if page.removesuffix(".html") in translated]
    return pages + [p for p in ("zh/chapters/07_roc_auc.html",) if p not in pages]


# Whole pages photographed (make screenshots, make test-full), or their first screens only
FULL_SHOTS = os.environ.get("EVALMETRICS_FULL_SHOTS") == "1"
# A page taller than this gets a screenshot of its first screen only: the API page, 180,000 px,
# took 5 s to shoot whole, and an image that tall is not looked at.
TALLEST_FULL_SHOT = 40_000
# Chinese pages whose whole length is photographed (figures, an explorer, tables); the others
# get the first screen only: a long page's full screenshot costs a second or more, and their
# English twins are photographed whole

FULL_CHINESE_SHOTS = {
    "zh/chapters/02_first_level.html",
    "zh/chapters/04_third_level.html",
    "zh/chapters/07_roc_auc.html",
    "zh/chapters/21_costs_thresholds.html",
    "zh/reference/glossary.html",
}


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature of the base class
        pass


@pytest.fixture(scope="module")
def site():
    if not (HTML / "index.html").exists():
        pytest.fail("_build/html/index.html is missing: build the book first (make book)")
    handler = functools.partial(_QuietHandler, directory=str(HTML))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser():
    with chromium_browser("browser test") as instance:
        yield instance


class PageWatch:
    """Collects what a page requested and logged while it was open."""

    def __init__(self, page):
        self.pending: dict[object, str] = {}  # requests sent and not yet finished or failed
        self.last_activity = time.monotonic()
        self.foreign_requests: list[str] = []
        self.console_errors: list[str] = []
        self.scripts: list[str] = []
        self.failed_responses: list[str] = []
        page.on("request", self._on_request)
        page.on("requestfinished", self._on_done)
        page.on("requestfailed", self._on_done)
        page.on("response", self._on_response)
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self._record_error(f"pageerror: {exc}"))

    def _on_done(self, request):
        self.pending.pop(request, None)
        self.last_activity = time.monotonic()

    def wait_until_quiet(self, page, quiet: float = 0.5, timeout: float = PAGE_TIMEOUT) -> None:
        """Wait until no request has been in flight for ``quiet`` seconds.

        This is the condition the checks need (every request the page makes has been seen,
        so a request to another host cannot slip past), with a timeout that holds on a loaded
        2-core machine; it fails naming the requests still open, not on a clock.
        """
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            if not self.pending and now - self.last_activity >= quiet:
                return
            if now > deadline:
                raise AssertionError(
                    f"requests still open after {timeout:.0f} s: {list(self.pending.values())[:5]}"
                )
            page.wait_for_timeout(100)

    def _on_request(self, request):
        self.pending[request] = request.url
        self.last_activity = time.monotonic()
        url = request.url
        if request.resource_type == "script":
            self.scripts.append(url)
        parsed = urlparse(url)
        if parsed.scheme in ("data", "blob", "about"):
            return
        if parsed.hostname != "127.0.0.1":
            self.foreign_requests.append(url)

    def _on_response(self, response):
        if response.status >= 400 and not response.url.endswith("/favicon.ico"):
            self.failed_responses.append(f"{response.status} {response.url}")

    def _on_console(self, message):
        if message.type == "error":
            self._record_error(message.text)

    def _record_error(self, text: str) -> None:
        if not any(pattern.search(text) for pattern in HARMLESS_CONSOLE):
            self.console_errors.append(text)


def wait_for_math(page) -> None:
    """Wait until MathJax (if the page loaded it) has typeset everything."""
    page.wait_for_load_state("load")
    has_mathjax = page.evaluate("() => typeof window.MathJax !== 'undefined'")
    if has_mathjax:
        page.wait_for_function(
            "() => window.MathJax && window.MathJax.startup && window.MathJax.startup.promise",
            timeout=PAGE_TIMEOUT * 1000,
        )
        page.evaluate("() => window.MathJax.startup.promise")


def screenshot_name(page_path: str, suffix: str = "") -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    stem = page_path.removesuffix(".html").replace("/", "__")
    # JPEG: a long page's full-page PNG took a second or more to encode, 68 pages a run
    return SHOTS / f"{stem}{suffix}.jpg"


def explorer_state(explorer) -> tuple[str, str, str]:
    """What a reader sees of an explorer: the frame, the readout and the slider's value."""
    return (
        explorer.eval_on_selector("img.em-frame", "img => img.getAttribute('src')"),
        explorer.eval_on_selector(".em-readout", "el => el.innerText"),
        explorer.eval_on_selector(".em-value", "el => el.textContent"),
    )


def move_every_explorer(page, page_path: str) -> list[str]:
    """Press arrow keys on every explorer's slider; its frame and readout must change.

    Screenshots of each explorer before and after the move are saved next to the page's.
    """
    problems = []
    explorers = page.query_selector_all(".em-explorer")
    for number, explorer in enumerate(explorers, start=1):
        slider = explorer.query_selector("input.em-slider")
        if slider is None:
            problems.append(f"explorer {number} has no slider")
            continue
        explorer.scroll_into_view_if_needed()
        explorer.screenshot(path=str(screenshot_name(page_path, f"__explorer{number}_before")))
        before = explorer_state(explorer)
        value, maximum = int(slider.input_value()), int(slider.get_attribute("max"))
        slider.focus()
        key = "ArrowLeft" if value == maximum else "ArrowRight"
        slider.press(key)
        after = explorer_state(explorer)
        explorer.screenshot(path=str(screenshot_name(page_path, f"__explorer{number}_after")))
        moved = int(slider.input_value())
        if moved == value:
            problems.append(f"explorer {number}: {key} did not move the slider")
        if after[0] == before[0]:
            problems.append(f"explorer {number}: the frame did not change when the slider moved")
        if after[1] == before[1]:
            problems.append(f"explorer {number}: the readout did not change when the slider moved")
        if after[2] == before[2]:
            problems.append(f"explorer {number}: the shown value did not change")
        broken = explorer.eval_on_selector("img.em-frame", "img => img.naturalWidth === 0")
        if broken:
            problems.append(f"explorer {number}: the new frame did not load")
    return problems


def check_notebook_download(page, page_path: str) -> list[str]:
    """A chapter page offers its notebook (.ipynb) for download, and the file is a notebook."""
    links = page.eval_on_selector_all("a[href$='.ipynb']", "links => links.map(link => link.href)")
    expected = page_path.removesuffix(".html").split("/")[-1] + ".ipynb"
    links = [link for link in links if link.endswith("/" + expected)]
    if not links:
        return [f"no download link for {expected}"]
    response = page.request.get(links[0])
    if response.status != 200:
        return [f"downloading {expected} gave HTTP {response.status}"]
    try:
        notebook = response.json()
    except ValueError:
        return [f"{expected} is not valid JSON"]
    if not notebook.get("cells"):
        return [f"{expected} has no cells"]
    return []


# Code, outputs and displayed formulas that do not fit the text column: the reader sees them
# cut at the right edge (a scroll bar a screenshot does not show). Folded boxes are skipped
# (zero width until opened); a few pixels of glyph overhang are not a cut.
WIDE_BOXES = """() => {
  const found = [];
  const boxes = document.querySelectorAll(
    'article pre, article mjx-container[display="true"], article .math-wrapper');
  for (const el of boxes) {
    if (el.getBoundingClientRect().width === 0 || !(el.innerText || '').trim()) continue;
    const extra = el.scrollWidth - el.clientWidth;
    if (extra <= 4) continue;
    const kind = el.tagName === 'PRE'
      ? (el.closest('.cell_output, .output') ? 'output' : 'code') : 'formula';
    const lines = (el.innerText || '').split('\\n');
    const longest = lines.reduce((a, b) => (b.length > a.length ? b : a), '');
    found.push([kind, extra, longest.slice(0, 90)]);
  }
  return found;
}"""


@pytest.mark.parametrize("page_path", toc_pages() + chinese_pages())
def test_page_reads_well_offline(browser, site, page_path):
    assert (HTML / page_path).exists(), f"{page_path} was not built"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT * 1000)
    page = context.new_page()
    watch = PageWatch(page)
    try:
        page.goto(f"{site}/{page_path}", wait_until="load")
        wait_for_math(page)
        watch.wait_until_quiet(page)
        text = page.inner_text("main") if page.query_selector("main") else page.inner_text("body")
        broken_images = page.evaluate(
            """() => Array.from(document.images)
                 .filter(img => !img.complete || img.naturalWidth === 0)
                 .map(img => (img.getAttribute('src') || '').slice(0, 80))"""
        )
        error_outputs = page.evaluate(
            """() => Array.from(document.querySelectorAll(
                   '.cell_output .traceback, .cell_output .output.error, .output.traceback'))
                 .map(el => el.innerText.slice(0, 200))"""
        )
        too_wide = page.evaluate(WIDE_BOXES)
        full = FULL_SHOTS and (not page_path.startswith("zh/") or page_path in FULL_CHINESE_SHOTS)
        height = page.evaluate("() => document.documentElement.scrollHeight")
        page.screenshot(
            path=str(screenshot_name(page_path)),
            full_page=full and height <= TALLEST_FULL_SHOT,
            quality=85,
        )
        explorer_problems = move_every_explorer(page, page_path)
        if page_path.startswith("chapters/"):
            explorer_problems += check_notebook_download(page, page_path)
    finally:
        context.close()

    problems = list(explorer_problems)
    if watch.foreign_requests:
        problems.append(f"requests left 127.0.0.1: {watch.foreign_requests[:5]}")
    if watch.console_errors:
        problems.append(f"console errors: {watch.console_errors[:5]}")
    if watch.failed_responses:
        problems.append(f"failed requests: {watch.failed_responses[:5]}")
    cdn_scripts = [s for s in watch.scripts if re.search(r"require(\.min)?\.js|html-manager", s)]
    if cdn_scripts:
        problems.append(f"widget CDN scripts loaded: {cdn_scripts}")
    problems += [
        f"untypeset math ({raw}) in the visible text" for raw in ("\\(", "\\[") if raw in text
    ]
    problems += [f"visible text contains {bad!r}" for bad in BAD_TEXT if bad in text]
    if error_outputs:
        problems.append(f"error outputs on the page: {error_outputs}")
    if broken_images:
        problems.append(f"images that failed to load: {broken_images}")
    problems += [
        f"wider than the page ({kind}, {extra} px cut off): {line!r}"
        for kind, extra, line in too_wide
    ]
    assert not problems, f"{page_path}:\n  " + "\n  ".join(problems)


def test_the_wait_sees_a_request_made_late_to_another_host(browser, tmp_path):
    """The page check waits for a quiet network, not for a clock: a request a page makes
    seconds after it loaded (a lazy font, a tracker) is still seen and reported.

    The page below asks for a local image 0.3 s after it loaded, and 0.3 s after that image
    came back, for one from another host: a chain of requests with gaps shorter than the quiet
    period the page check uses (0.5 s, as Playwright's "networkidle"), so the wait sees both.
    (A request after a longer silence is beyond any wait for a quiet network.)
    """
    (tmp_path / "late.html").write_text(
        "<html><body><p>late</p><script>"
        "const later = () => setTimeout(() => {"
        " new Image().src = 'http://127.0.0.2:9/pixel.png'; }, 300);"
        "setTimeout(() => { const img = new Image(); img.onerror = later; img.onload = later;"
        " img.src = 'local.png'; }, 300);"
        "</script></body></html>"
    )
    handler = functools.partial(_QuietHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        watch = PageWatch(page)
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/late.html", wait_until="load")
        watch.wait_until_quiet(page, timeout=60)  # the page check's own quiet period
        assert watch.foreign_requests == ["http://127.0.0.2:9/pixel.png"]
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_cost_explorer_moves_along_the_hull(browser, site):
    """Chapter 21's cost explorer, moved to both ends of its slider with Home and End.

    Raising the cost ratio c_FN/c_FP flattens the iso-performance lines, so the optimal point
    can only move right along the convex hull: at the largest ratio the false negatives are at
    most, and the false positives at least, those of the starting ratio; at the smallest ratio
    the other way round. The shown value follows the slider, and each end has its own frame.
    """
    page_path = "chapters/21_costs_thresholds.html"
    assert (HTML / page_path).exists(), f"{page_path} was not built"
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{site}/{page_path}", wait_until="load")
        explorer = page.query_selector('.em-explorer[data-explorer="cost explorer"]')
        assert explorer is not None, "no cost explorer on the chapter 21 page"
        slider = explorer.query_selector("input.em-slider")
        assert slider.get_attribute("data-parameter") == "ratio"

        def counts() -> dict[str, float]:
            pairs = explorer.eval_on_selector_all(
                ".em-metric", "els => els.map(el => [el.dataset.metric, el.dataset.value])"
            )
            return {key: float(value) for key, value in pairs}

        explorer.scroll_into_view_if_needed()
        start, start_frame = counts(), explorer_state(explorer)[0]
        slider.focus()
        slider.press("End")
        high, high_state = counts(), explorer_state(explorer)
        explorer.screenshot(path=str(screenshot_name(page_path, "__cost_explorer_end")))
        slider.press("Home")
        low, low_state = counts(), explorer_state(explorer)
        explorer.screenshot(path=str(screenshot_name(page_path, "__cost_explorer_home")))
    finally:
        context.close()
    assert high_state[2] == "64" and low_state[2] == "0.0625", (high_state[2], low_state[2])
    assert len({start_frame, high_state[0], low_state[0]}) == 3
    assert high["fn"] <= start["fn"] <= low["fn"], (low, start, high)
    assert high["fp"] >= start["fp"] >= low["fp"], (low, start, high)
    assert {"threshold", "cost", "fp", "fn"} <= set(start)


def test_an_old_chapter_address_lands_on_its_new_page(browser, site):
    """A bookmark from before the renumbering (with a section anchor) reaches the chapter."""
    redirects = json.loads((ROOT / "redirects.json").read_text(encoding="utf-8"))
    old = "chapters/05_roc_auc"
    entry = redirects[old]
    new = entry if isinstance(entry, str) else entry["to"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    watch = PageWatch(page)
    try:
        page.goto(f"{site}/{old}.html#top", wait_until="load")
        page.wait_for_url(f"**/{new}.html#top", timeout=PAGE_TIMEOUT * 1000)
        watch.wait_until_quiet(page)
        assert page.locator("article h1").count() == 1
        assert not watch.foreign_requests, watch.foreign_requests
    finally:
        context.close()
