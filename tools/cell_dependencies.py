"""Which names a notebook's cells define and read: a static check that a copy without some
cells (the reader's copy without the hidden checks, the student edition without solutions)
still runs.

The book drops cells from a notebook in two places: the page hides cells tagged
``remove-cell`` (a reader who downloads the notebook and deletes them must still be able to run
it), and the student edition removes the solutions. A kept cell breaks if it reads a name that
only a dropped cell defines, and it silently computes something else if a dropped cell rebound a
name it reads. Both are visible without running anything: walk the cells in order, record for
each name the last cell that bound it, and report every kept cell that reads a name whose last
binding was in a dropped cell.

Reads and bindings come from Python's own ``symtable`` (so a function's local variables, a
comprehension's loop variable or a parameter are not mistaken for the notebook's names), after
IPython's input transformer has turned magics (``%%capture``, ``%matplotlib``) into Python. A
statement that both reads and binds a name (``x = x + 1``, ``for i in ...``) is taken to bind it
itself. What a dropped cell changes without binding a name (a module's state, a file) is outside
this check; the book's hidden cells only assert and glue.

Usage: ``python tools/cell_dependencies.py chapters/*.ipynb`` checks the reader's copies.
"""

from __future__ import annotations

import ast
import re
import symtable
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from notebook_source import python_source  # noqa: E402

HIDDEN_TAG = "remove-cell"


@dataclass(frozen=True)
class Cell:
    """A code cell: its source, whether the copy keeps it, and a label for messages."""

    source: str
    kept: bool
    label: str


def _global_reads(table: symtable.SymbolTable, top: bool) -> set[str]:
    """Names a scope reads from the notebook's namespace (module globals)."""
    names = set()
    for symbol in table.get_symbols():
        if symbol.is_referenced() and (top or symbol.is_global()):
            names.add(symbol.get_name())
    for child in table.get_children():
        names |= _global_reads(child, top=False)
    return names


def _bindings(table: symtable.SymbolTable) -> set[str]:
    names = {
        symbol.get_name()
        for symbol in table.get_symbols()
        if symbol.is_assigned() or symbol.is_imported() or symbol.is_namespace()
    }
    for child in table.get_children():
        for symbol in child.get_symbols():
            if symbol.is_declared_global() and symbol.is_assigned():
                names.add(symbol.get_name())
    return names


def statement_names(statement: ast.stmt) -> tuple[set[str], set[str], bool]:
    """(names read from the namespace, names bound in it, star import) for one statement."""
    code = ast.unparse(ast.Module(body=[statement], type_ignores=[]))
    table = symtable.symtable(code, "<cell>", "exec")
    star = isinstance(statement, ast.ImportFrom) and any(a.name == "*" for a in statement.names)
    return _global_reads(table, top=True), _bindings(table), star


def expression_reads(*nodes: ast.AST | None) -> set[str]:
    """Names the expressions read from the namespace (lambdas and comprehensions included)."""
    names: set[str] = set()
    for node in nodes:
        if node is None:
            continue
        table = symtable.symtable(ast.unparse(node), "<expr>", "eval")
        names |= _global_reads(table, top=True)
    return names


def _target_names(target: ast.AST) -> tuple[set[str], set[str]]:
    """(names read, names bound) by an assignment target: ``x`` binds x, ``x[i]`` reads x, i."""
    if isinstance(target, ast.Name):
        return set(), {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        reads, binds = set(), set()
        for element in target.elts:
            r, b = _target_names(element)
            reads, binds = reads | r, binds | b
        return reads, binds
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return expression_reads(target), set()  # attribute or subscript: reads the object


def statement_events(statement: ast.stmt) -> list[tuple[str, set[str]]]:
    """What a statement does to the namespace, in the order Python does it: ("read", names)
    and ("bind", names) events. ``x = f(x)`` reads x before binding it; ``x += 1`` and
    ``del x`` read x; a loop reads its iterable, binds its target, then runs its body. Other
    statements (definitions, ``match``) read what they read and then bind what they bind."""
    events: list[tuple[str, set[str]]] = []

    def body(statements: list[ast.stmt]) -> None:
        for inner in statements:
            events.extend(statement_events(inner))

    if isinstance(statement, ast.Assign):
        events.append(("read", expression_reads(statement.value)))
        for target in statement.targets:
            reads, binds = _target_names(target)
            events += [("read", reads), ("bind", binds)]
    elif isinstance(statement, ast.AnnAssign):
        reads, binds = _target_names(statement.target)
        events += [("read", expression_reads(statement.value) | reads), ("bind", binds)]
    elif isinstance(statement, ast.AugAssign):
        reads, binds = _target_names(statement.target)
        events.append(("read", expression_reads(statement.value) | reads | binds))
        events.append(("bind", binds))
    elif isinstance(statement, ast.Delete):
        events.append(("read", expression_reads(*statement.targets)))
    elif isinstance(statement, (ast.For, ast.AsyncFor)):
        reads, binds = _target_names(statement.target)
        events += [("read", expression_reads(statement.iter) | reads), ("bind", binds)]
        body(statement.body)
        body(statement.orelse)
    elif isinstance(statement, (ast.While, ast.If)):
        events.append(("read", expression_reads(statement.test)))
        body(statement.body)
        body(statement.orelse)
    elif isinstance(statement, (ast.With, ast.AsyncWith)):
        for item in statement.items:
            events.append(("read", expression_reads(item.context_expr)))
            if item.optional_vars is not None:
                reads, binds = _target_names(item.optional_vars)
                events += [("read", reads), ("bind", binds)]
        body(statement.body)
    elif isinstance(statement, ast.Try):
        body(statement.body)
        for handler in statement.handlers:
            events.append(("read", expression_reads(handler.type)))
            events.append(("bind", {handler.name} if handler.name else set()))
            body(handler.body)
        body(statement.orelse)
        body(statement.finalbody)
    elif isinstance(statement, (ast.Expr, ast.Return, ast.Raise, ast.Assert)):
        events.append(("read", statement_names(statement)[0]))
    else:
        reads, binds, _ = statement_names(statement)
        events += [("read", reads - binds), ("bind", binds)]
    return events


# code a dropped cell runs that the check cannot follow
OPAQUE = re.compile(r"^\s*%run\b|\bexec\(|\beval\(", re.M)


def unsatisfied_reads(cells: Sequence[Cell]) -> list[str]:
    """Every read in a kept cell whose name was last bound by a dropped cell, as a message."""
    last_binder: dict[str, Cell] = {}
    problems = []
    for cell in cells:
        if not cell.kept and OPAQUE.search(cell.source):
            problems.append(f"{cell.label} is dropped and runs code this check cannot follow")
        try:
            tree = ast.parse(python_source(cell.source))
        except SyntaxError as exc:
            problems.append(f"{cell.label}: cannot be parsed ({exc.msg}, line {exc.lineno})")
            continue
        captured = _capture_name(cell.source)
        for statement in tree.body:
            if isinstance(statement, ast.ImportFrom) and any(
                a.name == "*" for a in statement.names
            ):
                if not cell.kept:
                    problems.append(f"{cell.label} is dropped and star-imports: names unknown")
            for kind, names in statement_events(statement):
                if kind == "bind":
                    for name in names:
                        last_binder[name] = cell
                    continue
                if not cell.kept:
                    continue
                for name in sorted(names):
                    binder = last_binder.get(name)
                    if binder is not None and not binder.kept:
                        problems.append(
                            f"{cell.label} reads {name!r}, which the copy no longer defines: "
                            f"it was last set in {binder.label}, a dropped cell"
                        )
        if captured:
            last_binder[captured] = cell
    return problems


def _capture_name(source: str) -> str | None:
    """The variable ``%%capture out`` stores the captured output in, if any."""
    first = source.lstrip().split("\n", 1)[0].split()
    if first[:1] == ["%%capture"]:
        names = [word for word in first[1:] if not word.startswith("-")]
        return names[0] if names else None
    return None


def code_cells(notebook: dict) -> list[dict]:
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


def _source(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _label(index: int, cell: dict) -> str:
    first = next((line for line in _source(cell).splitlines() if line.strip()), "")
    return f"code cell {index} ({first.strip()[:50]!r})"


def readers_copy_cells(notebook: dict) -> list[Cell]:
    """The reader's copy: the cells tagged ``remove-cell`` are dropped."""
    return [
        Cell(
            _source(cell),
            HIDDEN_TAG not in cell.get("metadata", {}).get("tags", []),
            _label(i, cell),
        )
        for i, cell in enumerate(code_cells(notebook), start=1)
    ]


def edited_copy_cells(original: dict, copy: dict, inserted: Iterable[str] = ()) -> list[Cell]:
    """The original's code cells, marked kept where the copy has them (in order).

    The copy's code cells must be the original's in the same order, some dropped, plus cells
    whose source is in ``inserted`` (the student edition's empty "Your code here" cells).
    """
    inserted = set(inserted)
    remaining = [_source(cell) for cell in code_cells(copy) if _source(cell) not in inserted]
    cells, position = [], 0
    for index, cell in enumerate(code_cells(original), start=1):
        kept = position < len(remaining) and remaining[position] == _source(cell)
        position += kept
        cells.append(Cell(_source(cell), kept, _label(index, cell)))
    if position != len(remaining):
        raise ValueError(
            f"the copy has a code cell the original lacks: {remaining[position][:60]!r}"
        )
    return cells


def main(argv: Sequence[str] | None = None) -> int:
    import argparse
    import json

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", help="the notebooks whose reader's copy to check")
    failures = 0
    for path in parser.parse_args(argv).notebooks:
        notebook = json.loads(Path(path).read_text(encoding="utf-8"))
        for problem in unsatisfied_reads(readers_copy_cells(notebook)):
            print(f"{path}: {problem}")
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
