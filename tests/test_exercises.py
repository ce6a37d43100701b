"""The self-check helper: right answers pass, wrong ones fail with a hint, the key stays hidden.

Expected answers here are worked out by hand in the comments, independently of the answer key,
so a wrong entry in the key fails a test.
"""

from __future__ import annotations

import importlib.util
import json
import math
import re
from pathlib import Path

import pytest

from evalmetrics.exercises import check, exercise_ids

ROOT = Path(__file__).resolve().parents[1]


def load_hand_answers() -> dict[str, dict[str, float]]:
    """Merge ``ANSWERS`` from every ``tests/answers_chNN.py`` (one module per chapter)."""
    answers: dict[str, dict[str, float]] = {}
    for path in sorted(Path(__file__).parent.glob("answers_ch*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for exercise_id, parts in module.ANSWERS.items():
            assert exercise_id not in answers, f"{exercise_id} answered twice"
            answers[exercise_id] = parts
    return answers


# id -> a right answer, computed by hand (see the comments in tests/answers_chNN.py)
HAND_ANSWERS = load_hand_answers()


def chapter_sources() -> dict[str, str]:
    sources = {}
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        sources[path.name] = "\n".join("".join(cell["source"]) for cell in notebook["cells"])
    return sources


@pytest.mark.parametrize("exercise_id", sorted(HAND_ANSWERS))
def test_hand_answers_pass(exercise_id):
    result = check(exercise_id, **HAND_ANSWERS[exercise_id])
    assert result, str(result)
    assert all(line.endswith("right.") for line in result.lines)


def test_a_wrong_answer_fails_without_revealing_the_key():
    result = check("ch01-ex-screening", accuracy=0.9, recall=0.0, precision=math.nan)
    assert not result
    text = str(result) + result._repr_html_()
    assert "accuracy: not quite" in text
    assert "0.995" not in text and "99.5" not in text


def test_a_common_mistake_gets_its_hint():
    result = check("ch01-ex-screening", accuracy=0.995, recall=0.0, precision=0.0)
    assert not result
    assert "undefined" in str(result)


def test_rounded_answers_pass_within_the_tolerance():
    assert check("ch01-ex-screening", accuracy=0.9951, recall=0.0, precision=math.nan)
    assert not check("ch01-ex-screening", accuracy=0.996, recall=0.0, precision=math.nan)


def test_unknown_exercise_names_the_argument():
    with pytest.raises(KeyError, match="exercise_id 'ch01-ex-nope' is unknown"):
        check("ch01-ex-nope", 1.0)


def test_missing_part_is_a_type_error():
    with pytest.raises(TypeError, match="accuracy=..., recall=..., precision=..."):
        check("ch01-ex-screening", accuracy=0.995)


def test_non_numeric_part_is_a_type_error():
    with pytest.raises(TypeError, match="accuracy must be a number"):
        check("ch01-ex-screening", accuracy="high", recall=0.0, precision=math.nan)


def test_every_key_has_a_hand_answer_here():
    assert set(exercise_ids()) == set(HAND_ANSWERS), (
        "add a hand-computed answer for every exercise in the key"
    )


def test_every_key_is_offered_inside_its_exercise():
    """Each checked exercise tells the student how to call check(), inside the exercise."""
    sources = chapter_sources()
    text = "\n".join(sources.values())
    for exercise_id in exercise_ids():
        block = re.search(
            r"```\{exercise\}[^`]*?:label: " + re.escape(exercise_id) + r"\b(.*?)```",
            text,
            flags=re.S,
        )
        assert block, f"no exercise labelled {exercise_id} in the chapters"
        assert f'check("{exercise_id}"' in block.group(1), (
            f"exercise {exercise_id} does not show its check() call"
        )
