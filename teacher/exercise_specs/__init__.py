"""Every checked exercise as code: its numbers, the computation of its key, its recorded mistakes.

Nobody types a key. Each chapter's module (``chNN.py``) lists its exercises as
:class:`Exercise` objects: the exercise's parameters (the data or numbers its statement gives),
a function from parameters to the exact value of every part, and each recorded mistake as the
same computation with the slip (a one-sided p, a tie counted as 0, ``ddof=0``), with the hint
it triggers. ``tools/hash_keys.py`` writes the plain keys (``teacher/exercise_keys/``) and the
package's hashed keys from this code; ``tests/test_exercise_specs.py`` recomputes both.

A hint is a template: ``{name}`` fields are filled from the parameters and from the
exercise's ``facts`` (numbers computed from the parameters). A number written literally in a
hint must be a textbook constant (:data:`CONSTANTS`), so no hint states a number the code does
not produce.

An exercise varies when it has ``vary``: a function of a NumPy generator that returns new
parameters of the same shape, and ``shows``, the texts by which the parameters appear in the
exercise's statement and solution code (``tools/make_assignments.py --seed`` replaces the
book's texts with the variant's). An exercise that cannot vary (a document's own example)
says why in ``fixed``. In a variant every part's answer differs from the book's (whose worked
solutions are public), except the parts listed in ``keeps``, whose value the exercise fixes by
design (the RR of a list that starts with a relevant item).
"""

from __future__ import annotations

import hashlib
import importlib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent

#: Numbers a hint may write out literally: small whole numbers, halves, and the constants the
#: statements fix by convention. Every other number in a hint is a ``{field}`` computed by code.
CONSTANTS = frozenset(
    [str(n) for n in range(11)]
    + ["100", "1/2", "0.5", "1.96", "1.645", "2.576", "0.025", "0.05", "0.975", "0.95"]
    + ["50%", "90%", "95%", "99%", "100%"]
)

#: A number written in a hint's text: not part of a name (F1, P@10, log2, ch17, ddof=1 is
#: read as 1), with an optional decimal part, fraction or percent sign ("50%." at a sentence's
#: end is 50%).
NUMBER = re.compile(r"(?<![\w.@^])\d+(?:\.\d+)?(?:/\d+)?%?(?![\w]|\.\d)")
FIELD = re.compile(r"\{[^{}]*\}")

Value = int | float | Fraction | None


@dataclass(frozen=True)
class Mistake:
    """A recorded mistake: the part it affects, the wrong value as code, and the hint.

    ``value`` takes the exercise's parameters and returns what the slip gives; ``hint`` is a
    template whose ``{fields}`` come from the parameters and the exercise's ``facts``.
    """

    part: str
    value: Callable[[dict], Value]
    hint: str


@dataclass(frozen=True)
class Exercise:
    """One checked exercise: parameters, the key as code, the mistakes as code."""

    id: str
    params: dict
    answer: Callable[[dict], dict[str, Value]]
    mistakes: tuple[Mistake, ...] = ()
    decimals: int = 3
    facts: Callable[[dict], dict] | None = None
    vary: Callable[[np.random.Generator], dict] | None = None
    shows: Callable[[dict], dict[str, str]] | None = None
    fixed: str | None = None
    keeps: tuple[str, ...] = ()
    meta: dict = field(default_factory=dict)

    def key(self, params: dict | None = None) -> dict[str, Value]:
        """The exact value of every part for ``params`` (default: the book's)."""
        return dict(self.answer(self.params if params is None else params))

    def fields(self, params: dict) -> dict:
        """What a hint's ``{fields}`` may name: the parameters and the facts."""
        return {**params, **(self.facts(params) if self.facts else {})}

    def hints(self, params: dict | None = None) -> list[dict]:
        """The recorded mistakes as the plain key stores them: part, value, hint text."""
        params = self.params if params is None else params
        fields = self.fields(params)
        return [
            {"part": m.part, "value": plain(m.value(params)), "hint": m.hint.format_map(fields)}
            for m in self.mistakes
        ]

    def plain(self, params: dict | None = None) -> dict:
        """The exercise's entry in a plain key (``teacher/exercise_keys/chNN.json``)."""
        params = self.params if params is None else params
        entry: dict = {"parts": {p: plain(v) for p, v in self.key(params).items()}}
        if self.decimals != 3:
            entry["decimals"] = self.decimals
        entry["hints"] = self.hints(params)
        return entry

    def texts(self, params: dict) -> dict[str, str]:
        """The texts by which ``params`` appear in the statement and the solution code."""
        if self.shows is None:
            raise ValueError(f"{self.id}: an exercise that varies needs shows")
        return dict(self.shows(params))


def plain(value: Value) -> int | float | None:
    """A key's value as JSON holds it: an int, a float, or None (undefined, 0/0)."""
    if value is None:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, bool):
        raise TypeError("a key's value is a number, not a boolean")
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else float(value)
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"a key's value must be finite or undefined, got {value!r}")
    return value


def literal_numbers(template: str) -> list[str]:
    """The numbers a hint template writes out (outside its ``{fields}``)."""
    return NUMBER.findall(FIELD.sub(" ", template))


def chapters() -> list[str]:
    """The chapter modules present, as ``"chNN"``."""
    return sorted(path.stem for path in HERE.glob("ch[0-9][0-9].py"))


def load(chapter: str | None = None) -> dict[str, Exercise]:
    """Every exercise (or one chapter's, ``"ch17"``) by id, in the book's order."""
    found: dict[str, Exercise] = {}
    for name in [chapter] if chapter else chapters():
        module = importlib.import_module(f"{__name__}.{name}")
        for exercise in module.EXERCISES:
            if exercise.id in found:
                raise ValueError(f"exercise {exercise.id!r} is defined twice")
            if not exercise.id.startswith(name + "-ex-"):
                raise ValueError(f"{name}.py defines {exercise.id!r}, of another chapter")
            found[exercise.id] = exercise
    return found


def problems(exercise: Exercise, params: dict | None = None) -> list[str]:
    """What is wrong with an exercise's key and mistakes for ``params`` (empty when nothing).

    A mistake whose value is graded right (it equals the key at the decimals asked) is a
    problem, so is a mistake another mistake of the same part shadows, and so is a number
    written in a hint that is not a constant.
    """
    from evalmetrics.exercises import grade_answer

    params = exercise.params if params is None else params
    found = []
    key = exercise.key(params)
    if not key:
        found.append(f"{exercise.id}: no parts")
    if exercise.vary is None and not exercise.fixed:
        found.append(f"{exercise.id}: neither vary nor fixed (say why it cannot vary)")
    if exercise.vary is not None and exercise.shows is None:
        found.append(f"{exercise.id}: vary without shows")
    elif exercise.vary is not None:
        # two numbers shown by the same text cannot both be substituted: a term's statement
        # would give one of them the other's new value (FP = FN = 2: both become FP's)
        texts = exercise.texts(params)
        by_text: dict[str, list[str]] = {}
        for name, text in texts.items():
            by_text.setdefault(text, []).append(name)
        for text, names in by_text.items():
            if len(names) > 1:
                found.append(
                    f"{exercise.id}: shows gives {text!r} for {', '.join(names)}: choose numbers"
                    ' that differ, or show them by a longer text ("FP = 2")'
                )
    seen: dict[str, list[Value]] = {}
    for mistake in exercise.mistakes:
        if mistake.part not in key:
            found.append(f"{exercise.id}: a mistake names the unknown part {mistake.part!r}")
            continue
        wrong = mistake.value(params)
        right, _ = grade_answer(
            _graded(wrong), plain(key[mistake.part]), decimals=exercise.decimals
        )
        if right:
            found.append(
                f"{exercise.id}: the mistake {mistake.hint[:50]!r}... gives the key of"
                f" {mistake.part!r} ({plain(wrong)!r})"
            )
        for earlier in seen.get(mistake.part, []):
            same, _ = grade_answer(_graded(wrong), plain(earlier), decimals=exercise.decimals)
            if same:
                found.append(
                    f"{exercise.id}: two mistakes of {mistake.part!r} give the same value"
                    f" ({plain(wrong)!r}); the second hint is never shown"
                )
        seen.setdefault(mistake.part, []).append(wrong)
        for number in literal_numbers(mistake.hint):
            if number not in CONSTANTS:
                found.append(
                    f"{exercise.id}: the hint {mistake.hint[:50]!r}... writes {number};"
                    " make it a {field} computed by facts, or a constant"
                )
    return found


def _graded(value: Value) -> object:
    value = plain(value)
    return float("nan") if value is None else value


def variant_params(exercise: Exercise, seed: int) -> dict:
    """The parameters of ``exercise`` in the variant of ``seed`` (the book's when it is fixed).

    The generator is seeded by the seed and the exercise's id, so adding an exercise does not
    change the others' variants. Up to 1000 draws are made until the key and the mistakes have
    no problem (a variant whose tie hint would give the key is drawn again) and every part
    outside ``keeps`` has an answer other than the book's, at the decimals asked.
    """
    if exercise.vary is None:
        return exercise.params
    digest = hashlib.sha256(exercise.id.encode()).digest()
    rng = np.random.default_rng([seed, int.from_bytes(digest[:8], "little")])
    for _ in range(1000):
        params = exercise.vary(rng)
        if not problems(exercise, params) and not book_answers(exercise, params):
            return params
    raise RuntimeError(f"{exercise.id}: no valid variant in 1000 draws for seed {seed}")


def book_answers(exercise: Exercise, params: dict) -> list[str]:
    """The parts (outside ``keeps``) whose answer for ``params`` is the book's, at the decimals
    asked: a student who copies the book's public solution would get them right."""
    from evalmetrics.exercises import grade_answer

    book, variant = exercise.key(), exercise.key(params)
    same = []
    for part, value in variant.items():
        if part in exercise.keeps:
            continue
        right, _ = grade_answer(_graded(book[part]), plain(value), decimals=exercise.decimals)
        if right:
            same.append(part)
    return same
