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
        "tolerance": 0.0005,
        "hints": [{"part": "accuracy", "value": 0.005, "hint": "That is the error rate..."}]}}

``null`` means "undefined (0/0)": the right answer is ``float("nan")``. ``tolerance`` is an
absolute tolerance (default 5e-4, so answers rounded to three decimals pass). An exercise with a
single part may use the part name ``"answer"`` and be checked with ``check(id, value)``.

This module imports only the standard library and numpy.
"""

from __future__ import annotations

import json
import math
import numbers
from dataclasses import dataclass
from functools import cache
from importlib import resources

__all__ = ["CheckResult", "check", "exercise_ids"]

_DEFAULT_TOLERANCE = 5e-4


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
            key[exercise_id] = spec
    return key


def exercise_ids() -> list[str]:
    """All exercise ids that :func:`check` knows, sorted."""
    return sorted(_key())


def _as_number(value: object, part: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        try:
            value = float(value)  # numpy scalars, 0-d arrays
        except (TypeError, ValueError):
            raise TypeError(f"{part} must be a number, got {value!r}") from None
    return float(value)


def _matches(given: float, expected: float | None, tolerance: float) -> bool:
    if expected is None:
        return math.isnan(given)
    if math.isnan(given):
        return False
    return abs(given - expected) <= tolerance


def check(exercise_id: str, answer: object = None, /, **parts: object) -> CheckResult:
    """Say whether an answer to a book exercise is right, without revealing the answer.

    Parameters
    ----------
    exercise_id : str
        The exercise's label, as printed in the book (for example ``"ch01-ex-screening"``).
    answer : float, optional
        The answer of a one-part exercise.
    **parts : float
        The answers of a multi-part exercise, by the part names the exercise asks for. Pass
        ``float("nan")`` for a value you think is undefined (0/0).

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
        If a part is missing, unknown, or not a number.

    Examples
    --------
    >>> result = check("ch01-ex-screening", accuracy=0.995, recall=0, precision=float("nan"))
    >>> bool(result)
    True
    >>> print(check("ch01-ex-screening", accuracy=0.005, recall=0, precision=float("nan")))
    accuracy: not quite. That is the error rate: the share of people the model gets wrong.
    recall: right.
    precision: right.
    """
    key = _key()
    if exercise_id not in key:
        prefix = str(exercise_id).split("-ex-")[0]
        known = [name for name in key if name.startswith(prefix + "-")] or sorted(key)[:10]
        raise KeyError(f"exercise_id {exercise_id!r} is unknown; known ids: {', '.join(known)}")
    spec = key[exercise_id]
    expected_parts: dict[str, float | None] = spec["parts"]
    tolerance = float(spec.get("tolerance", _DEFAULT_TOLERANCE))

    if answer is not None:
        if parts:
            raise TypeError("give either one answer or named parts, not both")
        if list(expected_parts) != ["answer"]:
            names = ", ".join(expected_parts)
            raise TypeError(f"exercise {exercise_id} has several parts; pass them by name: {names}")
        parts = {"answer": answer}
    missing = [name for name in expected_parts if name not in parts]
    unknown = [name for name in parts if name not in expected_parts]
    if missing or unknown:
        wanted = ", ".join(f"{name}=..." for name in expected_parts)
        raise TypeError(f"exercise {exercise_id} takes {wanted}; check the part names")

    hints: dict[tuple[str, float], str] = {}
    for item in spec.get("hints", []):
        hints[(item["part"], item["value"])] = item["hint"]

    lines = []
    correct = True
    for name, expected in expected_parts.items():
        given = _as_number(parts[name], name)
        label = "" if name == "answer" else f"{name}: "
        if _matches(given, expected, tolerance):
            lines.append(f"{label}right.")
            continue
        correct = False
        hint = next(
            (
                text
                for (part, value), text in hints.items()
                if part == name and _matches(given, value, tolerance)
            ),
            None,
        )
        if hint is None and expected is None:
            hint = "Is this value defined at all? Look at the denominator."
        if hint is None and expected is not None and math.isnan(given):
            hint = "This value is defined: the denominator is not 0."
        lines.append(f"{label}not quite." + (f" {hint}" if hint else " Try again."))
    return CheckResult(exercise_id, correct, tuple(lines))
