"""A term's own numbers: variants of the exercises, drawn from a seed.

An exercise whose code (``teacher/exercise_specs/chNN.py``) has ``vary`` gets new parameters
from a seed (:func:`exercise_specs.variant_params`); its key, mistakes and hints follow from its
code, and its statement and solution code follow by replacing the texts ``shows`` gives for the
book's numbers with those of the variant (:func:`substitute`). ``tools/make_assignments.py
--seed`` builds a term's assignments this way, ``--roster`` one version per student.
"""

from __future__ import annotations

import re


def _pattern(text: str) -> re.Pattern:
    """``text`` where it stands alone: not inside a longer number or name."""
    before = r"(?<![\w.])" if text[:1].isalnum() else ""
    after = r"(?![\w]|\.\d)" if text[-1:].isalnum() else ""
    return re.compile(before + re.escape(text) + after)


def occurrences(source: str, text: str) -> int:
    """How often ``text`` occurs in ``source`` as a whole (0.6 is not found in 0.65)."""
    return len(_pattern(text).findall(source))


def substitute(source: str, book: dict[str, str], variant: dict[str, str]) -> str:
    """``source`` with every book text replaced by the variant's, all at once (so a variant's
    text that equals another book text is not replaced again); longer texts first."""
    pairs = sorted(
        ((book[name], variant[name]) for name in book if book[name] != variant[name]),
        key=lambda pair: -len(pair[0]),
    )
    if not pairs:
        return source
    combined = re.compile("|".join(f"({_pattern(old).pattern})" for old, _ in pairs))

    def replace(match: re.Match) -> str:
        return pairs[match.lastindex - 1][1]

    return combined.sub(replace, source)
