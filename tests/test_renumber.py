"""tools/renumber.py rewrites every kind of chapter reference once, and nothing else; its report
lists the old numbers it left where a chapter may be meant."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from renumber import collisions, leftovers, rewrite, rewrite_catalog, rewrite_file  # noqa: E402

STEMS = {"05_roc_auc": "07_roc_auc", "07_retrieval_pr": "10_retrieval_pr"}
NUMBERS = {5: 7, 7: 10}


def renumbered(text: str) -> str:
    return rewrite(text, STEMS, NUMBERS, [])


def test_each_reference_moves_once():
    # 5 -> 7 and 7 -> 10 in one pass: chapter 5 becomes 7, not 10
    assert renumbered("chapter 5 and chapter 7") == "chapter 7 and chapter 10"
    assert renumbered("Chapters 5 and 7, chapters 5-7") == "Chapters 7 and 10, chapters 7-10"
    assert renumbered("chapters 3, 5 or 7") == "chapters 3, 7 or 10"


def test_ids_glue_names_files_and_stems():
    text = 'check("ch05-ex-flip") glue("ch05_auc") ch05.json answers_ch05 05_roc_auc.ipynb'
    assert renumbered(text) == (
        'check("ch07-ex-flip") glue("ch07_auc") ch07.json answers_ch07 07_roc_auc.ipynb'
    )


def test_exercises_and_chapter_sections():
    assert renumbered("exercise 5.2(b), Exercises 7.1 and 5.3") == (
        "exercise 7.2(b), Exercises 10.1 and 7.3"
    )
    assert renumbered("(§5 computes it)") == "(§7 computes it)"


def test_what_is_not_a_chapter_of_this_book_stays():
    # a section of another book, other numbers, chapters that do not move
    text = "Zhou, 机器学习 §2.3.2; 5 cases; ch99-ex-one; chapter 3; 0.5; ch050"
    assert renumbered(text) == text


def test_a_number_outside_the_map_keeps_its_writing_and_a_moved_one_its_width():
    # "chapters 01 and 02" (a file's numbering) was rewritten as "chapters 1 and 2"
    assert renumbered("chapters 01 and 02, chapters 05 and 3") == (
        "chapters 01 and 02, chapters 07 and 3"
    )


def test_a_chinese_catalog_moves_its_chapter_numbers_too():
    text = 'msgid "Chapter 5 and ch05_auc"\nmsgstr "第 5 章和第 3 章，习题 7.1，ch05_auc"'
    assert renumbered(text) == (
        'msgid "Chapter 7 and ch07_auc"\nmsgstr "第 7 章和第 3 章，习题 10.1，ch07_auc"'
    )


def test_chinese_lists_and_ranges_of_chapters():
    assert renumbered("第 3、5 和 7 章；第 5 至 7 章；第5章；习题 5.1、7.2；练习 5.3") == (
        "第 3、7 和 10 章；第 7 至 10 章；第7章；习题 7.1、10.2；练习 7.3"
    )


def test_a_line_marked_keep_stays_as_written():
    text = 'chapter 5\n"chapter 5", an example  <!-- renumber: keep -->\nchapter 7'
    assert renumbered(text) == (
        'chapter 7\n"chapter 5", an example  <!-- renumber: keep -->\nchapter 10'
    )


def test_a_catalog_is_renumbered_message_by_message_and_a_mismatch_goes_stale():
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    catalog = Catalog(locale="zh_CN")
    # a long message, which the file wraps (between "第 5" and "章", say)
    long = "See chapter 5 " + "for the whole story of the threshold, " * 4 + "and chapter 3."
    catalog.add(long, "见第 5 章" + "，关于阈值的完整故事" * 6 + "，以及第 3 章。")
    # a translation that writes the number in words: it cannot be rewritten, so it goes stale
    catalog.add("Chapter 5 computes it.", "第五章计算了它。")
    stream = io.BytesIO()
    write_po(stream, catalog, width=40)
    log: list[str] = []
    new = read_po(
        io.BytesIO(rewrite_catalog(stream.getvalue().decode(), STEMS, NUMBERS, log).encode())
    )
    messages = {m.id: m for m in new if m.id}
    moved = messages[long.replace("chapter 5", "chapter 7")]
    assert moved.string.startswith("见第 7 章") and "第 3 章" in moved.string
    assert not moved.fuzzy
    assert messages["Chapter 7 computes it."].fuzzy


def test_a_region_marked_off_stays_as_written():
    text = (
        "chapter 5\n"
        "<!-- renumber: off -->\nsee `chapters/05_roc_auc` and chapter 7\n<!-- renumber: on -->\n"
        "# renumber: off\nx = 'ch05_auc'\n# renumber: on\n"
        "a mention of `<!-- renumber: off -->` in a sentence is no marker: chapter 7\n"
    )
    assert renumbered(text) == (
        "chapter 7\n"
        "<!-- renumber: off -->\nsee `chapters/05_roc_auc` and chapter 7\n<!-- renumber: on -->\n"
        "# renumber: off\nx = 'ch05_auc'\n# renumber: on\n"
        "a mention of `<!-- renumber: off -->` in a sentence is no marker: chapter 10\n"
    )


def notebook(*sources: list[str]) -> str:
    cells = [
        {"cell_type": "markdown", "id": f"ch05-cell{i}", "metadata": {}, "source": source}
        for i, source in enumerate(sources)
    ]
    return (
        json.dumps(
            {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5},
            indent=1,
            ensure_ascii=False,
        )
        + "\n"
    )


def test_a_notebook_cell_is_renumbered_with_its_lines_joined():
    # the reference spans two of the cell's source strings, as the catalog's message does not
    text = notebook(["the model of chapters 3\n", "and 5, and its test set.\n", "glue ch05_auc"])
    new = json.loads(rewrite_file("chapters/x.ipynb", text, STEMS, NUMBERS, []))
    assert new["cells"][0]["source"] == [
        "the model of chapters 3\n",
        "and 7, and its test set.\n",
        "glue ch07_auc",
    ]
    assert new["cells"][0]["id"] == "ch07-cell0"  # and the other strings as they are
    # a notebook with nothing to renumber is returned as written (here: indented otherwise)
    same = notebook(["chapter 3\n"]).replace("ch05-cell0", "cell0").replace("\n ", "\n  ")
    assert rewrite_file("chapters/y.ipynb", same, STEMS, NUMBERS, []) == same


def test_the_report_lists_old_numbers_left_where_a_chapter_is_meant():
    python = (
        'GRADED_QUICK = ("01", "05", "18")\n'  # 1
        'assert numbers["ch-roc-auc"] == 5\n'  # 2
        'sample = "chapter 5"  # renumber: keep\n'
        "x = 5  # chapter 5 is rewritten, so not listed\n"
        'path = "chapters/05_*.ipynb"\n'  # 5
        'other = ("03", "6")\n'
        'assert report.main(["5"]) == 0  # "5" is ch07\n'  # 7: one digit, the comment rewritten
    )
    found = leftovers("tests/test_x.py", python, STEMS, NUMBERS)
    assert [line.split(":")[1] for line in found] == ["1", "2", "5", "7"]
    assert found[0] == 'tests/test_x.py:1: GRADED_QUICK = ("01", "05", "18")'
    markdown = (
        "Ch. 5 and chapter 5, chapters 3\nand 7; see Ch 7.\n"  # 1 (Ch. 5), 2 (Ch 7)
        'make grade CHAPTER=05 and CHAPTERS="03 07"\n'  # 3
        '5 cases; "05" in prose; 0.5; 05_roc_auc.ipynb; 第 5 章; chapter11 = 5\n'
        "<!-- renumber: off -->\nCh. 5 in an example\n<!-- renumber: on -->\n"
    )
    found = leftovers("page.md", markdown, STEMS, NUMBERS)
    assert found == [
        "page.md:1: Ch. 5 and chapter 7, chapters 3",  # the line as renumbered
        "page.md:2: and 10; see Ch 7.",
        'page.md:3: make grade CHAPTER=05 and CHAPTERS="03 07"',
    ]
    # a notebook: the cell and the line in its joined source
    text = notebook(["chapter 3\n"], ["the model of chapters 3\n", "and 5; Ch. 5 too\n"])
    assert leftovers("chapters/x.ipynb", text, STEMS, NUMBERS) == [
        "chapters/x.ipynb: cell 1, line 2: and 7; Ch. 5 too"
    ]


def test_the_report_reads_a_catalog_message_by_message():
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(locale="zh_CN")
    catalog.add("Chapter 5 computes it.", "第 5 章计算了它。")
    catalog.add("As in ch. 5, but see chapter 3.", "如 ch. 5 所示，但见第 3 章。")
    stream = io.BytesIO()
    write_po(stream, catalog)
    text = stream.getvalue().decode()
    found = leftovers("x.po", text, STEMS, NUMBERS)
    line = text.splitlines().index('msgid "As in ch. 5, but see chapter 3."') + 1
    assert found == [
        f"x.po:{line}: As in ch. 5, but see chapter 3.",
        f"x.po:{line}: 如 ch. 5 所示，但见第 3 章。",
    ]


def test_a_rewritten_catalog_keeps_its_english_digest_and_its_old_english():
    """Babel drops the header's X-English-Digest (tools/translations.py records it): renumber
    puts it back as it was (the English did change: the fast test says so until extract and
    update); a fuzzy message's old English (#| msgid) stays valid gettext, read back whole."""
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po
    from translations import _previous_in, _with_digest, digest_in, write_catalog

    old = "See chapter 5 " + "for the whole story of the threshold, " * 4 + "and chapter 3."
    catalog = Catalog(locale="zh_CN")
    catalog.add(old, "见第 5 章。")
    template = Catalog()
    template.add(old.replace("whole", "full"))
    catalog.update(template, update_header_comment=False)
    digest = "sha256:" + "0" * 64
    text = _with_digest(write_catalog(catalog), digest).decode()
    new = rewrite_catalog(text, STEMS, NUMBERS, [])
    assert f'"X-English-Digest: {digest}\\n"' in new.splitlines()
    assert digest_in(new.encode()) == digest
    (message,) = [m for m in read_po(io.BytesIO(new.encode())) if m.id]
    # babel reads #| lines as user comments: they still hold the old English, quoted
    assert _previous_in(message.user_comments) == [old]
    assert message.fuzzy and not any(line.startswith("# |") for line in new.splitlines())


def test_a_map_that_leaves_a_chapter_in_the_way_is_refused_before_anything_moves():
    present = ["15_dcg_ndcg", "16_choosing", "17_confidence_intervals"]
    leaves = {"16_choosing": "17_choosing"}  # 17 stays where 16 moves to
    (clash,) = collisions(leaves, present)
    assert "chapter 17 would be both 17_confidence_intervals (not in the map)" in clash
    assert "16_choosing -> 17_choosing" in clash
    both = {
        "15_dcg_ndcg": "17_dcg",
        "16_choosing": "17_choosing",
        "17_confidence_intervals": "18_ci",
    }
    assert len(collisions(both, present)) == 1
    whole = {"16_choosing": "17_choosing", "17_confidence_intervals": "18_confidence_intervals"}
    assert collisions(whole, present) == []


# the teachers page's example and its comment: `CHAPTERS="04 16"  # chapters 4 and 16`
CHAPTERS_EXAMPLE = r'CHAPTERS="([\d ]+)"\s+# chapters ([\d]+) and ([\d]+)'


def chapters_example_disagreements(teachers: str, makefile: str) -> list[str]:
    """Where the `CHAPTERS="NN NN"` example that renumbering cannot rewrite (a number written
    alone) disagrees with the comment beside it ("# chapters 4 and 16"), which it rewrites,
    or with the Makefile's help."""
    import re

    problems = []
    line = re.search(CHAPTERS_EXAMPLE, teachers)
    if line is None:
        return ["reference/teachers.md: no CHAPTERS example with its comment"]
    literal = [int(n) for n in line.group(1).split()]
    if literal != [int(line.group(2)), int(line.group(3))]:
        problems.append(f"reference/teachers.md: {line.group(0)}")
    help_line = re.search(r'CHAPTERS=\\"([\d ]+)\\"', makefile)
    if help_line is None or help_line.group(1).split() != line.group(1).split():
        problems.append("Makefile: the help's CHAPTERS example is not the teachers page's")
    return problems


def test_the_chapters_example_names_the_chapters_its_comment_names():
    """After a renumbering the comment moves and the literal does not: write it by hand."""
    teachers = (ROOT / "reference" / "teachers.md").read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert chapters_example_disagreements(teachers, makefile) == []
    # can fail: the comment renumbered and the literal not, in either file (built from the
    # example as it stands, so that it holds after a renumbering that moved its chapters)
    import re

    line = re.search(CHAPTERS_EXAMPLE, teachers)
    second = int(line.group(3))
    moved = teachers.replace(line.group(0), line.group(0)[: -len(str(second))] + str(second + 1))
    assert chapters_example_disagreements(moved, makefile) != []
    literal = f'CHAPTERS="{line.group(1).split()[0]} {second + 1:02d}"'
    both = moved.replace(f'CHAPTERS="{line.group(1)}"', literal)
    assert chapters_example_disagreements(both, makefile) == [
        "Makefile: the help's CHAPTERS example is not the teachers page's"
    ]
