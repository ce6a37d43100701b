"""Every key and every recorded mistake is computed by the exercise's code, never typed.

``teacher/exercise_specs/chNN.py`` holds each exercise as code; ``tools/hash_keys.py`` writes
the plain keys and the package's hashed keys from it. These tests recompute both from the code,
and show that the comparison fails when a stored value, a hint's value or a hint's number is
wrong. The code itself is checked against hand computations in ``tests/answers_chNN.py``
(``tests/test_exercises.py`` grades those against the shipped keys).
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest
from support import chapter_number

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "teacher"), str(ROOT / "tools")]

import exercise_specs  # noqa: E402
from exercise_specs import Exercise, Mistake, book_answers, problems, variant_params  # noqa: E402
from variants import occurrences, substitute  # noqa: E402

SPECS = exercise_specs.load()
VARYING = sorted(i for i, e in SPECS.items() if e.vary is not None)


def _hash_keys():
    spec = importlib.util.spec_from_file_location(
        "hash_keys_fresh", ROOT / "tools" / "hash_keys.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_exercise_of_the_keys_is_code():
    """No key is typed: every chapter's plain key comes from a module of exercise code."""
    plain = {p.stem for p in (ROOT / "teacher" / "exercise_keys").glob("*.json")}
    assert plain == set(exercise_specs.chapters())


@pytest.mark.parametrize("exercise_id", sorted(SPECS))
def test_the_exercise_code_has_no_problem(exercise_id):
    """No mistake's code gives the key, none is shadowed, no hint writes an uncomputed number."""
    assert problems(SPECS[exercise_id]) == []


def test_the_key_files_are_the_codes_output():
    """Both keys on file, plain and hashed, are what the code computes now."""
    module = _hash_keys()
    for path, text in module.expected_files().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.relative_to(ROOT)} is not what the exercise code computes;"
            " run python tools/hash_keys.py"
        )


def _planted(tmp_path, monkeypatch, change) -> tuple[int, str]:
    """hash_keys --check on copies of the key files, one of them changed by ``change``."""
    module = _hash_keys()
    plain, shipped = tmp_path / "plain", tmp_path / "shipped"
    for folder, source in ((plain, module.PLAIN), (shipped, module.SHIPPED)):
        folder.mkdir()
        for path in source.glob("*.json"):
            (folder / path.name).write_text(path.read_text("utf-8"), encoding="utf-8")
    monkeypatch.setattr(module, "PLAIN", plain)
    monkeypatch.setattr(module, "SHIPPED", shipped)
    assert module.main(["--check"]) == 0
    change(plain / "ch17.json")
    return module.main(["--check"]), ""


def test_a_planted_wrong_key_value_is_caught(tmp_path, monkeypatch, capsys):
    def plant(path: Path) -> None:
        key = json.loads(path.read_text("utf-8"))
        key["ch17-ex-delong"]["parts"]["se"] = 0.2
        path.write_text(json.dumps(key), encoding="utf-8")

    status, _ = _planted(tmp_path, monkeypatch, plant)
    assert status == 1
    assert "ch17.json" in capsys.readouterr().out


def test_a_planted_wrong_hint_value_is_caught(tmp_path, monkeypatch, capsys):
    """The old ddof hint: stored at 0.20787 while ddof=0 gives sqrt(2/81) = 0.15713."""

    def plant(path: Path) -> None:
        text = path.read_text("utf-8")
        wrong = re.sub(r'"value": 0\.157134[0-9]*', '"value": 0.20786985482077452', text)
        assert wrong != text, "the ddof=0 hint is no longer stored at sqrt(2/81)"
        path.write_text(wrong, encoding="utf-8")

    status, _ = _planted(tmp_path, monkeypatch, plant)
    assert status == 1
    assert "ch17.json" in capsys.readouterr().out


def test_the_ddof_mistake_is_computed():
    """ddof=0 in exercise 17.3 gives sqrt(1/54 + 1/216)... = sqrt(2/81), by hand: placements
    V10 = (1, 5/6, 2/3), V01 = (1/2, 1, 1); population variances 1/54 and 1/18; (1/54 + 1/18)/3
    = 2/81."""
    delong = SPECS["ch17-ex-delong"]
    ddof0 = [h for h in delong.hints() if "ddof" in h["hint"]]
    assert len(ddof0) == 1 and ddof0[0]["value"] == pytest.approx((2 / 81) ** 0.5, abs=1e-15)
    tie = [h for h in delong.hints() if "counts 1/2" in h["hint"]]
    assert tie[0]["value"] == pytest.approx(7 / 9)


def _toy(**changes) -> Exercise:
    base = dict(
        id="ch99-ex-toy",
        params={"n": 864},
        answer=lambda p: {"half": 1.96 * (0.25 / p["n"]) ** 0.5},
        mistakes=(Mistake("half", lambda p: 0.5 / p["n"] ** 0.5, "Use z = 1.96, not 1."),),
        fixed="a toy",
    )
    return Exercise(**{**base, **changes})


def test_a_hint_that_writes_an_uncomputed_number_is_caught():
    """A hint such as "864.4 cases give a half-width just above 0.02" (it is just below) must
    take its numbers from code; written out, they are reported."""
    assert problems(_toy()) == []
    typed = _toy(
        mistakes=(
            Mistake(
                "half", lambda p: 0.5 / p["n"] ** 0.5, "864.4 cases give a half-width above 0.02."
            ),
        )
    )
    found = problems(typed)
    assert any("864.4" in f for f in found) and any("0.02" in f for f in found)
    computed = _toy(
        mistakes=(
            Mistake("half", lambda p: 0.5 / p["n"] ** 0.5, "{n} cases give a half-width of {h}."),
        ),
        facts=lambda p: {"h": f"{1.96 * (0.25 / p['n']) ** 0.5:.5f}"},
    )
    assert problems(computed) == []
    assert computed.hints()[0]["hint"] == "864 cases give a half-width of 0.03334."


def test_a_mistake_that_gives_the_key_is_caught():
    same = _toy(mistakes=(Mistake("half", lambda p: 0.98 / p["n"] ** 0.5, "Not 1.96."),))
    assert any("gives the key" in f for f in problems(same))
    shadowed = _toy(
        mistakes=(
            Mistake("half", lambda p: 0.5 / p["n"] ** 0.5, "Use z = 1.96, not 1."),
            Mistake("half", lambda p: 0.50001 / p["n"] ** 0.5, "Another."),
        )
    )
    assert any("never shown" in f for f in problems(shadowed))
    unknown = _toy(mistakes=(Mistake("width", lambda p: 1.0, "Not 1."),))
    assert any("unknown part" in f for f in problems(unknown))
    assert any("neither vary nor fixed" in f for f in problems(_toy(fixed=None)))


def test_two_numbers_shown_by_one_text_are_caught():
    """FP = FN = 2 shown as "2" twice: a term would give both FP's new value."""
    both = _toy(
        params={"n": 864, "fp": 2, "fn": 2},
        fixed=None,
        vary=lambda rng: {"n": 900, "fp": 3, "fn": 4},
        shows=lambda p: {"n": str(p["n"]), "fp": str(p["fp"]), "fn": str(p["fn"])},
    )
    assert any("shows gives '2' for fp, fn" in f for f in problems(both))
    assert not any("shows gives" in f for f in problems(both, {"n": 900, "fp": 3, "fn": 4}))


@pytest.mark.parametrize("exercise_id", VARYING)
def test_variants_differ_by_seed_and_keep_the_exercise_sound(exercise_id):
    """A variant is reproducible, sound (no mistake gives its key) and gives no part the book's
    public answer (apart from the parts the exercise keeps by design); seeds give different
    variants (an exercise with few possible variants may repeat one, not all five)."""
    exercise = SPECS[exercise_id]
    drawn = [variant_params(exercise, seed) for seed in range(1, 6)]
    assert variant_params(exercise, 1) == drawn[0]  # reproducible
    for params in drawn:
        assert problems(exercise, params) == []
        assert book_answers(exercise, params) == []
        assert set(exercise.texts(params)) == set(exercise.texts(exercise.params))
    assert len({repr(p) for p in drawn}) >= 2


def test_a_variant_that_keeps_a_book_answer_is_caught():
    """The check above can fail: the book's own numbers keep every answer."""
    delong = SPECS["ch17-ex-delong"]
    assert book_answers(delong, delong.params) == ["auc", "se"]


def test_substitution_replaces_whole_numbers_only():
    book, variant = {"k": "45", "n": "50", "s": "0.6"}, {"k": "50", "n": "60", "s": "0.7"}
    text = "45 of 50 cases; 0.6 and 0.65 and 450 and x50; z = 1.96 (95%)"
    assert substitute(text, book, variant) == (
        "50 of 60 cases; 0.7 and 0.65 and 450 and x50; z = 1.96 (95%)"
    )
    assert occurrences("0.65, 0.6.", "0.6") == 1


def test_the_teachers_page_lists_the_exercises_that_do_not_vary():
    """Each exercise that keeps its numbers in every variant is named on the teachers page."""
    page = (ROOT / "reference" / "teachers.md").read_text(encoding="utf-8")
    listed = re.search(r"<!-- fixed exercises -->(.*?)<!-- /fixed exercises -->", page, re.S)
    assert listed, "the teachers page has no list of the exercises that do not vary"
    named = set(re.findall(r"`(ch\d\d-ex-[\w-]+)`", listed.group(1)))
    fixed = {i for i, e in SPECS.items() if e.vary is None}
    assert named == fixed


def _chapter_exercises():
    import make_assignments

    keys = make_assignments.load_keys()
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        yield from make_assignments.read_chapter(path, keys).exercises


def test_a_varying_exercises_answers_are_computed_in_its_solution():
    """An assignment's solution sets each part to the expression of the chapter's hidden
    check(...) call; in an exercise that varies it must compute (read a name), or the
    variant's solution would hand in the book's number. A part whose value is the same in
    every variant (a random AUC of 1/2) may be a number."""
    import ast

    typed = []
    for exercise in _chapter_exercises():
        spec = SPECS.get(exercise.label)
        if exercise.key is None or spec is None or spec.vary is None:
            continue
        keys = [spec.key(variant_params(spec, seed)) for seed in (1, 2, 3)] + [spec.key()]
        for part, expression in exercise.parts.items():
            node = ast.parse(expression, mode="eval").body
            reads = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
            constant = len({str(k[part]) for k in keys}) == 1
            if not reads - {"Fraction", "float", "int"} and not constant:
                typed.append(f"{exercise.label}: {part} = {expression}")
    assert typed == []


def test_no_assignment_set_up_cell_hands_over_a_function_of_the_chapter():
    """An assignment's visible set-up cell holds the chapter's data an exercise needs, never a
    function of the chapter: that would be the method the exercise asks a student to work out
    (a solution that calls one, or a statement that names one in backticks, pulls it in)."""
    import ast

    import make_assignments

    keys = make_assignments.load_keys()
    handed = []
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        chapter = make_assignments.read_chapter(path, keys)
        _, sliced, _ = make_assignments.slice_solutions(chapter, chapter.exercises)
        handed += [
            f"{path.stem}: {s.node.name}"
            for s in sliced
            if isinstance(s.node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        ]
    assert handed == []


def test_the_teachers_page_counts_what_varies():
    """The page's counts of the exercises that vary and of the parts kept by design are the
    code's."""
    page = " ".join((ROOT / "reference" / "teachers.md").read_text(encoding="utf-8").split())
    varying = sum(1 for e in SPECS.values() if e.vary is not None)
    kept = [e for e in SPECS.values() if e.vary is not None and e.keeps]
    assert f"The other {varying} of the {len(SPECS)} checked exercises vary" in page
    assert f"except the {sum(len(e.keeps) for e in kept)} parts (of {len(kept)} exercises)" in page


def test_the_teachers_page_says_what_the_books_answers_earn_in_a_term():
    """The points the book's published answers earn in a term's version of chapters 16 and 7,
    as the page states them, graded by the term's hashed entries (make_assignments'
    book_answers_score); the same for two seeds, since only kept parts and fixed exercises
    keep the book's answers."""
    import make_assignments

    page = " ".join((ROOT / "reference" / "teachers.md").read_text(encoding="utf-8").split())
    keys = make_assignments.load_keys()
    earned = {}
    choosing, roc_auc = chapter_number("choosing"), chapter_number("roc_auc")
    for number in (choosing, roc_auc):
        path = next((ROOT / "chapters").glob(f"{number}_*.ipynb"))
        scores = set()
        for seed in (2**50 + 1, 2**55 + 7):
            chapter = make_assignments.read_chapter(path, keys)
            term = make_assignments.term_for(seed, None)
            make_assignments.apply_term(chapter, term)
            chosen = [e for e in chapter.exercises if e.key]
            total = sum(sum(make_assignments.part_points(e).values()) for e in chosen)
            scores.add((make_assignments.book_answers_score(chapter, chosen, term), total))
        assert len(scores) == 1, scores
        earned[number] = scores.pop()
    (b16, t16), (b07, t07) = earned[choosing], earned[roc_auc]
    assert (
        f"would earn {b16:g} of them\", of chapter {int(choosing)}'s {t16:g} autograded points"
        in page
    )
    assert f"{b07:g} of chapter {int(roc_auc)}'s {t07:g})" in page
    assert b16 < t16 and b07 < t07


def test_the_exercise_report_lists_kept_parts_and_versions(capsys):
    """What the teachers page says the report lists: each exercise's kept parts and how many
    versions it has (chapter 16's first exercise keeps p5, r5 and hit5)."""
    import exercise_report

    assert exercise_report.report("ch16") == 0
    out = capsys.readouterr().out
    block = out.split("== ch16-ex-all-metrics")[1].split("==")[0]
    assert "keeps the book's answer of: p5, r5, hit5" in block
    count = int(re.search(r"versions: (\d+) distinct", block).group(1))
    assert 1 < count == exercise_report.versions(SPECS["ch16-ex-all-metrics"])
    page = " ".join((ROOT / "reference" / "teachers.md").read_text(encoding="utf-8").split())
    assert (
        f"how many distinct versions each exercise has in {exercise_report.VERSION_DRAWS}" in page
    )
    assert f"(chapter 16's first has {count})" in page


@pytest.mark.parametrize("chapter", exercise_specs.chapters())
def test_the_exercise_report_finds_no_problem(chapter, capsys):
    """Every chapter passes tools/exercise_report.py: each exercise in the notebook under its
    label, every number a term changes (``shows``) in both its statement and its solution code,
    the key on file what the code computes. A term built with a seed (make assignments SEED=...)
    depends on all three; make test builds only two chapters with a seed."""
    import exercise_report

    problems = exercise_report.report(chapter, count_versions=False)
    lines = [line for line in capsys.readouterr().out.splitlines() if "PROBLEM" in line]
    assert problems == 0, "\n".join(lines)


def test_the_exercise_report_counts_a_stale_key(tmp_path, monkeypatch, capsys):
    """A key on file that the code no longer computes is a problem (it was only printed)."""
    import exercise_report

    stored = json.loads((ROOT / "teacher" / "exercise_keys" / "ch07.json").read_text("utf-8"))
    part = next(iter(stored["ch07-ex-auc-pairs"]["parts"]))
    stored["ch07-ex-auc-pairs"]["parts"][part] += 0.125
    keys = tmp_path / "teacher" / "exercise_keys"
    keys.mkdir(parents=True)
    (keys / "ch07.json").write_text(json.dumps(stored), encoding="utf-8")
    (tmp_path / "chapters").symlink_to(ROOT / "chapters")
    monkeypatch.setattr(exercise_report, "ROOT", tmp_path)
    assert exercise_report.report("ch07", count_versions=False) == 1
    assert f"PROBLEM: part {part}: code" in capsys.readouterr().out


def test_the_exercise_report_names_a_chapter_without_code(capsys):
    import exercise_report

    with pytest.raises(SystemExit):
        exercise_report.main(["99"])
    assert "no exercise code for '99': give a chapter as chNN (or NN)" in capsys.readouterr().err
    # a chapter given without its leading zero ("7" for ch07)
    assert exercise_report.main([str(int(chapter_number("roc_auc")))]) == 0
