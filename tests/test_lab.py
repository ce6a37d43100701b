"""Open chapters in JupyterLab in headless Chromium, Run All, and use them as a reader would.

Self-study in Jupyter is one of the book's uses, so it is tested in Jupyter itself.
The Lab copy of the chapters is written into a temporary folder (``tools/make_lab.py --out``;
a plain copy of ``chapters/`` if that tool is missing), the venv's ``jupyter lab`` is started on
it (127.0.0.1, a free port, no token, ``--allow-root``, settings and workspaces in the
temporary folder, the same ``IPYTHONDIR`` as ``make``), and each chapter is opened in Debian's
Chromium through Playwright (no ``playwright install``). The chapter is run with Lab's own
"Run All Cells" command, and the test waits until the kernel is idle and every code cell has an
execution count. Then, in this order (``-x`` stops at the first failing one):

- ``test_run_all_without_errors``: every code cell ran; no cell has an error output or a
  traceback in its stderr; the kernel sent no ``error`` message at all (a widget callback's
  exception goes only to Lab's log console, so it is caught on the kernel's websocket);
- ``test_explorers_redraw``: every explorer (an ipywidgets box with a slider and an image) shows
  a new figure and a new readout when its slider is moved with the keyboard;
- ``test_ranking_explorer_survives_grade_clicks`` (chapters with a ranking explorer, at least
  chapter 15): the grade buttons are clicked in rounds (every button once per round) until
  every button has shown all its grades and the list is back to the given one, with a slider
  move after every click; each click must relabel its button and redraw the figure, each move
  must redraw the figure, and the kernel must send no error;
- ``test_prose_rendered``: the rendered Markdown shows no raw MyST (roles, label targets,
  directive fences or options) and none of jupyterlab-myst's marks of what it could not resolve
  (a citation it cannot find, a glue key shown instead of its value, an unknown role or
  directive); cells the book removes or whose input it hides are collapsed in Lab.

Screenshots go to ``_build/screenshots/lab/``: each chapter after Run All (the whole notebook,
by enlarging the window to its height) and each explorer before and after a move.

Chapters: the Chinese copy of 04 and the English 15 by default (LAB_CHAPTERS in the
Makefile); ``LAB_TEST_CHAPTERS="01_why_metrics zh/10_retrieval_pr"`` (stems; ``zh/`` the
Chinese copy, ``make lab LANG=zh``'s) or ``LAB_TEST_CHAPTERS=all`` chooses others. A Chinese
copy must render Chinese prose and Chinese explorers (``test_the_copy_is_in_its_language``).
``LAB_TEST_RAW_COPY=1`` opens a plain copy of the chapters instead of make_lab.py's (to test
the harness, or the source notebooks themselves).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from support import chromium_browser

pytestmark = [pytest.mark.browser, pytest.mark.lab]

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "_build" / "screenshots" / "lab"
MAKE_LAB = ROOT / "tools" / "make_lab.py"
VENV_BIN = Path(sys.executable).parent

# Generous: on the project's 2-core machine Run All of chapter 4 takes 60-90 s, and the first
# import of ranx JIT-compiles for about 40 s.
SERVER_START_TIMEOUT = 90
NOTEBOOK_OPEN_TIMEOUT = 120
RUN_ALL_TIMEOUT = 600
WIDGET_TIMEOUT = 30  # one redraw after a slider move or a click (ms in practice)
VIEWPORT = {"width": 1400, "height": 1000}
MAX_SHOT_HEIGHT = 30_000  # pixels; a taller notebook is cut at this height


def chosen_chapters() -> list[str]:
    names = os.environ.get("LAB_TEST_CHAPTERS", "").split()
    if names == ["all"]:
        return sorted(path.stem for path in (ROOT / "chapters").glob("*.ipynb"))
    return names or ["zh/04_third_level", "15_dcg_ndcg"]


HAN = re.compile(r"[\u4e00-\u9fff]")


# --- what must not show in rendered Markdown ----------------------------------------------
RAW_MYST = [
    (re.compile(r"\{glue(?::\w+)?\}`"), "a glue role"),
    (re.compile(r"\{cite(?::\w+)?\}`"), "a cite role"),
    (re.compile(r"\{(?:ref|numref|eq|doc|term|download|abbr|math|sub|sup|eval)\}`"), "a role"),
    (re.compile(r"\{[a-z][\w:-]*\}`"), "a role"),
    (re.compile(r"^\s*\([\w:.-]+\)=\s*$", re.M), "a label target"),
    (re.compile(r"^\s*:(?:label|class|name|nonumber|hidden|tags|width|align):", re.M), "an option"),
    (re.compile(r":class:\s*dropdown"), "a dropdown option"),
    (re.compile(r"(?:```|:::)\s*\{[\w:-]+\}"), "a directive fence"),
    (re.compile(r"\{solution-(?:start|end)\}|\{exercise\}|\{solution\}"), "a directive name"),
    (re.compile(r"\$\$|\\\(|\\\["), "unrendered math"),
]
# A glue key shown where its value belongs (jupyterlab-myst renders an unknown {glue:text}
# role as its bare content, "ch04_mean_ab:.2f").
GLUE_KEY = re.compile(r"\bch\d\d_[a-z0-9_]+(?::[.,\d]*[a-z%]?)?")
# What jupyterlab-myst logs to the browser console about what it could not resolve.
MYST_CONSOLE = re.compile(
    r"not found|unknown (?:role|directive)|no (?:role|directive)|could not|unresolved", re.I
)

# --- JavaScript run in the page --------------------------------------------------------------
# The notebook panel of a path, found through the app object that
# --LabApp.expose_app_in_browser=True puts on window.jupyterapp.
JS_PANEL = """(path) => {
  const app = window.jupyterapp;
  if (!app) return null;
  for (const w of app.shell.widgets('main')) {
    if (w.context && w.context.path === path) return w;
  }
  return null;
}"""

JS_OPENED = f"""(args) => {{
  const panel = ({JS_PANEL})(args.path);
  if (!panel || !panel.context.isReady) return false;
  const mdCells = panel.content.widgets.filter(c => c.model.type === 'markdown');
  if (mdCells.length !== args.markdown) return false;
  return mdCells.every(c => c.node.querySelector('.myst, .jp-RenderedMarkdown'));
}}"""

JS_RUN_ALL = f"""async (path) => {{
  const app = window.jupyterapp;
  const panel = ({JS_PANEL})(path);
  await panel.sessionContext.ready;
  app.shell.activateById(panel.id);
  app.shell.collapseLeft();  // the notebook gets the width (and the screenshots)
  panel.content.activeCellIndex = 0;
  await app.commands.execute('notebook:run-all-cells');
  return true;
}}"""

JS_STATE = f"""(path) => {{
  const panel = ({JS_PANEL})(path);
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = panel.content.widgets;
  let code = 0, executed = 0;
  const missing = [], errors = [];
  cells.forEach((cell, index) => {{
    if (cell.model.type !== 'code') return;
    code += 1;
    if (cell.model.executionCount !== null && cell.model.executionCount !== undefined) {{
      executed += 1;
    }} else {{
      missing.push(index);
    }}
    const outputs = cell.model.outputs;
    for (let i = 0; i < outputs.length; i++) {{
      const out = outputs.get(i).toJSON();
      if (out.output_type === 'error') {{
        errors.push(`cell ${{index}}: ${{out.ename}}: ${{String(out.evalue).slice(0, 300)}}`);
      }} else if (out.output_type === 'stream' && out.name === 'stderr') {{
        const text = Array.isArray(out.text) ? out.text.join('') : String(out.text);
        if (text.includes('Traceback')) {{
          errors.push(`cell ${{index}} stderr: ${{text.slice(0, 300)}}`);
        }}
      }}
    }}
  }});
  const busyPrompts = Array.from(panel.node.querySelectorAll('.jp-InputPrompt'))
    .filter(p => p.textContent.includes('*')).length;
  return {{status: kernel ? kernel.status : 'none', code, executed, missing, errors, busyPrompts}};
}}"""

# Error outputs as Lab shows them (checked besides the model, as a reader would see them).
JS_DOM_ERRORS = f"""(path) => {{
  const panel = ({JS_PANEL})(path);
  const found = [];
  panel.node.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
    .forEach(el => {{
      if (el.textContent.includes('Traceback')) found.push(el.textContent.slice(0, 300));
    }});
  panel.node.querySelectorAll('.jp-OutputArea-output.jp-RenderedText').forEach(el => {{
    const text = el.textContent;
    if (/Traceback \\(most recent call last\\)|^\\w*(Error|Exception)\\b.*Traceback/.test(text))
      found.push(text.slice(0, 300));
  }});
  return found;
}}"""

JS_MARKDOWN = f"""(path) => {{
  const panel = ({JS_PANEL})(path);
  return panel.content.widgets.map((cell, index) => {{
    if (cell.model.type !== 'markdown') return null;
    const rendered = cell.node.querySelector('.myst, .jp-RenderedMarkdown');
    if (!rendered) return {{index, text: null, marks: [], codeText: ''}};
    const marks = [];
    rendered.querySelectorAll('[title]').forEach(el => {{
      const title = el.getAttribute('title') || '';
      if (/not found|unknown|error|could not|unresolved/i.test(title))
        marks.push(`${{title}}: ${{el.textContent.trim().slice(0, 80)}}`);
    }});
    rendered.querySelectorAll('[class*="text-red"], .myst-error, .error')
      .forEach(el => marks.push(`flagged: ${{el.textContent.trim().slice(0, 80)}}`));
    const codeText = Array.from(rendered.querySelectorAll('code, pre'))
      .map(el => el.textContent).join('\\n');
    const copy = rendered.cloneNode(true);  // the text a reader sees: no TeX annotations
    copy.querySelectorAll('.katex-mathml, annotation, script, style').forEach(el => el.remove());
    return {{index, text: copy.textContent, marks, codeText}};
  }}).filter(x => x !== null);
}}"""

JS_COLLAPSED = f"""(path) => {{
  const panel = ({JS_PANEL})(path);
  return panel.content.widgets.map((cell, index) => ({{
    index,
    id: cell.model.id,
    type: cell.model.type,
    tags: cell.model.getMetadata('tags') || [],
    inputHidden: cell.inputHidden,
    outputHidden: cell.model.type === 'code' ? cell.outputHidden : null,
    outputs: cell.model.type === 'code' ? cell.model.outputs.length : 0,
    folded: !!(cell.model.getMetadata('jupyter') || {{}}).outputs_hidden,
    // what a reader sees of the outputs: their visible text, or a picture
    shown: (() => {{
      const area = cell.node.querySelector('.jp-Cell-outputWrapper .jp-OutputArea');
      if (!area || area.offsetParent === null) return '';
      const pictures = area.querySelectorAll(
        '.jp-OutputArea-output img, .jp-OutputArea-output canvas').length;
      return area.innerText.trim().slice(0, 120) || (pictures ? `${{pictures}} picture(s)` : '');
    }})(),
  }}));
}}"""

# An explorer in Lab is an ipywidgets box holding a slider and an image; the outermost such box
# per output is the explorer.
JS_MARK_EXPLORERS = f"""(path) => {{
  const panel = ({JS_PANEL})(path);
  const boxes = Array.from(panel.node.querySelectorAll('.jp-OutputArea-output .widget-box'))
    .filter(box => box.querySelector('img') && box.querySelector('.widget-slider, .noUi-handle'))
    .filter(box => !box.parentElement.closest('.widget-box'));
  boxes.forEach((box, i) => box.setAttribute('data-lab-test-explorer', String(i + 1)));
  return boxes.length;
}}"""


# --- the Lab server ------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def write_lab_copy(out: Path, chapters: list[str]) -> str:
    """The Lab copy of the chosen chapters in ``out`` (a ``zh/`` one, the Chinese copy, in
    ``out/zh``); says how it was made."""
    sources = [ROOT / "chapters" / f"{name.removeprefix('zh/')}.ipynb" for name in chapters]
    missing = [str(path) for path in sources if not path.exists()]
    assert not missing, f"no such chapters: {missing}"
    if MAKE_LAB.exists() and not os.environ.get("LAB_TEST_RAW_COPY"):
        for language, folder in (("", out), ("zh_CN", out / "zh")):
            chosen = [
                source
                for name, source in zip(chapters, sources, strict=True)
                if name.startswith("zh/") == bool(language)
            ]
            if not chosen:
                continue
            result = subprocess.run(
                [sys.executable, str(MAKE_LAB), "--out", str(folder), *map(str, chosen)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=1200,
                env=dict(os.environ, EVALMETRICS_LANGUAGE=language),
            )
            assert result.returncode == 0, f"make_lab.py failed:\n{result.stdout}\n{result.stderr}"
        return "tools/make_lab.py"
    assert not any(name.startswith("zh/") for name in chapters), "a Chinese copy needs make_lab"
    (out / "chapters").mkdir(parents=True)
    for path in sources:
        shutil.copy2(path, out / "chapters" / path.name)
    return "a raw copy of the chapters (no tools/make_lab.py, or LAB_TEST_RAW_COPY set)"


def lab_settings(folder: Path) -> None:
    """User settings for the test's Lab: every cell attached (no windowing), no news/updates."""
    overrides = {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
    }
    for name, value in overrides.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")


@dataclass
class LabServer:
    url: str
    root: Path
    copy_made_by: str
    log: Path


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory):
    base = tmp_path_factory.mktemp("lab")
    root = base / "copy"
    root.mkdir()
    made_by = write_lab_copy(root, chosen_chapters())
    with running_lab(base, root, made_by) as server:
        yield server


@contextlib.contextmanager
def running_lab(base: Path, root: Path, made_by: str):
    """JupyterLab serving ``root`` (settings, workspaces and the log in ``base``), as
    ``make lab`` runs it; stopped, kernels included, when the block ends."""
    jupyter = VENV_BIN / "jupyter"
    if not jupyter.exists() or shutil.which("jupyter-lab", path=str(VENV_BIN)) is None:
        pytest.fail(
            f"JupyterLab is not installed in {VENV_BIN.parent}: pip install -r requirements-lab.txt"
        )
    try:
        import jupyterlab_myst  # noqa: F401
    except ImportError:
        pytest.fail("jupyterlab-myst is not installed: pip install -r requirements-lab.txt")

    settings = base / "settings"
    lab_settings(settings)
    port = free_port()
    env = dict(os.environ)
    env.pop("EVALMETRICS_STATIC_FRAMES", None)  # the live explorers, not the book's frames
    env["EVALMETRICS_LAB"] = "1"  # as `make lab` runs it: glue keeps values, emits nothing
    env.update(
        IPYTHONDIR=str(ROOT / "tools" / "ipython"),
        PYDEVD_DISABLE_FILE_VALIDATION="1",
        JUPYTER_CONFIG_DIR=str(base / "config"),  # no user configuration leaks in
        JUPYTER_DATA_DIR=str(base / "data"),
        JUPYTER_RUNTIME_DIR=str(base / "runtime"),
    )
    command = [
        str(jupyter),
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--port-retries=0",
        "--ServerApp.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={base / 'workspaces'}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    log = base / "lab.log"
    with open(log, "wb") as log_file:
        process = subprocess.Popen(
            command,
            cwd=root,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: the kernels stop with it
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if process.poll() is not None:
                pytest.fail(
                    f"jupyter lab exited ({process.returncode}):\n{log.read_text()[-3000:]}"
                )
            try:
                with urllib.request.urlopen(f"{url}/api/status", timeout=5) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(
                    f"jupyter lab did not answer in {SERVER_START_TIMEOUT} s:\n"
                    f"{log.read_text()[-3000:]}"
                )
            time.sleep(0.5)
        yield LabServer(url=url, root=root, copy_made_by=made_by, log=log)
    finally:
        stop_process_group(process)


def stop_process_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(process.pid, signal.SIGKILL)  # kernels left in the group
    except ProcessLookupError:
        pass
    process.wait(timeout=15)


# --- the browser ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def browser():
    with chromium_browser("Lab test") as instance:
        yield instance


class KernelWatch:
    """Error and stderr messages on the page's kernel websockets.

    An exception in a widget callback (a button's on_click) reaches Lab only as an iopub
    ``error`` message shown in the log console, never in the notebook: it is caught here.
    Frames are JSON (protocol v0) or the binary v1 protocol whose parts are JSON too.
    """

    MSG_ERROR = re.compile(rb'"msg_type"\s*:\s*"error"')
    ENAME = re.compile(rb'"ename"\s*:\s*"((?:[^"\\]|\\.)*)"')
    EVALUE = re.compile(rb'"evalue"\s*:\s*"((?:[^"\\]|\\.)*)"')

    def __init__(self, page):
        self.errors: list[str] = []
        self.frames = 0
        page.on("websocket", self._on_websocket)

    def _on_websocket(self, websocket):
        if "/api/kernels/" in websocket.url:
            websocket.on("framereceived", self._on_frame)

    def _on_frame(self, payload):
        data = payload if isinstance(payload, bytes) else payload.encode("utf-8", "replace")
        self.frames += 1
        if not self.MSG_ERROR.search(data):
            return
        ename = self.ENAME.search(data)
        evalue = self.EVALUE.search(data)
        text = b": ".join(m.group(1) for m in (ename, evalue) if m)
        self.errors.append(text.decode("utf-8", "replace")[:400] or "error message")

    def since(self, mark: int) -> list[str]:
        return self.errors[mark:]


@dataclass
class ChapterRun:
    stem: str  # "zh__04_third_level" for the Chinese copy
    path: str  # relative to the Lab root
    page: object
    kernel: KernelWatch
    run_seconds: float
    state: dict
    notebook: dict
    collapsed_on_open: list[dict]
    console: list[str] = field(default_factory=list)


def shot(name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"{name}.png"


def full_notebook_screenshot(page, path: str, target: Path) -> None:
    """The whole notebook in one picture: the window is enlarged to the notebook's height."""
    height = page.evaluate(
        f"""(path) => {{
          const panel = ({JS_PANEL})(path);
          const scroller = panel.content.node.querySelector('.jp-WindowedPanel-outer')
            || panel.content.node;
          scroller.scrollTop = 0;
          return scroller.scrollHeight + (window.innerHeight - scroller.clientHeight);
        }}""",
        path,
    )
    page.set_viewport_size({"width": VIEWPORT["width"], "height": min(height, MAX_SHOT_HEIGHT)})
    try:
        page.wait_for_timeout(1500)  # layout and images settle
        page.screenshot(path=str(target))
    finally:
        page.set_viewport_size(VIEWPORT)
        page.wait_for_timeout(500)


def wait_until_run(page, path: str, timeout: float) -> dict:
    """Poll until the kernel is idle and every code cell ran, or the run stalls (an error)."""
    deadline = time.monotonic() + timeout
    started = False
    last, stable_since = None, time.monotonic()
    while True:
        state = page.evaluate(JS_STATE, path)
        key = (state["status"], state["executed"], state["busyPrompts"], len(state["errors"]))
        if key != last:
            last, stable_since = key, time.monotonic()
        if state["executed"] > 0 or state["status"] == "busy":
            started = True
        idle = state["status"] == "idle" and state["busyPrompts"] == 0
        if started and idle and state["executed"] == state["code"]:
            return state
        # stopped early (Lab clears the queue after an error): idle and unchanged for 5 s
        if started and idle and time.monotonic() - stable_since > 5:
            return state
        if time.monotonic() > deadline:
            state["timed_out"] = True
            return state
        time.sleep(0.5)


@pytest.fixture(scope="module", params=chosen_chapters())
def chapter(request, browser, lab_server):
    name = request.param
    folder, _, base = name.rpartition("/")
    path = f"{folder + '/' if folder else ''}chapters/{base}.ipynb"
    stem = name.replace("/", "__")
    notebook = json.loads((lab_server.root / path).read_text(encoding="utf-8"))
    markdown = sum(cell["cell_type"] == "markdown" for cell in notebook["cells"])
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(WIDGET_TIMEOUT * 1000)
    kernel = KernelWatch(page)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: console.append(f"pageerror: {exc}"))
    try:
        # a workspace per chapter, so no layout carries over from the previous one
        page.goto(f"{lab_server.url}/lab/workspaces/{stem}/tree/{path}", wait_until="load")
        page.wait_for_function(
            JS_OPENED,
            arg={"path": path, "markdown": markdown},
            timeout=NOTEBOOK_OPEN_TIMEOUT * 1000,
        )
        page.screenshot(path=str(shot(f"{stem}__opened")))
        collapsed_on_open = page.evaluate(JS_COLLAPSED, path)
        start = time.monotonic()
        page.evaluate(JS_RUN_ALL, path)
        state = wait_until_run(page, path, RUN_ALL_TIMEOUT)
        seconds = time.monotonic() - start
        full_notebook_screenshot(page, path, shot(f"{stem}__after_run_all"))
        print(f"\n{stem}: Run All took {seconds:.0f} s ({lab_server.copy_made_by})")
        yield ChapterRun(
            stem, path, page, kernel, seconds, state, notebook, collapsed_on_open, console
        )
    finally:
        context.close()


# --- explorers -----------------------------------------------------------------------------
def explorer_state(explorer) -> dict:
    return explorer.evaluate(
        """box => ({
            img: (box.querySelector('img') || {}).src || '',
            readout: Array.from(box.querySelectorAll('.widget-html, .widget-htmlmath'))
                .map(el => el.textContent).join(' | '),
            value: Array.from(box.querySelectorAll('.widget-readout'))
                .map(el => el.textContent).join(' | '),
            buttons: Array.from(box.querySelectorAll('button.jupyter-button, .widget-button'))
                .map(el => el.textContent.trim()),
        })"""
    )


def wait_for_change(explorer, before: dict, keys: tuple[str, ...], timeout=WIDGET_TIMEOUT) -> dict:
    """The explorer's state once all ``keys`` differ from ``before`` (or after the timeout)."""
    deadline = time.monotonic() + timeout
    while True:
        now = explorer_state(explorer)
        if all(now[key] != before[key] for key in keys) or time.monotonic() > deadline:
            return now
        time.sleep(0.05)


def settle(explorer, before: dict, keys: tuple[str, ...], readout: bool = True) -> dict:
    """Wait for ``keys`` to change, then a little longer for the readout (its own message),
    unless ``readout`` is False: a check that does not read it need not wait 3 s where it
    rightly stays (a grade changed below the cut-off)."""
    now = wait_for_change(explorer, before, keys)
    if readout and now["readout"] == before["readout"]:
        now = wait_for_change(explorer, before, ("readout",), timeout=3)
    return now


WHERE = ("now", "min", "max")  # aria-valuenow, -valuemin, -valuemax of a slider's handle


class Slider:
    """An explorer's slider, moved with the keyboard; turns round at either end."""

    def __init__(self, explorer):
        self.handle = explorer.query_selector(
            ".noUi-handle, input[type=range], .widget-slider [tabindex]"
        )
        self.direction = "ArrowRight"

    def move(self, explorer, readout: bool = True) -> tuple[dict, dict, str]:
        before = explorer_state(explorer)
        # at an end (ipywidgets' slider says where its handle is): turn round before pressing
        now, low, high = (self.handle.get_attribute(f"aria-value{end}") for end in WHERE)
        if now is not None and now == (high if self.direction == "ArrowRight" else low):
            self.direction = "ArrowLeft" if self.direction == "ArrowRight" else "ArrowRight"
        self.handle.focus()
        self.handle.press(self.direction)
        after = wait_for_change(explorer, before, ("value",), timeout=3)
        if after["value"] == before["value"]:  # at an end all the same: turn round
            self.direction = "ArrowLeft" if self.direction == "ArrowRight" else "ArrowRight"
            self.handle.press(self.direction)
        after = settle(explorer, before, ("img", "value"), readout)
        return before, after, self.direction


def explorers(run: ChapterRun) -> list:
    count = run.page.evaluate(JS_MARK_EXPLORERS, run.path)
    return [run.page.query_selector(f"[data-lab-test-explorer='{i}']") for i in range(1, count + 1)]


def grade_buttons(box) -> list:
    return box.query_selector_all(".widget-button, button.jupyter-button")


def ranking_explorers(run: ChapterRun) -> list:
    return [box for box in explorers(run) if grade_buttons(box)]


def assert_ran(run: ChapterRun) -> None:
    if run.state.get("timed_out") or run.state["executed"] != run.state["code"]:
        pytest.fail(
            f"{run.stem}: Run All did not finish ({run.state}); errors: {run.kernel.errors}"
        )


# --- the tests -----------------------------------------------------------------------------
def test_run_all_without_errors(chapter):
    state, problems = chapter.state, []
    if state.get("timed_out"):
        problems.append(f"Run All did not finish in {RUN_ALL_TIMEOUT} s")
    if state["executed"] != state["code"]:
        problems.append(
            f"{state['code'] - state['executed']} of {state['code']} code cells did not run "
            f"(cell indices {state['missing'][:10]})"
        )
    problems += [f"error output: {error}" for error in state["errors"]]
    problems += [
        f"error shown: {text}" for text in chapter.page.evaluate(JS_DOM_ERRORS, chapter.path)
    ]
    problems += [f"kernel error message: {error}" for error in chapter.kernel.errors]
    assert not problems, f"{chapter.stem} (Run All {chapter.run_seconds:.0f} s):\n  " + "\n  ".join(
        problems
    )


def test_explorers_redraw(chapter):
    assert_ran(chapter)
    boxes = explorers(chapter)
    sources = "\n".join(
        "".join(c["source"]) for c in chapter.notebook["cells"] if c["cell_type"] == "code"
    )
    expected = len(
        re.findall(r"^\w+_explorer\(", sources, flags=re.M)
    )  # displayed as a cell's value
    if expected and not boxes:
        pytest.fail(
            f"{chapter.stem}: {expected} explorer(s) in the code, none shown as a live widget"
        )
    problems = []
    mark = len(chapter.kernel.errors)
    for number, box in enumerate(boxes, start=1):
        box.scroll_into_view_if_needed()
        name = f"{chapter.stem}__explorer{number}"
        box.screenshot(path=str(shot(f"{name}_before")))
        before, after, key = Slider(box).move(box)
        box.screenshot(path=str(shot(f"{name}_after")))
        for part, what in (("value", "slider value"), ("img", "figure"), ("readout", "readout")):
            if after[part] == before[part]:
                problems.append(f"explorer {number}: the {what} did not change on {key}")
        if box.evaluate(
            "b => { const i = b.querySelector('img'); return !i || i.naturalWidth === 0; }"
        ):
            problems.append(f"explorer {number}: its figure is not an image that loaded")
    problems += [f"kernel error: {error}" for error in chapter.kernel.since(mark)]
    assert not problems, f"{chapter.stem}:\n  " + "\n  ".join(problems)


def test_ranking_explorer_survives_grade_clicks(chapter):
    """Every grade button through all its grades, the slider moved between clicks."""
    boxes = ranking_explorers(chapter) if chapter.state["executed"] else []
    if chapter.stem.startswith("11_"):
        assert_ran(chapter)
        assert boxes, "chapter 15's ranking explorer (with grade buttons) is not shown"
    if not boxes:
        # nothing to click: the chapter must then have no ranking explorer in its code either
        sources = "\n".join(
            "".join(c["source"]) for c in chapter.notebook["cells"] if c["cell_type"] == "code"
        )
        assert not re.search(r"^ranking_explorer\(", sources, flags=re.M), (
            f"{chapter.stem}: a ranking explorer in the code, none with grade buttons shown"
        )
        return
    problems: list[str] = []
    start = len(chapter.kernel.errors)
    for number, box in enumerate(boxes, start=1):
        name = f"{chapter.stem}__ranking{number}"
        box.scroll_into_view_if_needed()
        box.screenshot(path=str(shot(f"{name}_before_clicks")))
        slider = Slider(box)
        buttons = grade_buttons(box)
        first = explorer_state(box)["buttons"]
        clicks, rounds = 0, 0
        # Rounds: each round clicks every button once, so the list drifts far from the given
        # one (rank 1 and then rank 5 broke the old explorer); a button's label cycles
        # 0 -> 1 -> ... -> top -> 0, so after (number of grades) rounds every grade of every
        # button has been shown and the list is the given one again.
        while not problems and rounds < 12:
            rounds += 1
            for index, button in enumerate(buttons):
                mark = len(chapter.kernel.errors)
                before = explorer_state(box)
                button.click()
                clicks += 1
                after = settle(box, before, ("img", "buttons"), readout=False)
                old, label = before["buttons"][index], after["buttons"][index]
                failed = []
                if label == old:
                    failed.append(f"the button kept its label {old!r}")
                if after["img"] == before["img"]:
                    failed.append("the figure did not change")
                moved_before, moved_after, key = slider.move(box, readout=False)
                if moved_after["img"] == moved_before["img"]:
                    failed.append(f"then {key} on the slider left the figure unchanged")
                failed += [f"kernel error: {error}" for error in chapter.kernel.since(mark)[:1]]
                if failed:
                    problems.append(
                        f"click {clicks} (round {rounds}, rank {index + 1}, grade {old}, "
                        f"grades before {before['buttons']}): " + "; ".join(failed)
                    )
                    break
            if explorer_state(box)["buttons"] == first:
                break
        else:
            if not problems:
                problems.append(f"{rounds} rounds of clicks never brought back the grades {first}")
        box.screenshot(path=str(shot(f"{name}_after_clicks")))
        text = box.evaluate("b => b.innerText")
        if "Error" in text or "Traceback" in text:
            problems.append(f"error text in the explorer: {text[:300]}")
        print(f"\n{chapter.stem}: ranking explorer {number}: {clicks} clicks in {rounds} rounds")
    if not problems:  # an error that came after the last click's check
        problems += [f"kernel error: {error}" for error in chapter.kernel.since(start)]
    assert not problems, f"{chapter.stem}:\n  " + "\n  ".join(problems)


def test_prose_rendered(chapter):
    """No raw MyST and nothing jupyterlab-myst could not resolve; hidden cells collapsed."""
    problems = []
    for cell in chapter.page.evaluate(JS_MARKDOWN, chapter.path):
        where = f"markdown cell {cell['index']}"
        if cell["text"] is None:
            problems.append(f"{where} is not rendered")
            continue
        prose = cell["text"]
        for pattern, what in RAW_MYST:
            for match in pattern.finditer(prose):
                start = max(0, match.start() - 40)
                problems.append(f"{where}: {what}: …{prose[start : match.end() + 40]!r}")
                break
        for key in GLUE_KEY.findall(prose):
            if key not in cell["codeText"]:
                problems.append(f"{where}: glue key shown instead of its value: {key!r}")
        problems += [f"{where}: {mark}" for mark in cell["marks"]]
    unresolved = sorted({text for text in chapter.console if MYST_CONSOLE.search(text)})
    problems += [f"jupyterlab-myst: {text[:200]}" for text in unresolved]
    # Hidden cells: collapsed when the chapter opens. Lab unhides a cell's outputs when it runs
    # it (CodeCell.execute sets outputHidden = false), so after Run All a removed cell or one
    # whose outputs the copy folds (a solution's) must have no output a reader can see.
    for cell in chapter.collapsed_on_open:
        tags, where = set(cell["tags"]), f"cell {cell['index']} (id {cell['id']})"
        if "remove-cell" in tags and not (cell["inputHidden"] and cell["outputHidden"]):
            problems.append(f"{where} (remove-cell) is not collapsed when the chapter opens")
        if tags & {"hide-input", "remove-input"} and not cell["inputHidden"]:
            problems.append(f"{where} ({', '.join(sorted(tags))}) shows its input when opened")
    folded_on_open = {cell["index"] for cell in chapter.collapsed_on_open if cell["outputHidden"]}
    for cell in chapter.page.evaluate(JS_COLLAPSED, chapter.path):
        tags, where = set(cell["tags"]), f"cell {cell['index']} (id {cell['id']})"
        cell["folded"] = cell["folded"] or cell["index"] in folded_on_open
        if "remove-cell" in tags and not cell["inputHidden"]:
            problems.append(f"{where} (remove-cell) shows its input after Run All")
        if ("remove-cell" in tags or cell["folded"]) and cell["shown"]:
            kind = "remove-cell" if "remove-cell" in tags else "outputs folded: a solution?"
            problems.append(f"{where} ({kind}) shows output after Run All: {cell['shown']!r}")
    if len(problems) > 40:
        problems = problems[:40] + [f"... and {len(problems) - 40} more"]
    assert not problems, f"{chapter.stem}:\n  " + "\n  ".join(problems)


def test_the_copy_is_in_its_language(chapter):
    """The Chinese copy (``make lab LANG=zh``) shows Chinese prose, and its kernel, told by the
    copy's first cell, draws Chinese explorers; an English copy shows English prose."""
    cells = chapter.page.evaluate(JS_MARKDOWN, chapter.path)
    prose = " ".join(cell["text"] or "" for cell in cells if cell)
    share = len(HAN.findall(prose)) / max(1, len(prose))
    if not chapter.stem.startswith("zh__"):
        assert share < 0.05, f"{chapter.stem}: {share:.0%} of the prose is Chinese"
        return
    assert share > 0.2, f"{chapter.stem}: only {share:.0%} of the prose is Chinese"
    boxes = explorers(chapter)
    assert boxes, f"{chapter.stem}: no explorer to check"
    english = [box.inner_text()[:80] for box in boxes if not HAN.search(box.inner_text())]
    assert not english, f"{chapter.stem}: explorers without Chinese: {english}"
