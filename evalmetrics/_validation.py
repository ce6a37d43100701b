"""Input validation shared by every public entry point (private).

Each checker takes the value and the *name of the argument* as the caller spells it, and raises
``ValueError`` or ``TypeError`` with a message that starts with that name, so a reader sees
``y_score contains NaN at index 3`` rather than a numpy traceback.

Only numpy is imported here.
"""

from __future__ import annotations

import numbers
import warnings
from collections.abc import Sequence

import numpy as np

from ._undefined import caller_stacklevel

__all__ = [
    "as_1d",
    "as_labels",
    "check_beta",
    "check_alternative",
    "check_confidence",
    "check_binary_classes",
    "check_consistent_length",
    "check_exponential_gain",
    "check_finite_scores",
    "check_grades",
    "check_ranked_list",
    "check_ideal",
    "check_ideal_covers",
    "check_in_interval",
    "check_index",
    "check_k",
    "check_labels_arg",
    "check_n_relevant",
    "check_nonnegative_int",
    "check_option",
    "check_pos_label",
    "check_positive_int",
    "describe",
    "check_qrels",
    "check_random_state",
    "check_ranked_ids",
    "check_recall_levels",
    "check_rels",
    "check_same_label_kind",
    "check_square_counts",
    "check_threshold",
    "check_unit_values",
    "label_mask",
    "warn_ignored_pos_label",
]


def describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def as_1d(values: object, name: str, *, allow_empty: bool = False) -> np.ndarray:
    """Return ``values`` as a 1-D numpy array, or raise naming ``name``.

    Scalars, 2-D and deeper arrays, and (unless ``allow_empty``) empty input are rejected.
    """
    if values is None:
        raise TypeError(f"{name} must be array-like, got None")
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be array-like, got a string {describe(values)}")
    if isinstance(values, (set, frozenset, dict)):
        raise TypeError(f"{name} must be an ordered array-like, got {type(values).__name__}")
    try:
        array = np.asarray(values)
    except ValueError as exc:  # ragged nested lists
        raise ValueError(f"{name} must be a 1-D array-like of equal-length rows: {exc}") from None
    if array.dtype == object:
        # object arrays come from ragged input or mixed types; keep strings, reject the rest
        if array.ndim != 1:
            raise ValueError(f"{name} must be 1-D, got an array with shape {array.shape}")
    if array.ndim == 0:
        raise ValueError(f"{name} must be 1-D, got a scalar {describe(values)}")
    if array.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array with shape {array.shape}")
    if array.size == 0 and not allow_empty:
        raise ValueError(f"{name} is empty; at least one value is needed")
    return array


def check_consistent_length(**arrays: np.ndarray) -> None:
    """Raise if the named 1-D arrays do not all have the same length."""
    lengths = {name: len(array) for name, array in arrays.items()}
    if len(set(lengths.values())) > 1:
        detail = ", ".join(f"{name} has {n}" for name, n in lengths.items())
        raise ValueError(f"length mismatch: {detail} values")


def check_finite_scores(values: object, name: str = "y_score") -> np.ndarray:
    """Return scores as a 1-D float64 array; reject non-numeric, NaN and infinite values."""
    array = as_1d(values, name)
    if array.dtype == bool or not np.issubdtype(array.dtype, np.number):
        if array.dtype == bool:
            array = array.astype(np.float64)
        else:
            raise TypeError(f"{name} must be numeric, got values of type {array.dtype}")
    if np.iscomplexobj(array):
        raise TypeError(f"{name} must be real numbers, got complex values")
    array = array.astype(np.float64, copy=False)
    bad = ~np.isfinite(array)
    if bad.any():
        index = int(np.flatnonzero(bad)[0])
        kind = "NaN" if np.isnan(array[index]) else "an infinite value"
        raise ValueError(f"{name} contains {kind} at index {index}")
    return array


def _first_index(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def as_labels(values: object, name: str) -> np.ndarray:
    """Return class labels as a 1-D array of integers, integral floats, bools or strings.

    NaN, infinite and non-integral floats are rejected (they are usually scores passed where
    predicted labels were expected), as are complex numbers and a mix of strings and numbers.
    """
    array = as_1d(values, name)
    kind = array.dtype.kind
    if kind == "O":
        items = array.tolist()
        if all(isinstance(item, str) for item in items):
            return np.asarray(items, dtype=str)
        if all(isinstance(item, numbers.Real) for item in items):
            numeric = np.asarray(items)
            if numeric.dtype.kind in "biuf":
                return as_labels(numeric, name)
        raise TypeError(
            f"{name} must hold class labels of one kind (all numbers or all strings); "
            f"got a mix of types {sorted({type(item).__name__ for item in items})}"
        )
    if kind in "US":
        if not isinstance(values, np.ndarray):
            types = {type(item).__name__ for item in values}  # type: ignore[attr-defined]
            if types - {"str", "str_"}:
                raise TypeError(
                    f"{name} must hold class labels of one kind (all numbers or all strings); "
                    f"got a mix of types {sorted(types)}"
                )
        return array
    if kind in "biu":
        return array
    if kind == "f":
        bad = ~np.isfinite(array)
        if bad.any():
            index = _first_index(bad)
            what = "NaN" if np.isnan(array[index]) else "an infinite value"
            raise ValueError(f"{name} contains {what} at index {index}; class labels are expected")
        fractional = array != np.round(array)
        if fractional.any():
            index = _first_index(fractional)
            raise ValueError(
                f"{name} contains the non-integer value {array[index].item()!r} at index {index}; "
                "class labels are expected (to use scores, pick a threshold with counts_at, "
                "or use roc_curve / pr_curve)"
            )
        return array
    raise TypeError(f"{name} must hold class labels (numbers or strings), got dtype {array.dtype}")


def _label_kind(array: np.ndarray) -> str:
    return "string" if array.dtype.kind in "US" else "numeric"


def check_same_label_kind(**arrays: np.ndarray | None) -> None:
    """Raise TypeError if some of the named label arrays hold strings and others numbers."""
    kinds = {name: _label_kind(array) for name, array in arrays.items() if array is not None}
    if len(set(kinds.values())) > 1:
        detail = ", ".join(f"{name} holds {kind} labels" for name, kind in kinds.items())
        raise TypeError(f"labels must be all numbers or all strings: {detail}")


def check_pos_label(pos_label: object, name: str = "pos_label") -> object:
    """Return ``pos_label`` as a Python scalar (a number, bool or string)."""
    if isinstance(pos_label, np.generic):
        pos_label = pos_label.item()
    if isinstance(pos_label, str):
        return pos_label
    if isinstance(pos_label, numbers.Real):
        if not np.isfinite(float(pos_label)):
            raise ValueError(f"{name} must be a finite number or a string, got {pos_label!r}")
        return pos_label
    raise TypeError(
        f"{name} must be a single label (a number or a string), got {describe(pos_label)}"
    )


def label_mask(values: np.ndarray, label: object) -> np.ndarray:
    """Boolean mask of ``values == label``; all False when the kinds differ (string vs number)."""
    if (values.dtype.kind in "US") != isinstance(label, str):
        return np.zeros(values.shape, dtype=bool)
    return np.asarray(values == label, dtype=bool)


def check_binary_classes(classes: np.ndarray, pos_label: object, *, source: str, hint: str) -> None:
    """Raise unless ``classes`` (distinct labels) form a binary problem for ``pos_label``.

    More than two classes is a ValueError whose message ends with ``hint`` (for example a
    suggestion to pass ``average=``). Two classes that do not include ``pos_label`` is a
    ValueError naming ``pos_label``. One class (with or without ``pos_label``) is accepted.
    """
    shown = classes.tolist()
    if len(shown) > 2:
        raise ValueError(
            f"found {len(shown)} distinct labels {describe(shown)} in {source}, more than "
            f"the two of a binary problem; {hint}"
        )
    if len(shown) == 2 and not label_mask(classes, pos_label).any():
        raise ValueError(
            f"pos_label={pos_label!r} is not one of the two labels {shown} in {source}; "
            "pass pos_label= with the label of the positive class"
        )


def check_threshold(threshold: object, name: str = "threshold") -> float:
    """Return a decision threshold as a float; +-inf are allowed, NaN and non-numbers are not."""
    if isinstance(threshold, (bool, np.bool_)) or not isinstance(threshold, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {describe(threshold)}")
    value = float(threshold)
    if np.isnan(value):
        raise ValueError(f"{name} must be a number, got NaN")
    return value


def check_index(index: object, length: int, name: str = "index") -> int:
    """Return ``index`` as an int in ``range(length)``; negative indices count from the end."""
    if isinstance(index, (bool, np.bool_)) or not isinstance(index, (numbers.Integral, np.integer)):
        raise TypeError(f"{name} must be an integer, got {describe(index)}")
    value = int(index)
    if not -length <= value < length:
        raise IndexError(f"{name}={value} is out of range for {length} thresholds")
    return value % length  # nonzero: -length <= value < length holds, so length >= 1


def check_beta(beta: object, name: str = "beta") -> float:
    """Return ``beta`` as a float; it must be a finite real number > 0."""
    if isinstance(beta, bool) or not isinstance(beta, numbers.Real):
        raise TypeError(f"{name} must be a positive real number, got {describe(beta)}")
    value = float(beta)
    if not np.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be finite and > 0, got {describe(beta)}")
    return value


def check_k(
    k: object,
    name: str = "k",
    *,
    allow_none: bool = False,
    at_most: int | None = None,
    at_most_is: str = "",
) -> int | None:
    """Return ``k`` as an int >= 1 (and <= ``at_most`` if given). Floats (even 10.0) and bools
    are rejected. ``at_most_is`` says what the bound is, e.g. ``"the length of rels"``:
    ``k must lie in 1..5 (the length of rels), got 7``."""
    if k is None and allow_none:
        return None
    if isinstance(k, (bool, np.bool_)) or not isinstance(k, (numbers.Integral, np.integer)):
        raise TypeError(f"{name} must be a positive integer, got {describe(k)}")
    value = int(k)
    if value < 1:
        raise ValueError(f"{name} must be a positive integer (>= 1), got {value}")
    if at_most is not None and value > at_most:
        what = f" ({at_most_is})" if at_most_is else ""
        raise ValueError(f"{name} must lie in 1..{at_most}{what}, got {value}")
    return value


def check_nonnegative_int(value: object, name: str) -> int:
    """Return ``value`` as an int >= 0 (for counts); reject floats, bools and negatives."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise TypeError(f"{name} must be a non-negative integer count, got {describe(value)}")
    result = int(value)
    if result < 0:
        raise ValueError(f"{name} must be a non-negative integer count, got {result}")
    return result


def check_square_counts(matrix: object, name: str = "counts") -> np.ndarray:
    """Return a square 2-D numeric array of counts (n >= 1, finite), or raise naming ``name``."""
    array = np.asarray(matrix)
    if array.ndim != 2 or array.shape[0] != array.shape[1] or array.shape[0] < 1:
        raise ValueError(f"{name} must be a square 2-D array, got shape {array.shape}")
    if not np.issubdtype(array.dtype, np.number):
        raise TypeError(f"{name} must be numeric, got values of type {array.dtype}")
    check_finite_scores(array.ravel(), name)
    return array


def check_positive_int(value: object, name: str, *, minimum: int = 1) -> int:
    """Return ``value`` as an int >= ``minimum`` (a size, a number of samples); reject floats
    (even ``10.0``) and bools."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (numbers.Integral, np.integer)):
        raise TypeError(f"{name} must be an integer >= {minimum}, got {describe(value)}")
    result = int(value)
    if result < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {result}")
    return result


def check_in_interval(
    value: object,
    name: str,
    low: float,
    high: float,
    *,
    low_open: bool = False,
    high_open: bool = False,
) -> float:
    """Return ``value`` as a float in the interval from ``low`` to ``high``.

    The ends are included unless ``low_open`` / ``high_open``; the message writes the interval
    in the usual notation, e.g. ``level must lie in (0, 1], got 1.5``. NaN, bools and
    non-numbers are rejected.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {describe(value)}")
    result = float(value)
    above_low = result > low if low_open else result >= low
    below_high = result < high if high_open else result <= high
    if not (above_low and below_high):  # NaN fails both comparisons
        interval = f"{'(' if low_open else '['}{low:g}, {high:g}{')' if high_open else ']'}"
        raise ValueError(f"{name} must lie in {interval}, got {describe(value)}")
    return result


def check_unit_values(values: object, name: str) -> np.ndarray:
    """Return ``values`` (a number or an array of any shape) as float64, each in [0, 1].

    For rates given as input (recall values of an iso-curve, ...): non-numeric values, NaN and
    values outside [0, 1] are rejected, naming the first offending index.
    """
    array = np.asarray(values)
    if array.dtype.kind not in "biuf" or array.dtype.kind == "b":
        raise TypeError(f"{name} must be numeric, got values of type {array.dtype}")
    array = array.astype(np.float64)
    bad = ~((array >= 0) & (array <= 1))  # NaN is bad too
    if bad.any():
        flat_index = int(np.flatnonzero(bad.ravel())[0])
        where = "" if array.ndim == 0 else f" at index {_index_text(array, flat_index)}"
        raise ValueError(
            f"{name} must lie in [0, 1], got {float(array.ravel()[flat_index])!r}{where}"
        )
    return array


def warn_ignored_pos_label(pos_label: object, average: object) -> None:
    """Warn (UserWarning) if ``pos_label`` is set but ignored.

    ``pos_label`` only picks the class under ``average="binary"``; any other value than the
    default 1 under another ``average`` would otherwise be dropped silently. The first sentence
    is scikit-learn's; its advice ``labels=[pos_label]`` is not repeated, because here
    ``labels`` cannot leave out a class that occurs in the data (that is an error). The advice
    given instead, ``average=None`` and the class's entry, is what the package supports.
    """
    if average != "binary" and pos_label != 1:
        warnings.warn(
            f"Note that pos_label (set to {pos_label!r}) is ignored when average != 'binary' "
            f"(got {average!r}). To score the class {pos_label!r} alone, pass average=None and "
            "take its entry (classes in the order of labels, sorted by default).",
            UserWarning,
            stacklevel=caller_stacklevel(),
        )


def check_option(value: object, name: str, options: Sequence[object]) -> object:
    """Raise unless ``value`` is one of ``options`` (compared with ==, types respected)."""
    for option in options:
        if value is option or (type(value) is type(option) and value == option):
            return value
    choices = ", ".join(repr(o) for o in options)
    raise ValueError(f"{name} must be one of {choices}; got {describe(value)}")


def check_labels_arg(labels: object, name: str = "labels") -> np.ndarray | None:
    """Return the user's ``labels`` as a 1-D array without duplicates, or None."""
    if labels is None:
        return None
    array = as_1d(labels, name)
    unique, counts = np.unique(array, return_counts=True)
    if (counts > 1).any():
        dupes = ", ".join(repr(v.item() if hasattr(v, "item") else v) for v in unique[counts > 1])
        raise ValueError(f"{name} contains duplicates: {dupes}")
    return array


# --- ranking inputs ---
# Relevance grades (``rels``, ``ideal``), counts of relevant items, recall levels and the
# inputs of ``ranking.judge``. Used by evalmetrics.ranking; every message names the argument.

_RANK_SHAPES = "1-D (one ranked list) or 2-D (one list per row, padded with 0)"


def _index_text(array: np.ndarray, flat_index: int) -> str:
    """Return the index of element ``flat_index`` as ``3`` (1-D) or ``(1, 3)`` (2-D)."""
    if array.ndim == 1:
        return str(flat_index)
    return str(tuple(int(i) for i in np.unravel_index(flat_index, array.shape)))


def check_grades(values: object, name: str = "rels") -> np.ndarray:
    """Return relevance grades as a 1-D or 2-D float64 array, or raise naming ``name``.

    Grades are finite numbers >= 0 (0 = not relevant); booleans count as 0 and 1. Scalars, 3-D
    and deeper arrays, ragged rows, empty input, non-numeric values, NaN, infinite and negative
    grades are rejected.
    """
    if values is None:
        raise TypeError(f"{name} must be an array-like of relevance grades, got None")
    if isinstance(values, (str, bytes)):
        raise TypeError(
            f"{name} must be an array-like of relevance grades, got a string {describe(values)}"
        )
    if isinstance(values, (set, frozenset, dict)):
        raise TypeError(
            f"{name} must be an ordered array-like (grades in rank order), "
            f"got {type(values).__name__}"
        )
    try:
        array = np.asarray(values)
    except ValueError:  # ragged nested lists
        raise ValueError(
            f"{name} must be {_RANK_SHAPES}; its rows have different lengths "
            "(pad short lists with 0)"
        ) from None
    if array.ndim == 0:
        raise ValueError(f"{name} must be {_RANK_SHAPES}, got a scalar {describe(values)}")
    if array.ndim > 2:
        raise ValueError(f"{name} must be {_RANK_SHAPES}, got an array with shape {array.shape}")
    if array.dtype == bool:
        array = array.astype(np.float64)
    elif not np.issubdtype(array.dtype, np.number):
        raise TypeError(
            f"{name} must hold numeric relevance grades, got values of type {array.dtype}"
        )
    elif np.iscomplexobj(array):
        raise TypeError(f"{name} must hold real relevance grades, got complex values")
    if array.size == 0:
        raise ValueError(f"{name} is empty (shape {array.shape}); at least one grade is needed")
    array = array.astype(np.float64, copy=False)
    low, high = array.min(), array.max()  # NaN propagates: one cheap pass in the common case
    if not (np.isfinite(low) and np.isfinite(high) and low >= 0):
        bad = ~np.isfinite(array)
        if bad.any():
            index = int(np.flatnonzero(bad)[0])
            kind = "NaN" if np.isnan(array.flat[index]) else "an infinite value"
            raise ValueError(f"{name} contains {kind} at index {_index_text(array, index)}")
        index = int(np.flatnonzero(array < 0)[0])
        raise ValueError(
            f"{name} contains a negative grade {array.flat[index]:g} at index "
            f"{_index_text(array, index)}; relevance grades must be >= 0 (0 = not relevant)"
        )
    return array


def check_ranked_list(values: object, name: str = "rels") -> np.ndarray:
    """Return the grades of one ranked list (1-D, as :func:`check_grades`), or raise naming
    ``name``: ``rels must be one ranked list (1-D), got shape (2, 3)``."""
    grades = check_grades(values, name)
    if grades.ndim != 1:
        raise ValueError(f"{name} must be one ranked list (1-D), got shape {grades.shape}")
    return grades


def check_rels(rels: object, name: str = "rels") -> tuple[np.ndarray, bool]:
    """Return ``(grades as a 2-D float64 array, True if the input was one 1-D list)``."""
    array = check_grades(rels, name)
    if array.ndim == 1:
        return array[np.newaxis, :], True
    return array, False


def check_n_relevant(
    n_relevant: object, n_present: np.ndarray, *, one_list: bool, name: str = "n_relevant"
) -> np.ndarray:
    """Return one int64 count of relevant items per list.

    ``n_present`` holds, per list, the number of grades > 0 already in it. ``None`` means the
    list holds every relevant item (the count is ``n_present``); otherwise an integer, or for
    2-D input one integer per row. Floats (even 3.0), bools, negative counts, a wrong shape and
    counts smaller than ``n_present`` are rejected.
    """
    n_rows = n_present.shape[0]
    if n_relevant is None:
        return n_present.astype(np.int64, copy=False)
    if isinstance(n_relevant, np.ndarray) and n_relevant.ndim == 0:
        n_relevant = n_relevant[()]  # a 0-d array counts as its scalar
    if isinstance(n_relevant, (bool, np.bool_)):
        raise TypeError(f"{name} must be an integer count, got {describe(n_relevant)}")
    if isinstance(n_relevant, (numbers.Integral, np.integer)):
        counts = np.full(n_rows, int(n_relevant), dtype=np.int64)
    elif isinstance(n_relevant, numbers.Number):
        raise TypeError(f"{name} must be an integer count, got {describe(n_relevant)}")
    elif one_list:
        raise TypeError(
            f"{name} must be one integer count for a 1-D rels (one list), "
            f"got {describe(n_relevant)}"
        )
    else:
        if isinstance(n_relevant, (str, bytes, set, frozenset, dict)):
            raise TypeError(
                f"{name} must be an integer or one integer per row of rels, "
                f"got {type(n_relevant).__name__}"
            )
        try:
            array = np.asarray(n_relevant)
        except ValueError:
            raise ValueError(
                f"{name} must be one integer per row of rels ({n_rows} rows)"
            ) from None
        if array.shape != (n_rows,):
            raise ValueError(
                f"{name} has shape {array.shape} but rels has {n_rows} rows; "
                "give one integer per row, or a single integer"
            )
        if array.dtype == bool or not np.issubdtype(array.dtype, np.integer):
            raise TypeError(f"{name} must hold integer counts, got values of type {array.dtype}")
        counts = array.astype(np.int64)
    if (counts < 0).any():
        row = int(np.flatnonzero(counts < 0)[0])
        where = "" if one_list or n_rows == 1 else f" (row {row})"
        raise ValueError(f"{name} must be >= 0, got {int(counts[row])}{where}")
    too_small = counts < n_present
    if too_small.any():
        row = int(np.flatnonzero(too_small)[0])
        where = "the list" if one_list else f"row {row} of rels"
        raise ValueError(
            f"{name} is smaller than the relevant items already in the list: {where} holds "
            f"{int(n_present[row])} grades > 0 but {name} is {int(counts[row])}"
        )
    return counts


def check_ideal(ideal: object, n_rows: int, *, one_list: bool, name: str = "ideal") -> np.ndarray:
    """Return ``ideal`` (the grades of every judged item) as a 2-D float64 array.

    It must be 1-D for a 1-D ``rels`` and 2-D with one row per row of ``rels`` otherwise; it
    may be longer (wider) than ``rels``.
    """
    array = check_grades(ideal, name)
    if one_list and array.ndim != 1:
        raise ValueError(
            f"{name} must be 1-D like rels (one list), got an array with shape {array.shape}"
        )
    if not one_list and (array.ndim != 2 or array.shape[0] != n_rows):
        raise ValueError(
            f"{name} must be 2-D with one row per row of rels ({n_rows} rows), "
            f"got an array with shape {array.shape}"
        )
    return array[np.newaxis, :] if array.ndim == 1 else array


def check_ideal_covers(
    rels_desc: np.ndarray, ideal_desc: np.ndarray, *, one_list: bool, name: str = "ideal"
) -> None:
    """Raise unless ``ideal`` holds every positive grade of ``rels`` (so that NDCG <= 1).

    Both arguments are 2-D and sorted descending along each row. The test is elementwise: the
    j-th highest grade of ``rels`` must not exceed the j-th highest grade of ``ideal``.
    """
    width = min(rels_desc.shape[1], ideal_desc.shape[1])
    uncovered = rels_desc[:, :width] > ideal_desc[:, :width]
    beyond = rels_desc[:, width:] > 0  # ideal is narrower: its missing places hold grade 0
    if not (uncovered.any() or beyond.any()):
        return
    bad = np.concatenate([uncovered, beyond], axis=1)
    row, place = (int(i) for i in np.argwhere(bad)[0])
    have = float(ideal_desc[row, place]) if place < ideal_desc.shape[1] else 0.0
    where = "" if one_list else f" in row {row}"
    raise ValueError(
        f"{name} lacks positive grades present in rels, so NDCG could exceed 1: the "
        f"{place + 1}. highest grade of rels{where} is {rels_desc[row, place]:g} but that of "
        f"{name} is {have:g}. {name} must hold the grade of every judged item, retrieved or not"
    )


def check_exponential_gain(grades: np.ndarray, name: str = "rels") -> None:
    """Raise if a grade is too large for the gain 2**grade - 1 (float64 overflows above 1023)."""
    if grades.size and grades.max() > 1023:
        raise ValueError(
            f"{name} holds the grade {grades.max():g}, too large for gain='exponential' "
            "(2**grade overflows above 1023); use gain='linear'"
        )


def check_recall_levels(levels: object, name: str = "recall_levels") -> tuple[np.ndarray, bool]:
    """Return ``(levels as a 1-D float64 array, True if a single number was given)``.

    Each level is a finite number in [0, 1].
    """
    if isinstance(levels, (bool, np.bool_)) or levels is None:
        raise TypeError(f"{name} must be a number or a 1-D array-like of numbers in [0, 1]")
    scalar = isinstance(levels, (numbers.Real, np.floating, np.integer))
    if scalar:
        array = np.asarray([levels], dtype=np.float64)
    else:
        array = as_1d(levels, name)
        if array.dtype == bool or not np.issubdtype(array.dtype, np.number):
            raise TypeError(f"{name} must be numeric, got values of type {array.dtype}")
        if np.iscomplexobj(array):
            raise TypeError(f"{name} must be real numbers, got complex values")
        array = array.astype(np.float64)
    bad = ~((array >= 0) & (array <= 1))  # also catches NaN
    if bad.any():
        index = int(np.flatnonzero(bad)[0])
        where = "" if scalar else f" at index {index}"
        raise ValueError(f"{name} must lie in [0, 1], got {array[index]!r}{where}")
    return array, scalar


def check_ranked_ids(ranked_ids: object, name: str = "ranked_ids") -> list:
    """Return the ids of one ranked list as a list; reject unordered, empty and duplicated ids."""
    if ranked_ids is None or isinstance(ranked_ids, (str, bytes)):
        raise TypeError(
            f"{name} must be a sequence of ids in rank order, got {describe(ranked_ids)}"
        )
    if isinstance(ranked_ids, (set, frozenset, dict)):
        raise TypeError(
            f"{name} must be an ordered sequence of ids, got {type(ranked_ids).__name__}"
        )
    if isinstance(ranked_ids, np.ndarray):
        if ranked_ids.ndim != 1:
            raise ValueError(f"{name} must be 1-D, got an array with shape {ranked_ids.shape}")
        ids = ranked_ids.tolist()
    else:
        try:
            ids = list(ranked_ids)
        except TypeError:
            raise TypeError(
                f"{name} must be a sequence of ids in rank order, got {describe(ranked_ids)}"
            ) from None
    if not ids:
        raise ValueError(f"{name} is empty; at least one id is needed")
    first_position: dict = {}
    for position, item in enumerate(ids):
        try:
            earlier = first_position.setdefault(item, position)
        except TypeError:
            raise TypeError(
                f"{name} must hold hashable ids, got {describe(item)} at position {position}"
            ) from None
        if earlier != position:
            raise ValueError(
                f"{name} contains duplicate id {describe(item)} (positions {earlier} and "
                f"{position}); a ranking lists each item once"
            )
    return ids


def check_qrels(qrels: object, name: str = "qrels") -> dict:
    """Return relevance judgements as a dict id -> float grade.

    ``qrels`` is a dict id -> grade (finite; a negative grade is kept, the caller decides what
    it means) or a set of relevant ids (grade 1).
    """
    if isinstance(qrels, (set, frozenset)):
        return dict.fromkeys(qrels, 1.0)
    if not isinstance(qrels, dict):
        raise TypeError(
            f"{name} must be a dict mapping id -> grade or a set of relevant ids, "
            f"got {type(qrels).__name__}"
        )
    judged = {}
    for item, grade in qrels.items():
        if isinstance(grade, (bool, np.bool_)):
            grade = float(grade)
        if not isinstance(grade, (numbers.Real, np.floating, np.integer)):
            raise TypeError(
                f"{name} must map ids to numeric grades, got {describe(grade)} for id "
                f"{describe(item)}"
            )
        value = float(grade)
        if not np.isfinite(value):
            raise ValueError(f"{name} grades must be finite, got {value!r} for id {describe(item)}")
        judged[item] = value
    return judged


def check_confidence(confidence_level: object) -> float:
    """A confidence level strictly inside (0, 1), e.g. 0.95; names ``confidence_level``."""
    return check_in_interval(
        confidence_level, "confidence_level", 0.0, 1.0, low_open=True, high_open=True
    )


def check_random_state(random_state: object) -> np.random.Generator:
    """None, a non-negative int, a numpy Generator or RandomState -> a Generator.

    A Generator is used as given (its stream advances); a legacy ``RandomState`` seeds a new
    Generator from one draw, so a seeded RandomState gives the same result every call.
    """
    if isinstance(random_state, np.random.Generator):
        return random_state
    if random_state is None:
        return np.random.default_rng()
    if isinstance(random_state, np.random.RandomState):
        return np.random.default_rng(int(random_state.randint(0, 2**31 - 1)))
    if isinstance(random_state, (bool, np.bool_)) or not isinstance(
        random_state, (numbers.Integral, np.integer)
    ):
        raise TypeError(
            "random_state must be None, a non-negative integer seed, a numpy.random.Generator"
            f" or a numpy.random.RandomState, got {describe(random_state)}"
        )
    if int(random_state) < 0:
        raise ValueError(f"random_state must be a non-negative integer seed, got {random_state}")
    return np.random.default_rng(int(random_state))


def check_alternative(alternative: object) -> str:
    """scipy's ``alternative``: 'two-sided', 'less' or 'greater'."""
    return check_option(alternative, "alternative", ("two-sided", "less", "greater"))
