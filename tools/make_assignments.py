"""Write graded assignments from the chapters' exercises, in otter-grader's format.

Usage (``make assignments`` does this)::

    python tools/make_assignments.py                          # every chapter
    python tools/make_assignments.py --chapters 4 23         # some chapters
    python tools/make_assignments.py --exercises ch23-ex-bpref ch23-ex-new-system

For each chapter this writes a *master notebook* in otter-grader's assignment format (v1:
raw ``# ASSIGNMENT CONFIG``, ``# BEGIN QUESTION`` ... cells) generated from the chapter
notebook and its answer key, then runs otter-grader's own ``otter assign`` on it. Nothing of
otter's output format is written here; otter writes it. Under ``--out`` (default
``_build/assignments``)::

    chNN/master/chNN_<name>.ipynb       the generated master notebook (and what it needs)
    chNN/student/chNN_<name>.ipynb      what a student gets: statements, starter code,
                                        public tests only (otter assign)
    chNN/autograder/chNN_<name>.ipynb   the solutions notebook, for the teacher (otter assign)
    chNN/autograder/*-autograder_*.zip  the autograder to upload to Gradescope (otter assign)
    student-assignments.zip             every student notebook written by this run

What becomes what:

- the chapter's first code cell (its imports), without the widget imports, the self-check
  ``check`` and the imports nothing in the assignment uses, plus the chapter statements the
  exercises' solutions need (data, helper functions; found by following names through the
  cells, as ``tools/cell_dependencies.py`` does), is the set-up cell;
- an exercise with a key (``teacher/exercise_keys/chNN.json``, see :func:`load_keys`) is an
  autograded question: its statement in plain Markdown (MyST roles resolved, the "Check (...)"
  line replaced by a sentence naming the variables to set), an answer cell ``part = ...``
  per part, one public test per question (0 points: every part graded by the same rule as
  the hidden tests, through the student's package, so otter says "passed" only when all are
  right) and one hidden test per part that grades it by the self-check's rule
  (:data:`evalmetrics.exercises.RULE`, "give three decimals", and the key's hints as feedback),
  calling :func:`evalmetrics.exercises.grade_hashed` of the autograder's own copy of the
  package, loaded afresh so that a submission cannot replace it (see :data:`RULE_PATHS`),
  with the part's salted tokens (the package's), so that the test holds no answer in plain.
  The solution, in the
  teacher's notebook only, is the chapter's solution code followed by ``part = expression``
  lines taken from the hidden ``check(...)`` call of the chapter;
- an exercise without a key (a written one) is a manually graded question with a Markdown
  answer cell; its solution text goes only to the teacher's notebook.

MyST in a statement becomes plain Markdown: ``{ref}`text <label>``` is its text,
``{ref}`label``` the section's title when the label is in the chapter (else "the book"),
``{cite}`` is dropped, ``{term}`` and ``{math}`` keep their text, math stays, and
``{glue:text}`key:fmt``` is the value from the book's executed copy of the chapter (when it is
newer than the chapter and the package); without one, a statement fails naming the exercise,
and a solution's text (the teacher's notebook) shows a placeholder.

Points: 1 per numeric part and 1 per written exercise, unless the exercise's Markdown cell
sets them in its metadata: ``"exercise": {"points": {"bpref": 2}}`` (per part) or
``"exercise": {"points": 3}`` (a written exercise). A cell holding several exercises keys them
by label: ``"exercise": {"ch23-ex-bpref": {"points": {"bpref": 2}}}``.

Each part's variable is ``<exercise>_<part>`` (``auc`` of ``ch08-ex-hard-scores`` ->
``hard_scores_auc``; a part already named after its exercise keeps its name, and ``answer``
is the exercise's short name): unique, the same in every assignment, and never a bare name
such as ``auc`` that scratch code reuses (:func:`variable_name`); the statement names it.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import json
import keyword
import re
import shutil
import sys
import time
import zipfile
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from cell_dependencies import statement_events  # noqa: E402
from notebook_source import (  # noqa: E402
    EXERCISE,
    SOLUTION_END,
    SOLUTION_START,
    cell_text,
    imported_modules,
    python_source,
)

#: Where the plain answer keys live: the teacher's folder first, then the package (older trees).
KEY_FOLDERS = (ROOT / "teacher" / "exercise_keys", ROOT / "evalmetrics" / "exercise_keys")
DEFAULT_DECIMALS = 3
HASHED_FORMAT = "evalmetrics-exercise-key-sha256-1"

FENCE = re.compile(r"^\s*(?P<fence>`{3,}|~{3,}|:{3,})\s*(?P<info>.*?)\s*$")
OPTION = re.compile(r"^:(?P<name>[\w-]+):\s*(?P<value>.*)$")
ROLE = re.compile(r"\{(?P<role>[a-z][\w:-]*)\}`(?P<content>[^`]*)`")
EXPLICIT = re.compile(r"^(?P<text>.+?)\s*<(?P<target>[^<>]+)>$", re.S)
CHECK_LINE = re.compile(r"Check\s*\((?P<form>.*?)\)\s*:\s*`check\([^`]*\)`\.?", re.S)
HEADING = re.compile(r"^#\s+(?P<title>.+?)\s*$", re.M)
CODE_WORD = re.compile(r"`([A-Za-z_]\w*)`")
LABEL_LINE = re.compile(r"^\s*\([\w:.-]+\)=\s*$")

#: Imports the assignment never keeps: live widgets, and the self-check (the grader replaces it).
DROPPED_MODULES = ("evalmetrics.widgets", "evalmetrics.explorer", "ipywidgets")
DROPPED_NAMES = {("evalmetrics.exercises", "check"), ("evalmetrics", "widgets")}
#: Names the set-up keeps even when no solution uses them (what students compute with).
ALWAYS_KEPT = {"np", "em", "ranking", "st", "math", "Fraction"}
#: What a ``{glue:text}`` in a solution's text becomes when no fresh executed copy holds it.
UNRESOLVED_PLACEHOLDER = "(computed by the solution code)"


class AssignmentError(RuntimeError):
    """Something in a chapter or a key that the assignment cannot be built from."""


# --- the answer key -------------------------------------------------------------------------


def _decimals_from_tolerance(tolerance: float) -> int:
    """The fewest decimals whose half unit covers an older key's absolute ``tolerance``."""
    half_width = Fraction(tolerance)
    decimals = 0
    while half_width > 0 and Fraction(1, 2 * 10**decimals) > half_width * (1 + Fraction(1, 10**9)):
        decimals += 1
    return decimals


def load_keys(folders: tuple[Path, ...] | None = None) -> dict[str, dict]:
    """Every exercise's plain key: ``{id: {"parts": ..., "decimals": int, "hints": [...]}}``.

    The one place the assignments read answers from. The plain keys are read from the first of
    ``teacher/exercise_keys/`` and ``evalmetrics/exercise_keys/`` that exists (the package
    ships hashed keys once the plain ones live in ``teacher/``), one ``chNN.json`` per chapter:
    ``{"chNN-ex-name": {"parts": {"part": 0.25, "other": null}, "decimals": 3,
    "hints": [{"part": "part", "value": 0.5, "hint": "..."}]}}``. ``null`` means undefined
    (0/0); ``decimals`` defaults to 3; an older key's ``tolerance`` (without ``decimals``)
    becomes the fewest decimals whose half unit it covers.
    """
    folders = KEY_FOLDERS if folders is None else folders
    folder = next((f for f in folders if f.is_dir()), None)
    if folder is None:
        raise AssignmentError(f"no answer keys: none of {[str(f) for f in folders]} exists")
    keys: dict[str, dict] = {}
    for path in sorted(folder.glob("*.json")):
        chapter = json.loads(path.read_text(encoding="utf-8"))
        if chapter.get("format") == HASHED_FORMAT or "exercises" in chapter:
            raise AssignmentError(
                f"{path} is a hashed key (it holds no values); the plain keys belong in "
                f"{KEY_FOLDERS[0].relative_to(ROOT)}/"
            )
        for exercise_id, spec in chapter.items():
            if exercise_id in keys:
                raise AssignmentError(f"exercise {exercise_id!r} appears twice in the keys")
            parts = spec.get("parts")
            if not isinstance(parts, dict) or not parts:
                raise AssignmentError(f"{path.name}: exercise {exercise_id!r} has no parts")
            if "decimals" in spec or "tolerance" not in spec:
                decimals = spec.get("decimals", DEFAULT_DECIMALS)
            else:
                decimals = _decimals_from_tolerance(spec["tolerance"])
            if isinstance(decimals, bool) or not isinstance(decimals, int) or decimals < 0:
                raise AssignmentError(f"{path.name}: {exercise_id}: bad decimals {decimals!r}")
            hints = []
            for hint in spec.get("hints", []):
                if hint["part"] not in parts:
                    raise AssignmentError(
                        f"{path.name}: {exercise_id}: a hint names the unknown part "
                        f"{hint['part']!r}"
                    )
                hints.append({"part": hint["part"], "value": hint["value"], "hint": hint["hint"]})
            keys[exercise_id] = {"parts": dict(parts), "decimals": decimals, "hints": hints}
    return keys


# --- reading a chapter ----------------------------------------------------------------------


def _closes(line: str, fence: str) -> bool:
    match = re.match(r"^\s*(`{3,}|~{3,}|:{3,})\s*$", line)
    return bool(match) and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence)


@dataclass
class Exercise:
    """One exercise of a chapter, as the chapter notebook holds it."""

    label: str
    chapter: str
    cell: int  # index of the Markdown cell that opens it
    title: str = ""
    statement: str = ""  # the MyST body, options removed
    solution_text: list[str] = field(default_factory=list)
    solution_cells: list[int] = field(default_factory=list)
    check_cell: int | None = None
    key: dict | None = None
    parts: dict[str, str] = field(default_factory=dict)  # part -> expression (source)
    check_statement: int = 0  # index of the statement holding check(...) in the check cell
    points: dict[str, float] | float | None = None
    written: float | None = None  # points of a checked exercise's written part, if it has one

    @property
    def short(self) -> str:
        return re.sub(r"^ch\d+-ex-", "", self.label).replace("-", "_")


def _exercise_points(cell: dict, labels_here: list[str], label: str, key: str = "points") -> object:
    """The ``key`` ("points", or "written": the points of a checked exercise's written part)
    that the cell's metadata gives ``label`` (None: the defaults)."""
    meta = cell.get("metadata", {}).get("exercise")
    if meta is None:
        return None
    if not isinstance(meta, dict):
        raise AssignmentError(f"{label}: metadata 'exercise' must be an object, got {meta!r}")
    if label in meta:
        meta = meta[label]
    elif any(name in meta for name in labels_here):
        return None  # keyed by label, and not for this one
    elif len(labels_here) > 1:
        raise AssignmentError(
            f"{label}: the cell holds several exercises; key its metadata 'exercise' by label"
        )
    return meta.get(key) if isinstance(meta, dict) else None


def read_exercises(notebook: dict, chapter: str) -> list[Exercise]:
    """The exercises of a chapter notebook in order, with their solutions and check cells."""
    cells = notebook["cells"]
    exercises: list[Exercise] = []
    by_label: dict[str, Exercise] = {}
    solution: Exercise | None = None
    after_solution = False
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "code":
            tags = cell.get("metadata", {}).get("tags", [])
            if solution is not None:
                solution.solution_cells.append(index)
            elif after_solution is not False and "remove-cell" in tags:
                after_solution.check_cell = index
            after_solution = False
            continue
        if cell["cell_type"] != "markdown":
            continue
        after_solution = False
        lines = cell_text(cell).splitlines()
        labels_here = [m.group(1) for m in re.finditer(r"^:label:\s*(\S+)", cell_text(cell), re.M)]
        i = 0
        while i < len(lines):
            line = lines[i]
            if solution is not None:
                end = SOLUTION_END.match(line)
                if end:
                    i += 1
                    if i < len(lines) and _closes(lines[i], end.group("fence")):
                        i += 1
                    after_solution, solution = solution, None
                    continue
                solution.solution_text.append(line)
                i += 1
                continue
            opening = EXERCISE.match(line)
            if opening:
                fence = opening.group("fence")
                i += 1
                options, body, depth = {}, [], []
                while i < len(lines) and OPTION.match(lines[i]):
                    option = OPTION.match(lines[i])
                    options[option.group("name")] = option.group("value").strip()
                    i += 1
                while i < len(lines):
                    current = lines[i]
                    if depth and _closes(current, depth[-1]):
                        depth.pop()
                    elif not depth and _closes(current, fence):
                        break
                    else:
                        inner = FENCE.match(current)
                        if inner and inner.group("info"):
                            depth.append(inner.group("fence"))
                    body.append(current)
                    i += 1
                if i == len(lines):
                    raise AssignmentError(f"chapter {chapter}: an exercise is never closed")
                i += 1
                label = options.get("label")
                if not label:
                    raise AssignmentError(f"chapter {chapter}: an exercise has no :label:")
                exercise = Exercise(
                    label=label,
                    chapter=chapter,
                    cell=index,
                    title=opening.group("title"),
                    statement="\n".join(body).strip("\n"),
                    points=_exercise_points(cell, labels_here, label),
                    written=_exercise_points(cell, labels_here, label, "written"),
                )
                exercises.append(exercise)
                by_label[label] = exercise
                continue
            start = SOLUTION_START.match(line)
            if start:
                label = start.group("label")
                if label not in by_label:
                    raise AssignmentError(f"chapter {chapter}: solution of unknown {label!r}")
                solution = by_label[label]
                fence = start.group("fence")
                i += 1
                while i < len(lines) and OPTION.match(lines[i]):
                    i += 1
                if i < len(lines) and _closes(lines[i], fence):
                    i += 1
                continue
            i += 1
        if solution is not None:
            solution.solution_text.append("")  # a cell boundary inside the solution
    if solution is not None:
        raise AssignmentError(f"chapter {chapter}: the solution of {solution.label} never ends")
    return exercises


def _is_check_call(node: ast.AST, label: str) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "check"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == label
    )


def read_check(exercise: Exercise, source: str) -> None:
    """``exercise.parts``: each part's expression, from the hidden cell's ``assert check(...)``.

    The first ``assert check("id", ...)`` (not ``assert not check``) is the one that accepts
    the solution; its keyword arguments name the parts (``**mapping`` gives
    ``mapping["part"]`` for each part of the key; a positional value is the part ``answer``).
    """
    tree = ast.parse(python_source(source))
    found = [
        (position, statement.test)
        for position, statement in enumerate(tree.body)
        if isinstance(statement, ast.Assert) and _is_check_call(statement.test, exercise.label)
    ]
    if not found:
        raise AssignmentError(
            f"{exercise.label}: its hidden cell has no `assert check({exercise.label!r}, ...)`"
        )
    position, call = found[0]
    key_parts = list(exercise.key["parts"])
    parts: dict[str, str] = {}
    if len(call.args) > 2:
        raise AssignmentError(f"{exercise.label}: check() is given more than one answer")
    if len(call.args) == 2:
        parts["answer"] = ast.unparse(call.args[1])
    for keyword_arg in call.keywords:
        if keyword_arg.arg is None:
            mapping = ast.unparse(keyword_arg.value)
            if not isinstance(keyword_arg.value, ast.Name):
                mapping = f"({mapping})"
            for part in key_parts:
                parts.setdefault(part, f"{mapping}[{part!r}]")
        else:
            parts[keyword_arg.arg] = ast.unparse(keyword_arg.value)
    if set(parts) != set(key_parts):
        raise AssignmentError(
            f"{exercise.label}: the hidden check gives {sorted(parts)}, the key has {key_parts}"
        )
    exercise.parts = {part: parts[part] for part in key_parts}
    exercise.check_statement = position


# --- following names through the cells ------------------------------------------------------


@dataclass
class Statement:
    """One top-level statement of a code cell, with what it reads and binds."""

    cell: int
    index: int
    kind: str  # setup, chapter, hidden, solution:<label>, check:<label>
    node: ast.stmt
    text: str
    reads: set[str]
    binds: set[str]

    @property
    def position(self) -> tuple[int, int]:
        return (self.cell, self.index)


BUILTINS = set(dir(builtins))


def _external_reads(node: ast.stmt) -> tuple[set[str], set[str]]:
    reads, binds = set(), set()
    for kind, names in statement_events(node):
        if kind == "read":
            reads |= names - binds
        else:
            binds |= names
    return reads - BUILTINS, binds


def _is_glue(node: ast.stmt) -> bool:
    if isinstance(node, ast.ImportFrom) and any(a.name == "glue" for a in node.names):
        return True
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        func = node.value.func
        return isinstance(func, ast.Name) and func.id == "glue"
    if isinstance(node, ast.For):  # for name, value in ...: glue(...)
        return all(_is_glue(inner) for inner in node.body)
    return False


def _statement_text(source: str, node: ast.stmt) -> str:
    lines = source.splitlines()
    decorated = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    decorators = node.decorator_list if isinstance(node, decorated) else []
    first = min([node.lineno, *(d.lineno for d in decorators)])
    return "\n".join(lines[first - 1 : node.end_lineno])


def chapter_statements(notebook: dict, exercises: list[Exercise]) -> list[Statement]:
    """Every top-level statement of the chapter's code cells, classified by where it lives."""
    owner: dict[int, str] = {}
    for exercise in exercises:
        for index in exercise.solution_cells:
            owner[index] = f"solution:{exercise.label}"
        if exercise.check_cell is not None:
            owner[exercise.check_cell] = f"check:{exercise.label}"
    statements: list[Statement] = []
    first_code = None
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        if first_code is None:
            first_code = index
        tags = cell.get("metadata", {}).get("tags", [])
        if index == first_code:
            kind = "setup"
        elif index in owner:
            kind = owner[index]
        elif "remove-cell" in tags:
            kind = "hidden"
        else:
            kind = "chapter"
        source = python_source(cell_text(cell))
        try:
            tree = ast.parse(source)
        except SyntaxError as error:
            raise AssignmentError(f"code cell {index} cannot be parsed: {error}") from None
        for position, node in enumerate(tree.body):
            if _is_glue(node) or isinstance(node, ast.Assert):
                continue
            reads, binds = _external_reads(node)
            statements.append(
                Statement(index, position, kind, node, _statement_text(source, node), reads, binds)
            )
    return statements


def _mutates(node: ast.stmt, name: str) -> bool:
    """Whether a statement changes ``name`` in place without binding it (``x.fit(...)``,
    ``x[i] = ...``, ``x.attr = ...``)."""
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        func = node.value.func
        return (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id == name
        )
    targets = node.targets if isinstance(node, ast.Assign) else []
    for target in targets:
        if isinstance(target, (ast.Subscript, ast.Attribute)):
            base = target.value
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                base = base.value
            if isinstance(base, ast.Name) and base.id == name:
                return True
    return False


class Slicer:
    """Finds the statements an exercise's code needs that the assignment does not yet hold."""

    def __init__(self, statements: list[Statement]):
        self.statements = statements
        self.included: set[tuple[int, int]] = {s.position for s in statements if s.kind == "setup"}

    def last_binder(self, name: str, before: tuple[int, int]) -> Statement | None:
        found = None
        for statement in self.statements:
            if statement.position >= before:
                break
            if name in statement.binds:
                found = statement
        return found

    def need(self, names: set[str], before: tuple[int, int], label: str) -> list[Statement]:
        """The statements (not yet included) that bind ``names`` as seen at ``before``,
        with everything they need in turn, and the in-place changes of what they bind."""
        added: list[Statement] = []
        pending = [(name, before) for name in sorted(names)]
        while pending:
            name, at = pending.pop()
            binder = self.last_binder(name, at)
            if binder is None:
                raise AssignmentError(
                    f"{label}: the solution reads {name!r}, which no earlier cell of the "
                    "chapter binds"
                )
            if binder.position in self.included:
                continue
            self.included.add(binder.position)
            added.append(binder)
            pending += [(read, binder.position) for read in sorted(binder.reads)]
            for later in self.statements:
                if binder.position < later.position < before and later.cell == binder.cell:
                    if later.position not in self.included and any(
                        _mutates(later.node, bound) for bound in binder.binds
                    ):
                        self.included.add(later.position)
                        added.append(later)
                        pending += [(read, later.position) for read in sorted(later.reads)]
        return sorted(added, key=lambda s: s.position)


# --- MyST to plain Markdown -----------------------------------------------------------------


@dataclass
class Context:
    """What resolving the roles of one chapter needs."""

    path: Path
    labels: dict[str, tuple[str, str]]  # label -> (page, title)
    glue: dict[str, str] | None  # key -> text/plain of the executed chapter; None: not available
    glue_of: object  # path -> dict or None, for ``doc::key``


def _format_glue(text: str, fmt_spec: str) -> str:
    from myst_nb.core.variables import format_plain_text

    return format_plain_text(text, fmt_spec)


def plain_markdown(text: str, context: Context, where: str, *, strict: bool) -> str:
    """MyST text as plain Markdown: roles resolved, directive fences dropped, math kept.

    ``strict`` (statements): a ``{glue:text}`` value that is not available fails, naming
    ``where``; otherwise (solution text) it becomes a placeholder.
    """
    from make_lab import split_glue

    rel_page = f"chapters/{context.path.name}"

    def role(match: re.Match) -> str:
        name, content = match.group("role"), match.group("content")
        explicit = EXPLICIT.match(content)
        if name in {"cite", "cite:p", "cite:ps", "cite:cts"}:
            return "\x00"  # removed with the space before it
        if name == "cite:t":
            from make_lab import citations

            rendered = citations()
            return "; ".join(rendered[key.strip()][1] for key in content.split(","))
        if name == "term":
            return " ".join((explicit.group("text") if explicit else content).split())
        if name == "math":
            return f"${content}$"
        if name in {"ref", "numref"}:
            text, label = (
                (explicit.group("text"), explicit.group("target").strip())
                if explicit
                else (None, content.strip())
            )
            page, title = context.labels.get(label, (None, None))
            here = page == rel_page
            if text:
                if name == "numref":
                    text = text.replace("%s", title or "").replace("{number}", title or "")
                return " ".join(text.split())
            return f"“{' '.join(title.split())}”" if here and title else "the book"
        if name == "doc":
            return " ".join(explicit.group("text").split()) if explicit else "the book"
        if name == "glue:text":
            document, key, fmt_spec = split_glue(content)
            values = context.glue
            if document:
                values = context.glue_of((context.path.parent / document).resolve())
            if values is None or key not in values:
                if strict:
                    raise AssignmentError(
                        f"{where}: the statement shows the glued value {key!r}, and no "
                        f"executed copy of {context.path.name} that is newer than the chapter "
                        "and the package holds it; build the book first (make book)"
                    )
                return UNRESOLVED_PLACEHOLDER
            return _format_glue(values[key], fmt_spec)
        raise AssignmentError(f"{where}: the role {{{name}}} has no plain-Markdown form here")

    out: list[str] = []
    fences: list[tuple[str, bool]] = []  # open fences: (fence, kept as a code block)
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fences and _closes(line, fences[-1][0]):
            _, kept = fences.pop()
            if kept:
                out.append(line)
            i += 1
            continue
        if fence and fence.group("info").startswith("{"):
            directive = re.match(r"\{([\w-]+)\}\s*(.*)", fence.group("info"))
            name, argument = directive.group(1), directive.group(2)
            i += 1
            while i < len(lines) and OPTION.match(lines[i]):
                i += 1
            if name in {"code-block", "code", "code-cell", "sourcecode"}:
                out.append(f"{fence.group('fence')[0] * 3}{argument}")
                fences.append((fence.group("fence"), True))
            elif name == "math":
                out.append("$$")
                fences.append((fence.group("fence"), False))
                # the closing fence becomes $$ too
                depth = len(fences)
                body = []
                while i < len(lines) and not (
                    len(fences) == depth and _closes(lines[i], fences[-1][0])
                ):
                    body.append(lines[i])
                    i += 1
                out.extend(body)
                out.append("$$")
                fences.pop()
                i += 1
            elif not strict:
                fences.append((fence.group("fence"), False))  # keep the content, drop the fence
                if argument:
                    out.append(f"**{argument}**")
            else:
                raise AssignmentError(f"{where}: the directive {{{name}}} in a statement")
            continue
        if fence and fence.group("info") and not fence.group("info").startswith("{"):
            fences.append((fence.group("fence"), True))  # a code block: copied as it is
            out.append(line)
            i += 1
            continue
        if fence and not fence.group("info") and not fences:
            fences.append((fence.group("fence"), True))
            out.append(line)
            i += 1
            continue
        in_code = any(kept for _, kept in fences) and fences[-1][1]
        if not in_code and LABEL_LINE.match(line):
            i += 1
            continue
        out.append(line if in_code else ROLE.sub(role, line))
        i += 1
    result = "\n".join(out)
    result = re.sub(r"[ \t]*\x00", "", result)
    return re.sub(r"\n{3,}", "\n\n", result).strip("\n")


def _and_plain(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def set_sentence(exercise_id: str, variables: list[str], parts: list[str] | None = None) -> str:
    """The sentence that replaces a "Check (...)" line, in :func:`form_phrase`'s words:
    "Set `bpref` and `ap` to numbers to three decimals (or as exact fractions)." A variable
    that does not end with its part's name (``rr_vs_ap_a`` for ``ap_a``, where the words the
    exercise and the part share are merged) is followed by the part's name, as the statement
    and ``check()`` call it: "`rr_vs_ap_a` (ap_a)". Only the names that are the exercise's
    short name and the part's, joined whole (or the part alone), go without it."""
    from evalmetrics.exercises import form_phrase

    form = form_phrase(exercise_id).removeprefix("give ")
    if len(variables) == 1:
        form = re.sub(r"^(whole )?numbers\b", lambda m: f"a {m.group(1) or ''}number", form)
    named = [f"`{v}`" for v in variables]
    short = re.sub(r"^ch\d+-ex-", "", exercise_id).replace("-", "_")
    for i, (variable, part) in enumerate(zip(variables, parts or [], strict=False)):
        plain = {part, f"{short}_{part}"} if part != "answer" else {short}
        if part != "answer" and variable.removesuffix("_answer") not in plain:
            named[i] += f" ({part})"
    return f"Set {_and_plain(named)} to {form}."


# --- the master notebook --------------------------------------------------------------------


def _raw(text: str) -> dict:
    return {"cell_type": "raw", "metadata": {}, "source": text.strip("\n") + "\n"}


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text.strip("\n") + "\n"}


def _code(text: str) -> dict:
    return {
        "cell_type": "code",
        "metadata": {},
        "source": text.strip("\n") + "\n",
        "outputs": [],
        "execution_count": None,
    }


def _points(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise AssignmentError(f"{where}: points must be a positive number, got {value!r}")
    return value


def part_points(exercise: Exercise) -> dict[str, float]:
    """Points per part: 1 each, or the cell metadata's ``exercise.points`` mapping."""
    points = {part: 1 for part in exercise.key["parts"]}
    given = exercise.points
    if given is None:
        return points
    if not isinstance(given, dict):
        raise AssignmentError(
            f"{exercise.label}: give the points of a checked exercise per part, "
            f'e.g. {{"points": {{"{next(iter(points))}": 2}}}}'
        )
    for part, value in given.items():
        if part not in points:
            raise AssignmentError(f"{exercise.label}: points for the unknown part {part!r}")
        points[part] = _points(value, exercise.label)
    return points


def manual_points(exercise: Exercise) -> float:
    given = exercise.points
    return 1 if given is None else _points(given, exercise.label)


SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z($])")
WRITTEN_WORDS = re.compile(r"\b(why|which|compare|say|show|explain|must|always|does|do|is)\b", re.I)
NUMERIC_START = re.compile(  # a question that asks for a number: "What is", "At which K"
    r"^(\([a-z]\)\s*)?(finally,\s*|and\s+)?(what|how many|how much|(for|at|up to|below|above)"
    r" which)\b",
    re.I,
)


def written_prompt(exercise: Exercise, statement: str) -> str:
    """The written part of a checked exercise, quoted from its statement: its sentences that
    ask in words (a question, or a request to say, show, compare or explain) and not for a
    number ("What is ...", "How many ...", "At which K ...")."""
    body = " ".join(CHECK_LINE.sub("", statement).split())
    sentences = [
        sentence
        for sentence in SENTENCE_END.split(body)
        if ("?" in sentence or re.search(r"\b(say|show|compare|explain)\b", sentence, re.I))
        and WRITTEN_WORDS.search(sentence)
        and not NUMERIC_START.search(sentence)
    ]
    if not sentences:
        raise AssignmentError(
            f"{exercise.label}: its metadata gives a written part, but its statement asks no"
            " question in words (a sentence ending in '?', or one asking to say, show,"
            " compare or explain, that does not ask what, how many or at which)"
        )
    return " ".join(sentences)


def written_part(exercise: Exercise, heading: str, statement: str, solution: str) -> list[dict]:
    """A checked exercise's written part: a manually graded question of its own after the
    autograded one, quoting what the statement asks in words; the book's solution text goes
    to the teacher's notebook."""
    points = _points(exercise.written, exercise.label)
    prompt = written_prompt(exercise, statement)
    return [
        _raw(f"# BEGIN QUESTION\nname: {exercise.label}-written\nmanual: true\npoints: {points:g}"),
        _markdown(f"## {heading}, in words\n\nAnswer in a few sentences: {prompt}"),
        _raw("# BEGIN SOLUTION"),
        _markdown(solution or "*(The chapter gives no written solution.)*"),
        _raw("# END SOLUTION"),
        _raw("# END QUESTION"),
    ]


#: Where a test finds the grading rule: the autograder's own copy of the package first (in
#: otter's grading folder the tests run in ``submission/``, and the autograder's files lie
#: untouched in ``source/files/``, out of an upload's reach; a folder named ``evalmetrics`` in
#: an upload would take the place of the copy in ``submission/``: read from source,
#: ucbds-infra/otter-grader 7.0.0, otter/run/run_autograder/runners/abstract_runner.py,
#: ``prepare_files``), then the package beside the working folder (``otter assign``'s own
#: grading of the solutions and the book's tests). The module is loaded afresh from that file
#: under a name of its own, so a submission that replaces a function of the imported
#: ``evalmetrics.exercises`` changes nothing.
RULE_PATHS = ("../source/files/evalmetrics/exercises.py", "evalmetrics/exercises.py")


def _load_rule_lines() -> str:
    """Statements (inside a test function) that bind ``_rule``: a fresh copy of
    :mod:`evalmetrics.exercises` loaded from the first of :data:`RULE_PATHS` that exists."""
    return f"""    import importlib.util
    import os
    import sys

    _path = next((p for p in {RULE_PATHS!r} if os.path.isfile(p)), None)
    if _path is None:
        raise FileNotFoundError("the autograder's copy of evalmetrics is missing")
    _spec = importlib.util.spec_from_file_location("_evalmetrics_grading_rule", _path)
    _rule = importlib.util.module_from_spec(_spec)
    sys.modules[_spec.name] = _rule  # while it runs (dataclasses look the module up)
    try:
        _spec.loader.exec_module(_rule)
    finally:
        del sys.modules[_spec.name]"""


def hashed_part(exercise_id: str, key: dict, part: str, salt: str | None = None) -> dict:
    """One part's entry as the package's hashed key stores it (salted tokens of the correct
    roundings, of the finer ones and of the hints' values), with that part's
    hints: what a test compares against. The salt is the chapter's, so the tokens are the
    package's."""
    from hash_keys import salt_for

    from evalmetrics.exercises import hashed_entry

    salt = salt or salt_for(exercise_id.split("-ex-")[0])
    entry = hashed_entry(exercise_id, key, salt=salt)
    hints = [
        {k: h[k] for k in ("tokens", "finer", "hint")} for h in entry["hints"] if h["part"] == part
    ]
    return {"salt": salt, **entry["parts"][part], "hints": hints}


def _grading_call(variable: str, exercise_id: str, part: str, entry: dict, decimals: int) -> str:
    """The call of :func:`evalmetrics.exercises.grade_hashed` for one part (``_rule`` bound)."""
    stored = {k: v for k, v in entry.items() if k != "salt"}
    return (
        f"_rule.grade_hashed({variable}, entry={stored!r}, exercise_id={exercise_id!r}, "
        f"part={part!r}, salt={entry['salt']!r}, decimals={decimals}, name={variable!r})"
    )


def hidden_test(
    variable: str, exercise_id: str, part: str, entry: dict, decimals: int, points
) -> str:
    """A hidden test: the part graded by :func:`evalmetrics.exercises.grade_hashed` (what
    ``check()`` runs) against the part's hashed entry (:func:`hashed_part`), so the test holds
    no answer in plain; the rule is the autograder's own copy, loaded afresh (see
    :data:`RULE_PATHS`); its feedback line is the assertion message."""
    return f'''""" # BEGIN TEST CONFIG
hidden: true
points: {points}
""" # END TEST CONFIG
def test_{variable}({variable}):
    try:
{_indent(_load_rule_lines())}
        _right, _feedback = {_grading_call(variable, exercise_id, part, entry, decimals)}
    except TypeError as _error:  # "bpref must be ...": the assertion names the part once
        _right, _feedback = False, str(_error).removeprefix({variable!r} + " ")
    except Exception as _error:
        _right, _feedback = False, f"could not be graded ({{type(_error).__name__}})"
    assert _right, f"{variable}: {{_feedback}}"

test_{variable}({variable})
'''


def _indent(text: str) -> str:
    return "\n".join(("    " + line) if line.strip() else "" for line in text.splitlines())


#: What the public test adds to a message that refuses an answer's form.
UNDEFINED_ADVICE = ' (for a value that is undefined, 0/0, give float("nan"))'


def public_test(name: str, graded: list[tuple[str, str, str, dict, int]]) -> str:
    """The public test (0 points): every variable graded by the same rule and hashed entries as
    the hidden tests, through the student's installed package (:func:`grade_hashed`), so that
    otter says "passed" only when every part is right. ``graded`` holds (variable, exercise
    id, part, entry, decimals). Its failure message is one line per wrong part, as ``check()``
    words it; an answer of the wrong form gets the rule's message naming the variable. Its
    function is ``public_<name>``, the hidden tests' ``test_<variable>``: otter collects a test
    file's cases by their functions' names, so a shared name would drop one case."""
    arguments = ", ".join(variable for variable, *_ in graded)
    calls = "\n".join(
        f"    _grade({variable!r}, lambda: "
        f"{_grading_call(variable, exercise_id, part, entry, decimals)})"
        for variable, exercise_id, part, entry, decimals in graded
    )
    return f'''""" # BEGIN TEST CONFIG
points: 0
""" # END TEST CONFIG
def public_{name}({arguments}):
    import evalmetrics.exercises as _rule

    _lines = []

    def _grade(_variable, _call):
        try:
            _right, _feedback = _call()
            _line = None if _right else f"{{_variable}}: {{_feedback}}"
        except TypeError as _error:
            _line = str(_error)
            if "nan" not in _line:
                _line += {UNDEFINED_ADVICE!r}
        if _line is not None:
            _lines.append(_line)

{calls}
    assert not _lines, "\\n".join(_lines)

public_{name}({arguments})
'''


def _setup_imports(statement: Statement, used: set[str]) -> str | None:
    """An import of the chapter's first cell, without what the assignment drops."""
    node = statement.node
    if isinstance(node, ast.ImportFrom):
        module = node.module or ""
        if module.startswith(DROPPED_MODULES):
            return None
        names = [
            alias
            for alias in node.names
            if (module, alias.name) not in DROPPED_NAMES and (alias.asname or alias.name) in used
        ]
        if not names:
            return None
        if len(names) == len(node.names):
            return statement.text
        return ast.unparse(ast.ImportFrom(module=module, names=names, level=node.level))
    if isinstance(node, ast.Import):
        names = [
            alias
            for alias in node.names
            if not alias.name.startswith(DROPPED_MODULES)
            and (alias.asname or alias.name.split(".")[0]) in used
        ]
        if not names:
            return None
        if len(names) == len(node.names):
            return statement.text
        return ast.unparse(ast.Import(names=names))
    return statement.text


def _code_reads(text: str) -> set[str]:
    reads: set[str] = set()
    for node in ast.parse(python_source(text)).body:
        node_reads, _ = _external_reads(node)
        reads |= node_reads
    return reads


def _code_binds(text: str) -> set[str]:
    binds: set[str] = set()
    for node in ast.parse(python_source(text)).body:
        binds |= _external_reads(node)[1]
    return binds


@dataclass
class Chapter:
    path: Path
    number: str
    name: str  # chNN_<stem>
    title: str
    notebook: dict
    exercises: list[Exercise]


def read_chapter(path: Path, keys: dict[str, dict]) -> Chapter:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    number = path.name[:2]
    exercises = read_exercises(notebook, number)
    for exercise in exercises:
        exercise.key = keys.get(exercise.label)
        if exercise.key is not None:
            if exercise.check_cell is None:
                raise AssignmentError(
                    f"{exercise.label}: has a key but no hidden check cell after its solution"
                )
            read_check(exercise, cell_text(notebook["cells"][exercise.check_cell]))
    first_markdown = next(cell_text(c) for c in notebook["cells"] if c["cell_type"] == "markdown")
    title = HEADING.search(first_markdown).group("title")
    stem = path.stem.split("_", 1)[1] if "_" in path.stem else path.stem
    return Chapter(path, number, f"ch{number}_{stem}", title, notebook, exercises)


@dataclass
class Term:
    """A term's own numbers: every exercise that varies gets the variant of one seed.

    The exercise's code (``teacher/exercise_specs/``) draws the variant's parameters and computes
    its key, mistakes and hints; its statement and solution code follow by replacing the texts
    by which the book's numbers appear (:mod:`variants`). The term's keys are hashed with a salt
    of their own and handed out with each assignment (``chNN_key.json``), so the student's
    ``check()`` (after ``use_key``) and the autograder grade the same numbers.
    """

    seed: int
    student: str | None = None
    base: int | None = None  # the run's seed, of which a student's seed is drawn
    self_check: bool = True  # False: no check cells, no key for check(); graded after submission

    def specs(self, number: str) -> dict:
        """Chapter ``number``'s exercise code, by exercise id (empty without a module)."""
        if str(ROOT / "teacher") not in sys.path:
            sys.path.insert(0, str(ROOT / "teacher"))
        import exercise_specs

        if f"ch{number}" not in exercise_specs.chapters():
            return {}
        return exercise_specs.load(f"ch{number}")

    def salt(self, number: str) -> str:
        import hashlib

        text = f"evalmetrics term {self.seed} ch{number}"
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def describe(self) -> str:
        who = f" for {self.student}" if self.student else ""
        return f"seed {self.seed}{who}"


def version_of(term: Term | None) -> dict:
    """What a built assignment records of its numbers, in the student's files too: a
    fingerprint of the run's seed (None: the book's numbers; never the seed itself, which with
    the public exercise code would give the answers) and the student whose version it is
    (None: the whole class's). ``tools/grade.py`` compares a submission's with its
    autograder's, and the zip of student notebooks keeps one version."""
    if term is None:
        return {"term": None, "student": None}
    import hashlib

    seed = term.seed if term.base is None else term.base
    fingerprint = hashlib.sha256(f"evalmetrics term fingerprint {seed}".encode()).hexdigest()
    return {"term": fingerprint[:12], "student": term.student}


def term_for(seed: int, student: str | None, *, self_check: bool = True) -> Term:
    """The term of a seed; with a student, a seed of the student's own drawn from both."""
    if student is None:
        return Term(seed, self_check=self_check)
    import hashlib

    digest = hashlib.sha256(f"{seed}|{student}".encode()).digest()
    seed_of_student = int.from_bytes(digest[:8], "little")
    return Term(seed_of_student, student, base=seed, self_check=self_check)


def apply_term(chapter: Chapter, term: Term) -> dict[str, tuple[dict, dict]]:
    """Give ``chapter``'s varying exercises the term's keys; returns, per varied exercise, the
    texts of the book's numbers and of the term's (what statements and solutions replace)."""
    specs = term.specs(chapter.number)
    from exercise_specs import variant_params

    replaced = {}
    for exercise in chapter.exercises:
        spec = specs.get(exercise.label)
        if exercise.key is None or spec is None or spec.vary is None:
            continue
        params = variant_params(spec, term.seed)
        plain = spec.plain(params)
        exercise.key = {
            "parts": plain["parts"],
            "decimals": spec.decimals,
            "hints": plain["hints"],
        }
        replaced[exercise.label] = (spec.texts(spec.params), spec.texts(params))
    return replaced


def book_answers_score(chapter: Chapter, chosen: list[Exercise], term: Term) -> float:
    """The autograded points that the book's published answers earn in a term's version:
    each part's book answer graded with the entry the term's hidden test holds."""
    from evalmetrics.exercises import grade_hashed

    book = json.loads(
        (ROOT / "teacher" / "exercise_keys" / f"ch{chapter.number}.json").read_text("utf-8")
    )
    salt = term.salt(chapter.number)
    earned = 0.0
    for exercise in chosen:
        if not exercise.key or exercise.label not in book:
            continue
        decimals = exercise.key.get("decimals", DEFAULT_DECIMALS)
        for part, points in part_points(exercise).items():
            answer = book[exercise.label]["parts"].get(part)
            if answer is None:
                continue
            entry = hashed_part(exercise.label, exercise.key, part, salt)
            right, _ = grade_hashed(
                answer,
                entry={k: v for k, v in entry.items() if k != "salt"},
                exercise_id=exercise.label,
                part=part,
                salt=salt,
                decimals=decimals,
            )
            earned += points if right else 0.0
    return earned


def term_key(chapter: Chapter, chosen: list[Exercise], term: Term) -> dict:
    """The hashed key file of a term's assignment: every chosen exercise with a key."""
    from evalmetrics.exercises import KEY_FORMAT, hashed_entry

    salt = term.salt(chapter.number)
    return {
        "format": KEY_FORMAT,
        "salt": salt,
        "version": version_of(term),
        "exercises": {e.label: hashed_entry(e.label, e.key, salt=salt) for e in chosen if e.key},
    }


def _glue_values(path: Path) -> dict[str, str] | None:
    """The glued values of the book's executed copy of ``path``, if that copy is fresh."""
    from make_lab import built_copy, glued_values

    if not path.is_relative_to(ROOT):
        return None  # a chapter outside the book (tests): no executed copy
    built = built_copy(path)
    if built is None:
        return None
    executed = json.loads(built.read_text(encoding="utf-8"))
    sidecar = built.with_suffix(".glue.json")
    if sidecar.exists():
        outputs = list(json.loads(sidecar.read_text(encoding="utf-8")).values())
        executed["cells"].append({"cell_type": "code", "source": "", "outputs": outputs})
    return glued_values(executed)


def variable_name(exercise: Exercise, part: str) -> str:
    """The variable a student sets for one part: the exercise's short name and the part's
    (``auc`` of ``ch08-ex-hard-scores`` -> ``hard_scores_auc``), the short name alone for a
    part called ``answer``, and the part alone when it already starts with the short name
    (``wilson_high`` of ``ch17-ex-wilson`` stays ``wilson_high``, never ``wilson_wilson_high``).
    It depends on nothing but the label and the part, so it is the same in every assignment
    that holds the exercise, and a bare ``auc``, ``low`` or ``high`` (names scratch code
    reuses) is never a graded variable."""
    short = exercise.short
    if part == "answer":
        return short
    words, part_words = short.split("_"), part.split("_")
    overlap = next(
        (k for k in range(min(len(words), len(part_words)), 0, -1) if words[-k:] == part_words[:k]),
        0,
    )  # the words the two share at the join: wilson + wilson_high, ap_trapezoid + trapezoid
    if part.startswith(short + "_") or part == short:
        return part
    return "_".join(words + part_words[overlap:])


def variable_names(chosen: list[Exercise], reserved: set[str]) -> dict:
    """(label, part) -> the variable the student sets: :func:`variable_name`, with ``_answer``
    added where the chapter's own code uses that name (``reserved``: every name the chapter's
    code cells bind or read, whatever the assignment holds, so the name is stable); fails,
    naming the exercise, when two parts would share a name or a name is Python's own."""
    names: dict[tuple[str, str], str] = {}
    owner: dict[str, tuple[str, str]] = {}
    for exercise in chosen:
        if not exercise.key:
            continue
        for part in exercise.key["parts"]:
            name = variable_name(exercise, part)
            if name in reserved:  # the chapter's own code uses it: a name of its own
                name += "_answer"
            problem = None
            if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
                problem = "is not a plain Python name"
            elif name in owner:
                problem = f"is also the variable of {owner[name][0]} part {owner[name][1]!r}"
            elif name in reserved or name in BUILTINS:
                problem = "is a name the set-up, a solution or Python already uses"
            if problem:
                raise AssignmentError(
                    f"{exercise.label}: the variable {name!r} of {part!r} {problem}"
                )
            owner[name] = (exercise.label, part)
            names[(exercise.label, part)] = name
    return names


def _package_module(name: str) -> Path | None:
    """The source file of an evalmetrics module (``evalmetrics.datasets``), if it is one."""
    base = ROOT / Path(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def third_party_modules(modules: set[str]) -> set[str]:
    """The top-level third-party modules that importing ``modules`` can use: their own names,
    and for evalmetrics' modules every import in their source, in functions too
    (``evalmetrics.datasets`` imports scikit-learn when a function runs)."""
    found: set[str] = set()
    pending, seen = list(modules), set()
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        top = name.split(".")[0]
        if top != "evalmetrics":
            if top not in sys.stdlib_module_names:
                found.add(top)
            continue
        path = _package_module(name)
        if path is None:
            continue
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                pending += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parent = package.split(".")
                    parent = parent[: len(parent) - node.level + 1]
                    base = ".".join(parent + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                pending.append(base)
                pending += [f"{base}.{alias.name}" for alias in node.names]
    return found


def requirements(modules: set[str]) -> list[str]:
    """The autograder's pip requirements: the third-party distributions the set-up cell's
    imports can use (evalmetrics' own imports followed), at the versions installed here."""
    distributions = metadata.packages_distributions()
    wanted = set()
    for module in third_party_modules(modules | {"evalmetrics.exercises"}):
        for distribution in distributions.get(module, []):
            wanted.add(distribution)
    return [f"{d}=={metadata.version(d)}" for d in sorted(wanted, key=str.lower)]


def slice_solutions(chapter: Chapter, chosen: list[Exercise]) -> tuple[dict, list, list]:
    """Each chosen exercise's solution code, the chapter statements the set-up cell must hold
    for them, and the chapter's first cell (its statements).

    Following names through the cells (as ``tools/cell_dependencies.py`` does), every name a
    solution, a ``check(...)`` expression or a statement's code span (`y_rare`) reads is
    traced to the last statement that binds it before: a visible statement of the chapter that
    needs nothing else goes to the set-up cell, anything else (a hidden cell's statement, an
    earlier solution this assignment does not hold) into the solution, before or after the
    chapter's solution code as the chapter has it.
    """
    cells = chapter.notebook["cells"]
    statements = chapter_statements(chapter.notebook, chapter.exercises)
    slicer = Slicer(statements)
    to_setup: list[Statement] = []
    code: dict[str, str] = {}
    for exercise in chosen:
        own = [s for s in statements if s.kind == f"solution:{exercise.label}"]
        start = (exercise.cell, -1)
        needed: list[Statement] = []
        local: set[str] = set()
        for statement in own:
            needed += slicer.need(statement.reads - local, statement.position, exercise.label)
            local |= statement.binds
        if exercise.key:
            at = (exercise.check_cell, exercise.check_statement)
            reads: set[str] = set()
            for expression in exercise.parts.values():
                reads |= _code_reads(expression)
            needed += slicer.need(reads - local, at, exercise.label)
        for name in sorted(set(CODE_WORD.findall(exercise.statement))):
            binder = slicer.last_binder(name, start)
            if binder is not None and binder.kind == "chapter":
                needed += slicer.need({name}, start, exercise.label)
        prefix, suffix = [], []
        unique = {statement.position: statement for statement in needed}
        for statement in sorted(unique.values(), key=lambda s: s.position):
            if _setup_eligible(statement, slicer):
                to_setup.append(statement)
            elif statement.position < start:
                prefix.append(statement)
            else:
                suffix.append(statement)
        for statement in own:
            slicer.included.add(statement.position)
        pieces = [s.text for s in prefix]
        pieces += [cell_text(cells[i]).strip("\n") for i in exercise.solution_cells]
        pieces += [s.text for s in suffix]
        code[exercise.label] = "\n\n".join(p for p in pieces if p.strip())
    sliced = sorted({s.position: s for s in to_setup}.values(), key=lambda s: s.position)
    return code, sliced, [s for s in statements if s.kind == "setup"]


def setup_cell(first: list[Statement], sliced: list[Statement], used: set[str]) -> str:
    """The set-up cell's code: the chapter's first cell without what the assignment drops or
    does not use (imports and assignments nothing reads), then the sliced chapter statements."""
    kept = [
        statement
        for statement in first
        if not isinstance(statement.node, ast.Assign | ast.AnnAssign)
        or statement.binds & used  # an assignment nothing reads (an unused rng) is left out
    ]
    for statement in kept:
        if not isinstance(statement.node, (ast.Import, ast.ImportFrom)):
            used = used | statement.reads
    lines = []
    for statement in kept:
        if isinstance(statement.node, (ast.Import, ast.ImportFrom)):
            text = _setup_imports(statement, used)
            if text:
                lines.append(text)
        else:
            lines += ["", statement.text]
    if "Fraction" not in _code_binds("\n".join(lines)):
        lines.insert(0, "from fractions import Fraction")  # the introduction offers it
    text = "\n".join(lines).strip("\n")
    if sliced:
        text += "\n\n# from the chapter: what the exercises below use\n"
        text += "\n\n".join(s.text for s in sliced)
    return "# Set-up: run this cell first.\n" + text


def used_modules(code: str) -> set[str]:
    """The modules a piece of notebook code imports, widget modules left out."""
    return {m for m in imported_modules(python_source(code)) if not m.startswith(DROPPED_MODULES)}


def assignment_config(chapter: Chapter, chosen: list[Exercise], term: Term | None = None) -> dict:
    """Otter assign's configuration (the ``# ASSIGNMENT CONFIG`` cell)."""
    config = {
        "name": chapter.name,
        "requirements": "requirements.txt",
        "autograder_files": ["evalmetrics"],
        "python_version": f"{sys.version_info.major}.{sys.version_info.minor}",
        "show_question_points": True,
        "export_cell": {"pdf": False},
        "tests": {"ok_format": False},  # the failing line is shown, not the expected value
        "generate": {"show_hidden": True},  # results and hints, once grades are published
    }
    if not any(e.key for e in chosen):
        config["suppress_no_tests_warning"] = True
    if term is not None and term.self_check:
        config["files"] = [f"{chapter.name}_key.json"]  # to the student (check()) and the grader
    return config


def introduction(chapter: Chapter, chosen: list[Exercise], term: Term | None = None) -> str:
    """The assignment's first Markdown cell: what it is, and how a numeric answer is graded
    (:data:`evalmetrics.exercises.RULE`, word for word)."""
    from evalmetrics.exercises import RULE

    lines = [
        f"# Assignment: chapter {int(chapter.number)}, {chapter.title}",
        "",
        "The exercises of this chapter of *Counting What Matters*, as a graded assignment.",
        "Run the set-up cell first, then work through the exercises in order.",
    ]
    self_check = term is None or term.self_check
    if any(e.key for e in chosen) and not self_check:
        lines += [
            "",
            "For an exercise with a numeric answer, compute in the answer cell (add cells as "
            "you like) and set the variables it names. This assignment has no check cells: "
            "your answers are graded when you submit, to the precision each exercise asks "
            f"for. {RULE} An exact fraction (`Fraction(p, q)` or the string "
            '`"p/q"`) is right too. Set a value you think is undefined (a ratio whose '
            'denominator is zero) to `float("nan")`. The book\'s `check()` grades the '
            "book's numbers, not these.",
        ]
    elif any(e.key for e in chosen):
        lines += [
            "",
            "For an exercise with a numeric answer, compute in the answer cell (add cells as "
            "you like) and set the variables it names; the check cell below it grades them as "
            "the book's self-check does and says they passed only when every one is right. "
            "Your answers are graded again when you submit, to the precision each exercise "
            f"asks for. {RULE} An exact fraction (`Fraction(p, q)` or the string "
            '`"p/q"`) is right too. Set a value you think is undefined (a ratio whose '
            'denominator is zero) to `float("nan")`.',
        ]
    if any(not e.key for e in chosen):
        lines += ["", "Written answers go in the Markdown cell below the question."]
    if term is not None and self_check:
        lines += [
            "",
            "This assignment has this term's own numbers, which differ from the book's in"
            " some exercises: work with the numbers given here. The set-up cell makes the"
            " book's `check()` grade them too; keep the file"
            f" `{chapter.name}_key.json` next to this notebook.",
        ]
    elif term is not None:
        lines += [
            "",
            "This assignment has this term's own numbers, which differ from the book's in"
            " some exercises: work with the numbers given here.",
        ]
    if term is not None and term.student is not None:
        lines += [
            "",
            f"**This is {term.student}'s version.** Its numbers were drawn for you (an"
            " exercise with few possible versions may give a classmate the same ones):"
            " hand in this notebook, under your own name.",
        ]
    return "\n".join(lines)


def numeric_question(
    exercise: Exercise,
    heading: str,
    statement: str,
    solution: str,
    code: str,
    names: dict,
    salt: str | None = None,
    self_check: bool = True,
) -> tuple[list[dict], dict]:
    """An autograded question's cells (otter's format), and its points per variable. Without
    ``self_check``: no public test and no check cell, only the hidden tests."""
    variables = [names[(exercise.label, part)] for part in exercise.key["parts"]]
    match = CHECK_LINE.search(statement)
    if not match:
        raise AssignmentError(f"{exercise.label}: no 'Check (...): `check(...)`' line to replace")
    sentence = set_sentence(exercise.label, variables, list(exercise.key["parts"]))
    statement = statement[: match.start()] + sentence + statement[match.end() :]
    points = part_points(exercise)
    answer = []
    if code.strip():
        answer += ["# BEGIN SOLUTION NO PROMPT", code, "# END SOLUTION"]
    for part, expression in exercise.parts.items():
        answer.append(f"{names[(exercise.label, part)]} = {expression}  # SOLUTION")
    total = sum(points.values())
    cells = [
        _raw(
            f"# BEGIN QUESTION\nname: {exercise.label}\npoints: {total:g}"
            + ("" if self_check else "\ncheck_cell: false")
        ),
        _markdown(f"## {heading}\n\n{statement}"),
        _raw("# BEGIN SOLUTION"),
        *([_markdown(solution)] if solution.strip() else []),
        _code("\n".join(answer)),
        _raw("# END SOLUTION"),
        _raw("# BEGIN TESTS"),
    ]
    decimals = exercise.key["decimals"]
    graded = [
        (names[(exercise.label, part)], exercise.label, part, entry, decimals)
        for part in exercise.key["parts"]
        for entry in [hashed_part(exercise.label, exercise.key, part, salt)]
    ]
    if self_check:
        cells.append(_code(public_test(exercise.short, graded)))
    for variable, _, part, entry, _ in graded:
        test = hidden_test(variable, exercise.label, part, entry, decimals, points[part])
        cells.append(_code(test))
    cells += [_raw("# END TESTS"), _raw("# END QUESTION")]
    return cells, dict(zip(variables, points.values(), strict=True))


def written_question(
    exercise: Exercise, heading: str, statement: str, solution: str, code: str
) -> tuple[list[dict], float]:
    """A manually graded question's cells: otter gives the student a Markdown answer cell."""
    points = manual_points(exercise)
    cells = [
        _raw(f"# BEGIN QUESTION\nname: {exercise.label}\nmanual: true\npoints: {points}"),
        _markdown(f"## {heading}\n\n{statement}"),
        _raw("# BEGIN SOLUTION"),
        _markdown(solution or "*(The chapter gives no written solution.)*"),
    ]
    if code.strip():
        cells.append(_code(f"# BEGIN SOLUTION NO PROMPT\n{code}\n# END SOLUTION"))
    cells += [_raw("# END SOLUTION"), _raw("# END QUESTION")]
    return cells, points


def master_notebook(
    chapter: Chapter,
    chosen: list[Exercise],
    context: Context,
    term: Term | None = None,
    replaced: dict[str, tuple[dict, dict]] | None = None,
) -> tuple:
    """The otter master notebook of a chapter (only ``chosen`` exercises), a summary of its
    questions and points, and the autograder's requirements. With a ``term``, the exercises in
    ``replaced`` (see :func:`apply_term`) show the term's numbers in their statements and
    solution code, and the set-up cell makes ``check()`` use the term's key."""
    from make_lab import exercise_titles
    from variants import substitute

    replaced = replaced or {}
    code, sliced, first = slice_solutions(chapter, chosen)
    for label, (book, variant) in replaced.items():
        if label in code:
            code[label] = substitute(code[label], book, variant)
    for exercise in chosen:
        if exercise.label in replaced:
            book, variant = replaced[exercise.label]
            if "{glue" in exercise.statement:
                raise AssignmentError(
                    f"{exercise.label} varies, but its statement shows a glued (book) value"
                )
            exercise.parts = {
                part: substitute(expression, book, variant)
                for part, expression in exercise.parts.items()
            }
    used = set(ALWAYS_KEPT)
    for text in [*code.values(), *(s.text for s in sliced)]:
        if text.strip():
            used |= _code_reads(text)
    expressions = [expression for e in chosen for expression in e.parts.values()]
    for expression in expressions:
        used |= _code_reads(expression)
    setup = setup_cell(first, sliced, used)
    if term is not None and term.self_check:
        setup += (
            "\n\n# this term's numbers: check() grades them as the autograder does\n"
            "from evalmetrics.exercises import check, use_key\n\n"
            f'use_key("{chapter.name}_key.json")'
        )
    # the autograder's environment: what the chapter's first cell imports (a student follows
    # the chapter), what the set-up and the solutions import
    modules = used_modules(setup)
    for text in [*(s.text for s in first), *code.values()]:
        if text.strip():
            modules |= used_modules(text)

    # a variable must not be a name the chapter's code (any cell, so the names do not depend on
    # the exercises chosen), the set-up or otter's cells use
    reserved = _code_binds(setup) | {"grader", "otter", "answer"}
    for cell in chapter.notebook["cells"]:
        if cell["cell_type"] == "code" and cell_text(cell).strip():
            reserved |= _code_binds(cell_text(cell)) | _code_reads(cell_text(cell))
    for text in [*code.values(), *expressions]:
        if text.strip():
            reserved |= _code_binds(text) | _code_reads(text)
    names = variable_names(chosen, reserved)

    titles = exercise_titles()
    cells = [
        _raw("# ASSIGNMENT CONFIG\n" + _yaml(assignment_config(chapter, chosen, term))),
        _markdown(introduction(chapter, chosen, term)),
        _code(setup),
    ]
    summary = []
    for exercise in chosen:
        heading = titles.get(exercise.label, "Exercise")
        if exercise.title:
            heading += f" ({exercise.title})"
        where = f"{exercise.label} ({chapter.path.name})"
        statement = plain_markdown(exercise.statement, context, where, strict=True)
        solution = "\n".join(exercise.solution_text)
        solution = plain_markdown(solution, context, where, strict=False)
        written_solution = solution
        if exercise.label in replaced:
            statement = substitute(statement, *replaced[exercise.label])
            book_solution = solution
            solution = (
                "*This term's numbers differ from the book's, whose worked solution does not"
                " apply; the solution is the code below.*"
            )
            written_solution = (
                "*This term's numbers differ from the book's, whose model answer does not"
                " apply. Run this notebook's solution code of the question above: it computes"
                " this version's numbers, from which the answer follows as in the book's"
                " model answer, quoted here with the book's numbers.*\n\n" + book_solution
            )
        if exercise.key:
            salt = term.salt(chapter.number) if term is not None else None
            self_check = term is None or term.self_check
            new, points = numeric_question(
                exercise,
                heading,
                statement,
                solution,
                code[exercise.label],
                names,
                salt,
                self_check,
            )
            if exercise.written is not None:
                new += written_part(exercise, heading, statement, written_solution)
        else:
            new, points = written_question(
                exercise, heading, statement, solution, code[exercise.label]
            )
        cells += new
        summary.append((exercise.label, points, not exercise.key))
        if exercise.key and exercise.written is not None:
            summary.append((f"{exercise.label}-written", exercise.written, True))

    master = {
        "cells": cells,
        "metadata": {
            "kernelspec": chapter.notebook["metadata"].get(
                "kernelspec", {"name": "python3", "display_name": "Python 3", "language": "python"}
            ),
            "language_info": {"name": "python"},
            "evalmetrics": {"chapter": chapter.number, "version": version_of(term)},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    for index, cell in enumerate(master["cells"]):
        cell["id"] = f"m{index:03d}"
    return master, summary, requirements(modules)


def _setup_eligible(statement: Statement, slicer: Slicer) -> bool:
    """Whether a needed statement can go to the visible set-up cell: it is the chapter's own
    visible code, and so is everything it needs (transitively)."""
    seen: set[tuple[int, int]] = set()
    pending = [statement]
    while pending:
        current = pending.pop()
        if current.position in seen:
            continue
        seen.add(current.position)
        if current.kind == "setup":
            continue
        if current.kind != "chapter":
            return False
        for name in current.reads:
            binder = slicer.last_binder(name, current.position)
            if binder is not None:
                pending.append(binder)
    return True


def _yaml(data: dict) -> str:
    import yaml

    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


# --- running otter assign -------------------------------------------------------------------


def _copy_package(target: Path) -> None:
    """The evalmetrics package for the autograder image, as a student installs it: with the
    hashed keys (no values; ``check()`` works if a submission calls it) and no plain key."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(
        ROOT / "evalmetrics", target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    for path in (target / "exercise_keys").glob("*.json"):
        if json.loads(path.read_text("utf-8")).get("format") != HASHED_FORMAT:
            raise AssignmentError(f"{path.name} in the package is not a hashed key")


def build_chapter(
    chapter: Chapter,
    chosen: list[Exercise],
    out: Path,
    context: Context,
    run_tests: bool,
    term: Term | None = None,
) -> tuple[Path, list]:
    """Write the master notebook of one chapter and run ``otter assign`` on it."""
    from otter.assign import main as otter_assign

    replaced = apply_term(chapter, term) if term is not None else {}
    folder = out / f"ch{chapter.number}"
    master_dir = folder / "master"
    if folder.exists():
        shutil.rmtree(folder)
    master_dir.mkdir(parents=True)
    master, summary, reqs = master_notebook(chapter, chosen, context, term, replaced)
    if term is not None:
        key = json.dumps(term_key(chapter, chosen, term), indent=1, ensure_ascii=False)
        (master_dir / f"{chapter.name}_key.json").write_text(key + "\n", encoding="utf-8")
    path = master_dir / f"{chapter.name}.ipynb"
    path.write_text(json.dumps(master, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    version = json.dumps(version_of(term)) + "\n"
    (folder / "version.json").write_text(version, encoding="utf-8")
    (master_dir / "requirements.txt").write_text("\n".join(reqs) + "\n", encoding="utf-8")
    _copy_package(master_dir / "evalmetrics")
    otter_assign(str(path), str(folder), no_pdfs=True, no_run_tests=not run_tests)
    return folder / "student" / f"{chapter.name}.ipynb", summary


def select(
    chapters: list[Chapter], numbers: list[str] | None, labels: list[str] | None
) -> list[tuple[Chapter, list[Exercise]]]:
    known = {e.label for c in chapters for e in c.exercises}
    unknown = sorted(set(labels or []) - known)
    if unknown:
        raise AssignmentError(f"unknown exercises: {', '.join(unknown)}")
    wanted_numbers = {n.zfill(2) for n in numbers} if numbers else None
    if wanted_numbers:
        missing = wanted_numbers - {c.number for c in chapters}
        if missing:
            raise AssignmentError(f"no chapter numbered {', '.join(sorted(missing))}")
    chosen = []
    for chapter in chapters:
        if wanted_numbers and chapter.number not in wanted_numbers:
            continue
        exercises = [e for e in chapter.exercises if not labels or e.label in labels]
        if exercises:
            chosen.append((chapter, exercises))
    return chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "assignments")
    parser.add_argument("--chapters", nargs="*", help="two-digit chapter numbers; default all")
    parser.add_argument("--exercises", nargs="*", help="exercise labels; default all")
    parser.add_argument("--chapter-dir", type=Path, default=ROOT / "chapters")
    parser.add_argument(
        "--no-run-tests",
        action="store_true",
        help="do not grade the solutions notebook (otter assign checks it gets full marks)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="this term's own numbers: every exercise that varies gets the variant of this seed",
    )
    parser.add_argument(
        "--roster",
        type=Path,
        help="one version per student (needs --seed): a file with one name per line, or a CSV"
        " whose first column is the name; each student's assignments go to OUT/<name>/",
    )
    parser.add_argument(
        "--small-seed",
        action="store_true",
        help="accept a seed below 2**40 (a demonstration or a test: such a seed can be guessed)",
    )
    parser.add_argument(
        "--no-self-check",
        action="store_true",
        help="for graded work (needs --seed): no check cells and no key file for check(); the"
        " answers are graded only after submission",
    )
    args = parser.parse_args(argv)
    if args.roster is not None and args.seed is None:
        parser.error("--roster needs --seed")
    if args.no_self_check and args.seed is None:
        parser.error(
            "--no-self-check needs --seed: with the book's numbers the published solutions and"
            " the book's check() give every answer anyway"
        )
    if args.seed is not None and args.seed < 2**40 and not args.small_seed:
        parser.error(
            f"--seed {args.seed} is small enough to be found by trying every seed against a"
            " student's files (the exercise code is public); use a large secret seed:"
            " python -c 'import secrets; print(secrets.randbits(62))' (or --small-seed for a"
            " demonstration that nobody grades)"
        )
    try:
        import otter  # noqa: F401
    except ImportError:
        print(
            "otter-grader is not installed: `make assignments` installs it "
            "(pip install -c constraints.txt -r requirements-teach.txt)",
            file=sys.stderr,
        )
        return 2
    from make_lab import labels

    keys = load_keys()
    label_map = labels()
    paths = sorted(args.chapter_dir.glob("*.ipynb"))
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    written = []
    glue_cache: dict[Path, dict | None] = {}
    if args.seed is None:
        terms: list[Term | None] = [None]
    elif args.roster is None:
        terms = [term_for(args.seed, None, self_check=not args.no_self_check)]
    else:
        terms = [
            term_for(args.seed, name, self_check=not args.no_self_check)
            for name in read_roster(args.roster)
        ]

    def glue_of(path: Path) -> dict | None:
        if path not in glue_cache:
            glue_cache[path] = _glue_values(path) if path.exists() else None
        return glue_cache[path]

    for term in terms:
        here = out if term is None or term.student is None else out / folder_name(term.student)
        chapters = [read_chapter(path, keys) for path in paths]  # fresh: a term changes keys
        for chapter, chosen in select(chapters, args.chapters, args.exercises):
            started = time.perf_counter()
            context = Context(chapter.path, label_map, None, glue_of)
            context.glue = _LazyGlue(chapter.path, glue_of)
            student, summary = build_chapter(
                chapter, chosen, here, context, not args.no_run_tests, term
            )
            written.append(student)
            auto = sum(sum(p.values()) for _, p, manual in summary if not manual)
            manual = sum(p for _, p, is_manual in summary if is_manual)
            version = f" [{term.describe()}]" if term is not None else ""
            copied = ""
            if term is not None:
                book_points = book_answers_score(chapter, chosen, term)
                copied = f"; the book's published answers would earn {book_points:g} of them"
            print(
                f"ch{chapter.number}{version}: {len(summary)} questions, {auto:g} autograded"
                f" points{copied}, {manual:g} manual ({time.perf_counter() - started:.1f} s)"
            )
    if args.seed is not None:
        (out / "TERM.txt").write_text(
            f"Assignments with this term's numbers: seed {args.seed}"
            + (f", one version per student of {args.roster.name}" if args.roster else "")
            + ".\nThe exercises that keep the book's numbers are listed on the teachers page.\n",
            encoding="utf-8",
        )
    per_student = args.roster is not None
    archive, count, left_out = write_student_zip(out, terms[0], per_student=per_student)
    print(f"wrote {len(written)} assignments to {out}; {archive.name} holds {count}")
    for path in left_out:
        print(f"  not in {archive.name} (another version's numbers): {path.relative_to(out)}")
    return 0


def read_roster(path: Path) -> list[str]:
    """Student names, one per line (a CSV's first column; a header "student" or "name" is
    skipped); each name must be unique and usable as a folder name."""
    import csv

    names = []
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.reader(handle):
            if not row or not row[0].strip() or row[0].strip().startswith("#"):
                continue
            names.append(row[0].strip())
    if names and names[0].lower() in {"student", "name", "student_id", "id"}:
        names = names[1:]
    if not names:
        raise AssignmentError(f"roster {path} names no student")
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise AssignmentError(f"roster {path} names {', '.join(duplicates)} twice")
    for name in names:
        folder_name(name)
    return names


def folder_name(student: str) -> str:
    """A student's folder: the name itself, which must be a plain file name."""
    if not re.fullmatch(r"[\w][\w .@+-]*", student) or student in {".", ".."}:
        raise AssignmentError(
            f"student name {student!r} cannot be a folder name: use letters, digits, . _ - @ +"
        )
    return student


def _recorded_version(chapter_folder: Path) -> dict:
    path = chapter_folder / "version.json"
    if not path.exists():  # built before versions were recorded: the book's numbers
        return version_of(None)
    return json.loads(path.read_text(encoding="utf-8"))


ASSIGNMENT_README = """\
Counting What Matters: assignments
==================================

Graded exercises of the book "Counting What Matters", as Jupyter notebooks
(chNN_name.ipynb), with everything they need to run on your own computer:

- {wheel}: the book's Python package, evalmetrics (its self-check included);
- requirements.txt and constraints.txt: the packages to install (otter-grader, which runs
  the checks, and JupyterLab among them), at the versions the assignments were built with.

{setup}4. Start Jupyter:

       jupyter lab

   It opens in your browser. Open the assignment your teacher set ({first}, for example).
   Run its cells from the top: the first two start the grader and set up the exercise.

Next time: open a terminal here, activate the environment (the second line of step 2) and
run jupyter lab.

Each question says which variables to set. After you set them, run the check cell below
(grader.check(...)): it says, part by part, whether an answer is right, and never prints the
answer. A file chNN_name_key.json next to a notebook holds your version's answers as salted
hashes: keep it there. Hand in the notebook as your teacher says.
"""


def setup_files(notebooks: list[Path], wheel_dir: Path) -> dict[str, Path | str]:
    """README.txt, requirements.txt, constraints.txt and the wheel of the package: what the
    student zip carries so that a student can run the notebooks from it alone, as the
    student edition's zip does (the same venv steps, the same pins)."""
    import make_student
    from notebook_source import cell_text

    wheel = make_student.build_wheel(ROOT, wheel_dir)
    modules = make_student.package_imports(ROOT / "evalmetrics") | {"otter"}
    for path in notebooks:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            if cell["cell_type"] == "code":
                source = python_source(cell_text(cell))
                modules |= make_student.imported_top_modules(source)
    distributions = make_student.distributions_for(modules, "evalmetrics")
    lab = make_student.requirement_names(ROOT / "requirements-lab.txt")
    names = sorted({*distributions, *(n.lower() for n in lab), "ipykernel"})
    pins = make_student.read_pins(ROOT / "constraints.txt")
    python = make_student.minimum_python(ROOT / "pyproject.toml")
    first = min((p.name for p in notebooks), default="ch01_....ipynb")
    setup = make_student.SETUP_STEPS.format(python=python).rstrip() + "\n\n"
    return {
        "README.txt": ASSIGNMENT_README.format(wheel=wheel.name, setup=setup, first=first),
        "requirements.txt": make_student.requirements_text(names, pins, wheel.name),
        "constraints.txt": ROOT / "constraints.txt",
        wheel.name: wheel,
    }


def _write_zip(archive: Path, members: list[tuple[Path | str, str]]) -> None:
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for content, arcname in members:
            if isinstance(content, Path):
                bundle.write(content, arcname=arcname)
            else:
                bundle.writestr(arcname, content)


def write_student_zip(
    out: Path, term: Term | None, *, per_student: bool
) -> tuple[Path, int, list[Path]]:
    """``student-assignments.zip``: every student notebook under ``out`` (with a term's key
    files) from this run and earlier ones with the same numbers, so building some chapters
    keeps the others; a chapter built with other numbers (the book's, another seed) is left
    out and listed, so the zip never mixes versions. It carries the set-up files
    (:func:`setup_files`) at its top. With a roster, one folder per student, and each student's
    own zip, ``student-zips/<student>.zip``, with the set-up files beside the notebooks."""
    archive = out / "student-assignments.zip"
    found = sorted(out.glob("*/student/*.ipynb")) + sorted(out.glob("*/*/student/*.ipynb"))
    wanted = version_of(term)["term"]
    notebooks, left_out = [], []
    for notebook in found:
        version = _recorded_version(notebook.parent.parent)
        same = version["term"] == wanted and (version["student"] is not None) == per_student
        (notebooks if same else left_out).append(notebook)
    root = Path("student-assignments")
    setup = setup_files(notebooks, out / "wheel")
    members: list[tuple[Path | str, str]] = [(c, str(root / name)) for name, c in setup.items()]
    by_student: dict[str, list[tuple[Path | str, str]]] = {}
    for notebook in notebooks:
        chapter_folder = notebook.parent.parent  # .../chNN
        relative = chapter_folder.parent.relative_to(out)  # "" or a student's folder
        files = [notebook, *sorted(notebook.parent.glob("*_key.json"))]
        members += [(f, str(root / relative / f.name)) for f in files]
        if per_student:
            by_student.setdefault(str(relative), []).extend((f, f.name) for f in files)
    _write_zip(archive, members)
    if per_student:
        zips = out / "student-zips"
        if zips.exists():
            shutil.rmtree(zips)
        zips.mkdir()
        for student, files in by_student.items():
            own = [(c, f"{student}/{name}") for name, c in setup.items()]
            own += [(f, f"{student}/{name}") for f, name in files]
            _write_zip(zips / f"{student}.zip", own)
    return archive, len(notebooks), left_out


class _LazyGlue(dict):
    """The chapter's glued values, read from the executed copy the first time one is needed."""

    def __init__(self, path: Path, loader):
        super().__init__()
        self._path, self._loader, self._loaded, self._missing = path, loader, False, False

    def _load(self) -> None:
        if not self._loaded:
            values = self._loader(self._path)
            self._missing = values is None
            self.update(values or {})
            self._loaded = True

    def __contains__(self, key: object) -> bool:
        self._load()
        return not self._missing and super().__contains__(key)

    def __getitem__(self, key: str) -> str:
        self._load()
        return super().__getitem__(key)


if __name__ == "__main__":
    sys.exit(main())
