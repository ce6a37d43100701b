"""The JupyterLab copy (``tools/make_lab.py``): the book's roles resolved, hidden things folded.

In Lab the chapters once showed raw MyST (``{glue:text}`...```, ``{cite}``, ``:label:``),
every solution and hidden check was open, and Lab's autosave wrote outputs into the tracked
notebooks. The copy fixes the first two; ``make lab`` opens the copy, never the sources.

The unit tests run the rewriting on small inputs (so they are known to fail on a raw role);
the test over every notebook runs after the build (marker ``browser``), when
``_build/jupyter_execute`` holds the executed notebooks whose glued values the copy uses.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support import RAW_MYST

ROOT = Path(__file__).resolve().parents[1]
SPEC = importlib.util.spec_from_file_location("make_lab", ROOT / "tools" / "make_lab.py")
make_lab = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(make_lab)

NOTEBOOKS = make_lab.notebook_paths()


def markdown_of(notebook: dict) -> list[str]:
    return [make_lab.cell_text(c) for c in notebook["cells"] if c["cell_type"] == "markdown"]


@pytest.fixture(scope="module", autouse=True)
def book_knowledge():
    make_lab.LABELS.update(make_lab.labels())
    make_lab.EXERCISES.update(make_lab.exercise_titles())
    make_lab.CITATIONS.update(make_lab.citations())


def test_roles_become_text_and_links():
    path = ROOT / "chapters" / "09_pr_ap.ipynb"
    resolve = make_lab.Resolver(path, {"x": "0.123456", "n": "285"})
    text = (
        "AP {glue:text}`x:.3f` on {glue:text}`n` cases {cite}`doc000,fawcett2006`, see "
        "{ref}`sec-choosing-beta` and {ref}`the errata <errata>`; {term}`precision`, "
        "{term}`APs <average precision>`; {cite:t}`doc002`."
    )
    out = make_lab.ROLE.sub(resolve, text)
    assert not RAW_MYST.search(out), out
    assert "AP 0.123 on 285 cases" in out
    assert "[Document 000 (" in out and "Fawcett, 2006]" in out
    assert "(04_third_level.ipynb)" in out  # a link to the chapter that holds the label
    assert "the errata;" in out and "precision, APs;" in out
    assert "Document 002 (Loull, 2014)" in out


def test_an_unknown_glue_key_or_label_fails_loudly():
    resolve = make_lab.Resolver(ROOT / "chapters" / "01_why_metrics.ipynb", {})
    with pytest.raises(KeyError, match="no glued value"):
        make_lab.ROLE.sub(resolve, "{glue:text}`missing:.3f`")
    with pytest.raises(KeyError, match="unknown label"):
        make_lab.ROLE.sub(resolve, "{ref}`no-such-label`")


def test_exercises_become_admonitions_and_solutions_fold():
    cells = [
        {
            "cell_type": "markdown",
            "metadata": {},
            "source": "```{exercise}\n:label: ch04-ex-f-values\n\nCompute F1.\n```\n\n"
            "```{solution-start} ch04-ex-f-values\n:class: dropdown\n```\n\nF1 is 0.72.",
        },
        {"cell_type": "code", "metadata": {}, "source": "print(0.72)", "outputs": []},
        {"cell_type": "markdown", "metadata": {}, "source": "```{solution-end}\n```"},
        {"cell_type": "markdown", "metadata": {}, "source": "## Summary"},
    ]
    for cell in cells:
        if cell["cell_type"] == "markdown":
            cell["source"] = make_lab.rewrite_exercises(cell["source"])
    cells.insert(3, {"cell_type": "code", "metadata": {"tags": ["remove-cell"]}, "source": "1"})
    folded = make_lab.fold_solutions(cells)
    exercise, solution = folded[0]["source"], folded[1]["source"]
    assert "{admonition} Exercise 4.1\n:class: tip\nCompute F1." in exercise
    assert "{admonition} Solution to exercise 4.1\n:class: dropdown\nF1 is 0.72." in solution
    # the solution's code is inside the dropdown, not a cell that a run would unfold
    assert "```python\nprint(0.72)\n```\n:::::" in solution
    # the check of the solution is dropped with it; the end fence is gone
    assert [make_lab.cell_text(c).strip() for c in folded[2:]] == ["## Summary"]
    assert all(c["cell_type"] == "markdown" for c in folded)
    assert not any(RAW_MYST.search(make_lab.cell_text(c)) for c in folded)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_hidden_cells_are_collapsed_in_the_sources_too(path):
    """A downloaded notebook opened in Lab folds the checks as the book removes them."""
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        tags = cell.get("metadata", {}).get("tags", [])
        jupyter = cell.get("metadata", {}).get("jupyter", {})
        if cell["cell_type"] == "code" and "remove-cell" in tags:
            assert jupyter.get("source_hidden") and jupyter.get("outputs_hidden"), cell["source"]
        if cell["cell_type"] == "code" and "hide-input" in tags:
            assert jupyter.get("source_hidden"), cell["source"]


@pytest.mark.browser
def test_every_lab_notebook_reads_without_raw_myst(tmp_path):
    """After the build: the whole copy is written, and no raw role or option survives."""
    executed = ROOT / "_build" / "jupyter_execute"
    if not executed.is_dir():
        pytest.skip("run the build first: the copy takes its values from _build/jupyter_execute")
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "make_lab.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    for source in NOTEBOOKS:
        copy = json.loads((tmp_path / source.relative_to(ROOT)).read_text(encoding="utf-8"))
        raw = [m.group(0) for text in markdown_of(copy) for m in RAW_MYST.finditer(text)]
        assert not raw, f"{source.name}: raw MyST left: {raw[:5]}"
        n_exercises = sum(make_lab.cell_text(c).count("{exercise}") for c in _cells(source))
        n_admonitions = sum(text.count(":class: tip") for text in markdown_of(copy))
        assert n_admonitions >= n_exercises
        for cell in copy["cells"]:
            if "remove-cell" in cell.get("metadata", {}).get("tags", []):
                assert cell["metadata"]["jupyter"]["outputs_hidden"]
                assert make_lab.cell_text(cell).startswith(make_lab.CAPTURE)


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


# --- edge cases of the rewriting ----------------------------------------
def resolve_text(text: str, values=None, values_of=None, page="09_pr_ap.ipynb") -> str:
    resolve = make_lab.Resolver(ROOT / "chapters" / page, values or {}, values_of)
    return make_lab.ROLE.sub(resolve, text)


def test_roles_split_across_lines_and_titles_holding_a_less_than_sign():
    """Prose is wrapped at 100 columns, so a role's explicit text may hold a line break; a
    title may hold "<" (Sphinx takes the target after the last "<")."""
    out = resolve_text(
        "{term}`the average\nprecision <average precision>` and {ref}`when P < R\n"
        "<sec-choosing-beta>`; {cite}`doc000,\n fawcett2006`"
    )
    assert out.startswith("the average precision and [when P < R](04_third_level.ipynb);"), out
    assert "Fawcett, 2006]" in out and not RAW_MYST.search(out)


@pytest.mark.parametrize(
    ("role", "value", "expected"),
    [
        ("x:.1%", "0.98765", "98.8%"),
        ("x:,", "1234567", "1,234,567"),
        ("x:g", "0.5", "0.5"),
        ("x:.1e", "0.000123", "1.2e-04"),
        ("x:+.4f", "0.25", "+0.2500"),
        ("x:,.0f", "12345.6", "12,346"),
        ("x", "'text'", "text"),  # no spec: myst-nb's "s", quotes removed
    ],
)
def test_glue_format_specs_as_myst_nb(role, value, expected):
    assert resolve_text(f"{{glue:text}}`{role}`", {"x": value}) == expected


def test_cross_document_glue_reads_the_other_notebook():
    asked = []

    def values_of(path):
        asked.append(path)
        return {"ch04_key": "0.123"}

    out = resolve_text("{glue:text}`../chapters/04_third_level.ipynb::ch04_key:.2f`", {}, values_of)
    assert out == "0.12"
    assert asked == [ROOT / "chapters" / "04_third_level.ipynb"]
    assert make_lab.split_glue("a/b.ipynb::k:.1%") == ("a/b.ipynb", "k", ".1%")
    assert make_lab.split_glue("k") == ("", "k", "s")
    with pytest.raises(KeyError, match="no notebook"):
        resolve_text("{glue:text}`no_such.ipynb::k:.1f`", {}, values_of)


def test_numref_and_doc_roles():
    out = resolve_text("{numref}`Section %s <sec-choosing-beta>` and {doc}`04_third_level`")
    assert "%s" not in out and "(04_third_level.ipynb)" in out
    assert "[Third-level metrics" in out.split(" and ")[1]


def test_exercise_with_a_title_nested_fences_and_a_spaced_closing_fence():
    text = (
        "````{exercise} Thresholds\n:label: ch04-ex-f-values\n\nRun\n\n```python\nf(1)\n```\n\n"
        ":::::{note}\ninner\n:::::\n````   \nAfter the exercise.\n"
    )
    out = make_lab.rewrite_exercises(text)
    assert out.startswith("::::::{admonition} Exercise 4.1 (Thresholds)\n:class: tip\nRun\n")
    assert "```python\nf(1)\n```" in out  # the inner code block stays inside
    assert out.endswith("::::::\nAfter the exercise.\n"), out  # six colons hold the five
    with pytest.raises(ValueError, match="never closed"):
        make_lab.rewrite_exercises("```{exercise}\n:label: x\n\nno end\n")


def md(source, tags=()):
    return {"cell_type": "markdown", "metadata": {"tags": list(tags)}, "source": source}


def code(source, tags=()):
    return {"cell_type": "code", "metadata": {"tags": list(tags)}, "source": source, "outputs": []}


def test_solution_code_with_backticks_and_an_end_sharing_its_cell():
    cells = [
        md("```{solution-start} ch04-ex-f-values\n:class: dropdown\n```\nText."),
        code('print("```")'),
        md("```{solution-end}\n```\n## Next section"),
        code("assert True", ["remove-cell"]),
        code("x = 1"),
    ]
    folded = make_lab.fold_solutions(cells)
    solution = make_lab.cell_text(folded[0])
    assert '````python\nprint("```")\n````' in solution
    # the text after the end stays, after the dropdown's closing fence
    assert solution.endswith(":::::\n## Next section\n"), solution
    assert [make_lab.cell_text(c) for c in folded[1:]] == ["x = 1"]  # the check is dropped


def test_stray_or_nested_solution_directives_fail_loudly():
    with pytest.raises(ValueError, match="without a solution-start"):
        make_lab.fold_solutions([md("```{solution-end}\n```")])
    nested = "```{solution-start} a\n```\nA\n```{solution-start} b\n```\n"
    with pytest.raises(ValueError, match="inside"):
        make_lab.fold_solutions([md(nested)])


def test_hidden_cell_with_its_own_cell_magic_and_removed_input(tmp_path):
    """%%capture runs its body with run_cell, so a hidden cell's own %%time still works."""
    source = {
        "cells": [
            code("%%time\nassert 1 + 1 == 2", ["remove-cell"]),
            code("plot()", ["remove-input"]),
            md("Removed note.", ["remove-cell"]),
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(source), encoding="utf-8")
    out = make_lab.lab_notebook(path, {"cells": []})["cells"]
    assert make_lab.cell_text(out[0]) == make_lab.CAPTURE + "%%time\nassert 1 + 1 == 2"
    assert out[1]["metadata"]["jupyter"]["source_hidden"]
    assert out[2]["metadata"]["jupyter"]["source_hidden"]


def test_a_label_ending_one_cell_takes_the_heading_of_the_next():
    lines = ["(sec-x)=", "", "```python", "# not a heading", "```", "## The title"]
    assert make_lab.outside_code(lines) == [True, True, False, False, False, True]
    directive = [":::{note}", "# inside a note", ":::", "```{exercise}", "text", "```"]
    assert all(make_lab.outside_code(directive))


def test_the_copy_is_executed_without_evalmetrics_lab(monkeypatch):
    """In a terminal of the Lab that make lab starts EVALMETRICS_LAB=1 is set; a fresh run of
    a chapter under it would glue nothing and the copy would have no values."""
    import os

    monkeypatch.setenv("EVALMETRICS_LAB", "1")
    monkeypatch.setenv("EVALMETRICS_STATIC_FRAMES", "1")
    with make_lab.kernel_environment():
        assert "EVALMETRICS_LAB" not in os.environ
        assert "EVALMETRICS_STATIC_FRAMES" not in os.environ
    assert os.environ["EVALMETRICS_LAB"] == "1"  # restored afterwards


def test_a_built_copy_lacking_a_key_is_executed_afresh(monkeypatch, tmp_path):
    built = tmp_path / "built.ipynb"
    glued = {
        "output_type": "display_data",
        "metadata": {"scrapbook": {"name": "a", "mime_prefix": "application/papermill.record/"}},
        "data": {"application/papermill.record/text/plain": "0.5"},
    }
    built.write_text(json.dumps({"cells": [{"outputs": [glued]}]}), encoding="utf-8")
    monkeypatch.setattr(make_lab, "built_copy", lambda path: built)
    monkeypatch.setattr(make_lab, "run_notebook", lambda path: {"cells": [], "fresh": True})
    assert "fresh" not in make_lab.execute(built, {"a"})
    assert make_lab.execute(built, {"a", "b"})["fresh"]


def test_glue_outside_the_book(monkeypatch, capsys):
    from evalmetrics import notebook

    monkeypatch.setenv("EVALMETRICS_LAB", "1")
    notebook.glue("review_key", 0.25, display=True)  # shown, without myst-nb's MIME type
    assert notebook.GLUED["review_key"] == 0.25
    assert "0.25" in capsys.readouterr().out


def test_make_lab_keeps_a_readers_work(tmp_path, capsys):
    """A second `make lab` must not overwrite what a reader did in the copy."""
    source = ROOT / "chapters" / "04_third_level.ipynb"
    target = tmp_path / "chapters" / source.name
    target.parent.mkdir(parents=True)
    target.write_text('{"my": "work"}', encoding="utf-8")
    assert make_lab.main(["--out", str(tmp_path), str(source)]) == 0
    assert target.read_text(encoding="utf-8") == '{"my": "work"}'
    assert "kept 1 notebook(s)" in capsys.readouterr().out


def test_glued_values_read_both_output_forms():
    """In the notebook the data keys carry myst-nb's prefix; the build's .glue.json has none."""
    meta = {"scrapbook": {"name": "auc", "mime_prefix": "application/papermill.record/"}}
    in_notebook = {"metadata": meta, "data": {"application/papermill.record/text/plain": "0.75"}}
    in_sidecar = {
        "metadata": {**meta, "scrapbook": {**meta["scrapbook"], "name": "ap"}},
        "data": {"text/plain": "0.5"},
    }
    executed = {"cells": [{"cell_type": "code", "outputs": [in_notebook, in_sidecar]}]}
    assert make_lab.glued_values(executed) == {"auc": "0.75", "ap": "0.5"}


def test_citations_read_as_the_book_renders_them():
    """BibTeX accents and "von" parts: the Lab copy once showed [J"arvelin ...] and Rijsbergen."""
    rendered = make_lab.citations()
    assert rendered["jarvelin2002"][0] == "Järvelin and Kekäläinen, 2002"
    assert rendered["vanrijsbergen1979"][1] == "van Rijsbergen (1979)"
    assert not [text for text, _ in rendered.values() if re.search(r'[{}\\"]', text)]
