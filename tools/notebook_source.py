"""Reading the book's notebooks as code: one home for what the tools and the build share.

- :func:`cell_text`: a cell's source as one string (nbformat stores a string or a list);
- :func:`python_source`: a code cell as plain Python, IPython's magics turned into calls and
  the Python cell magics (``%%capture``, ``%%time``) unwrapped;
- :func:`imported_modules`: the absolute modules a piece of Python imports, optionally leaving
  out the optional ones (inside a ``try`` that catches ``ImportError``), with
  :func:`optional_imports` the test of "optional";
- :data:`EXERCISE`, :data:`SOLUTION_START`, :data:`SOLUTION_END`: the lines that open an
  exercise and open and close its solution (sphinx-exercise's directives, in a backtick or a
  colon fence of any length), for every tool that finds exercises.

Used by ``tools/`` (the student edition, the assignments, the Lab copy, the cell-dependency
check), by ``_ext/fresh_notebooks.py`` (a notebook's inputs) and by the tests.
"""

from __future__ import annotations

import ast
import re

__all__ = [
    "EXERCISE",
    "PYTHON_CELL_MAGICS",
    "SOLUTION_END",
    "SOLUTION_START",
    "cell_text",
    "imported_modules",
    "optional_imports",
    "python_source",
]

# sphinx-exercise's directives as the chapters write them (``` or ::: fences of any length)
EXERCISE = re.compile(r"^\s*(?P<fence>`{3,}|:{3,})\s*\{exercise\}\s*(?P<title>.*?)\s*$")
SOLUTION_START = re.compile(r"^\s*(?P<fence>`{3,}|:{3,})\s*\{solution-start\}\s*(?P<label>\S+)?")
SOLUTION_END = re.compile(r"^\s*(?P<fence>`{3,}|:{3,})\s*\{solution-end\}")

# cell magics whose body is Python run in the notebook's namespace
PYTHON_CELL_MAGICS = ("%%capture", "%%time", "%%timeit", "%%prun")


def cell_text(cell: dict) -> str:
    """The cell's source as one string (nbformat allows a string or a list of lines)."""
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def python_source(source: str) -> str:
    """A code cell's source as Python: magics become calls, Python cell magics are unwrapped."""
    from IPython.core.inputtransformer2 import TransformerManager

    first, _, body = source.lstrip().partition("\n")
    if first.split(" ")[0] in PYTHON_CELL_MAGICS:
        source = body
    # line magics whose argument is a Python statement run in the namespace
    source = re.sub(r"^(\s*)%(?:time|timeit|prun)\s+", r"\1", source, flags=re.M)
    return TransformerManager().transform_cell(source)


def optional_imports(tree: ast.AST) -> set[int]:
    """ids of the nodes inside a ``try`` that catches ImportError (an optional import)."""
    guarded: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
            isinstance(handler.type, ast.Name)
            and handler.type.id in {"ImportError", "ModuleNotFoundError"}
            for handler in node.handlers
        ):
            for statement in node.body:
                guarded |= {id(inner) for inner in ast.walk(statement)}
    return guarded


def imported_modules(source: str, *, skip_optional: bool = False) -> set[str]:
    """The absolute module names a piece of Python imports, anywhere in it.

    ``import a.b`` gives ``a.b``; ``from a import b`` gives ``a`` and ``a.b`` (``b`` may be a
    name rather than a module: callers that care check which). Relative imports are left out,
    and with ``skip_optional`` so are the imports inside a ``try`` that catches ImportError.
    Source that does not parse gives the empty set.

    >>> sorted(imported_modules("import numpy as np\\nfrom evalmetrics import stats"))
    ['evalmetrics', 'evalmetrics.stats', 'numpy']
    >>> imported_modules("try:\\n    import scipy\\nexcept ImportError:\\n    pass",
    ...                  skip_optional=True)
    set()
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    skipped = optional_imports(tree) if skip_optional else set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    return found
