"""The self-check helper: right answers pass, wrong ones fail with a hint, the key stays hidden.

Expected answers here are worked out by hand in the comments, independently of the answer key,
so a wrong entry in the key fails a test. The tests over every key read the JSON files
directly and compute the accepted interval here (half a unit of the last requested digit), not
with the module's code.
"""

from __future__ import annotations

import importlib.util
import io
import json
import math
import re
import subprocess
import sys
import tokenize
from decimal import ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from evalmetrics import exercises
from evalmetrics.exercises import check, exercise_ids, form_phrase, grade_answer

ROOT = Path(__file__).resolve().parents[1]
WORDS = {0: "zero", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
FORM_PHRASES = {
    0: "give whole numbers",
    2: "give numbers to two decimals (or as exact fractions)",
    3: "give numbers to three decimals (or as exact fractions)",
    4: "give numbers to four decimals (or as exact fractions)",
}
RIGHT = "right, to the precision asked."


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


def load_key_files() -> dict[str, dict]:
    key = {}
    for path in sorted((ROOT / "teacher" / "exercise_keys").glob("*.json")):
        key.update(json.loads(path.read_text(encoding="utf-8")))
    return key


KEY = load_key_files()


def requested_decimals(spec: dict) -> int:
    """The precision an exercise asks for."""
    return spec.get("decimals", 3)


def half_width(spec: dict) -> Fraction:
    return Fraction(1, 2 * 10 ** requested_decimals(spec))


def exact_answers(exercise_id: str) -> dict[str, float]:
    return {
        name: math.nan if value is None else value
        for name, value in KEY[exercise_id]["parts"].items()
    }


def line_of(exercise_id: str, part: str, value: object) -> str:
    """check()'s line for one part answered with ``value``, the other parts answered exactly."""
    answers = exact_answers(exercise_id)
    answers[part] = value
    result = check(exercise_id, **answers)
    label = "" if part == "answer" else f"{part}: "
    line = result.lines[list(answers).index(part)]
    assert line.startswith(label), line
    return line[len(label) :]


def rounded(value: float, decimals: int, rounding: str) -> str:
    """``value`` (as Python prints it) rounded to ``decimals`` as a decimal string."""
    return str(Decimal(repr(value)).quantize(Decimal(1).scaleb(-decimals), rounding=rounding))


ALL_PARTS = [
    (exercise_id, part) for exercise_id in sorted(KEY) for part in KEY[exercise_id]["parts"]
]
NUMERIC_PARTS = [(i, part) for i, part in ALL_PARTS if KEY[i]["parts"][part] is not None]


def recoverable_fraction(value: float) -> Fraction | None:
    fraction = Fraction(value).limit_denominator(1000)
    return fraction if float(fraction) == value else None


RATIONAL_PARTS = [
    (i, part)
    for i, part in NUMERIC_PARTS
    if recoverable_fraction(KEY[i]["parts"][part]) is not None
]


def hint_values_all(spec: dict, part: str) -> list[float]:
    return [
        h["value"] for h in spec.get("hints", []) if h["part"] == part and h["value"] is not None
    ]


def coarser_by_one(exercise_id: str, part: str) -> str | None:
    """The value rounded to one decimal fewer than asked, when that is outside the tolerance."""
    spec = KEY[exercise_id]
    decimals = requested_decimals(spec)
    if decimals < 2:  # whole numbers are never asked for more decimals
        return None
    value = spec["parts"][part]
    coarse = rounded(value, decimals - 1, ROUND_HALF_EVEN)
    if abs(Fraction(coarse) - Fraction(value)) <= half_width(spec):
        return None
    if Fraction(coarse).denominator == 1:  # a whole number is just wrong, never asked again
        return None
    return coarse


COARSE_PARTS = [(i, part) for i, part in NUMERIC_PARTS if coarser_by_one(i, part) is not None]


@cache
def exercise_blocks() -> dict[str, str]:
    """label -> the text of the ``{exercise}`` directive with that label, in chapters/*.ipynb."""
    blocks: dict[str, str] = {}
    opening = re.compile(r"^(`{3,}|:{3,})\{exercise\}")
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            lines = "".join(cell["source"]).splitlines()
            for start, line in enumerate(lines):
                match = opening.match(line)
                if not match:
                    continue
                fence = match.group(1)
                end = next(
                    (k for k in range(start + 1, len(lines)) if lines[k].strip() == fence),
                    len(lines),
                )
                text = "\n".join(lines[start + 1 : end])
                label = re.search(r"^:label:\s*(\S+)", text, flags=re.M)
                if label:
                    blocks[label.group(1)] = text
    return blocks


# --- the hand-computed answers and the basic contract ---------------------------------------


@pytest.mark.parametrize("exercise_id", sorted(HAND_ANSWERS))
def test_hand_answers_pass(exercise_id):
    result = check(exercise_id, **HAND_ANSWERS[exercise_id])
    assert result, str(result)
    assert all(line.endswith((RIGHT, "right: undefined.")) for line in result.lines)


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
    # 0.995 asked to three decimals: [0.9945, 0.9955] passes
    assert check("ch01-ex-screening", accuracy=0.9951, recall=0.0, precision=math.nan)
    assert not check("ch01-ex-screening", accuracy=0.996, recall=0.0, precision=math.nan)


def test_unknown_exercise_names_the_argument():
    with pytest.raises(KeyError, match="exercise_id 'ch01-ex-nope' is unknown"):
        check("ch01-ex-nope", 1.0)
    with pytest.raises(KeyError, match="exercise_id 'ch01-ex-nope' is unknown"):
        form_phrase("ch01-ex-nope")


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


def test_the_loader_and_this_file_read_the_same_key():
    assert set(exercise_ids()) == set(KEY)


def test_the_shipped_keys_are_the_plain_keys_hashed():
    """The package's keys are tools/hash_keys.py's output for teacher/exercise_keys."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "hash_keys.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_stale_shipped_key_is_caught(tmp_path, monkeypatch):
    """The check above can fail: a shipped key that differs from the plain one is reported."""
    spec = importlib.util.spec_from_file_location("hash_keys", ROOT / "tools" / "hash_keys.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    plain, shipped = tmp_path / "plain", tmp_path / "shipped"
    plain.mkdir()
    shipped.mkdir()
    (plain / "ch99.json").write_text(json.dumps({"ch99-ex-one": {"parts": {"answer": 0.25}}}))
    monkeypatch.setattr(module, "PLAIN", plain)
    monkeypatch.setattr(module, "SHIPPED", shipped)
    monkeypatch.setattr(sys, "argv", ["hash_keys.py"])
    assert module.main() == 0
    monkeypatch.setattr(sys, "argv", ["hash_keys.py", "--check"])
    assert module.main() == 0
    (plain / "ch99.json").write_text(json.dumps({"ch99-ex-one": {"parts": {"answer": 0.5}}}))
    assert module.main() == 1


def arithmetic_values(text: str) -> list[Fraction]:
    """The values of the arithmetic a hint writes out, such as "1/2" or "(1/2 + 2/3) / 2"."""
    import ast
    import operator

    ops = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul}
    ops[ast.Div] = operator.truediv

    def value(node: ast.AST) -> Fraction:
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return Fraction(str(node.value))
        if isinstance(node, ast.BinOp) and type(node.op) in ops:
            return ops[type(node.op)](value(node.left), value(node.right))
        raise ValueError(node)

    found = []
    for span in re.findall(r"[\d(][\d\s+*/().-]*[\d)]", text):
        if not re.search(r"[-+*/]", span):
            continue
        try:
            found.append(value(ast.parse(span.strip(), mode="eval").body))
        except (SyntaxError, ValueError, ZeroDivisionError):
            continue
    return found


def test_a_hint_that_writes_out_an_answer_is_caught():
    """The arithmetic check below can fail: "(1/2 + 2/3 + 3/4) / 3" is 23/36."""
    assert Fraction(23, 36) in arithmetic_values("average them: (1/2 + 2/3 + 3/4) / 3.")
    assert arithmetic_values("1 / rank, not the rank") == []


def test_the_shipped_keys_hold_no_answer():
    """No value of the plain keys, at the precision asked or any coarser one, is readable in
    the package's key files: numbers appear only as "decimals", every other string is a token,
    a part name, an id or a hint, and no hint spells out its part's answer."""
    for path in sorted((ROOT / "evalmetrics" / "exercise_keys").glob("*.json")):
        chapter = json.loads(path.read_text(encoding="utf-8"))
        for exercise_id, entry in chapter["exercises"].items():
            for name, part in entry["parts"].items():
                assert set(part) <= {"right", "finer"}, (exercise_id, name)
                tokens = part["right"] + part["finer"]
                assert all(re.fullmatch("[0-9a-f]{20}", t) for t in tokens), (exercise_id, name)
            numbers = [v for k, v in entry.items() if isinstance(v, (int, float))]
            assert set(entry) <= {"decimals", "parts", "hints"} and numbers == [
                entry[k] for k in entry if k == "decimals"
            ]
            plain = KEY[exercise_id]
            decimals = requested_decimals(plain)
            answers = {
                rounded(v, decimals, mode)
                for v in plain["parts"].values()
                if v is not None
                for mode in (ROUND_HALF_UP, ROUND_HALF_DOWN)
            }
            for hint in entry["hints"]:
                for written in arithmetic_values(hint["hint"]):
                    text = rounded(float(written), decimals, ROUND_HALF_UP)
                    assert text not in answers or decimals == 0, (
                        f"{exercise_id}: a hint writes out an answer ({written} = {text})"
                    )
            for hint in entry["hints"]:
                value = plain["parts"][hint["part"]]
                if value is None or decimals == 0:
                    continue
                for places in range(max(1, decimals - 1), decimals + 1):
                    for mode in (ROUND_HALF_UP, ROUND_HALF_DOWN):
                        text = rounded(value, places, mode)
                        assert not re.search(
                            rf"(?<![0-9.]){re.escape(text)}(?![0-9])", hint["hint"]
                        ), f"{exercise_id}: a hint of {hint['part']} spells out its answer {text}"


def _written_forms(value: float, decimals: int) -> set[str]:
    """A key value as the module's words could spell it: rounded to the decimals asked (both
    ways at a half-way value), as Python prints the float, and as a fraction of small numbers."""
    forms = {rounded(value, decimals, mode) for mode in (ROUND_HALF_UP, ROUND_HALF_DOWN)}
    forms.add(repr(float(value)))
    exact = Fraction(value).limit_denominator(1000)
    if exact.denominator > 1 and abs(exact - Fraction(value)) < Fraction(1, 10**9):
        forms.add(f"{exact.numerator}/{exact.denominator}")
    return forms


def _module_words(source: str) -> str:
    """The docstrings, messages and comments of a module's source."""
    kinds = (tokenize.STRING, tokenize.COMMENT)
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return "\n".join(token.string for token in tokens if token.type in kinds)


def _spelled(words: str) -> list[str]:
    found = []
    for exercise_id, spec in KEY.items():
        decimals = requested_decimals(spec)
        if decimals == 0:
            continue  # counts and ranks: whole numbers the words use otherwise ("0 to 10")
        for part, value in spec["parts"].items():
            for form in sorted(_written_forms(value, decimals)) if value is not None else []:
                if re.search(rf"(?<![\w.]){re.escape(form)}(?![\w]|\.\d)", words):
                    found.append(f"{exercise_id} {part} {form}")
    return found


def test_the_exercise_module_spells_out_no_answer():
    """The module a student installs (and every assignment's autograder carries, and whose
    messages a student reads) uses examples that are no exercise's answer: 5/16, not a value
    of the keys. Whole-number answers are not searched for."""
    words = _module_words((ROOT / "evalmetrics" / "exercises.py").read_text(encoding="utf-8"))
    assert not _spelled(words)
    # the search can fail: a docstring that took an answer as its example is caught
    spec = next(s for s in KEY.values() if requested_decimals(s) == 3)
    value = next(v for v in spec["parts"].values() if v is not None)
    planted = f'"""So {rounded(value, 3, ROUND_HALF_UP)} passes."""'
    assert _spelled(_module_words(planted))


def test_every_key_is_offered_inside_its_exercise():
    """Each checked exercise tells the student how to call check(), inside the exercise."""
    blocks = exercise_blocks()
    for exercise_id in exercise_ids():
        assert exercise_id in blocks, f"no exercise labelled {exercise_id} in the chapters"
        assert f'check("{exercise_id}"' in blocks[exercise_id], (
            f"exercise {exercise_id} does not show its check() call"
        )


def test_every_exercise_that_shows_a_check_call_has_a_key():
    """The other direction: an exercise whose statement shows check("...") has a key, so a new
    exercise without one fails here, not only when its notebook runs."""
    blocks = exercise_blocks()
    keyed = set(exercise_ids())
    unkeyed = sorted(
        label for label, text in blocks.items() if f'check("{label}"' in text and label not in keyed
    )
    assert not unkeyed, (
        f"{unkeyed} show check() but have no key: write teacher/exercise_specs/chNN.py and run"
        " python tools/hash_keys.py (CONTRIBUTING.md, Adding a chapter)"
    )


# --- over every key: the self-check contract ----------------------------------------------


@pytest.mark.parametrize("exercise_id", sorted(KEY))
def test_the_exact_values_are_accepted(exercise_id):
    result = check(exercise_id, **exact_answers(exercise_id))
    assert result, str(result)


@pytest.mark.parametrize(("exercise_id", "part"), NUMERIC_PARTS)
def test_the_value_rounded_to_the_requested_decimals_is_accepted(exercise_id, part):
    value = KEY[exercise_id]["parts"][part]
    decimals = requested_decimals(KEY[exercise_id])
    # every correct rounding, both ways at a half-way case, as a string and as a float
    candidates = {round(value, decimals)}
    for rounding in (ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN):
        text = rounded(value, decimals, rounding)
        candidates |= {text, float(text)}
    for candidate in sorted(candidates, key=str):
        assert line_of(exercise_id, part, candidate) == RIGHT, (exercise_id, part, candidate)


@pytest.mark.parametrize(("exercise_id", "part"), RATIONAL_PARTS)
def test_the_exact_fraction_is_accepted(exercise_id, part):
    fraction = recoverable_fraction(KEY[exercise_id]["parts"][part])
    assert line_of(exercise_id, part, fraction) == RIGHT
    assert line_of(exercise_id, part, str(fraction)) == RIGHT


@pytest.mark.parametrize(("exercise_id", "part"), ALL_PARTS)
def test_a_value_ten_percent_off_is_rejected(exercise_id, part):
    value = KEY[exercise_id]["parts"][part]
    if value is None:
        wrong = [0.1]
    else:
        shift = abs(value) / 10 if value != 0 else 0.1
        if requested_decimals(KEY[exercise_id]) == 0:
            shift = max(shift, 1.0)  # a count 10% off is not a count: take the next whole one
        wrong = [value + shift, value - shift] if value != 0 else [value + shift]
    for candidate in wrong:
        line = line_of(exercise_id, part, candidate)
        assert not line.startswith("right"), (exercise_id, part, candidate, line)


@pytest.mark.parametrize(("exercise_id", "part"), COARSE_PARTS)
def test_one_decimal_fewer_is_asked_again_whether_right_or_not(exercise_id, part):
    """The rounding to one decimal fewer and a wrong number with as few decimals get the same
    words: "give three decimals" never confirms a two-decimal guess."""
    spec = KEY[exercise_id]
    coarse = coarser_by_one(exercise_id, part)
    hints = [
        h["hint"] for h in spec.get("hints", []) if h["part"] == part and h["value"] is not None
    ]
    hint_values = [
        h["value"]
        for h in spec.get("hints", [])
        if h["part"] == part
        and h["value"] is not None
        and abs(Fraction(coarse) - Fraction(h["value"])) <= half_width(spec)
    ]
    line = line_of(exercise_id, part, float(coarse))
    decimals = requested_decimals(spec)
    if hint_values:  # a hint for that very value, and the advice to give more decimals
        assert any(hint in line for hint in hints), line
        assert line.endswith(f"If you rounded to fewer decimals, give {WORDS[decimals]}."), line
        return
    assert line == f"not quite. If you rounded to fewer decimals, give {WORDS[decimals]}.", (
        exercise_id,
        part,
        coarse,
    )
    assert line_of(exercise_id, part, coarse) == line
    step = Fraction(1, 10 ** (decimals - 1))
    for wrong in (Fraction(coarse) + step, Fraction(coarse) - step):
        text = f"{float(wrong):.{decimals - 1}f}"
        near_hint = any(
            abs(Fraction(text) - Fraction(v)) <= half_width(spec)
            for v in hint_values_all(spec, part)
        )
        if not near_hint and Fraction(text) % 1 != 0:
            assert line_of(exercise_id, part, text) == line, (exercise_id, part, text)


@pytest.mark.parametrize("exercise_id", sorted(KEY))
def test_every_numeric_exercise_has_a_hint(exercise_id):
    assert KEY[exercise_id].get("hints"), (
        f"{exercise_id}: add a hint for its most likely mistake (value computed from that mistake)"
    )


@pytest.mark.parametrize("exercise_id", sorted(KEY))
def test_every_hint_is_reachable(exercise_id):
    """A hint names a part, and its value is a wrong answer that gets that hint."""
    spec = KEY[exercise_id]
    for item in spec.get("hints", []):
        assert item["part"] in spec["parts"], (exercise_id, item)
        value = math.nan if item["value"] is None else item["value"]
        line = line_of(exercise_id, item["part"], value)
        assert f"not quite. {item['hint']}" in line, (exercise_id, item, line)


@pytest.mark.parametrize("exercise_id", sorted(KEY))
def test_a_key_gives_decimals_not_a_tolerance(exercise_id):
    spec = KEY[exercise_id]
    assert "tolerance" not in spec, f'{exercise_id}: drop "tolerance"; "decimals" sets it'

    assert requested_decimals(spec) in FORM_PHRASES, (
        f"{exercise_id}: the book asks for 0, 2, 3 or 4 decimals"
    )


@pytest.mark.parametrize("exercise_id", sorted(KEY))
def test_every_statement_names_the_form_of_its_answer(exercise_id):
    assert form_phrase(exercise_id) == FORM_PHRASES[requested_decimals(KEY[exercise_id])]
    blocks = exercise_blocks()
    assert exercise_id in blocks, f"no exercise labelled {exercise_id} in the chapters"
    text = " ".join(blocks[exercise_id].split())
    assert form_phrase(exercise_id) in text, (
        f"exercise {exercise_id} must say {form_phrase(exercise_id)!r} in its Check: line"
    )
    others = [p for p in FORM_PHRASES.values() if p != form_phrase(exercise_id) and p in text]
    assert not others, f"exercise {exercise_id} names several forms: {others}"


# --- the rules, on small made-up keys ----------------------------------------------------

FAKE_KEY = {
    "ch99-ex-sixteenths": {  # 3/16 = 0.1875: half-way between 0.187 and 0.188
        "parts": {"ap": 0.1875, "share": 0.4666666666666667, "undefined": None},
        "hints": [{"part": "ap", "value": 0.375, "hint": "Divide by all 8 relevant items."}],
    },
    "ch99-ex-one": {"parts": {"answer": 0.2916666666666667}},  # 7/24
    "ch99-ex-two-decimals": {"parts": {"answer": 0.6666666666666666}, "decimals": 2},
    "ch99-ex-counts": {"parts": {"tp": 5, "rank": 91}, "decimals": 0},
}


@pytest.fixture
def fake_key(monkeypatch):
    hashed = {
        exercise_id: {**exercises.hashed_entry(exercise_id, spec, salt="test"), "salt": "test"}
        for exercise_id, spec in FAKE_KEY.items()
    }
    monkeypatch.setattr(exercises, "_key", lambda: hashed)


def fake_line(exercise_id: str, part: str, value: object) -> str:
    answers = {"ap": 0.1875, "share": 0.4667, "undefined": math.nan}
    if exercise_id != "ch99-ex-sixteenths":
        answers = {name: 0 for name in FAKE_KEY[exercise_id]["parts"]}
    answers[part] = value
    result = check(exercise_id, **answers)
    return result.lines[list(FAKE_KEY[exercise_id]["parts"]).index(part)]


def test_half_way_values_accept_both_roundings(fake_key):
    # |0.188 - 0.1875| is 0.0005000000000000004 in floating point: it must pass all the same
    assert abs(0.188 - 0.1875) > 0.0005
    for answer in [
        0.188,
        0.187,
        "0.188",
        "0.187",
        0.1875,
        "3/16",
        Fraction(3, 16),
        np.float64(0.188),
    ]:
        assert fake_line("ch99-ex-sixteenths", "ap", answer) == f"ap: {RIGHT}", answer
    # the rule rounds first: 0.18801 rounds to 0.188 and passes; 0.1886 rounds to 0.189
    for answer in [0.189, 0.186, 0.1886, "0.1864"]:
        assert fake_line("ch99-ex-sixteenths", "ap", answer).startswith("ap: not quite."), answer


def test_fewer_decimals_than_asked_are_asked_again_right_or_not(fake_key):
    # 0.4667 asked to three decimals: 0.47 and 0.5 are roundings of it, 0.48 and 0.4 are not;
    # all four hear the same words, so the message does not confirm a two-decimal guess
    for answer in [0.47, "0.47", 0.5, np.float64(0.47), 0.48, "0.46", 0.4]:
        line = fake_line("ch99-ex-sixteenths", "share", answer)
        assert line == "share: not quite. If you rounded to fewer decimals, give three.", answer
    assert fake_line("ch99-ex-sixteenths", "share", 0.467) == f"share: {RIGHT}"
    # more decimals than asked, but not a rounding: just wrong; so is a whole number
    assert fake_line("ch99-ex-sixteenths", "share", 0.4699) == "share: not quite. Try again."
    assert fake_line("ch99-ex-sixteenths", "share", 0) == "share: not quite. Try again."
    assert (
        fake_line("ch99-ex-sixteenths", "ap", 0.19)
        == "ap: not quite. If you rounded to fewer decimals, give three."
    )
    assert (
        fake_line("ch99-ex-sixteenths", "ap", 0.2)
        == "ap: not quite. If you rounded to fewer decimals, give three."
    )
    assert (
        fake_line("ch99-ex-sixteenths", "ap", 0.9)
        == "ap: not quite. If you rounded to fewer decimals, give three."
    )
    assert not check("ch99-ex-sixteenths", ap=0.19, share=0.467, undefined=math.nan)


def test_two_decimals_asked(fake_key):
    # 2/3 to two decimals: [0.66167, 0.67167]; 0.67 and "2/3" are right, 0.7 and 0.6 have one
    # decimal: asked again, with the same words
    assert str(check("ch99-ex-two-decimals", 0.67)) == RIGHT
    assert str(check("ch99-ex-two-decimals", Fraction(2, 3))) == RIGHT
    assert str(check("ch99-ex-two-decimals", "2/3")) == RIGHT
    assert (
        str(check("ch99-ex-two-decimals", 0.7))
        == "not quite. If you rounded to fewer decimals, give two."
    )
    assert (
        str(check("ch99-ex-two-decimals", 0.6))
        == "not quite. If you rounded to fewer decimals, give two."
    )
    assert str(check("ch99-ex-two-decimals", 0.66)) == "not quite. Try again."


def test_exact_fractions_and_strings_are_accepted(fake_key):
    # 7/24 = 0.291666...
    # "3.5/12" is how a worked solution writes it (a decimal over a whole number)
    for answer in [Fraction(7, 24), "7/24", " 7 / 24 ", "3.5/12", "0.292", "0.2917", 7 / 24]:
        assert str(check("ch99-ex-one", answer)) == RIGHT, answer
    assert (
        str(check("ch99-ex-one", "0.29"))
        == "not quite. If you rounded to fewer decimals, give three."
    )
    assert str(check("ch99-ex-one", "7/26")) == "not quite. Try again."
    assert (
        str(check("ch99-ex-one", "7/25"))
        == "not quite. If you rounded to fewer decimals, give three."
    )  # 0.28


def test_whole_numbers(fake_key):
    assert check("ch99-ex-counts", tp=5, rank=91)
    assert check("ch99-ex-counts", tp=np.int64(5), rank="91")
    assert check("ch99-ex-counts", tp=5.0, rank=91.0)
    result = check("ch99-ex-counts", tp=6, rank=90)
    assert result.lines == ("tp: not quite. Try again.", "rank: not quite. Try again.")
    # a count or a rank is whole: 91.4 rounds to 91 but is not a rank, 4.5 is not a count
    for tp, rank in [(5, 91.4), (5, "91.4"), (4.5, 91), (5.5, 91)]:
        result = check("ch99-ex-counts", tp=tp, rank=rank)
        assert not result, (tp, rank)
        assert "not quite: give a whole number." in str(result), (tp, rank)


def test_an_answer_half_way_between_roundings_needs_both_right(fake_key):
    # 0.5615 rounds to 0.561 or to 0.562; for 9/16 only 0.562 is right, so 0.5615 is wrong;
    # 0.1875 itself (both of its roundings right) passes, as does the exact 3/16
    FAKE_KEY_SHARE = 0.4666666666666667  # noqa: N806
    assert round(FAKE_KEY_SHARE, 3) == 0.467
    assert fake_line("ch99-ex-sixteenths", "share", 0.4665).startswith("share: not quite.")
    assert fake_line("ch99-ex-sixteenths", "share", "0.4665").startswith("share: not quite.")
    assert fake_line("ch99-ex-sixteenths", "share", 0.4666) == f"share: {RIGHT}"
    assert fake_line("ch99-ex-sixteenths", "ap", 0.1875) == f"ap: {RIGHT}"
    assert fake_line("ch99-ex-sixteenths", "ap", "0.1885").startswith("ap: not quite.")
    assert exercises.grade_answer(0.5615, "9/16") == (False, "not quite. Try again.")
    assert exercises.grade_answer(0.5625, "9/16")[0]


def test_an_answer_both_too_coarse_and_a_mistake_hears_both(monkeypatch):
    # 0.47 is a rounding of 7/15 = 0.4667 and also the value a common mistake gives: the hint
    # alone would hide the rounding, "give three decimals" alone would loop (0.470 is the same
    # number)
    spec = {
        "parts": {"share": "7/15"},
        "hints": [{"part": "share", "value": 0.47, "hint": "Count the ties once."}],
    }
    entry = exercises.hashed_entry("ch99-ex-hinted", spec, salt="t")
    monkeypatch.setattr(exercises, "_key", lambda: {"ch99-ex-hinted": {**entry, "salt": "t"}})
    both = "share: not quite. Count the ties once. If you rounded to fewer decimals, give three."
    assert str(check("ch99-ex-hinted", share=0.47)) == both
    assert str(check("ch99-ex-hinted", share="0.470")) == both
    assert str(check("ch99-ex-hinted", share=0.4702)) == "share: not quite. Count the ties once."
    assert (
        str(check("ch99-ex-hinted", share=0.5))
        == "share: not quite. If you rounded to fewer decimals, give three."
    )
    hints = [(0.47, "Count the ties once.")]
    assert exercises.grade_answer(0.47, "7/15", hints=hints) == (False, both[len("share: ") :])


def test_a_longer_answer_is_judged_by_its_rounding(fake_key):
    # 7/24 = 0.291666...: 0.2919 rounds to 0.292, a correct rounding; 0.2924 rounds to 0.292
    # too (the rule rounds first), 0.2926 to 0.293, which is not
    for answer in [0.2916, 0.2919, 0.2924, "0.29166667"]:
        assert check("ch99-ex-one", answer), answer
    assert not check("ch99-ex-one", 0.2926)
    assert not check("ch99-ex-one", 0.291)


def test_a_plain_key_with_a_tolerance_is_refused():
    with pytest.raises(RuntimeError, match="give decimals, not a tolerance"):
        exercises.hashed_entry("ch99-ex-old", {"parts": {"a": 0.5}, "tolerance": 0.01}, salt="s")


def test_the_hashed_key_does_not_hold_the_values(fake_key):
    text = json.dumps(exercises._key())
    for secret in ["0.1875", "0.187", "0.188", "0.467", "0.292", "0.67"]:
        assert secret not in text


def test_form_phrases(fake_key):
    assert form_phrase("ch99-ex-sixteenths") == FORM_PHRASES[3]
    assert form_phrase("ch99-ex-two-decimals") == FORM_PHRASES[2]
    assert form_phrase("ch99-ex-counts") == FORM_PHRASES[0]


def test_a_bad_string_names_the_part(fake_key):
    with pytest.raises(TypeError, match=r"share must be a number.*'abc'"):
        check("ch99-ex-sixteenths", ap=0.1875, share="abc", undefined=math.nan)
    with pytest.raises(TypeError, match=r"ap must be a number.*'1/0'.*nan"):
        check("ch99-ex-sixteenths", ap="1/0", share=0.467, undefined=math.nan)
    for bad in [None, True, [0.1875]]:
        with pytest.raises(TypeError, match="ap must be a number"):
            check("ch99-ex-sixteenths", ap=bad, share=0.467, undefined=math.nan)


def test_numbers_of_numpy_and_of_the_standard_library_are_taken(fake_key):
    from decimal import Decimal

    for answer in [
        np.float64(0.188),
        np.float32(0.1875),
        np.array(0.188),
        np.array(0.1875, dtype=np.float16),
        Decimal("0.188"),
        Fraction(3, 16),
    ]:
        assert fake_line("ch99-ex-sixteenths", "ap", answer) == f"ap: {RIGHT}", repr(answer)
    assert check("ch99-ex-counts", tp=np.int32(5), rank=np.array(91, dtype=np.uint16))
    assert check("ch99-ex-counts", tp=np.longlong(5), rank=np.ulonglong(91))
    for answer in [np.longdouble("0.1875"), np.str_("3/16"), np.array("0.188")]:
        assert fake_line("ch99-ex-sixteenths", "ap", answer) == f"ap: {RIGHT}", repr(answer)


def test_a_numpy_float_is_read_as_it_prints(fake_key):
    # 0.1865 is half-way between 0.186 (wrong) and 0.187 (right) for 3/16: wrong as a float,
    # and wrong as a float32 too, though float32 stores it as 0.18649999797...
    for answer in [0.1865, np.float32(0.1865), np.array(0.1865, dtype=np.float32)]:
        assert fake_line("ch99-ex-sixteenths", "ap", answer) == "ap: not quite. Try again."
    assert fake_line("ch99-ex-sixteenths", "ap", np.float32(0.1875)) == f"ap: {RIGHT}"


def test_numbers_out_of_range_are_refused_at_once(fake_key):
    import time
    from decimal import Decimal

    start = time.perf_counter()
    for answer in ["1e5000", "1e-100000000", "1e100000000/3", 10**5000, Decimal("1e99999")]:
        with pytest.raises(TypeError, match="ap is out of range"):
            check("ch99-ex-sixteenths", ap=answer, share=0.467, undefined=math.nan)
    assert time.perf_counter() - start < 5  # each is refused before any big arithmetic
    for answer in ["inf", "-Infinity", Decimal("-Infinity"), math.inf]:
        assert fake_line("ch99-ex-sixteenths", "ap", answer) == "ap: not quite. Try again."
    with pytest.raises(TypeError, match="got 'sNaN'"):
        check("ch99-ex-sixteenths", ap=Decimal("sNaN"), share=0.467, undefined=math.nan)
    with pytest.raises(TypeError, match=r"got '1{36}\.\.\.$"):
        check("ch99-ex-sixteenths", ap="1" * 5000 + "x", share=0.467, undefined=math.nan)


def test_an_answer_of_another_type_is_refused_without_being_asked_its_value(fake_key):
    """An object of its own class could run code while it is graded (in an autograder, in the
    grader's process); it is refused before any of its methods is called. Booleans, complex
    numbers, bytes, arrays of more than one value and subclasses of float are refused too."""
    called = []

    class Sly:
        def __float__(self):
            called.append("__float__")
            return 0.1875

        def __index__(self):
            called.append("__index__")
            return 0

        def __eq__(self, other):
            called.append("__eq__")
            return True

        __hash__ = object.__hash__

        def __repr__(self):
            called.append("__repr__")
            return "0.1875"

    class Float(float):
        pass

    class Equal(type):  # a metaclass: its __eq__ would run if types were compared with ==
        def __eq__(cls, other):
            called.append("metaclass __eq__")
            return True

        __hash__ = type.__hash__

    class Meta(metaclass=Equal):
        pass

    class Float64(np.float64):  # a NumPy scalar type of the student's own
        def __float__(self):
            called.append("Float64.__float__")
            return 0.1875

    refused = [
        (Sly(), "test_exercises.Sly"),
        (Float(0.1875), "test_exercises.Float"),
        (np.array([0.1875]), "numpy.ndarray"),
        (np.complex128(0.1875), "numpy.complex128"),
        (np.array(True), "numpy.ndarray"),
        (b"0.1875", "bytes"),
        (Meta(), None),
        (Float64(0.1875), "test_exercises.Float64"),
    ]
    wanted = r"ap must be a number, or a string holding a fraction \(\"p/q\"\) or a decimal, got"
    for answer, name in refused:
        what = (
            f"a value of type {name}" if name else "a value whose class has a metaclass of its own"
        )
        pattern = rf"{wanted} {what}; if it holds one real number, pass float\(ap\)$"
        with pytest.raises(TypeError, match=pattern):
            check("ch99-ex-sixteenths", ap=answer, share=0.467, undefined=math.nan)
    assert called == []

    class Whole(int):  # a Fraction can hold one: its arithmetic would run in the grader
        def __mul__(self, other):
            called.append("Whole.__mul__")
            return int(self) * other

    crafted = Fraction(0)
    crafted._numerator = Whole(3)
    shown_as = [
        (True, "True"),
        (None, "None"),
        (0.1875 + 0j, "a complex number"),
        (np.True_, "np.True_"),
        (crafted, "a Fraction of other than two ints"),
    ]
    for answer, shown in shown_as:
        with pytest.raises(TypeError, match=f"{wanted} {re.escape(shown)}$"):
            check("ch99-ex-sixteenths", ap=answer, share=0.467, undefined=math.nan)
    with pytest.raises(TypeError, match=r"got \.\.\.: replace the \.\.\. with your answer"):
        check("ch99-ex-sixteenths", ap=..., share=0.467, undefined=math.nan)


def test_nan_means_undefined(fake_key):
    assert fake_line("ch99-ex-sixteenths", "undefined", math.nan) == "undefined: right: undefined."
    assert fake_line("ch99-ex-sixteenths", "undefined", "nan") == "undefined: right: undefined."
    assert fake_line("ch99-ex-sixteenths", "undefined", 0.0) == (
        "undefined: not quite. Is this value defined at all? Look at the denominator."
    )
    assert fake_line("ch99-ex-sixteenths", "ap", math.nan) == (
        "ap: not quite. This value is defined: the denominator is not 0."
    )
    assert fake_line("ch99-ex-sixteenths", "ap", math.inf) == "ap: not quite. Try again."


def test_a_hint_matches_within_the_same_tolerance(fake_key):
    hint = "ap: not quite. Divide by all 8 relevant items."
    for answer in [0.375, 0.3754, "3/8", 0.3 + 0.0754, "0.37549"]:
        assert fake_line("ch99-ex-sixteenths", "ap", answer) == hint, answer
    # 0.38 - 0.0045 prints as 0.3755: half-way between 0.375 and 0.376 and not a rounding of
    # the hint's 0.375 to four decimals (0.3750), so by RULE it does not match the hint (under
    # the earlier rule it did, as a value whose roundings included the hint's)
    assert repr(0.38 - 0.0045) == "0.3755"
    for answer in [0.376, 0.38 - 0.0045, "0.3745"]:
        assert fake_line("ch99-ex-sixteenths", "ap", answer) == "ap: not quite. Try again."


def test_the_key_is_never_printed(fake_key):
    for answer in [0.1875, 0.188, 0.19, 0.3, 0.375, math.nan]:
        result = check("ch99-ex-sixteenths", ap=answer, share=0.47, undefined=0.0)
        text = str(result) + result._repr_html_() + repr(result)
        for secret in ["1875", "0.187", "0.188", "3/16", "4666", "0.467"]:
            assert secret not in text, (answer, text)


def test_the_teachers_pages_examples_of_the_rule_hold():
    """Each example the teachers page gives of the rule, graded by the rule, and the page's
    words for its verdict found on the page: a change to either shows here."""
    page = " ".join((ROOT / "reference" / "teachers.md").read_text(encoding="utf-8").split())
    right, wrong = "right, to the precision asked.", "not quite. Try again."
    examples = [
        (["0.312", "0.313"], "5/16", 3, right, "both 0.312 and 0.313 are right"),
        (["0.3125", Fraction(5, 16), "5/16"], "5/16", 3, right, '"5/16"` are right too'),
        (["0.3124"], "5/16", 3, right, "and so is a longer decimal such as 0.3124"),
        (["0.3115"], "5/16", 3, wrong, "0.3115 is wrong for 5/16"),
        (["0.4174999"], "0.41664", 3, right, "0.41664, 0.4174999 is right"),
        (["0.4165"], "0.41664", 3, wrong, "and 0.4165 is wrong"),
        (["0.957", "0.9565", "0.95652"], "0.9565242", 3, right, "0.957, 0.9565 and 0.95652 are"),
        (["0.95651"], "0.9565242", 3, right, "and so is 0.95651, which rounds to 0.957"),
        (["0.956", "0.9564", "0.95649"], "0.9565242", 3, wrong, "0.956, 0.9564 and 0.95649 are"),
        (["0.9575"], "0.9565242", 3, wrong, "and so is 0.9575, half-way between 0.957 and"),
        ([0.9565, "0.95650"], "0.9565242", 3, right, '0.95650, `"0.95650"` and 0.9565 are the'),
        (
            ["0.31", "0.32"],
            "5/16",
            3,
            "not quite. If you rounded to fewer decimals, give three.",
            '(0.31 or 0.32 for 5/16) is wrong and is told "not quite. If you rounded to fewer'
            ' decimals, give three."',
        ),
        (["91.4"], "91", 0, "not quite: give a whole number.", "91.4 is wrong even though"),
    ]
    for answers, exact, decimals, said, phrase in examples:
        assert phrase in page, phrase
        for answer in answers:
            verdict = grade_answer(answer, exact, decimals=decimals)
            assert verdict == (said == right, said), (answer, verdict)


# --- the rule (RULE), its examples, and an independent implementation ------------------------

WRONG = "not quite. Try again."
COARSE = "not quite. If you rounded to fewer decimals, give three."


def both_graders(answer: object, exact: object, decimals: int = 3) -> tuple[bool, str]:
    """grade_answer's verdict, after checking that grade_hashed (the hashed key, what check()
    and the assignments' tests run) gives the same verdict and words."""
    plain = grade_answer(answer, exact, decimals=decimals)
    spec = {"parts": {"p": exact}, "decimals": decimals}
    entry = exercises.hashed_entry("ch99-ex-rule", spec, salt="r")["parts"]["p"]
    hashed = exercises.grade_hashed(
        answer, entry=entry, exercise_id="ch99-ex-rule", part="p", salt="r", decimals=decimals
    )
    assert hashed == plain, (answer, exact, decimals, hashed, plain)
    return plain


def test_the_rules_examples_for_a_value_of_many_decimals():
    # 0.9565242350681096 at three decimals: its correct roundings are 0.957 (three), 0.9565
    # (four), 0.95652 (five); 0.95651 is no rounding of it but rounds to 0.957 and is not
    # half-way at three decimals. 0.9575 is half-way (0.957 or 0.958) and not 0.9565; 0.95649
    # rounds to 0.956; 0.96 is a rounding to two decimals: too coarse.
    exact = 0.9565242350681096
    for answer in [0.957, 0.9565, 0.95652, 0.95651, "0.9565", "0.95650", Decimal("0.9565")]:
        assert both_graders(answer, exact) == (True, RIGHT), answer
    for answer in [0.956, 0.9564, 0.9575, 0.95649, "0.9575", 0.958]:
        assert both_graders(answer, exact) == (False, WRONG), answer
    assert both_graders(0.96, exact) == (False, COARSE)
    # a float is read as it prints: 0.9565 typed as a float is 0.9565, not the binary value
    # 0.95650000000000001687... (which would be half-way at four decimals' rounding)
    assert Fraction(0.9565) > Fraction("0.9565")
    assert both_graders(np.float64(0.9565), exact) == (True, RIGHT)
    assert both_graders(np.float32(0.9565), exact) == (True, RIGHT)


def test_the_rules_examples_at_a_half_way_value():
    # 5/16 = 0.3125 is half-way at three decimals: 0.312 and 0.313 are both correct roundings,
    # 0.3125 is one to four decimals; 0.3124 rounds to 0.312 and is not half-way; 0.3115 is
    # half-way between 0.311 and 0.312 and is no rounding of 0.3125 to four decimals.
    for answer in [0.3125, 0.312, 0.313, "5/16", Fraction(5, 16), 0.3124, "0.31251"]:
        assert both_graders(answer, "5/16") == (True, RIGHT), answer
    for answer in [0.3115, 0.3135, 0.311, 0.314, "0.3126"]:
        # 0.3135 is half-way between 0.313 and 0.314; 0.3126 is no rounding to four decimals
        # but rounds to 0.313 and is not half-way: right, and checked as such just below
        if answer == "0.3126":
            continue
        assert both_graders(answer, "5/16") == (False, WRONG), answer
    assert both_graders("0.3126", "5/16") == (True, RIGHT)
    assert both_graders(0.31, "5/16") == (False, COARSE)


def test_the_rule_for_negative_values():
    # the mirror images of the two examples above
    for answer in [-0.957, -0.9565, -0.95652, -0.95651, "-0.9565"]:
        assert both_graders(answer, -0.9565242350681096) == (True, RIGHT), answer
    for answer in [-0.956, -0.9564, -0.9575, -0.95649, 0.957, 0.9565]:
        assert both_graders(answer, -0.9565242350681096) == (False, WRONG), answer
    assert both_graders(-0.96, -0.9565242350681096) == (False, COARSE)
    for answer in [-0.3125, -0.312, -0.313, "-5/16", -0.3124]:
        assert both_graders(answer, "-5/16") == (True, RIGHT), answer
    for answer in [-0.3115, -0.3135, 0.3125]:
        assert both_graders(answer, "-5/16") == (False, WRONG), answer


def test_the_rule_for_whole_numbers():
    whole = "not quite: give a whole number."
    for answer in [91, 91.0, "91", "91.0", np.int64(91), Fraction(182, 2)]:
        assert both_graders(answer, 91, decimals=0) == (True, RIGHT), answer
    # 91.4 rounds to 91 and 91.0001 is near it, but neither is whole
    for answer in [91.4, "91.4", 91.0001, "182/2.1"]:
        assert both_graders(answer, 91, decimals=0) == (False, whole), answer
    for answer in [90, 92, -91]:
        assert both_graders(answer, 91, decimals=0) == (False, WRONG), answer
    # a half-way whole value (7/2): 3 and 4 are both right, 3.5 itself is not whole
    assert both_graders(3, "7/2", decimals=0) == (True, RIGHT)
    assert both_graders(4, "7/2", decimals=0) == (True, RIGHT)
    assert both_graders(3.5, "7/2", decimals=0) == (False, whole)
    assert both_graders(-4, "-7/2", decimals=0) == (True, RIGHT)


def independent_rule(answer: Fraction, exact: Fraction, decimals: int) -> bool:
    """RULE's sentence, written here with fractions and without the module's code.

    A correct rounding of ``exact`` to k decimals is a number with at most k decimals within
    half a unit of the k-th decimal of ``exact`` (both neighbours at a half-way value)."""

    def places(value: Fraction) -> int | None:  # its decimals, None if they never end
        for k in range(40):
            if (value * 10**k).denominator == 1:
                return k
        return None

    def correct_rounding(value: Fraction, k: int) -> bool:
        return (value * 10**k).denominator == 1 and abs(value - exact) <= Fraction(1, 2 * 10**k)

    if decimals == 0 and answer.denominator != 1:
        return False  # where whole numbers are asked, it must be whole
    own = places(answer)
    first = answer == exact or (
        own is not None and correct_rounding(answer, max(decimals, own))
    )  # a rounding to k >= own decimals is tightest at k = own, loosest at the decimals asked
    scaled = answer * 10**decimals
    half_way = scaled - math.floor(scaled) == Fraction(1, 2)
    rounded = Fraction(math.floor(scaled + Fraction(1, 2)), 10**decimals)
    second = not half_way and correct_rounding(rounded, decimals)
    return first or second


def test_the_independent_rule_agrees_with_the_rules_examples():
    """The implementation the property test compares against, on the examples: so that it is
    not wrong in the same way as the module."""
    exact = Fraction(0.9565242350681096)
    right = ["0.957", "0.9565", "0.95652", "0.95651"]
    wrong = ["0.956", "0.9564", "0.9575", "0.95649", "0.96"]
    assert all(independent_rule(Fraction(a), exact, 3) for a in right)
    assert not any(independent_rule(Fraction(a), exact, 3) for a in wrong)
    sixteenth = Fraction(5, 16)
    assert all(independent_rule(Fraction(a), sixteenth, 3) for a in ["0.3125", "0.312", "0.3124"])
    assert not independent_rule(Fraction("0.3115"), sixteenth, 3)
    assert not independent_rule(Fraction("91.4"), Fraction(91), 0)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@st.composite
def exact_and_answer(draw) -> tuple[Fraction, Fraction, int]:
    """An exact value (a ratio of small whole numbers, or a value at or near a half-way point
    of the decimals asked) and an answer near it, written with up to four decimals more than
    asked. Their distances to every rounding boundary are 0 or at least 1e-11, beyond the
    module's float slack (about 1e-12)."""
    decimals = draw(st.sampled_from([0, 2, 3, 4]))
    denominator = draw(st.sampled_from([1, 2, 3, 7, 16, 24, 40, 80, 125, 128, 999, 1000]))
    exact = Fraction(draw(st.integers(-3 * denominator, 3 * denominator)), denominator)
    where = draw(st.integers(0, 2))
    if where > 0:  # a half-way value at the decimals asked, or one near it (0.9565242)
        exact = Fraction(2 * draw(st.integers(-3000, 3000)) + 1, 2 * 10**decimals)
    if where == 2:
        exact += Fraction(draw(st.integers(-80, 80)), 10 ** (decimals + 3))
    extra = draw(st.integers(0, 4))
    unit = Fraction(1, 10 ** (decimals + extra))
    offset = draw(st.integers(-30, 30) | st.integers(-2, 2))
    answer = Fraction(round(exact / unit) + offset) * unit
    kind = draw(st.integers(0, 9))
    if kind == 0:
        answer = exact  # the exact fraction itself
    if kind in (1, 2, 3):  # half-way at the decimals asked, near the exact value: the cases
        # where the rule's two clauses and its "without lying half-way" decide
        step = Fraction(1, 10**decimals)
        answer = (math.floor(exact / step) + draw(st.integers(-1, 1)) + Fraction(1, 2)) * step
    return exact, answer, decimals


@settings(max_examples=400)
@given(exact_and_answer())
def test_the_rule_agrees_with_an_independent_implementation(case):
    exact, answer, decimals = case
    expected = independent_rule(answer, exact, decimals)
    right, words = grade_answer(answer, exact, decimals=decimals)
    assert right == expected, (answer, exact, decimals, words)
    # typed as a decimal string, or as a float (read as it prints), the verdict is the same
    if answer.denominator in {2**a * 5**b for a in range(12) for b in range(12)}:
        text = str(Decimal(answer.numerator) / Decimal(answer.denominator))
        assert grade_answer(text, exact, decimals=decimals)[0] == expected, text
        if len(text.replace("-", "").replace(".", "").lstrip("0")) <= 15:
            assert grade_answer(float(text), exact, decimals=decimals)[0] == expected, text
    spec = {"parts": {"p": exact}, "decimals": decimals}
    entry = exercises.hashed_entry("ch99-ex-prop", spec, salt="p")["parts"]["p"]
    hashed = exercises.grade_hashed(
        answer, entry=entry, exercise_id="ch99-ex-prop", part="p", salt="p", decimals=decimals
    )
    assert hashed == (right, words)


def test_the_rule_is_stated_word_for_word_where_it_is_read():
    """RULE, the one sentence, in the module's docstring, check()'s help and the teachers
    page's section on grading (line breaks and indentation aside)."""

    def flat(text: str) -> str:
        return " ".join(text.split())

    rule = flat(exercises.RULE)
    assert rule.startswith("An answer is right when") and rule.count(".") == 1
    assert rule in flat(exercises.__doc__)
    assert rule in flat(check.__doc__)
    page = (ROOT / "reference" / "teachers.md").read_text(encoding="utf-8")
    section = page.split("## How a numeric answer is graded", 1)[1].split("\n## ", 1)[0]
    assert rule in flat(re.sub(r"^> ?", "", section, flags=re.M))  # a quoted block on the page


def test_grade_hashed_names_the_bad_argument():
    entry = exercises.hashed_entry("ch99-ex-x", {"parts": {"p": "5/16"}}, salt="s")["parts"]["p"]
    good = {"exercise_id": "ch99-ex-x", "part": "p", "salt": "s", "decimals": 3}
    assert exercises.grade_hashed(0.3125, entry=entry, **good) == (True, RIGHT)
    bad = [
        ({"decimals": 11}, "decimals must be a whole number from 0 to 10, got 11"),
        ({"decimals": True}, "decimals must be a whole number from 0 to 10, got True"),
        ({"decimals": "3"}, "decimals must be a whole number from 0 to 10, got '3'"),
        ({"salt": None}, "salt must be a string, got None"),
        ({"exercise_id": 23}, "exercise_id must be a string, got 23"),
        ({"part": b"p"}, "part must be a string, got b'p'"),
    ]
    for change, message in bad:
        with pytest.raises(ValueError, match=re.escape(message)):
            exercises.grade_hashed(0.3125, entry=entry, **{**good, **change})
    bad_entries = [
        ([], "entry must be a part's hashed entry with 'right'"),
        ({"finer": []}, "entry must be a part's hashed entry with 'right'"),
        ({**entry, "right": "abc"}, "entry: right must be a list of token strings"),
        ({**entry, "finer": [1]}, "entry: finer must be a list of token strings"),
        ({**entry, "hints": ["h"]}, "entry: each hint must be a dict with 'tokens' and 'hint'"),
        ({**entry, "hints": [{"hint": "h"}]}, "entry: a hint's tokens must be a list"),
    ]
    for changed, message in bad_entries:
        with pytest.raises(ValueError, match=re.escape(message)):
            exercises.grade_hashed(0.3125, entry=changed, **good)
    # a bad answer: a TypeError naming the variable the messages use (name), else the part
    with pytest.raises(TypeError, match=r"^p must be a number"):
        exercises.grade_hashed("abc", entry=entry, **good)
    with pytest.raises(TypeError, match=r"^wilson_high must be a number"):
        exercises.grade_hashed([0.3], entry=entry, **good, name="wilson_high")
    with pytest.raises(ValueError, match=r"decimals must be a whole number from 0 to 10, got -1"):
        grade_answer(0.3, "5/16", decimals=-1)
    with pytest.raises(ValueError, match=r"expected must be finite or undefined \(None\)"):
        grade_answer(0.3, math.inf)
    with pytest.raises(TypeError, match=r"^answer must be a number"):
        grade_answer(None, "5/16")
    with pytest.raises(TypeError, match=r"^expected must be a number"):
        grade_answer(0.3, "five")
