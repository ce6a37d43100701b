"""evalmetrics.io: TREC qrels and run files -> the padded arrays of evalmetrics.ranking.

Expected values come from trec_eval (through pytrec_eval) or are written out by hand; the
parser is never its own reference.
"""

from __future__ import annotations

import io as std_io
import random
import string

import numpy as np
import pytest
import pytrec_eval

from evalmetrics import ranking
from evalmetrics.io import (
    JudgedRun,
    TrecFormatError,
    judge_run,
    read_qrels,
    read_run,
    read_trec,
    trec_order,
    write_qrels,
    write_run,
)

K = 5
MEASURES = {"P_5", "recall_5", "map", "recip_rank", "success_5", "ndcg", "ndcg_cut_5"}


def evalmetrics_measures(judged: JudgedRun) -> dict[str, np.ndarray]:
    """The ranking functions on the judged run, with trec_eval's conventions."""
    rels, n_rel, ideal = judged.rels, judged.n_relevant, judged.ideal
    return {
        "P_5": ranking.precision_at_k(rels, k=K),
        "recall_5": ranking.recall_at_k(rels, k=K, n_relevant=n_rel, zero_division=0.0),
        "map": ranking.average_precision(rels, n_relevant=n_rel, zero_division=0.0),
        "recip_rank": ranking.reciprocal_rank(rels),
        "success_5": ranking.hit_rate(rels, k=K),
        "ndcg": ranking.ndcg(rels, ideal=ideal, gain="linear", zero_division=0.0),
        "ndcg_cut_5": ranking.ndcg(rels, k=K, ideal=ideal, gain="linear", zero_division=0.0),
    }


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- parsing -------------------------------------------------------------------------------


def test_qrels_are_parsed_by_hand(tmp_path):
    path = write(tmp_path, "q.txt", "q1 0 d1 1\n\nq1 0 d2 0\nq2\t0  d1 2\nq2 0 d9 -2\n")
    assert read_qrels(path) == {"q1": {"d1": 1, "d2": 0}, "q2": {"d1": 2, "d9": -2}}


def test_run_is_parsed_by_hand_and_the_extra_fields_are_dropped(tmp_path):
    path = write(tmp_path, "r.txt", "q1 Q0 d2 1 3.5 a\nq1 Q0 d1 2 -1e-3 b\n\nq2 X d1 7 +2 c\n")
    assert read_run(path) == {"q1": {"d2": 3.5, "d1": -0.001}, "q2": {"d1": 2.0}}


def test_gzip_and_a_byte_order_mark_are_read(tmp_path):
    import gzip

    with gzip.open(tmp_path / "run.txt.gz", "wt", encoding="utf-8") as handle:
        handle.write("q1 Q0 d1 1 2.0 s\n")
    assert read_run(tmp_path / "run.txt.gz") == {"q1": {"d1": 2.0}}
    (tmp_path / "q.txt").write_bytes("q1 0 d1 1\r\n".encode("utf-8-sig"))
    assert read_qrels(str(tmp_path / "q.txt")) == {"q1": {"d1": 1}}


def test_an_open_file_is_accepted():
    assert read_qrels(std_io.StringIO("q 0 d 1\n")) == {"q": {"d": 1}}


def test_judged_arrays_by_hand():
    run = {"q2": {"a": 1.0, "b": 3.0, "c": 2.0}, "q1": {"x": 1.0}}
    qrels = {"q1": {"y": 1}, "q2": {"b": 2, "a": 1, "z": 1, "n": 0, "s": -2}}
    judged = judge_run(run, qrels)
    assert judged.query_ids == ["q1", "q2"]
    # q1: x unjudged; q2 in score order b, c, a -> grades 2, 0, 1
    np.testing.assert_array_equal(judged.rels, [[0, 0, 0], [2, 0, 1]])
    np.testing.assert_array_equal(judged.n_relevant, [1, 3])
    # every judged grade, the spam grade -2 as 0, padded
    np.testing.assert_array_equal(judged.ideal, [[1, 0, 0, 0, 0], [2, 1, 1, 0, 0]])


def test_the_rank_field_is_ignored(tmp_path):
    """trec_eval orders by score: a rank column that disagrees does not matter."""
    qrels = write(tmp_path, "q.txt", "q 0 a 1\n")
    run = write(tmp_path, "r.txt", "q Q0 a 1 1.0 s\nq Q0 b 2 2.0 s\n")
    judged = read_trec(qrels=qrels, run=run)
    np.testing.assert_array_equal(judged.rels, [[0, 1]])
    got = pytrec_eval.RelevanceEvaluator(read_qrels(qrels), {"recip_rank"}).evaluate(read_run(run))
    assert got["q"]["recip_rank"] == ranking.reciprocal_rank(judged.rels[0]) == 0.5


# --- the tie rule ------------------------------------------------------------------------------


def test_trec_order_by_hand():
    # equal scores: docno descending as strings, so "9" before "10" and "b" before "a"
    assert trec_order({"a": 1.0, "b": 1.0, "c": 2.0}) == ["c", "b", "a"]
    assert trec_order({"10": 0.0, "9": 0.0, "d2": -1.0}) == ["9", "10", "d2"]


@pytest.mark.parametrize("docs", [["a", "b", "c"], ["c", "a", "b"], ["10", "9", "100"]])
def test_tie_rule_agrees_with_trec_eval_on_one_relevant_document(docs):
    """All scores equal: trec_eval's rank of each document, read off recip_rank."""
    for relevant in docs:
        qrels = {"q": {relevant: 1}}
        run = {"q": dict.fromkeys(docs, 1.0)}
        rr = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}).evaluate(run)["q"]
        expected_rank = round(1 / rr["recip_rank"])
        assert trec_order(run["q"]).index(relevant) + 1 == expected_rank
        assert ranking.reciprocal_rank(judge_run(run, qrels).rels[0]) == rr["recip_rank"]


def random_case(rng: random.Random) -> tuple[dict, dict]:
    """A small query with many tied scores, varied docnos and graded qrels."""
    pool = [f"d{i}" for i in range(12)] + [str(i) for i in (1, 2, 10, 11, 100)]
    pool += ["".join(rng.choice(string.ascii_letters) for _ in range(3)) for _ in range(4)]
    pool = list(dict.fromkeys(pool))
    retrieved = rng.sample(pool, rng.randint(1, len(pool)))
    scores = {doc: float(rng.choice([0.5, 1.0, 1.0, 2.25, -3.0])) for doc in retrieved}
    judged = rng.sample(pool, rng.randint(1, len(pool)))
    grades = {doc: rng.choice([0, 0, 1, 2, 3, -1]) for doc in judged}
    return scores, grades


@pytest.mark.parametrize("block", range(10))
def test_random_tied_runs_agree_with_trec_eval(block):
    """100 queries per block; every metric per query must equal trec_eval's exactly."""
    rng = random.Random(block)
    run, qrels = {}, {}
    for q in range(100):
        run[f"q{q:03d}"], qrels[f"q{q:03d}"] = random_case(rng)
    trec = pytrec_eval.RelevanceEvaluator(qrels, MEASURES).evaluate(run)
    judged = judge_run(run, qrels)
    assert judged.query_ids == sorted(trec)
    ours = evalmetrics_measures(judged)
    failures = [
        (qid, measure, ours[measure][i], trec[qid][measure])
        for i, qid in enumerate(judged.query_ids)
        for measure in MEASURES
        if ours[measure][i] != trec[qid][measure]
    ]
    assert not failures, failures[:10]


# --- missing queries ----------------------------------------------------------------------------

QRELS = {"a": {"d1": 1, "d2": 1}, "b": {"d3": 1}, "c": {"d4": 1}}
RUN = {"a": {"d1": 2.0, "d9": 1.0}, "b": {"d9": 1.0, "d3": 0.5}, "z": {"d1": 1.0}}


def test_queries_missing_from_either_side_are_skipped_like_trec_eval():
    judged = judge_run(RUN, QRELS)
    assert judged.query_ids == ["a", "b"]
    assert judged.missing_from_run == ["c"]
    assert judged.missing_from_qrels == ["z"]
    trec = pytrec_eval.RelevanceEvaluator(QRELS, {"map"}).evaluate(RUN)
    assert sorted(trec) == judged.query_ids
    # by hand: AP(a) = 1/2 (d1 at rank 1, d2 never), AP(b) = 1/2 (d3 at rank 2)
    assert ranking.mean_average_precision(judged.rels, n_relevant=judged.n_relevant) == 0.5


def test_missing_queries_zero_is_trec_eval_dash_c():
    judged = judge_run(RUN, QRELS, missing_queries="zero")
    assert judged.query_ids == ["a", "b", "c"]
    np.testing.assert_array_equal(judged.rels[2], 0)
    # trec_eval -c: the mean over all 3 queries of the qrels, c scoring 0: (1/2 + 1/2 + 0) / 3
    got = ranking.mean_average_precision(judged.rels, n_relevant=judged.n_relevant)
    assert got == pytest.approx(1 / 3, abs=1e-15)
    for name, values in evalmetrics_measures(judged).items():
        assert values[2] == 0.0, name


def test_a_query_without_relevant_documents_scores_zero_in_trec_eval():
    qrels = {"q": {"d1": 0}}
    run = {"q": {"d1": 1.0}}
    trec = pytrec_eval.RelevanceEvaluator(qrels, MEASURES).evaluate(run)["q"]
    ours = evalmetrics_measures(judge_run(run, qrels))
    assert {m: float(ours[m][0]) for m in MEASURES} == trec == dict.fromkeys(MEASURES, 0.0)


# --- bad files: each error names the file, the line and what was expected -----------------------

BAD_FILES = [
    (read_qrels, "q 0 d1 1\nq 0 d2\n", 2, "expected 4 fields 'qid iter docno rel', got 3"),
    (read_qrels, "q 0 d1 1 extra\n", 1, "expected 4 fields .* got 5"),
    (read_qrels, "q 0 d1 1\n\nq 0 d2 1.5\n", 3, "expected an integer relevance grade .* '1.5'"),
    (read_qrels, "q 0 d1 yes\n", 1, "expected an integer relevance grade .* 'yes'"),
    (read_qrels, "q 0 d1 1\nq 0 d1 0\n", 2, "document 'd1' is judged twice for query 'q' .*line 1"),
    (read_run, "q Q0 d1 1 2.0\n", 1, "expected 6 fields 'qid Q0 docno rank score tag', got 5"),
    (read_run, "q Q0 d1 1 2.0 s x\n", 1, "expected 6 fields .* got 7"),
    (read_run, "q Q0 d1 1 2 s\nq Q0 d2 2 high s\n", 2, "expected a finite decimal score .* 'high'"),
    (read_run, "q Q0 d1 1 nan s\n", 1, "expected a finite decimal score .* 'nan'"),
    (read_run, "q Q0 d1 1 inf s\n", 1, "expected a finite decimal score .* 'inf'"),
    (read_run, "q Q0 d1 1 1e999 s\n", 1, "the score '1e999' overflows"),
    (
        read_run,
        "q Q0 d1 1 2 s\np Q0 d1 1 2 s\nq Q0 d1 3 1 s\n",  # d1 again for q, not for p
        3,
        "document 'd1' is listed twice for query 'q' .*line 1",
    ),
]


@pytest.mark.parametrize(("reader", "text", "line", "message"), BAD_FILES)
def test_a_bad_file_names_the_file_the_line_and_what_was_expected(
    tmp_path, reader, text, line, message
):
    path = write(tmp_path, "bad_file.txt", text)
    with pytest.raises(TrecFormatError, match=rf"bad_file\.txt, line {line}: {message}") as info:
        reader(path)
    assert info.value.line_number == line
    assert info.value.path == str(path)
    assert isinstance(info.value, ValueError)


def test_read_trec_names_the_bad_file(tmp_path):
    good = write(tmp_path, "good.txt", "q 0 d 1\n")
    bad = write(tmp_path, "bad.run", "q Q0 d 1\n")
    with pytest.raises(TrecFormatError, match=r"bad\.run, line 1"):
        read_trec(qrels=good, run=bad)


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="missing_queries"):
        judge_run(RUN, QRELS, missing_queries="drop")
    with pytest.raises(ValueError, match="share no query"):
        judge_run({"x": {"d": 1.0}}, QRELS)
    with pytest.raises(TypeError, match="run must map"):
        judge_run(["q", "d"], QRELS)
    with pytest.raises(TypeError, match="qrels must map"):
        judge_run(RUN, {"a": 1})
    with pytest.raises(TypeError, match="path must be"):
        read_qrels(42)
    with pytest.raises(TypeError):
        read_trec("qrels.txt", "run.txt")  # the paths are keyword-only: no order to confuse


def test_writers_refuse_what_cannot_be_read_back(tmp_path):
    with pytest.raises(ValueError, match="run: ids must be non-empty strings without white"):
        write_run(tmp_path / "r", {"q": {"doc one": 1.0}})
    with pytest.raises(ValueError, match="must be a finite score"):
        write_run(tmp_path / "r", {"q": {"d": float("nan")}})
    with pytest.raises(ValueError, match="tag"):
        write_run(tmp_path / "r", {"q": {"d": 1.0}}, tag="two words")
    with pytest.raises(ValueError, match="must be an integer grade"):
        write_qrels(tmp_path / "q", {"q": {"d": 1.5}})


# --- round trip ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_round_trip_through_files(tmp_path, seed):
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    run, qrels = {}, {}
    for q in range(30):
        scores, grades = random_case(rng)
        # full-precision scores as well as ties
        run[f"t{q}"] = {doc: float(s + np_rng.normal() * (q % 2)) for doc, s in scores.items()}
        qrels[f"t{q}"] = grades
    write_run(tmp_path / "run.txt", run, tag="gen")
    write_qrels(tmp_path / "qrels.txt", qrels)
    assert read_run(tmp_path / "run.txt") == run
    assert read_qrels(tmp_path / "qrels.txt") == qrels
    # the ranks written are trec_eval's order: consecutive from 1 per query, score descending
    lines = [line.split() for line in (tmp_path / "run.txt").read_text().splitlines()]
    for qid in run:
        mine = [fields for fields in lines if fields[0] == qid]
        assert [int(f[3]) for f in mine] == list(range(1, len(mine) + 1))
        assert [f[2] for f in mine] == trec_order(run[qid])
    # and the file judged equals the dicts judged, and trec_eval on the same files
    from_files = read_trec(qrels=tmp_path / "qrels.txt", run=tmp_path / "run.txt")
    from_dicts = judge_run(run, qrels)
    np.testing.assert_array_equal(from_files.rels, from_dicts.rels)
    trec = pytrec_eval.RelevanceEvaluator(qrels, {"map"}).evaluate(run)
    ours = evalmetrics_measures(from_files)["map"]
    assert [trec[q]["map"] for q in from_files.query_ids] == list(ours)
