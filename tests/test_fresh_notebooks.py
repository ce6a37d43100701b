"""A rebuild executes exactly the notebooks whose inputs changed (``_ext/fresh_notebooks.py``).

The slow test builds a tiny book with the book's own ``_config.yml`` and extensions, a toy
``evalmetrics`` package of two modules, two notebooks (one imports each module) and a Markdown
page that pastes a value glued in the first notebook. Every execution appends the notebook's name
to ``runs.log``, so the test counts executions, and reads the built pages for the values shown.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "_ext"))

import fresh_notebooks  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))

from tiny_book import JUPYTER_BOOK, notebook, start_book  # noqa: E402
from tiny_book import build as build_book  # noqa: E402


def write_chapter(path: Path, title: str, module: str) -> None:
    path.write_text(
        json.dumps(
            notebook(
                title,
                f"from myst_nb import glue\nfrom evalmetrics.{module} import VALUE\n"
                f"open('runs.log', 'a').write('{path.stem}\\n')\n"
                f"glue('{path.stem}_value', VALUE, display=False)",
            )
        )
    )


def make_book(folder: Path) -> None:
    start_book(folder, ["one", "two", "paste"])
    package = folder / "evalmetrics"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("VALUE = 111\n")
    (package / "b.py").write_text("VALUE = 222\n")
    write_chapter(folder / "one.ipynb", "One", "a")
    write_chapter(folder / "two.ipynb", "Two", "b")
    (folder / "paste.md").write_text(
        "# Paste\n\nThe first notebook's value is {glue:text}`one.ipynb::one_value:d`, the "
        "second's {glue:text}`two.ipynb::two_value:d`.\n"
    )


def build(folder: Path) -> list[str]:
    """Build the book; return the notebooks executed by this build, in any order."""
    log = folder / "runs.log"
    log.unlink(missing_ok=True)
    result = build_book(folder)
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    return sorted(log.read_text().split()) if log.exists() else []


def page(folder: Path, name: str, edition: str = "html") -> str:
    return (folder / "_build" / edition / f"{name}.html").read_text(encoding="utf-8")


def build_other_edition(folder: Path, execute: bool = True) -> list[str]:
    """Build the book as the Chinese edition is built: its own output and doctrees, the
    English build's jupyter-cache; return the notebooks this build executed. ``execute``
    False: as the messages' extraction builds, which stops rather than execute."""
    log = folder / "runs.log"
    log.unlink(missing_ok=True)
    script = (
        "import sys\nfrom jupyter_book.sphinx import build_sphinx\n"
        "folder = sys.argv[1]\n"
        "sys.exit(build_sphinx(folder, folder + '/_build/other', noconfig=True,"
        " path_config=folder + '/_config.yml', use_external_toc=True,"
        " doctreedir=folder + '/_build/other-doctrees', builder='html', warningiserror=True,"
        " confoverrides={'external_toc_path': folder + '/_toc.yml', 'latex_individualpages': False,"
        f" 'fresh_notebooks_execute': {execute!r},"
        " 'nb_execution_cache_path': folder + '/_build/.jupyter_cache'}))"
    )
    env = dict(os.environ, IPYTHONDIR=str(ROOT / "tools" / "ipython"))
    result = subprocess.run(
        [sys.executable, "-c", script, str(folder)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        cwd=folder,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    return sorted(log.read_text().split()) if log.exists() else []


@pytest.mark.slow
def test_a_build_that_does_not_execute_stops_and_says_what_to_run(tmp_path):
    book = tmp_path / "book"
    make_book(book)
    with pytest.raises(AssertionError, match=r"2 notebook\(s\) not executed.*run `make book`"):
        build_other_edition(book, execute=False)
    assert not (book / "runs.log").exists(), "it executed a notebook"


@pytest.mark.slow
def test_a_rebuild_runs_exactly_what_changed(tmp_path):
    assert JUPYTER_BOOK.exists(), f"jupyter-book not found next to {sys.executable}"
    book = tmp_path / "book"
    make_book(book)
    assert build(book) == ["one", "two"]
    assert "111" in page(book, "paste")

    assert build(book) == [], "nothing changed, yet a notebook ran again"
    # a second edition (the Chinese one) reads the same cache and executes nothing
    assert build_other_edition(book) == []
    assert "111" in page(book, "paste", "other")

    # the package: only the notebook that imports the changed module runs, and the page that
    # pastes its value shows the new one
    (book / "evalmetrics" / "a.py").write_text("VALUE = 333\n")
    assert build(book) == ["one"]
    assert "333" in page(book, "paste") and "111" not in page(book, "paste")
    assert "222" in page(book, "paste")
    # ... and in the other edition, which finds the notebook fresh (the first build executed
    # it) but was last read from its older outputs
    assert build_other_edition(book) == []
    assert "333" in page(book, "paste", "other") and "111" not in page(book, "paste", "other")

    # Markdown only: the page is rebuilt, no notebook runs (the cached outputs are current)
    two = json.loads((book / "two.ipynb").read_text())
    two["cells"][0]["source"] = "# Two\n\nNew words."
    (book / "two.ipynb").write_text(json.dumps(two))
    assert build(book) == []
    assert "New words." in page(book, "two")

    # the notebook's code: it runs
    first_code = two["cells"][1]["source"]
    two["cells"][1]["source"] += "\nprint('more')"
    (book / "two.ipynb").write_text(json.dumps(two))
    assert build(book) == ["two"]

    # the code reverted after the package changed: the copy cached for the old code was
    # executed with the old package, so it runs again (and the pasted value is the new one)
    (book / "evalmetrics" / "b.py").write_text("VALUE = 444\n")
    assert build(book) == ["two"]
    two["cells"][1]["source"] = first_code
    (book / "two.ipynb").write_text(json.dumps(two))
    assert build(book) == ["two"]
    assert "444" in page(book, "paste") and "222" not in page(book, "paste")


def test_the_input_key_follows_the_package_imports(tmp_path):
    package = tmp_path / "evalmetrics"
    (package / "stats").mkdir(parents=True)
    (package / "__init__.py").write_text("from .counts import confusion\n")
    (package / "counts.py").write_text("import numpy as np\nfrom ._undefined import divide\n")
    (package / "_undefined.py").write_text("")
    (package / "widgets.py").write_text("from . import counts\n")
    (package / "stats" / "__init__.py").write_text("from ._tests import paired\n")
    (package / "stats" / "_tests.py").write_text("from .._undefined import divide\n")
    names = {
        path.relative_to(tmp_path).as_posix()
        for path in fresh_notebooks.package_closure(package, {"evalmetrics.stats"})
    }
    assert names == {
        "evalmetrics/__init__.py",
        "evalmetrics/counts.py",
        "evalmetrics/_undefined.py",
        "evalmetrics/stats/__init__.py",
        "evalmetrics/stats/_tests.py",
    }
    assert fresh_notebooks.package_closure(package, {"numpy", "os"}) == set()


def test_the_real_chapters_depend_on_the_modules_they_use():
    package = ROOT / "evalmetrics"
    stats = {p.name for p in fresh_notebooks.package_closure(package, {"evalmetrics.stats"})}
    assert {"_intervals.py", "_tests.py", "_delong.py"} <= stats
    top = fresh_notebooks.package_closure(package, {"evalmetrics"})
    assert package / "classification.py" in top and package / "ranking.py" in top
    assert fresh_notebooks.imported_modules("from evalmetrics.stats import proportion_ci") >= {
        "evalmetrics.stats",
        "evalmetrics.stats.proportion_ci",
    }


def test_a_repository_module_a_notebook_puts_on_sys_path_is_an_input():
    """The conventions page imports tools/spark_metrics.py (after sys.path.insert); that file
    and the package modules it imports are part of the page's input key."""
    import nbformat

    path = ROOT / "reference" / "conventions.ipynb"
    notebook = nbformat.read(path, as_version=4)
    code = fresh_notebooks.notebook_code(notebook)
    modules = set().union(*(fresh_notebooks.imported_modules(source) for source in code))
    folders = [path.parent, ROOT, ROOT / "tools"]
    local = fresh_notebooks.local_modules(modules, folders, ROOT / "evalmetrics")
    assert ROOT / "tools" / "spark_metrics.py" in local
    assert ROOT / "evalmetrics" / "datasets.py" in local
    key = fresh_notebooks.input_key(notebook, path, ROOT, ROOT / "evalmetrics", "env")
    assert key == fresh_notebooks.input_key(notebook, path, ROOT, ROOT / "evalmetrics", "env")
    assert key != fresh_notebooks.input_key(notebook, path, ROOT, ROOT / "evalmetrics", "env2")


def test_the_figures_catalog_enters_the_key_by_what_it_translates(tmp_path):
    """Translating a figure's text re-executes the notebooks that draw figures; `update`
    rewriting the catalog's header (its date) does not."""
    import datetime

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    def catalog(translation: str, date: str) -> Path:
        when = datetime.datetime.fromisoformat(date)
        po = Catalog(locale="zh_CN", creation_date=when, revision_date=when)
        po.add("recall", translation)
        path = tmp_path / f"{translation}-{date}.po"
        with path.open("wb") as stream:
            write_po(stream, po)
        return path

    digest = fresh_notebooks._translations_digest
    same = digest(catalog("召回率", "2026-01-01 00:00"))
    assert digest(catalog("召回率", "2026-12-07 06:00")) == same
    assert digest(catalog("查全率", "2026-01-01 00:00")) != same
