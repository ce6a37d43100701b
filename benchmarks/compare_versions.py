"""Benchmark: this working tree's ``evalmetrics`` against another commit's, in the same run.

A refactoring must not slow the package down. This script copies ``evalmetrics/`` of a git
commit (default ``HEAD``) into a temporary folder with ``git archive``, then times the same
calls against the old and the new package, each in its own Python process (so the two never
share an import), alternating old, new, old, new ... ``--rounds`` times. Each call's time is the
best of several repeats within a process, and the best over the rounds; the table prints the
ratio new / old per call. Ratios within about 0.8-1.25 are noise on a shared 2-core machine.

Run ``python benchmarks/compare_versions.py [--ref COMMIT] [--rounds N]``
(``make bench-compare REF=COMMIT``). Only calls whose signature both versions share are timed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# each case: (name, setup code, statement); run with the package of one version on sys.path
CASES = [
    (
        "roc_curve, n = 10^6",
        "import evalmetrics as em; from _data import y, s",
        "em.roc_curve(y, s)",
    ),
    (
        "pr_curve, n = 10^6",
        "import evalmetrics as em; from _data import y, s",
        "em.pr_curve(y, s)",
    ),
    (
        "sweep + fbeta, n = 10^6",
        "import evalmetrics as em; from _data import y, s",
        "em.sweep(y, s).fbeta(beta=1.0)",
    ),
    (
        "precision (binary), n = 10^6",
        "import evalmetrics as em; from _data import y, p",
        "em.precision(y, p)",
    ),
    (
        "f1 macro, 10 classes, n = 10^6",
        "import evalmetrics as em; from _data import yc, pc",
        "em.f1(yc, pc, average='macro')",
    ),
    (
        "Counts properties x 1000",
        "import evalmetrics as em; c = em.Counts(tp=5, fp=3, tn=90, fn=2)",
        "[(c.precision, c.recall, c.specificity, c.fpr) for _ in range(1000)]",
    ),
    (
        "auc_variance delong, n = 10^6",
        "import evalmetrics.stats as st; from _data import y, s",
        "st.auc_variance(y, s)",
    ),
    (
        "auc_ci bootstrap 1000, n = 10^4",
        "import evalmetrics.stats as st; from _data import y4, s4",
        "st.auc_ci(y4, s4, method='bootstrap', n_resamples=1000, random_state=0)",
    ),
    (
        "bootstrap_ci roc_auc 1000, n = 10^4",
        "import evalmetrics as em, evalmetrics.stats as st; from _data import y4, s4",
        "st.bootstrap_ci(em.roc_auc, y4, s4, n_resamples=1000, random_state=0)",
    ),
    (
        "paired_test bootstrap 9999, n = 1000",
        "import evalmetrics.stats as st; from _data import qa, qb",
        "st.paired_test(qa, qb, method='bootstrap', n_resamples=9999, random_state=0)",
    ),
    (
        "paired_test randomization 9999, n = 1000",
        "import evalmetrics.stats as st; from _data import qa, qb",
        # both versions compute the interval's inputs in the call (the old one its ends)
        "st.paired_test(qa, qb, method='randomization', n_resamples=9999, random_state=0)",
    ),
    (
        "proportion_ci wilson x 200",
        "import evalmetrics.stats as st",
        "[st.proportion_ci(k, 200) for k in range(200)]",
    ),
    (
        "ndcg@10, 10^4 lists",
        "from evalmetrics import ranking; from _data import rels",
        "ranking.ndcg(rels, k=10)",
    ),
]

DATA = """
import numpy as np
rng = np.random.default_rng(0)
y = (rng.random(1_000_000) < 0.1).astype(np.int64)
s = np.round(rng.normal(size=y.size) + y, 3)
p = (s > 0.8).astype(np.int64)
yc = rng.integers(0, 10, 1_000_000)
pc = np.where(rng.random(yc.size) < 0.6, yc, rng.integers(0, 10, yc.size))
y4, s4 = y[:10_000], s[:10_000]
qa = rng.random(1000)
qb = np.clip(qa + rng.normal(0.01, 0.05, 1000), 0, 1)
rels = rng.integers(0, 4, size=(10_000, 20))
"""

WORKER = """
import json, sys, timeit
sys.path[:0] = [sys.argv[1], sys.argv[2]]
cases = json.loads(sys.argv[3])
out = {}
for name, setup, statement in cases:
    namespace = {}
    exec(setup, namespace)
    exec(statement, namespace)  # warm-up (imports, caches)
    timer = timeit.Timer(statement, globals=namespace)
    number = max(1, int(0.2 / max(timer.timeit(1), 1e-6)))
    out[name] = min(timer.repeat(repeat=3, number=number)) / number
print(json.dumps(out))
"""


def run(package_root: Path, data_dir: Path) -> dict[str, float]:
    result = subprocess.run(
        [sys.executable, "-c", WORKER, str(package_root), str(data_dir), json.dumps(CASES)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(result.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="HEAD", help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=2, help="old/new alternations")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        old_root = Path(tmp) / "old"
        old_root.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.ref, "evalmetrics"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(old_root)], input=archive, check=True)
        data_dir = Path(tmp) / "data"
        data_dir.mkdir()
        (data_dir / "_data.py").write_text(DATA)
        best: dict[str, dict[str, float]] = {"old": {}, "new": {}}
        for _ in range(args.rounds):
            for version, root in (("old", old_root), ("new", ROOT)):
                for name, seconds in run(root, data_dir).items():
                    best[version][name] = min(best[version].get(name, seconds), seconds)
    ref = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", args.ref],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    width = max(len(name) for name, _, _ in CASES)
    print(f"evalmetrics: working tree (new) against {ref} (old), best of {args.rounds} rounds")
    print(f"{'call':<{width}}  {'old ms':>9}  {'new ms':>9}  {'new/old':>7}")
    for name, _, _ in CASES:
        old, new = best["old"][name], best["new"][name]
        print(f"{name:<{width}}  {old * 1e3:9.3f}  {new * 1e3:9.3f}  {new / old:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
