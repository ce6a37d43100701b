"""No chapter keeps the toy example that ``tools/new_chapter.py`` writes.

The scaffold's chapter passes every check of the chapter recipe as it is, so that a contributor
can replace it one piece at a time; this test is the one that fails until every piece (the goal,
the worked example, the figure's alt text, the three exercises, the summary) is replaced.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools import new_chapter

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = sorted((ROOT / "chapters").glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_no_chapter_keeps_the_scaffolds_example(path):
    left = new_chapter.leftovers(path)
    assert not left, (
        f"{path.relative_to(ROOT)} still has the scaffold's example; replace: " + "; ".join(left)
    )


def test_every_phrase_is_found_in_a_fresh_scaffold(tmp_path):
    path = tmp_path / "26_toy.ipynb"
    path.write_text(json.dumps(new_chapter.notebook("26", "toy", "A toy"), indent=1), "utf-8")
    assert new_chapter.leftovers(path) == list(new_chapter.SCAFFOLD_PHRASES)
