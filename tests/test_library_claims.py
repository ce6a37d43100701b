"""A claim about another library's output is shown by running it, or marked as read from source.

A review found statements such as "scikit-learn can only ..." and "trec_eval's 11-point AP is
..." written from memory, and wrong. The book's rule: a page that says what
another library computes either runs that library (a notebook that imports it), or the paragraph
says where the claim was read: ``(read from source: owner/repo, path/to/file)``. Markdown pages
run nothing, so there a paragraph points to the page that runs the library, or carries the
marker.

A paragraph makes a claim about a library's output when it names the library and a verb of
computing (returns, gives, computes, divides, ...) or an equals sign. Names alone ("the digits
data from scikit-learn") are not claims.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# library: (how the prose names it, the modules whose import means the page runs it)
LIBRARIES = {
    "scikit-learn": (r"scikit-learn|sklearn", ("sklearn",)),
    "trec_eval": (r"trec_eval|pytrec_eval", ("pytrec_eval",)),
    "ranx": (r"\branx\b", ("ranx",)),
    "RecBole": (r"RecBole", ("recbole",)),
    "torchmetrics": (r"torchmetrics", ("torchmetrics",)),
}
CLAIM = re.compile(
    r"\b(return|returns|returned|gives|give|gave|computes|compute|reports|report|divides|"
    r"scores|counts|outputs|penalises|ignores|drops|skips|averages|truncates|cuts)\b|=",
)
MARKER = re.compile(r"read from source:?\s*`?[\w.-]+/[\w.-]+`?,?\s*`?[\w./-]+\.\w+", re.I)
# In a Markdown page (nothing runs), a link to the page or section that runs it also counts.
POINTER = re.compile(r"\{(ref|doc|numref)\}`|\]\((\.\./)?chapters/|conventions")
IMPORT = re.compile(r"^\s*(?:import|from)\s+([\w.]+)", re.M)


def paragraphs(text: str) -> list[str]:
    """Blank-line separated paragraphs, without fenced code blocks."""
    text = re.sub(r"```[^\n]*\n(?!\{).*?\n```", "", text, flags=re.S)
    return [block.strip() for block in re.split(r"\n\s*\n", text) if block.strip()]


def unmarked_claims(markdown: list[str], imported: set[str], runs_code: bool) -> list[str]:
    """Paragraphs that claim a library's output the page neither runs nor marks as read."""
    bad = []
    for text in markdown:
        for paragraph in paragraphs(text):
            if not CLAIM.search(paragraph):
                continue
            for name, (pattern, modules) in LIBRARIES.items():
                if not re.search(pattern, paragraph):
                    continue
                if runs_code and any(module in imported for module in modules):
                    continue
                if MARKER.search(paragraph) or (not runs_code and POINTER.search(paragraph)):
                    continue
                bad.append(f"{name}: {paragraph[:160]!r}")
    return bad


def notebook_parts(path: Path) -> tuple[list[str], set[str]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    markdown = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    imported = {module.split(".")[0] for module in IMPORT.findall(code)}
    return markdown, imported


NOTEBOOKS = sorted((ROOT / "chapters").glob("*.ipynb")) + sorted(
    (ROOT / "reference").glob("*.ipynb")
)
MARKDOWN_PAGES = [ROOT / "intro.md", *sorted((ROOT / "reference").glob("*.md"))]


def test_the_check_catches_an_unmarked_claim():
    claim = "RecBole returns 0 for a user without ground truth."
    assert unmarked_claims([claim], imported=set(), runs_code=True)
    marked = claim[:-1] + " (read from source: RUCAIBox/RecBole, recbole/evaluator/metrics.py)."
    assert not unmarked_claims([marked], imported=set(), runs_code=True)
    sklearn_claim = "scikit-learn's `ndcg_score` gives 0.66 here."
    assert unmarked_claims([sklearn_claim], imported={"numpy"}, runs_code=True)
    assert not unmarked_claims([sklearn_claim], imported={"sklearn"}, runs_code=True)
    assert not unmarked_claims(["The digits data ship with scikit-learn."], set(), True)
    pointed = "trec_eval gives 0.7424 ({ref}`ch-ap-11pt`)."
    assert unmarked_claims([pointed], imported=set(), runs_code=True)
    assert not unmarked_claims([pointed], imported=set(), runs_code=False)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_notebook_claims_are_run_or_marked(path):
    markdown, imported = notebook_parts(path)
    bad = unmarked_claims(markdown, imported, runs_code=True)
    assert not bad, "\n".join([path.name, *bad])


@pytest.mark.parametrize("path", MARKDOWN_PAGES, ids=lambda path: path.stem)
def test_page_claims_point_to_a_run_or_are_marked(path):
    bad = unmarked_claims([path.read_text(encoding="utf-8")], set(), runs_code=False)
    assert not bad, "\n".join([path.name, *bad])
