"""tools/renumber.py rewrites every kind of chapter reference once, and nothing else."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from renumber import rewrite  # noqa: E402

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
