r"""Read TREC relevance judgements (qrels) and run files into the arrays of ``ranking``.

Two plain-text formats, one record per line, fields separated by white space:

* **qrels** (相关性判断): ``qid iter docno rel``, e.g. ``q1 0 doc7 2``. ``iter`` is ignored;
  ``rel`` is an integer grade, relevant from ``relevance_level`` up (trec_eval's ``-l``,
  default 1). A negative grade (some TREC tracks mark spam with -2) reads as it is; when a
  run is judged it counts as not relevant (grade 0) and as **not judged**, which is what
  trec_eval 9 does: it reads a negative grade as "in the pool but unjudged" (read from
  source: usnistgov/trec_eval, ``form_res_rels.c``), so bpref and ``-J`` skip such a
  document like one without a qrels line, while P, AP and NDCG count it as not relevant
  (checked by running pytrec_eval, see :func:`judge_run`). The same rule holds in
  :func:`evalmetrics.ranking.judge`.
* **run** (运行结果): ``qid Q0 docno rank score tag``, e.g. ``q1 Q0 doc7 1 12.5 mysystem``.
  ``Q0`` and ``rank`` are ignored: as in trec_eval, the order is by ``score`` descending,
  and equal scores by ``docno`` descending (compared as strings). ``tag`` names the run; it
  is kept (:class:`Run`), and a file with two different tags is an error.

The qrels come first, as in trec_eval (``trec_eval qrels run``), ranx (``evaluate(qrels,
run)``) and ir_measures. :func:`read_trec` reads both files and returns a :class:`JudgedRun`:
the relevance grades of each query's ranking in rank order, padded with 0 into one 2-D array,
with ``n_relevant``, the ``ideal`` grades, the ``judged`` mask and ``n_nonrelevant`` per
query, ready for every function of :mod:`evalmetrics.ranking` (bpref and judged@k
included). Which queries count follows trec_eval: a query of the run absent from the qrels
is skipped; a query of the qrels absent from the run is skipped too (trec_eval's default),
or kept with an empty ranking that scores 0 (``missing_queries="zero"``, trec_eval's ``-c``).
trec_eval's ``-l`` is ``relevance_level=``, its ``-J`` ``judged_only=True``, and its
32-bit comparison of scores ``float32_scores=True``.

A malformed file raises :class:`TrecFormatError` naming the file, the line and what was
expected. The module imports only the standard library and numpy (no reader package is needed:
the formats are two lines of grammar; ``ir_measures.read_trec_run`` and ``read_trec_qrels``
read the same files but report neither the file nor the line of an error).
"""

from __future__ import annotations

import gzip
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np

from ._validation import check_option, check_positive_int

__all__ = [
    "JudgedRun",
    "Run",
    "TrecFormatError",
    "judge_run",
    "read_qrels",
    "read_run",
    "read_trec",
    "trec_order",
    "write_qrels",
    "write_run",
]

_INTEGER = re.compile(r"[+-]?\d+")
_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_MISSING = ("skip", "zero")


class TrecFormatError(ValueError):
    """A line of a qrels or run file that does not follow the format.

    The message starts with ``<file>, line <n>:`` and says what was expected; the attributes
    ``path`` and ``line_number`` hold the same.
    """

    def __init__(self, path: str, line_number: int, message: str) -> None:
        super().__init__(f"{path}, line {line_number}: {message}")
        self.path = path
        self.line_number = line_number


class Run(dict):
    r"""A run: ``run[qid][docno] = score``, a ``dict`` that also carries the run's tag.

    :func:`read_run` returns one; any mapping of mappings works where a run is expected
    (its tag is then ``None``).

    Parameters
    ----------
    scores : mapping of str to mapping of str to float, optional
        The content, as for ``dict``.
    tag : str or None, default=None
        The run's name, the last field of a run file's lines.

    Examples
    --------
    >>> run = Run({"q1": {"d1": 2.0}}, tag="bm25")
    >>> run, run.tag
    ({'q1': {'d1': 2.0}}, 'bm25')
    """

    def __init__(self, scores: object = (), *, tag: str | None = None) -> None:
        super().__init__(scores)
        self.tag = tag


@dataclass(frozen=True)
class JudgedRun:
    """A run judged against qrels: the inputs of :mod:`evalmetrics.ranking`, one row per query.

    Attributes
    ----------
    query_ids : list of str
        The queries evaluated, sorted as trec_eval sorts them (as strings); row i is query i.
    rels : numpy.ndarray
        Shape ``(n_queries, depth)``: the grades of each query's ranking in rank order
        (trec_eval's order), padded with 0 on the right; ``depth`` is the longest ranking
        (at least 1). Negative and missing grades are 0. The grades are kept whatever
        ``relevance_level`` is: give them to the graded measures (DCG, NDCG).
    n_relevant : numpy.ndarray
        Shape ``(n_queries,)``, integers: relevant documents (grade >= ``relevance_level``)
        per query in the qrels, retrieved or not.
    ideal : numpy.ndarray
        Shape ``(n_queries, n_judged)``: every judged grade of each query (negative grades
        as 0), padded with 0; the ``ideal`` of :func:`evalmetrics.ranking.ndcg`.
    judged : numpy.ndarray
        Bool, the shape of ``rels``: True where the retrieved document has a qrels line of
        grade >= 0 for the query (a negative grade counts as unjudged, as in trec_eval),
        False for unjudged documents and for padding; the ``judged`` of
        :func:`evalmetrics.ranking.bpref` and :func:`evalmetrics.ranking.judged_at_k`.
    n_nonrelevant : numpy.ndarray
        Shape ``(n_queries,)``, integers: judged non-relevant documents per query (grade >= 0
        and below ``relevance_level``), retrieved or not; the ``n_nonrelevant`` of bpref.
    relevance_level : int
        The grade from which a document is relevant (trec_eval's ``-l``).
    tag : str or None
        The run's tag (``None`` if the run was not read from a file).
    missing_from_run : list of str
        Queries of the qrels that the run does not contain (skipped, or rows of zeros under
        ``missing_queries="zero"``).
    missing_from_qrels : list of str
        Queries of the run that the qrels do not contain (always skipped).
    """

    query_ids: list[str]
    rels: np.ndarray
    n_relevant: np.ndarray
    ideal: np.ndarray
    judged: np.ndarray
    n_nonrelevant: np.ndarray
    relevance_level: int = 1
    tag: str | None = None
    missing_from_run: list[str] = field(default_factory=list)
    missing_from_qrels: list[str] = field(default_factory=list)

    @property
    def binary(self) -> np.ndarray:
        """``rels`` made binary at ``relevance_level``: 1.0 where the grade is at least the
        level, else 0.0; the ``rels`` of the binary measures (P@k, recall, AP, RR, bpref)."""
        return (self.rels >= self.relevance_level).astype(np.float64)


# ----------------------------------------------------------------------------------------
# reading


def _lines(source: object) -> tuple[str, Iterable[str]]:
    """(name for messages, the lines) of a path or an open text file."""
    if isinstance(source, str | os.PathLike):
        name = os.fspath(source)
        opener = gzip.open if name.endswith(".gz") else open
        # utf-8-sig: a byte-order mark some editors write would otherwise join the first qid
        with opener(name, "rt", encoding="utf-8-sig") as handle:
            return name, handle.read().splitlines()
    if hasattr(source, "read"):
        return str(getattr(source, "name", "<stream>")), source.read().splitlines()
    raise TypeError(f"path must be a file path or an open text file; got {type(source).__name__}")


def _records(path: object, layout: str) -> Iterator[tuple[str, int, list[str]]]:
    """(file name, line number, fields) of each non-blank line; the field count checked."""
    name, lines = _lines(path)
    n_fields = len(layout.split())
    for number, line in enumerate(lines, start=1):
        fields = line.split()
        if not fields:
            continue
        if len(fields) != n_fields:
            raise TrecFormatError(
                name,
                number,
                f"expected {n_fields} fields '{layout}', got {len(fields)}: {line.strip()!r}",
            )
        yield name, number, fields


def _check_once(
    first_line: dict[tuple[str, str], int], name: str, number: int, qid: str, docno: str, verb: str
) -> None:
    """Raise if (qid, docno) was seen before; else remember its line."""
    if (qid, docno) in first_line:
        raise TrecFormatError(
            name,
            number,
            f"document {docno!r} is {verb} twice for query {qid!r} "
            f"(first on line {first_line[qid, docno]})",
        )
    first_line[qid, docno] = number


def read_qrels(path: object) -> dict[str, dict[str, int]]:
    r"""Read a TREC qrels file: ``qid iter docno rel`` per line.

    Parameters
    ----------
    path : str, os.PathLike or text file
        The file (UTF-8; gzip-compressed if the name ends in ``.gz``), or an open text file.

    Returns
    -------
    dict of str to dict of str to int
        ``qrels[qid][docno]`` is the grade; blank lines are skipped.

    Raises
    ------
    TrecFormatError
        A line without 4 fields, a grade that is not an integer, or a document judged twice
        for one query; the message names the file and the line.
    TypeError
        If ``path`` is neither a path nor an open file.

    Examples
    --------
    >>> import io
    >>> read_qrels(io.StringIO("q1 0 d1 1\nq1 0 d2 0\nq2 0 d1 2\n"))
    {'q1': {'d1': 1, 'd2': 0}, 'q2': {'d1': 2}}
    """
    qrels: dict[str, dict[str, int]] = {}
    first_line: dict[tuple[str, str], int] = {}
    for name, number, fields in _records(path, "qid iter docno rel"):
        qid, _, docno, grade = fields
        if not _INTEGER.fullmatch(grade):
            raise TrecFormatError(
                name, number, f"expected an integer relevance grade (4th field), got {grade!r}"
            )
        _check_once(first_line, name, number, qid, docno, "judged")
        qrels.setdefault(qid, {})[docno] = int(grade)
    return qrels


def read_run(path: object) -> Run:
    r"""Read a TREC run file: ``qid Q0 docno rank score tag`` per line.

    Parameters
    ----------
    path : str, os.PathLike or text file
        The file (UTF-8; gzip-compressed if the name ends in ``.gz``), or an open text file.

    Returns
    -------
    Run
        A ``dict``: ``run[qid][docno]`` is the score; its ``tag`` attribute is the run's tag
        (``None`` for an empty file). The ``Q0`` and ``rank`` fields are not kept: trec_eval
        orders by score (see :func:`trec_order`), not by the rank field.

    Raises
    ------
    TrecFormatError
        A line without 6 fields, a score that is not a finite decimal number, a document
        listed twice for one query, or a tag that differs from the tag of an earlier line
        (the message names both); the message names the file and the line.
    TypeError
        If ``path`` is neither a path nor an open file.

    Examples
    --------
    >>> import io
    >>> run = read_run(io.StringIO("q1 Q0 d2 1 3.5 sys\nq1 Q0 d1 2 1.0 sys\n"))
    >>> run, run.tag
    ({'q1': {'d2': 3.5, 'd1': 1.0}}, 'sys')
    """
    run = Run()
    first_line: dict[tuple[str, str], int] = {}
    tag_line = 0
    for name, number, fields in _records(path, "qid Q0 docno rank score tag"):
        qid, _, docno, _, score, tag = fields
        if run.tag is None:
            run.tag, tag_line = tag, number
        elif tag != run.tag:
            raise TrecFormatError(
                name,
                number,
                f"the run tag {tag!r} differs from {run.tag!r} (line {tag_line}); "
                "a run file holds one run",
            )
        if not _DECIMAL.fullmatch(score):
            raise TrecFormatError(
                name, number, f"expected a finite decimal score (5th field), got {score!r}"
            )
        value = float(score)
        if not np.isfinite(value):
            raise TrecFormatError(name, number, f"the score {score!r} overflows a float")
        _check_once(first_line, name, number, qid, docno, "listed")
        run.setdefault(qid, {})[docno] = value
    return run


# ----------------------------------------------------------------------------------------
# judging


def trec_order(scores: Mapping[str, float], *, float32_scores: bool = False) -> list[str]:
    r"""The documents of one query in trec_eval's rank order.

    Score descending; equal scores by document id descending (string comparison), which is
    how trec_eval 9 sorts a run (``comp_sim_docno`` in ``form_res_rels.c``, checked against
    pytrec_eval).

    Parameters
    ----------
    scores : mapping of str to float
        ``docno -> score`` for one query.
    float32_scores : bool, default=False
        Compare the scores rounded to 32-bit floats, as trec_eval 9 does, so that scores
        equal in float32 tie and are ordered by document id. The default compares the
        64-bit values as given. (Checked by running pytrec_eval 0.5.11: with ``a`` relevant,
        scores ``{"a": 0.1 + 1e-10, "b": 0.1}`` give RR 0.5, ``b`` first; a score rounds to
        the nearest float32, scores beyond float32's range become infinite and tie.)

    Returns
    -------
    list of str
        The document ids, rank 1 first.

    Examples
    --------
    >>> trec_order({"d1": 2.0, "d2": 5.0, "d3": 2.0})
    ['d2', 'd3', 'd1']
    >>> trec_order({"a": 0.1 + 1e-10, "b": 0.1}), trec_order({"a": 0.1 + 1e-10, "b": 0.1},
    ...     float32_scores=True)
    (['a', 'b'], ['b', 'a'])
    """
    float32_scores = check_option(float32_scores, "float32_scores", (False, True))
    docs = list(scores)
    values = [float(scores[doc]) for doc in docs]
    if float32_scores:
        with np.errstate(over="ignore"):  # beyond float32's range: inf, as in trec_eval
            values = np.asarray(values, dtype=np.float64).astype(np.float32).tolist()
    return [doc for _, doc in sorted(zip(values, docs, strict=True))][::-1]


def _check_nested(value: object, name: str) -> Mapping:
    if not isinstance(value, Mapping) or not all(isinstance(v, Mapping) for v in value.values()):
        raise TypeError(f"{name} must map query ids to {{docno: value}} dicts")
    return value


def judge_run(
    qrels: Mapping[str, Mapping[str, int]],
    run: Mapping[str, Mapping[str, float]],
    *,
    missing_queries: str = "skip",
    relevance_level: int = 1,
    judged_only: bool = False,
    float32_scores: bool = False,
) -> JudgedRun:
    r"""Judge a run against qrels: padded relevance grades in trec_eval's rank order.

    For a query :math:`q` and its documents ordered by :func:`trec_order`,

    .. math::

        \begin{aligned}
        rels_{q,i} &= \max(0, \mathrm{qrels}_q[d_i]), \quad
        0 \text{ if } d_i \text{ is unjudged}, \\
        n_{\text{relevant},q} &= \lvert \{ d : \mathrm{qrels}_q[d] \ge \ell \} \rvert
        \end{aligned}

    where :math:`\ell` is ``relevance_level``.

    Parameters
    ----------
    qrels : mapping of str to mapping of str to int
        ``qrels[qid][docno] = grade``, as :func:`read_qrels` returns. A negative grade is
        not relevant and not judged (see Notes).
    run : mapping of str to mapping of str to float
        ``run[qid][docno] = score``, as :func:`read_run` returns; its ``tag`` attribute, if
        any, is kept in the result.
    missing_queries : {"skip", "zero"}, default="skip"
        A query of the qrels that the run lacks: ``"skip"`` leaves it out (trec_eval's
        default), ``"zero"`` keeps it with an empty ranking, a row of zeros, so every metric
        scores it 0 (trec_eval ``-c``). A query of the run that the qrels lack is always
        left out, as in trec_eval.
    relevance_level : int, default=1
        The grade from which a document counts as relevant in ``n_relevant``,
        ``n_nonrelevant`` and :attr:`JudgedRun.binary` (trec_eval's ``-l``; TREC Deep
        Learning uses 2). ``rels`` and ``ideal`` keep the grades, so NDCG does not change.
    judged_only : bool, default=False
        Drop the unjudged documents (no qrels line, or a negative grade) from each ranking
        before ranking, keeping the order of the rest: trec_eval's ``-J``, the condensed
        list of Sakai (2007).
    float32_scores : bool, default=False
        Order by scores rounded to 32-bit floats, as trec_eval 9 does; see
        :func:`trec_order`. The default compares the scores as given (64-bit).

    Returns
    -------
    JudgedRun
        ``query_ids``, ``rels``, ``n_relevant``, ``ideal``, ``judged``, ``n_nonrelevant``,
        ``relevance_level``, ``tag`` and the queries left out.

    Raises
    ------
    TypeError
        If ``qrels`` or ``run`` is not a mapping of mappings, or ``relevance_level`` is not
        an integer.
    ValueError
        If ``missing_queries``, ``judged_only`` or ``float32_scores`` is unknown,
        ``relevance_level < 1``, or no query is left to evaluate.

    Notes
    -----
    A negative grade (TREC's -2 for spam) is read as trec_eval 9 reads it: not relevant and
    not judged, the same as a document without a qrels line except that it is in the
    ``ideal`` grades as 0 (which changes no NDCG). Checked by running pytrec_eval 0.5.11 on
    one ranking with a document graded 0, -2 or not in the qrels: ``map`` is the same for
    all three, ``bpref`` and the ``-J`` ranking are the same for -2 and for a missing line,
    and differ for 0. :func:`evalmetrics.ranking.judge` gives such a document grade 0 too.
    (A query whose grades are all negative has no judged document here; pytrec_eval 0.5.11
    ends in a segmentation fault on it.)

    A query of the qrels without a relevant document stays in (trec_eval scores its AP, RR,
    recall and NDCG 0; here they are 0/0, so pass ``zero_division=0.0`` to match).

    Examples
    --------
    >>> judged = judge_run({"q1": {"a": 1, "c": 2, "n": 0}}, {"q1": {"a": 0.5, "b": 0.9}})
    >>> judged.rels, judged.n_relevant, judged.ideal
    (array([[0., 1.]]), array([2]), array([[1., 2., 0.]]))
    >>> judged.judged, judged.n_nonrelevant
    (array([[False,  True]]), array([1]))
    >>> judge_run({"q1": {"a": 1, "c": 2}}, {"q1": {"a": 0.5, "b": 0.9}},
    ...           relevance_level=2).binary
    array([[0., 0.]])
    """
    qrels = _check_nested(qrels, "qrels")
    run = _check_nested(run, "run")
    missing_queries = check_option(missing_queries, "missing_queries", _MISSING)
    relevance_level = check_positive_int(relevance_level, "relevance_level")
    judged_only = check_option(judged_only, "judged_only", (False, True))
    float32_scores = check_option(float32_scores, "float32_scores", (False, True))
    missing_from_run = sorted(set(qrels) - set(run))
    missing_from_qrels = sorted(set(run) - set(qrels))
    query_ids = sorted(set(run) & set(qrels))
    if missing_queries == "zero":
        query_ids = sorted(qrels)
    if not query_ids:
        raise ValueError("qrels and run share no query: nothing to evaluate")
    rankings, judged_rows = [], []
    for q in query_ids:
        grades = qrels[q]
        order = trec_order(run.get(q, {}), float32_scores=float32_scores)
        # a document is judged when it has a qrels line of grade >= 0 (trec_eval's pool)
        is_judged = [grades.get(doc, -1) >= 0 for doc in order]
        if judged_only:
            order = [doc for doc, kept in zip(order, is_judged, strict=True) if kept]
            is_judged = [True] * len(order)
        rankings.append([max(0, grades.get(doc, 0)) for doc in order])
        judged_rows.append(is_judged)
    return JudgedRun(
        query_ids=query_ids,
        rels=_padded(rankings),
        n_relevant=_count(qrels, query_ids, lambda grade: grade >= relevance_level),
        ideal=_padded([[max(0, grade) for grade in qrels[q].values()] for q in query_ids]),
        judged=_padded(judged_rows).astype(bool),
        n_nonrelevant=_count(qrels, query_ids, lambda grade: 0 <= grade < relevance_level),
        relevance_level=relevance_level,
        tag=getattr(run, "tag", None),
        missing_from_run=missing_from_run,
        missing_from_qrels=missing_from_qrels,
    )


def _count(qrels: Mapping, query_ids: list[str], counted) -> np.ndarray:
    """Per query, how many judged grades ``counted`` accepts."""
    return np.array([sum(map(counted, qrels[q].values())) for q in query_ids], dtype=np.int64)


def _padded(rows: list[list[int]]) -> np.ndarray:
    out = np.zeros((len(rows), max(1, *(len(row) for row in rows))), dtype=np.float64)
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out


def read_trec(
    qrels: object,
    run: object,
    *,
    missing_queries: str = "skip",
    relevance_level: int = 1,
    judged_only: bool = False,
    float32_scores: bool = False,
) -> JudgedRun:
    r"""Read a qrels file and a run file and judge the run: :func:`judge_run` on the files.

    Parameters
    ----------
    qrels : str, os.PathLike or text file
        The qrels file (``qid iter docno rel``).
    run : str, os.PathLike or text file
        The run file (``qid Q0 docno rank score tag``); its tag is the result's ``tag``.
    missing_queries : {"skip", "zero"}, default="skip"
        See :func:`judge_run` (``"zero"`` is trec_eval ``-c``).
    relevance_level : int, default=1
        See :func:`judge_run` (trec_eval ``-l``).
    judged_only : bool, default=False
        See :func:`judge_run` (trec_eval ``-J``).
    float32_scores : bool, default=False
        See :func:`judge_run`: True orders as trec_eval 9 (32-bit scores), the default by
        the scores as written.

    Returns
    -------
    JudgedRun

    Raises
    ------
    TrecFormatError
        If a file is malformed (the message names the file and the line).
    TypeError
        If ``relevance_level`` is not an integer.
    ValueError
        If an option is unknown, or no query is left to evaluate.

    Examples
    --------
    >>> import io
    >>> from evalmetrics import ranking
    >>> qrels = io.StringIO("q1 0 d1 1\nq1 0 d3 1\nq1 0 d4 0\n")
    >>> run = io.StringIO("q1 Q0 d1 1 0.9 s\nq1 Q0 d2 2 0.8 s\nq1 Q0 d3 3 0.8 s\n")
    >>> judged = read_trec(qrels, run)
    >>> judged.rels  # d3 before d2: equal scores, docno descending
    array([[1., 1., 0.]])
    >>> ranking.average_precision(judged.binary, n_relevant=judged.n_relevant)
    array([1.])
    >>> ranking.bpref(judged.binary, judged=judged.judged, n_relevant=judged.n_relevant,
    ...               n_nonrelevant=judged.n_nonrelevant)
    array([1.])
    >>> judged.tag
    's'
    """
    return judge_run(
        read_qrels(qrels),
        read_run(run),
        missing_queries=missing_queries,
        relevance_level=relevance_level,
        judged_only=judged_only,
        float32_scores=float32_scores,
    )


# ----------------------------------------------------------------------------------------
# writing


def write_qrels(path: object, qrels: Mapping[str, Mapping[str, int]]) -> None:
    r"""Write qrels as ``qid 0 docno rel`` lines (queries and documents in the given order).

    Parameters
    ----------
    path : str or os.PathLike
        The file to write (UTF-8; overwritten).
    qrels : mapping of str to mapping of str to int
        ``qrels[qid][docno] = grade``.

    Raises
    ------
    TypeError
        If ``qrels`` is not a mapping of mappings.
    ValueError
        If an id is empty or holds white space, or a grade is not an integer.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "qrels.txt")
    >>> write_qrels(path, {"q1": {"d1": 1, "d2": 0}})
    >>> read_qrels(path)
    {'q1': {'d1': 1, 'd2': 0}}
    """
    qrels = _check_nested(qrels, "qrels")
    lines = []
    for qid, grades in qrels.items():
        for docno, grade in grades.items():
            _check_id(qid, "qrels")
            _check_id(docno, "qrels")
            if isinstance(grade, bool) or not isinstance(grade, int | np.integer):
                raise ValueError(f"qrels[{qid!r}][{docno!r}] must be an integer grade; {grade!r}")
            lines.append(f"{qid} 0 {docno} {int(grade)}\n")
    with open(os.fspath(path), "w", encoding="utf-8") as handle:
        handle.writelines(lines)


def write_run(
    path: object, run: Mapping[str, Mapping[str, float]], *, tag: str | None = None
) -> None:
    r"""Write a run as ``qid Q0 docno rank score tag`` lines, ranks in trec_eval's order.

    Scores are written with Python's ``repr``, so reading the file back gives the same floats.

    Parameters
    ----------
    path : str or os.PathLike
        The file to write (UTF-8; overwritten).
    run : mapping of str to mapping of str to float
        ``run[qid][docno] = score``.
    tag : str or None, default=None
        The run's name, the last field of every line. ``None``: the run's own ``tag`` (a
        :class:`Run` read from a file keeps it), or ``"run"`` if it has none.

    Raises
    ------
    TypeError
        If ``run`` is not a mapping of mappings.
    ValueError
        If an id or the tag is empty or holds white space, or a score is not finite.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "run.txt")
    >>> write_run(path, {"q1": {"d1": 0.5, "d2": 0.5}}, tag="demo")
    >>> print(open(path).read(), end="")
    q1 Q0 d2 1 0.5 demo
    q1 Q0 d1 2 0.5 demo
    """
    run = _check_nested(run, "run")
    if tag is None:
        tag = getattr(run, "tag", None) or "run"
    _check_id(tag, "tag")
    lines = []
    for qid, scores in run.items():
        _check_id(qid, "run")
        for rank, docno in enumerate(trec_order(scores), start=1):
            _check_id(docno, "run")
            score = float(scores[docno])
            if not np.isfinite(score):
                raise ValueError(f"run[{qid!r}][{docno!r}] must be a finite score; got {score}")
            lines.append(f"{qid} Q0 {docno} {rank} {score!r} {tag}\n")
    with open(os.fspath(path), "w", encoding="utf-8") as handle:
        handle.writelines(lines)


def _check_id(value: object, name: str) -> None:
    if not isinstance(value, str) or not value or any(c.isspace() for c in value):
        raise ValueError(f"{name}: ids must be non-empty strings without white space; {value!r}")
