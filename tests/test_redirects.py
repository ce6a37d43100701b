"""Old chapter addresses keep working: every page that moved has a page at its old address.

``redirects.json`` (written by ``tools/renumber.py``) maps each old page to its current page;
``_ext/redirects.py`` writes a small page at each old address after the HTML build. The checks
of the built pages run after the build (marker ``browser``, as in ``make test``); the checks of
the map and of the page writer need no build.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "_ext"))

from redirects import load_redirects, redirect_page  # noqa: E402

REDIRECTS = load_redirects(ROOT / "redirects.json")


def toc_documents() -> set[str]:
    text = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    return set(re.findall(r"^\s*(?:root|-\s*file):\s*(\S+)\s*$", text, flags=re.M))


def refresh_target(page: str) -> str:
    match = re.search(r'http-equiv="refresh" content="0; url=([^"]+)"', page)
    assert match, "no meta refresh on the page"
    return match.group(1)


def test_every_renumbered_chapter_has_a_redirect():
    """The chapters that moved this book's history are all in the map (it can only grow)."""
    # renumber: off
    moved = {
        "chapters/05_roc_auc",
        "chapters/06_pr_ap",
        "chapters/07_retrieval_pr",
        "chapters/08_ap_map",
        "chapters/09_rr_mrr",
        "chapters/10_hit_ratio",
        "chapters/11_dcg_ndcg",
        "chapters/12_choosing",
        "chapters/13_confidence_intervals",
        "chapters/14_paired_tests",
        "chapters/15_costs_thresholds",
        "chapters/16_incomplete_judgments",
    }
    # renumber: on
    assert moved <= set(REDIRECTS), sorted(moved - set(REDIRECTS))


def test_redirects_lead_to_pages_of_the_book():
    pages = toc_documents()
    for old, entry in REDIRECTS.items():
        assert old not in pages, f"{old} is a page of the book and cannot also redirect"
        assert entry["to"] in pages, f"{old} -> {entry['to']}, which is not in _toc.yml"
        for anchor, page in entry["anchors"].items():
            assert page.partition("#")[0] in pages, f"{old}#{anchor} -> {page}: not in _toc.yml"


def test_redirect_page_points_at_the_new_page_relative_to_the_old():
    page = redirect_page(
        "chapters/05_roc_auc",
        "chapters/07_roc_auc",
        {"multiclass": "chapters/08_auc_in_practice"},
        "ROC <curves>",
    )
    assert refresh_target(page) == "07_roc_auc.html"
    assert '"multiclass": "08_auc_in_practice.html"' in page
    assert "ROC &lt;curves&gt;" in page  # the title is escaped
    assert "http" not in page.replace('http-equiv="refresh"', "")  # nothing from another host
    # a section that moved to another page under a new id
    moved = redirect_page("chapters/a", "chapters/b", {"x": "chapters/c#y"}, "t")
    assert '"x": "c.html#y"' in moved
    # a page at the root that moved into a folder
    assert refresh_target(redirect_page("old", "chapters/new", {}, "t")) == "chapters/new.html"


def test_a_wrong_map_is_caught():
    """The map check fails on an entry that points nowhere."""
    pages = toc_documents()
    broken = {"chapters/05_roc_auc": {"to": "chapters/99_nowhere", "anchors": {}}}
    assert any(entry["to"] not in pages for entry in broken.values())


@pytest.mark.browser
@pytest.mark.parametrize("old", sorted(REDIRECTS))
def test_old_address_is_built_and_leads_to_its_page(old):
    built = HTML / f"{old}.html"
    if not (HTML / "index.html").exists():
        pytest.fail("_build/html is missing: build the book first (make book)")
    assert built.exists(), f"no page at the old address {old}.html"
    target = (built.parent / refresh_target(built.read_text(encoding="utf-8"))).resolve()
    assert target == (HTML / f"{REDIRECTS[old]['to']}.html").resolve()
    assert target.exists()
    title = re.search(r"<title>(.*?)</title>", target.read_text(encoding="utf-8"), re.S)
    assert title and json.dumps(title.group(1))  # the new page is a real page with a title


@pytest.mark.browser
@pytest.mark.parametrize("old", sorted(REDIRECTS))
def test_every_anchor_of_an_old_address_exists_on_its_new_page(old):
    """A section sent to another page lands on an id that page has."""
    for anchor, target in REDIRECTS[old]["anchors"].items():
        page, _, new_id = target.partition("#")
        built = HTML / f"{page}.html"
        assert built.exists(), f"{old}#{anchor}: {page}.html was not built"
        ids = set(re.findall(r'id="([^"]+)"', built.read_text(encoding="utf-8")))
        assert (new_id or anchor) in ids, f"{old}#{anchor}: no id {new_id or anchor} on {page}"
