"""The pages read as a book: their prose never talks about the machinery that makes them.

The chapters' checks live in hidden cells (tag ``remove-cell``) that run in the book's build and
under nbval. A reader learns from the visible page, so the page does not mention them: no "a
hidden cell checks ...", no "asserted", no "the build", no tag names, no issue numbers. What a
contributor needs to know about the machinery is in CONTRIBUTING.md, which is not scanned.

Scanned: the Markdown cells of ``chapters/*.ipynb`` and ``reference/*.ipynb``, the pages
``reference/*.md`` and ``intro.md``. Code (code cells, fenced code blocks, ``{code-cell}``
blocks), HTML comments and MyST comment lines are not prose and are skipped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from support import chapter_number

ROOT = Path(__file__).resolve().parents[1]

# reference/teachers.md is the page for teachers: it has to explain how assignments are built
# and graded, hidden tests included, so it is the one reference page left out by name.
EXCLUDED = {"reference/teachers.md"}

MACHINERY = re.compile(
    r"""
      \bhidden\s+(?:code\s+)?(?:cells?|checks?|tests?)\b   # "a hidden cell checks", "hidden checks"
    | \bfolded\s+checks?\b                                  # "a folded check"
    | \bthe\s+build\b(?!-)                                  # "fail the build", not "the build-up"
    | \b\w+'s\s+build\b(?!-)                                # "this page's build"
    | \b(?:page|book|chapter|notebook)\s+(?:is|was|were|gets)\s+built\b  # "this page was built"
    | \bbuild[\s-]time\b                                    # "at build time"
    | \b(?:page|book|chapter)'s\s+(?:tests?|checks?)\b      # "the book's tests"
    | \basserted\b                                          # "the values asserted in ..."
    | \bassert\b                                            # "hidden checks assert each value"
    | \bnbval\b
    | \b(?:remove|hide)-(?:cell|input|output)\b             # cell tags
    | \b(?:issues?|pull\s+request|PR)\s*\#                   # an issue or PR by number
    """,
    re.IGNORECASE | re.VERBOSE,
)

_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(\{[^}]*\})?(.*)$")
# Directives whose body is code or data, not prose (other ``{name}`` fences hold prose).
_CODE_DIRECTIVES = {"{code-cell}", "{code-block}", "{code}", "{literalinclude}", "{math}"}


@dataclass(frozen=True)
class Hit:
    place: str  # "chapters/01_why_metrics.ipynb cell c009" or "reference/errata.md line 5"
    phrase: str  # what matched
    sentence: str  # the sentence around it, whitespace collapsed

    def __str__(self) -> str:
        return f"{self.place}: [{self.phrase}] {self.sentence}"


def prose_only(markdown: str) -> str:
    """Blank out what is not prose, keeping every newline so line numbers still hold.

    Removed: YAML front matter, HTML comments, MyST comment lines (``% ...``), fenced code
    blocks with a language or no info string, and code directives such as ``{code-cell}``.
    A directive fence such as ```` ```{admonition} ```` holds prose and is kept.
    """

    def blank(match: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", match.group(0))

    text = re.sub(r"\A---\n.*?\n---\n", blank, markdown, flags=re.DOTALL)
    text = re.sub(r"<!--.*?-->", blank, text, flags=re.DOTALL)
    out: list[str] = []
    code_fence: str | None = None  # the fence that opened the code block we are in
    prose_fences: list[str] = []  # open directive fences whose body is prose
    for line in text.split("\n"):
        fence = _FENCE.match(line)
        if code_fence is not None:
            out.append("")
            if fence and _closes(fence, code_fence):
                code_fence = None
            continue
        if fence:
            marks, directive = fence.group(2), fence.group(3)
            if prose_fences and _closes(fence, prose_fences[-1]):
                prose_fences.pop()
                out.append("")
                continue
            if directive is not None and directive not in _CODE_DIRECTIVES:
                prose_fences.append(marks)
                out.append(line)
                continue
            code_fence = marks
            out.append("")
            continue
        out.append("" if re.match(r"^\s*%", line) else line)
    return "\n".join(out)


def _closes(fence: re.Match[str], opening: str) -> bool:
    """A bare fence of the opening's character, at least as long, closes the block."""
    marks = fence.group(2)
    bare = fence.group(3) is None and not fence.group(4).strip()
    return bare and marks[0] == opening[0] and len(marks) >= len(opening)


# Where a sentence ends: a full stop, a blank line, a list item, a table row or a ::: fence.
_BOUNDARY = re.compile(r"[.?!](?=\s)|\n\s*\n|\n\s*(?=[-*] |\d+\. |\||:::)")


def _sentence(text: str, start: int, end: int) -> str:
    left = 0
    for boundary in _BOUNDARY.finditer(text, 0, start):
        left = boundary.end()
    after = _BOUNDARY.search(text, end)
    right = after.end() if after else len(text)
    return " ".join(text[left:right].split())


def machinery_mentions(markdown: str) -> list[tuple[int, str, str]]:
    """(line number, matched phrase, sentence) of every mention of the machinery in prose."""
    text = prose_only(markdown)
    return [
        (
            text.count("\n", 0, match.start()) + 1,
            " ".join(match.group(0).split()),
            _sentence(text, match.start(), match.end()),
        )
        for match in MACHINERY.finditer(text)
    ]


def page_hits(path: Path) -> list[Hit]:
    name = path.relative_to(ROOT).as_posix()
    hits: list[Hit] = []
    if path.suffix == ".ipynb":
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for index, cell in enumerate(notebook["cells"]):
            if cell["cell_type"] != "markdown":
                continue
            source = "".join(cell["source"])
            for _, phrase, sentence in machinery_mentions(source):
                place = f"{name} cell {cell.get('id', f'#{index}')}"
                hits.append(Hit(place, phrase, sentence))
    else:
        for line, phrase, sentence in machinery_mentions(path.read_text(encoding="utf-8")):
            hits.append(Hit(f"{name} line {line}", phrase, sentence))
    return hits


def pages() -> list[Path]:
    found = [
        *sorted(ROOT.glob("chapters/*.ipynb")),
        *sorted(ROOT.glob("reference/*.ipynb")),
        *sorted(ROOT.glob("reference/*.md")),
        ROOT / "intro.md",
    ]
    return [p for p in found if p.relative_to(ROOT).as_posix() not in EXCLUDED]


def test_the_matcher_catches_what_it_is_for():
    planted = (
        "The counts agree (a hidden cell checks them). Every figure holds (hidden checks\n"
        "assert each printed value). A hidden\ncheck reads the docstring. The values are asserted"
        " in cells that fail the build. This page's build runs it; see the folded check. It\n"
        "gave 0.04 when this page was built. Tagged remove-cell, run by nbval. See issue" + " #4."
    )
    phrases = [phrase for _, phrase, _ in machinery_mentions(planted)]
    assert phrases == [
        "hidden cell",
        "hidden checks",
        "assert",
        "hidden check",
        "asserted",
        "the build",
        "page's build",
        "folded check",
        "page was built",
        "remove-cell",
        "nbval",
        "issue #",
    ]
    line, _, sentence = machinery_mentions(planted)[3]
    assert (line, sentence) == (2, "A hidden check reads the docstring.")


def test_ordinary_words_pass():
    ordinary = (
        "Build it yourself: the arrays built from the counts. The ideal is built from all judged\n"
        "items; build the interval on the logit scale. Before the build-up of errors, a hidden\n"
        "cost lies in the threshold. The document's assertion does not hold; a test checks\n"
        "whether the mean is 0. The issue is the denominator; a built-in function.\n"
    )
    assert machinery_mentions(ordinary) == []


def test_code_and_comments_are_not_prose():
    page = (
        "---\nkernelspec:\n  name: python3\n---\n"
        "Prose before.\n\n"
        "```python\nassert em.recall(y, p) == 0.5\n```\n\n"
        "```{code-cell} ipython3\n:tags: [remove-cell]\nassert x\n```\n\n"
        "<!-- claims: generated by the build -->\n"
        "% a comment about nbval\n"
        "```{admonition} Going further: a hidden cell\nA hidden check here is prose.\n```\n"
    )
    found = machinery_mentions(page)
    assert [(line, phrase) for line, phrase, _ in found] == [
        (18, "hidden cell"),
        (19, "hidden check"),
    ]


def test_the_scan_reaches_every_chapter():
    names = {p.relative_to(ROOT).as_posix() for p in pages()}
    assert "reference/teachers.md" not in names
    assert "CONTRIBUTING.md" not in names
    assert len([n for n in names if n.startswith("chapters/")]) >= 16
    assert {"reference/glossary.md", "reference/errata.md", "intro.md"} <= names


@pytest.mark.parametrize("path", pages(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_prose_does_not_talk_about_the_machinery(path: Path):
    hits = page_hits(path)
    assert not hits, "the page talks about its machinery:\n" + "\n".join(map(str, hits))


# "chapter 18's ({ref}`ch-hypothesis-tests`)" named the wrong chapter: a number  (renumber: keep)
# written beside a chapter's reference must be that chapter's number
NUMBERED_REF = re.compile(r"\b[Cc]hapter\s+(\d+)(?:'s)?(?:\s+\w+){0,2}\s*\(\{ref\}`(ch-[\w-]+)`\)")
CHAPTER_LABEL = re.compile(r"^\((ch-[\w-]+)\)=", re.M)


def _chapter_numbers() -> dict[str, int]:
    numbers = {}
    for path in sorted(ROOT.glob("chapters/*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for label in CHAPTER_LABEL.findall("".join(cell["source"])):
                numbers[label] = int(path.name[:2])
    return numbers


def test_a_chapter_number_beside_a_chapter_reference_is_that_chapters():
    numbers = _chapter_numbers()
    # the number the file name gives, not the code under test
    assert numbers["ch-hypothesis-tests"] == int(chapter_number("hypothesis_tests"))
    sample = "are chapter\n18's ({ref}`ch-hypothesis-tests`)"  # renumber: keep
    assert NUMBERED_REF.search(sample)[1] == "18"  # renumber: keep
    wrong = []
    for path in pages():
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".ipynb":
            text = "\n".join("".join(cell["source"]) for cell in json.loads(text)["cells"])
        for match in NUMBERED_REF.finditer(text):
            number, label = int(match[1]), match[2]
            if label in numbers and numbers[label] != number:
                wrong.append(f"{path.name}: {match[0]!r} (it is chapter {numbers[label]})")
    assert not wrong, wrong


# The book spells as British English does with -ise: normalised, standardised, summarise, as
# the pages already write them. A name kept as its code or its literature writes it is the
# exception, listed here: the randomization test (``method="randomization"``), the studentized
# range (scipy's ``studentized_range``) and Fawcett's "hypothesized" class, quoted. Inline code
# is not prose and is skipped.
AMERICAN = re.compile(
    r"""\b(?: \w+iz(?:e|es|ed|ing|ation|ations|er|ers|able|ability)  # normalized, optimizer
          | \w+yz(?:e|es|ed|ing|er|ers)                 # analyze, analyzer
          | behaviors? | colors? | colored | coloring | colorful | favor\w* | honor\w* | labor\w*
          | neighbor\w* | gray | grays | defense | offense
          | (?:label|model|travel|cancel|signal)(?:ed|ing) | (?:re)?cent(?:er|ers|ered|ering)
        )\b""",
    re.IGNORECASE | re.VERBOSE,
)
KEPT_AS_NAMED = {"randomization", "studentized", "hypothesized"}
NOT_SPELLINGS = re.compile(r"(?:re)?(?:size[sd]?|sizing)|prizes?|seize[sd]?|citizens?", re.I)


def american_spellings(markdown: str) -> list[tuple[int, str]]:
    """(line number, word) of each American spelling in the prose, names kept as named aside."""
    lines = ["" if _FENCE.match(line) else line for line in prose_only(markdown).split("\n")]
    # a role's shown text is prose ({term}`text <target>`, {term}`text`), its target is not
    text = re.sub(r"\{(term|ref|doc)\}`([^`<]*?)\s*(<[^`]*>)?`", _shown, "\n".join(lines))
    text = re.sub(r"`[^`]*`", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    return [
        (text.count("\n", 0, match.start()) + 1, match.group(0))
        for match in AMERICAN.finditer(text)
        if match.group(0).lower() not in KEPT_AS_NAMED
        and not NOT_SPELLINGS.fullmatch(match.group(0))
    ]


def _shown(role: re.Match[str]) -> str:
    """What a reader sees of a role: its text, or a term written alone; a bare label, nothing."""
    kind, text, target = role.groups()
    if not (target or kind == "term"):
        return re.sub(r"[^\n]", " ", role.group(0))
    return text + "\n" * (role.group(0).count("\n") - text.count("\n"))  # lines still count


def test_the_spelling_matcher_catches_what_it_is_for():
    planted = (
        "The normalized DCG; to analyze it,\nthe behavior of `summarize(\nx)`, a resized figure.\n"
        "A randomization test and the studentized range; the normalised, standardised gain.\n"
        "A prize of the right size, standardized.\n"
        "```{note}\nLabeled colors favor {term}`recall <normalized recall>`.\n```\n"
        "An optimizer, {term}`a normalized gain\n<gain>`, {ref}`sec-normalized-x`.\n"
        "Colored, centered, generalizable analyzers; the colour, centre and centred.\n"
        "Gray neighboring labels, a favorable honor, traveled and canceled; grey, neighbouring.\n"
    )
    assert american_spellings(planted) == [
        (1, "normalized"),
        (1, "analyze"),
        (2, "behavior"),
        (5, "standardized"),
        (7, "Labeled"),
        (7, "colors"),
        (7, "favor"),
        (9, "optimizer"),
        (9, "normalized"),
        (11, "Colored"),
        (11, "centered"),
        (11, "generalizable"),
        (11, "analyzers"),
        (12, "Gray"),
        (12, "neighboring"),
        (12, "favorable"),
        (12, "honor"),
        (12, "traveled"),
        (12, "canceled"),
    ]


@pytest.mark.parametrize(
    "path",
    [*pages(), ROOT / "reference/teachers.md", ROOT / "README.md", ROOT / "CONTRIBUTING.md"],
    ids=lambda p: p.relative_to(ROOT).as_posix(),
)
def test_the_pages_spell_with_ise(path: Path):
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        texts = [
            (f"cell {cell.get('id', f'#{i}')}", "".join(cell["source"]))
            for i, cell in enumerate(cells)
            if cell["cell_type"] == "markdown"
        ]
        # a figure's alt text and caption are page text too (and messages of its catalog)
        texts += [
            (f"cell {cell.get('id', f'#{i}')} {key}", value)
            for i, cell in enumerate(cells)
            for key, value in _figure_texts(cell.get("metadata", {}).get("mystnb", {}))
        ]
    else:
        texts = [("", path.read_text(encoding="utf-8"))]
    found = [
        f"{where} line {line}: {word}".strip()
        for where, text in texts
        for line, word in american_spellings(text)
    ]
    assert not found, f"{path.name} spells as American English does (the book writes -ise):\n" + (
        "\n".join(found)
    )


def _figure_texts(mystnb: dict) -> list[tuple[str, str]]:
    """The words of a code cell's ``mystnb`` metadata: its figure's alt text and caption."""
    found = []
    for group in ("image", "figure"):
        for key in ("alt", "caption"):
            value = mystnb.get(group, {}).get(key)
            if isinstance(value, str):
                found.append((f"{group}.{key}", value))
    return found


def test_the_hints_of_check_spell_with_ise():
    from evalmetrics import exercises

    texts = [("check()", text) for text in exercises.MESSAGES]
    for path in sorted((ROOT / "evalmetrics" / "exercise_keys").glob("*.json")):
        for exercise_id, exercise in json.loads(path.read_text(encoding="utf-8"))[
            "exercises"
        ].items():
            texts += [(exercise_id, hint["hint"]) for hint in exercise.get("hints", [])]
    assert len(texts) > 100
    found = [f"{where}: {word}" for where, text in texts for _, word in american_spellings(text)]
    assert not found, "check()'s texts spell as American English does:\n" + "\n".join(found)
    assert american_spellings("That is the normalized value.") == [(1, "normalized")]
