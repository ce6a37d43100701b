"""One test says everything a new classification metric still needs, and where to add it.

CONTRIBUTING's "Add a metric" names the steps; the other tests each check one of them and,
for a metric that is not registered yet, skip it rather than fail with a KeyError. This test
lists every missing step of every public classification metric at once, each with its file:

- ``classification.__all__`` lists it: a public function of ``evalmetrics/classification.py``
  that takes ``y_true`` and is not listed is reported too;
- ``evalmetrics.__all__`` re-exports it (the formula sheet and the API use the short name);
- ``Counts`` has an attribute of the same name (a count ratio, a name in
  ``evalmetrics._core.RATIOS``, a property; ``fbeta`` and ``e_measure``, which take ``beta``,
  are methods);
- its docstring has an ``Examples`` section (the doctests run it);
- ``tests/test_common.py``: an entry in ``REGISTRY``, and in ``ZERO_DIVISION`` when its
  docstring names ``UndefinedMetricWarning`` (it can meet 0/0);
- ``evalmetrics/formulas.json``: a record whose ``functions`` list names it, with a
  ``chapter`` label that a chapter defines;
- ``reference/api.md``: an ``autofunction`` directive;
- hand-computed values in ``tests/test_classification.py`` (or ``test_four_counts.py``) and a
  cross-check against scikit-learn in a ``tests/test_crosscheck_*.py`` file: a module-level
  ``def test_...`` there must call the function (``em.name(...)``, or ``name(...)`` imported
  from ``evalmetrics``) or hand it to a call as a value (``(em.f1, f1_score)`` pairs); in a
  hand file, reading it off a ``Counts`` (``em.counts(...).name``, ``C.name`` with
  ``C = Counts(...)``) counts too; a mention in a comment or a string counts in neither.

It also checks that every name another module of the package takes from
``evalmetrics._core`` (``from ._core import x``, or ``_core.x`` after ``from . import _core``)
is in ``_core.__all__``, the list of what the core offers the rest of the package.
"""

from __future__ import annotations

import ast
import inspect
import json
import re
from pathlib import Path

import evalmetrics
from evalmetrics import _core, classification

ROOT = Path(__file__).resolve().parents[1]
HAND = ("test_classification.py", "test_four_counts.py")


def _dotted(node: ast.expr) -> str | None:
    """``em.f1`` -> "em.f1"; None for anything but a (dotted) name."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def package_uses(source: str, package: str = "evalmetrics", peer: str | None = None) -> set[str]:
    """Full dotted names of the ``package`` functions that a module-level ``def test_...``
    of ``source`` (its decorators included) calls or hands on as a value, seen through the
    module's imports (``import evalmetrics as em``, ``from evalmetrics import f1``).

    ``em.f1(...)`` counts, and so does ``for ours, theirs in ((em.f1, f1_score),): ours(...)``
    (how ``test_crosscheck_sklearn.py`` checks F1) or ``em.f1`` in a ``parametrize`` list. A
    name in a comment or a string, a bare ``em.f1`` statement, and a use in a helper outside
    any test function or in a test class do not count. With ``peer`` (``"sklearn"``), only
    the test functions that also read a name of that package count: a cross-check that
    compares ours with ours does not."""
    tree = ast.parse(source)
    alias = _aliases(tree)
    used = set()
    for node in _test_loads(tree, alias, peer):
        dotted = _dotted(node)
        if dotted is None:
            continue
        head, _, rest = dotted.partition(".")
        full = alias.get(head)
        if full is not None and (full == package or full.startswith(f"{package}.")):
            used.add(f"{full}.{rest}" if rest else full)
    return used


def _aliases(tree: ast.Module) -> dict[str, str]:
    """A local name -> the dotted name it stands for, through the module's imports."""
    alias = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for name in node.names:
                if name.asname:
                    alias[name.asname] = name.name
                else:
                    top = name.name.split(".")[0]
                    alias[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for name in node.names:
                alias[name.asname or name.name] = f"{node.module}.{name.name}"
    return alias


def _test_loads(
    tree: ast.Module, alias: dict[str, str] | None = None, peer: str | None = None
) -> list[ast.Name | ast.Attribute]:
    """The names and attributes a module-level ``def test_...`` reads (its decorators
    included), less bare expression statements (``em.f1`` alone on a line); with ``peer``,
    only those of the test functions that read a name of the package ``peer`` (through
    ``alias``, the module's imports)."""
    loads = []
    for function in tree.body:
        if not (
            isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
            and function.name.startswith("test_")
        ):
            continue
        nodes = list(ast.walk(function))
        bare = {id(node.value) for node in nodes if isinstance(node, ast.Expr)}
        read = [
            node
            for node in nodes
            if isinstance(node, ast.Name | ast.Attribute)
            and id(node) not in bare
            and isinstance(node.ctx, ast.Load)
        ]
        if peer is not None and not any(
            (alias or {}).get(node.id, "").split(".")[0] == peer
            for node in read
            if isinstance(node, ast.Name)
        ):
            continue
        loads += read
    return loads


def counts_uses(source: str, package: str = "evalmetrics") -> set[str]:
    """The attributes a module-level ``def test_...`` of ``source`` reads off a ``Counts``:
    ``em.counts(...).mcc``, ``Counts(tp=...).lr_minus``, or ``C.youden_j`` where ``C`` is a
    name assigned such a call at module level or in the test (how tests/test_four_counts.py
    checks its hand values)."""
    tree = ast.parse(source)
    alias = _aliases(tree)

    def makes_counts(node: ast.expr) -> bool:
        if not isinstance(node, ast.Call):
            return False
        head, _, rest = (_dotted(node.func) or "").partition(".")
        full = ".".join(filter(None, (alias.get(head), rest)))
        return full.startswith(f"{package}.") and full.rsplit(".", 1)[-1] in {"Counts", "counts"}

    made = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and makes_counts(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    return {
        node.attr
        for node in _test_loads(tree)
        if isinstance(node, ast.Attribute)
        and (
            makes_counts(node.value) or (isinstance(node.value, ast.Name) and node.value.id in made)
        )
    }


def missing_steps(root: Path = ROOT, module=classification, package=evalmetrics) -> list[str]:
    """Every step a public metric of ``module`` lacks, as 'name: what to add where'."""
    tests = root / "tests"
    common = (tests / "test_common.py").read_text(encoding="utf-8")
    sheet = json.loads((root / "evalmetrics" / "formulas.json").read_text(encoding="utf-8"))
    records = [m for part in sheet["parts"] for m in part["metrics"]]
    api = (root / "reference" / "api.md").read_text(encoding="utf-8")
    hand_sources = [(tests / name).read_text(encoding="utf-8") for name in HAND]
    hand = set().union(*(package_uses(text, package.__name__) for text in hand_sources))
    hand_counts = set().union(*(counts_uses(text, package.__name__) for text in hand_sources))
    cross = set().union(
        *(
            package_uses(p.read_text(encoding="utf-8"), package.__name__, peer="sklearn")
            for p in sorted(tests.glob("test_crosscheck_*.py"))
        )
    )
    labels = set()
    for notebook in sorted((root / "chapters").glob("*.ipynb")):
        labels |= set(re.findall(r"\(([\w.:-]+)\)=", notebook.read_text(encoding="utf-8")))
    problems = []
    short = module.__name__.rsplit(".", 1)[-1]
    for name, function in vars(module).items():
        if (
            inspect.isfunction(function)
            and function.__module__ == module.__name__
            and function.__qualname__ == name
            and not name.startswith("_")
            and "y_true" in inspect.signature(function).parameters
            and name not in module.__all__
        ):
            problems.append(
                f"{short}.{name}: a public function taking y_true; add it to __all__ in"
                f" evalmetrics/{short}.py (or give it a leading underscore if it is a helper)"
            )
    for name in module.__all__:
        function = getattr(module, name)
        if not inspect.isfunction(function):
            continue
        key = f"{short}.{name}"

        def lacks(what: str) -> None:
            problems.append(f"{key}: {what}")  # noqa: B023 - called in this iteration only

        if name not in package.__all__:
            lacks("import it in evalmetrics/__init__.py and add it to evalmetrics.__all__")
        # Every public classification metric is a two-class metric with a Counts property
        # (CONTRIBUTING, "Add a metric"); e_measure and fbeta take beta, so theirs are methods.
        # A count ratio (in RATIOS) must be a property.
        attribute = inspect.getattr_static(package.Counts, name, None)
        if attribute is None or (name in _core.RATIOS and not isinstance(attribute, property)):
            lacks(
                "a Counts property of the same name in evalmetrics/confusion.py (a ratio:"
                " return self._rate(name); a metric with parameters: a method)"
            )
        if f'"{key}":' not in common.split("ZERO_DIVISION")[0]:
            lacks("an entry in REGISTRY in tests/test_common.py (RATIO_CASES for a ratio)")
        if "UndefinedMetricWarning" in (inspect.getdoc(function) or "") and (
            f'"{key}":' not in common.split("ZERO_DIVISION", 1)[-1]
        ):
            lacks("a ZeroDivisionCase in ZERO_DIVISION in tests/test_common.py")
        doc = inspect.getdoc(function) or ""
        warns = (
            doc.split("\nWarns\n-----\n", 1)[1].split("\n\n", 1)[0]
            if "\nWarns\n-----\n" in doc
            else ""
        )
        if "zero_division" in inspect.signature(function).parameters and (
            "UndefinedMetricWarning" not in warns
        ):
            lacks(
                "a Warns section in its docstring, after Raises, naming UndefinedMetricWarning"
                " and when it is raised (copy youden_j's)"
            )
        if "Examples\n--------" not in doc:
            lacks(
                "an Examples section in its docstring (Examples, then --------, then >>> lines"
                " the doctests run; copy youden_j's)"
            )
        record = [r for r in records if f"evalmetrics.{name}" in r.get("functions", [])]
        if not record:
            lacks("a record in evalmetrics/formulas.json whose functions list names it")
        else:
            chapters = record[0].get("chapter") or []
            if not chapters or not set(chapters) <= labels:
                lacks(
                    "formulas.json: its record's chapter must list labels a chapter defines"
                    f" (got {chapters!r})"
                )
        if f".. autofunction:: evalmetrics.{name}\n" not in api + "\n":
            lacks(f"'.. autofunction:: evalmetrics.{name}' in reference/api.md")
        if not (
            {f"{package.__name__}.{name}", f"{module.__name__}.{name}"} & hand
            or name in hand_counts
        ):
            lacks(
                "hand-computed values in tests/test_classification.py (or test_four_counts.py):"
                f" a module-level def test_... that calls it (em.{name}(...)) or reads it off a"
                f" Counts (em.counts(...).{name}); a mention in a comment or a string does not"
                " count"
            )
        if not {f"{package.__name__}.{name}", f"{module.__name__}.{name}"} & cross:
            lacks(
                "a cross-check against scikit-learn in a tests/test_crosscheck_*.py file: a"
                f" module-level def test_... that calls it (em.{name}(...)) or hands it to a"
                f" call ((em.{name}, sklearn_function) pairs), and reads a scikit-learn name"
                " (its function, or confusion_matrix for the four counts); a mention in a"
                " comment or a string, or a test that compares ours with ours, does not count"
            )
    return problems


def test_every_classification_metric_has_every_step():
    problems = missing_steps()
    assert not problems, "missing steps (CONTRIBUTING.md, Add a metric):\n" + "\n".join(problems)


def test_a_metric_added_by_half_is_reported_with_what_to_add(monkeypatch):
    """Can fail: a public metric known only to the classification module is reported once per
    missing step, each naming its file."""

    def half_added(y_true, y_pred, *, zero_division="warn"):
        """A planted ratio; UndefinedMetricWarning when its denominator is 0."""

    monkeypatch.setattr(classification, "half_added", half_added, raising=False)
    monkeypatch.setattr(classification, "__all__", [*classification.__all__, "half_added"])
    monkeypatch.setitem(_core.RATIOS, "half_added", ("planted", None, None, "TP + FP + FN"))
    found = [p for p in missing_steps() if p.startswith("classification.half_added")]
    where = [
        "evalmetrics/__init__.py",
        "evalmetrics/confusion.py",
        "REGISTRY in tests/test_common.py",
        "ZERO_DIVISION in tests/test_common.py",
        "a Warns section in its docstring",
        "an Examples section in its docstring",
        "evalmetrics/formulas.json",
        "reference/api.md",
        "tests/test_classification.py",
        "tests/test_crosscheck_*.py",
    ]
    assert len(found) == len(where), found
    for problem, place in zip(found, where, strict=True):
        assert place in problem, (problem, place)


def _root_with_crosscheck(tmp_path: Path, source: str, hand: str | None = None) -> Path:
    """A copy of the repository (links) whose only tests/test_crosscheck_*.py file is source,
    and whose tests/test_classification.py is hand when given."""
    tmp_path.mkdir()
    for folder in ("evalmetrics", "reference", "chapters"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    (tmp_path / "tests").mkdir()
    for name in ("test_common.py", *HAND):
        if name == HAND[0] and hand is not None:
            (tmp_path / "tests" / name).write_text(hand, encoding="utf-8")
        else:
            (tmp_path / "tests" / name).symlink_to(ROOT / "tests" / name)
    (tmp_path / "tests" / "test_crosscheck_planted.py").write_text(source, encoding="utf-8")
    return tmp_path


def _reported(key: str, root: Path) -> bool:
    """Whether missing_steps, run on the copy ``root``, lists the step ``key``."""
    return any(step.startswith(key) for step in missing_steps(root))


def _plant(monkeypatch, name: str, doc: str = "A planted metric.", listed: bool = True):
    """A public function name(y_true, y_pred) defined, as far as missing_steps can tell, in
    evalmetrics/classification.py; in its __all__ when listed."""

    def planted(y_true, y_pred):
        pass

    planted.__doc__, planted.__name__, planted.__qualname__ = doc, name, name
    planted.__module__ = classification.__name__
    monkeypatch.setattr(classification, name, planted, raising=False)
    if listed:
        monkeypatch.setattr(classification, "__all__", [*classification.__all__, name])


def test_hand_values_must_be_computed_in_a_test(tmp_path, monkeypatch):
    """Can fail: a comment, a string or a helper outside any test in a hand file is not a
    hand-computed value; a test that calls the metric or reads it off a Counts is."""
    _plant(monkeypatch, "fowlkes_mallows")
    key = "classification.fowlkes_mallows: hand-computed values"

    def reported(hand: str, where: Path) -> bool:
        return _reported(key, _root_with_crosscheck(where, "", hand=hand))

    mentions = (
        "import evalmetrics as em\n\n# em.fowlkes_mallows: 1/2 by hand, TODO\n"
        "NAMES = ['fowlkes_mallows']\n\n\n"
        "def _helper():\n    return em.fowlkes_mallows([1], [1])\n\n\n"
        "def test_other():\n    assert em.f1([1], [1]) == 1  # em.fowlkes_mallows\n"
    )
    assert reported(mentions, tmp_path / "mentions")
    calls = "import evalmetrics as em\n\n\ndef test_it():\n    em.fowlkes_mallows([1], [1])\n"
    assert not reported(calls, tmp_path / "calls")
    counts = (
        "import evalmetrics as em\nfrom evalmetrics import Counts\n\n"
        "C = Counts(tp=1, fp=0, tn=1, fn=0)\n\n\n"
        "def test_it():\n    assert C.fowlkes_mallows == 1\n\n\n"
        "def test_other():\n    assert em.counts([1], [1]).fowlkes_mallows == 1\n"
    )
    assert not reported(counts, tmp_path / "counts")
    assert counts_uses(counts) == {"fowlkes_mallows"}


def test_a_public_function_left_out_of_all_is_reported(monkeypatch):
    """Can fail: a public function of classification.py taking y_true, not in __all__."""
    _plant(monkeypatch, "unlisted_metric", listed=False)
    found = [p for p in missing_steps() if p.startswith("classification.unlisted_metric")]
    assert len(found) == 1 and "add it to __all__ in evalmetrics/classification.py" in found[0]


def test_a_metric_without_a_counts_attribute_or_examples_is_reported(monkeypatch):
    """Can fail: a metric that is not a count ratio still needs a Counts attribute, and every
    metric an Examples section; a docstring with one satisfies the second."""
    _plant(monkeypatch, "not_a_ratio", doc="A planted metric.\n\nExamples\n--------\n>>> 1\n1")
    found = [p for p in missing_steps() if p.startswith("classification.not_a_ratio")]
    assert any("a Counts property" in p and "evalmetrics/confusion.py" in p for p in found)
    assert not any("Examples" in p for p in found)
    monkeypatch.setattr(evalmetrics.Counts, "not_a_ratio", lambda self: 0.0, raising=False)
    monkeypatch.setattr(classification.not_a_ratio, "__doc__", "A planted metric.")
    found = [p for p in missing_steps() if p.startswith("classification.not_a_ratio")]
    assert not any("a Counts property" in p for p in found)
    assert any("an Examples section in its docstring" in p for p in found)


def test_a_cross_check_must_call_the_metric_in_a_test(tmp_path, monkeypatch):
    """Can fail: a comment, a string, a helper outside any test, a call of scikit-learn's
    function of the same name, or a test nested in a class is not a cross-check; a
    module-level test that calls the function is (through ``em.`` or a ``from`` import)."""

    def fowlkes_mallows(y_true, y_pred):
        """A planted metric."""

    monkeypatch.setattr(classification, "fowlkes_mallows", fowlkes_mallows, raising=False)
    monkeypatch.setattr(classification, "__all__", [*classification.__all__, "fowlkes_mallows"])
    mentions = (
        "import evalmetrics as em\n"
        "from sklearn.metrics import fowlkes_mallows_score as fowlkes_mallows\n\n"
        "# em.fowlkes_mallows: TODO\n"
        "CHECKED = ['fowlkes_mallows', 'em.fowlkes_mallows(y, y)']\n\n\n"
        "def _helper(y):\n    return em.fowlkes_mallows(y, y)\n\n\n"
        "class TestLater:\n    def test_it(self):\n        em.fowlkes_mallows([1], [1])\n\n\n"
        "def test_fowlkes_mallows_matches_sklearn():\n"
        "    em.fowlkes_mallows\n"
        "    assert fowlkes_mallows([1], [1]) == 1  # em.fowlkes_mallows\n"
    )
    key = "classification.fowlkes_mallows: a cross-check"

    def reported(source: str, where: Path) -> bool:
        return _reported(key, _root_with_crosscheck(where, source))

    assert reported(mentions, tmp_path / "mentions")
    calls = (
        "import evalmetrics as em\nfrom sklearn.metrics import fowlkes_mallows_score\n\n\n"
        "def test_it():\n"
        "    assert em.fowlkes_mallows([1], [1]) == fowlkes_mallows_score([1], [1])\n"
    )
    assert not reported(calls, tmp_path / "em")
    imported = (
        "from evalmetrics.classification import fowlkes_mallows as fm\n\n\n"
        "def test_it():\n    from sklearn.metrics import confusion_matrix\n\n"
        "    assert fm([1], [1]) == confusion_matrix([1], [1])[0, 0]\n"
    )
    assert not reported(imported, tmp_path / "imported")
    pairs = (
        "import evalmetrics as em\nimport sklearn.metrics as skm\n\n\n"
        "def test_it():\n"
        "    for ours, theirs in ((em.fowlkes_mallows, skm.fowlkes_mallows_score),):\n"
        "        assert ours([1], [1]) == theirs([1], [1])\n"
    )
    assert not reported(pairs, tmp_path / "pairs")
    # ours against ours (or a formula typed beside it) checks nothing against the peer
    alone = "import evalmetrics as em\n\n\ndef test_it():\n    em.fowlkes_mallows([1], [1])\n"
    assert reported(alone, tmp_path / "alone")
    ours_twice = (
        "import evalmetrics as em\nfrom sklearn.metrics import fowlkes_mallows_score\n\n\n"
        "def test_it():\n"
        "    assert em.fowlkes_mallows([1], [1]) == em.fowlkes_mallows([1], [1])\n\n\n"
        "def test_other():\n    assert fowlkes_mallows_score([1], [1]) == 1\n"
    )
    assert reported(ours_twice, tmp_path / "ours_twice")


def test_package_uses_reads_the_imports():
    source = (
        "import evalmetrics\nfrom evalmetrics import classification, f1 as eff\n"
        "from sklearn.metrics import recall_score as recall\n\n\n"
        "def test_a():\n    evalmetrics.npv(1, 1)\n    classification.mcc(1, 1)\n"
        "    eff(1, 1)\n    recall(1, 1)\n    evalmetrics.fbeta\n    'evalmetrics.accuracy'\n"
    )
    used = package_uses(source)
    assert {"evalmetrics.npv", "evalmetrics.classification.mcc", "evalmetrics.f1"} <= used
    assert not {"evalmetrics.fbeta", "evalmetrics.accuracy"} & used
    assert not any("recall" in name for name in used)


def _resolve_from(path: Path, node: ast.ImportFrom, package_dir: Path) -> str:
    """The absolute module name of a ``from ... import`` in the package file at path."""
    if node.level == 0:
        return node.module or ""
    parts = ["evalmetrics", *path.relative_to(package_dir).with_suffix("").parts]
    base = parts[: len(parts) - node.level]
    return ".".join([*base, *([node.module] if node.module else [])])


def names_taken_from_core(package_dir: Path) -> dict[str, list[str]]:
    """Each name that a module of the package (other than _core) imports from
    ``evalmetrics._core`` or reads as an attribute of it, with the files that do."""
    core = "evalmetrics._core"
    taken: dict[str, list[str]] = {}
    for path in sorted(package_dir.rglob("*.py")):
        if path == package_dir / "_core.py":
            continue
        where = f"evalmetrics/{path.relative_to(package_dir).as_posix()}"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = set()  # local names bound to the _core module itself
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = _resolve_from(path, node, package_dir)
                for name in node.names:
                    if source == core:
                        taken.setdefault(name.name, []).append(where)
                    elif f"{source}.{name.name}" == core:
                        modules.add(name.asname or name.name)
            elif isinstance(node, ast.Import):
                modules |= {name.asname for name in node.names if name.name == core}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _dotted(node.value) in modules:
                taken.setdefault(node.attr, []).append(where)
    return taken


def core_names_missing_from_all(package_dir: Path, core_all: list[str]) -> list[str]:
    return [
        f"{name} (imported by {', '.join(sorted(set(files)))})"
        for name, files in sorted(names_taken_from_core(package_dir).items())
        if name not in core_all
    ]


def test_every_name_taken_from_core_is_in_its_all():
    missing = core_names_missing_from_all(ROOT / "evalmetrics", _core.__all__)
    assert not missing, (
        "add these names to __all__ in evalmetrics/_core.py (other modules of the package import"
        " them from it): " + "; ".join(missing)
    )


def test_a_core_name_missing_from_all_is_reported(tmp_path):
    """Can fail: a name imported from _core in any of the forms, absent from __all__."""
    (tmp_path / "stats").mkdir()
    (tmp_path / "_core.py").write_text("def a(): ...\n", encoding="utf-8")
    (tmp_path / "curves.py").write_text(
        "from ._core import a, b as bee\nfrom . import _core\nx = _core.c\n", encoding="utf-8"
    )
    (tmp_path / "stats" / "_intervals.py").write_text(
        "from .._core import d\nfrom evalmetrics._core import e\nimport evalmetrics._core as k\n"
        "def f():\n    from .. import _core as core\n    return core.g, k.h\n",
        encoding="utf-8",
    )
    assert core_names_missing_from_all(tmp_path, ["a"]) == [
        "b (imported by evalmetrics/curves.py)",
        "c (imported by evalmetrics/curves.py)",
        "d (imported by evalmetrics/stats/_intervals.py)",
        "e (imported by evalmetrics/stats/_intervals.py)",
        "g (imported by evalmetrics/stats/_intervals.py)",
        "h (imported by evalmetrics/stats/_intervals.py)",
    ]
    assert core_names_missing_from_all(tmp_path, list("abcdegh")) == []
