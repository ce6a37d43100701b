r"""Ranking metrics for retrieval and recommendation, vectorised over many ranked lists.

Every function takes ``rels``: the relevance grades of the retrieved items **in rank order**
(rank 1 first), where 0 means "not relevant" and any grade > 0 means "relevant" (binary metrics
such as precision use only that distinction; CG, DCG and NDCG use the grades themselves).

* A 1-D ``rels`` is one ranked list and the result is a Python ``float``.
* A 2-D ``rels`` is many lists of equal depth, one per row, shorter lists padded with 0 on the
  right (padding never changes a value); the result holds one value per row (a numpy array),
  except for the summaries ``mean_average_precision``, ``mean_reciprocal_rank`` and
  ``micro_recall_at_k``, which return one ``float``.
* ``n_relevant`` is the number of relevant items the query has, retrieved or not. ``None``
  means the list holds all of them (the count of grades > 0); otherwise one integer, or for
  2-D input one integer per row. It may not be smaller than the relevant items in the list.
* ``k`` is a cut-off: only ranks 1..k count. It is a Python or numpy integer >= 1 (a float
  such as ``10.0`` is rejected). ``k=None``, where allowed, means no cut-off. A ``k`` beyond
  the end of the list is allowed.
* An undefined value (0/0, such as recall when ``n_relevant`` is 0) follows the package's one
  policy, chosen with the keyword ``zero_division`` of every function that can meet it:
  ``"warn"`` (the default) gives ``nan`` with one ``evalmetrics.UndefinedMetricWarning`` per
  call saying for how many lists; ``0.0``, ``1.0`` or ``nan`` give that value silently. The
  summary ``mean_average_precision`` leaves undefined lists out of the mean under ``"warn"``
  (saying how many) and ``nan`` (silently), and counts them as the value under ``0.0`` (as
  trec_eval does) or ``1.0``.

``judge`` turns a ranking of ids plus relevance judgements (qrels) into ``rels``.

The module imports only numpy and loops over no rows: a padded 2-D array is processed at once.
Sums over ranks are accumulated rank by rank (``np.cumsum``), in the order trec_eval uses, so
AP, P@k, recall@k, RR and NDCG of the same grades agree with trec_eval 9 to the last bit (the
cross-check tests compare 1,000 random queries with ``==``). Which grades: trec_eval 9 orders a
run by scores rounded to 32-bit floats (``evalmetrics.io.trec_order(float32_scores=True)``).
"""

from __future__ import annotations

import warnings

import numpy as np

from ._deprecated import renamed_function
from ._undefined import apply_policy, check_zero_division, divide, mean_over
from ._validation import (
    check_exponential_gain,
    check_ideal,
    check_ideal_covers,
    check_in_interval,
    check_k,
    check_n_relevant,
    check_option,
    check_qrels,
    check_ranked_ids,
    check_recall_levels,
    check_rels,
)

__all__ = [
    "average_precision",
    "bpref",
    "cg",
    "dcg",
    "eleven_point_ap",
    "err",
    "hit_rate",
    "interpolated_precision",
    "judge",
    "judged_at_k",
    "mean_average_precision",
    "mean_reciprocal_rank",
    "micro_recall_at_k",
    "ndcg",
    "precision_at_k",
    "r_precision",
    "rbp",
    "rbp_residual",
    "recall_at_k",
    "reciprocal_rank",
]

_GAINS = ("exponential", "linear")
_AP_DENOMINATORS = ("n_relevant", "min_k", "retrieved")
_RECALL_SLACK = 1e-9  # allowed rounding for arbitrary float recall levels (convention 12)
_ELEVEN = np.arange(11)  # recall levels j/10, j = 0..10, kept as integers j


# ----------------------------------------------------------------------------------------
# private helpers (all work on 2-D arrays: one row per ranked list)


def _result(values: np.ndarray, one_list: bool) -> float | np.ndarray:
    """A 1-D input gives a float, a 2-D input one value per row."""
    return float(values[0]) if one_list else values


def _list_mask(undefined: np.ndarray, one_list: bool) -> np.ndarray:
    """The undefined mask as ``_undefined`` wants it: 0-d for one list (no count in the
    warning), one entry per row otherwise."""
    return undefined[0] if one_list else undefined


def _sum_over_ranks(terms: np.ndarray) -> np.ndarray:
    """Sum each row from rank 1 to its end, strictly left to right (as trec_eval's loops do)."""
    if terms.shape[1] == 0:
        return np.zeros(terms.shape[0])
    return np.cumsum(terms, axis=1)[:, -1]


def _precision_sums(hits: np.ndarray) -> np.ndarray:
    """Per row: the sum of P@i over the ranks i that hold a relevant item."""
    found = np.cumsum(hits, axis=1, dtype=np.int32)
    ranks = np.arange(1, hits.shape[1] + 1, dtype=np.float64)
    return _sum_over_ranks(np.where(hits, found / ranks, 0.0))  # nonzero: ranks start at 1


def _check_ap_options(k: object, denominator: object) -> tuple[int | None, str]:
    """The checks ``average_precision`` and ``mean_average_precision`` share (public side)."""
    denominator = check_option(denominator, "denominator", _AP_DENOMINATORS)
    k = check_k(k, allow_none=True)
    if denominator == "min_k" and k is None:
        raise ValueError(
            "denominator='min_k' divides by min(k, n_relevant) and needs a cut-off k; got k=None"
        )
    return k, denominator


def _ap_parts(hits: np.ndarray, counts: np.ndarray, k: int | None, denominator: str):
    """Per row: the sum of P@i over the relevant ranks in the top k, its divisor, the mask of
    rows where AP is 0/0, and the name of the empty denominator for the warning.

    ``denominator`` chooses the divisor: all relevant items (``"n_relevant"``),
    ``min(k, n_relevant)`` (``"min_k"``) or the relevant items found in the top k
    (``"retrieved"``). The divisor is 0 exactly where ``n_relevant`` is 0 under the first two
    (k >= 1), and where no relevant item lies in the top k under ``"retrieved"``; there the sum
    is 0 too, so AP is 0/0 (torchmetrics' 0 is ``zero_division=0.0``). Inputs are checked by
    the public functions.
    """
    top_hits = hits[:, :k]
    sums = _precision_sums(top_hits)
    if denominator == "n_relevant":
        divisors = counts
    elif denominator == "min_k":
        divisors = np.minimum(counts, k)
    else:
        divisors = np.count_nonzero(top_hits, axis=1)
    if denominator == "retrieved":
        name = "the number of relevant items in the top k"
    else:
        name = "n_relevant"
    return sums, divisors, divisors == 0, name


def _rr_rows(rels: np.ndarray, k: int | None) -> np.ndarray:
    """RR per row (0 without a relevant item in the top k); ``k`` is checked by the caller."""
    hits = rels[:, :k] > 0
    first = np.argmax(hits, axis=1)  # index of the first True, or 0 when there is none
    found = hits[np.arange(hits.shape[0]), first]
    return np.where(found, 1.0 / (first + 1.0), 0.0)  # nonzero: first + 1 >= 1


def _descending(grades: np.ndarray, k: int | None) -> np.ndarray:
    """Each row sorted descending, cut to its first k places (partial sort when k is small)."""
    width = grades.shape[1]
    if k is not None and 2 * k < width:
        grades = np.partition(grades, width - k, axis=1)[:, width - k :]
    return np.sort(grades, axis=1)[:, ::-1]


def _dcg_rows(grades: np.ndarray, k: int | None, gain: str) -> np.ndarray:
    top = grades[:, :k]
    gains = np.exp2(top) - 1.0 if gain == "exponential" else top
    # g / log2(i + 1) by division, summed rank by rank: the same arithmetic as trec_eval
    discounts = np.log2(np.arange(2.0, top.shape[1] + 2.0))
    return _sum_over_ranks(gains / discounts)  # nonzero: log2(i + 1) >= 1 at every rank i >= 1


def _interpolated_rows(hits: np.ndarray, needed: np.ndarray) -> np.ndarray:
    """Interpolated precision per row and level, given the hits each level needs.

    ``needed[i, j]`` (an integer >= 1) is the number of relevant items a rank must have
    retrieved to reach recall level j in row i. The result is the highest precision at any
    rank with at least that many hits, 0 when no rank has them.
    """
    n_rows, width = hits.shape
    found = np.cumsum(hits, axis=1, dtype=np.int32)
    rows, ranks = np.nonzero(hits)
    hit_number = found[rows, ranks]
    # column h - 1 holds the precision at the h-th relevant item; the precision at every
    # other rank is lower than at the hit before it, so only these candidates matter
    at_hit = np.zeros((n_rows, width + 1))  # the last column stays 0: "never reached"
    at_hit[rows, hit_number - 1] = hit_number / (ranks + 1.0)  # nonzero: ranks + 1 >= 1
    best_from = np.maximum.accumulate(at_hit[:, ::-1], axis=1)[:, ::-1]
    return np.take_along_axis(best_from, np.minimum(needed, width + 1) - 1, axis=1)


# ----------------------------------------------------------------------------------------
# public functions


def precision_at_k(rels: object, *, k: object) -> float | np.ndarray:
    r"""Precision at k: the share of the top k ranks that hold a relevant item.

    .. math::

        P@k = \frac{\lvert \{ i \le k : rel_i > 0 \} \rvert}{k}

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int or array-like of int of shape (n_cutoffs,)
        Cut-off, an integer >= 1. It may exceed the length of the list. A 1-D array of
        cut-offs gives P@k at each of them at once (``k=np.arange(1, n_items + 1)``: at every
        rank), as ``interpolated_precision`` does for an array of recall levels.

    Returns
    -------
    float or ndarray
        For one ``k``: P@k of the list (a float), or of each row (shape ``(n_lists,)``). For an
        array of cut-offs: shape ``(n_cutoffs,)`` for a 1-D ``rels`` and
        ``(n_lists, n_cutoffs)`` for a 2-D one.

    Raises
    ------
    TypeError
        If ``k`` (or one of its entries) is not an integer (``10.0`` and ``True`` are
        rejected) or ``rels`` is not numeric.
    ValueError
        If ``k < 1``, an array ``k`` is empty or not 1-D, or ``rels`` is empty, not 1-D or
        2-D, or holds NaN, infinite or negative grades.

    Notes
    -----
    The denominator is always k, even when the list is shorter than k: missing ranks count as
    not relevant (trec_eval's ``P_k`` and RecBole's Precision@K do the same; torchmetrics'
    ``retrieval_precision`` with ``adaptive_k=True`` divides by ``min(k, n_items)`` instead).
    The array form is one cumulative count over the ranks, not a loop over cut-offs.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.precision_at_k([1, 0, 1, 0, 0, 1], k=3)
    0.6666666666666666
    >>> ranking.precision_at_k([1, 0, 1], k=5)  # the list is shorter than k
    0.4
    >>> ranking.precision_at_k([[1, 0, 1], [0, 0, 0]], k=2)
    array([0.5, 0. ])
    >>> ranking.precision_at_k([1, 0, 1, 1], k=[1, 2, 3, 4])  # every cut-off at once
    array([1.        , 0.5       , 0.66666667, 0.75      ])
    """
    rels, one_list = check_rels(rels)
    k = _check_k_or_cutoffs(k)
    values = _found_in_top(rels > 0, k) / k  # nonzero: every cut-off >= 1 is checked
    return values[0] if one_list and values.ndim == 2 else _result(values, one_list)


def _is_cutoff_array(k: object) -> bool:
    return isinstance(k, (list, tuple, range)) or (isinstance(k, np.ndarray) and k.ndim > 0)


def _check_cutoffs(k: object) -> np.ndarray:
    """An array ``k`` as a 1-D int64 array of cut-offs >= 1 (each checked as ``k``)."""
    try:
        array = np.asarray(k)
    except ValueError:
        raise ValueError("k must be an integer or a 1-D array of integers") from None
    if array.ndim != 1 or array.size == 0:
        raise ValueError(
            f"k must be an integer or a non-empty 1-D array of integers, got shape {array.shape}"
        )
    items = array.tolist() if isinstance(k, np.ndarray) else list(k)
    for index, value in enumerate(items):
        check_k(value, f"k[{index}]")
    return array.astype(np.int64)


def _check_k_or_cutoffs(k: object) -> int | np.ndarray:
    """``k`` checked: an int, or a 1-D int64 array of cut-offs (``_check_cutoffs``)."""
    return _check_cutoffs(k) if _is_cutoff_array(k) else check_k(k)


def _found_in_top(hits: np.ndarray, k: int | np.ndarray) -> np.ndarray:
    """Relevant items among the top ``k`` of each list (``hits``: bool, shape (n_lists, n)).

    Shape ``(n_lists,)`` for one cut-off, ``(n_lists, n_cutoffs)`` for an array of them (one
    cumulative count over the ranks, not a loop over cut-offs).
    """
    if isinstance(k, np.ndarray):
        found = np.cumsum(hits, axis=1, dtype=np.int64)
        return found[:, np.minimum(k, hits.shape[1]) - 1]
    return np.count_nonzero(hits[:, :k], axis=1)


def recall_at_k(
    rels: object, *, k: object, n_relevant: object = None, zero_division: float | str = "warn"
) -> float | np.ndarray:
    r"""Recall at k: the share of all relevant items that appear in the top k ranks.

    .. math::

        R@k = \frac{\lvert \{ i \le k : rel_i > 0 \} \rvert}{n_\text{relevant}}

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int or array-like of int of shape (n_cutoffs,)
        Cut-off, an integer >= 1; a 1-D array of cut-offs gives R@k at each of them at once,
        as in ``precision_at_k``.
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        Number of relevant items of the query, retrieved or not. ``None``: the list holds all
        of them (the count of grades > 0).
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value where ``n_relevant`` is 0 (0/0). ``"warn"``: ``nan`` and one
        ``UndefinedMetricWarning`` per call saying for how many lists; ``0.0``, ``1.0`` or
        ``nan``: that value, silently.

    Returns
    -------
    float or ndarray
        For one ``k``: R@k of the list (a float), or of each row (shape ``(n_lists,)``). For
        an array of cut-offs: shape ``(n_cutoffs,)`` or ``(n_lists, n_cutoffs)``. Where
        ``n_relevant`` is 0, ``nan`` or the ``zero_division`` value.

    Raises
    ------
    TypeError
        If ``k`` or ``n_relevant`` is not an integer, or ``rels`` is not numeric.
    ValueError
        If ``k < 1``; ``n_relevant`` is negative, has the wrong shape, or is smaller than the
        relevant items in the list; ``rels`` is invalid; or ``zero_division`` is not ``"warn"``,
        0.0, 1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when ``n_relevant`` is 0 for some list (0/0); those
        lists get ``nan`` and the message says how many.

    Notes
    -----
    Equals trec_eval's ``recall_k`` when ``n_relevant`` counts the relevant documents of the
    qrels. Libraries that see only the retrieved list (``n_relevant=None`` here) cannot count
    relevant items that were never retrieved, and report a higher recall.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.recall_at_k([1, 0, 1, 0, 0, 1], k=3)
    0.6666666666666666
    >>> ranking.recall_at_k([1, 0, 1, 0, 0, 1], k=3, n_relevant=4)  # one never retrieved
    0.5
    >>> ranking.recall_at_k([[1, 0, 1], [0, 1, 0]], k=1, n_relevant=[2, 3])
    array([0.5, 0. ])
    >>> ranking.recall_at_k([[1, 0, 1], [0, 0, 0]], k=1, zero_division=0.0)  # no warning
    array([0.5, 0. ])
    >>> ranking.recall_at_k([1, 0, 1, 0, 0, 1], k=[1, 3, 6])  # every cut-off at once
    array([0.33333333, 0.66666667, 1.        ])
    """
    rels, one_list = check_rels(rels)
    hits = rels > 0
    found = _found_in_top(hits, _check_k_or_cutoffs(k))
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    zero_division = check_zero_division(zero_division)
    values = divide(
        found,
        counts if found.ndim == 1 else counts[:, None],
        metric="recall_at_k",
        denominator_name="n_relevant",
        zero_division=zero_division,
        undefined=_list_mask(counts == 0, one_list),
        unit="lists",
    )
    return values[0] if one_list and values.ndim == 2 else _result(values, one_list)


def _warn_if_scores(rels: np.ndarray, name: str) -> None:
    """Warn when ``rels`` looks like a classifier's scores (grades that are not whole numbers):
    AP here reads grades in rank order, and scikit-learn's AP is ``em.average_precision``."""
    fractional = rels != np.floor(rels)
    if fractional.any():
        where = tuple(int(i) for i in np.argwhere(fractional)[0])
        position = where[-1] if rels.shape[0] == 1 else where
        warnings.warn(
            f"rels holds grades that are not whole numbers ({rels[where]:g} at position"
            f" {position}): {name} reads relevance grades in rank order and counts every grade"
            " > 0 as relevant. For a classifier's labels and scores use"
            " evalmetrics.average_precision(y_true, y_score), scikit-learn's"
            " average_precision_score.",
            UserWarning,
            stacklevel=3,
        )


def average_precision(
    rels: object,
    *,
    n_relevant: object = None,
    k: int | None = None,
    denominator: str = "n_relevant",
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Average precision of a ranked list: the mean of P@i over the ranks of relevant items.

    .. math::

        AP@k = \frac{1}{D} \sum_{i \le k,\ rel_i > 0} P@i

    where :math:`D = n_\text{relevant}` (``denominator="n_relevant"``, the default),
    :math:`D = \min(k, n_\text{relevant})` (``"min_k"``) or
    :math:`D = \lvert \{ i \le k : rel_i > 0 \} \rvert` (``"retrieved"``).

    With the default denominator, relevant items that were never retrieved (or lie below rank
    k) count in :math:`n_\text{relevant}` and add 0 to the sum. For the j-th relevant item at
    rank :math:`\text{position}(j)`, :math:`P@\text{position}(j) = j / \text{position}(j)`,
    which is the form :math:`AP = \frac{1}{N} \sum_{j=1}^{N} \frac{j}{\text{position}(j)}`
    found in many tutorials.

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        Number of relevant items of the query, retrieved or not. ``None``: the list holds all
        of them (the count of grades > 0).
    k : int or None, default=None
        Cut-off, an integer >= 1; ``None`` uses the whole list.
    denominator : {"n_relevant", "min_k", "retrieved"}, default="n_relevant"
        What the sum of P@i is divided by (keyword only). ``"n_relevant"``: every relevant
        item of the query, retrieved or not (trec_eval, ranx). ``"min_k"``:
        :math:`\min(k, n_\text{relevant})`, the most relevant items a list cut at k can hold
        (RecBole's MAP@K); needs ``k``. ``"retrieved"``: only the relevant items found in the
        top k (torchmetrics' ``retrieval_average_precision`` with ``top_k``); a list with no
        relevant item in the top k is then 0/0. See Notes.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value where AP is 0/0: ``n_relevant`` is 0 (every ``denominator``), or, under
        ``denominator="retrieved"``, no relevant item is in the top k. ``"warn"``: ``nan``
        and one ``UndefinedMetricWarning`` per call saying for how many lists; ``0.0``,
        ``1.0`` or ``nan``: that value, silently. ``0.0`` gives trec_eval's value (and
        torchmetrics' under ``"retrieved"``).

    Returns
    -------
    float or ndarray of shape (n_lists,)
        AP of the list, or of each row; where it is 0/0 (see ``zero_division``), ``nan`` or the
        ``zero_division`` value.

    Raises
    ------
    TypeError
        If ``k`` or ``n_relevant`` is not an integer, or ``rels`` is not numeric.
    ValueError
        If ``k < 1``; ``n_relevant`` is negative, has the wrong shape, or is smaller than the
        relevant items in the list; ``rels`` is invalid; ``denominator`` is not one of the
        three names; ``denominator="min_k"`` is given without ``k``; or
        ``zero_division`` is not ``"warn"``, 0.0, 1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when AP is 0/0 for some list; those lists get ``nan``
        and the message says how many.

    Notes
    -----
    The default denominator counts relevant items that were not retrieved, as
    trec_eval's ``map`` (and ``map_cut_k``) do; this function equals trec_eval 9 to the last bit
    when ``n_relevant`` is the number of relevant documents in the qrels. trec_eval returns 0 (not
    ``nan``) for a query without relevant documents: pass ``zero_division=0.0`` for that.
    scikit-learn's ``average_precision_score`` is the classification AP over a fully scored set,
    which equals this function with ``n_relevant=None`` when the list holds every item. A grade
    counts as relevant when it is > 0 (trec_eval's default relevance level is 1, which is the same
    for integer grades).

    **AP@k denominators across libraries.** The three choices share the numerator and
    differ only in :math:`D`. Since the hits in the top k number at most :math:`k` and at
    most :math:`n_\text{relevant}`, always
    :math:`AP_\text{all} \le AP_{\min(k, n_\text{relevant})} \le AP_\text{found}`, and all
    three differ when the top k holds some relevant items but fewer than k, and
    :math:`k < n_\text{relevant}`.

    * ``"n_relevant"``: trec_eval 9 ``map`` and ``map_cut_k`` (``m_map.c``, ``m_map_cut.c``:
      ``sum / num_rel``, with ``num_rel`` the relevant documents of the qrels) and ranx
      ``map`` / ``map@k`` (``ranx/metrics/average_precision.py``: the sum over the top k
      divided by the number of relevant judgements). Both return 0 for a query without
      relevant documents.
    * ``"min_k"``: RecBole's ``MAP@K`` (``recbole/evaluator/metrics.py``, class ``MAP``): its
      code divides the running sum at cut-off K by ``min(pos_len, K)``, ``pos_len`` being the
      user's number of ground-truth items, although its docstring writes the factor as
      :math:`1 / \min(|\hat R(u)|, K)` with :math:`\hat R(u)` the recommended list. Ben
      Hamner's ``ml_metrics.apk`` (Kaggle's MAP@K) divides by ``min(len(actual), k)`` too and
      returns 1.0 for an empty ``actual``. Here ``k`` is used as given, even beyond the end
      of the list.
    * ``"retrieved"``: torchmetrics' ``retrieval_average_precision(preds, target, top_k=k)``
      and ``RetrievalMAP(top_k=k)`` (``functional/retrieval/average_precision.py``): the mean of
      :math:`j / \text{position}(j)` over the relevant items in the top k, and 0 when there is none.
      With no relevant item in the top k that mean is over no items, 0/0: here ``nan`` with a
      warning, or torchmetrics' 0 with ``zero_division=0.0``
      (``mean_average_precision(..., zero_division=0.0)`` counts such a list as 0, like
      ``RetrievalMAP``; by default MAP leaves it out). The same holds for a list with no
      relevant item at all. Without a cut-off, torchmetrics sees only the list it is given, so
      it equals the default with ``n_relevant=None``.

    These conventions were read in the libraries' source files (trec_eval, ranx, RecBole,
    torchmetrics). trec_eval's (through pytrec-eval-terrier, in the test suite) and ranx's
    (0.3.21) were also run on examples and agree; RecBole's and torchmetrics' were not run.
    Other versions of those libraries may differ.

    Examples
    --------
    Document 000's example: the relevant items sit at ranks 1, 3 and 6 and there are N = 3 of
    them, so AP = (1/1 + 2/3 + 3/6) / 3:

    >>> from evalmetrics import ranking
    >>> ranking.average_precision([1, 0, 1, 0, 0, 1])
    0.7222222222222222

    If the query has a fourth relevant item that was never retrieved:

    >>> ranking.average_precision([1, 0, 1, 0, 0, 1], n_relevant=4)
    0.5416666666666666
    >>> ranking.average_precision([[1, 0, 1, 0, 0, 1], [0, 1, 0, 0, 0, 0]], k=3)
    array([0.55555556, 0.5       ])

    The three denominators on one list: relevant items at ranks 2 and 4 of the top 4, five
    relevant items in all, so the sum is 1/2 + 2/4 = 1 and AP@4 is 1/5, 1/4 or 1/2:

    >>> rels = [0, 1, 0, 1]
    >>> [ranking.average_precision(rels, n_relevant=5, k=4, denominator=d)
    ...  for d in ("n_relevant", "min_k", "retrieved")]
    [0.2, 0.25, 0.5]

    Under ``"retrieved"`` a list with no relevant item in the top k divides a sum over no
    items by 0: 0/0, ``nan`` with a warning, or torchmetrics' 0 with ``zero_division=0.0``:

    >>> ranking.average_precision([0] * 10, n_relevant=5, k=10, denominator="retrieved",
    ...                           zero_division=0.0)
    0.0
    """
    rels, one_list = check_rels(rels)
    _warn_if_scores(rels, "ranking.average_precision")
    k, denominator = _check_ap_options(k, denominator)
    zero_division = check_zero_division(zero_division)
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    sums, divisors, undefined, name = _ap_parts(hits, counts, k, denominator)
    values = divide(
        sums,
        divisors,
        metric="average_precision",
        denominator_name=name,
        zero_division=zero_division,
        undefined=_list_mask(undefined, one_list),
        unit="lists",
    )
    return _result(values, one_list)


def mean_average_precision(
    rels: object,
    *,
    n_relevant: object = None,
    k: int | None = None,
    denominator: str = "n_relevant",
    zero_division: float | str = "warn",
) -> float:
    r"""Mean average precision (MAP): the mean of AP over ranked lists (queries or users).

    .. math::

        MAP@k = \frac{1}{\lvert Q \rvert} \sum_{q \in Q} AP@k(q)

    with :math:`AP@k(q)` as in ``average_precision``, including its choice of denominator.

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        Number of relevant items of each query, retrieved or not. ``None``: each list holds
        all of them (the count of grades > 0).
    k : int or None, default=None
        Cut-off, an integer >= 1; ``None`` uses the whole lists.
    denominator : {"n_relevant", "min_k", "retrieved"}, default="n_relevant"
        The AP@k denominator of every list: all relevant items (trec_eval, ranx),
        :math:`\min(k, n_\text{relevant})` (RecBole's MAP@K; needs ``k``) or the relevant
        items found in the top k (torchmetrics). See ``average_precision``.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        What to do with lists whose AP is 0/0 (``n_relevant`` is 0; under
        ``denominator="retrieved"`` also no relevant item in the top k). ``"warn"``: leave
        them out of the mean and warn how many were left out (``nan`` and a warning if all
        are); ``nan``: leave them out silently (``nan`` if all are); ``0.0`` or ``1.0``:
        count them as that value, silently (``0.0`` is trec_eval's convention, and
        torchmetrics' ``RetrievalMAP`` under ``"retrieved"``).

    Returns
    -------
    float
        MAP over the lists; ``nan`` if every list is undefined and ``zero_division`` is
        ``"warn"`` or ``nan``.

    Raises
    ------
    TypeError
        If ``k`` or ``n_relevant`` is not an integer, or ``rels`` is not numeric.
    ValueError
        As for ``average_precision`` (including a bad ``denominator``, or ``"min_k"`` without
        ``k``); also if ``zero_division`` is not ``"warn"``, 0.0, 1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when some lists were left out; the message says how
        many.

    Notes
    -----
    ``zero_division=0.0`` gives trec_eval's value for a query whose judgements hold no relevant
    document: trec_eval scores its AP as 0 (run through pytrec_eval; ranx 0.3.21 gives 0
    too). trec_eval's ``-c`` option is a different case: it averages over every query of the
    judgements instead of only those that are also in the run, so a judged query missing from
    the run counts as 0 (usnistgov/trec_eval, ``trec_eval.c``, its help text). Here such a
    query is a row of zeros with its ``n_relevant`` > 0, whose AP is 0 under every
    ``zero_division``. With the default ``"warn"`` the mean runs over the queries where AP is
    defined, as scikit-learn does for classes whose value is ``nan``. Per-list conventions
    are those of ``average_precision``.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> rels = [[1, 0, 1, 0, 0, 1],
    ...         [0, 1, 0, 0, 0, 0]]
    >>> ranking.mean_average_precision(rels)  # (0.7222 + 0.5) / 2
    0.6111111111111112
    >>> ranking.mean_average_precision(rels, n_relevant=[4, 1])  # one item never retrieved
    0.5208333333333333

    A list without any relevant item has no AP; ``zero_division=0.0`` counts it as 0
    (trec_eval), ``nan`` leaves it out silently:

    >>> ranking.mean_average_precision([[1, 0, 1], [0, 0, 0]], zero_division=0.0)
    0.4166666666666667
    >>> ranking.mean_average_precision([[1, 0, 1], [0, 0, 0]], zero_division=float("nan"))
    0.8333333333333333

    MAP@4 under the three denominators (AP@4 of the rows: 1/5, 1/4, 1/2 and 1/2, 1/2, 1):

    >>> rels = [[0, 1, 0, 1], [1, 0, 0, 0]]
    >>> [ranking.mean_average_precision(rels, n_relevant=[5, 2], k=4, denominator=d)
    ...  for d in ("n_relevant", "min_k", "retrieved")]
    [0.35, 0.375, 0.75]
    """
    rels, one_list = check_rels(rels)
    _warn_if_scores(rels, "ranking.mean_average_precision")
    k, denominator = _check_ap_options(k, denominator)
    zero_division = check_zero_division(zero_division)
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    sums, divisors, undefined, name = _ap_parts(hits, counts, k, denominator)
    values = divide(
        sums,
        divisors,
        metric="average_precision",
        denominator_name=name,
        zero_division=np.nan,  # silent here: mean_over applies the policy to the mean
        undefined=undefined,
        unit="lists",
    )
    return mean_over(
        values,
        undefined,
        metric="mean_average_precision",
        per_item="AP",
        zero_division=zero_division,
        unit="lists",
        reason=f"{name} is 0",
        convention="0.0 is trec_eval's convention",
    )


def reciprocal_rank(
    rels: object,
    *,
    k: int | None = None,
    n_relevant: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Reciprocal rank: 1 / the rank of the first relevant item in the top k, else 0.

    .. math::

        RR@k = \begin{cases}
            1 / \min\{ i \le k : rel_i > 0 \} & \text{if such an } i \text{ exists} \\
            0 & \text{otherwise, if } n_\text{relevant} > 0 \\
            \text{undefined} & \text{if } n_\text{relevant} = 0
        \end{cases}

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int or None, default=None
        Cut-off, an integer >= 1; ``None`` uses the whole list.
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        Number of relevant items of the query, retrieved or not. Given, a list whose query has
        no relevant item at all (0) is undefined: no rank could ever score, so 0 would
        blame the system for the query. ``None`` (the default): not known, and a list without
        a relevant item in the top k scores 0, as in trec_eval.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value where ``n_relevant`` is 0. ``"warn"``: ``nan`` and one
        ``UndefinedMetricWarning`` per call saying for how many lists; ``0.0``, ``1.0`` or
        ``nan``: that value, silently. ``0.0`` gives trec_eval's value.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        RR of the list, or of each row.

    Raises
    ------
    TypeError
        If ``k`` or ``n_relevant`` is not an integer or ``rels`` is not numeric.
    ValueError
        If ``k < 1``; ``n_relevant`` is negative, has the wrong shape or is smaller than the
        relevant items in the list; ``rels`` is invalid; or ``zero_division`` is not
        ``"warn"``, 0.0, 1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when ``n_relevant`` is 0 for some list.

    Notes
    -----
    Equals trec_eval's ``recip_rank`` (no cut-off), RecBole's MRR@K and torchmetrics'
    ``retrieval_reciprocal_rank`` per list; all of them score a list without a relevant item
    as 0, also when its query has no relevant item at all (trec_eval's ``recip_rank`` is 0
    for a query whose qrels hold only grade 0, run through pytrec_eval in the tests).

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.reciprocal_rank([0, 0, 1, 0, 1])
    0.3333333333333333
    >>> ranking.reciprocal_rank([[0, 0, 1], [0, 0, 0]], k=2)
    array([0., 0.])
    >>> ranking.reciprocal_rank([[0, 0, 1], [0, 0, 0]], n_relevant=[1, 0], zero_division=0.0)
    array([0.33333333, 0.        ])
    """
    rels, one_list = check_rels(rels)
    k = check_k(k, allow_none=True)
    values = _rr_rows(rels, k)
    if n_relevant is None:
        check_zero_division(zero_division)
        return _result(values, one_list)
    counts = check_n_relevant(n_relevant, np.count_nonzero(rels > 0, axis=1), one_list=one_list)
    values = apply_policy(
        values,
        _list_mask(counts == 0, one_list),
        metric="reciprocal_rank",
        reason="n_relevant is 0, no rank can hold a relevant item",
        zero_division=check_zero_division(zero_division),
        unit="lists",
    )
    return _result(values, one_list)


def mean_reciprocal_rank(
    rels: object,
    *,
    k: int | None = None,
    n_relevant: object = None,
    zero_division: float | str = "warn",
) -> float:
    r"""Mean reciprocal rank (MRR) over ranked lists (queries or users).

    .. math::

        MRR@k = \frac{1}{\lvert Q \rvert} \sum_{q \in Q} \frac{1}{\text{rank}_q}

    where :math:`\text{rank}_q` is the rank of the first relevant item of query q, and a
    query without a relevant item in the top k contributes 0.

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int or None, default=None
        Cut-off, an integer >= 1; ``None`` uses the whole lists.
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        Number of relevant items of each query. Given, the queries with none are undefined
        (see ``reciprocal_rank``) and summarised by ``zero_division``. ``None``: every list
        counts, a list without a relevant item in the top k as 0.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        For the queries with ``n_relevant`` 0: ``"warn"`` and ``nan`` leave them out of the
        mean (``"warn"`` says how many); ``0.0`` (trec_eval) or ``1.0`` count them as that
        value.

    Returns
    -------
    float
        MRR over the lists.

    Raises
    ------
    TypeError
        If ``k`` or ``n_relevant`` is not an integer or ``rels`` is not numeric.
    ValueError
        If ``k < 1``; ``n_relevant`` is invalid (see ``reciprocal_rank``); ``rels`` is
        invalid; or ``zero_division`` is not ``"warn"``, 0.0, 1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when ``n_relevant`` is 0 for some list.

    Notes
    -----
    Without ``n_relevant`` RR is defined for every list (0 when nothing relevant is found), so
    nothing is skipped. This is the mean of trec_eval's ``recip_rank`` and equals RecBole's
    and ranx's MRR.

    Examples
    --------
    Document 000's example: the first answers are at ranks 3 and 4, so
    MRR = (1/3 + 1/4) / 2 = 7/24:

    >>> from evalmetrics import ranking
    >>> ranking.mean_reciprocal_rank([[0, 0, 1, 0],
    ...                               [0, 0, 0, 1]])
    0.2916666666666667
    >>> ranking.mean_reciprocal_rank([[0, 0, 1, 0],  # the second query has no answer at all
    ...                               [0, 0, 0, 0]], n_relevant=[1, 0], zero_division=float("nan"))
    0.3333333333333333
    """
    rels, _ = check_rels(rels)
    k = check_k(k, allow_none=True)
    zero_division = check_zero_division(zero_division)
    values = _rr_rows(rels, k)
    if n_relevant is None:
        return float(values.mean())  # nonzero: check_rels rejects an empty rels
    counts = check_n_relevant(n_relevant, np.count_nonzero(rels > 0, axis=1), one_list=False)
    return mean_over(
        values,
        counts == 0,
        metric="mean_reciprocal_rank",
        per_item="RR",
        zero_division=zero_division,
        unit="lists",
        reason="n_relevant is 0",
        convention="0.0 is trec_eval's convention",
    )


def hit_rate(rels: object, *, k: object) -> float | np.ndarray:
    r"""Hit rate per list: 1.0 if any relevant item is in the top k, else 0.0.

    .. math::

        \mathrm{hit}@k = \mathbf{1}\left[\exists\, i \le k : rel_i > 0\right]

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int or array-like of int of shape (n_cutoffs,)
        Cut-off, an integer >= 1; a 1-D array of cut-offs gives the indicator at each of them
        at once, as in ``precision_at_k``.

    Returns
    -------
    float or ndarray
        For one ``k``: the indicator for the list (a float), or one per row (shape
        ``(n_lists,)``); for an array of cut-offs, shape ``(n_cutoffs,)`` or
        ``(n_lists, n_cutoffs)``. Average it yourself for a summary.

    Raises
    ------
    TypeError
        If ``k`` is not an integer or ``rels`` is not numeric.
    ValueError
        If ``k < 1`` or ``rels`` is invalid.

    Notes
    -----
    The mean of this indicator over users is what ranx (``hit_rate``), RecBole (``Hit``,
    reported as "HR@K"), torchmetrics (``retrieval_hit_rate``) and trec_eval (``success_k``)
    compute. It is **not** document 001's HR@K, which divides the total number of hits by
    the total number of relevant items: that is ``micro_recall_at_k``. The two agree when every list
    has exactly one relevant item (leave-one-out evaluation).

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.hit_rate([0, 1, 1, 0], k=2)
    1.0
    >>> ranking.hit_rate([[0, 1, 1, 0], [0, 0, 0, 1]], k=2)
    array([1., 0.])
    >>> ranking.hit_rate([0, 1, 1, 0], k=[1, 2])
    array([0., 1.])
    """
    rels, one_list = check_rels(rels)
    found = _found_in_top(rels > 0, _check_k_or_cutoffs(k))
    values = (found > 0).astype(np.float64)
    return values[0] if one_list and values.ndim == 2 else _result(values, one_list)


def micro_recall_at_k(
    rels: object, *, k: int, n_relevant: object = None, zero_division: float | str = "warn"
) -> float:
    r"""Recall@K pooled over the lists: all hits in the top k over all relevant items.

    This is document 001's hit ratio HR@K (renamed from ``hit_ratio`` in 0.2, so that it is
    not one letter away from ``hit_rate``, the share of lists with a hit; the old name works,
    with a ``DeprecationWarning``, until 0.3).

    .. math::

        HR@K = \frac{Num@K}{GT}
             = \frac{\sum_{q} \lvert \{ i \le K : rel_{q,i} > 0 \} \rvert}
                    {\sum_{q} n_{\text{relevant},q}}

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row (user), padded
        with 0.
    k : int
        Cut-off, an integer >= 1.
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        Number of ground-truth items of each list, retrieved or not. ``None``: each list holds
        all of them (the count of grades > 0).
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value when the lists hold no relevant item at all (GT = 0, so 0/0). ``"warn"``:
        ``nan`` and an ``UndefinedMetricWarning``; ``0.0``, ``1.0`` or ``nan``: that value,
        silently.

    Returns
    -------
    float
        One number for all lists together; ``nan`` or the ``zero_division`` value if
        there is no relevant item at all.

    Raises
    ------
    TypeError
        If ``k`` or ``n_relevant`` is not an integer, or ``rels`` is not numeric.
    ValueError
        If ``k < 1``; ``n_relevant`` is negative, has the wrong shape, or is smaller than the
        relevant items in the list; ``rels`` is invalid; or ``zero_division`` is not ``"warn"``,
        0.0, 1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when the lists have no relevant item at all (GT = 0).

    Notes
    -----
    This is document 001's definition: Num@K counts the ground-truth items found in the
    top K of all users, GT counts all ground-truth items of the test set. It equals the
    micro-averaged recall@K. ranx, RecBole and torchmetrics use the name "hit rate" or "HR@K"
    for a different number, the mean over users of the indicator "at least one hit in the
    top K"; that is ``hit_rate`` here. The two coincide when every user has exactly one
    ground-truth item.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> rels = [[1, 1, 0, 0],
    ...         [0, 0, 0, 1]]
    >>> ranking.micro_recall_at_k(rels, k=2)  # (2 + 0) / (2 + 1)
    0.6666666666666666
    >>> float(ranking.hit_rate(rels, k=2).mean())  # (1 + 0) / 2
    0.5
    """
    rels, one_list = check_rels(rels)
    k = check_k(k)
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    zero_division = check_zero_division(zero_division)
    value = divide(
        int(np.count_nonzero(hits[:, :k])),
        int(counts.sum()),
        metric="micro_recall_at_k",
        denominator_name="GT, the total n_relevant of all lists,",
        zero_division=zero_division,
    )
    return float(value)


hit_ratio = renamed_function(micro_recall_at_k, "ranking.hit_ratio", "ranking.micro_recall_at_k")


def cg(rels: object, *, k: int | None = None) -> float | np.ndarray:
    r"""Cumulative gain: the sum of the grades in the top k ranks.

    .. math::

        CG@k = \sum_{i=1}^{k} rel_i

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int or None, default=None
        Cut-off, an integer >= 1; ``None`` uses the whole list.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        CG of the list, or of each row.

    Raises
    ------
    TypeError
        If ``k`` is not an integer or ``rels`` is not numeric.
    ValueError
        If ``k < 1`` or ``rels`` is invalid.

    Notes
    -----
    CG ignores the order within the top k; DCG discounts it (see ``dcg``).

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.cg([3, 2, 3, 0, 1, 2])
    11.0
    >>> ranking.cg([[3, 2, 3], [0, 0, 1]], k=2)
    array([5., 0.])
    """
    rels, one_list = check_rels(rels)
    k = check_k(k, allow_none=True)
    return _result(_sum_over_ranks(rels[:, :k]), one_list)


def dcg(rels: object, *, k: int | None = None, gain: str = "exponential") -> float | np.ndarray:
    r"""Discounted cumulative gain: grades discounted by the logarithm of their rank.

    .. math::

        DCG@k = \sum_{i=1}^{k} \frac{g(rel_i)}{\log_2(i + 1)}, \qquad
        g(rel) = \begin{cases}
            2^{rel} - 1 & \text{gain="exponential"} \\
            rel & \text{gain="linear"}
        \end{cases}

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int or None, default=None
        Cut-off, an integer >= 1; ``None`` uses the whole list.
    gain : {"exponential", "linear"}, default="exponential"
        ``"exponential"`` is :math:`2^{rel} - 1`, the gain of the documents and of Manning et
        al., *Introduction to Information Retrieval* (Burges et al.'s formulation);
        ``"linear"`` is the grade itself, as in trec_eval and scikit-learn. For binary grades
        both agree.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        DCG of the list, or of each row.

    Raises
    ------
    TypeError
        If ``k`` is not an integer or ``rels`` is not numeric.
    ValueError
        If ``k < 1``, ``gain`` is unknown, ``rels`` is invalid, or (exponential gain) a grade
        exceeds 1023, where :math:`2^{rel}` overflows.

    Notes
    -----
    ``gain="linear"`` equals scikit-learn's ``dcg_score(y_true, y_score, k=k,
    ignore_ties=True)`` when ``rels`` lists ``y_true`` in order of decreasing ``y_score``.
    trec_eval's ``ndcg_cut`` uses the linear gain too. Some texts discount by
    :math:`\log_2 i` from rank 2 on (Järvelin and Kekäläinen's original); this function uses
    :math:`\log_2(i + 1)` at every rank, as scikit-learn, ranx, torchmetrics, RecBole and
    trec_eval 9 (checked through pytrec-eval-terrier) do.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.dcg([3, 2, 3, 0, 1, 2], gain="linear")  # 3/1 + 2/log2(3) + 3/2 + ...
    6.861126688593502
    >>> ranking.dcg([3, 2, 3, 0, 1, 2])  # 7/1 + 3/log2(3) + 7/2 + ...
    13.848263629272981
    >>> ranking.dcg([[3, 2, 3], [0, 0, 1]], k=2, gain="linear")
    array([4.26185951, 0.        ])
    """
    rels, one_list = check_rels(rels)
    k = check_k(k, allow_none=True)
    gain = check_option(gain, "gain", _GAINS)
    if gain == "exponential":
        check_exponential_gain(rels[:, :k], "rels")
    return _result(_dcg_rows(rels, k, gain), one_list)


def ndcg(
    rels: object,
    *,
    k: int | None = None,
    ideal: object = None,
    gain: str = "exponential",
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Normalised DCG: DCG divided by the ideal ordering's DCG (IDCG), in [0, 1] when defined.

    .. math::

        \begin{aligned}
        NDCG@k &= \frac{DCG@k(rels)}{IDCG@k}, \\
        IDCG@k &= DCG@k(\text{ideal sorted descending})
        \end{aligned}

    with DCG as in ``dcg`` and the same gain for both. The default gain is exponential,
    :math:`2^{rel} - 1` (the documents' and Burges et al.'s); scikit-learn's ``ndcg_score`` and
    trec_eval's ``ndcg_cut`` use the grade itself: pass ``gain="linear"`` for their number.

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int or None, default=None
        Cut-off for DCG and IDCG alike, an integer >= 1; ``None``: no cut-off for either.
    ideal : array-like of shape (n_judged,) or (n_lists, n_judged), default=None
        The grades of every judged item of the query (retrieved or not), in any order; 2-D
        for a 2-D ``rels``, one row per row, padded with 0. It may be longer than ``rels``.
        ``None`` uses ``rels`` itself, i.e. assumes the list holds every relevant item.
    gain : {"exponential", "linear"}, default="exponential"
        :math:`2^{rel} - 1` (the documents, Manning et al.) or :math:`rel` (trec_eval,
        scikit-learn); see ``dcg``.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value where IDCG is 0, no positive grade in ``ideal`` (0/0). ``"warn"``: ``nan`` and
        one ``UndefinedMetricWarning`` per call saying for how many lists; ``0.0``, ``1.0`` or
        ``nan``: that value, silently. ``0.0`` gives trec_eval's and scikit-learn's value.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        NDCG of the list, or of each row; where IDCG is 0 (no positive grade), ``nan``
        or the ``zero_division`` value.

    Raises
    ------
    TypeError
        If ``k`` is not an integer, or ``rels`` or ``ideal`` is not numeric.
    ValueError
        If ``k < 1``; ``gain`` is unknown; ``rels`` or ``ideal`` is invalid; ``ideal`` does
        not match the shape of ``rels`` (1-D with 1-D, or one row per row); or ``ideal`` lacks
        positive grades present in ``rels`` (sorted descending, the j-th grade of ``rels``
        must not exceed the j-th grade of ``ideal``), which could make NDCG exceed 1; or
        ``zero_division`` is not ``"warn"``, 0.0, 1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when IDCG is 0 for some list; those lists get ``nan``
        and the message says how many.

    Notes
    -----
    With ``gain="linear"`` and ``ideal`` holding the grades of all judged documents,
    this equals trec_eval's ``ndcg_cut_k`` to the last bit. With ``gain="linear"`` and the default
    ``ideal`` it equals scikit-learn's ``ndcg_score(..., ignore_ties=True)`` per list (up to
    summation rounding), except that scikit-learn returns 0 instead of ``nan`` when IDCG is 0
    (trec_eval, ranx and torchmetrics also return 0; pass ``zero_division=0.0`` for that).
    scikit-learn and torchmetrics build the ideal from the items they are given, so an unretrieved
    relevant item lowers their NDCG only if it is appended to the list with a score below all others
    and ``k`` is set to the list's own length (scikit-learn run in chapter 15; torchmetrics read in
    ``functional/retrieval/ndcg.py``); here pass ``ideal``. RecBole's NDCG is binary: it treats
    every ground-truth item as grade 1. ranx's ``ndcg`` is the linear gain and its ``ndcg_burges``
    the exponential one.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.ndcg([3, 2, 3, 0, 1, 2], gain="linear")
    0.9608081943360617
    >>> ranking.ndcg([3, 2, 3, 0, 1, 2])  # exponential gain
    0.9488107485678985
    >>> ranking.ndcg([1, 0, 1], ideal=[1, 1, 1, 0])  # one relevant item never retrieved
    0.7039180890341347
    >>> ranking.ndcg([[0, 1], [1, 0]], k=1)
    array([0., 1.])
    >>> ranking.ndcg([[0, 0], [1, 0]], zero_division=0.0)  # IDCG 0: 0, as scikit-learn
    array([0., 1.])
    """
    rels, one_list = check_rels(rels)
    k = check_k(k, allow_none=True)
    gain = check_option(gain, "gain", _GAINS)
    zero_division = check_zero_division(zero_division)
    if ideal is None:
        ideal_desc = _descending(rels, k)
    else:
        ideal_full = check_ideal(ideal, rels.shape[0], one_list=one_list)
        ideal_desc = _descending(ideal_full, None)
        check_ideal_covers(_descending(rels, None), ideal_desc, one_list=one_list)
    if gain == "exponential":
        check_exponential_gain(rels[:, :k], "rels")
        check_exponential_gain(ideal_desc[:, :k], "ideal")
    ideal_gain = _dcg_rows(ideal_desc, k, gain)
    values = divide(
        _dcg_rows(rels, k, gain),
        ideal_gain,
        metric="ndcg",
        denominator_name="IDCG",
        zero_division=zero_division,
        undefined=_list_mask(ideal_gain == 0, one_list),
        unit="lists",
    )
    return _result(values, one_list)


def interpolated_precision(
    rels: object,
    *,
    recall_levels: object,
    n_relevant: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""Interpolated precision at recall levels: the best precision at any recall >= r.

    .. math::

        P_\text{interp}(r) = \max \{ P@i : R@i \ge r \}, \qquad 0 \text{ if no rank reaches } r

    where i runs over the ranks of the list.

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    recall_levels : float or array-like of shape (n_levels,)
        Recall levels in [0, 1].
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        Number of relevant items of the query, retrieved or not. ``None``: the list holds all
        of them (the count of grades > 0).
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value where ``n_relevant`` is 0, at every level of that list (0/0). ``"warn"``: ``nan``
        and one ``UndefinedMetricWarning`` per call saying for how many lists; ``0.0``, ``1.0`` or
        ``nan``: that value, silently.

    Returns
    -------
    float or ndarray
        Shape ``(n_levels,)`` for a 1-D ``rels`` and ``(n_lists, n_levels)`` for a 2-D one; a
        single level gives a float or ``(n_lists,)``. Where ``n_relevant`` is 0, ``nan`` or
        the ``zero_division`` value.

    Raises
    ------
    TypeError
        If ``recall_levels`` or ``rels`` is not numeric, or ``n_relevant`` is not an integer.
    ValueError
        If a recall level lies outside [0, 1] or is NaN; ``n_relevant`` is negative, has the
        wrong shape, or is smaller than the relevant items in the list; ``rels`` is invalid;
        or ``zero_division`` is not ``"warn"``, 0.0, 1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when ``n_relevant`` is 0 for some list; its levels get
        ``nan`` and the message says how many lists.

    Notes
    -----
    Recall :math:`R@i = h_i / n_\text{relevant}` reaches level r when
    :math:`h_i \ge r \cdot n_\text{relevant} - 10^{-9}` (hits :math:`h_i` in the top i), a
    slack of 1e-9 that absorbs the rounding of levels such as 0.7, which binary floating
    point cannot hold exactly. ``eleven_point_ap`` compares its eleven levels j/10 in exact
    integers instead (:math:`10 h_i \ge j\, n_\text{relevant}`); both rules agree for those
    levels.

    trec_eval 9's ``iprec_at_recall`` turns a level into a number of hits as
    ``(long)(r * n_relevant + 0.9)`` in floating point, which needs one hit fewer than this
    rule when :math:`r \cdot n_\text{relevant}` is not an integer and the computed sum falls
    short of the next integer. For the levels j/10 the exact sum never does (the product's
    fractional part is 0 or at least 0.1), so every difference there comes from floating
    point: 0.7 * 3 + 0.9 gives 2.9999999999999996, so at level 0.7 with 3 relevant items
    trec_eval asks for 2 hits (recall 2/3 < 0.7) and reports the precision at recall 2/3.
    Among the eleven levels j/10 and n_relevant < 60 the pairs that differ are (0.7, 3),
    (0.7, 23), (0.7, 33), (0.7, 43), (0.7, 53) and (0.3, 57); everywhere else the values
    agree to the last bit. Later trec_eval sources round to the nearest integer instead
    (``lround``), which differs at more pairs.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> rels = [1, 0, 1, 0, 0, 1]  # precision 1, 2/3 and 1/2 at the three hits
    >>> ranking.interpolated_precision(rels, recall_levels=[0.0, 0.5, 0.7, 1.0])
    array([1.        , 0.66666667, 0.5       , 0.5       ])
    >>> ranking.interpolated_precision(rels, recall_levels=0.5, n_relevant=4)
    0.6666666666666666
    """
    rels, one_list = check_rels(rels)
    levels, one_level = check_recall_levels(recall_levels)
    zero_division = check_zero_division(zero_division)
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    needed = np.ceil(levels[np.newaxis, :] * counts[:, np.newaxis] - _RECALL_SLACK)
    needed = np.maximum(needed, 1).astype(np.int64)  # recall 0 is reached at every rank
    values = apply_policy(
        _interpolated_rows(hits, needed),
        _list_mask(counts == 0, one_list),
        metric="interpolated_precision",
        reason="n_relevant is 0",
        zero_division=zero_division,
        unit="lists",
    )
    if one_level:
        return _result(values[:, 0], one_list)
    return values[0] if one_list else values


def eleven_point_ap(
    rels: object, *, n_relevant: object = None, zero_division: float | str = "warn"
) -> float | np.ndarray:
    r"""Eleven-point interpolated average precision: interpolated precision at r = 0, 0.1, ..., 1.

    .. math::

        AP_{11} = \frac{1}{11} \sum_{j=0}^{10} P_\text{interp}\left(\frac{j}{10}\right)

    with :math:`P_\text{interp}` as in ``interpolated_precision``.

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        Number of relevant items of the query, retrieved or not. ``None``: the list holds all
        of them (the count of grades > 0).
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value where ``n_relevant`` is 0 (0/0). ``"warn"``: ``nan`` and one
        ``UndefinedMetricWarning`` per call saying for how many lists; ``0.0``, ``1.0`` or
        ``nan``: that value, silently.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        11-point AP of the list, or of each row; where ``n_relevant`` is 0, ``nan`` or the
        ``zero_division`` value.

    Raises
    ------
    TypeError
        If ``n_relevant`` is not an integer or ``rels`` is not numeric.
    ValueError
        If ``n_relevant`` is negative, has the wrong shape, or is smaller than the relevant items in
        the list; ``rels`` is invalid; or ``zero_division`` is not ``"warn"``, 0.0, 1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when ``n_relevant`` is 0 for some list; those lists
        get ``nan`` and the message says how many.

    Notes
    -----
    Level j/10 is reached at a rank with :math:`h` hits when :math:`10 h \ge j\,
    n_\text{relevant}`, compared in exact integers. trec_eval 9's ``11pt_avg`` (and
    ``iprec_at_recall``) rounds in floating point and needs one hit fewer at a few
    (level, n_relevant) pairs such as (0.7, 3); see ``interpolated_precision``. Where no pair
    differs, the values agree to the last bit (the eleven values are summed from level 1.0
    down, as trec_eval does). ranx's ``interpolated_precision_at_recall`` copies trec_eval 9's
    rounding.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.eleven_point_ap([1, 0, 1, 0, 0, 1])  # (4 * 1 + 3 * 2/3 + 4 * 1/2) / 11
    0.7272727272727273
    >>> ranking.eleven_point_ap([[1, 0, 1, 0, 0, 1], [0, 1, 0, 0, 0, 0]])
    array([0.72727273, 0.5       ])
    """
    rels, one_list = check_rels(rels)
    zero_division = check_zero_division(zero_division)
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    # hits needed for level j/10: the least integer h with 10 h >= j n, and at least 1
    needed = (_ELEVEN[np.newaxis, :] * counts[:, np.newaxis] + 9) // 10  # nonzero: constant 10
    levels = _interpolated_rows(hits, np.maximum(needed, 1))
    # summed from level 1.0 down, as trec_eval does
    values = _sum_over_ranks(levels[:, ::-1]) / 11.0  # nonzero: the constant 11
    values = apply_policy(
        values,
        _list_mask(counts == 0, one_list),
        metric="eleven_point_ap",
        reason="n_relevant is 0",
        zero_division=zero_division,
        unit="lists",
    )
    return _result(values, one_list)


def judge(ranked_ids: object, qrels: object) -> np.ndarray:
    r"""Turn a ranking of ids into relevance grades in rank order, using judgements (qrels).

    .. math::

        rel_i = \max(0, \mathrm{qrels}[\mathrm{ranked\_ids}_i]),
        \qquad 0 \text{ if the id is unjudged}

    Parameters
    ----------
    ranked_ids : sequence of hashable of length n_items
        Ids of the retrieved items, best first; each id at most once.
    qrels : dict or set
        A mapping id -> grade (finite; a negative grade gives 0, see Notes), or a set of the
        relevant ids (grade 1).

    Returns
    -------
    ndarray of shape (n_items,)
        The grades (float64) in rank order, ready for every function of this module.

    Raises
    ------
    TypeError
        If ``ranked_ids`` is not an ordered sequence of hashable ids, or ``qrels`` is neither
        a dict nor a set, or holds a non-numeric grade.
    ValueError
        If ``ranked_ids`` is empty or contains an id twice, or ``qrels`` holds a NaN or
        infinite grade.

    Notes
    -----
    Unjudged items count as not relevant (grade 0), as in trec_eval. A negative grade (TREC's
    -2 for spam) is not relevant either, grade 0, and is not judged: trec_eval 9 reads it as
    "in the pool but unjudged", so its P, AP and NDCG count it as 0 and its bpref and ``-J``
    skip it like a document without a judgment (checked by running pytrec_eval 0.5.11 with a
    document graded 0, -2 or absent: ``map`` equal for all three, ``bpref`` equal for -2 and
    absent). ``evalmetrics.io.judge_run`` follows the same rule and builds the ``judged`` mask
    of :func:`bpref` with it. The number of relevant items of the query, which AP and recall
    need, is ``sum(g > 0 for g in qrels.values())`` (``len(qrels)`` for a set); the ideal
    grades for NDCG are ``[max(0, g) for g in qrels.values()]``.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.judge(["d3", "d7", "d1"], {"d1": 2, "d3": 1, "d9": 3})
    array([1., 0., 2.])
    >>> ranking.judge(["d3", "d7", "d1"], {"d1", "d9"})
    array([0., 0., 1.])
    >>> ranking.judge(["d3", "d7", "d1"], {"d1": 2, "d3": -2})  # -2: not relevant, grade 0
    array([0., 0., 2.])
    """
    ids = check_ranked_ids(ranked_ids)
    grades = check_qrels(qrels)
    return np.array([max(0.0, grades.get(item, 0.0)) for item in ids], dtype=np.float64)


# ----------------------------------------------------------------------------------------
# incomplete judgments (R-precision, bpref, judged@k) and user-model metrics (ERR, RBP)


def _check_judged(judged: object, rels: np.ndarray, *, one_list: bool) -> np.ndarray:
    """The ``judged`` mask as a 2-D bool array of the shape of ``rels`` (checked).

    ``None`` means every retrieved item is judged. Otherwise a bool array (or 0/1 integers) of
    the shape of ``rels``; an item with a grade > 0 must be judged (a grade is a judgment).
    """
    if judged is None:
        return np.ones(rels.shape, dtype=bool)
    if isinstance(judged, (str, bytes, set, frozenset, dict)):
        raise TypeError(
            f"judged must be an array-like of booleans in rank order, got {type(judged).__name__}"
        )
    try:
        array = np.asarray(judged)
    except ValueError:
        raise ValueError(
            "judged must have the shape of rels; its rows have different lengths"
        ) from None
    want = rels.shape[1:] if one_list else rels.shape
    if array.shape != want:
        raise ValueError(f"judged has shape {array.shape} but rels has shape {want}")
    if array.dtype != bool:
        if not np.issubdtype(array.dtype, np.integer):
            raise TypeError(
                f"judged must hold booleans (True = judged), got values of type {array.dtype}"
            )
        if not np.isin(array, (0, 1)).all():
            raise ValueError("judged must hold booleans (True = judged) or 0/1 only")
        array = array.astype(bool)
    array = array.reshape(rels.shape)
    unjudged_relevant = ~array & (rels > 0)
    if unjudged_relevant.any():
        index = np.argwhere(unjudged_relevant)[0]
        where = (
            f"index {int(index[1])}" if one_list else f"index ({int(index[0])}, {int(index[1])})"
        )
        raise ValueError(
            f"judged is False at {where}, where rels holds a grade > 0; a relevant item is "
            "judged (give unjudged items grade 0 and judged False)"
        )
    return array


def _check_count_at_least(
    value: object, present: np.ndarray, *, one_list: bool, name: str, what: str
) -> np.ndarray:
    """An integer count per list (as ``n_relevant``) that may not be below ``present``."""
    if value is None:
        return present.astype(np.int64)
    counts = check_n_relevant(value, np.zeros_like(present), one_list=one_list, name=name)
    too_small = counts < present
    if too_small.any():
        row = int(np.flatnonzero(too_small)[0])
        where = "the list" if one_list else f"row {row} of rels"
        raise ValueError(
            f"{name} is smaller than the {what} already in the list: {where} holds "
            f"{int(present[row])} but {name} is {int(counts[row])}"
        )
    return counts


def r_precision(
    rels: object, *, n_relevant: object = None, zero_division: float | str = "warn"
) -> float | np.ndarray:
    r"""R-precision: precision at rank R, where R is the number of relevant items of the query.

    .. math::

        R\text{-}P = P@R = \frac{\lvert \{ i \le R : rel_i > 0 \} \rvert}{R},
        \qquad R = n_\text{relevant}

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        R, the number of relevant items of the query, retrieved or not. ``None``: the list
        holds all of them (the count of grades > 0).
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value where R is 0 (0/0). ``"warn"``: ``nan`` and one ``UndefinedMetricWarning``
        per call saying for how many lists; ``0.0``, ``1.0`` or ``nan``: that value, silently.
        ``0.0`` gives trec_eval's value.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        R-precision of the list, or of each row.

    Raises
    ------
    TypeError
        If ``n_relevant`` is not an integer or ``rels`` is not numeric.
    ValueError
        If ``n_relevant`` is negative, has the wrong shape or is smaller than the relevant
        items in the list; ``rels`` is invalid; or ``zero_division`` is not ``"warn"``, 0.0,
        1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when R is 0 for some list.

    Notes
    -----
    At rank R precision equals recall, so R-precision is also the recall at R. A list shorter
    than R counts the missing ranks as not relevant. Equals trec_eval's ``Rprec`` (run through
    pytrec_eval on 1,000 random queries), which returns 0 where R is 0.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.r_precision([1, 0, 1, 0, 0, 1])  # R = 3: two of the top 3
    0.6666666666666666
    >>> ranking.r_precision([1, 0, 1, 0, 0, 1], n_relevant=5)  # two never retrieved
    0.4
    """
    rels, one_list = check_rels(rels)
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    zero_division = check_zero_division(zero_division)
    ranks = np.arange(1, hits.shape[1] + 1)
    found = np.count_nonzero(hits & (ranks[np.newaxis, :] <= counts[:, np.newaxis]), axis=1)
    values = divide(
        found,
        counts,
        metric="r_precision",
        denominator_name="n_relevant (R)",
        zero_division=zero_division,
        undefined=_list_mask(counts == 0, one_list),
        unit="lists",
    )
    return _result(values, one_list)


def bpref(
    rels: object,
    *,
    judged: object = None,
    n_relevant: object = None,
    n_nonrelevant: object = None,
    zero_division: float | str = "warn",
) -> float | np.ndarray:
    r"""bpref (Buckley and Voorhees 2004): how often judged relevant items precede judged
    non-relevant ones, ignoring unjudged items.

    .. math::

        \mathrm{bpref} = \frac{1}{R} \sum_{r} \left( 1 -
            \frac{\min(\lvert n \text{ ranked above } r \rvert,\, R)}{\min(R, N)} \right)

    where r runs over the retrieved relevant items, n over the retrieved items judged not
    relevant, R is the number of relevant items of the query and N the number of items judged
    not relevant (retrieved or not). A term whose r has no judged non-relevant item above it
    is 1. Unjudged items are skipped: they neither help nor hurt.

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
        An unjudged item has grade 0 and ``judged`` False.
    judged : array-like of bool of the shape of ``rels``, or None, default=None
        True where the item was judged (relevant or not), False where it is unjudged. ``None``:
        every retrieved item is judged. An item with a grade > 0 must be judged.
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        R, the number of relevant items of the query, retrieved or not. ``None``: the list
        holds all of them (the count of grades > 0).
    n_nonrelevant : int, array-like of int of shape (n_lists,), or None, default=None
        N, the number of items judged not relevant, retrieved or not. ``None``: the judged
        items of grade 0 in the list. Padding is judged unless ``judged`` says otherwise, so
        pass ``judged`` or ``n_nonrelevant`` for padded rows.
    zero_division : {"warn", 0.0, 1.0, nan}, default="warn"
        The value where R is 0 (0/0). ``"warn"``: ``nan`` and one ``UndefinedMetricWarning``
        per call saying for how many lists; ``0.0``, ``1.0`` or ``nan``: that value, silently.
        ``0.0`` gives trec_eval's value.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        bpref of the list, or of each row, in [0, 1].

    Raises
    ------
    TypeError
        If ``n_relevant`` or ``n_nonrelevant`` is not an integer, ``judged`` is not boolean, or
        ``rels`` is not numeric.
    ValueError
        If ``judged`` does not have the shape of ``rels`` or is False at a grade > 0;
        ``n_relevant`` or ``n_nonrelevant`` is negative, has the wrong shape or is smaller than
        the matching items in the list; ``rels`` is invalid; or ``zero_division`` is not
        ``"warn"``, 0.0, 1.0 or nan.

    Warns
    -----
    UndefinedMetricWarning
        Under ``zero_division="warn"``, when R is 0 for some list.

    Notes
    -----
    The formula is trec_eval's ``bpref`` (``m_bpref.c``), which caps the count of non-relevant
    items above r at R and divides by :math:`\min(R, N)`; it equals trec_eval's value bit for
    bit (pytrec_eval, 1,000 random queries with unjudged documents). trec_eval returns 0 where
    R is 0. ranx's ``bpref`` has the same formula but divides by 0 when N is 0.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> rels = [1, 0, 0, 1]               # relevant, unjudged, non-relevant, relevant
    >>> judged = [True, False, True, True]
    >>> ranking.bpref(rels, judged=judged, n_relevant=3, n_nonrelevant=1)  # (1 + 0) / 3
    0.3333333333333333
    >>> ranking.average_precision(rels, n_relevant=3)  # unjudged counted as non-relevant
    0.5
    """
    rels, one_list = check_rels(rels)
    judged_mask = _check_judged(judged, rels, one_list=one_list)
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    misses = judged_mask & ~hits
    nonrelevant = _check_count_at_least(
        n_nonrelevant,
        np.count_nonzero(misses, axis=1),
        one_list=one_list,
        name="n_nonrelevant",
        what="judged non-relevant items (judged, grade 0)",
    )
    zero_division = check_zero_division(zero_division)
    # int32 counts (a row holds fewer than 2**31 items); the quotient is taken in float64
    above = np.cumsum(misses, axis=1, dtype=np.int32)
    np.minimum(above, np.minimum(counts, above.shape[1]).astype(np.int32)[:, np.newaxis], out=above)
    cap = np.maximum(np.minimum(nonrelevant, counts), 1).astype(np.float64)[:, np.newaxis]
    # where min(R, N) is 0 no judged non-relevant item exists, so "above" is 0 and the term is 1
    terms = np.where(hits, 1.0 - above / cap, 0.0)  # nonzero: cap is clipped to >= 1
    values = divide(
        _sum_over_ranks(terms),
        counts,
        metric="bpref",
        denominator_name="n_relevant (R)",
        zero_division=zero_division,
        undefined=_list_mask(counts == 0, one_list),
        unit="lists",
    )
    return _result(values, one_list)


def judged_at_k(rels: object, *, k: int, judged: object = None) -> float | np.ndarray:
    r"""Judged@k: the share of the top k ranks that hold a judged item.

    .. math::

        \mathrm{judged}@k = \frac{\lvert \{ i \le k : \text{item } i \text{ is judged} \} \rvert}{k}

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int
        Cut-off, an integer >= 1. Ranks beyond the end of the list count as unjudged.
    judged : array-like of bool of the shape of ``rels``, or None, default=None
        True where the item was judged; ``None``: every item of ``rels`` is judged.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        Judged@k of the list, or of each row, in [0, 1].

    Raises
    ------
    TypeError
        If ``k`` is not an integer, ``judged`` is not boolean or ``rels`` is not numeric.
    ValueError
        If ``k < 1``, ``judged`` does not have the shape of ``rels`` or is False at a grade
        > 0, or ``rels`` is invalid.

    Notes
    -----
    Not a trec_eval measure (``pytrec_eval.supported_measures`` has none). It is trec_eval's
    ``P_k`` computed on qrels in which every judged item is made relevant, which is how the
    tests check it; ir_measures calls it ``Judged@k``. A low value warns that the metrics that
    count unjudged items as non-relevant (AP, NDCG) are biased low for this list.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.judged_at_k([1, 0, 0, 1], k=4, judged=[True, False, True, True])
    0.75
    """
    rels, one_list = check_rels(rels)
    k = check_k(k)
    judged_mask = _check_judged(judged, rels, one_list=one_list)
    values = np.count_nonzero(judged_mask[:, :k], axis=1) / k  # nonzero: k >= 1 is checked
    return _result(values, one_list)


def err(rels: object, *, max_grade: float, k: int | None = None) -> float | np.ndarray:
    r"""Expected reciprocal rank (Chapelle et al. 2009): 1/rank of the result where a user of
    the cascade model stops, in expectation.

    .. math::

        ERR@k = \sum_{r=1}^{k} \frac{1}{r}\, R_r \prod_{i=1}^{r-1} (1 - R_i), \qquad
        R_i = \frac{2^{rel_i} - 1}{2^{g_\text{max}}}

    The user reads from rank 1 down and stops at rank i, satisfied, with probability
    :math:`R_i`, which grows with the grade.

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    max_grade : float
        :math:`g_\text{max}`, the highest grade of the scale (4 on a 0..4 scale, 1 for binary
        judgments); a fixed property of the scale, not of the list. At most 1023.
    k : int or None, default=None
        Cut-off, an integer >= 1; ``None`` uses the whole list.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        ERR of the list, or of each row, in [0, 1). Always defined.

    Raises
    ------
    TypeError
        If ``k`` is not an integer, ``max_grade`` is not a number or ``rels`` is not numeric.
    ValueError
        If ``k < 1``, ``max_grade`` is not in (0, 1023], a grade exceeds ``max_grade``, or
        ``rels`` is invalid.

    Notes
    -----
    Neither trec_eval nor ranx computes ERR (``pytrec_eval.supported_measures``; ranx 0.3's
    metric list); the tests check it against the paper's cascade computed rank by rank.
    Because even a perfect result stops the user only with probability
    :math:`1 - 2^{-g_\text{max}}`, ERR is below 1 and is not normalised.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.err([2, 0, 1], max_grade=2)  # 3/4 + (1/3)(1 - 3/4)(1 - 0)(1/4)
    0.7708333333333334
    """
    rels, one_list = check_rels(rels)
    k = check_k(k, allow_none=True)
    max_grade = check_in_interval(max_grade, "max_grade", 0.0, 1023.0, low_open=True)
    if rels.max() > max_grade:
        index = np.argwhere(rels > max_grade)[0]
        raise ValueError(
            f"rels holds a grade {rels[tuple(index)]:g} above max_grade={max_grade:g} at "
            f"index {int(index[-1]) if one_list else tuple(int(i) for i in index)}"
        )
    top = rels[:, :k]
    stop = (np.exp2(top) - 1.0) / np.exp2(max_grade)  # nonzero: 2 ** max_grade > 0
    reach = np.cumprod(1.0 - stop, axis=1)
    reach = np.hstack([np.ones((top.shape[0], 1)), reach[:, :-1]])
    ranks = np.arange(1.0, top.shape[1] + 1.0)
    return _result(_sum_over_ranks(stop * reach / ranks), one_list)  # nonzero: ranks >= 1


def _rbp_weights(width: int, persistence: float) -> np.ndarray:
    return persistence ** np.arange(width, dtype=np.float64)


def rbp(rels: object, *, persistence: float, k: int | None = None) -> float | np.ndarray:
    r"""Rank-biased precision (Moffat and Zobel 2008): the expected rate of relevant items a
    user sees, who goes on to the next rank with probability p (the persistence).

    .. math::

        RBP = (1 - p) \sum_{i=1}^{d} r_i\, p^{\,i-1}, \qquad r_i = \mathbf{1}[rel_i > 0]

    where d is the depth of the list (or ``k``). Unjudged items count as not relevant here;
    ``rbp_residual`` says how much they and the ranks below d could still add.

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
        Only grade > 0 matters (binary relevance, as in the paper).
    persistence : float
        p in (0, 1): the probability of reading on. Moffat and Zobel use 0.5, 0.8 and 0.95;
        the expected number of ranks read is 1 / (1 - p).
    k : int or None, default=None
        Cut-off, an integer >= 1; ``None`` uses the whole list.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        RBP of the list, or of each row, in [0, 1). Always defined.

    Raises
    ------
    TypeError
        If ``k`` is not an integer, ``persistence`` is not a number or ``rels`` is not numeric.
    ValueError
        If ``k < 1``, ``persistence`` is not in (0, 1), or ``rels`` is invalid.

    Notes
    -----
    Equals ranx's ``rbp.p`` (``rank_biased_precision.py``) to 1e-12 on binary judgments
    (1,000 random queries in the tests). On graded judgments ranx multiplies each term by the
    grade, so its value can exceed 1; this function uses the paper's binary :math:`r_i`.
    trec_eval 9.0.x, the version pytrec_eval bundles, has no RBP (``"rbp"`` is not in
    ``pytrec_eval.supported_measures``, checked with pytrec_eval-terrier 0.5.11). trec_eval
    10.0 adds ``rbp`` and ``rbp_resid`` (read from source: usnistgov/trec_eval, ``m_rbp.c``,
    ``CHANGELOG``): persistence 0.9 by default, and the grades as gains (meant to be rescaled
    into [0, 1]), so on graded qrels it need not equal this binary RBP.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.rbp([1, 0, 1], persistence=0.5)  # 0.5 * (1 + 0.25)
    0.625
    """
    rels, one_list = check_rels(rels)
    k = check_k(k, allow_none=True)
    persistence = check_in_interval(
        persistence, "persistence", 0.0, 1.0, low_open=True, high_open=True
    )
    hits = rels[:, :k] > 0
    weights = _rbp_weights(hits.shape[1], persistence)
    sums = _sum_over_ranks(np.where(hits, weights, 0.0))
    return _result((1.0 - persistence) * sums, one_list)


def rbp_residual(
    rels: object, *, persistence: float, judged: object = None, k: int | None = None
) -> float | np.ndarray:
    r"""The residual of rank-biased precision: how much RBP could still rise if every
    unjudged item and every rank below the list were relevant (Moffat and Zobel 2008).

    .. math::

        \mathrm{residual} = (1 - p) \sum_{i \le d,\ i \text{ unjudged}} p^{\,i-1} + p^{\,d}

    where d is the depth evaluated, ``min(k, n_items)``. The true RBP lies in
    ``[rbp, rbp + residual]``.

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    persistence : float
        p in (0, 1), as in ``rbp``.
    judged : array-like of bool of the shape of ``rels``, or None, default=None
        True where the item was judged; ``None``: every item is judged. Mark the padding of a
        short row False: then its residual is exactly :math:`p^{d}` with d its own length.
    k : int or None, default=None
        Cut-off, an integer >= 1; ``None`` uses the whole list.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        The residual of the list, or of each row, in (0, 1].

    Raises
    ------
    TypeError
        If ``k`` is not an integer, ``persistence`` is not a number, ``judged`` is not boolean
        or ``rels`` is not numeric.
    ValueError
        If ``k < 1``, ``persistence`` is not in (0, 1), ``judged`` does not have the shape of
        ``rels`` or is False at a grade > 0, or ``rels`` is invalid.

    Notes
    -----
    ranx and trec_eval report no residual.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.rbp_residual([1, 0, 1], persistence=0.5)  # 0.5 ** 3
    0.125
    >>> ranking.rbp_residual([1, 0, 1], persistence=0.5, judged=[True, False, True])
    0.375
    """
    rels, one_list = check_rels(rels)
    k = check_k(k, allow_none=True)
    persistence = check_in_interval(
        persistence, "persistence", 0.0, 1.0, low_open=True, high_open=True
    )
    judged_mask = _check_judged(judged, rels, one_list=one_list)[:, :k]
    weights = _rbp_weights(judged_mask.shape[1], persistence)
    unjudged = _sum_over_ranks(np.where(judged_mask, 0.0, weights))
    tail = persistence ** judged_mask.shape[1]
    return _result((1.0 - persistence) * unjudged + tail, one_list)
