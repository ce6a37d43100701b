"""tools/renumber.py rewrites every kind of chapter reference once, and nothing else."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from renumber import bare_numbers, rewrite, rewrite_catalog  # noqa: E402

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


def test_a_number_beside_a_chapter_label_is_listed_for_the_author(tmp_path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(
        'assert numbers["ch-roc-auc"] == 5\n'
        'CHAPTERS = ("05", "03")\n'
        'assert numbers["ch-pr-ap"] == 3\n'
        'sample = "chapter 5"  # renumber: keep\n'
        "x = 5\n"
    )
    found = bare_numbers(NUMBERS, tmp_path)
    assert [line.split(":")[1] for line in found] == ["1", "2"]
