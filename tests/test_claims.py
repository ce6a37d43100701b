"""One verdict per claim of the source documents, rendered the same everywhere.

``reference/data/claims.json`` is the only place a verdict on a document's claim is written;
``tools/sync_claims.py`` renders it into the chapters' "What the documents say" sections and
the errata's table. These tests fail when

(a) two records share a quote, or records of the same wording carry two verdicts;
(b) a chapter's generated section or the errata's table differs from the data;
(c) a chapter quotes a claim, outside its generated section, in a paragraph with a verdict word;
(d) a quote is not in its document (the documents' text files, in the folder ``shared/seeds``
    next to the repository's folder, or where ``EVALMETRICS_SEEDS`` points).

Each check is a function that returns its problems; the ``planted`` tests show that each one
finds a violation planted in a copy.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import os
import re
import shutil
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = Path(os.environ.get("EVALMETRICS_SEEDS", ROOT.parent / "shared" / "seeds"))

_spec = importlib.util.spec_from_file_location("sync_claims", ROOT / "tools" / "sync_claims.py")
sync = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sync)

CLAIMS = sync.load()

# Words that give a verdict on a document's claim.
VERDICT_WORDS = re.compile(
    r"does not hold|doesn't hold|\bholds?\b|\bwrong\b|overstat|hedged|not as worded|"
    r"ambiguous|misleading|backwards|incorrect|not in general|errat|\bslips?\b",
    re.IGNORECASE,
)


def squeeze(text: str) -> str:
    """Whitespace removed (the seeds and the notebooks break lines anywhere)."""
    return re.sub(r"\s+", "", text)


def wording(text: str) -> str:
    """The wording of a quote: no whitespace, no punctuation or symbols, NFKC-folded."""
    text = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in text if unicodedata.category(ch)[0] in "LN")


def seed_texts(seeds: Path = SEEDS) -> dict[str, str]:
    texts = {}
    for path in sorted(seeds.glob("*.txt")):
        texts[path.name[:3]] = path.read_text(encoding="utf-8")
    return texts


# --- the checks ---------------------------------------------------------------------------


def record_problems(claims: list[dict], chapters: Path = sync.CHAPTERS) -> list[str]:
    """Well-formed records whose chapters exist."""
    problems = []
    ids = [c["id"] for c in claims]
    problems += [f"duplicate id {i}" for i in sorted({i for i in ids if ids.count(i) > 1})]
    for c in claims:
        for field in ("id", "document", "quote", "translation", "verdict", "explanation"):
            if not isinstance(c.get(field), str) or not c[field].strip():
                problems.append(f"{c.get('id')}: empty {field}")
        if c.get("document") not in ("000", "001", "002"):
            problems.append(f"{c['id']}: unknown document {c.get('document')!r}")
        if c.get("verdict") not in sync.VERDICTS:
            problems.append(f"{c['id']}: verdict {c.get('verdict')!r} not in the vocabulary")
        if not c.get("chapters"):
            problems.append(f"{c['id']}: no chapter")
        for stem in c.get("chapters", []):
            if not (chapters / f"{stem}.ipynb").exists():
                problems.append(f"{c['id']}: chapter {stem} does not exist")
        if "{glue:" in c.get("explanation", "") and ".ipynb::" not in c["explanation"]:
            problems.append(f"{c['id']}: a glue role must name its notebook")
    return problems


def verdict_problems(claims: list[dict]) -> list[str]:
    """(a) one record per quote, one verdict per wording."""
    problems = []
    by_wording: dict[str, list[dict]] = {}
    for c in claims:
        by_wording.setdefault(wording(c["quote"]), []).append(c)
    for records in by_wording.values():
        if len(records) > 1:
            problems.append("one quote, several records: " + ", ".join(r["id"] for r in records))
    groups: dict[str, set[str]] = {}
    for c in claims:
        if "wording" in c:
            groups.setdefault(c["wording"], set()).add(c["verdict"])
    for key, verdicts in sorted(groups.items()):
        if len(verdicts) > 1:
            problems.append(f"wording {key!r} carries verdicts {sorted(verdicts)}")
    return problems


def seed_problems(claims: list[dict], seeds: Path = SEEDS) -> list[str]:
    """(d) every quote is in its document, whitespace aside."""
    texts = {key: squeeze(text) for key, text in seed_texts(seeds).items()}
    problems = []
    for c in claims:
        text = texts.get(c["document"])
        if text is None:
            problems.append(f"{c['id']}: document {c['document']} missing from {seeds}")
        elif squeeze(c["quote"]) not in text:
            problems.append(f"{c['id']}: quote not in document {c['document']}: {c['quote']}")
    return problems


def section_problems(claims: list[dict], notebooks: list[Path], errata: Path) -> list[str]:
    """(b) every generated section, and the errata's table, is what the data give."""
    problems = []
    for path in notebooks:
        nb = json.loads(path.read_text(encoding="utf-8"))
        cells = sync.placeholder_cells(nb)
        if len(cells) > 1:
            problems.append(f"{path.name}: {len(cells)} sections")
        for cell in cells:
            if "".join(cell["source"]) != sync.claims_cell(path.stem, claims):
                problems.append(f"{path.name}: section differs from the data (run the tool)")
    text = errata.read_text(encoding="utf-8")
    if sync.ERRATA_BEGIN not in text or sync.ERRATA_END not in text:
        problems.append(f"{errata.name}: markers of the claims table missing")
    elif sync.errata_text(text, claims) != text:
        problems.append(f"{errata.name}: claims table differs from the data (run the tool)")
    return problems


def paragraphs_outside_sections(nb: dict) -> list[tuple[str, str]]:
    """(cell id, paragraph) of every Markdown paragraph outside the generated section."""
    generated = {id(cell) for cell in sync.placeholder_cells(nb)}
    found = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown" or id(cell) in generated:
            continue
        for paragraph in re.split(r"\n\s*\n", "".join(cell["source"])):
            found.append((cell.get("id", "?"), paragraph))
    return found


def quote_problems(claims: list[dict], notebooks: list[Path]) -> list[str]:
    """(c) no quote of a record next to a verdict word outside the generated section."""
    problems = []
    quotes = [(c["id"], squeeze(c["quote"])) for c in claims]
    for path in notebooks:
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell_id, paragraph in paragraphs_outside_sections(nb):
            flat = squeeze(paragraph)
            for claim_id, quote in quotes:
                if quote in flat:
                    match = VERDICT_WORDS.search(paragraph)
                    if match:
                        problems.append(
                            f"{path.name} cell {cell_id}: quotes {claim_id} next to "
                            f"{match.group(0)!r}"
                        )
    return problems


# --- the tree as it is --------------------------------------------------------------------


def _need_seeds() -> None:
    """The documents' text is not part of the repository (they are others' posts): a clone
    beside them checks every quote; a clone elsewhere says so in pytest's summary."""
    if not SEEDS.is_dir():
        pytest.skip(
            f"the source documents are not at {SEEDS}: set EVALMETRICS_SEEDS to the folder "
            "holding 000_*.txt, 001_*.txt and 002_*.txt to check the quotes"
        )


def test_the_seeds_are_there():
    _need_seeds()
    assert sorted(seed_texts()) == ["000", "001", "002"]


def test_records_are_well_formed():
    assert record_problems(CLAIMS) == []


def test_one_verdict_per_claim():
    assert verdict_problems(CLAIMS) == []


def test_quotes_are_in_their_documents():
    _need_seeds()
    assert seed_problems(CLAIMS) == []


def test_chapters_and_errata_render_the_data():
    assert section_problems(CLAIMS, sync.chapter_files(), sync.ERRATA) == []


def test_no_verdict_on_a_quote_outside_the_sections():
    assert quote_problems(CLAIMS, sync.chapter_files()) == []


def test_the_tool_check_agrees():
    assert sync.main(["--check"]) == 0


# --- each check can fail ------------------------------------------------------------------


def test_planted_second_verdict_is_found():
    claims = copy.deepcopy(CLAIMS)
    twin = dict(claims[0], id="planted-twin", verdict="does not hold")
    twin["quote"] = " " + twin["quote"].replace("，", ",") + " "  # same wording, other marks
    assert any("one quote" in p for p in verdict_problems(claims + [twin]))
    grouped = [c for c in claims if c.get("wording") == "pr-tradeoff"]
    assert len(grouped) > 1
    grouped[0]["verdict"] = "does not hold"
    assert any("pr-tradeoff" in p for p in verdict_problems(claims))


def test_planted_quote_not_in_seed_is_found():
    _need_seeds()
    claims = copy.deepcopy(CLAIMS)
    claims[0]["quote"] = claims[0]["quote"] + "并不存在"
    assert [p for p in seed_problems(claims) if claims[0]["id"] in p]


def test_planted_missing_seed_is_found(tmp_path):
    _need_seeds()
    for path in sorted(SEEDS.glob("*.txt"))[:2]:
        shutil.copy(path, tmp_path / path.name)
    assert any("missing" in p for p in seed_problems(CLAIMS, seeds=tmp_path))


def test_planted_missing_chapter_is_found():
    claims = copy.deepcopy(CLAIMS)
    claims[0]["chapters"] = ["99_no_such_chapter"]
    assert any("99_no_such_chapter" in p for p in record_problems(claims))


def _notebook_with_section(tmp_path: Path) -> Path:
    stem = "01_why_metrics"
    nb = {
        "cells": [
            {"cell_type": "markdown", "id": "a", "metadata": {}, "source": ["# Title"]},
            {
                "cell_type": "markdown",
                "id": "b",
                "metadata": {},
                "source": sync.source_lines(sync.claims_cell(stem, CLAIMS)),
            },
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = tmp_path / f"{stem}.ipynb"
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def test_planted_stale_section_and_table_are_found(tmp_path):
    path = _notebook_with_section(tmp_path)
    errata = tmp_path / "errata.md"
    shutil.copy(sync.ERRATA, errata)
    assert section_problems(CLAIMS, [path], errata) == []
    claims = copy.deepcopy(CLAIMS)
    mine = next(c for c in claims if "01_why_metrics" in c["chapters"])
    mine["verdict"] = "does not hold" if mine["verdict"] != "does not hold" else "holds"
    problems = section_problems(claims, [path], errata)
    assert any(path.name in p for p in problems)
    assert any("errata" in p for p in problems)
    # and the tool repairs a stale section while keeping its comment line
    nb = json.loads(path.read_text(encoding="utf-8"))
    cell = nb["cells"][1]
    cell["source"] = [sync.HEADING + "\n", sync.BEGIN + "\nstale text\n", sync.END]
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    assert section_problems(CLAIMS, [path], errata) != []
    assert sync.sync_chapter(path, CLAIMS, write=True)
    assert section_problems(CLAIMS, [path], errata) == []


def test_planted_verdict_next_to_a_quote_is_found(tmp_path):
    path = _notebook_with_section(tmp_path)
    nb = json.loads(path.read_text(encoding="utf-8"))
    claim = next(c for c in CLAIMS if c["id"] == "000-accuracy-defect")
    quote = claim["quote"]
    # neutral quoting, split over two lines as in a notebook, is fine
    half = len(quote) // 2
    neutral = f'Document 000 writes "{quote[:half]}\n{quote[half:]}".'
    nb["cells"][0]["source"] = ["# Title\n", "\n", neutral]
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    assert quote_problems(CLAIMS, [path]) == []
    # a verdict in the same paragraph is not
    nb["cells"][0]["source"] = ["# Title\n", "\n", neutral + " That is an overstatement."]
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    problems = quote_problems(CLAIMS, [path])
    assert problems and "000-accuracy-defect" in problems[0]


@pytest.mark.parametrize("verdict", sync.VERDICTS)
def test_every_verdict_renders_the_same_in_both_places(verdict):
    claim = dict(CLAIMS[0], verdict=verdict)
    item = sync.claim_item(claim)
    row = sync.errata_table([claim]).splitlines()[-1]
    for words in (sync.verdict_markdown(verdict), claim["explanation"], claim["translation"]):
        assert words in item
        assert sync.errata_cell(words) in row


def test_every_chapter_has_the_documents_section():
    """Each chapter closes with "What the documents say" and the marker sync_claims writes
    after (even when the documents say nothing on its subject): without the marker the tool
    would skip the chapter silently."""
    missing = []
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        if "## What the documents say" not in text or (
            "<!-- claims: generated from reference/data/claims.json" not in text
        ):
            missing.append(path.name)
    assert not missing, (
        f"{missing} lack the Markdown cell '## What the documents say' followed by the line"
        " '<!-- claims: generated from reference/data/claims.json by tools/sync_claims.py -->'"
        " (before the Summary); then run python tools/sync_claims.py"
    )
