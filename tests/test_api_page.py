"""The API page documents every public name: each name in a public module's ``__all__`` (the
package's, its modules', ``evalmetrics.stats``', ``evalmetrics.notebook.glue`` that authors use)
is reached by a directive of ``reference/api.md``: an ``autofunction``/``autoclass``/``autodata``
of it, or an ``automodule`` whose ``:members:`` is bare (all of ``__all__``) or lists it. A name
re-exported under two modules is documented once (the same object)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "reference" / "api.md"
MODULES = [
    "evalmetrics",
    "evalmetrics.confusion",
    "evalmetrics.classification",
    "evalmetrics.curves",
    "evalmetrics.ranking",
    "evalmetrics.stats",
    "evalmetrics.plots",
    "evalmetrics.widgets",
    "evalmetrics.explorer",
    "evalmetrics.io",
    "evalmetrics.datasets",
    "evalmetrics.exercises",
    "evalmetrics.notebook",
]
DIRECTIVE = re.compile(r"^\.\. auto(?P<kind>module|function|class|data)::\s*(?P<target>\S+)", re.M)


def _resolve(dotted: str) -> object:
    """The object a dotted name points at, as Sphinx finds it: attributes of the package
    first (``evalmetrics.counts`` is the function the package exports; its module is
    ``evalmetrics.confusion``), then submodules."""
    parts = dotted.split(".")
    obj = importlib.import_module(parts[0])
    for depth, attribute in enumerate(parts[1:], start=1):
        if hasattr(obj, attribute):
            obj = getattr(obj, attribute)
        else:
            obj = importlib.import_module(".".join(parts[: depth + 1]))
    return obj


def documented(text: str) -> set[int]:
    """The ids of the objects the page's directives document."""
    found: set[int] = set()
    for match in DIRECTIVE.finditer(text):
        target = match.group("target")
        if match.group("kind") != "module":
            found.add(id(_resolve(target)))
            continue
        module = importlib.import_module(target)
        found.add(id(module))
        after = text[match.end() :].split("\n.. ", 1)[0]
        members = re.search(r"^\s+:members:(?P<names>.*)$", after, re.M)
        if members is None:
            continue
        names = [n.strip() for n in members.group("names").split(",") if n.strip()]
        for name in names or module.__all__:
            found.add(id(getattr(module, name)))
    return found


def missing(text: str) -> list[str]:
    documented_ids = documented(text)
    absent = []
    for name in MODULES:
        module = importlib.import_module(name)
        for public in module.__all__:
            if public.startswith("__"):
                continue
            if id(getattr(module, public)) not in documented_ids:
                absent.append(f"{name}.{public}")
    return absent


def test_every_public_name_is_on_the_api_page():
    absent = missing(PAGE.read_text(encoding="utf-8"))
    assert absent == [], f"add to reference/api.md: {', '.join(absent)}"


def test_a_name_left_off_the_page_is_caught():
    text = PAGE.read_text(encoding="utf-8").replace(", use_key", "")
    assert "evalmetrics.exercises.use_key" in missing(text)


@pytest.mark.parametrize("name", MODULES)
def test_every_listed_module_has_all(name):
    assert isinstance(importlib.import_module(name).__all__, list | tuple)
