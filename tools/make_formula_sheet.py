"""Write the formula sheet, reference/formulas.md, from its one source, evalmetrics/formulas.json.

Usage::

    python tools/make_formula_sheet.py          # (re)write reference/formulas.md
    python tools/make_formula_sheet.py --check  # exit 1 if the page differs from the data

The data file lists every metric of the book: its names (English and the Chinese terms of the
documents), its formula in LaTeX, its range, its undefined cases and what the book returns
there, the ``evalmetrics`` functions that compute it, the scikit-learn and trec_eval names of
the same number, and the chapter labels that derive it. This script only lays that out as MyST:
one section per part of the book, one table row per metric. ``tests/test_formula_sheet.py``
checks the page against this script and the data against the package: every undefined case
carries an ``example`` (code, the value it gives, the warning it emits), which the page does not
show and the test runs, so a row's words about 0/0 cannot drift from what the package does.

Part IV (statistics) has its own block in the data, ``statistics``: intervals,
tests and decisions are not metrics with a range and undefined cases, so its tables have their
own columns (quantity, formula, when to use, code, the scipy / statsmodels / scikit-learn
equivalent, section), one table per chapter, and the page ends with its decision table
("which interval, which test, when").

Printing: every part's section holds a ``formula-sheet-break`` div after its heading, and
``_static/print.css`` starts each such section on a new page and hides the theme's navigation.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "evalmetrics" / "formulas.json"
PAGE = ROOT / "reference" / "formulas.md"

NAN_WARN = "nan-warn"  # the data's short form of the package's 0/0 policy
HEADER = ["Metric", "Formula", "Range", "Undefined: the book returns", "Code", "§"]
WIDTHS = "17 32 9 17 19 6"


def load(path: Path = DATA) -> dict:
    """The formula data (see the ``about`` field of the file for its fields)."""
    return json.loads(path.read_text(encoding="utf-8"))


def short_name(dotted: str) -> str:
    """``evalmetrics.ranking.ndcg`` -> ``ranking.ndcg`` (the page says ``em`` is the package)."""
    return dotted.removeprefix("evalmetrics.")


def _code_with_note(text: str) -> str:
    """``"map, map_cut_k (linear gain)"`` -> ``"`map`, `map_cut_k` (linear gain)"``."""
    names, sep, note = text.partition(" (")
    code = ", ".join(f"`{name}`" for name in names.split(", "))
    return code + (f" ({note}" if sep else "")


def _returns(value: str) -> str:
    """``nan-warn`` (alone or opening the text) as the page writes it."""
    if value.startswith(NAN_WARN):
        return "`nan` + warning" + value.removeprefix(NAN_WARN)
    return value


def _cell(paragraphs: list[str]) -> list[str]:
    """One list-table cell: paragraphs separated by blank lines, indented under ``  - ``."""
    lines = []
    for i, paragraph in enumerate(paragraphs):
        if i:
            lines.append("")
        lines.append(("  - " if i == 0 else "    ") + paragraph)
    return lines


def _name_and_formula(entry: dict) -> tuple[list[str], list[str]]:
    """The name cell (English, other names, Chinese) and the formula cell of an entry."""
    name = [f"**{entry['name']}**"]
    if entry.get("also"):
        name.append(f"*{entry['also']}*")
    if entry["zh"]:
        name.append(", ".join(entry["zh"]))
    formula = [f"$\\displaystyle {latex}$" for latex in entry["formula"]]
    if entry.get("where"):
        formula.append(entry["where"])
    return name, formula


def row(metric: dict) -> list[str]:
    """The list-table lines of one metric."""
    name, formula = _name_and_formula(metric)
    if metric["undefined"]:
        undefined = [f"{case['when']}: {_returns(case['returns'])}" for case in metric["undefined"]]
    else:
        undefined = ["always defined"]
    code = [", ".join(f"`{short_name(name)}`" for name in metric["functions"])]
    if metric.get("scikit-learn"):
        code.append("scikit-learn: " + _code_with_note(metric["scikit-learn"]))
    if metric.get("trec_eval"):
        code.append("trec_eval: " + _code_with_note(metric["trec_eval"]))
    chapters = [", ".join(f"{{numref}}`§{{number}} <{label}>`" for label in metric["chapter"])]
    lines = ["* " + _cell(name)[0][2:], *_cell(name)[1:]]
    for paragraphs in (formula, [metric["range"]], undefined, code, chapters):
        lines.extend(_cell(paragraphs))
    return lines


def _list_table(columns: list[str], widths: str) -> list[str]:
    """The opening lines of a formula-sheet list-table, through its header row."""
    return [
        "```{list-table}",
        ":header-rows: 1",
        f":widths: {widths}",
        ":class: formula-sheet-table",
        "",
        "* - " + columns[0],
        *[f"  - {title}" for title in columns[1:]],
    ]


def _code_list(calls: list[str]) -> str:
    return ", ".join(f"`{call}`" for call in calls)


def _external(items: list[dict]) -> list[str]:
    """One paragraph per scipy / statsmodels / scikit-learn equivalent, ``—`` when none."""
    out = []
    for item in items:
        if "code" not in item:  # no equivalent: the note says so
            out.append(item["note"])
            continue
        text = f"`{item['code']}`"
        if item.get("note"):
            text += f" ({item['note']})"
        out.append(text)
    return out or ["—"]


def _chapters(labels: list[str]) -> str:
    return ", ".join(f"{{numref}}`§{{number}} <{label}>`" for label in labels)


def statistics_row(entry: dict) -> list[str]:
    """The list-table lines of one Part IV entry (an interval, a test or a decision rule)."""
    name, formula = _name_and_formula(entry)
    code = [_code_list(entry["code"])] if entry["code"] else []
    if entry.get("code_note"):
        code.append(entry["code_note"])
    lines = ["* " + _cell(name)[0][2:], *_cell(name)[1:]]
    for paragraphs in (formula, [entry["when"]], code or ["—"], _external(entry["external"])):
        lines.extend(_cell(paragraphs))
    lines.extend(_cell([_chapters(entry["chapter"])]))
    return lines


def decision_row(row_data: dict) -> list[str]:
    """The list-table lines of one row of the decision table."""
    lines = _cell([row_data["situation"]])
    lines = ["* " + lines[0][2:], *lines[1:]]
    lines += _cell([row_data["use"]])
    lines += _cell([_code_list(row_data["code"])] if row_data["code"] else ["—"])
    lines += _cell([_chapters(row_data["chapter"])])
    return lines


def render_statistics(block: dict) -> list[str]:
    """The MyST lines of Part IV and of the closing decision table."""
    out = [
        "",
        f"({block['id']})=",
        f"## {block['title']}",
        "",
        "```{raw} html",
        '<div class="formula-sheet-break"></div>',
        "```",
        "",
        block["intro"],
    ]
    for section in block["sections"]:
        out += [
            "",
            f"### {section['title']}",
            "",
            f"Taught in {{numref}}`chapter {{number}} <{section['chapter']}>`.",
            "",
            *_list_table(block["columns"], block["widths"]),
        ]
        for entry in section["entries"]:
            out += statistics_row(entry)
        out.append("```")
    table = block["decision_table"]
    out += [
        "",
        f"({table['id']})=",
        f"## {table['title']}",
        "",
        "```{raw} html",
        '<div class="formula-sheet-break"></div>',
        "```",
        "",
        table["intro"],
        "",
        *_list_table(table["columns"], table["widths"]),
    ]
    for row_data in table["rows"]:
        out += decision_row(row_data)
    out.append("```")
    return out


def render(data: dict) -> str:
    """The MyST text of reference/formulas.md."""
    n_metrics = sum(len(part["metrics"]) for part in data["parts"])
    out = [
        "% Generated by tools/make_formula_sheet.py from evalmetrics/formulas.json: do not edit",
        "% by hand. Edit the data file, then run `python tools/make_formula_sheet.py`.",
        "",
        "(formula-sheet)=",
        "# Formula sheet",
        "",
        f"The {n_metrics} metrics of the book on one sheet, part by part: each formula from the "
        "counts or the ranks, its range, its undefined cases and what `evalmetrics` returns "
        "there, the function that computes it (`import evalmetrics as em`; `ranking` is "
        "`evalmetrics.ranking`), the scikit-learn or trec_eval name of the same number where "
        "there is one (a name only: the conventions may differ, see the section), and the "
        "section that derives it. The page is generated from `evalmetrics/formulas.json`; a "
        "test checks its names and its undefined cases against the package (every function "
        "and every scikit-learn or trec_eval name exists, and each undefined case gives what "
        "its row says), so those cannot drift from the code. The formulas are written by "
        "hand, as in the sections that derive them.",
        *(
            [
                "",
                f"Part IV ({{ref}}`{data['statistics']['id']}`) gives the "
                f"{sum(len(s['entries']) for s in data['statistics']['sections'])} intervals, "
                "tests and decision rules of Part IV's chapters in the same way, with when to "
                "use each, and the sheet ends with a table of which interval or test fits "
                f"which situation ({{ref}}`{data['statistics']['decision_table']['id']}`).",
            ]
            if "statistics" in data
            else []
        ),
        "",
        "To print it, use your browser's print command (Ctrl+P or ⌘P) and choose *Save as PDF* "
        "or a printer: the navigation is left out and each part starts on a new page.",
        "",
        "## Conventions",
        "",
        *[f"- {text}" for text in data["conventions"]],
        "",
        "Every convention, with the libraries run side by side: {ref}`conventions`.",
    ]
    for part in data["parts"]:
        out += [
            "",
            f"({part['id']})=",
            f"## {part['title']}",
            "",
            "```{raw} html",
            '<div class="formula-sheet-break"></div>',
            "```",
            "",
            "```{list-table}",
            ":header-rows: 1",
            f":widths: {WIDTHS}",
            ":class: formula-sheet-table",
            "",
            "* - " + HEADER[0],
            *[f"  - {title}" for title in HEADER[1:]],
        ]
        for metric in part["metrics"]:
            out += row(metric)
        out.append("```")
    if "statistics" in data:
        out += render_statistics(data["statistics"])
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the page differs; write nothing"
    )
    args = parser.parse_args(argv)
    text = render(load())
    if args.check:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else None
        if current != text:
            print(
                f"{PAGE.relative_to(ROOT)} is out of date: run python tools/make_formula_sheet.py",
                file=sys.stderr,
            )
            return 1
        print(f"{PAGE.relative_to(ROOT)} is up to date")
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
