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
    Run,
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
MEASURES = {"P_5", "recall_5", "map", "recip_rank", "success_5", "ndcg", "ndcg_cut_5", "bpref"}


def evalmetrics_measures(judged: JudgedRun) -> dict[str, np.ndarray]:
    """The ranking functions on the judged run, with trec_eval's conventions: the binary
    measures on ``binary`` (relevant from ``relevance_level``), the graded ones on ``rels``."""
    binary, rels, n_rel, ideal = judged.binary, judged.rels, judged.n_relevant, judged.ideal
    return {
        "P_5": ranking.precision_at_k(binary, k=K),
        "recall_5": ranking.recall_at_k(binary, k=K, n_relevant=n_rel, zero_division=0.0),
        "map": ranking.average_precision(binary, n_relevant=n_rel, zero_division=0.0),
        "recip_rank": ranking.reciprocal_rank(binary),
        "success_5": ranking.hit_rate(binary, k=K),
        "ndcg": ranking.ndcg(rels, ideal=ideal, gain="linear", zero_division=0.0),
        "ndcg_cut_5": ranking.ndcg(rels, k=K, ideal=ideal, gain="linear", zero_division=0.0),
        "bpref": ranking.bpref(
            binary,
            judged=judged.judged,
            n_relevant=n_rel,
            n_nonrelevant=judged.n_nonrelevant,
            zero_division=0.0,
        ),
    }


def disagreements(judged: JudgedRun, trec: dict) -> list[tuple]:
    """(query, measure, ours, trec_eval's) wherever the two differ in any bit."""
    assert judged.query_ids == sorted(trec)
    ours = evalmetrics_measures(judged)
    return [
        (qid, measure, ours[measure][i], trec[qid][measure])
        for i, qid in enumerate(judged.query_ids)
        for measure in MEASURES
        if ours[measure][i] != trec[qid][measure]
    ]


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- parsing -------------------------------------------------------------------------------


def test_qrels_are_parsed_by_hand(tmp_path):
    path = write(tmp_path, "q.txt", "q1 0 d1 1\n\nq1 0 d2 0\nq2\t0  d1 2\nq2 0 d9 -2\n")
    assert read_qrels(path) == {"q1": {"d1": 1, "d2": 0}, "q2": {"d1": 2, "d9": -2}}


def test_run_is_parsed_by_hand_and_q0_and_rank_are_dropped(tmp_path):
    path = write(tmp_path, "r.txt", "q1 Q0 d2 1 3.5 a\nq1 Q0 d1 2 -1e-3 a\n\nq2 X d1 7 +2 a\n")
    assert read_run(path) == {"q1": {"d2": 3.5, "d1": -0.001}, "q2": {"d1": 2.0}}
    assert read_run(path).tag == "a"


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
    judged = judge_run(qrels, run)
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
    judged = read_trec(qrels, run)
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
        assert ranking.reciprocal_rank(judge_run(qrels, run).rels[0]) == rr["recip_rank"]


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
    failures = disagreements(judge_run(qrels, run), trec)
    assert not failures, failures[:10]


# --- missing queries ----------------------------------------------------------------------------

QRELS = {"a": {"d1": 1, "d2": 1}, "b": {"d3": 1}, "c": {"d4": 1}}
RUN = {"a": {"d1": 2.0, "d9": 1.0}, "b": {"d9": 1.0, "d3": 0.5}, "z": {"d1": 1.0}}


def test_queries_missing_from_either_side_are_skipped_like_trec_eval():
    judged = judge_run(QRELS, RUN)
    assert judged.query_ids == ["a", "b"]
    assert judged.missing_from_run == ["c"]
    assert judged.missing_from_qrels == ["z"]
    trec = pytrec_eval.RelevanceEvaluator(QRELS, {"map"}).evaluate(RUN)
    assert sorted(trec) == judged.query_ids
    # by hand: AP(a) = 1/2 (d1 at rank 1, d2 never), AP(b) = 1/2 (d3 at rank 2)
    assert ranking.mean_average_precision(judged.rels, n_relevant=judged.n_relevant) == 0.5


def test_missing_queries_zero_is_trec_eval_dash_c():
    judged = judge_run(QRELS, RUN, missing_queries="zero")
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
    ours = evalmetrics_measures(judge_run(qrels, run))
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
        read_trec(good, bad)


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="missing_queries"):
        judge_run(QRELS, RUN, missing_queries="drop")
    with pytest.raises(ValueError, match="share no query"):
        judge_run(QRELS, {"x": {"d": 1.0}})
    with pytest.raises(TypeError, match="run must map"):
        judge_run(QRELS, ["q", "d"])
    with pytest.raises(TypeError, match="qrels must map"):
        judge_run({"a": 1}, RUN)
    with pytest.raises(TypeError, match="path must be"):
        read_qrels(42)
    with pytest.raises(TypeError, match="relevance_level must be an integer"):
        judge_run(QRELS, RUN, relevance_level=2.0)
    with pytest.raises(ValueError, match="relevance_level must be an integer >= 1"):
        judge_run(QRELS, RUN, relevance_level=0)
    with pytest.raises(ValueError, match="judged_only must be one of"):
        judge_run(QRELS, RUN, judged_only="yes")
    with pytest.raises(ValueError, match="float32_scores must be one of"):
        trec_order({"d": 1.0}, float32_scores=1)
    with pytest.raises(TypeError):
        read_trec("qrels.txt", "run.txt", "zero")  # the options are keyword-only


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
    from_files = read_trec(tmp_path / "qrels.txt", tmp_path / "run.txt")
    from_dicts = judge_run(qrels, run)
    np.testing.assert_array_equal(from_files.rels, from_dicts.rels)
    trec = pytrec_eval.RelevanceEvaluator(qrels, {"map"}).evaluate(run)
    ours = evalmetrics_measures(from_files)["map"]
    assert [trec[q]["map"] for q in from_files.query_ids] == list(ours)


# --- qrels first, as trec_eval, ranx and ir_measures -----------------------------------------


def test_read_trec_takes_the_qrels_first(tmp_path):
    qrels = write(tmp_path, "q.txt", "q 0 a 1\n")
    run = write(tmp_path, "r.txt", "q Q0 a 1 1.0 s\n")
    np.testing.assert_array_equal(read_trec(qrels, run).rels, [[1]])
    # the other order reads the run file as qrels: its lines have 6 fields, not 4
    with pytest.raises(TrecFormatError, match=r"r\.txt, line 1: expected 4 fields"):
        read_trec(run, qrels)


# --- the run's tag ------------------------------------------------------------------------------


def test_the_tag_is_read_and_carried_into_the_judged_run(tmp_path):
    qrels = write(tmp_path, "q.txt", "q 0 a 1\n")
    run_path = write(tmp_path, "r.txt", "q Q0 a 1 1.0 bm25\nq Q0 b 2 0.5 bm25\n")
    run = read_run(run_path)
    assert isinstance(run, Run) and isinstance(run, dict)
    assert run == {"q": {"a": 1.0, "b": 0.5}} and run.tag == "bm25"
    assert read_trec(qrels, run_path).tag == "bm25"
    assert judge_run(read_qrels(qrels), run).tag == "bm25"
    assert judge_run(read_qrels(qrels), {"q": {"a": 1.0}}).tag is None  # a plain dict
    assert read_run(std_io.StringIO("")).tag is None
    # write_run's tag reads back; without one, the run's own tag is written, else "run"
    write_run(tmp_path / "w.txt", Run({"q": {"a": 1.0}}), tag="mine")
    assert read_run(tmp_path / "w.txt").tag == "mine"
    write_run(tmp_path / "w.txt", run)
    assert (tmp_path / "w.txt").read_text().split("\n")[0].split()[-1] == "bm25"
    write_run(tmp_path / "w.txt", {"q": {"a": 1.0}})
    assert (tmp_path / "w.txt").read_text() == "q Q0 a 1 1.0 run\n"


def test_two_tags_in_one_run_file_name_both(tmp_path):
    path = write(tmp_path, "r.txt", "q Q0 a 1 1.0 bm25\n\nq Q0 b 2 0.5 bm25\np Q0 a 1 2 dense\n")
    with pytest.raises(
        TrecFormatError, match=r"r\.txt, line 4: the run tag 'dense' differs from 'bm25' \(line 1\)"
    ):
        read_run(path)


# --- the judged mask, n_nonrelevant and the negative-grade rule ----------------------------------


def test_judged_mask_and_n_nonrelevant_by_hand():
    qrels = {"q": {"r1": 1, "n1": 0, "n2": 0, "s": -2, "r2": 2}}
    run = {"q": {"r1": 5.0, "u": 4.0, "s": 3.0, "n1": 2.0}}
    judged = judge_run(qrels, run)
    # order r1, u, s, n1: u has no qrels line, s is -2 (unjudged, as in trec_eval)
    np.testing.assert_array_equal(judged.rels, [[1, 0, 0, 0]])
    np.testing.assert_array_equal(judged.judged, [[True, False, False, True]])
    np.testing.assert_array_equal(judged.n_relevant, [2])  # r1, r2
    np.testing.assert_array_equal(judged.n_nonrelevant, [2])  # n1, n2 (not s)
    # judged@3 by hand: r1 judged, u and s not -> 1/3; judged@4: r1, n1 -> 2/4
    assert ranking.judged_at_k(judged.rels, k=3, judged=judged.judged)[0] == 1 / 3
    assert ranking.judged_at_k(judged.rels, k=4, judged=judged.judged)[0] == 0.5
    # bpref by hand: R = 2, N = 2; r1 has no judged non-relevant above it: (1 + 0) / 2
    got = ranking.bpref(
        judged.binary,
        judged=judged.judged,
        n_relevant=judged.n_relevant,
        n_nonrelevant=judged.n_nonrelevant,
    )
    assert got[0] == 0.5


NEGATIVE_RUN = {"q": {"d1": 3.0, "d2": 2.0, "d3": 1.0, "d5": 0.5}}


@pytest.mark.parametrize("grade", [0, -2, None])
def test_a_negative_grade_in_ranking_judge_and_in_judge_run(grade):
    """The same inputs through ranking.judge and io.judge_run give the same grades, and with
    the judged mask bpref and AP equal trec_eval's for a document graded 0, -2 or unjudged."""
    qrels = {"q": {"d0": 0, "d1": 0, "d3": 1, "d4": 1}}
    if grade is not None:
        qrels["q"]["d2"] = grade
    judged = judge_run(qrels, NEGATIVE_RUN)
    by_judge = ranking.judge(trec_order(NEGATIVE_RUN["q"]), qrels["q"])
    np.testing.assert_array_equal(judged.rels[0], by_judge)
    np.testing.assert_array_equal(by_judge, [0, 0, 1, 0])  # d1, d2, d3, d5 by hand
    # d2 is judged only when graded 0; d5 never
    np.testing.assert_array_equal(judged.judged, [[True, grade == 0, True, False]])
    trec = pytrec_eval.RelevanceEvaluator(qrels, {"map", "bpref"}).evaluate(NEGATIVE_RUN)["q"]
    ours = evalmetrics_measures(judged)
    assert (ours["map"][0], ours["bpref"][0]) == (trec["map"], trec["bpref"])


def random_judged_case(rng: random.Random) -> tuple[dict, dict]:
    """A query with unjudged, negative-graded (-1, -2) and graded documents, some ties."""
    pool = [f"d{i}" for i in range(rng.randint(3, 25))]
    retrieved = rng.sample(pool, rng.randint(1, len(pool)))
    scores = {doc: float(rng.choice([0.5, 1.0, 1.5, 2.0, 3.0, -1.0])) for doc in retrieved}
    judged = rng.sample(pool, rng.randint(1, len(pool)))
    grades = {doc: rng.choice([0, 0, 0, 1, 1, 2, 3, -1, -2]) for doc in judged}
    # trec_eval 9 crashes (segmentation fault in pytrec_eval) on a query whose grades are all
    # negative: give each query one grade >= 0
    grades[judged[0]] = rng.choice([0, 1, 2])
    return scores, grades


def random_pair(block: int, n_queries: int = 100) -> tuple[dict, dict]:
    rng = random.Random(1000 + block)
    run, qrels = {}, {}
    for q in range(n_queries):
        run[f"q{q:03d}"], qrels[f"q{q:03d}"] = random_judged_case(rng)
    return qrels, run


@pytest.mark.parametrize("block", range(5))
def test_bpref_and_judged_at_k_from_files_agree_with_trec_eval(tmp_path, block):
    qrels, run = random_pair(block)
    write_qrels(tmp_path / "q.txt", qrels)
    write_run(tmp_path / "r.txt", run)
    judged = read_trec(tmp_path / "q.txt", tmp_path / "r.txt")
    trec = pytrec_eval.RelevanceEvaluator(qrels, {"bpref"}).evaluate(run)
    ours = ranking.bpref(
        judged.binary,
        judged=judged.judged,
        n_relevant=judged.n_relevant,
        n_nonrelevant=judged.n_nonrelevant,
        zero_division=0.0,
    )
    assert [trec[q]["bpref"] for q in judged.query_ids] == list(ours)
    # judged@k is trec_eval's P_k on qrels where every judged document (grade >= 0) is
    # relevant and every negative grade stays negative (unjudged)
    all_relevant = {q: {d: 1 if g >= 0 else g for d, g in qrels[q].items()} for q in qrels}
    for k in (1, 5, 10):
        trec_p = pytrec_eval.RelevanceEvaluator(all_relevant, {f"P_{k}"}).evaluate(run)
        got = ranking.judged_at_k(judged.rels, k=k, judged=judged.judged)
        assert [trec_p[q][f"P_{k}"] for q in judged.query_ids] == list(got)


# --- relevance_level (trec_eval -l) and judged_only (trec_eval -J) --------------------------------


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("block", range(3))
def test_relevance_level_agrees_with_trec_eval(block, level):
    qrels, run = random_pair(block)
    trec = pytrec_eval.RelevanceEvaluator(qrels, MEASURES, relevance_level=level).evaluate(run)
    judged = judge_run(qrels, run, relevance_level=level)
    assert judged.relevance_level == level
    failures = disagreements(judged, trec)
    assert not failures, failures[:10]
    # the grades (and so NDCG) do not depend on the level
    np.testing.assert_array_equal(judged.rels, judge_run(qrels, run).rels)


def test_relevance_level_by_hand():
    qrels = {"q": {"a": 1, "b": 2, "c": 0, "d": 3}}
    judged = judge_run(qrels, {"q": {"a": 3.0, "b": 2.0, "c": 1.0}}, relevance_level=2)
    np.testing.assert_array_equal(judged.rels, [[1, 2, 0]])
    np.testing.assert_array_equal(judged.binary, [[0, 1, 0]])
    np.testing.assert_array_equal(judged.n_relevant, [2])  # b, d
    np.testing.assert_array_equal(judged.n_nonrelevant, [2])  # a (grade 1 < 2), c


@pytest.mark.parametrize("level", [1, 2])
@pytest.mark.parametrize("block", range(3))
def test_judged_only_agrees_with_trec_eval_dash_j(block, level):
    qrels, run = random_pair(block)
    trec = pytrec_eval.RelevanceEvaluator(
        qrels, MEASURES, relevance_level=level, judged_docs_only_flag=True
    ).evaluate(run)
    judged = judge_run(qrels, run, relevance_level=level, judged_only=True)
    failures = disagreements(judged, trec)
    assert not failures, failures[:10]


def test_judged_only_by_hand():
    qrels = {"q": {"a": 1, "c": 0, "s": -2}}
    run = {"q": {"u": 4.0, "s": 3.0, "c": 2.0, "a": 1.0}}
    judged = judge_run(qrels, run, judged_only=True)
    # u (no line) and s (-2) dropped: c, a
    np.testing.assert_array_equal(judged.rels, [[0, 1]])
    np.testing.assert_array_equal(judged.judged, [[True, True]])
    assert ranking.reciprocal_rank(judged.binary)[0] == 0.5


# --- scores compared as 32-bit floats (trec_eval 9) -------------------------------------------


@pytest.mark.parametrize(
    "scores",
    [{"a": 0.1 + 1e-10, "b": 0.1}, {"a": 1e40, "b": 1e39}],  # the second: both inf in float32
)
def test_float32_scores_reproduce_trec_eval_on_a_near_tie(scores):
    qrels = {"q": {"a": 1}}
    run = {"q": scores}
    trec = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}).evaluate(run)["q"]
    assert trec["recip_rank"] == 0.5  # a and b tie in float32; b > a as strings comes first
    as_trec_eval = judge_run(qrels, run, float32_scores=True)
    assert ranking.reciprocal_rank(as_trec_eval.binary)[0] == trec["recip_rank"]
    by_default = judge_run(qrels, run)
    assert ranking.reciprocal_rank(by_default.binary)[0] == 1.0  # a's score is higher


def near_tie_run(rng: random.Random, qrels: dict) -> dict:
    """Scores that differ from each other by less than float32 resolves, or straddle it."""
    run = {}
    for q, grades in qrels.items():
        docs = list(grades) + [f"u{i}" for i in range(rng.randint(0, 4))]
        base = rng.choice([0.1, 1.0, 3.3, 1234.5678])
        run[q] = {
            doc: base * (1 + rng.choice([0.0, 1e-12, -3e-10, 2e-9, 5e-8, 1e-7, 1e-3]))
            for doc in rng.sample(docs, rng.randint(1, len(docs)))
        }
    return run


@pytest.mark.parametrize("block", range(5))
def test_float32_scores_reproduce_trec_eval_on_random_near_ties(block):
    rng = random.Random(2000 + block)
    qrels = random_pair(block)[0]
    run = near_tie_run(rng, qrels)
    trec = pytrec_eval.RelevanceEvaluator(qrels, MEASURES).evaluate(run)
    failures = disagreements(judge_run(qrels, run, float32_scores=True), trec)
    assert not failures, failures[:10]
    # the default orders by the 64-bit scores, which differs from trec_eval here
    assert disagreements(judge_run(qrels, run), trec)
