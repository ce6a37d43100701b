"""The Chinese edition's message catalogs: extract the English, update the catalogs, report.

    python tools/translations.py extract   # the book's messages -> _build/gettext/*.pot
    python tools/translations.py update    # locales/zh_CN/LC_MESSAGES/*.po follow the .pot
                                           # (update chapters/05_averaging: that page only)
    python tools/translations.py status    # per page: English current or changed since the
                                           # last extract; translated, stale (fuzzy), missing
    python tools/translations.py check     # translations keep roles, math, code and numbers
    python tools/translations.py build     # the Chinese edition -> _build/html/zh

One source: the notebooks' Markdown (and the Markdown pages) are the English text; Sphinx's
gettext builder splits them into messages (a paragraph, a heading, a list item, a caption),
and the Chinese edition is the same notebooks built with ``language = "zh_CN"``, each message
replaced by its translation in ``locales/zh_CN/LC_MESSAGES/<page>.po``. Code cells and their
outputs are shared: the Chinese build reads the executed notebooks from the same jupyter-cache
as the English one and executes nothing.

A message whose English changes is marked *fuzzy* by ``update`` (babel's catalog update keeps
the old translation beside it for the translator); Sphinx never uses a fuzzy translation, so
the Chinese page shows the new English until someone translates it again, and ``status`` and
the tests count it as stale. Nothing stays silently out of date.

An English edit that never reached the catalogs (no ``extract`` and ``update`` after it) is
caught without a build: ``extract`` writes into each template, and ``update`` into each
catalog, an ``X-English-Digest`` header, the SHA-256 of the English the page's messages come
from, read from the sources before the gettext build (``english_sources``). A fast test
recomputes it from the sources and names each page whose English changed since. It covers
what the messages are made of, and only that: a notebook's Markdown cells (and their tags),
and the ``mystnb`` metadata of its code cells (a figure's alt text or caption); a Markdown
page's text; the parts' captions (root page) and the package's public docstrings (API page);
``check()``'s texts. Not the code, whose edits change glued numbers and figures but no
message. The figures' texts are drawn by code as it runs, so only a new ``extract`` sees them
change (the slow test does).
"""

from __future__ import annotations

import argparse
import ast
import collections
import hashlib
import io
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LANGUAGE = "zh_CN"
LOCALES = ROOT / "locales"
CATALOGS = LOCALES / LANGUAGE / "LC_MESSAGES"
TEMPLATES = ROOT / "_build" / "gettext"
EDITION = ROOT / "_build" / "html" / "zh"
# Sphinx builds it apart (myst-nb writes its output files beside a build's output folder,
# which must not be inside the English site), then it is copied into the English site's zh/
ZH_BUILD = ROOT / "_build" / "zh" / "html"
CACHE = ROOT / "_build" / ".jupyter_cache"
# the catalog of every figure's texts (evalmetrics/_languages.py draws them translated)
FIGURES = "figures"
# the catalog of check()'s feedback and the exercises' hints (evalmetrics/exercises.py)
EXERCISES = "exercises"
# the pages whose Chinese is complete: tests/test_translations.py fails when one of them has a
# missing or a stale (fuzzy) message; a page is added here when its translation is reviewed
TRANSLATED: list[str] = [
    "intro",
    "chapters/01_why_metrics",
    "chapters/02_first_level",
    "chapters/03_second_level",
    "chapters/04_third_level",
    "chapters/05_averaging",
    "chapters/06_four_counts",
    "chapters/07_roc_auc",
    "chapters/08_auc_in_practice",
    "chapters/09_pr_ap",
    "chapters/10_retrieval_pr",
    "chapters/11_ap_map",
    "chapters/12_rr_mrr",
    "chapters/13_hit_ratio",
    "chapters/14_sampled_metrics",
    "chapters/15_dcg_ndcg",
    "chapters/16_choosing",
    "chapters/17_confidence_intervals",
    "chapters/18_bootstrap",
    "chapters/19_hypothesis_tests",
    "chapters/20_paired_tests",
    "chapters/21_costs_thresholds",
    "chapters/22_calibration",
    "chapters/23_incomplete_judgments",
    "chapters/24_two_learners",
    "chapters/25_many_datasets",
    *[
        f"reference/{name}"
        for name in ("api", "bibliography", "conventions", "errata", "formulas", "glossary")
    ],
    "reference/own_data",
    "reference/teachers",
    FIGURES,
    EXERCISES,
]


# the header field of a template and a catalog that records what English they were extracted from
DIGEST_FIELD = "X-English-Digest"
# the catalogs with no English source to digest: their texts are drawn by code as it runs
BUILD_ONLY = {FIGURES}
# notebook metadata that holds no text of the page (a MyST page's front matter: the same)
_NOT_TEXT = {"kernelspec", "language_info", "jupytext"}


def _sphinx(
    builder: str, outdir: Path, overrides: dict, doctrees: Path, fresh: bool = False
) -> int:
    """Build the book with ``builder`` into ``outdir``: _config.yml and _toc.yml as
    ``jupyter-book build`` reads them, warnings as errors, the English build's jupyter-cache."""
    from jupyter_book.sphinx import build_sphinx

    os.environ.setdefault("EVALMETRICS_STATIC_FRAMES", "1")
    result = build_sphinx(
        str(ROOT),
        str(outdir),
        noconfig=True,
        path_config=str(ROOT / "_config.yml"),
        use_external_toc=True,
        doctreedir=str(doctrees),
        confoverrides={
            "external_toc_path": str(ROOT / "_toc.yml"),
            "latex_individualpages": False,
            "nitpicky": True,
            "nb_execution_cache_path": str(CACHE),
            **overrides,
        },
        builder=builder,
        freshenv=fresh,
        warningiserror=True,
        keep_going=True,
        quiet=True,
    )
    return 0 if result == 0 else 1


def extract() -> int:
    """The English messages of every page, one template per page (``_build/gettext``), and
    the figures' texts (``figures.pot``)."""
    settings = {
        # read the executed notebooks, never execute: stop if one is missing or stale
        "fresh_notebooks_execute": False,
        "gettext_compact": False,
        "gettext_uuid": False,
        "gettext_location": False,
        # myst-nb gives the gettext builder a figure's text/plain ("<Figure size ...>"); the
        # image is wanted, for its alt text (a cell's ``mystnb.image.alt``) is a message
        "nb_mime_priority_overrides": [
            ["html", "application/vnd.jupyter.widget-view+json", None],
            ["gettext", "image/png", 5],
        ],
    }
    # the English as the build reads it: digested before the build, so an edit made while it
    # runs is not taken for extracted
    digests = {page: english_digest(page) for page in book_pages()}
    # a fresh environment: an incremental one lost the glue of pages it did not read again
    # (a page that pastes another notebook's value then fails)
    doctrees = ROOT / "_build" / ".doctrees-gettext"
    code = _sphinx("gettext", TEMPLATES, settings, doctrees, fresh=True)
    code = code or extract_figures() or extract_exercises()
    if code == 0:
        for page, path in templates().items():
            path.write_bytes(_with_digest(path.read_bytes(), digests.get(page)))
    return code


def extract_exercises() -> int:
    """``exercises.pot``: what ``check()`` says (its verdicts, and every key's hints), shown in
    the reader's language when ``EVALMETRICS_LANGUAGE`` names one (``make lab LANG=zh``)."""
    return _write_template(_exercise_catalog(), EXERCISES, "check() texts")


def _exercise_catalog():
    """The messages of ``exercises.pot`` (no build needed: they are the package's texts)."""
    from babel.messages.catalog import Catalog

    from evalmetrics import exercises

    catalog = Catalog(project="Counting What Matters", fuzzy=False)
    for text in exercises.MESSAGES:
        catalog.add(text, auto_comments=["check()"])
    for path in sorted((ROOT / "evalmetrics" / "exercise_keys").glob("*.json")):
        for exercise_id, exercise in json.loads(path.read_text(encoding="utf-8"))[
            "exercises"
        ].items():
            for hint in exercise.get("hints", []):
                if hint["hint"] not in catalog:
                    catalog.add(hint["hint"], auto_comments=[exercise_id])
    return catalog


def _write_template(catalog, name: str, what: str) -> int:
    """``catalog`` as the template ``_build/gettext/<name>.pot``."""
    from babel.messages.pofile import write_po

    path = TEMPLATES / f"{name}.pot"
    with path.open("wb") as stream:
        write_po(stream, catalog, width=100, omit_header=False, sort_output=False)
    print(f"{len(catalog)} {what} -> {path}")
    return 0


def notebook_pages() -> dict[str, Path]:
    """Page -> notebook, for every notebook of the book."""
    return {
        path.relative_to(ROOT).with_suffix("").as_posix(): path
        for folder in ("chapters", "reference")
        for path in sorted((ROOT / folder).glob("*.ipynb"))
    }


def extract_figures() -> int:
    """``figures.pot``: every text of every figure, as the build drew it in English.

    The build outputs each figure once per language (``evalmetrics/_languages.py``); the
    English output lists the figure's texts. They are read from the executed notebooks in
    jupyter-cache, so ``make book`` (or ``extract``'s own build) must have run first. A
    comment names the pages each text is drawn on."""
    import nbformat
    from babel.messages.catalog import Catalog
    from jupyter_cache import get_cache

    from evalmetrics import _languages

    cache = get_cache(str(CACHE))
    catalog = Catalog(project="Counting What Matters", fuzzy=False)
    unexecuted = []
    for page, path in notebook_pages().items():
        try:
            _, executed = cache.merge_match_into_notebook(nbformat.read(path, as_version=4))
        except KeyError:
            unexecuted.append(page)
            continue
        for cell in executed.cells:
            for output in cell.get("outputs", []):
                mark = output.get("metadata", {}).get(_languages.METADATA_KEY, {})
                for text in mark.get("texts", []):
                    if text not in catalog:
                        catalog.add(text)
                    if page not in catalog[text].auto_comments:
                        catalog[text].auto_comments.append(page)
    if unexecuted:
        print(f"no executed copy in {CACHE} of {', '.join(unexecuted)}: run `make book` first")
        return 1
    return _write_template(catalog, FIGURES, "figure texts")


def templates() -> dict[str, Path]:
    """Page (``chapters/02_first_level``) -> its ``.pot`` template."""
    return {
        path.relative_to(TEMPLATES).with_suffix("").as_posix(): path
        for path in sorted(TEMPLATES.rglob("*.pot"))
    }


def catalog_path(page: str) -> Path:
    return CATALOGS / f"{page}.po"


def book_pages() -> list[str]:
    """The pages ``_toc.yml`` lists (its root first), and the check() texts' catalog."""
    import yaml

    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files: list[str] = [toc["root"]]

    def walk(node) -> None:
        if isinstance(node, dict):
            if "file" in node:
                files.append(node["file"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk({key: value for key, value in toc.items() if key != "root"})
    return [*files, EXERCISES]


def _text(source) -> str:
    """A cell's source (a list of lines in a stored notebook), with ``\\n`` line ends."""
    text = "".join(source) if isinstance(source, list) else source
    return text.replace("\r\n", "\n")


def _cells(notebook: dict) -> list:
    """What of a notebook its messages come from: each Markdown cell's text and tags (a
    ``remove-cell`` takes its messages out), and each code cell's ``mystnb`` metadata, with
    its tags (an image's alt text and a figure's caption are messages, unless the output is
    removed). Not the code: it makes glued values and figures, never a message's text."""
    front = {k: v for k, v in notebook.get("metadata", {}).items() if k not in _NOT_TEXT}
    found: list = [front] if front else []
    for cell in notebook["cells"]:
        metadata = cell.get("metadata", {})
        if cell["cell_type"] == "markdown":
            found.append(["markdown", _text(cell["source"]), metadata.get("tags", [])])
        elif cell["cell_type"] == "code" and "mystnb" in metadata:
            found.append(["code", metadata["mystnb"], metadata.get("tags", [])])
    return found


def _toc_captions() -> list[str]:
    """The parts' captions in ``_toc.yml``: messages of the root page's catalog."""
    import yaml

    path = ROOT / "_toc.yml"
    if not path.exists():
        return []
    found: list[str] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            found.extend(str(node[key]) for key in ("caption", "title") if key in node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return found


def _docstrings() -> list[str]:
    """The package's documentation as autodoc reads it, from the source (nothing imported):
    the docstrings of public modules, classes, functions and methods, a class's or module's
    attribute docstrings and ``property(..., doc=...)`` texts, and ``#:`` comments. Names
    with a leading underscore are left out, as autodoc leaves them out."""
    found: list[str] = []

    def scope(body: list, public_module: bool = True) -> None:
        for index, node in enumerate(body):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                if isinstance(node.value.value, str) and (index or public_module):
                    found.append(node.value.value)
            elif isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.name.startswith("_"):
                    continue
                if isinstance(node, ast.ClassDef):
                    scope(node.body)
                else:
                    found.append(ast.get_docstring(node, clean=False) or "")
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                found.extend(
                    keyword.value.value
                    for call in ast.walk(node.value)
                    if isinstance(call, ast.Call)
                    for keyword in call.keywords
                    if keyword.arg == "doc"
                    and isinstance(keyword.value, ast.Constant)
                    and isinstance(keyword.value.value, str)
                )

    for path in sorted((ROOT / "evalmetrics").rglob("*.py")):
        text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
        found.append(path.relative_to(ROOT).as_posix())
        scope(ast.parse(text).body, not path.name.startswith("_") or path.name == "__init__.py")
        found.extend(line.strip() for line in text.splitlines() if line.strip().startswith("#:"))
    return found


def english_sources(page: str) -> list | None:
    """What ``page``'s messages are made of, read from the sources (no build): its Markdown
    (a notebook's or a MyST page's, cell by cell as ``_cells`` says; a plain page's text),
    the parts' captions for the root page, the package's docstrings for a page of autodoc
    directives, the texts themselves for ``check()``'s catalog. None for a page without
    sources (``BUILD_ONLY``, or a catalog whose page is gone)."""
    if page == EXERCISES:
        return [[m.id, m.auto_comments] for m in _exercise_catalog() if m.id]
    notebook, markdown = ROOT / f"{page}.ipynb", ROOT / f"{page}.md"
    if notebook.exists():
        text = ""
        found = _cells(json.loads(notebook.read_text(encoding="utf-8")))
    elif markdown.exists():
        text = markdown.read_text(encoding="utf-8").replace("\r\n", "\n")
        if "{code-cell}" in text:  # a MyST notebook: its code cells are code, as above
            from myst_nb.core.read import read_myst_markdown_notebook

            found = _cells(read_myst_markdown_notebook(text))
        else:
            found = [text]
    else:
        return None
    toc = ROOT / "_toc.yml"
    if toc.exists() and re.search(rf"(?m)^root:\s*{re.escape(page)}\s*$", toc.read_text("utf-8")):
        found.append(["toc captions", _toc_captions()])
    if re.search(r"(?m)^\s*\.\. auto\w+::", text):
        found.append(["docstrings", _docstrings()])
    return found


def english_digest(page: str) -> str | None:
    """``sha256:<hex>`` of ``english_sources(page)``, or None when it has none."""
    sources = english_sources(page)
    if sources is None:
        return None
    data = json.dumps(sources, ensure_ascii=False, sort_keys=True, default=str)
    return "sha256:" + hashlib.sha256(data.encode("utf-8")).hexdigest()


def _header_fields(po: bytes) -> tuple[int, int, list[tuple[bytes, str]]]:
    """Where a template's or catalog's header string is (start and end offsets of its
    lines) and its fields, each as its lines and its text (``Name: value``). A field may
    span lines: GNU msgmerge and Poedit wrap a long one."""
    header = re.search(rb'(?m)^msgstr ""\n((?:".*"\n)*)', po)
    if header is None:
        raise ValueError("a catalog without a header")
    fields: list[tuple[bytes, str]] = []
    lines, text = b"", ""
    for line in header[1].splitlines(keepends=True):
        lines += line
        text += line.decode("utf-8").strip()[1:-1]
        if text.endswith("\\n"):
            fields.append((lines, text[:-2]))
            lines, text = b"", ""
    if lines:
        fields.append((lines, text))
    return header.start(1), header.end(1), fields


def recorded_digest(path: Path) -> str | None:
    """The ``X-English-Digest`` a template or catalog records, or None."""
    if not path.exists():
        return None
    return digest_in(path.read_bytes())


def digest_in(po: bytes) -> str | None:
    """The ``X-English-Digest`` the text of a template or catalog records, or None."""
    for _, text in _header_fields(po)[2]:
        name, _, value = text.partition(":")
        if name.strip() == DIGEST_FIELD:
            return value.strip() or None
    return None


def _with_digest(po: bytes, digest: str | None) -> bytes:
    """A template's or catalog's text with its header's ``X-English-Digest`` set to
    ``digest`` (removed when None), as the header's last field (babel reads and writes only
    the fields it knows, so it is put back after every ``write_po``)."""
    start, end, fields = _header_fields(po)
    kept = b"".join(
        lines for lines, text in fields if text.partition(":")[0].strip() != DIGEST_FIELD
    )
    if digest is not None:
        kept += f'"{DIGEST_FIELD}: {digest}\\n"\n'.encode()
    return po[:start] + kept + po[end:]


def english_state(page: str) -> str:
    """Whether ``page``'s catalog was extracted from the English as it is now: ``current``,
    ``changed`` (since its last ``extract`` and ``update``), ``unrecorded`` (no digest in the
    catalog), ``build only`` (``BUILD_ONLY``: the slow test sees it) or ``no page``."""
    if page in BUILD_ONLY:
        return "build only"
    now = english_digest(page)
    if now is None:
        return "no page"
    recorded = recorded_digest(catalog_path(page))
    if recorded is None:
        return "unrecorded"
    return "current" if recorded == now else "changed"


# what to do when the English moved on (the wording of CONTRIBUTING's "The Chinese edition")
RUN_EXTRACT = (
    "run .venv/bin/python tools/translations.py extract and update (extract says when it needs"
    " make book first: after an edit of code, not of prose)"
)


def behind_the_english(pages: list[str]) -> list[str]:
    """Each of ``pages`` whose catalog does not follow the English as it is now, with why."""
    why = {
        "changed": "its English changed since its catalog was extracted",
        "unrecorded": f"its catalog records no {DIGEST_FIELD} (it was never extracted so)",
        "no page": "no page of the book has this catalog (renamed or removed?)",
    }
    return [
        f"{page}: {why[state]}"
        for page in pages
        if (state := english_state(page)) not in ("current", "build only")
    ]


def _previous_in(comments: list[str]) -> list[str] | None:
    """The old English that a message's ``#|`` lines hold, as babel's ``read_po`` keeps them
    (user comments ``| msgid "..."``, ``| "..."``), or None if they hold none or are not
    quoted po strings."""
    from babel.messages.pofile import denormalize

    pieces: list[list[str]] = []
    for comment in comments:
        keyword, _, rest = comment[1:].strip().partition(" ")
        if keyword in ("msgid", "msgid_plural"):
            pieces.append([rest.strip()])
        elif pieces:
            pieces[-1].append(comment[1:].strip())
        else:
            return None
    quoted = re.compile(r'"(?:[^"\\]|\\.)*"')
    if not pieces or not all(quoted.fullmatch(line) for piece in pieces for line in piece):
        return None
    return [denormalize("\n".join(piece)) for piece in pieces]


def write_catalog(catalog, width: int = 100) -> bytes:
    """``catalog`` as ``update`` writes it: babel's ``write_po``, a fuzzy message keeping its
    old English (``#| msgid``) above it, what the translator revises. Babel wraps that old
    English as comment text, breaking its quoted string across lines (invalid gettext), and
    reads ``#|`` lines back as user comments; so the old English (from ``update`` or from such
    comments) is written here as GNU msgmerge does, a quoted po string per line."""
    from babel.messages.pofile import normalize, write_po

    previous: dict[str, str] = {}
    kept = []
    for message in catalog:
        comments = [c for c in message.user_comments if c.startswith("|")]
        read = _previous_in(comments) if comments else None
        old = read or message.previous_id  # an already fuzzy message's first old English
        if not old:
            continue
        kept.append((message, message.previous_id, message.user_comments))
        if read:
            message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
        marks = []
        for string in old:
            mark = f"@@previous-id-{len(previous)}@@"  # no space: babel cannot wrap it
            previous[mark] = string
            marks.append(mark)
        message.previous_id = marks
    stream = io.BytesIO()
    try:
        write_po(
            stream,
            catalog,
            width=width,
            omit_header=False,
            sort_output=False,
            include_previous=True,
        )
    finally:
        for message, old, comments in kept:
            message.previous_id, message.user_comments = old, comments
    text = stream.getvalue().decode("utf-8")

    def quoted(match: re.Match[str]) -> str:
        return f"#| {match[1]} {normalize(previous[match[2]], prefix='#| ', width=width)}\n"

    text = re.sub(r'(?m)^#\| (msgid|msgid_plural) "(@@previous-id-\d+@@)"\n', quoted, text)
    return text.encode("utf-8")


def update(pages: list[str] | None = None) -> int:
    """Each page's catalog follows its template: new messages added untranslated, changed ones
    marked fuzzy (stale), removed ones dropped. ``pages``: only these (default: every page)."""
    from babel.messages.pofile import read_po

    found = templates()
    if not found:
        print(f"no templates in {TEMPLATES}: run `extract` first")
        return 1
    unknown = sorted(set(pages or ()) - set(found))
    if unknown:
        print(f"no template for {', '.join(unknown)}: pages are named like chapters/02_first_level")
        return 1
    if pages:
        found = {page: found[page] for page in pages}
    written = 0
    for page, template_path in found.items():
        with template_path.open("rb") as stream:
            template = read_po(stream)
        digest = recorded_digest(template_path)
        path = catalog_path(page)
        if path.exists():
            with path.open("rb") as stream:
                catalog = read_po(stream, locale=LANGUAGE)
            catalog.update(template, update_header_comment=False)
            catalog.obsolete.clear()
        else:
            catalog = template
            catalog.locale = LANGUAGE
        path.parent.mkdir(parents=True, exist_ok=True)
        # the English the template was extracted from (babel's write_po drops the field)
        text = _with_digest(write_catalog(catalog), digest)
        if path.exists() and _without_dates(path.read_bytes()) == _without_dates(text):
            continue  # only the template's date changed: the file stays as it is
        path.write_bytes(text)
        written += 1
    print(f"updated {written} of {len(found)} catalogs in {CATALOGS} (the others had no change)")
    return 0


def _without_dates(po: bytes) -> bytes:
    """A catalog's text without the header's dates, which every extract changes."""
    return re.sub(rb'(?m)^"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", po)


def counts(page: str) -> dict[str, int]:
    """A catalog's messages: ``translated`` (current), ``stale`` (fuzzy), ``missing``."""
    from babel.messages.pofile import read_po

    with catalog_path(page).open("rb") as stream:
        catalog = read_po(stream, locale=LANGUAGE)
    result = {"translated": 0, "stale": 0, "missing": 0}
    for message in catalog:
        if not message.id:
            continue  # the header
        if message.fuzzy:
            result["stale"] += 1
        elif message.string:
            result["translated"] += 1
        else:
            result["missing"] += 1
    return result


# (not math inside a code span, :math:`n_\text{relevant}` or C_{kk} followed by a backtick,
# nor a role shown as code, ``{glue:text}``)
ROLE = re.compile(r"(?<![A-Za-z0-9}{\\^_`$])\{([\w:.-]+)\}`([^`]*)`")
# roles whose text a translation may change, keeping the target: {term}`精确率 <precision>`
LINK_ROLES = {"term", "ref", "doc", "numref"}
MATH = re.compile(r"\$\$.+?\$\$|\$[^$]+\$", re.S)
CODE = re.compile(r"``[^`]+``|`[^`]+`")
# digits next to Chinese characters count ("10个样本", "2023年2月19日"), next to Latin ones not
# ("the 2.5th percentile": the number 2.5, written 2.5% in Chinese)
NUMBER = re.compile(r"(?<![A-Za-z0-9_.])(\d+(?:[.,]\d+)*)(?:st|nd|rd|th)?(?![A-Za-z0-9_])")
# words inside math (\text{...}) may be translated; the rest of the math may not change
MATH_TEXT = re.compile(r"\\text\{[^{}]*\}")
MONTHS = (
    "January February March April May June July August September October November December"
).split()
ENGLISH_DATE = re.compile(r"\b(\d{1,2}) (" + "|".join(MONTHS) + r") (\d{4})\b")
ENGLISH_MONTH = re.compile(r"\b(" + "|".join(MONTHS) + r") (\d{4})\b")


def _target(role: str, text: str) -> str:
    """What a role points to: ``precision`` of both ``precision`` and ``精确率 <precision>``."""
    found = re.search(r"<([^<>]+)>$", text.strip())
    return found[1] if found and role in LINK_ROLES else text


def tokens(text: str) -> collections.Counter:
    """What a translation must keep: every role (a link role by its target), inline and
    display math, code spans, and every number written in digits outside them."""
    found = collections.Counter()
    for role, body in ROLE.findall(text):
        found[f"{{{role}}}`{_target(role, body)}`"] += 1
    rest = ROLE.sub(" ", text)
    found.update(MATH_TEXT.sub(r"\\text{}", math) for math in MATH.findall(rest))
    rest = MATH.sub(" ", rest)
    found.update(CODE.findall(rest))
    rest = CODE.sub(" ", rest)
    # "19 February 2023" is 2023 年 2 月 19 日: the month's number counts as written
    rest = ENGLISH_DATE.sub(lambda m: f"{m[1]} {MONTHS.index(m[2]) + 1} {m[3]}", rest)
    # "September 2023" is 2023 年 9 月
    rest = ENGLISH_MONTH.sub(lambda m: f"{MONTHS.index(m[1]) + 1} {m[2]}", rest)
    found.update(f"number {n}" for n in NUMBER.findall(rest))
    return found


# the verdicts of the "What the documents say" sections, one Chinese form each
VERDICTS = {
    "Holds": "成立",
    "Holds with a reading": "在某种解读下成立",
    "Holds as hedged": "在原文的限定下成立",
    "Ambiguous": "有歧义",
    "Does not hold": "不成立",
    "Not reproducible": "无法核实",
}


def problems(english: str, chinese: str) -> list[str]:
    """How a translation differs from its English in what it must keep (empty: none).

    Roles, math and code count one by one; a number counts once however often it is written
    (an English rendering of a quote and the Chinese original beside it both write its numbers,
    and the Chinese edition quotes the original alone)."""
    want, got = tokens(english), tokens(chinese)
    for counter in (want, got):
        for key in [k for k in counter if k.startswith("number ")]:
            counter[key] = 1
    missing = ", ".join(sorted((want - got).elements()))
    extra = ", ".join(sorted((got - want).elements()))
    verdicts = [
        f"the verdict **{verdict}.** is **{chinese_form}**"
        for verdict, chinese_form in VERDICTS.items()
        if english.count(f"**{verdict}.**") > chinese.count(f"**{chinese_form}**")
    ]
    return (
        [f"missing {missing}"] * bool(missing)
        + [f"not in the English {extra}"] * bool(extra)
        + verdicts
    )


def page_translations(page: str) -> dict[str, str]:
    """A page's translated (current, not fuzzy) messages: English -> Chinese."""
    from babel.messages.pofile import read_po

    path = catalog_path(page)
    if not path.exists():
        return {}
    with path.open("rb") as stream:
        catalog = read_po(stream, locale=LANGUAGE)
    return {m.id: m.string for m in catalog if m.id and m.string and not m.fuzzy}


_FENCE = re.compile(r"^(\s*)(`{3,}|:{3,}|\$\$)(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d+\.)\s+(.*)$")
_OPTION = re.compile(r"^\s*:[\w-]+:")
_LABEL = re.compile(r"^\s*\([\w-]+\)=\s*$")
_WORDS = re.compile(r"[A-Za-z]{3,}")


LABEL_ARGUMENT = re.compile(r"^\s*[a-z0-9]+(?:-[a-z0-9]+)+\s*$")


def translate_markdown(text: str, table: dict[str, str]) -> tuple[str, int, int]:
    """A Markdown cell's MyST source with each block that ``table`` translates replaced by
    its translation, as the Chinese edition's build does: ``(text, translated, left)``,
    counting the blocks with words that were translated and those left in English.

    A block is what Sphinx makes one message of: a paragraph (its lines joined by spaces), a
    heading, a list item, a table cell, a directive's title. Code, math, labels and
    directive options stay as they are."""
    lines = text.split("\n")
    out: list[str] = []
    counts = [0, 0]

    def put(english: str) -> str:
        chinese = table.get(english)
        if _WORDS.search(english):
            counts[0 if chinese else 1] += 1
        return chinese or english

    i = 0
    directives: list[str] = []  # the fences of the directives open here, innermost last
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence:
            indent, marks, rest = fence.groups()
            if directives and not rest.strip() and marks == directives[-1]:
                directives.pop()  # a directive's closing fence, not a code block's opening
                out.append(line)
                i += 1
                continue
            if marks == "$$" or (marks.startswith("`") and not rest.startswith("{")):
                # math or code: verbatim to its closing fence
                out.append(line)
                i += 1
                while i < len(lines) and not lines[i].strip().startswith(marks[:3]):
                    out.append(lines[i])
                    i += 1
                if i < len(lines):
                    out.append(lines[i])
                i += 1
                continue
            directive = re.match(r"^(\{[\w:-]+\}\s*)(.*)$", rest)
            if directive:
                directives.append(marks)
            # a directive's title, not a label (``{solution-start} ch04-ex-f-values``)
            if directive and directive[2].strip() and not LABEL_ARGUMENT.match(directive[2]):
                out.append(f"{indent}{marks}{directive[1]}{put(directive[2].strip())}")
            else:
                out.append(line)
            i += 1
            continue
        if (
            not line.strip()
            or _OPTION.match(line)
            or _LABEL.match(line)
            or line.lstrip().startswith("<!--")
        ):
            out.append(line)
            i += 1
            continue
        heading = _HEADING.match(line)
        if heading:
            out.append(f"{heading[1]} {put(heading[2])}")
            i += 1
            continue
        if line.lstrip().startswith("|"):
            cells = line.strip().strip("|").split("|")
            if all(re.fullmatch(r"\s*:?-+:?\s*", cell) for cell in cells):
                out.append(line)
            else:
                out.append("| " + " | ".join(put(c.strip()) for c in cells) + " |")
            i += 1
            continue
        item = _ITEM.match(line)
        if item:
            indent, marker, first = item.groups()
            body = [first]
            i += 1
            while (
                i < len(lines)
                and lines[i].strip()
                and not _ITEM.match(lines[i])
                and not _FENCE.match(lines[i])
                and len(lines[i]) - len(lines[i].lstrip()) > len(indent)
            ):
                body.append(lines[i].strip())
                i += 1
            out.append(f"{indent}{marker} {put(' '.join(body))}")
            continue
        if i + 1 < len(lines) and lines[i + 1].startswith(": "):
            # a definition list's item: the term, then ": " and its definition, whose further
            # lines are indented; each is a message of its own
            out.append(put(line.strip()))
            body = [lines[i + 1][2:].strip()]
            i += 2
            while i < len(lines) and lines[i].startswith("  ") and lines[i].strip():
                body.append(lines[i].strip())
                i += 1
            out.append(": " + put(" ".join(body)))
            continue
        body = [line.strip()]
        i += 1
        while (
            i < len(lines)
            and lines[i].strip()
            and not _FENCE.match(lines[i])
            and not _HEADING.match(lines[i])
            and not _ITEM.match(lines[i])
            and not lines[i].lstrip().startswith("|")
        ):
            body.append(lines[i].strip())
            i += 1
        indent = line[: len(line) - len(line.lstrip())]
        out.append(indent + put(" ".join(body)))
    return "\n".join(out), counts[0], counts[1]


def catalog_pages() -> list[str]:
    """The pages that have a catalog (``chapters/02_first_level``), sorted."""
    return sorted(
        p.relative_to(CATALOGS).with_suffix("").as_posix() for p in CATALOGS.rglob("*.po")
    )


def status(pages: list[str] | None = None) -> int:
    """Each catalog's English (``english_state``: current, or changed since the catalog was
    extracted) and counts of messages translated, stale (fuzzy) and missing (untranslated): what
    is left for a translator, and for whoever edits the English. For the ``pages`` named, also
    each stale and missing message."""
    from babel.messages.pofile import read_po

    unknown = sorted(set(pages or ()) - set(catalog_pages()))
    if unknown:
        print(
            f"no catalog for {', '.join(unknown)}: a new page gets one from `extract` and"
            " `update`; pages are named like chapters/02_first_level"
        )
        return 1
    print(f"{'page':34s} {'english':>12s} {'translated':>10s} {'stale':>6s} {'missing':>8s}")
    behind = 0
    for page in pages or catalog_pages():
        c, state = counts(page), english_state(page)
        behind += state not in ("current", "build only")
        print(f"{page:34s} {state:>12s} {c['translated']:10d} {c['stale']:6d} {c['missing']:8d}")
    if not pages:
        for page in sorted(set(book_pages()) - set(catalog_pages())):
            behind += 1
            print(f"{page:34s} {'no catalog':>12s}")
    if behind:
        print(f"{behind} catalog(s) behind the English: {RUN_EXTRACT}")
    for page in pages or ():
        with catalog_path(page).open("rb") as stream:
            catalog = read_po(stream, locale=LANGUAGE)
        for message in catalog:
            if message.id and (message.fuzzy or not message.string):
                kind = "stale" if message.fuzzy else "missing"
                lineno = message.lineno or 0
                where = os.path.relpath(catalog_path(page), ROOT)
                print(f"{where}:{lineno}: {kind}: {message.id[:70]!r}")
    return 0


def check(pages: list[str] | None = None) -> int:
    """Every translated message keeps its English's roles, math, code and numbers."""
    from babel.messages.pofile import read_po

    chosen = pages or catalog_pages()
    bad = 0
    for page in chosen:
        with catalog_path(page).open("rb") as stream:
            catalog = read_po(stream, locale=LANGUAGE)
        for message in catalog:
            if message.id and message.string and not message.fuzzy:
                for problem in problems(message.id, message.string) + leftover_old(message):
                    bad += 1
                    print(f"{page}: {message.id[:60]!r}...: {problem}")
    print(f"{bad} problem(s)")
    return 1 if bad else 0


def leftover_old(message) -> list[str]:
    """A message marked current (not fuzzy) that still carries its old English (``#|``
    lines): the translator removed ``fuzzy`` and left them, or forgot to read them. Babel's
    ``read_po`` gives such lines as user comments beginning with ``|``, not as the message's
    ``previous_id``; either counts."""
    old = message.previous_id or [c for c in message.user_comments if c.startswith("|")]
    if message.fuzzy or not old:
        return []
    return [
        "not fuzzy, yet its old English (#| lines) is still there: delete those lines once"
        " the translation is current, or put `fuzzy` back until it is"
    ]


def translated_title() -> str:
    """The book's title as the landing page's catalog translates it (the English if not)."""
    import yaml
    from babel.messages.pofile import read_po

    title = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["title"]
    path = catalog_path("intro")
    if path.exists():
        with path.open("rb") as stream:
            message = read_po(stream, locale=LANGUAGE).get(title)
        if message is not None and message.string and not message.fuzzy:
            return message.string
    return title


def build() -> int:
    """The Chinese edition into ``_build/html/zh`` (after ``make book``: it executes nothing)."""
    code = _sphinx(
        "html",
        ZH_BUILD,
        {
            "language": LANGUAGE,
            "locale_dirs": [str(LOCALES)],
            "gettext_compact": False,
            "html_title": translated_title(),
            # myst-nb's buttons of folded code cells
            "nb_code_prompt_show": "显示代码",
            "nb_code_prompt_hide": "隐藏代码",
            # sphinx-togglebutton's hint on a folded box ("Click to show")
            "togglebutton_hint": "点击展开",
            "togglebutton_hint_hide": "点击收起",
        },
        ZH_BUILD.parent / ".doctrees",
    )
    if code == 0:
        import shutil

        shutil.rmtree(EDITION, ignore_errors=True)
        shutil.copytree(ZH_BUILD, EDITION, ignore=shutil.ignore_patterns(".buildinfo"))
        every = [counts(page) for page in catalog_pages()]
        done = sum(c["translated"] for c in every)
        total = sum(sum(c.values()) for c in every)
        print(
            f"the Chinese edition is in {EDITION.relative_to(ROOT)}:"
            f" {done} of {total} messages translated"
        )
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["extract", "update", "status", "check", "build"])
    parser.add_argument(
        "pages",
        nargs="*",
        help="check, update: only these pages, such as chapters/02_first_level; status: list"
        " their stale and missing messages",
    )
    args = parser.parse_args(argv)
    if args.action == "check":
        return check(args.pages)
    if args.action == "update":
        return update(args.pages)
    if args.action == "status":
        return status(args.pages)
    return {"extract": extract, "update": update, "status": status, "build": build}[args.action]()


if __name__ == "__main__":
    sys.exit(main())
