r"""Ranking metrics for retrieval and recommendation, vectorised over many ranked lists.

Every function takes ``rels``: the relevance grades of the retrieved items **in rank order**
(rank 1 first), where 0 means "not relevant" and any grade > 0 means "relevant" (binary metrics
such as precision use only that distinction; CG, DCG and NDCG use the grades themselves).

* A 1-D ``rels`` is one ranked list and the result is a Python ``float``.
* A 2-D ``rels`` is many lists of equal depth, one per row, shorter lists padded with 0 on the
  right (padding never changes a value); the result holds one value per row (a numpy array),
  except for the summaries ``mean_average_precision``, ``mean_reciprocal_rank`` and
  ``hit_ratio``, which return one ``float``.
* ``n_relevant`` is the number of relevant items the query has, retrieved or not. ``None``
  means the list holds all of them (the count of grades > 0); otherwise one integer, or for
  2-D input one integer per row. It may not be smaller than the relevant items in the list.
* ``k`` is a cut-off: only ranks 1..k count. It is a Python or numpy integer >= 1 (a float
  such as ``10.0`` is rejected). ``k=None``, where allowed, means no cut-off. A ``k`` beyond
  the end of the list is allowed.
* An undefined value (0/0, such as recall when ``n_relevant`` is 0) is ``nan`` with one
  ``evalmetrics.UndefinedMetricWarning`` per call saying how many lists.

``judge`` turns a ranking of ids plus relevance judgements (qrels) into ``rels``.

The module imports only numpy and loops over no rows: a padded 2-D array is processed at once.
Sums over ranks are accumulated rank by rank (``np.cumsum``), in the order trec_eval uses, so
AP, P@k, recall@k, RR and NDCG agree with trec_eval 9 to the last bit (the cross-check tests
compare 1,000 random queries with ``==``).
"""

from __future__ import annotations

import numpy as np

from ._undefined import warn_undefined
from ._validation import (
    check_exponential_gain,
    check_ideal,
    check_ideal_covers,
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
    "cg",
    "dcg",
    "eleven_point_ap",
    "hit_rate",
    "hit_ratio",
    "interpolated_precision",
    "judge",
    "mean_average_precision",
    "mean_reciprocal_rank",
    "ndcg",
    "precision_at_k",
    "recall_at_k",
    "reciprocal_rank",
]

_GAINS = ("exponential", "linear")
_UNDEFINED = ("skip", "zero")
_AP_DENOMINATORS = ("n_relevant", "min_k", "retrieved")
_RECALL_SLACK = 1e-9  # allowed rounding for arbitrary float recall levels (convention 12)
_ELEVEN = np.arange(11)  # recall levels j/10, j = 0..10, kept as integers j


# ----------------------------------------------------------------------------------------
# private helpers (all work on 2-D arrays: one row per ranked list)


def _result(values: np.ndarray, one_list: bool) -> float | np.ndarray:
    """A 1-D input gives a float, a 2-D input one value per row."""
    return float(values[0]) if one_list else values


def _warn_rows(metric: str, reason: str, undefined: np.ndarray, one_list: bool) -> None:
    """One UndefinedMetricWarning for the undefined rows; called from a public function."""
    where = "" if one_list else f" for {int(undefined.sum())} of {undefined.size} lists"
    warn_undefined(f"{metric} is undefined (0/0: {reason}){where}; returning nan.")


def _rate(
    numerator: np.ndarray, denominator: np.ndarray, undefined: np.ndarray | None = None
) -> np.ndarray:
    """Row-wise ``numerator / denominator`` with nan where the denominator is 0 (no warning)."""
    if undefined is None:
        undefined = denominator == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        values = np.true_divide(numerator, denominator, dtype=np.float64)
    values[undefined] = np.nan
    return values


def _sum_over_ranks(terms: np.ndarray) -> np.ndarray:
    """Sum each row from rank 1 to its end, strictly left to right (as trec_eval's loops do)."""
    if terms.shape[1] == 0:
        return np.zeros(terms.shape[0])
    return np.cumsum(terms, axis=1)[:, -1]


def _precision_sums(hits: np.ndarray) -> np.ndarray:
    """Per row: the sum of P@i over the ranks i that hold a relevant item."""
    found = np.cumsum(hits, axis=1, dtype=np.int32)
    ranks = np.arange(1, hits.shape[1] + 1, dtype=np.float64)
    return _sum_over_ranks(np.where(hits, found / ranks, 0.0))


def _ap_rows(
    rels: np.ndarray,
    n_relevant: object,
    k: object,
    one_list: bool,
    denominator: object = "n_relevant",
):
    """AP per row (nan where n_relevant is 0) and the mask of undefined rows.

    ``denominator`` chooses what the sum of P@i is divided by: all relevant items
    (``"n_relevant"``), ``min(k, n_relevant)`` (``"min_k"``) or the relevant items found in
    the top k (``"retrieved"``; a row with none there scores 0). Rows with ``n_relevant`` 0
    are undefined under every choice.
    """
    denominator = check_option(denominator, "denominator", _AP_DENOMINATORS)
    k = check_k(k, allow_none=True)
    if denominator == "min_k" and k is None:
        raise ValueError(
            "denominator='min_k' divides by min(k, n_relevant) and needs a cut-off k; got k=None"
        )
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    undefined = counts == 0
    top_hits = hits[:, :k]
    sums = _precision_sums(top_hits)
    if denominator == "n_relevant":
        divisors = counts
    elif denominator == "min_k":
        divisors = np.minimum(counts, k)
    else:
        # no hit in the top k: the sum is 0 too, and 0 / 1 gives the 0 torchmetrics returns
        divisors = np.maximum(np.count_nonzero(top_hits, axis=1), 1)
    return _rate(sums, divisors, undefined), undefined


def _rr_rows(rels: np.ndarray, k: object) -> np.ndarray:
    k = check_k(k, allow_none=True)
    hits = rels[:, :k] > 0
    first = np.argmax(hits, axis=1)  # index of the first True, or 0 when there is none
    found = hits[np.arange(hits.shape[0]), first]
    return np.where(found, 1.0 / (first + 1.0), 0.0)


def _mean_over_lists(
    values: np.ndarray, undefined: np.ndarray, *, metric: str, per_list: str, mode: object
) -> float:
    """Mean over lists; nan rows are skipped with a warning, or counted as 0 (mode='zero')."""
    mode = check_option(mode, "undefined", _UNDEFINED)
    if mode == "zero":
        return float(np.where(undefined, 0.0, values).mean())
    n_undefined = int(undefined.sum())
    if n_undefined == values.size:
        warn_undefined(
            f"{metric} is undefined: {per_list} is undefined (n_relevant is 0) for all "
            f"{values.size} lists; returning nan. Pass undefined='zero' to count them as 0.",
        )
        return float("nan")
    if n_undefined:
        warn_undefined(
            f"{metric} skipped {n_undefined} of {values.size} lists whose {per_list} is "
            "undefined (n_relevant is 0). Pass undefined='zero' to count them as 0, as "
            "trec_eval does for a judged query without relevant documents.",
        )
    return float(values[~undefined].mean())


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
    return _sum_over_ranks(gains / np.log2(np.arange(2.0, top.shape[1] + 2.0)))


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
    at_hit[rows, hit_number - 1] = hit_number / (ranks + 1.0)
    best_from = np.maximum.accumulate(at_hit[:, ::-1], axis=1)[:, ::-1]
    return np.take_along_axis(best_from, np.minimum(needed, width + 1) - 1, axis=1)


# ----------------------------------------------------------------------------------------
# public functions


def precision_at_k(rels: object, k: int) -> float | np.ndarray:
    r"""Precision at k: the share of the top k ranks that hold a relevant item.

    .. math::

        P@k = \frac{\lvert \{ i \le k : rel_i > 0 \} \rvert}{k}

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int
        Cut-off, an integer >= 1. It may exceed the length of the list.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        P@k of the list, or of each row.

    Raises
    ------
    TypeError
        If ``k`` is not an integer (``10.0`` and ``True`` are rejected) or ``rels`` is not
        numeric.
    ValueError
        If ``k < 1``, or ``rels`` is empty, not 1-D or 2-D, or holds NaN, infinite or negative
        grades.

    Notes
    -----
    The denominator is always k, even when the list is shorter than k: missing ranks count as
    not relevant (trec_eval's ``P_k`` and RecBole's Precision@K do the same; torchmetrics'
    ``retrieval_precision`` with ``adaptive_k=True`` divides by ``min(k, n_items)`` instead).

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.precision_at_k([1, 0, 1, 0, 0, 1], k=3)
    0.6666666666666666
    >>> ranking.precision_at_k([1, 0, 1], k=5)  # the list is shorter than k
    0.4
    >>> ranking.precision_at_k([[1, 0, 1], [0, 0, 0]], k=2)
    array([0.5, 0. ])
    """
    rels, one_list = check_rels(rels)
    k = check_k(k)
    hits = np.count_nonzero(rels[:, :k] > 0, axis=1)
    return _result(hits / k, one_list)


def recall_at_k(rels: object, k: int, n_relevant: object = None) -> float | np.ndarray:
    r"""Recall at k: the share of all relevant items that appear in the top k ranks.

    .. math::

        R@k = \frac{\lvert \{ i \le k : rel_i > 0 \} \rvert}{n_\text{relevant}}

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int
        Cut-off, an integer >= 1.
    n_relevant : int, array-like of int of shape (n_lists,), or None, default=None
        Number of relevant items of the query, retrieved or not. ``None``: the list holds all
        of them (the count of grades > 0).

    Returns
    -------
    float or ndarray of shape (n_lists,)
        R@k of the list, or of each row; ``nan`` where ``n_relevant`` is 0.

    Raises
    ------
    TypeError
        If ``k`` or ``n_relevant`` is not an integer, or ``rels`` is not numeric.
    ValueError
        If ``k < 1``; ``n_relevant`` is negative, has the wrong shape, or is smaller than the
        relevant items in the list; or ``rels`` is invalid.

    Warns
    -----
    UndefinedMetricWarning
        When ``n_relevant`` is 0 for some list (0/0); those lists get ``nan``.

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
    """
    rels, one_list = check_rels(rels)
    k = check_k(k)
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    values = _rate(np.count_nonzero(hits[:, :k], axis=1), counts)
    if np.any(counts == 0):
        _warn_rows("recall_at_k", "n_relevant is 0", counts == 0, one_list)
    return _result(values, one_list)


def average_precision(
    rels: object,
    n_relevant: object = None,
    k: int | None = None,
    *,
    denominator: str = "n_relevant",
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
        top k (torchmetrics' ``retrieval_average_precision`` with ``top_k``); a list whose
        relevant items all lie below rank k scores 0. See Notes.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        AP of the list, or of each row; ``nan`` where ``n_relevant`` is 0 (under every
        ``denominator``).

    Raises
    ------
    TypeError
        If ``k`` or ``n_relevant`` is not an integer, or ``rels`` is not numeric.
    ValueError
        If ``k < 1``; ``n_relevant`` is negative, has the wrong shape, or is smaller than the
        relevant items in the list; ``rels`` is invalid; ``denominator`` is not one of the
        three names; or ``denominator="min_k"`` is given without ``k``.

    Warns
    -----
    UndefinedMetricWarning
        When ``n_relevant`` is 0 for some list (0/0); those lists get ``nan``.

    Notes
    -----
    The default denominator counts relevant items that were not retrieved, as trec_eval's
    ``map`` (and ``map_cut_k``) do; this function equals trec_eval 9 to the last bit when
    ``n_relevant`` is the number of relevant documents in the qrels. trec_eval returns 0 (not
    ``nan``) for a query without relevant documents. scikit-learn's
    ``average_precision_score`` is the classification AP over a fully scored set, which
    equals this function with ``n_relevant=None`` when the list holds every item. A grade
    counts as relevant when it is > 0 (trec_eval's default relevance level is 1, which is the
    same for integer grades).

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
      and ``RetrievalMAP(top_k=k)`` (``functional/retrieval/average_precision.py``): the mean
      of :math:`j / \text{position}(j)` over the relevant items in the top k, and 0 when
      there is none. torchmetrics also returns 0 for a list with no relevant item at all;
      here that is ``nan`` with a warning (``mean_average_precision(...,
      undefined="zero")`` counts it as 0, like ``RetrievalMAP``'s default
      ``empty_target_action="neg"``). Without a cut-off, torchmetrics sees only the list it
      is given, so it equals the default with ``n_relevant=None``.

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
    """
    rels, one_list = check_rels(rels)
    values, undefined = _ap_rows(rels, n_relevant, k, one_list, denominator)
    if undefined.any():
        _warn_rows("average_precision", "n_relevant is 0", undefined, one_list)
    return _result(values, one_list)


def mean_average_precision(
    rels: object,
    n_relevant: object = None,
    k: int | None = None,
    *,
    undefined: str = "skip",
    denominator: str = "n_relevant",
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
    undefined : {"skip", "zero"}, default="skip"
        What to do with lists whose AP is undefined (``n_relevant`` is 0). ``"skip"`` leaves
        them out of the mean and warns how many were skipped; ``"zero"`` counts them as 0,
        silently.
    denominator : {"n_relevant", "min_k", "retrieved"}, default="n_relevant"
        The AP@k denominator of every list: all relevant items (trec_eval, ranx),
        :math:`\min(k, n_\text{relevant})` (RecBole's MAP@K; needs ``k``) or the relevant
        items found in the top k (torchmetrics). See ``average_precision``.

    Returns
    -------
    float
        MAP over the lists; ``nan`` if every list is undefined and ``undefined="skip"``.

    Raises
    ------
    TypeError
        If ``k`` or ``n_relevant`` is not an integer, or ``rels`` is not numeric.
    ValueError
        As for ``average_precision`` (including a bad ``denominator``, or ``"min_k"`` without
        ``k``); also if ``undefined`` is not ``"skip"`` or ``"zero"``.

    Warns
    -----
    UndefinedMetricWarning
        With ``undefined="skip"``, when some lists were skipped; the message says how many.

    Notes
    -----
    ``undefined="zero"`` gives trec_eval's value for a query whose judgements hold no relevant
    document: trec_eval scores its AP as 0 (run through pytrec_eval; ranx 0.3.21 gives 0
    too). trec_eval's ``-c`` option is a different case: it averages over every query of the
    judgements instead of only those that are also in the run, so a judged query missing from
    the run counts as 0 (usnistgov/trec_eval, ``trec_eval.c``, its help text). Here such a
    query is a row of zeros with its ``n_relevant`` > 0, whose AP is 0 under either
    ``undefined`` option. With the default ``"skip"`` the mean runs over the queries where
    AP is defined, as scikit-learn does for classes whose value is ``nan``. Per-list
    conventions are those of ``average_precision``.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> rels = [[1, 0, 1, 0, 0, 1],
    ...         [0, 1, 0, 0, 0, 0]]
    >>> ranking.mean_average_precision(rels)  # (0.7222 + 0.5) / 2
    0.6111111111111112
    >>> ranking.mean_average_precision(rels, n_relevant=[4, 1])  # one item never retrieved
    0.5208333333333333

    A list without any relevant item has no AP; ``undefined="zero"`` counts it as 0:

    >>> ranking.mean_average_precision([[1, 0, 1], [0, 0, 0]], undefined="zero")
    0.4166666666666667

    MAP@4 under the three denominators (AP@4 of the rows: 1/5, 1/4, 1/2 and 1/2, 1/2, 1):

    >>> rels = [[0, 1, 0, 1], [1, 0, 0, 0]]
    >>> [ranking.mean_average_precision(rels, n_relevant=[5, 2], k=4, denominator=d)
    ...  for d in ("n_relevant", "min_k", "retrieved")]
    [0.35, 0.375, 0.75]
    """
    rels, one_list = check_rels(rels)
    values, is_undefined = _ap_rows(rels, n_relevant, k, one_list, denominator)
    return _mean_over_lists(
        values, is_undefined, metric="mean_average_precision", per_list="AP", mode=undefined
    )


def reciprocal_rank(rels: object, k: int | None = None) -> float | np.ndarray:
    r"""Reciprocal rank: 1 / the rank of the first relevant item in the top k, else 0.

    .. math::

        RR@k = \begin{cases}
            1 / \min\{ i \le k : rel_i > 0 \} & \text{if such an } i \text{ exists} \\
            0 & \text{otherwise}
        \end{cases}

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int or None, default=None
        Cut-off, an integer >= 1; ``None`` uses the whole list.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        RR of the list, or of each row. Always defined: a list without a relevant item in the
        top k scores 0.

    Raises
    ------
    TypeError
        If ``k`` is not an integer or ``rels`` is not numeric.
    ValueError
        If ``k < 1`` or ``rels`` is invalid.

    Notes
    -----
    Equals trec_eval's ``recip_rank`` (no cut-off), RecBole's MRR@K and torchmetrics'
    ``retrieval_reciprocal_rank`` per list; all of them score a list without a relevant item
    as 0.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.reciprocal_rank([0, 0, 1, 0, 1])
    0.3333333333333333
    >>> ranking.reciprocal_rank([[0, 0, 1], [0, 0, 0]], k=2)
    array([0., 0.])
    """
    rels, one_list = check_rels(rels)
    return _result(_rr_rows(rels, k), one_list)


def mean_reciprocal_rank(rels: object, k: int | None = None) -> float:
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

    Returns
    -------
    float
        MRR over the lists.

    Raises
    ------
    TypeError
        If ``k`` is not an integer or ``rels`` is not numeric.
    ValueError
        If ``k < 1`` or ``rels`` is invalid.

    Notes
    -----
    RR is defined for every list (0 when nothing relevant is found), so nothing is skipped
    and there is no ``undefined`` option, unlike ``mean_average_precision``. This is the mean
    of trec_eval's ``recip_rank`` and equals RecBole's and ranx's MRR.

    Examples
    --------
    Document 000's example: the first answers are at ranks 3 and 4, so
    MRR = (1/3 + 1/4) / 2 = 7/24:

    >>> from evalmetrics import ranking
    >>> ranking.mean_reciprocal_rank([[0, 0, 1, 0],
    ...                               [0, 0, 0, 1]])
    0.2916666666666667
    """
    rels, _ = check_rels(rels)
    return float(_rr_rows(rels, k).mean())


def hit_rate(rels: object, k: int) -> float | np.ndarray:
    r"""Hit rate per list: 1.0 if any relevant item is in the top k, else 0.0.

    .. math::

        \mathrm{hit}@k = \mathbf{1}\left[\exists\, i \le k : rel_i > 0\right]

    Parameters
    ----------
    rels : array-like of shape (n_items,) or (n_lists, n_items)
        Relevance grades in rank order; a 2-D array holds one list per row, padded with 0.
    k : int
        Cut-off, an integer >= 1.

    Returns
    -------
    float or ndarray of shape (n_lists,)
        The indicator for the list, or one per row; average it yourself for a summary.

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
    the total number of relevant items: that is ``hit_ratio``. The two agree when every list
    has exactly one relevant item (leave-one-out evaluation).

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.hit_rate([0, 1, 1, 0], k=2)
    1.0
    >>> ranking.hit_rate([[0, 1, 1, 0], [0, 0, 0, 1]], k=2)
    array([1., 0.])
    """
    rels, one_list = check_rels(rels)
    k = check_k(k)
    return _result(np.any(rels[:, :k] > 0, axis=1).astype(np.float64), one_list)


def hit_ratio(rels: object, k: int, n_relevant: object = None) -> float:
    r"""Hit ratio HR@K as in document 001: all hits in the top k over all relevant items.

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

    Returns
    -------
    float
        One number for all lists together; ``nan`` if there is no relevant item at all.

    Raises
    ------
    TypeError
        If ``k`` or ``n_relevant`` is not an integer, or ``rels`` is not numeric.
    ValueError
        If ``k < 1``; ``n_relevant`` is negative, has the wrong shape, or is smaller than the
        relevant items in the list; or ``rels`` is invalid.

    Warns
    -----
    UndefinedMetricWarning
        When the lists have no relevant item at all (GT = 0).

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
    >>> ranking.hit_ratio(rels, k=2)  # (2 + 0) / (2 + 1)
    0.6666666666666666
    >>> float(ranking.hit_rate(rels, k=2).mean())  # (1 + 0) / 2
    0.5
    """
    rels, one_list = check_rels(rels)
    k = check_k(k)
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    total_relevant = int(counts.sum())
    if total_relevant == 0:
        warn_undefined(
            "hit_ratio is undefined (0/0: the lists hold no relevant item and n_relevant "
            "is 0); returning nan.",
        )
        return float("nan")
    return int(np.count_nonzero(hits[:, :k])) / total_relevant


def cg(rels: object, k: int | None = None) -> float | np.ndarray:
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


def dcg(rels: object, k: int | None = None, gain: str = "exponential") -> float | np.ndarray:
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
    k: int | None = None,
    ideal: object = None,
    gain: str = "exponential",
) -> float | np.ndarray:
    r"""Normalised DCG: DCG divided by the DCG of the ideal ordering (IDCG), in [0, 1].

    .. math::

        NDCG@k = \frac{DCG@k(rels)}{IDCG@k}, \qquad
        IDCG@k = DCG@k(\text{ideal sorted descending})

    with DCG as in ``dcg`` and the same gain for both.

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

    Returns
    -------
    float or ndarray of shape (n_lists,)
        NDCG of the list, or of each row; ``nan`` where IDCG is 0 (no positive grade).

    Raises
    ------
    TypeError
        If ``k`` is not an integer, or ``rels`` or ``ideal`` is not numeric.
    ValueError
        If ``k < 1``; ``gain`` is unknown; ``rels`` or ``ideal`` is invalid; ``ideal`` does
        not match the shape of ``rels`` (1-D with 1-D, or one row per row); or ``ideal`` lacks
        positive grades present in ``rels`` (sorted descending, the j-th grade of ``rels``
        must not exceed the j-th grade of ``ideal``), which could make NDCG exceed 1.

    Warns
    -----
    UndefinedMetricWarning
        When IDCG is 0 for some list; those lists get ``nan``.

    Notes
    -----
    With ``gain="linear"`` and ``ideal`` holding the grades of all judged documents, this
    equals trec_eval's ``ndcg_cut_k`` to the last bit. With ``gain="linear"`` and the default
    ``ideal`` it equals scikit-learn's ``ndcg_score(..., ignore_ties=True)`` per list (up to
    summation rounding), except that scikit-learn returns 0 instead of ``nan`` when IDCG is 0
    (trec_eval, ranx and torchmetrics also return 0). scikit-learn and torchmetrics build the
    ideal from the items they are given, so an unretrieved relevant item lowers their NDCG
    only if it is appended to the list with a score below all others and ``k`` is set to the
    list's own length (scikit-learn run in chapter 11; torchmetrics read in
    ``functional/retrieval/ndcg.py``); here pass ``ideal``. RecBole's NDCG is binary: it treats
    every ground-truth item as grade 1. ranx's ``ndcg`` is the linear gain and its
    ``ndcg_burges`` the exponential one.

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
    """
    rels, one_list = check_rels(rels)
    k = check_k(k, allow_none=True)
    gain = check_option(gain, "gain", _GAINS)
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
    undefined = ideal_gain == 0
    values = _rate(_dcg_rows(rels, k, gain), ideal_gain, undefined)
    if undefined.any():
        _warn_rows("ndcg", "IDCG is 0, no positive grade in ideal", undefined, one_list)
    return _result(values, one_list)


def interpolated_precision(
    rels: object, recall_levels: object, n_relevant: object = None
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

    Returns
    -------
    float or ndarray
        Shape ``(n_levels,)`` for a 1-D ``rels`` and ``(n_lists, n_levels)`` for a 2-D one; a
        single level gives a float or ``(n_lists,)``. ``nan`` where ``n_relevant`` is 0.

    Raises
    ------
    TypeError
        If ``recall_levels`` or ``rels`` is not numeric, or ``n_relevant`` is not an integer.
    ValueError
        If a recall level lies outside [0, 1] or is NaN; ``n_relevant`` is negative, has the
        wrong shape, or is smaller than the relevant items in the list; or ``rels`` is invalid.

    Warns
    -----
    UndefinedMetricWarning
        When ``n_relevant`` is 0 for some list; its levels get ``nan``.

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
    >>> ranking.interpolated_precision(rels, [0.0, 0.5, 0.7, 1.0])
    array([1.        , 0.66666667, 0.5       , 0.5       ])
    >>> ranking.interpolated_precision(rels, 0.5, n_relevant=4)
    0.6666666666666666
    """
    rels, one_list = check_rels(rels)
    levels, one_level = check_recall_levels(recall_levels)
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    needed = np.ceil(levels[np.newaxis, :] * counts[:, np.newaxis] - _RECALL_SLACK)
    needed = np.maximum(needed, 1).astype(np.int64)  # recall 0 is reached at every rank
    values = _interpolated_rows(hits, needed)
    undefined = counts == 0
    if undefined.any():
        values[undefined] = np.nan
        _warn_rows("interpolated_precision", "n_relevant is 0", undefined, one_list)
    if one_level:
        return _result(values[:, 0], one_list)
    return values[0] if one_list else values


def eleven_point_ap(rels: object, n_relevant: object = None) -> float | np.ndarray:
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

    Returns
    -------
    float or ndarray of shape (n_lists,)
        11-point AP of the list, or of each row; ``nan`` where ``n_relevant`` is 0.

    Raises
    ------
    TypeError
        If ``n_relevant`` is not an integer or ``rels`` is not numeric.
    ValueError
        If ``n_relevant`` is negative, has the wrong shape, or is smaller than the relevant
        items in the list; or ``rels`` is invalid.

    Warns
    -----
    UndefinedMetricWarning
        When ``n_relevant`` is 0 for some list; those lists get ``nan``.

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
    hits = rels > 0
    counts = check_n_relevant(n_relevant, np.count_nonzero(hits, axis=1), one_list=one_list)
    # hits needed for level j/10: the least integer h with 10 h >= j n, and at least 1
    needed = np.maximum((_ELEVEN[np.newaxis, :] * counts[:, np.newaxis] + 9) // 10, 1)
    levels = _interpolated_rows(hits, needed)
    values = _sum_over_ranks(levels[:, ::-1]) / 11.0  # summed from level 1.0 down
    undefined = counts == 0
    if undefined.any():
        values[undefined] = np.nan
        _warn_rows("eleven_point_ap", "n_relevant is 0", undefined, one_list)
    return _result(values, one_list)


def judge(ranked_ids: object, qrels: object) -> np.ndarray:
    r"""Turn a ranking of ids into relevance grades in rank order, using judgements (qrels).

    .. math::

        rel_i = \mathrm{qrels}[\mathrm{ranked\_ids}_i], \qquad 0 \text{ if the id is unjudged}

    Parameters
    ----------
    ranked_ids : sequence of hashable of length n_items
        Ids of the retrieved items, best first; each id at most once.
    qrels : dict or set
        A mapping id -> grade (finite, >= 0), or a set of the relevant ids (grade 1).

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
        If ``ranked_ids`` is empty or contains an id twice, or ``qrels`` holds a negative, NaN
        or infinite grade.

    Notes
    -----
    Unjudged items count as not relevant (grade 0), as in trec_eval. The number of relevant
    items of the query, which AP and recall need, is ``sum(g > 0 for g in qrels.values())``
    (``len(qrels)`` for a set); the ideal grades for NDCG are ``list(qrels.values())``.

    Examples
    --------
    >>> from evalmetrics import ranking
    >>> ranking.judge(["d3", "d7", "d1"], {"d1": 2, "d3": 1, "d9": 3})
    array([1., 0., 2.])
    >>> ranking.judge(["d3", "d7", "d1"], {"d1", "d9"})
    array([0., 0., 1.])
    """
    ids = check_ranked_ids(ranked_ids)
    grades = check_qrels(qrels)
    return np.array([grades.get(item, 0.0) for item in ids], dtype=np.float64)
