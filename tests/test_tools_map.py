"""tools/ is a map a newcomer can read: every script listed with its command, every script runs.

``tools/__init__.py`` lists each script (with who runs it) and each shared module; ``python -m
tools`` prints them. A file added to tools/ without a line in the map fails here, and so does a
listed script whose ``--help`` does not run as ``python -m tools.<name>``.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"
sys.path.insert(0, str(ROOT))

import tools  # noqa: E402


def test_every_file_of_tools_is_on_the_map():
    files = {p.stem for p in TOOLS.glob("*.py")} - {"__init__", "__main__"}
    assert files == set(tools.SCRIPTS) | set(tools.MODULES), (
        "tools/__init__.py's SCRIPTS and MODULES (and its table) must list every file of tools/"
    )
    table = tools.__doc__
    for name in tools.SCRIPTS:
        assert f"\n{name} " in table, f"tools/__init__.py's table has no row for {name}"
    for name in tools.MODULES:
        assert f"``{name}``" in table, f"tools/__init__.py does not describe {name}"


@pytest.mark.parametrize("name", tools.SCRIPTS)
def test_each_script_has_a_main_and_a_summary(name):
    tree = ast.parse((TOOLS / f"{name}.py").read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), f"tools/{name}.py has no docstring"
    functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert "main" in functions, f"tools/{name}.py has no main()"


def test_python_m_tools_prints_the_map():
    result = subprocess.run(
        [sys.executable, "-m", "tools"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    for name in tools.SCRIPTS + tools.MODULES:
        assert f"  {name} " in result.stdout


@pytest.mark.parametrize("name", tools.SCRIPTS)
def test_each_script_runs_as_a_module(name):
    result = subprocess.run(
        [sys.executable, "-m", f"tools.{name}", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "usage:" in result.stdout


def test_readme_layout_describes_tools_and_ext():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {
        line.split("|")[1].strip(): line for line in readme.splitlines() if line.startswith("| `")
    }
    assert "python -m tools" in rows["`tools/`"]
    assert "fresh_notebooks" in rows["`_ext/`"], "the Layout table must name the build's engine"
