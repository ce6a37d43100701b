"""Renumber the chapters: move files, rewrite every reference, keep old URLs working.

When a chapter is inserted, split or moved, every later chapter changes its number, and the
number lives in many places: the notebook's file name (``chapters/NN_slug.ipynb``), its exercise
ids (``chNN-ex-...``) and glue names (``chNN_...``), its answer keys
(``teacher/exercise_keys/chNN.json`` and the exercise code ``teacher/exercise_specs/chNN.py``
that writes them; the package's hashed copy is rewritten by ``tools/hash_keys.py``), its
hand-computed answers (``tests/answers_chNN.py``), and the prose
("chapter 5", "chapters 13 and 14", "exercise 4.2", "§13"). This script changes all of them in
one pass, so no reference is renumbered twice, and records each moved page in
``redirects.json`` (old page -> new page), from which ``_ext/redirects.py`` writes a page at the
old address that sends the reader on.

Usage::

    python tools/renumber.py MAP.json            # apply
    python tools/renumber.py MAP.json --dry-run  # list what would change

``MAP.json`` maps each moved notebook's old stem to its new stem, e.g.
``{"04_third_level": "05_third_level", "05_roc_auc": "07_roc_auc"}``. A chapter's number is
the two digits its stem starts with; numbers of chapters not in the map stay. A chapter that is
split keeps its stem (or moves to one); the new chapter made from part of it is a new
notebook, and references in prose to the material that moved are for the author to revise
(``--dry-run`` lists each prose reference to a chapter it renumbers).

A notebook is renumbered cell by cell, each cell's source joined (as the catalogs join a
message), so "chapters 1" at the end of one line and "and 7" at the start of the next are
one reference; the cell is stored split into lines again, as nbformat stores it.

Left as written: a line that holds ``renumber: keep``, and the lines from one holding
nothing but ``renumber: off`` in a comment (``<!-- renumber: off -->``, ``# renumber: off``)
to one holding nothing but ``renumber: on`` (an example whose numbers are not this book's).

The report. At the end (and in a dry run) the tool lists each place where an OLD number of a
moved chapter is still written where a chapter reference may be, so the author judges each by
hand: ``path:LINE: text`` (``path: cell C, line L: text`` in a notebook, cells counted from
0 and the line in the cell's joined source; ``path:LINE`` of the message's ``msgid`` in a
catalog), the text as renumbered. Such a number is, after
"chapter(s)", "Ch", "ch." or "§" (alone or in a list: "ch. 3 and 7"), in "第 7 章", before
"_" in a file-like name ("07_*.ipynb"), in ``CHAPTER=07`` or ``CHAPTERS="04 16"``, after a
chapter's label (``numbers["ch-roc-auc"] == 7``), or a quoted number ("07", "7") in a
Python file or the Makefile. It is found by renumbering once more with each moved chapter sent
to a number no chapter has (old + 100): whatever still reads as an old number was not
rewritten (``leftovers``). Paths are those after the move (in a dry run, before it). Numbers
without such a context (a list of chapters with no "chapter" before it, a number in words) are
not found: read the diff too.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REDIRECTS = ROOT / "redirects.json"

# Files whose text is rewritten: everything git tracks, except binary files and the sources
# of others (the documents are not in the repository).
_TEXT_SUFFIXES = {
    ".py",
    ".ipynb",
    ".md",
    ".json",
    ".yml",
    ".yaml",
    ".txt",
    ".toml",
    ".bib",
    ".cfg",
    ".js",
    ".html",
    ".css",
    ".po",  # the Chinese catalogs: ids and glue names in both languages, "第 21 章"
    "",
}
# (its own test's samples are renumbered by hand, never by the tool)
_SKIP_FILES = {"redirects.json", "tools/renumber.py", "tests/test_renumber.py"}

_ZH_JOIN = r"\s*(?:、|，|,|和|与|及|或|至|到|–|—|-|~)\s*"
_PROSE_NUMBERS = re.compile(
    # "chapter 5", "Chapters 13 and 14", "chapters 1-3", "chapters 4, 5 or 6"
    r"(?P<word>\b[Cc]hapters?)(?P<nums>(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*[–-]\s*|\s+to\s+|\s+)\d{1,2}\b)+)"
    # "exercise 4.2", "Exercises 16.1 and 16.2"
    r"|(?P<exword>\b[Ee]xercises?)(?P<exnums>(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s+)\d{1,2}\.\d+\b)+)"
    # "§13" (a chapter, not a section of another book: those are written §2.3.2)
    r"|§(?P<sec>\d{1,2})(?![.\d])"
    # the Chinese catalogs: "第 21 章", "第 11、12 和 15 章", "第 10 至 15 章", "练习 7.2" (as
    # sphinx-exercise titles an exercise in Chinese) or "习题 7.2"
    r"|(?P<zhword>第\s*)(?P<zhnums>\d{1,2}(?:" + _ZH_JOIN + r"\d{1,2})*)(?P<zhend>\s*章)"
    r"|(?P<zhex>(?:习题|练习)\s*)(?P<zhexnums>\d{1,2}\.\d+(?:" + _ZH_JOIN + r"\d{1,2}\.\d+)*)"
)
# a line holding this marker is left as written (an example in CONTRIBUTING, a test's text)
KEEP = "renumber: keep"
# ... and so is a region from a line holding nothing but "renumber: off" (and comment marks)
# to one holding nothing but "renumber: on", or to the end of the text
_KEPT = re.compile(
    rf"^.*{re.escape(KEEP)}.*$"
    r"|^[^\w\n]*renumber: off[^\w\n]*$(?s:.*?)(?:^[^\w\n]*renumber: on[^\w\n]*$|\Z)",
    re.MULTILINE,
)


def _tracked_files() -> list[Path]:
    out = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.split("\n")
    files = []
    for name in out:
        if not name or name in _SKIP_FILES:
            continue
        path = ROOT / name
        if path.suffix in _TEXT_SUFFIXES and path.is_file():
            files.append(path)
    return files


def chapter_number(stem: str) -> int:
    match = re.match(r"(\d{2})_", stem)
    if not match:
        raise SystemExit(f"MAP: {stem!r} does not start with a two-digit chapter number")
    return int(match.group(1))


def build_maps(
    stem_map: dict[str, str], *, must_exist: bool = True
) -> tuple[dict[str, str], dict[int, int]]:
    numbers: dict[int, int] = {}
    for old, new in stem_map.items():
        if must_exist and not (ROOT / "chapters" / f"{old}.ipynb").exists():
            raise SystemExit(f"MAP: chapters/{old}.ipynb does not exist")
        numbers[chapter_number(old)] = chapter_number(new)
    if must_exist:
        present = [path.stem for path in (ROOT / "chapters").glob("[0-9][0-9]_*.ipynb")]
        clashes = collisions(stem_map, present)
        if clashes:
            raise SystemExit("MAP: nothing was changed, for " + "; ".join(clashes))
    return stem_map, numbers


def collisions(stem_map: dict[str, str], present: list[str]) -> list[str]:
    """The chapter numbers that two chapters would hold after the moves: a chapter the map
    leaves where another moves to, or two moved to one number. Checked before anything moves
    (a dry run too), for ``git mv`` would stop half-way."""
    after: dict[int, list[str]] = {}
    for stem in sorted(present):
        if stem not in stem_map:
            after.setdefault(chapter_number(stem), []).append(f"{stem} (not in the map)")
    for old, new in stem_map.items():
        after.setdefault(chapter_number(new), []).append(f"{old} -> {new}")
    return [
        f"chapter {number:02d} would be both {' and '.join(who)}: move the chapter that is in"
        " the way too (every chapter from the insertion to the end moves up by one)"
        for number, who in sorted(after.items())
        if len(who) > 1
    ]


def rewrite(text: str, stems: dict[str, str], numbers: dict[int, int], log: list[str]) -> str:
    """Every reference in ``text`` renumbered, in one pass (so 4 -> 5 -> 7 cannot happen);
    the lines that hold ``KEEP``, and the regions marked off, stay as written."""
    kept: list[str] = []
    if _KEPT.search(text):

        def keep(match: re.Match[str]) -> str:
            kept.append(match.group(0))
            return f"\0KEPT{len(kept) - 1}\0"

        text = _KEPT.sub(keep, text)
        new = rewrite(text, stems, numbers, log)
        return re.sub(r"\0KEPT(\d+)\0", lambda m: kept[int(m.group(1))], new)

    def number(match: re.Match[str]) -> str:
        written = match.group(0)
        old = int(written)
        if old not in numbers:  # "chapters 01 and 02" stays as written
            return written
        return f"{numbers[old]:0{len(written)}d}"

    def prose(match: re.Match[str]) -> str:
        start = max(0, match.start() - 30)
        context = text[start : match.end() + 10].replace("\n", " ")
        if match.group("word"):
            nums = re.sub(r"\d{1,2}", number, match.group("nums"))
            new = match.group("word") + nums
        elif match.group("exword"):
            nums = re.sub(
                r"(\d{1,2})(\.\d+)",
                lambda m: str(numbers.get(int(m.group(1)), int(m.group(1)))) + m.group(2),
                match.group("exnums"),
            )
            new = match.group("exword") + nums
        elif match.group("zhword"):
            nums = re.sub(r"\d{1,2}", number, match.group("zhnums"))
            new = f"{match.group('zhword')}{nums}{match.group('zhend')}"
        elif match.group("zhex"):
            nums = re.sub(
                r"(\d{1,2})(\.\d+)",
                lambda m: str(numbers.get(int(m.group(1)), int(m.group(1)))) + m.group(2),
                match.group("zhexnums"),
            )
            new = f"{match.group('zhex')}{nums}"
        else:
            old = int(match.group("sec"))
            new = f"§{numbers.get(old, old)}"
        if new != match.group(0):
            log.append(f"    {match.group(0)!r} -> {new!r}   ...{context}...")
        return new

    stem_pattern = "|".join(re.escape(s) for s in sorted(stems, key=len, reverse=True))
    id_numbers = "|".join(f"{n:02d}" for n in sorted(numbers))

    def identifier(match: re.Match[str]) -> str:
        if match.groupdict().get("stem"):
            return stems[match.group("stem")]
        return f"ch{numbers[int(match.group('num'))]:02d}"

    parts = []
    if stem_pattern:
        parts.append(rf"(?P<stem>\b(?:{stem_pattern})\b)")
    if id_numbers:
        # exercise ids ch04-ex-..., glue names ch04_..., key files ch04.json, answers_ch04
        parts.append(rf"(?<![A-Za-z0-9])ch(?P<num>{id_numbers})(?=[-_.]|\b)")
    if parts:
        text = re.sub("|".join(parts), identifier, text)
    if numbers:
        text = _PROSE_NUMBERS.sub(prose, text)
    return text


def rewrite_catalog(
    text: str, stems: dict[str, str], numbers: dict[int, int], log: list[str]
) -> str:
    """A message catalog (``.po``) renumbered message by message, as babel reads it (so a
    "第 21 章" that the file wraps across two lines is found). A translated message whose
    English changed is marked fuzzy (stale, so ``tests/test_translations.py`` asks for it
    again) when its translation's numbers no longer match the English's."""
    import io

    from babel.messages.pofile import read_po

    sys.path.insert(0, str(ROOT / "tools"))
    from translations import _with_digest, digest_in, problems, write_catalog

    catalog = read_po(io.BytesIO(text.encode("utf-8")))
    messages = list(catalog)
    for message in messages:
        if not message.id:
            continue  # the header
        old_id = message.id
        message.id = rewrite(old_id, stems, numbers, log)
        if message.string:
            message.string = rewrite(message.string, stems, numbers, log)
        message.auto_comments = [rewrite(c, stems, numbers, log) for c in message.auto_comments]
        if (
            message.id != old_id
            and message.string
            and not message.fuzzy
            and any("number" in problem for problem in problems(message.id, message.string))
        ):
            message.flags.add("fuzzy")
            log.append(f"    fuzzy (its numbers differ from the English now): {message.id[:60]!r}")
    # the catalog is keyed by message id: key the renumbered messages anew, in their order
    catalog._messages.clear()  # (babel's Catalog, read from its source: an ordered dict)
    for message in messages:
        if message.id:
            catalog[message.id] = message
    # as tools/translations.py update writes them (a catalog read and written is unchanged),
    # keeping the header's X-English-Digest as it was (babel drops it): the English changed
    # since, which the fast test then says until extract and update
    digest = digest_in(text.encode("utf-8"))
    return _with_digest(write_catalog(catalog), digest).decode("utf-8")


def _each_string(value: object, change) -> object:
    """``value`` (read from JSON) with ``change`` applied to each string in it."""
    if isinstance(value, str):
        return change(value)
    if isinstance(value, list):
        return [_each_string(item, change) for item in value]
    if isinstance(value, dict):
        return {key: _each_string(item, change) for key, item in value.items()}
    return value


def rewrite_notebook(
    text: str, stems: dict[str, str], numbers: dict[int, int], log: list[str]
) -> str:
    """A notebook renumbered: each cell's source joined before it is rewritten (a reference
    that spans two of its lines is found, as in the catalog, which joins them), then split
    into lines again as nbformat stores it; the other strings (cell ids) as they are."""
    notebook = json.loads(text)
    cells = notebook.get("cells", [])
    split = [i for i, cell in enumerate(cells) if isinstance(cell.get("source"), list)]
    for i in split:
        cells[i]["source"] = "".join(cells[i]["source"])
    new = _each_string(notebook, lambda string: rewrite(string, stems, numbers, log))
    if new == notebook:
        return text  # unchanged, and not written out anew
    for i in split:
        new["cells"][i]["source"] = new["cells"][i]["source"].splitlines(keepends=True)
    return json.dumps(new, indent=1, ensure_ascii=False) + "\n"


def rewrite_file(
    name: str, text: str, stems: dict[str, str], numbers: dict[int, int], log: list[str]
) -> str:
    """The text of the file ``name`` renumbered: a catalog message by message, a notebook
    cell by cell, any other file as one text."""
    if name.endswith(".po"):
        return rewrite_catalog(text, stems, numbers, log)
    if name.endswith(".ipynb"):
        return rewrite_notebook(text, stems, numbers, log)
    return rewrite(text, stems, numbers, log)


def _print_report(report: list[str], moves: dict[str, str]) -> None:
    """The report (see the module's docstring), each path as it is after the moves."""
    print(
        f"{len(report)} place(s) where a moved chapter's old number is still written where a"
        " chapter reference may be (renumber: keep and renumber: off regions aside); judge"
        " each by hand, it may be another number:"
    )
    for line in report:
        path, colon, rest = line.partition(":")
        print(f"  {moves.get(path, path)}{colon}{rest}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("map", type=Path)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument(
        "--exclude", nargs="*", default=[], help="paths (or folders) whose text is left alone"
    )
    parser.add_argument(
        "--only",
        nargs="*",
        default=None,
        help="rewrite the text of these files only; move nothing (for files left out before)",
    )
    args = parser.parse_args()
    stems, numbers = build_maps(
        json.loads(args.map.read_text(encoding="utf-8")), must_exist=args.only is None
    )

    changed = 0
    report: list[str] = []
    files = _tracked_files()
    if args.only is not None:
        only = [ROOT / name for name in args.only]
        files = [f for f in files if any(f == o or o in f.parents for o in only)]
    excluded = [ROOT / name for name in args.exclude]
    files = [f for f in files if not any(f == e or e in f.parents for e in excluded)]
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        log: list[str] = []
        new = rewrite_file(path.name, text, stems, numbers, log)
        report += leftovers(path.relative_to(ROOT).as_posix(), text, stems, numbers)
        if new != text:
            changed += 1
            print(f"{path.relative_to(ROOT)}: rewritten")
            for line in log:
                print(line)
            if not args.dry_run:
                path.write_text(new, encoding="utf-8")

    if args.only is not None:
        print(f"{changed} files rewritten" + (" (dry run)" if args.dry_run else ""))
        _print_report(report, {})
        return 0
    moves = []
    for old, new in stems.items():
        moves.append((f"chapters/{old}.ipynb", f"chapters/{new}.ipynb"))
    for old_n, new_n in numbers.items():
        for folder, pattern in (
            ("teacher/exercise_keys", "ch{:02d}.json"),
            ("evalmetrics/exercise_keys", "ch{:02d}.json"),
            ("tests", "answers_ch{:02d}.py"),
            ("teacher/exercise_specs", "ch{:02d}.py"),
        ):
            source = ROOT / folder / pattern.format(old_n)
            if source.exists():
                moves.append(
                    (f"{folder}/{pattern.format(old_n)}", f"{folder}/{pattern.format(new_n)}")
                )
    # The Chinese edition's catalog of each moved page moves with it.
    for old, new in stems.items():
        for catalog in sorted((ROOT / "locales").glob(f"*/LC_MESSAGES/chapters/{old}.po")):
            source = catalog.relative_to(ROOT).as_posix()
            moves.append((source, source.replace(f"chapters/{old}.po", f"chapters/{new}.po")))
    # Move through temporary names, so 05 -> 07 and 07 -> 10 cannot collide.
    if not args.dry_run:
        for i, (old, _new) in enumerate(moves):
            subprocess.run(["git", "mv", old, f"{old}.renumber{i}"], cwd=ROOT, check=True)
        for i, (old, new) in enumerate(moves):
            subprocess.run(["git", "mv", f"{old}.renumber{i}", new], cwd=ROOT, check=True)
        redirects = json.loads(REDIRECTS.read_text("utf-8")) if REDIRECTS.exists() else {}

        # Earlier redirects follow the page to its new home; the moved pages get one each.
        def moved(page: str) -> str:
            # "chapters/NN_slug" or "chapters/NN_slug#section"; other pages do not move
            path, hash_, anchor = page.partition("#")
            if not path.startswith("chapters/"):
                return page
            stem = path.removeprefix("chapters/")
            return f"chapters/{stems.get(stem, stem)}{hash_}{anchor}"

        for old_page, target in list(redirects.items()):
            if isinstance(target, str):
                redirects[old_page] = moved(target)
            else:
                target["to"] = moved(target["to"])
                target["anchors"] = {a: moved(p) for a, p in target.get("anchors", {}).items()}
        for old, new in stems.items():
            if old != new:
                redirects[f"chapters/{old}"] = f"chapters/{new}"
        REDIRECTS.write_text(json.dumps(dict(sorted(redirects.items())), indent=2) + "\n", "utf-8")
    for old, new in moves:
        print(f"move {old} -> {new}")
    moved_pages = [f"chapters/{old}" for old, new in stems.items() if old != new]
    print(
        f"redirects.json: {len(moved_pages)} old page(s) sent on to their new place, and earlier"
        " redirects to a moved page updated" + (" (dry run)" if args.dry_run else "")
    )
    print(f"{changed} files rewritten" + (" (dry run)" if args.dry_run else ""))
    _print_report(report, {} if args.dry_run else dict(moves))
    print("Then: python tools/hash_keys.py (the shipped keys are salted by file name)")
    print(
        "and the Chinese catalogs: translations.py extract and update (after a build); the "
        "messages whose chapter numbers changed are then stale, and translated again"
    )
    return 0


# The report's contexts (see the module's docstring); each named group holds chapter numbers.
_N = r"\d{1,2}(?!\.?\d)"  # not a part of 107, 7.2 or §2.3.2
_EN_LIST = rf"{_N}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+|\s*[–-]\s*|\s+to\s+){_N})*"
_CHAPTER_CONTEXTS = re.compile(
    # "chapters 3 and 7", "Ch. 7", "ch 7", "§7" (not chapter11 = ..., test-ch8.R)
    rf"(?:(?<![\w-])(?:[Cc]hapters?\s+|[Cc]hs?\.?\s*)|§\s*)(?P<en>{_EN_LIST})"
    # "第 3、7 章"
    rf"|第\s*(?P<zh>{_N}(?:{_ZH_JOIN}{_N})*)\s*章"
    # a file-like name: "chapters/07_*.ipynb", "07_roc"
    r"|(?<![\w.])(?P<file>\d{2})_(?=[A-Za-z*])"
    # make's CHAPTER=07, CHAPTERS="04 16" (\"04 16\" in an echo)
    r"""|\bCHAPTERS?\w*\s*[?:+]?=\s*\\?["']?(?P<make>\d{2}(?:[ ,]+\d{2})*)(?!\d)"""
    # a number beside a chapter's label: numbers["ch-roc-auc"] == 7, {"ch-roc-auc": 7}
    r"""|\bch-[a-z][\w-]*["'\]]*\s*(?:==|!=|=|:)\s*(?P<label>\d{1,2})(?![\d.])"""
)
_QUOTED = re.compile(r"""(["'])(?P<quoted>\d{1,2})\1""")  # "07" or "7" in Python, the Makefile


def _unrewritten_lines(text: str, probe: str, moved: set[int], quoted: bool) -> list[str]:
    """``LINE: text`` of each line of ``text`` (renumbered) where ``probe`` (the same text
    renumbered with each moved chapter sent to old + 100) still holds a moved chapter's old
    number in a chapter's context; lines left as written on purpose are not listed."""
    # blank the kept lines and regions out, keeping the offsets
    probe = _KEPT.sub(lambda match: re.sub(r"[^\n]", " ", match.group(0)), probe)
    hits: dict[int, int] = {}  # line -> the column of its first hit
    for pattern in [_CHAPTER_CONTEXTS] + ([_QUOTED] if quoted else []):
        for match in pattern.finditer(probe):
            for group, value in match.groupdict().items():
                if value is None:
                    continue
                for number in re.finditer(r"\d+", value):
                    if int(number.group()) in moved:
                        offset = match.start(group) + number.start()
                        line = probe.count("\n", 0, offset) + 1
                        column = offset - (probe.rfind("\n", 0, offset) + 1)
                        hits[line] = min(column, hits.get(line, column))
    rows = text.split("\n")
    found = []
    for line, column in sorted(hits.items()):
        row = rows[line - 1].strip() if column < 60 else "..." + rows[line - 1][column - 40 :]
        found.append(f"{line}: {row[:100]}")
    return found


def leftovers(name: str, text: str, stems: dict[str, str], numbers: dict[int, int]) -> list[str]:
    """The report's lines for the file ``name`` whose text, before renumbering, is ``text``:
    ``name:LINE: text`` (``name: cell C, line L: text`` in a notebook, its cells counted from
    0; ``name:LINE`` of the message in a catalog), with the line as renumbered."""
    moved = {old for old, new in numbers.items() if old != new}
    if not moved:
        return []
    probe_numbers = {old: old + 100 if old in moved else old for old in numbers}
    probe_stems = {old: f"1{old}" for old in stems}  # 107_roc_auc, not a file-like "07_"
    quoted = name.endswith(".py") or Path(name).name == "Makefile"

    def lines(source: str) -> list[str]:
        probe = rewrite(source, probe_stems, probe_numbers, [])
        return _unrewritten_lines(rewrite(source, stems, numbers, []), probe, moved, quoted)

    found = []
    if name.endswith(".ipynb"):
        for i, cell in enumerate(json.loads(text).get("cells", [])):
            source = cell.get("source", "")
            found += [f"{name}: cell {i}, line {line}" for line in lines("".join(source))]
    elif name.endswith(".po"):
        import io

        from babel.messages.pofile import read_po

        old = list(read_po(io.BytesIO(text.encode("utf-8"))))
        renumbered = rewrite_catalog(text, stems, numbers, [])
        new = list(read_po(io.BytesIO(renumbered.encode("utf-8"))))
        if len(new) != len(old):  # two messages became one: the lines before renumbering
            new = old
        for before, after in zip(old[1:], new[1:], strict=True):  # [0]: the header
            for message in (before.id, before.string):
                if isinstance(message, str):
                    found += [
                        f"{name}:{after.lineno}: {line.split(': ', 1)[1]}"
                        for line in lines(message)
                    ]
    else:
        found = [f"{name}:{line}" for line in lines(text)]
    return list(dict.fromkeys(found))  # (a message and its translation alike: once)


if __name__ == "__main__":
    sys.exit(main())
