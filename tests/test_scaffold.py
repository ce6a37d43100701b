"""What the recipes leave to the author: ``tools/new_chapter.py``'s toy example replaced, the
chapter named on the book's map, and a new metric's own section.

The scaffold's chapter passes every check of the chapter recipe as it is, so that a contributor
can replace it one piece at a time; these tests are the ones that fail until every piece (the
goal, the worked example and its code, the figure's alt text, the three exercises, the summary,
the exercise's code) is replaced and ``intro.md`` names the chapter in its list and its figure.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from tools import new_chapter

ROOT = Path(__file__).resolve().parents[1]


def toc_chapters(root: Path = ROOT) -> list[Path]:
    """The chapters' notebooks that _toc.yml lists, in its order."""
    text = (root / "_toc.yml").read_text(encoding="utf-8")
    files = re.findall(r"file:\s*(chapters/\S+)", text)
    return [root / f"{name}.ipynb" for name in files if (root / f"{name}.ipynb").exists()]


@pytest.mark.parametrize("path", toc_chapters(), ids=lambda p: p.stem)
def test_no_chapter_keeps_the_scaffolds_example(path):
    left = new_chapter.leftovers(path)
    assert not left, (
        f"{path.relative_to(ROOT)} still has the scaffold's example; replace: " + "; ".join(left)
    )


# the figure is the ladder of metrics and Part IV below it; chapter 1 comes before the ladder,
# as the text under the figure says
NOT_IN_THE_FIGURE = {"01_why_metrics"}


def map_problems(root: Path = ROOT) -> list[str]:
    """Chapters that intro.md's map does not name: in the list (``{ref}`ch-...` ``) and in
    the figure's boxes (a ``chapters(...)`` call that lists the notebook)."""
    intro = (root / "intro.md").read_text(encoding="utf-8")
    in_boxes = set(
        re.findall(r'"(\d\d_[a-z0-9_]+)"', "".join(re.findall(r"chapters\(([^)]*)\)", intro)))
    )
    found = []
    for path in toc_chapters(root):
        first = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
        label = re.match(r"\((ch-[\w-]+)\)=", first)
        if label and f"{{ref}}`{label[1]}`" not in intro:
            found.append(f"{path.stem}: add {{ref}}`{label[1]}` to its part's bullet in intro.md")
        if path.stem not in in_boxes | NOT_IN_THE_FIGURE:
            found.append(f'{path.stem}: add "{path.stem}" to its box\'s chapters(...) in intro.md')
    return found


def test_the_intro_map_names_every_chapter():
    problems = map_problems()
    assert not problems, "\n".join(problems)


def map_order_problems(root: Path = ROOT) -> list[str]:
    """Where intro.md's list names a chapter out of place: each part's bullet (``- **Part
    II``) names that part's chapters of ``_toc.yml``, in their order. (A box of the figure is a
    question, and a chapter numbered away from its box's others is allowed: "ch. 21-22, 26".)"""
    intro = (root / "intro.md").read_text(encoding="utf-8")
    parts = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))["parts"]
    problems = []
    for part in parts:
        files = [entry["file"] for entry in part["chapters"]]
        if not all(file.startswith("chapters/") for file in files):
            continue  # the reference pages
        key = part["caption"].split(":")[0]  # "Part II"
        bullet = re.search(rf"^- \*\*{re.escape(key)}\b.*?(?=^- |\n\n|\Z)", intro, re.M | re.S)
        wanted = []
        for file in files:
            path = root / f"{file}.ipynb"
            first = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
            label = re.match(r"\((ch-[\w-]+)\)=", first)
            if label and path.stem not in NOT_IN_THE_FIGURE:
                wanted.append(label[1])
        named = re.findall(r"\{ref\}`(ch-[\w-]+)`", bullet[0]) if bullet else []
        if named != wanted:
            problems.append(f"{key}'s bullet in intro.md names {named}; its chapters are {wanted}")
    return problems


def test_the_intro_map_names_each_chapter_in_its_part_and_order(tmp_path):
    problems = map_order_problems()
    assert not problems, "\n".join(problems)
    # can fail: ROC and AUC named in Part III's bullet
    for name in ("_toc.yml", "intro.md"):
        (tmp_path / name).write_text((ROOT / name).read_text(encoding="utf-8"), "utf-8")
    (tmp_path / "chapters").mkdir()
    for path in toc_chapters():
        (tmp_path / "chapters" / path.name).write_text(path.read_text("utf-8"), "utf-8")
    intro = (tmp_path / "intro.md").read_text(encoding="utf-8")
    intro = intro.replace("{ref}`ch-roc-auc`, ", "", 1).replace(
        "{ref}`ch-retrieval-pr`", "{ref}`ch-roc-auc`, {ref}`ch-retrieval-pr`", 1
    )
    (tmp_path / "intro.md").write_text(intro, "utf-8")
    found = map_order_problems(tmp_path)
    assert [problem.split("'s ")[0] for problem in found] == ["Part II", "Part III"], found


def test_every_phrase_is_found_in_a_fresh_scaffold(tmp_path):
    (tmp_path / "chapters").mkdir()
    path = tmp_path / "chapters" / "26_toy.ipynb"
    path.write_text(json.dumps(new_chapter.notebook("26", "toy", "A toy"), indent=1), "utf-8")
    assert new_chapter.leftovers(path) == list(new_chapter.SCAFFOLD_PHRASES)
    specs = tmp_path / "teacher" / "exercise_specs"
    specs.mkdir(parents=True)
    (specs / "ch26.py").write_text(new_chapter.SPEC.format(number="26"), "utf-8")
    assert new_chapter.leftovers(path)[-2:] == [
        "ch26.py: (written by tools/new_chapter.py: replace the example)",
        "ch26.py: ch26-ex-share",
    ]


def test_the_map_check_names_a_missing_chapter(tmp_path):
    (tmp_path / "chapters").mkdir()
    for name in ("_toc.yml", "intro.md"):
        (tmp_path / name).write_text((ROOT / name).read_text(encoding="utf-8"), "utf-8")
    for path in toc_chapters():
        (tmp_path / "chapters" / path.name).write_text(path.read_text("utf-8"), "utf-8")
    before = map_problems(tmp_path)  # the book's own (test_the_intro_map_names_every_chapter)
    # a name no contributor's scaffold uses (the recipe's example is "toy"), so that a toy
    # chapter being written in the tree does not change what this test sees
    path = tmp_path / "chapters" / "99_unmapped.ipynb"
    notebook = new_chapter.notebook("99", "unmapped", "An unmapped chapter")
    path.write_text(json.dumps(notebook, indent=1), "utf-8")
    with (tmp_path / "_toc.yml").open("a", encoding="utf-8") as stream:
        stream.write("      - file: chapters/99_unmapped\n")
    assert map_problems(tmp_path) == before + [
        "99_unmapped: add {ref}`ch-unmapped` to its part's bullet in intro.md",
        '99_unmapped: add "99_unmapped" to its box\'s chapters(...) in intro.md',
    ]


def test_the_scaffold_puts_a_chapter_in_number_order_within_its_part():
    # renumber: off
    toc = (
        "parts:\n  - caption: Part III\n    chapters:\n"
        "      - file: chapters/12_rr_mrr\n      - file: chapters/14_hit_ratio\n"
        "  - caption: Part IV\n    chapters:\n      - file: chapters/17_ci\n"
    )
    files = [
        line.split("- file:")[1].strip()
        for line in new_chapter.add_to_toc(toc, "13_cutoffs", "Part III").splitlines()
        if "- file:" in line
    ]
    assert files == [
        "chapters/12_rr_mrr",
        "chapters/13_cutoffs",
        "chapters/14_hit_ratio",
        "chapters/17_ci",
    ]
    last = new_chapter.add_to_toc(toc, "15_last", "Part III")
    assert "chapters/14_hit_ratio\n      - file: chapters/15_last\n  - caption: Part IV" in last
    # a chapter that opens its part goes under the part's chapters, at their indent
    first = new_chapter.add_to_toc(toc, "16_first", "Part IV")
    assert "    chapters:\n      - file: chapters/16_first\n      - file: chapters/17_ci" in first
    parts = yaml.safe_load(new_chapter.add_to_toc(toc, "11_opens", "Part III"))["parts"]
    assert [part["caption"] for part in parts] == ["Part III", "Part IV"]
    assert parts[0]["chapters"][0] == {"file": "chapters/11_opens"}
    # renumber: on


def test_the_toc_parses_into_parts_of_chapters():
    """A toc line at the wrong indent makes a part with no chapters, which the build accepts."""
    parts = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))["parts"]
    for part in parts:
        assert set(part) >= {"caption", "chapters"}, part
        assert all(set(entry) == {"file"} for entry in part["chapters"]), part["caption"]


# The records of the sheet's first part (the counts and the metrics of two classes) before the
# recipe "Add a metric" gave each new one a section of its own. A new record there borrows the
# label sec-four-counts from step 6 until step 12 gives it a section labelled sec- and its id.
PART_ONE_RECORDS = {
    "counts",
    "confusion-matrix",
    "prevalence",
    "accuracy",
    "precision",
    "recall",
    "specificity",
    "fpr",
    "fnr",
    "f1",
    "fbeta",
    "e-measure",
    "npv",
    "balanced-accuracy",
    "youden-j",
    "likelihood-ratios",
    "cohen-kappa",
    "mcc",
    "averages",
}


LABEL_LINE = re.compile(r"^\((sec-[\w-]+|ch-[\w-]+)\)=\s*$", re.M)


def section_texts(root: Path = ROOT) -> dict[str, str]:
    """Each section label of the chapters with the Markdown from it to the next label."""
    texts: dict[str, str] = {}
    for path in toc_chapters(root):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        markdown = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        marks = list(LABEL_LINE.finditer(markdown))
        for mark, after in zip(marks, [*marks[1:], None], strict=True):
            texts[mark[1]] = markdown[mark.end() : after.start() if after else len(markdown)]
    return texts


def without_a_section(metrics: list[dict], sections: dict[str, str] | None = None) -> list[str]:
    """New records of the first part whose ``chapter`` lacks their own label ``sec-<id>``, or
    still holds the borrowed ``sec-four-counts``. A record of a metric that is arithmetic on
    another (each of its functions is another record's, as ``gini``'s ``roc_auc``) may name
    instead a section that teaches it, one whose text names it (``gini``'s "Gini
    coefficient", in ``sec-auc-gini-youden-pauc``), but not the borrowed one."""
    sections = section_texts() if sections is None else sections

    def arithmetic(metric: dict) -> bool:
        """All its functions are one earlier record's (the one it is arithmetic on)."""
        borrowed = set(metric.get("functions", ()))
        earlier = metrics[: next(i for i, m in enumerate(metrics) if m is metric)]
        return bool(borrowed) and any(borrowed <= set(m.get("functions", ())) for m in earlier)

    def taught_in(metric: dict) -> bool:
        return any(
            metric["name"].lower() in " ".join(sections.get(label, "").lower().split())
            for label in metric["chapter"]
        )

    return [
        metric["id"]
        for metric in metrics
        if metric["id"] not in PART_ONE_RECORDS
        and (
            "sec-four-counts" in metric["chapter"]
            or not metric["chapter"]
            or (
                f"sec-{metric['id']}" not in metric["chapter"]
                and not (arithmetic(metric) and taught_in(metric))
            )
        )
    ]


def test_a_new_metric_has_a_section_of_its_own():
    data = json.loads((ROOT / "evalmetrics" / "formulas.json").read_text(encoding="utf-8"))
    metrics = data["parts"][0]["metrics"]
    assert {metric["id"] for metric in metrics} >= PART_ONE_RECORDS
    left = without_a_section(metrics)
    assert not left, (
        f"{left}: write the metric's section, labelled sec- and the record's id, and put that"
        " label in place of sec-four-counts (CONTRIBUTING, Add a metric, step 12)"
    )
    # can fail: borrowed, borrowed beside its own, another section's label, its own only
    cases = {
        "borrowed": ["sec-four-counts"],
        "both": ["sec-jaccard", "sec-four-counts"],
        "another": ["sec-lr-infinite"],
        "own": ["sec-jaccard"],
    }
    accuracy = {"id": "accuracy", "chapter": ["sec-accuracy"], "functions": ["em.accuracy"]}
    found = {
        case: without_a_section([{"id": "jaccard", "chapter": chapter, "functions": ["em.j"]}])
        for case, chapter in cases.items()
    }
    assert found == {
        "borrowed": ["jaccard"],
        "both": ["jaccard"],
        "another": ["jaccard"],
        "own": [],
    }
    # a metric that is arithmetic on accuracy (the error rate) may name a section of accuracy's
    # that teaches it, not one that does not, nor the borrowed one
    texts = {"sec-accuracy": "Accuracy is ...", "sec-errors": "The error\nrate is 1 - accuracy"}
    for chapter, expected in (
        (["sec-errors"], []),
        (["sec-accuracy"], ["error-rate"]),
        (["sec-four-counts"], ["error-rate"]),
    ):
        error_rate = {
            "id": "error-rate",
            "name": "Error rate",
            "chapter": chapter,
            "functions": ["em.accuracy"],
        }
        assert without_a_section([accuracy, error_rate], texts) == expected
    assert "gini coefficient" in section_texts()["sec-auc-gini-youden-pauc"].lower()


def number_gaps(stems: list[str]) -> list[int]:
    """The chapter numbers from 1 to the last that no chapter file has."""
    numbers = {int(stem[:2]) for stem in stems}
    return sorted(set(range(1, max(numbers) + 1)) - numbers)


def test_the_chapters_are_numbered_without_a_gap():
    """A renumbering map that skips a number (25 -> 27) passes every other check. (Between
    the renumbering and the new chapter's scaffold the freed number is a gap, so this is not
    among the checks of that step.)"""
    stems = [path.stem for path in (ROOT / "chapters").glob("[0-9][0-9]_*.ipynb")]
    assert not number_gaps(stems), f"no chapter is numbered {number_gaps(stems)}"
    assert number_gaps(["01_a", "02_b", "04_d"]) == [3]  # can fail


def out_of_number_order(stems: list[str]) -> list[str]:
    """The chapters listed after a chapter with a higher number."""
    return [stem for i, stem in enumerate(stems) if any(stem < before for before in stems[:i])]


def test_the_toc_lists_the_chapters_in_number_order():
    """A chapter's toc line put after a later chapter's (or in a later part) passes the build;
    the book's order is its numbers' order."""
    stems = [path.stem for path in toc_chapters()]
    assert not out_of_number_order(stems), f"_toc.yml lists {out_of_number_order(stems)} late"
    assert out_of_number_order(["02_b", "09_x", "08_a"]) == ["08_a"]  # can fail; renumber: keep
