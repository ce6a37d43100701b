"""Compile ranx's numba functions once, into numba's on-disk cache, before the book executes.

ranx (used by the ranking chapters and the conventions page to show what it computes) compiles
each metric with numba the first time it runs in a new environment, and stores the result
(``cache=True``) next to its modules. Without this, every chapter that calls ranx compiles its
own metrics in its own kernel; with it, they load the cached code. ``make book`` runs it once
after installing; it changes no number (the same functions run, compiled once).

ranx compiles its helpers once more for each width of the document ids it meets (they become
numpy's fixed-width strings: ``"d7"`` is ``<U2``, ``"d0042"`` ``<U5``), for judgments (int64) and
scores (float64) apart. ``QRELS_WIDTHS`` and ``RUN_WIDTHS`` are the widths the book's notebooks
use (read from numba's cache after a build, see ``cached_widths``). A second process compiles
widths while the first compiles the metrics; then both take widths from one queue until none is
left, so neither waits for the other. A width not listed still works: the notebook that meets
it compiles it.

The functions are compiled with LLVM's optimisation level 1 (``NUMBA_OPT=1``; numba's default
is 3), which numba's cache does not tell apart: the compile took 60 s instead of 69 s, and the
ranx tests and the book's outputs were the same (the tests ran in 12.2 s against 14.3 s at
level 3; level 0 compiled in 49 s but made them run in 30 s). The chapters' data are small.
"""

from __future__ import annotations

import sys
import time

# every metric the book and its tests ask ranx for, with and without a cut-off (a metric
# compiled here that nothing asks for costs every fresh build a second or two)
METRICS = [
    "precision",
    "recall",
    "f1",
    "r-precision",
    "hits",
    "hit_rate",
    "mrr",
    "map",
    "ndcg",
    "ndcg_burges",
    "bpref",
]
CUTOFFS = (3, 5)
QRELS_WIDTHS = (3, 5, 7, 8)  # besides 2, which the metrics' own example uses
RUN_WIDTHS = (3, 5, 7)


def _ids(width: int) -> list[str]:
    return [f"d{i:0{width - 1}d}" for i in range(1, 4)]


def _compile_width(kind: str, width: int) -> None:
    """ranx's helpers for one width of document ids in judgments or in a run (no metric)."""
    from ranx import Qrels, Run, evaluate

    ids = _ids(width)
    if kind == "qrels":
        qrels = Qrels({"q1": {ids[0]: 1, ids[1]: 2}})
        evaluate(qrels, Run({"q1": {"d1": 0.5, "d2": 0.2}}), "precision")
    else:
        run = Run({"q1": {ids[0]: 0.5, ids[2]: 0.3, ids[1]: 0.1}})
        evaluate(Qrels({"q1": {"d1": 1}}), run, "precision")


def _compile_widths(jobs) -> None:
    """Take (kind, width) jobs from the queue until it is empty."""
    import queue
    import warnings

    warnings.simplefilter("ignore")
    while True:
        try:
            kind, width = jobs.get(timeout=0.5)
        except queue.Empty:
            return
        _compile_width(kind, width)


def cached_widths() -> list[str]:
    """The widths and dtypes of document ids in numba's cache of ranx, e.g. ``U7 float64``.

    After a build, the widths a notebook compiled itself are those listed here and not in
    ``QRELS_WIDTHS`` (int64) or ``RUN_WIDTHS`` (float64).
    """
    import glob
    import os
    import pickle
    import re

    import ranx

    found = set()
    pattern = r"UnicodeCharSeq\((\d+)\), 1, 'C', False, aligned=True\)\), ListType\(Array\((\w+)"
    for path in glob.glob(
        os.path.join(os.path.dirname(ranx.__file__), "**", "*.nbi"), recursive=True
    ):
        with open(path, "rb") as stream:
            pickle.load(stream)  # numba's version
            _stamp, overloads = pickle.loads(stream.read())
        for key in overloads:
            found.update(re.findall(pattern, str(key[0])))
    return [f"U{width} {dtype}" for width, dtype in sorted(found, key=lambda f: (int(f[0]), f[1]))]


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--list", action="store_true", help="print the widths of document ids in numba's cache"
    )
    args = parser.parse_args(argv)
    import os

    os.environ.setdefault("NUMBA_OPT", "1")  # read when numba is first imported, just below
    try:
        from ranx import Qrels, Run, compare, evaluate
    except ImportError:
        print("ranx is not installed: nothing to compile")
        return 0
    import warnings

    warnings.simplefilter("ignore")  # numba's type-safety notes on ranx's own code
    if args.list:
        print("\n".join(cached_widths()))
        return 0
    started = time.perf_counter()
    import multiprocessing

    context = multiprocessing.get_context("fork")
    jobs = context.Queue()
    for width in QRELS_WIDTHS:
        jobs.put(("qrels", width))
    for width in RUN_WIDTHS:
        jobs.put(("run", width))
    widths = context.Process(target=_compile_widths, args=(jobs,))
    widths.start()
    qrels = Qrels({"q1": {"d1": 2, "d2": 1}, "q2": {"d3": 1}})
    runs = [
        Run({"q1": {"d1": 0.9, "d4": 0.5, "d2": 0.2}, "q2": {"d3": 0.8, "d5": 0.1}}, name="a"),
        Run({"q1": {"d4": 0.9, "d1": 0.5, "d2": 0.2}, "q2": {"d5": 0.8, "d3": 0.1}}, name="b"),
    ]
    names = METRICS + [f"{m}@{k}" for m in METRICS if m != "r-precision" for k in CUTOFFS]
    for name in names:  # one at a time: a metric this ranx lacks is skipped, not fatal
        try:
            evaluate(qrels, runs[0], name)
        except ValueError:
            print(f"ranx has no {name}: skipped")
    # the one test the book runs (the conventions page)
    compare(qrels, runs, metrics=["map", "ndcg@3"], stat_test="fisher", max_p=0.05)
    _compile_widths(jobs)  # what the second process has not yet taken
    widths.join()
    if widths.exitcode != 0:
        print(f"compiling the widths of document ids failed (exit code {widths.exitcode})")
        return 1
    print(f"ranx compiled and cached in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
