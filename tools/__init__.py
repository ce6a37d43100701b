"""The book's machinery outside the package: scripts with a ``main(argv)`` and shared modules.

Every script runs as ``python tools/<name>.py --help`` or, from the repository root, as
``python -m tools.<name> --help``; ``python -m tools`` prints this map with each script's
one-line summary. The Makefile's targets call them (``make <target>``). The build's own
Sphinx extensions are in ``_ext/`` (listed at the end).

Scripts, by who runs them:

=====================  ==================================  ======================================
script                 run by                              what it writes or checks
=====================  ==================================  ======================================
make_lab               ``make lab``                        the JupyterLab copy (_build/lab)
make_student           ``make student``                    the student edition and its zip
make_assignments       ``make assignments``                otter-grader assignments, a term's or
                                                           each student's own numbers
grade                  ``make grade``                      a folder of submissions -> gradebook
flag_submissions       a teacher                           submissions that reach for the grader
hash_keys              an author, after an exercise edit   teacher/exercise_keys and the hashed
                                                           keys, from teacher/exercise_specs
exercise_report        an author                           one chapter's exercise code, checked
make_formula_sheet     an author, after formulas.json      reference/formulas.md
sync_claims            an author, after claims.json        'What the documents say' and errata
new_chapter            an author starting a chapter        a notebook that passes the checks, its
                                                           exercise code, answers and toc line
renumber               an author inserting a chapter       files, references, keys, redirects
feedback_screenshot    an author, after 23.1's hints       the teachers page's otter feedback
spark_metrics          ``make test`` (tests/test_spark)    reference/data/spark_metrics.json
notebook_timings       ``make timings``                    each notebook's execution time
main_line              an author                           each chapter's main-line length
cell_dependencies      tests (the reader's copy)           cells a dropped cell would break
warm_numba             ``make book``, after installing     ranx's metrics compiled into numba's
                                                           cache once, not once per chapter
build_book             ``make book``                       the English and the Chinese edition,
                                                           side by side from one execution
translations           a translator; ``build_book``        message catalogs (locales/), their
                                                           status and check; the Chinese build
=====================  ==================================  ======================================

Shared modules (imported, not run): ``notebook_source`` (a cell's text and Python, what code
imports: also used by ``_ext/fresh_notebooks.py``), ``variants`` (a term's numbers from a
seed). ``ipython/`` is the kernel profile every build and test uses (``IPYTHONDIR``).

``_ext/`` (Sphinx extensions named in ``_config.yml``): ``fresh_notebooks`` (which notebooks
execute, two at a time, and the cache key; its docstring is the design note),
``book_citations`` (the documents cited by number), ``redirects`` (old addresses),
``editions`` (the link between a page and its Chinese counterpart; glue in translations).
"""

import sys
from pathlib import Path

# the scripts import each other by module name (``import make_lab``), as when run as files
_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

SCRIPTS = (
    "make_lab",
    "make_student",
    "make_assignments",
    "grade",
    "flag_submissions",
    "hash_keys",
    "exercise_report",
    "make_formula_sheet",
    "sync_claims",
    "new_chapter",
    "renumber",
    "feedback_screenshot",
    "spark_metrics",
    "notebook_timings",
    "main_line",
    "cell_dependencies",
    "warm_numba",
    "build_book",
    "translations",
)
MODULES = ("notebook_source", "variants")
