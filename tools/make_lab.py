"""Write the JupyterLab copy of the chapters: the book's notebooks, readable in Lab.

Usage: ``python tools/make_lab.py --out _build/lab`` (``make lab`` does this, then starts
JupyterLab on the copy).

Why a copy. The chapters are written in MyST for Sphinx: numbers in the prose are
``{glue:text}`` roles filled from executed code, citations come from ``references.bib``,
cross-references point into other chapters, and exercises and solutions use sphinx-exercise's
directives. JupyterLab renders MyST through the ``jupyterlab-myst`` extension, but it knows
neither this book's glue store, nor its bibliography, nor the other chapters' labels, and it
renders one cell at a time, so a solution that spans several cells cannot be folded as one
block. The copy resolves what only the book knows, from the same sources:

- every ``{glue:text}`key:fmt``` becomes its value, formatted exactly as myst-nb does, taken
  from an execution of that very notebook (the book's own executed copy in
  ``_build/jupyter_execute`` when it is newer than the notebook and the ``evalmetrics``
  package and holds every key the prose uses, otherwise a fresh execution, in a kernel
  without ``EVALMETRICS_LAB``, under which glue records nothing); ``path::key`` takes
  another notebook's value the same way:
  every number in the prose is still computed by executed code, and a Run All in Lab
  recomputes the same values from the same seeds;
- ``{cite}`` becomes "[Document 000 (喜欢ヅ旅行, 2023)]" or "[Fawcett, 2006]", from
  ``references.bib``; ``{ref}``, ``{numref}`` and ``{doc}`` become a link to the chapter
  that holds the label, with the section's title (or the role's own text); ``{term}``
  becomes its text;
- an ``{exercise}`` becomes a titled ``tip`` admonition ("Exercise 4.2"), and a solution
  becomes one folded ``dropdown`` admonition holding its text and its code as code blocks
  (Lab unfolds a cell's output whenever it runs it, so solution code left in code cells would
  show its answers after a Run All); the hidden check that asserts a solution's values is
  dropped with it, as in the student edition;
- cells the book removes (``remove-cell``) are collapsed, input and output, with the notebook
  format's standard ``metadata.jupyter.source_hidden`` / ``outputs_hidden``, and start with
  ``%%capture``, so a check that prints shows nothing after Run All; cells whose input the
  book hides (``hide-input``) have their input collapsed.

The tracked notebooks are never written: Lab works on the copy, so a session leaves
``git status`` clean. Everything else is the book's source unchanged: the same
code cells, the same MyST admonitions, math and labels, which jupyterlab-myst renders.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from notebook_source import EXERCISE, SOLUTION_END, SOLUTION_START, cell_text  # noqa: E402

from evalmetrics import _languages  # noqa: E402

SOURCES = ["chapters", "reference"]
ROLE = re.compile(r"\{(glue:text|cite|cite:t|cite:p|ref|numref|term|doc)\}`([^`]*)`")
LABEL = re.compile(r"^\((?P<label>[\w:.-]+)\)=\s*$")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")


def notebook_paths() -> list[Path]:
    """Every notebook of the book, in table-of-contents order within each folder."""
    return sorted((ROOT / "chapters").glob("*.ipynb")) + sorted(
        (ROOT / "reference").glob("*.ipynb")
    )


# --- what the book knows: glue values, labels, citations -------------------------------------


def glued_values(executed: dict) -> dict[str, str]:
    """The text/plain of every glued value in an executed notebook, by key."""
    values = {}
    for cell in executed["cells"]:
        for output in cell.get("outputs", []):
            meta = output.get("metadata", {}).get("scrapbook")
            if not meta:
                continue
            prefix = meta.get("mime_prefix", "")
            data = {  # the book's .glue.json holds the data with the prefix already removed
                key.removeprefix(prefix): value for key, value in output.get("data", {}).items()
            }
            text = data.get("text/plain")
            if text is not None:
                values[meta["name"]] = text if isinstance(text, str) else "".join(text)
    return values


#: Variables that change what an execution of a chapter records, removed for the copy's run:
#: ``EVALMETRICS_LAB=1`` (set in the Lab that ``make lab`` starts, so inherited by a terminal
#: opened there) makes ``evalmetrics.notebook.glue`` record nothing, and the copy would have no
#: values; ``EVALMETRICS_STATIC_FRAMES=1`` only renders the book's slider frames (slow).
KERNEL_ENV_REMOVED = ("EVALMETRICS_LAB", "EVALMETRICS_STATIC_FRAMES")


@contextlib.contextmanager
def kernel_environment():
    """os.environ without :data:`KERNEL_ENV_REMOVED` while a kernel starts, then as before."""
    saved = {name: os.environ.pop(name) for name in KERNEL_ENV_REMOVED if name in os.environ}
    try:
        yield
    finally:
        os.environ.update(saved)


def built_copy(path: Path) -> Path | None:
    """The book's executed copy of ``path`` if it is newer than the notebook and the package.

    The glued values depend on the notebook and on ``evalmetrics``: a copy older than either
    may hold numbers the code no longer computes.
    """
    built = ROOT / "_build" / "jupyter_execute" / path.relative_to(ROOT)
    if not built.exists():
        return None
    sources = [path, *(ROOT / "evalmetrics").rglob("*.py")]
    newest = max(source.stat().st_mtime for source in sources)
    return built if built.stat().st_mtime >= newest else None


def run_notebook(path: Path) -> dict:
    """A fresh execution of ``path`` (in its folder, as the book runs it)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    resources = {"metadata": {"path": str(path.parent)}}
    with kernel_environment():
        NotebookClient(notebook, timeout=600, kernel_name="python3", resources=resources).execute()
    return json.loads(nbformat.writes(notebook))


def execute(path: Path, needed: set[str] = frozenset()) -> dict:
    """The notebook executed: the book's executed copy if it is fresh and holds every glue key
    in ``needed`` (a build that stopped early may lack some), else a new run."""
    built = built_copy(path)
    if built is not None:
        executed = json.loads(built.read_text(encoding="utf-8"))
        # myst-nb moves the glue outputs out of the executed copy into <name>.glue.json
        sidecar = built.with_suffix(".glue.json")
        if sidecar.exists():
            outputs = list(json.loads(sidecar.read_text(encoding="utf-8")).values())
            executed["cells"].append({"cell_type": "code", "source": "", "outputs": outputs})
        if needed <= set(glued_values(executed)):
            # the book's copy holds each figure in every language: the reader's only
            language = _languages.reader_language()
            for cell in executed["cells"]:
                if "outputs" in cell:
                    cell["outputs"] = _languages.keep_language(cell["outputs"], language)
            return executed
    return run_notebook(path)


def glue_keys(path: Path) -> set[str]:
    """The keys of ``path``'s own values that its Markdown's ``{glue:text}`` roles use."""
    keys = set()
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        for match in ROLE.finditer(cell_text(cell)):
            if match.group(1) == "glue:text":
                document, key, _ = split_glue(match.group(2))
                if not document:
                    keys.add(key)
    return keys


def split_glue(content: str) -> tuple[str, str, str]:
    """``[doc::]key[:fmt]`` -> (doc, key, fmt), as myst-nb's ``{glue:text}`` splits it."""
    key, colon, fmt_spec = content.rpartition(":")
    if not colon:
        key, fmt_spec = content, "s"
    document, separator, rest = key.partition("::")
    if not separator:
        document, rest = "", key
    return document.strip(), rest.strip(), fmt_spec


def outside_code(lines: list[str]) -> list[bool]:
    """For each line: False inside a fenced code block (its ``# comment`` is no heading).

    Directive fences (```` ```{note} ````, ``:::{admonition}``) hold prose: they are tracked
    only so that their closing fence is not taken for a code block's opening.
    """
    result: list[bool] = []
    stack: list[tuple[str, bool]] = []  # open fences: (fence, is a code block)
    for line in lines:
        fence = re.match(r"^\s*(`{3,}|~{3,}|:{3,})(.*)$", line)
        in_code = any(is_code for _, is_code in stack)
        if fence and stack and closes(line, stack[-1][0]) and not fence.group(2).strip():
            stack.pop()
            result.append(not in_code)
            continue
        if fence and not in_code:
            directive = fence.group(2).lstrip().startswith("{")
            if directive or fence.group(1)[0] != ":":
                stack.append((fence.group(1), not directive))
                result.append(directive)
                continue
        result.append(not in_code)
    return result


def labels() -> dict[str, tuple[str, str]]:
    """Every label of the book: label -> (page path relative to ROOT, its title).

    Also fills :data:`PAGE_TITLES` (page -> its first heading), for ``{doc}`` roles.
    """
    found: dict[str, tuple[str, str]] = {}
    pages = notebook_paths() + [ROOT / "intro.md", *sorted((ROOT / "reference").glob("*.md"))]
    for page in pages:
        rel = str(page.relative_to(ROOT))
        if page.suffix == ".ipynb":
            cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
            texts = [cell_text(c) for c in cells if c["cell_type"] == "markdown"]
        else:
            texts = [page.read_text(encoding="utf-8")]
        # a label may end one markdown cell and its heading start the next
        lines = [line for text in texts for line in text.splitlines()]
        prose = outside_code(lines)
        headings = [
            HEADING.match(line) if ok else None for line, ok in zip(lines, prose, strict=True)
        ]
        for i, line in enumerate(lines):
            if headings[i] and rel not in PAGE_TITLES:
                PAGE_TITLES[rel] = headings[i].group(2)
            label = LABEL.match(line) if prose[i] else None
            if label:
                title = next(
                    (h.group(2) for h in headings[i + 1 : i + 4] if h), label.group("label")
                )
                found[label.group("label")] = (rel, title)
            option = re.match(r"^:(?:label|name):\s*(\S+)", line)
            if option:
                found.setdefault(option.group(1), (rel, option.group(1)))
    return found


def exercise_titles() -> dict[str, str]:
    """Exercise label -> "Exercise 4.2", numbered per chapter in order, as the book does."""
    titles = {}
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        chapter = int(path.name[:2])
        number = 0
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            lines = cell_text(cell).splitlines()
            for i, line in enumerate(lines):
                if EXERCISE.match(line):
                    number += 1
                    for option in lines[i + 1 : i + 6]:
                        match = re.match(r"^:label:\s*(\S+)", option)
                        if match:
                            titles[match.group(1)] = f"Exercise {chapter}.{number}"
    return titles


def _plain(latex: str) -> str:
    """A BibTeX name as text: ``J{\\"a}rvelin`` -> ``Järvelin`` (braces and accents resolved)."""
    import codecs

    import latexcodec  # noqa: F401  (registers the "ulatex" codec; pybtex depends on it)

    return codecs.decode(latex, "ulatex").replace("{", "").replace("}", "")


def citations() -> dict[str, tuple[str, str]]:
    """Bib key -> (parenthetical text, textual text), as the book's citation style renders."""
    from pybtex.database import parse_file

    entries = parse_file(str(ROOT / "references.bib")).entries
    rendered = {}
    for key, entry in entries.items():
        people = entry.persons.get("author") or entry.persons.get("editor") or []
        names = [
            _plain(" ".join(person.prelast_names + person.last_names) or str(person))
            for person in people
        ]
        if not names:
            who = "Anonymous"
        elif len(names) == 1:
            who = names[0]
        elif len(names) == 2:
            who = f"{names[0]} and {names[1]}"
        else:
            who = f"{names[0]} et al."
        year = entry.fields.get("year", "n.d.")
        number = entry.fields.get("documentnumber")
        if number:
            word = "Document" if _languages.reader_language() == _languages.ENGLISH else "文档"
            text = f"{word} {number} ({who}, {year})"
            rendered[key] = (text, text)
        else:
            rendered[key] = (f"{who}, {year}", f"{who} ({year})")
    return rendered


# --- the rewriting --------------------------------------------------------------------------


#: Sphinx's explicit title (``text <target>``): the target is after the last ``<``, and the
#: text may hold ``<`` and line breaks.
EXPLICIT = re.compile(r"^(.+?)\s*(?<!\x00)<([^<]*?)>$", re.S)


class Resolver:
    """Turns the book's roles into text that any Markdown renderer shows as the book does."""

    def __init__(
        self,
        page: Path,
        values: dict[str, str],
        values_of: Callable[[Path], dict[str, str]] | None = None,
    ):
        self.page = page
        self.values = values
        self.values_of = values_of  # another notebook's values, for ``doc::key``
        self.labels = LABELS
        self.exercises = EXERCISES
        self.citations = CITATIONS

    def __call__(self, match: re.Match) -> str:
        role, content = match.group(1), match.group(2)
        if role == "glue:text":
            return self.glue(content)
        if role.startswith("cite"):
            keys = [key.strip() for key in content.split(",")]
            unknown = [key for key in keys if key not in self.citations]
            if unknown:
                raise KeyError(f"{self.page.name}: unknown citation {unknown}")
            if role == "cite:t":
                return "; ".join(self.citations[key][1] for key in keys)
            return "[" + "; ".join(self.citations[key][0] for key in keys) + "]"
        if role == "term":
            explicit = EXPLICIT.match(content)
            return " ".join((explicit.group(1) if explicit else content).split())
        if role == "doc":
            return self.document(content)
        return self.reference(content, numbered=role == "numref")

    def glue(self, content: str) -> str:
        from myst_nb.core.variables import format_plain_text

        document, key, fmt_spec = split_glue(content)
        values, where = self.values, self.page.name
        if document:
            other = (self.page.parent / document).resolve()
            if self.values_of is None or not other.is_file():
                raise KeyError(f"{where}: no notebook {document!r} for glue key {key!r}")
            values, where = self.values_of(other), f"{where} -> {document}"
        if key not in values:
            raise KeyError(f"{where}: no glued value {key!r}")
        return format_plain_text(values[key], fmt_spec)

    def reference(self, content: str, numbered: bool = False) -> str:
        explicit = EXPLICIT.match(content)
        text, label = (explicit.group(1), explicit.group(2)) if explicit else (None, content)
        label = label.strip()
        if label in self.exercises:
            text = text or self.exercises[label]
        if label not in self.labels:
            raise KeyError(f"{self.page.name}: unknown label {label!r}")
        target, title = self.labels[label]
        title = in_reader_language(target, title)
        if text and numbered:  # "Section %s" / "{number}": the copy has no numbers, the title
            text = text.replace("%s", title).replace("{number}", title).replace("{name}", title)
        text = " ".join((text or title).split())
        return self.link(text, target)

    def document(self, content: str) -> str:
        explicit = EXPLICIT.match(content)
        text, name = (explicit.group(1), explicit.group(2)) if explicit else (None, content)
        name = name.strip()
        base = ROOT if name.startswith("/") else self.page.parent
        stem = (base / name.lstrip("/")).resolve()
        found = [stem.with_suffix(s) for s in (".ipynb", ".md") if stem.with_suffix(s).is_file()]
        if not found:
            raise KeyError(f"{self.page.name}: no page {name!r}")
        target = str(found[0].relative_to(ROOT))
        title = in_reader_language(target, PAGE_TITLES.get(target, stem.name))
        return self.link(" ".join((text or title).split()), target)

    def link(self, text: str, target: str) -> str:
        if target.endswith(".ipynb"):
            relative = os.path.relpath(ROOT / target, self.page.parent)
            return f"[{text}]({relative})"
        return text  # a page of the book that is not a notebook (glossary, errata)


def closes(line: str, fence: str) -> bool:
    """Whether ``line`` closes a directive opened by ``fence`` (same character, at least as
    long, nothing after it but spaces), as CommonMark and MyST close fences."""
    match = re.match(r"^\s*(`{3,}|~{3,}|:{3,})\s*$", line)
    return bool(match) and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence)


def colon_fence(text: str, at_least: int) -> str:
    """A colon fence longer than every colon fence in ``text``, so it can hold it."""
    runs = [len(run) for run in re.findall(r"^\s*(:{3,})", text, re.M)]
    return ":" * max([at_least, *(n + 1 for n in runs)])


def rewrite_exercises(text: str) -> str:
    """``{exercise}`` blocks as titled tip admonitions."""
    lines = text.splitlines(keepends=True)
    out, i = [], 0
    while i < len(lines):
        match = EXERCISE.match(lines[i].rstrip("\n"))
        if not match:
            out.append(lines[i])
            i += 1
            continue
        fence, extra = match.group("fence"), match.group("title").strip()
        i += 1
        label = None
        while i < len(lines) and lines[i].startswith(":") and not lines[i].startswith(":::"):
            option = re.match(r"^:label:\s*(\S+)", lines[i])
            if option:
                label = option.group(1)
            i += 1
        body = []
        while i < len(lines) and not closes(lines[i].rstrip("\n"), fence):
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise ValueError(f"exercise {label or extra!r} is never closed by {fence}")
        i += 1  # the closing fence
        # sphinx-exercise's title: "Exercise 4.2 (its title)"
        title = EXERCISES.get(label, "Exercise") + (f" ({extra})" if extra else "")
        colons = colon_fence("".join(body), max(3, len(fence) + 1))
        out.append(f"{colons}{{admonition}} {title}\n:class: tip\n")
        out.extend(body if body and body[0].strip() else body[1:])
        if out and not out[-1].endswith("\n"):
            out[-1] += "\n"
        out.append(f"{colons}\n")
    return "".join(out)


def _solution_title(label: str | None) -> str:
    exercise = EXERCISES.get(label or "")
    if _languages.reader_language() != _languages.ENGLISH:  # as the Chinese edition writes it
        return f"{exercise} 的解答" if exercise else "解答"
    return f"Solution to {exercise[0].lower()}{exercise[1:]}" if exercise else "Solution"


def _dropdown(title: str, body: list[str]) -> str:
    text = "\n\n".join(part.strip("\n") for part in body if part.strip())
    colons = colon_fence(text, 5)
    return f"{colons}{{admonition}} {title}\n:class: dropdown\n{text}\n{colons}\n"


def _code_block(code: str) -> str:
    """``code`` as a Python code block whose fence is longer than any backtick run in it."""
    runs = [len(run) for run in re.findall(r"`{3,}", code)]
    fence = "`" * max([3, *(n + 1 for n in runs)])
    return f"{fence}python\n{code.strip()}\n{fence}"


def fold_solutions(cells: list[dict]) -> list[dict]:
    """Each solution as one folded dropdown, its code inside as code blocks.

    A solution spans cells in the source (its text, its code cells, the closing directive).
    In Lab each cell renders alone, and running a cell unfolds its output, so a solution's
    code cells would show their answers after a Run All. The copy moves the solution's code
    into the dropdown as Python code blocks (to read or paste into a cell), and drops the
    hidden check that directly follows a solution (it asserts the solution's values, as the
    student edition does).
    """
    result: list[dict] = []
    inside, title, body = False, "Solution", []
    just_closed = False
    for cell in cells:
        is_check = "remove-cell" in cell.get("metadata", {}).get("tags", [])
        if just_closed and cell["cell_type"] == "code" and is_check:
            continue
        just_closed = False
        if cell["cell_type"] != "markdown":
            if inside:
                body.append(_code_block(cell_text(cell)))
            else:
                result.append(cell)
            continue
        pieces: list[str] = []
        lines = cell_text(cell).splitlines(keepends=True)
        outside: list[str] = []
        solution_text: list[str] = []
        i = 0
        while i < len(lines):
            start, end = SOLUTION_START.match(lines[i]), SOLUTION_END.match(lines[i])
            if (start and inside) or (end and not inside):
                raise ValueError(
                    f"{lines[i].strip()!r} inside {title!r}"
                    if inside
                    else f"{lines[i].strip()!r} without a solution-start"
                )
            if start and not inside:
                pieces.append("".join(outside))
                outside = []
                inside, title, body = True, _solution_title(start.group("label")), []
                solution_text = []
                i += 1
                while i < len(lines) and lines[i].startswith(":"):
                    i += 1
                if i < len(lines) and re.match(r"^\s*`{3,}\s*$", lines[i]):
                    i += 1
                continue
            if end and inside:
                i += 1
                if i < len(lines) and re.match(r"^\s*`{3,}\s*$", lines[i]):
                    i += 1
                body.append("".join(solution_text))
                solution_text = []
                pieces.append(_dropdown(title, body))
                inside, body, just_closed = False, [], True
                continue
            (solution_text if inside else outside).append(lines[i])
            i += 1
        if inside:
            body.append("".join(solution_text))
        pieces.append("".join(outside))
        text = "\n".join(piece.strip("\n") for piece in pieces if piece.strip())
        if text:
            result.append({**cell, "source": text + "\n"})
    if inside:
        raise ValueError(f"a solution ({title}) is never closed by solution-end")
    return result


def lab_notebook(
    path: Path,
    executed: dict,
    values_of: Callable[[Path], dict[str, str]] | None = None,
    notebook: dict | None = None,
) -> dict:
    """The Lab copy of one notebook (``values_of``: another notebook's glued values).

    ``notebook``: an edited copy of ``path`` to convert instead of the file itself (the student
    edition passes the chapter without its solutions); roles resolve as in ``path``.
    """
    notebook = copy.deepcopy(notebook or json.loads(path.read_text(encoding="utf-8")))
    resolve = Resolver(path, glued_values(executed), values_of)
    for cell in notebook["cells"]:
        tags = cell.get("metadata", {}).get("tags", [])
        if cell["cell_type"] == "markdown" and "remove-cell" in tags:
            cell["metadata"].setdefault("jupyter", {}).update(source_hidden=True)
        elif cell["cell_type"] == "markdown":
            text = translated(path, cell_text(cell))
            cell["source"] = rewrite_exercises(ROLE.sub(resolve, text))
        elif "remove-cell" in tags:
            # Lab unfolds a cell's output whenever it runs it: a check that prints (a warning,
            # a progress line) would show after Run All, so its output is captured instead.
            cell["metadata"].setdefault("jupyter", {}).update(
                source_hidden=True, outputs_hidden=True
            )
            cell["source"] = CAPTURE + cell_text(cell)
        elif {"hide-input", "remove-input"} & set(tags):
            cell["metadata"].setdefault("jupyter", {}).update(source_hidden=True)
    notebook["cells"] = fold_solutions(notebook["cells"])
    language = _languages.reader_language()
    if language != _languages.ENGLISH:
        notebook["cells"].insert(0, language_cell(language))
    return notebook


def language_cell(language: str) -> dict:
    """The first cell of a copy in another language: the kernel draws its figures and
    explorers and answers ``check()`` in that language, in whatever Jupyter opens the copy
    (``make lab LANG=zh`` sets the variable for the server too)."""
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": "reader-language",
        "metadata": {
            "tags": ["remove-cell"],
            "jupyter": {"source_hidden": True, "outputs_hidden": True},
        },
        "outputs": [],
        "source": [
            "import os\n",
            "\n",
            f'os.environ["{_languages.LANGUAGE_VARIABLE}"] = "{language}"'
            "  # figures, explorers and check() in this language",
        ],
    }


_TRANSLATIONS: dict[Path, dict[str, str]] = {}


def in_reader_language(page: str, text: str) -> str:
    """A title of ``page`` (relative to ROOT: a link's text) as that page's catalog translates
    it, in a copy in another language; as written otherwise."""
    if _languages.reader_language() == _languages.ENGLISH:
        return text
    return _page_translations(ROOT / page).get(text, text)


def _page_translations(path: Path) -> dict[str, str]:
    """English -> Chinese of the page at ``path`` (its catalog, read once)."""
    path = path.resolve()
    if path not in _TRANSLATIONS:
        import translations

        page = path.relative_to(ROOT).with_suffix("").as_posix()
        _TRANSLATIONS[path] = translations.page_translations(page)
    return _TRANSLATIONS[path]


def translated(path: Path, markdown: str) -> str:
    """A Markdown cell in the reader's language (``EVALMETRICS_LANGUAGE=zh_CN``, which
    ``make lab LANG=zh`` sets): each paragraph, heading, list item and table cell that the
    page's catalog translates, as the Chinese edition shows it; English otherwise."""
    if _languages.reader_language() == _languages.ENGLISH:
        return markdown
    import translations

    return translations.translate_markdown(markdown, _page_translations(path))[0]


#: First line of every hidden check in the copy: its output is kept from the page.
CAPTURE = "%%capture hidden_check_output\n"

LABELS: dict[str, tuple[str, str]] = {}
EXERCISES: dict[str, str] = {}
CITATIONS: dict[str, tuple[str, str]] = {}
PAGE_TITLES: dict[str, str] = {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "lab")
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every notebook")
    parser.add_argument(
        "--force",
        action="store_true",
        help="rewrite notebooks that already exist in --out (a reader's work there is lost)",
    )
    args = parser.parse_args(argv)
    LABELS.update(labels())
    EXERCISES.update(exercise_titles())
    if _languages.reader_language() != _languages.ENGLISH:  # sphinx-exercise's Chinese word
        EXERCISES.update({k: v.replace("Exercise ", "练习 ") for k, v in EXERCISES.items()})
    CITATIONS.update(citations())
    paths = [path.resolve() for path in args.notebooks] or notebook_paths()
    executed: dict[Path, dict] = {}

    def executed_notebook(path: Path) -> dict:
        if path not in executed:
            executed[path] = execute(path, glue_keys(path))
        return executed[path]

    def values_of(path: Path) -> dict[str, str]:
        return glued_values(executed_notebook(path))

    kept = []
    for path in paths:
        target = args.out / path.relative_to(ROOT)
        if target.exists() and not args.force:
            kept.append(str(target.relative_to(args.out)))  # the reader's work in Lab
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        notebook = lab_notebook(path, executed_notebook(path), values_of)
        target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", "utf-8")
        print(f"wrote {target.relative_to(args.out)}")
    if kept:
        print(
            f"kept {len(kept)} notebook(s) already in {args.out} (your work there); "
            "`make lab-fresh` (or --force) rewrites them from the chapters"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
