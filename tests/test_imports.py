"""The core imports numpy only; the public surface is importable."""

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import numpy as np

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


# --- one home for each helper ----------------------------------------------------------------


def _private_uses(path: Path) -> list[str]:
    """Underscored names that a package module takes from another of its modules."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            for alias in node.names:
                if alias.name.startswith("_") and alias.name != "__all__":
                    found.append(f"{path.name}:{node.lineno} imports {alias.name}")
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            owner = node.value
            if (
                isinstance(owner, ast.Name)
                and owner.id in PACKAGE_MODULES
                and not node.attr.startswith("__")
            ):
                found.append(f"{path.name}:{node.lineno} uses {owner.id}.{node.attr}")
    return found


PACKAGE_MODULES = {p.stem for p in (ROOT / "evalmetrics").rglob("*.py") if p.stem != "__init__"} | {
    "stats",
    "evalmetrics",
    "em",
}


def test_no_module_takes_a_private_name_from_another():
    """Shared helpers live in one ground-floor module under public names (evalmetrics._core,
    _validation, _undefined, stats._common); no module imports another's underscored name."""
    found = [
        use for path in sorted((ROOT / "evalmetrics").rglob("*.py")) for use in _private_uses(path)
    ]
    assert found == [], "\n".join(found)


def test_the_private_name_scan_finds_one(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text(
        "from .curves import _curve_inputs\nfrom . import curves\nx = curves._twice_u\n",
        encoding="utf-8",
    )
    assert _private_uses(planted) == [
        "planted.py:1 imports _curve_inputs",
        "planted.py:3 uses curves._twice_u",
    ]


def test_one_placement_routine():
    """roc_auc, the intervals' AUC and DeLong's placements all count in evalmetrics._core;
    the DeLong and interval modules call no searchsorted of their own."""
    import inspect

    from evalmetrics import _core
    from evalmetrics.stats import _delong, _intervals

    for module in (_intervals,):
        assert "searchsorted" not in inspect.getsource(module)
    delong_code = inspect.getsource(_delong).split('"""', 2)[2]  # after the module docstring
    assert "searchsorted" not in delong_code
    assert "twice_placements" in inspect.getsource(_core.placements)
    assert "twice_u" in inspect.getsource(_intervals._auc_from_placements)
    assert em.roc_auc([1, 0, 1, 0], [0.9, 0.5, 0.5, 0.1]) == 0.875
    assert _core.twice_u(np.array([True, False, True, False]), np.array([0.9, 0.5, 0.5, 0.1])) == (
        7,
        2,
        2,
    )
