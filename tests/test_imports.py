"""The core imports numpy only; the public surface is importable."""

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import evalmetrics as em

ROOT = Path(__file__).resolve().parents[1]

PUBLIC = [
    "Counts",
    "counts",
    "confusion_matrix",
    "accuracy",
    "precision",
    "recall",
    "specificity",
    "f1",
    "fbeta",
    "e_measure",
    "roc_curve",
    "roc_auc",
    "pr_curve",
    "average_precision",
    "counts_at",
    "sweep",
    "Sweep",
    "UndefinedMetricWarning",
    "ranking",
]


def _run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_import_evalmetrics_loads_neither_matplotlib_nor_ipywidgets():
    result = _run(
        """
        import sys
        import evalmetrics
        from evalmetrics import ranking
        loaded = sorted(m for m in ("matplotlib", "ipywidgets") if m in sys.modules)
        print(",".join(loaded))
        assert not loaded, loaded
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def test_public_surface_is_exported():
    missing = [name for name in PUBLIC if not hasattr(em, name)]
    assert not missing
    assert set(PUBLIC) <= set(em.__all__)
    for name in em.__all__:
        assert hasattr(em, name), name


def test_version_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert em.__version__ == project["version"]
