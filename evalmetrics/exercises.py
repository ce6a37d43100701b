"""Self-check for the book's exercises: right or wrong, with a hint, never the answer.

Every exercise with a numeric answer has an id (its label in the book, such as
``"ch01-ex-screening"``) and an entry in the answer key, one JSON file per chapter in
``evalmetrics/exercise_keys/``. A student calls::

    from evalmetrics.exercises import check
    check("ch01-ex-screening", accuracy=0.995, recall=0.0, precision=float("nan"))

and reads whether each part is right. A wrong part that matches a common mistake gets a hint
aimed at that mistake. The expected value is never printed.

Answer-key format (one object per exercise)::

    {"ch01-ex-screening": {
        "parts": {"accuracy": 0.995, "recall": 0.0, "precision": null},
        "decimals": 3,
        "hints": [{"part": "accuracy", "value": 0.005, "hint": "That is the error rate..."}]}}

``null`` means "undefined (0/0)": the right answer is ``float("nan")``.

``decimals`` (default 3) is the precision the exercise asks for; integer answers (counts,
ranks) use ``0``. A part is right when the answer lies within half a unit of the last requested
digit of the exact value: ``|answer - exact| <= 0.5 * 10**-decimals``, computed in exact
(rational) arithmetic with a slack of ``1e-9`` of that half unit plus ``1e-12 * max(1, |exact|)``
for floating-point representation. So every correct rounding passes, both ways at a half-way
case (0.187 and 0.188 for 0.1875). An answer may be an int, a float, a
:class:`fractions.Fraction`, or a string holding a fraction or a decimal (``"7/24"``,
``"0.25"``). A wrong answer that is a correct rounding of the exact value to fewer decimals (at
least one, fewer than asked: 0.47 for 0.4667 when three are asked) is told it is too coarse. A
hint matches a wrong answer within the same tolerance. An older key may give an absolute
``tolerance`` instead of ``decimals``; it then sets the tolerance (with the same slack), and the
requested precision is the fewest decimals whose half unit it covers (``0`` for ``0.0``).

An exercise with a single part may use the part name ``"answer"`` and be checked with
``check(id, value)``. :func:`form_phrase` gives the words with which an exercise asks for its
answer's form.

This module imports only the standard library.
"""

from __future__ import annotations

import json
import math
import numbers
import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import resources

__all__ = ["CheckResult", "check", "exercise_ids", "form_phrase", "grade_answer"]

_DEFAULT_DECIMALS = 3
_RELATIVE_SLACK = Fraction(1, 10**9)  # of the half unit: float representation of typed decimals
_ABSOLUTE_SLACK = Fraction(1, 10**12)  # times max(1, |exact value|)
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_FRACTION_STRING = re.compile(r"\s*/\s*")


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` found: overall verdict and one line per part."""

    exercise_id: str
    correct: bool
    lines: tuple[str, ...]

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def _repr_html_(self) -> str:
        colour = "#009E73" if self.correct else "#D55E00"
        body = "<br>".join(_escape(line) for line in self.lines)
        return f'<div style="border-left:4px solid {colour};padding-left:8px">{body}</div>'

    def __repr__(self) -> str:
        return str(self)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@cache
def _key() -> dict[str, dict]:
    key: dict[str, dict] = {}
    folder = resources.files("evalmetrics") / "exercise_keys"
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if not entry.name.endswith(".json"):
            continue
        chapter = json.loads(entry.read_text(encoding="utf-8"))
        for exercise_id, spec in chapter.items():
            if exercise_id in key:
                raise RuntimeError(f"exercise id {exercise_id!r} appears twice in the answer key")
            if not isinstance(spec.get("parts"), dict) or not spec["parts"]:
                raise RuntimeError(f"exercise {exercise_id!r} has no parts in the answer key")
            _precision(exercise_id, spec)  # fails early on a bad "decimals" or "tolerance"
            key[exercise_id] = spec
    return key


def exercise_ids() -> list[str]:
    """All exercise ids that :func:`check` knows, sorted."""
    return sorted(_key())


def _spec(exercise_id: str) -> dict:
    key = _key()
    if exercise_id not in key:
        prefix = str(exercise_id).split("-ex-")[0]
        known = [name for name in key if name.startswith(prefix + "-")] or sorted(key)[:10]
        raise KeyError(f"exercise_id {exercise_id!r} is unknown; known ids: {', '.join(known)}")
    return key[exercise_id]


def _precision(exercise_id: str, spec: dict) -> tuple[int, Fraction]:
    """The requested number of decimals and the half-width of the accepted interval (no slack).

    ``decimals`` wins when a key gives both; a key with only ``tolerance`` (older format) keeps
    that tolerance and asks for the fewest decimals whose half unit it covers.
    """
    if "decimals" in spec or "tolerance" not in spec:
        decimals = spec.get("decimals", _DEFAULT_DECIMALS)
        if isinstance(decimals, bool) or not isinstance(decimals, int) or not 0 <= decimals <= 10:
            raise RuntimeError(
                f"exercise {exercise_id!r}: decimals must be a whole number from 0 to 10,"
                f" got {decimals!r}"
            )
        return decimals, Fraction(1, 2 * 10**decimals)
    tolerance = spec["tolerance"]
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or tolerance < 0:
        raise RuntimeError(
            f"exercise {exercise_id!r}: tolerance must be a number >= 0, got {tolerance!r}"
        )
    half_width = Fraction(tolerance)
    decimals = 0
    while half_width > 0 and Fraction(1, 2 * 10**decimals) > half_width * (1 + _RELATIVE_SLACK):
        decimals += 1
    return decimals, half_width


def _in_words(decimals: int) -> str:
    return _WORDS[decimals] if decimals < len(_WORDS) else str(decimals)


def form_phrase(exercise_id: str) -> str:
    """The words with which an exercise asks for the form of its answer.

    Every checked exercise's statement contains this phrase in its "Check:" line.

    Examples
    --------
    >>> form_phrase("ch01-ex-screening")
    'give numbers to three decimals (or as exact fractions)'
    """
    decimals, _ = _precision(exercise_id, _spec(exercise_id))
    if decimals == 0:
        return "give whole numbers"
    unit = "decimal" if decimals == 1 else "decimals"
    return f"give numbers to {_in_words(decimals)} {unit} (or as exact fractions)"


def _as_exact(value: object, part: str) -> Fraction | float:
    """An answer as an exact fraction, or as a float when it is nan or infinite."""
    wanted = 'a number, a fraction such as "7/24" or a decimal such as "0.25"'
    if isinstance(value, bool) or value is None:
        raise TypeError(f"{part} must be {wanted}, got {value!r}")
    if isinstance(value, str):
        text = _FRACTION_STRING.sub("/", value.strip())
        if text.lower() in {"nan", "+nan", "-nan"}:
            return math.nan
        try:
            if text.count("/") == 1:  # "7/24", and "6.5/9" as a worked solution writes it
                numerator, denominator = text.split("/")
                return Fraction(numerator) / Fraction(denominator)
            return Fraction(text)
        except ZeroDivisionError:
            raise TypeError(
                f'{part} must be {wanted}, got {value!r}: pass float("nan") for an undefined value'
            ) from None
        except ValueError:
            raise TypeError(f"{part} must be {wanted}, got {value!r}") from None
    if isinstance(value, numbers.Integral):  # int, numpy integers
        return Fraction(int(value))
    if isinstance(value, numbers.Rational):  # Fraction
        return Fraction(int(value.numerator), int(value.denominator))
    if isinstance(value, Decimal):
        return math.nan if value.is_nan() else (Fraction(value) if value.is_finite() else math.inf)
    try:
        number = float(value)  # floats, numpy floats, 0-d arrays
    except (TypeError, ValueError):
        raise TypeError(f"{part} must be {wanted}, got {value!r}") from None
    return Fraction(number) if math.isfinite(number) else number


def _slack(half_width: Fraction, expected: Fraction) -> Fraction:
    return half_width * (1 + _RELATIVE_SLACK) + _ABSOLUTE_SLACK * max(1, abs(expected))


def _within(given: Fraction | float, expected: float | None, half_width: Fraction) -> bool:
    """Whether ``given`` is ``expected`` (``None``: nan) up to ``half_width`` plus the slack."""
    if expected is None:
        return isinstance(given, float) and math.isnan(given)
    if isinstance(given, float):  # nan or infinite
        return False
    exact = Fraction(expected)
    return abs(given - exact) <= _slack(half_width, exact)


def _coarser_rounding(given: Fraction | float, expected: float | None, decimals: int) -> bool:
    """Whether ``given`` is a correct rounding of ``expected`` to 1 .. decimals - 1 decimals."""
    if expected is None or isinstance(given, float):
        return False
    for coarse in range(decimals - 1, 0, -1):
        unit = Fraction(1, 10**coarse)
        on_grid = abs(given - round(given / unit) * unit) <= unit * _RELATIVE_SLACK
        if on_grid and _within(given, expected, unit / 2):
            return True
    return False


def _grade(
    given: Fraction | float,
    expected: float | None,
    decimals: int,
    half_width: Fraction,
    hints: list[tuple[float | None, str]],
) -> tuple[bool, str]:
    """One part's verdict and feedback line (without the part's name)."""
    if _within(given, expected, half_width):
        return True, "right: undefined." if expected is None else "right, to the precision asked."
    hint = next((text for value, text in hints if _within(given, value, half_width)), None)
    if hint is None and _coarser_rounding(given, expected, decimals):
        unit = "decimal" if decimals == 1 else "decimals"
        return False, f"too coarse: give {_in_words(decimals)} {unit}."
    if hint is None and expected is None:
        hint = "Is this value defined at all? Look at the denominator."
    if hint is None and expected is not None and isinstance(given, float) and math.isnan(given):
        hint = "This value is defined: the denominator is not 0."
    return False, "not quite." + (f" {hint}" if hint else " Try again.")


def grade_answer(
    answer: object,
    expected: object,
    *,
    decimals: int = _DEFAULT_DECIMALS,
    hints: object = (),
) -> tuple[bool, str]:
    """Grade one numeric answer against a known value by the rules of :func:`check`.

    For graders that hold the answer (an autograder's hidden tests): the same tolerance (half a
    unit of the last requested decimal, so every correct rounding passes), the same "too coarse"
    rule and the same hints as :func:`check`.

    Parameters
    ----------
    answer : float, Fraction or str
        The student's answer, in any form :func:`check` accepts.
    expected : float, Fraction, str or None
        The exact value; ``None`` (or ``float("nan")``) means undefined (0/0).
    decimals : int, default=3
        The number of decimals the exercise asks for (0 for whole numbers).
    hints : iterable of (value, text) pairs
        Common wrong values and the hint shown when the answer matches one.

    Returns
    -------
    (bool, str)
        Whether the answer is right, and the feedback line :func:`check` would print.

    Examples
    --------
    >>> grade_answer(0.562, "9/16")
    (True, 'right, to the precision asked.')
    >>> grade_answer(0.56, "9/16")
    (False, 'too coarse: give three decimals.')
    """
    if isinstance(decimals, bool) or not isinstance(decimals, int) or not 0 <= decimals <= 10:
        raise ValueError(f"decimals must be a whole number from 0 to 10, got {decimals!r}")
    given = _as_exact(answer, "answer")
    exact = _as_exact(expected, "expected") if expected is not None else None
    if isinstance(exact, float):
        if not math.isnan(exact):
            raise ValueError(f"expected must be finite or undefined (None), got {expected!r}")
        exact = None
    pairs = []
    for item in hints:
        value, text = item
        hint_value = None if value is None else _as_exact(value, "hint value")
        pairs.append((None if isinstance(hint_value, float) else hint_value, str(text)))
    return _grade(given, exact, decimals, Fraction(1, 2 * 10**decimals), pairs)


def check(exercise_id: str, answer: object = None, /, **parts: object) -> CheckResult:
    """Say whether an answer to a book exercise is right, without revealing the answer.

    A part is right when it lies within half a unit of the last digit the exercise asks for
    (three decimals unless the exercise says otherwise), so any correct rounding passes; an
    exact fraction passes too. A correct rounding to fewer decimals than asked is called too
    coarse.

    Parameters
    ----------
    exercise_id : str
        The exercise's label, as printed in the book (for example ``"ch01-ex-screening"``).
    answer : float, Fraction or str, optional
        The answer of a one-part exercise.
    **parts : float, Fraction or str
        The answers of a multi-part exercise, by the part names the exercise asks for: numbers
        (``0.188``), exact fractions (``Fraction(7, 24)``) or strings (``"7/24"``, ``"0.188"``).
        Pass ``float("nan")`` for a value you think is undefined (0/0).

    Returns
    -------
    CheckResult
        Truthy when every part is right; shows one line per part (and a hint for a wrong part
        that matches a common mistake). In Jupyter it displays itself.

    Raises
    ------
    KeyError
        If ``exercise_id`` is unknown (the message lists the ids of that chapter).
    TypeError
        If a part is missing, unknown, or not a number (the message names the part).

    Examples
    --------
    >>> result = check("ch01-ex-screening", accuracy=0.995, recall=0, precision=float("nan"))
    >>> bool(result)
    True
    >>> print(check("ch01-ex-screening", accuracy=0.005, recall="0/4", precision=float("nan")))
    accuracy: not quite. That is the error rate: the share of people the model gets wrong.
    recall: right, to the precision asked.
    precision: right: undefined.
    """
    spec = _spec(exercise_id)
    expected_parts: dict[str, float | None] = spec["parts"]
    decimals, half_width = _precision(exercise_id, spec)

    if answer is not None:
        if parts:
            raise TypeError("give either one answer or named parts, not both")
        if list(expected_parts) != ["answer"]:
            names = ", ".join(f"{name}=..." for name in expected_parts)
            several = "has several parts" if len(expected_parts) > 1 else "names its part"
            raise TypeError(f"exercise {exercise_id} {several}; pass them by name: {names}")
        parts = {"answer": answer}
    missing = [name for name in expected_parts if name not in parts]
    unknown = [name for name in parts if name not in expected_parts]
    if missing or unknown:
        wanted = ", ".join(f"{name}=..." for name in expected_parts)
        raise TypeError(f"exercise {exercise_id} takes {wanted}; check the part names")
    given_parts = {name: _as_exact(parts[name], name) for name in expected_parts}

    lines = []
    correct = True
    for name, expected in expected_parts.items():
        hints = [
            (item["value"], item["hint"]) for item in spec.get("hints", []) if item["part"] == name
        ]
        right, feedback = _grade(given_parts[name], expected, decimals, half_width, hints)
        correct = correct and right
        lines.append(feedback if name == "answer" else f"{name}: {feedback}")
    return CheckResult(exercise_id, correct, tuple(lines))
