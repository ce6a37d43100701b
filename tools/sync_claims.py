"""Write the verdicts on the source documents' claims from one data file.

``reference/data/claims.json`` holds one record per claim of the three source documents: its
quote (Chinese, as in the document), a translation, the chapters that teach its metric, one
verdict and one explanation. This tool renders them, with the same words, in two places:

- every chapter (any ``*.ipynb`` under ``chapters/``) that has the Markdown cell

      ## What the documents say
      <!-- claims: generated from reference/data/claims.json by tools/sync_claims.py -->

  gets the claims of its stem written right after that comment, up to ``END``;
- ``reference/errata.md`` gets the table of all the claims between ``ERRATA_BEGIN`` and
  ``ERRATA_END``.

    python tools/sync_claims.py            # rewrite what is out of date
    python tools/sync_claims.py --check    # exit 1 if anything is out of date
    python tools/sync_claims.py 01_why_metrics 09_pr_ap   # only these chapters (and the errata)
    python tools/sync_claims.py --errata-only  # only the errata's table, no chapter touched
    python tools/sync_claims.py --errata-only --check  # is the errata's table up to date?
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "reference" / "data" / "claims.json"
CHAPTERS = ROOT / "chapters"
ERRATA = ROOT / "reference" / "errata.md"

HEADING = "## What the documents say"
BEGIN = "<!-- claims: generated from reference/data/claims.json by tools/sync_claims.py -->"
END = "<!-- end of generated claims -->"
ERRATA_BEGIN = (
    "<!-- claims table: generated from reference/data/claims.json by tools/sync_claims.py -->"
)
ERRATA_END = "<!-- end of generated claims table -->"

VERDICTS = (
    "holds",
    "holds as hedged",
    "holds with a reading",
    "ambiguous",
    "does not hold",
    "not reproducible",
)


def load(path: Path = DATA) -> list[dict]:
    """The claim records, in the file's order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    claims = data["claims"]
    for claim in claims:
        if claim["verdict"] not in VERDICTS:
            raise ValueError(f"{claim['id']}: unknown verdict {claim['verdict']!r}")
    return claims


def quote_markdown(quote: str) -> str:
    """The quote as Markdown: a LaTeX formula without its own ``$`` is set as math."""
    if "\\" in quote and "$" not in quote:
        return f"${quote}$"
    return f"“{quote}”"


def verdict_markdown(verdict: str) -> str:
    return f"**{verdict[0].upper()}{verdict[1:]}.**"


def claim_item(claim: dict) -> str:
    """One claim as a list item: quote, translation, verdict, explanation."""
    return (
        f"- Document {claim['document']}: {quote_markdown(claim['quote'])} "
        f"({claim['translation']}). {verdict_markdown(claim['verdict'])} "
        f"{claim['explanation']}"
    )


def chapter_section(stem: str, claims: list[dict]) -> str:
    """The generated text of one chapter's section (without the two comments)."""
    mine = [c for c in claims if stem in c["chapters"]]
    if not mine:
        return (
            "The three source documents {cite}`doc000,doc001,doc002` make no statement about "
            "this chapter's subject. The {ref}`errata <errata>` gather the verdicts on all three "
            "documents."
        )
    lines = [
        "What the source documents {cite}`doc000,doc001,doc002` say about this chapter's "
        "metrics, each statement quoted and translated, with its verdict. A statement has one "
        "verdict, the same in every chapter that quotes it and in the {ref}`errata <errata>`, "
        "which gather the verdicts on all three documents.",
        "",
    ]
    lines += [claim_item(c) for c in mine]
    return "\n".join(lines)


def claims_cell(stem: str, claims: list[dict]) -> str:
    return f"{HEADING}\n{BEGIN}\n\n{chapter_section(stem, claims)}\n\n{END}"


def errata_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def errata_table(claims: list[dict]) -> str:
    """The errata's table of all the claims."""
    rows = [
        "| chapter | document | quote | translation | verdict | explanation |",
        "|---|---|---|---|---|---|",
    ]
    for c in claims:
        chapters = ", ".join(f"{{doc}}`../chapters/{stem}`" for stem in c["chapters"])
        cells = [
            chapters,
            c["document"],
            quote_markdown(c["quote"]),
            c["translation"],
            verdict_markdown(c["verdict"]),
            c["explanation"],
        ]
        rows.append("| " + " | ".join(errata_cell(x) for x in cells) + " |")
    return "\n".join(rows)


def source_lines(text: str) -> list[str]:
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + [lines[-1]]


def placeholder_cells(nb: dict) -> list[dict]:
    """The Markdown cells that hold the section (placeholder or generated)."""
    found = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        text = "".join(cell["source"])
        if BEGIN in text and text.lstrip().startswith(HEADING):
            found.append(cell)
    return found


def chapter_files() -> list[Path]:
    return sorted(CHAPTERS.rglob("*.ipynb"))


def sync_chapter(path: Path, claims: list[dict], write: bool) -> bool:
    """Bring one chapter's section up to date; True if it was (or would be) changed."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = placeholder_cells(nb)
    if not cells:
        return False
    if len(cells) > 1:
        raise ValueError(f"{path}: more than one '{HEADING}' section")
    wanted = claims_cell(path.stem, claims)
    if "".join(cells[0]["source"]) == wanted:
        return False
    if write:
        cells[0]["source"] = source_lines(wanted)
        text = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
        path.write_text(text, encoding="utf-8")
    return True


def errata_text(text: str, claims: list[dict]) -> str:
    """The errata with the generated table between its markers."""
    start = text.index(ERRATA_BEGIN) + len(ERRATA_BEGIN)
    stop = text.index(ERRATA_END)
    return text[:start] + "\n\n" + errata_table(claims) + "\n\n" + text[stop:]


def sync_errata(claims: list[dict], write: bool, path: Path = ERRATA) -> bool:
    text = path.read_text(encoding="utf-8")
    wanted = errata_text(text, claims)
    if wanted == text:
        return False
    if write:
        path.write_text(wanted, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if anything is out of date")
    parser.add_argument(
        "--errata-only",
        action="store_true",
        help="only the errata's table: read no chapter and write none",
    )
    parser.add_argument(
        "stems",
        nargs="*",
        help="only these chapters (file stems, e.g. 01_why_metrics); default all",
    )
    args = parser.parse_args(argv)
    if args.errata_only and args.stems:
        parser.error("--errata-only takes no chapter stems")
    claims = load()
    stale = []
    for path in [] if args.errata_only else chapter_files():
        if args.stems and path.stem not in args.stems:
            continue
        if sync_chapter(path, claims, write=not args.check):
            stale.append(path.relative_to(ROOT))
    if sync_errata(claims, write=not args.check):
        stale.append(ERRATA.relative_to(ROOT))
    verb = "out of date" if args.check else "rewritten"
    for path in stale:
        print(f"{verb}: {path}")
    return 1 if (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
