"""Self-check for the book's exercises: right or wrong, with a hint, never the answer.

Every exercise with a numeric answer has an id (its label in the book, such as
``"ch01-ex-screening"``) and an entry in the answer key. A student calls::

    from evalmetrics.exercises import check
    check("ch01-ex-screening", accuracy=..., recall=..., precision=...)

with their numbers in place of the dots, and reads whether each part is right. A wrong part
that matches a common mistake gets a hint aimed at that mistake. The expected value is never
printed.

**The rule.** Each exercise asks for a precision: ``decimals`` (default 3; ``0`` for counts and
ranks). In one sentence (:data:`RULE`, also on the teachers page and in :func:`check`'s
help):

    An answer is right when it is a correct rounding of the exact value to the decimals asked
    or to more decimals, or when it rounds to a correct rounding at the decimals asked without
    lying half-way between two roundings; where whole numbers are asked, it must be whole.

For an exact 0.4565242 at three decimals, 0.457, 0.4565, 0.45652 and 0.45651 are right (the
last rounds to 0.457); 0.456, 0.4564 and 0.4575 are not (0.4575 is half-way between 0.457 and
0.458 and is not a correct rounding to four decimals). For 5/16 = 0.3125 both 0.312 and 0.313
are right (a half-way value has two correct roundings), so are 0.3125, ``"5/16"`` and 0.3124;
0.3115 is not. A number's decimals are its own, not how it was typed: 0.45650, "0.45650" and
0.4565 are the same answer, and a float is read as it prints (0.4565 typed as a float is
0.4565). Only one more decimal than asked can make a difference to the second clause (an
answer half-way at the decimals asked has exactly one more), so the key stores the roundings
at the decimals asked and at one more. A wrong answer with fewer decimals than asked (0.47 or
0.48 for 0.4667 when three are asked; a whole number is just wrong) is told to give the
decimals asked, whether or not it is a rounding of the exact value, so the message never
confirms a coarser guess. A hint matches a
wrong answer by the same rule, with the hint's value in place of the exact value. An answer
that is both (fewer decimals than asked, and the value a common mistake gives) gets the hint
and is told to give more decimals if it was a rounding.

An answer may be an int, a float, a :class:`fractions.Fraction`, a :class:`decimal.Decimal`, a
NumPy integer or float (a scalar or a 0-d array), or a string holding a fraction or a decimal
(``"5/16"``, ``"0.3125"``); ``float("nan")`` says "undefined (0/0)". Other types (booleans,
complex numbers, subclasses, objects of other libraries) are refused without being asked for
their value: convert them with ``float(...)`` first.

**The key holds no answers.** The package ships the key of each chapter in
``evalmetrics/exercise_keys/chNN.json`` as salted SHA-256 tokens of the correct roundings (and
of the roundings of each hint's value), so a student who opens the file reads no answer.
:func:`check` rounds the student's answer the same way, hashes it and compares tokens. The
plain keys are kept with the book's sources, not in the package (``teacher/exercise_keys/``,
turned into tokens by ``tools/hash_keys.py``). The tokens hide the answers from a reader, not
from a determined search: a number with three decimals has a thousand candidates, and
:func:`check` itself says right or wrong. The book's graded assignments run this module's
code on the same tokens: each hidden test calls :func:`grade_hashed` with its part's hashed
entry; :func:`grade_answer` grades against a plain value, for a grader that holds one.

A course that hands out its own numbers (a variant of the exercises drawn from a seed) ships
each assignment with its hashed key; :func:`use_key` makes :func:`check` grade against it, so
the self-check and the autograder agree on every student's numbers.

:func:`form_phrase` gives the words with which an exercise asks for its answer's form. An
exercise with a single part may use the part name ``"answer"`` and be checked with
``check(id, value)``.

This module imports only the standard library.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import resources

__all__ = [
    "CheckResult",
    "check",
    "exercise_ids",
    "form_phrase",
    "RULE",
    "grade_answer",
    "grade_hashed",
    "hashed_entry",
    "use_key",
]

#: The grading rule in one sentence, as the teachers page and :func:`check`'s help state it.
RULE = (
    "An answer is right when it is a correct rounding of the exact value to the decimals asked"
    " or to more decimals, or when it rounds to a correct rounding at the decimals asked"
    " without lying half-way between two roundings; where whole numbers are asked, it must be"
    " whole."
)

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


KEY_FORMAT = "evalmetrics-exercise-key-sha256-1"


_TERM_KEY: dict[str, dict] = {}  # a term's own numbers, loaded by use_key(); these come first


def _read_key(text: str, name: str) -> dict[str, dict]:
    """The exercises of one hashed key file, each with the file's salt."""
    chapter = json.loads(text)
    if not isinstance(chapter, dict) or chapter.get("format") != KEY_FORMAT:
        raise RuntimeError(
            f"{name} is not a hashed answer key (format {KEY_FORMAT!r}); run tools/hash_keys.py"
        )
    found = {}
    for exercise_id, spec in chapter["exercises"].items():
        if not isinstance(spec.get("parts"), dict) or not spec["parts"]:
            raise RuntimeError(f"exercise {exercise_id!r} has no parts in the answer key")
        _decimals(exercise_id, spec)  # fails early on a bad "decimals"
        found[exercise_id] = {**spec, "salt": chapter["salt"]}
    return found


def use_key(path: str | None) -> list[str]:
    """Check this term's numbers: make :func:`check` use the hashed key file of an assignment.

    A course that gives its students new numbers (``make assignments SEED=...``) hands out, with
    each assignment, the hashed key of its exercises; the assignment's set-up cell calls
    ``use_key("chNN_key.json")``, and from then on :func:`check` grades those exercises against
    the term's key, as the autograder does, and the others against the book's.
    ``use_key(None)`` goes back to the book's key for every exercise.

    Parameters
    ----------
    path : str or None
        A key file as ``tools/make_assignments.py`` writes it (format
        ``evalmetrics-exercise-key-sha256-1``), or None.

    Returns
    -------
    list of str
        The exercise ids the file holds (empty for None).

    Raises
    ------
    FileNotFoundError
        If ``path`` does not exist.
    RuntimeError
        If the file is not a hashed key.
    """
    _TERM_KEY.clear()
    if path is None:
        return []
    with open(path, encoding="utf-8") as handle:
        _TERM_KEY.update(_read_key(handle.read(), str(path)))
    return sorted(_TERM_KEY)


@cache
def _key() -> dict[str, dict]:
    key: dict[str, dict] = {}
    folder = resources.files("evalmetrics") / "exercise_keys"
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if not entry.name.endswith(".json"):
            continue
        for exercise_id, spec in _read_key(entry.read_text(encoding="utf-8"), entry.name).items():
            if exercise_id in key:
                raise RuntimeError(f"exercise id {exercise_id!r} appears twice in the answer key")
            key[exercise_id] = spec
    return key


def exercise_ids() -> list[str]:
    """All exercise ids that :func:`check` knows, sorted."""
    return sorted(_key())


def _spec(exercise_id: str) -> dict:
    if exercise_id in _TERM_KEY:
        return _TERM_KEY[exercise_id]
    key = _key()
    if exercise_id not in key:
        prefix = str(exercise_id).split("-ex-")[0]
        known = [name for name in key if name.startswith(prefix + "-")] or sorted(key)[:10]
        raise KeyError(f"exercise_id {exercise_id!r} is unknown; known ids: {', '.join(known)}")
    return key[exercise_id]


def _decimals(exercise_id: str, spec: dict) -> int:
    """The number of decimals an exercise asks for (default 3)."""
    decimals = spec.get("decimals", _DEFAULT_DECIMALS)
    if isinstance(decimals, bool) or not isinstance(decimals, int) or not 0 <= decimals <= 10:
        raise RuntimeError(
            f"exercise {exercise_id!r}: decimals must be a whole number from 0 to 10,"
            f" got {decimals!r}"
        )
    return decimals


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
    decimals = _decimals(exercise_id, _spec(exercise_id))
    if decimals == 0:
        return "give whole numbers"
    unit = "decimal" if decimals == 1 else "decimals"
    return f"give numbers to {_in_words(decimals)} {unit} (or as exact fractions)"


_EXPONENT_LIMIT = 400  # a written number's power of ten, as a float's range allows


def _plain(value: object) -> int | float | str | Fraction | Decimal | None:
    """An answer as a plain Python value, without running any code of the answer's own.

    Taken: ``int``, ``float``, ``str``, :class:`~fractions.Fraction` (of two ``int``) and
    :class:`~decimal.Decimal` (exactly these types, not subclasses), and NumPy's integer, float
    and string scalars and 0-d arrays (a NumPy float other than float64 is read as it prints,
    ``np.float32(0.3115)`` as 0.3115). Anything else gives ``None``: an object of another type
    is never asked for its value (types are compared by identity, so not even a metaclass of
    the answer runs), and so an answer cannot run code of its own while it is graded.
    Booleans, complex numbers and bytes are not taken.
    """
    kind = type(value)
    if kind is int or kind is float or kind is str or kind is Decimal:
        return value  # type: ignore[return-value]
    if kind is Fraction:  # rebuilt from its two whole numbers, which must be plain ints
        top, bottom = value.numerator, value.denominator  # type: ignore[attr-defined]
        if type(top) is int and type(bottom) is int and bottom != 0:
            return Fraction(top, bottom)
        return None
    numpy = sys.modules.get("numpy")  # a NumPy value means NumPy is imported
    if numpy is None or type(kind) is not type:
        return None
    if kind is numpy.ndarray:
        if value.shape != ():  # type: ignore[attr-defined]
            return None
        value = value[()]  # type: ignore[index]  # the array's one scalar
        kind = type(value)
    codes = numpy.typecodes
    if any(kind is numpy.dtype(code).type for code in codes["AllInteger"]):
        return int(value)  # type: ignore[call-overload]
    if kind is numpy.float64:
        return float(value)  # type: ignore[arg-type]  # exact, as a Python float
    if any(kind is numpy.dtype(code).type for code in codes["Float"]):  # float16, 32, longdouble
        return float(numpy.format_float_positional(value, unique=True))  # as it prints
    if kind is numpy.str_:
        return str(value)
    return None


def _written_number(text: str, part: str, wanted: str, whole: str) -> Fraction | float:
    """A decimal written as text ("0.3125", "1e-3", "nan", "-inf") as a fraction or a float;
    ``whole`` is the answer as given, which a message shows."""
    try:
        number = Decimal(text)
    except ArithmeticError:  # decimal.InvalidOperation
        raise TypeError(f"{part} must be {wanted}, got {_shown(whole)}") from None
    if number.is_snan():
        raise TypeError(f"{part} must be {wanted}, got {_shown(whole)}")
    if not number.is_finite():
        return float(number)
    if abs(number.adjusted()) > _EXPONENT_LIMIT:
        raise TypeError(f"{part} is out of range: {_shown(whole)}")
    return Fraction(number)


def _shown(value: object) -> str:
    """A plain answer as a message shows it, cut short when it is long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _as_exact(value: object, part: str) -> Fraction | float:
    """An answer as an exact fraction, or as a float when it is nan or infinite."""
    wanted = 'a number, or a string holding a fraction ("p/q") or a decimal'
    plain = _plain(value)
    if plain is None:
        kind = type(value)
        if value is ...:
            raise TypeError(f"{part} must be {wanted}, got ...: replace the ... with your answer")
        numpy = sys.modules.get("numpy")
        if value is None or kind is bool or (numpy is not None and kind is numpy.bool_):
            raise TypeError(f"{part} must be {wanted}, got {value!r}")
        if kind is complex:
            raise TypeError(f"{part} must be {wanted}, got a complex number")
        if kind is Fraction:
            raise TypeError(f"{part} must be {wanted}, got a Fraction of other than two ints")
        what = "a value whose class has a metaclass of its own"
        if type(kind) is type:  # a plain class: its name is read without running its code
            module, name = kind.__module__, kind.__name__
            if type(module) is str and module != "builtins":
                name = f"{module.split('.')[0]}.{name}"
            what = f"a value of type {name}"
        raise TypeError(
            f"{part} must be {wanted}, got {what}; if it holds one real number, pass float({part})"
        )
    if isinstance(plain, str):
        text = _FRACTION_STRING.sub("/", plain.strip())
        if text.count("/") > 1:
            raise TypeError(f"{part} must be {wanted}, got {_shown(plain)}")
        if text.count("/") == 1:  # "5/16", and "4.5/12" as a worked solution writes it
            numerator, denominator = (
                _written_number(t, part, wanted, plain) for t in text.split("/")
            )
            if isinstance(numerator, float) or isinstance(denominator, float):
                raise TypeError(f"{part} must be {wanted}, got {_shown(plain)}")
            if denominator == 0:
                raise TypeError(
                    f"{part} must be {wanted}, got {_shown(plain)}:"
                    ' pass float("nan") for an undefined value'
                )
            return numerator / denominator
        return _written_number(text, part, wanted, plain)
    if isinstance(plain, int):
        if plain.bit_length() > 3 * _EXPONENT_LIMIT + 10:  # beyond 10**400 or so
            raise TypeError(f"{part} is out of range: a whole number of {plain.bit_length()} bits")
        return Fraction(plain)
    if isinstance(plain, Fraction):
        return plain
    if isinstance(plain, Decimal):
        return _written_number(str(plain), part, wanted, str(plain))
    if not math.isfinite(plain):
        return plain
    return Fraction(Decimal(repr(plain)))  # as it prints: 0.4565 is 4565/10000


def _roundings(value: Fraction | float, decimals: int) -> set[str]:
    """The correct roundings of ``value`` to ``decimals`` decimals, as text ("0.313").

    Two at a half-way value (0.3125: "0.312" and "0.313"); ``{"nan"}`` for nan; none for an
    infinite value. A slack of ``1e-9`` of the half unit plus ``1e-12 * max(1, |value|)``
    absorbs floating-point representation (0.313 typed as a float is 0.31300000000000000044).
    """
    if isinstance(value, float):
        return {"nan"} if math.isnan(value) else set()
    scale = 10**decimals
    scaled = value * scale
    slack = Fraction(1, 2) * (1 + _RELATIVE_SLACK) + _ABSOLUTE_SLACK * max(1, abs(value)) * scale
    low = math.floor(scaled)
    return {_as_text(m, decimals) for m in (low, low + 1) if abs(scaled - m) <= slack}


def _as_text(units: int, decimals: int) -> str:
    digits = str(abs(units)).rjust(decimals + 1, "0")
    sign = "-" if units < 0 else ""
    return sign + (digits[:-decimals] + "." + digits[-decimals:] if decimals else digits)


def _on_grid(value: Fraction | float, decimals: int) -> bool:
    """Whether ``value`` has at most ``decimals`` decimals (up to float representation)."""
    if isinstance(value, float):
        return False
    unit = Fraction(1, 10**decimals)
    return abs(value - round(value / unit) * unit) <= unit * _RELATIVE_SLACK


def _token(salt: str, exercise_id: str, part: str, text: str) -> str:
    """The key's token for one rounding: the first 20 hex digits of a salted SHA-256."""
    data = f"{salt}|{exercise_id}|{part}|{text}".encode()
    return hashlib.sha256(data).hexdigest()[:20]


def _matches(
    given: Fraction | float,
    decimals: int,
    tokens: Callable[[set[str]], set[str]],
    at: set[str],
    finer: set[str],
) -> bool:
    """:data:`RULE` for one value, known by its roundings' tokens: ``at`` at the decimals asked,
    ``finer`` at one more (empty for whole numbers).

    The rule's first clause at more than one extra decimal adds nothing to the second (a
    number with two or more decimals beyond those asked is never half-way at the decimals
    asked, and if it is a correct rounding it lies in the same rounding interval as the exact
    value), so one more decimal is all the key needs.
    """
    mine = tokens(_roundings(given, decimals))
    if mine and mine <= at:  # rounds to a correct rounding, not half-way (or both are right)
        return True
    if decimals == 0 or not finer or not _on_grid(given, decimals + 1):
        return False
    own = tokens(_roundings(given, decimals + 1))  # a correct rounding to one more decimal
    return bool(own) and own <= finer


def _verdict(
    given: Fraction | float,
    decimals: int,
    tokens: Callable[[set[str]], set[str]],
    right: set[str],
    finer: set[str],
    hints: list[tuple[set[str], set[str], str]],
) -> tuple[bool, str]:
    """One part's verdict and feedback line (without the part's name).

    ``tokens`` turns roundings into what the key stores (the texts themselves for a plain key,
    salted hashes for the shipped one); ``right`` (at the decimals asked), ``finer`` (at one
    more) and the hints' two sets hold those tokens.
    """
    undefined = bool(tokens({"nan"}) & right)
    if decimals == 0 and not isinstance(given, float) and not _on_grid(given, 0):
        return False, _say(WHOLE_NUMBER)
    if _matches(given, decimals, tokens, right, finer):
        return True, _say(RIGHT_UNDEFINED if undefined else RIGHT)
    # fewer decimals than asked (a whole number aside): say so, without saying whether it is a
    # rounding of the value, so that the message does not confirm a coarser guess
    coarse_match = decimals > 0 and _on_grid(given, decimals - 1) and not _on_grid(given, 0)
    hint = next(
        (_say(text) for at, more, text in hints if _matches(given, decimals, tokens, at, more)),
        None,
    )
    rounded = _say(ROUNDED, words=_in_words(decimals), number=decimals)
    if coarse_match and hint is None:
        return False, _join(_say(NOT_QUITE), rounded)
    if coarse_match:  # a common mistake's value, or a rounding to fewer decimals: say both
        hint = _join(hint, rounded)
    if hint is None and undefined:
        hint = _say(IS_IT_DEFINED)
    if hint is None and isinstance(given, float) and math.isnan(given):
        hint = _say(IT_IS_DEFINED)
    return False, _join(_say(NOT_QUITE), hint if hint else _say(TRY_AGAIN))


# check()'s feedback, translated (with every key's hints) in locales/<language>/LC_MESSAGES/
# exercises.po and shown in the reader's language (EVALMETRICS_LANGUAGE=zh_CN)
WHOLE_NUMBER = "not quite: give a whole number."
RIGHT = "right, to the precision asked."
RIGHT_UNDEFINED = "right: undefined."
NOT_QUITE = "not quite."
TRY_AGAIN = "Try again."
ROUNDED = "If you rounded to fewer decimals, give {words}."
IS_IT_DEFINED = "Is this value defined at all? Look at the denominator."
IT_IS_DEFINED = "This value is defined: the denominator is not 0."
MESSAGES = (
    WHOLE_NUMBER,
    RIGHT,
    RIGHT_UNDEFINED,
    NOT_QUITE,
    TRY_AGAIN,
    ROUNDED,
    IS_IT_DEFINED,
    IT_IS_DEFINED,
)


def _join(*sentences: str) -> str:
    """Sentences one after the other: a space between English ones, none between Chinese."""
    chinese = os.environ.get("EVALMETRICS_LANGUAGE", "").lower().startswith("zh")
    return ("" if chinese else " ").join(sentences)


def _say(text: str, **values: object) -> str:
    """A feedback text in the reader's language. English needs nothing beyond the standard
    library (the graders load this file alone); another language is looked up through
    :mod:`evalmetrics._languages`."""
    if os.environ.get("EVALMETRICS_LANGUAGE", "en").lower() in {"", "en", "c", "posix"}:
        return text.format(**values) if values else text
    from evalmetrics import _languages

    return _languages.say(text, "exercises", **values)


def _checked_decimals(decimals: object) -> int:
    if isinstance(decimals, bool) or not isinstance(decimals, int) or not 0 <= decimals <= 10:
        raise ValueError(f"decimals must be a whole number from 0 to 10, got {decimals!r}")
    return decimals


def _token_list(value: object, what: str) -> set[str]:
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise ValueError(f"entry: {what} must be a list of token strings, got {value!r}")
    return set(value)


def grade_hashed(
    answer: object,
    *,
    entry: dict,
    exercise_id: str,
    part: str,
    salt: str,
    decimals: int,
    name: str | None = None,
) -> tuple[bool, str]:
    """Grade one answer against one part's hashed entry, by :data:`RULE`.

    What :func:`check` runs for each part, and what an assignment's tests call: the entry
    holds salted tokens of the exact value's correct roundings, never the value.

    Parameters
    ----------
    answer : float, Fraction or str
        The student's answer, in any form :func:`check` accepts.
    entry : dict
        The part's entry as :func:`hashed_entry` writes it: ``right`` (tokens of the correct
        roundings at ``decimals``), ``finer`` (at one more decimal; may be absent in keys
        written before it existed) and ``hints``
        (``[{"tokens": [...], "finer": [...], "hint": "..."}]``, this part's only).
    exercise_id, part, salt : str
        What the tokens were salted with: the exercise, the part's name in the key, the
        chapter's salt.
    decimals : int
        The decimals the exercise asks for (0 for whole numbers).
    name : str, optional
        The name messages give the answer (a variable's name); default ``part``.

    Returns
    -------
    (bool, str)
        Whether the answer is right, and the feedback line (without the part's name).

    Raises
    ------
    TypeError
        If ``answer`` is not a number the rule reads (the message names ``name``).
    ValueError
        If ``entry`` or ``decimals`` is malformed (the message names the argument).

    Examples
    --------
    >>> entry = hashed_entry("ch99-ex-x", {"parts": {"p": "5/16"}}, salt="s")["parts"]["p"]
    >>> key = dict(entry=entry, exercise_id="ch99-ex-x", part="p", salt="s", decimals=3)
    >>> grade_hashed(0.3125, **key)
    (True, 'right, to the precision asked.')
    >>> grade_hashed(0.3115, **key)
    (False, 'not quite. Try again.')
    """
    decimals = _checked_decimals(decimals)
    if not isinstance(entry, dict) or "right" not in entry:
        raise ValueError(f"entry must be a part's hashed entry with 'right', got {entry!r}")
    for argument, value in (("exercise_id", exercise_id), ("part", part), ("salt", salt)):
        if not isinstance(value, str):
            raise ValueError(f"{argument} must be a string, got {value!r}")
    given = _as_exact(answer, part if name is None else name)

    def tokens(texts: set[str]) -> set[str]:
        return {_token(salt, exercise_id, part, text) for text in texts}

    hints = []
    for h in entry.get("hints", []):
        if not isinstance(h, dict) or not isinstance(h.get("hint"), str):
            raise ValueError(f"entry: each hint must be a dict with 'tokens' and 'hint', got {h!r}")
        tokens_at = _token_list(h.get("tokens"), "a hint's tokens")
        hints.append((tokens_at, _token_list(h.get("finer", []), "a hint's finer"), h["hint"]))
    right = _token_list(entry["right"], "right")
    finer = _token_list(entry.get("finer", []), "finer")
    return _verdict(given, decimals, tokens, right, finer, hints)


def hashed_entry(exercise_id: str, spec: dict, *, salt: str) -> dict:
    """One exercise of a plain key (``parts``, ``decimals``, ``hints``) as the package stores it.

    Used by ``tools/hash_keys.py``; every value becomes the tokens of its correct roundings at
    the decimals asked (``right``), at one more (``finer``, what :data:`RULE`'s first clause
    needs; none for whole numbers).
    """
    decimals = _decimals(exercise_id, spec)
    if "tolerance" in spec:
        raise RuntimeError(f"exercise {exercise_id!r}: give decimals, not a tolerance")

    def exact(value: object) -> Fraction | float:
        return math.nan if value is None else _as_exact(value, exercise_id)

    def tokens(part: str, value: object, places: int) -> list[str]:
        texts = _roundings(exact(value), places)
        return sorted(_token(salt, exercise_id, part, text) for text in texts)

    def finer(part: str, value: object) -> list[str]:
        return tokens(part, value, decimals + 1) if decimals else []

    parts = {
        part: {
            "right": tokens(part, value, decimals),
            "finer": finer(part, value),
        }
        for part, value in spec["parts"].items()
    }
    for h in spec.get("hints", []):
        if h["part"] not in spec["parts"]:
            raise RuntimeError(f"exercise {exercise_id!r}: a hint names an unknown part")
    hints = [
        {
            "part": h["part"],
            "tokens": tokens(h["part"], h["value"], decimals),
            "finer": finer(h["part"], h["value"]),
            "hint": h["hint"],
        }
        for h in spec.get("hints", [])
    ]
    entry: dict = {"parts": parts, "hints": hints}
    if "decimals" in spec:
        entry = {"decimals": decimals, **entry}
    return entry


def grade_answer(
    answer: object,
    expected: object,
    *,
    decimals: int = _DEFAULT_DECIMALS,
    hints: object = (),
) -> tuple[bool, str]:
    """Grade one numeric answer against a known value by :data:`RULE`, as :func:`check` does.

    For graders that hold the plain answer: the same rule, the same "give three decimals"
    message and the same hints as :func:`check` (:func:`grade_hashed` is its counterpart for a
    hashed key).

    Parameters
    ----------
    answer : float, Fraction or str
        The student's answer, in any form :func:`check` accepts.
    expected : float, Fraction, str or None
        The exact value; ``None`` (or ``float("nan")``) means undefined (0/0).
    decimals : int, default=3
        The number of decimals the exercise asks for (0 for whole numbers).
    hints : iterable of (value, text) pairs
        Common wrong values and the hint shown when the answer matches one (by the same rule,
        with the hint's value in place of the exact value).

    Returns
    -------
    (bool, str)
        Whether the answer is right, and the feedback line :func:`check` would print.

    Raises
    ------
    TypeError
        If ``answer`` (or ``expected``, a hint's value) is not a number the rule reads.
    ValueError
        If ``decimals`` is not a whole number from 0 to 10, or ``expected`` is infinite.

    Examples
    --------
    >>> grade_answer(0.4565, 0.4565242)
    (True, 'right, to the precision asked.')
    >>> grade_answer(0.456, 0.4565242)
    (False, 'not quite. Try again.')
    >>> grade_answer(0.31, "5/16")
    (False, 'not quite. If you rounded to fewer decimals, give three.')
    """
    decimals = _checked_decimals(decimals)
    given = _as_exact(answer, "answer")
    exact = math.nan if expected is None else _as_exact(expected, "expected")
    if isinstance(exact, float) and not math.isnan(exact):
        raise ValueError(f"expected must be finite or undefined (None), got {expected!r}")

    def finer(value: Fraction | float) -> set[str]:
        return _roundings(value, decimals + 1) if decimals else set()

    triples = []
    for value, text in hints:
        hint_value = math.nan if value is None else _as_exact(value, "hint value")
        triples.append((_roundings(hint_value, decimals), finer(hint_value), str(text)))
    right = _roundings(exact, decimals)
    return _verdict(given, decimals, set, right, finer(exact), triples)


def check(exercise_id: str, answer: object = None, /, **parts: object) -> CheckResult:
    """Say whether an answer to a book exercise is right, without revealing the answer.

    The rule (:data:`RULE`), with the decimals the exercise asks for (three unless it says
    otherwise):

        An answer is right when it is a correct rounding of the exact value to the decimals
        asked or to more decimals, or when it rounds to a correct rounding at the decimals
        asked without lying half-way between two roundings; where whole numbers are asked, it
        must be whole.

    An exact fraction is right too. A wrong answer with fewer decimals than asked is told to
    give the decimals asked (without saying whether it was a rounding of the value). The key
    compared against holds salted hashes of the roundings, not the values.

    Parameters
    ----------
    exercise_id : str
        The exercise's label, as printed in the book (for example ``"ch01-ex-screening"``).
    answer : float, Fraction or str, optional
        The answer of a one-part exercise.
    **parts : float, Fraction or str
        The answers of a multi-part exercise, by the part names the exercise asks for: numbers
        (``0.313``), exact fractions (``Fraction(5, 16)``) or strings (``"5/16"``, ``"0.313"``).
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
    A wrong precision that matches a common mistake gets its hint:

    >>> result = check("ch01-ex-screening", accuracy=0.123, recall=2, precision=0)
    >>> bool(result)
    False
    >>> print(result.lines[2])  # doctest: +NORMALIZE_WHITESPACE
    precision: not quite. The model flags nobody, so precision is 0 divided by 0: undefined,
    not 0. Pass float('nan').
    """
    spec = _spec(exercise_id)
    expected_parts: dict[str, dict] = spec["parts"]
    decimals = _decimals(exercise_id, spec)

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
    for name in expected_parts:  # every part's form before any verdict
        _as_exact(parts[name], name)
    lines = []
    correct = True
    for name, stored in expected_parts.items():
        hints = [h for h in spec.get("hints", []) if h["part"] == name]
        entry = {**stored, "hints": hints}
        right, feedback = grade_hashed(
            parts[name],
            entry=entry,
            exercise_id=exercise_id,
            part=name,
            salt=spec["salt"],
            decimals=decimals,
        )
        correct = correct and right
        lines.append(feedback if name == "answer" else f"{name}: {feedback}")
    return CheckResult(exercise_id, correct, tuple(lines))
