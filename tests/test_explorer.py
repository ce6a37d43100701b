"""evalmetrics.explorer: the framework's HTML, CSS and JavaScript are package data files.

The static page of an explorer is assembled from the files in ``evalmetrics/_assets/``: they
must be in the package (and in a wheel: pyproject's package-data names them), and the static
HTML must carry the frames, the readouts and the script read from them. Agg backend.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import fnmatch
import html.parser
import importlib.resources
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from string import Template

import pytest
from matplotlib.figure import Figure

from evalmetrics import explorer as framework
from evalmetrics import widgets
from evalmetrics.explorer import ASSETS, Explorer, Parameter

ROOT = Path(__file__).resolve().parents[1]
ASSET_DIR = ROOT / "evalmetrics" / "_assets"


def package_data_patterns() -> list[str]:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return pyproject["tool"]["setuptools"]["package-data"]["evalmetrics"]


def asset_text(name: str) -> str:
    return (importlib.resources.files("evalmetrics") / "_assets" / name).read_text("utf-8")


def small_explorer(name: str = "line explorer") -> tuple[Explorer, object]:
    figure = Figure(figsize=(2, 2), dpi=40)
    ax = figure.add_subplot()
    (line,) = ax.plot([0, 1], [0, 0], color="#CC79A7")

    def update(slope):
        line.set_ydata([0, slope])
        return {"slope": slope, "half": slope / 2}

    parameters = [Parameter("slope", [0.0, 0.5, 1.0], label="slope <s>")]
    return Explorer(figure, parameters, update, name=name, description="A line."), line


class Tree(html.parser.HTMLParser):
    """Start tags (with attributes) in document order, and the text inside each <script>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[tuple[dict, str]] = []
        self.styles: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag in ("script", "style"):
            self._in = tag
            if tag == "script":
                self.scripts.append((dict(attrs), ""))
            else:
                self.styles.append("")

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = None

    def handle_data(self, data):
        if self._in == "script":
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)
        elif self._in == "style":
            self.styles[-1] += data


# ------------------------------------------------------------------ the files


def test_every_asset_is_a_file_in_the_package():
    package = importlib.resources.files("evalmetrics")
    for name in ASSETS:
        resource = package / "_assets" / name
        assert resource.is_file(), name
        assert resource.read_text("utf-8").strip(), f"{name} is empty"
    on_disk = sorted(path.name for path in ASSET_DIR.iterdir() if path.is_file())
    assert on_disk == sorted(ASSETS), "a file in _assets/ that ASSETS does not list, or back"


def test_pyproject_package_data_names_every_asset():
    patterns = package_data_patterns()
    for name in ASSETS:
        assert any(fnmatch.fnmatch(f"_assets/{name}", pattern) for pattern in patterns), (
            f"_assets/{name} matches no [tool.setuptools.package-data] pattern: {patterns}"
        )


def test_html_and_javascript_are_not_python_strings():
    """The framework's source holds no page markup or script: they live in the files."""
    source = (ROOT / "evalmetrics" / "explorer.py").read_text()
    for needle in ("addEventListener", "querySelector", "<style>", "<img ", "<span", "<div"):
        assert needle not in source, needle
    widgets_source = (ROOT / "evalmetrics" / "widgets.py").read_text()
    assert "addEventListener" not in widgets_source and "<script" not in widgets_source


@pytest.mark.slow
def test_a_built_wheel_carries_the_assets(tmp_path):
    """Build a wheel from a copy of the project (the clone stays clean) and look inside."""
    pytest.importorskip("setuptools")
    source = tmp_path / "project"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "evalmetrics", source / "evalmetrics", ignore=shutil.ignore_patterns("__pycache__")
    )
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q"]
        + ["-w", str(tmp_path / "dist"), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    (wheel,) = (tmp_path / "dist").glob("evalmetrics-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in ASSETS:
        assert f"evalmetrics/_assets/{name}" in names, name
    assert "evalmetrics/explorer.py" in names and "evalmetrics/widgets.py" in names


# ------------------------------------------------------------------ the static page


def test_static_html_carries_the_frames_readouts_and_the_script():
    explorer, _ = small_explorer()
    explorer.set(slope=1.0)
    text = explorer.static_html(frames=True)
    assert "${" not in text and "$uid" not in text  # every placeholder filled
    uid = re.fullmatch(r'<div class="em-explorer" id="([^"]+)".*</div>', text, re.S).group(1)
    tree = Tree()
    tree.feed(text)
    tags = [tag for tag, _ in tree.tags]
    assert tags == [
        *["div", "style", "div", "label", "input", "output"],
        *["img", "div", "span", "b", "span", "b", "script", "script"],
    ]
    root = tree.tags[0][1]
    assert root["data-explorer"] == "line explorer" and root["data-frames"] == "3"
    # the slider: three positions, at the current value, its label escaped
    slider = tree.tags[4][1]
    assert (slider["type"], slider["min"], slider["max"], slider["value"]) == (
        "range",
        "0",
        "2",
        "2",
    )
    assert slider["id"] == f"{uid}-slope" and tree.tags[3][1]["for"] == slider["id"]
    assert "slope &lt;s&gt;</label>" in text
    # the frames and readouts, one per slider value, in the JSON payload
    (data_attrs, data_text), (script_attrs, script_text) = tree.scripts
    assert tree.tags[-1] == ("script", {})
    assert data_attrs == {"type": "application/json", "class": "em-data"}
    payload = json.loads(data_text)
    assert len(payload["frames"]) == 3 == len(set(payload["frames"]))
    assert all(frame.startswith("data:image/png;base64,") for frame in payload["frames"])
    assert payload["labels"] == [["0", "0.5", "1"]] and payload["strides"] == [1]
    assert 'data-metric="half" data-value="0.25"' in payload["readouts"][1]
    assert tree.tags[6][1]["src"] == payload["frames"][2]  # the current frame is shown
    assert tree.tags[6][1]["alt"] == "A line."
    # the script and the style are the package's files, for this explorer's id
    assert script_attrs == {}
    assert script_text == Template(asset_text("explorer.js")).substitute(uid=uid).strip("\n")
    assert tree.styles == [Template(asset_text("explorer.css")).substitute(uid=uid).strip("\n")]
    assert f'document.getElementById("{uid}")' in script_text


def test_static_html_follows_the_asset_files(monkeypatch):
    """Changing a file changes the page: the text really comes from the package data."""
    original = framework._template.__wrapped__

    def patched(asset):
        template = original(asset)
        if asset == "explorer.js":
            return Template(template.template + "\n/* patched ${uid} */")
        return template

    framework._template.cache_clear()
    monkeypatch.setattr(framework, "_template", patched)
    explorer, _ = small_explorer()
    text = explorer.static_html(frames=True)
    uid = re.search(r'id="([^"]+)"', text).group(1)
    assert f"/* patched {uid} */</script></div>" in text


def test_without_frames_the_note_comes_from_its_file(monkeypatch):
    monkeypatch.delenv(framework.STATIC_FRAMES_VARIABLE, raising=False)
    explorer, _ = small_explorer("line <explorer>")
    text = explorer.static_html()
    expected = Template(asset_text("explorer_note.html")).substitute(name="line &lt;explorer&gt;")
    assert text == "".join(line.strip() for line in expected.splitlines())
    assert "data:image" not in text and "<script" not in text


def test_unique_ids_for_several_explorers_on_one_page():
    first, _ = small_explorer()
    second, _ = small_explorer()
    ids = {
        re.search(r'id="([^"]+)"', explorer.static_html(frames=True)).group(1)
        for explorer in (first, second, first)
    }
    assert len(ids) == 3


# ------------------------------------------------------------------ the split


def test_widgets_lists_only_the_books_explorers():
    """The framework's names live in evalmetrics.explorer; widgets' public surface is the
    explorers of the book."""
    framework_names = {"Explorer", "Parameter", "MAX_FRAMES", "STATIC_FRAMES_VARIABLE"}
    assert not framework_names & set(widgets.__all__)
    assert "static_frames_enabled" not in widgets.__all__
    assert {"threshold_explorer", "ranking_explorer", "cost_explorer"} <= set(widgets.__all__)
    assert issubclass(widgets.RankingExplorer, framework.Explorer)
    # the framework knows no metric and no plot of the book
    source = (ROOT / "evalmetrics" / "explorer.py").read_text()
    assert "evalmetrics.plots" not in source and "ranking" not in source


def test_parameter_options_are_keyword_only():
    import inspect

    parameters = inspect.signature(Parameter).parameters.values()
    assert [p.name for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD] == ["name", "values"]
    assert {p.name for p in parameters if p.kind is p.KEYWORD_ONLY} == {
        "initial",
        "label",
        "format",
    }
    with pytest.raises(TypeError, match="positional"):
        Parameter("k", [1, 2, 3], 2)
    assert Parameter("k", [1, 2, 3], initial=3, label="K").label == "K"
