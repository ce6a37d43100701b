"""A kernel forked by the zygote is the kernel myst-nb would start (``_ext/kernel_zygote.py``).

Each test runs the same cells in a kernel the zygote forks and in one jupyter-client starts the
ordinary way, and compares what they print; a check of the parent process makes sure the first
one was forked. The zygote preloads the book's list (``PRELOAD``), so a library added to it that
changes a kernel (as the package would, by registering its figure display at import) fails here.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "_ext"))

import kernel_zygote  # noqa: E402

# the build's setting (_ext/editions.py): figures shown once per language, through a display
# the package registers with the running IPython when it is imported
FIGURE_LANGUAGES = {"EVALMETRICS_FIGURE_LANGUAGES": "en,zh_CN"}

PROBE = """\
import os, signal, sys
print(sys.path[0] == os.getcwd(), sys.path[1:4])
print(os.getcwd(), os.path.basename(sys.argv[0]), __name__, sorted(vars().keys())[:3])
print(os.environ.get("EVALMETRICS_FIGURE_LANGUAGES"), "JPY_PARENT_PID" in os.environ)
print(os.getpgid(0) == os.getpid(), os.getsid(0) == os.getpid())
print([signal.getsignal(s) for s in (signal.SIGCHLD, signal.SIGTERM, signal.SIGPIPE)])
"""

FIGURE = """\
import matplotlib.pyplot as plt
import evalmetrics
figure, axes = plt.subplots(figsize=(2, 2))
axes.set_xlabel("score")
plt.show()
"""


@pytest.fixture(scope="module")
def zygote():
    saved = dict(os.environ)
    os.environ.update(FIGURE_LANGUAGES)
    started = kernel_zygote.start(kernel_zygote.PRELOAD, cwd=str(ROOT))
    assert started is not None, "the zygote did not start"
    kernel_zygote.use(started)
    yield started
    kernel_zygote.use(None)
    started.stop()
    os.environ.clear()
    os.environ.update(saved)


def run(cells: list[str], cwd: Path, *, forked: bool) -> list[list[dict]]:
    """Each cell's outputs, executed in one kernel (forked by the zygote or started anew)."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    manager = kernel_zygote.ZygoteKernelManager if forked else None
    options = {"kernel_manager_class": manager} if manager else {}
    NotebookClient(
        notebook,
        kernel_name="python3",
        timeout=120,
        resources={"metadata": {"path": str(cwd)}},
        **options,
    ).execute()
    return [
        [{k: v for k, v in output.items() if k != "execution_count"} for output in cell.outputs]
        for cell in notebook.cells
    ]


def ended(pid: int) -> bool:
    """Whether process ``pid`` has ended (gone, or a zombie that its new parent has not yet
    reaped: a container's first process may never reap it)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] == "Z"


def parent_of_kernel() -> str:
    return "import os\nprint(os.getppid())"


def test_a_forked_kernel_is_the_kernel_myst_nb_starts(zygote, tmp_path):
    cells = [PROBE, FIGURE, parent_of_kernel()]
    forked = run(cells, tmp_path, forked=True)
    assert kernel_zygote.last_refusal is None
    ordinary = run(cells, tmp_path, forked=False)
    # the first kernel is the zygote's child, the second jupyter-client's (this process's)
    assert forked[2][0]["text"].strip() == str(zygote.process.pid)
    assert ordinary[2][0]["text"].strip() == str(os.getpid())
    assert forked[0] == ordinary[0]
    # the package's figure display works: one figure per language, as in a fresh kernel
    languages = [o["metadata"].get("evalmetrics", {}).get("language") for o in forked[1]]
    assert languages == ["en", "zh_CN"]
    assert [o["metadata"] for o in forked[1]] == [o["metadata"] for o in ordinary[1]]


def test_a_folder_holding_a_preloaded_name_gets_an_ordinary_kernel(zygote, tmp_path):
    (tmp_path / "pandas.py").write_text('WHICH = "the folder\'s own"\n')
    cells = ['import pandas\nprint(getattr(pandas, "WHICH", "the installed one"))']
    outputs = run(cells, tmp_path, forked=True)
    assert "pandas" in kernel_zygote.last_refusal
    assert outputs[0][0]["text"].strip() == "the folder's own"


def test_an_environment_read_at_import_that_differs_gets_an_ordinary_kernel(
    zygote, tmp_path, monkeypatch
):
    monkeypatch.setenv("EVALMETRICS_SOMETHING_NEW", "1")
    outputs = run(
        ['import os\nprint(os.environ["EVALMETRICS_SOMETHING_NEW"])'], tmp_path, forked=True
    )
    assert "EVALMETRICS_SOMETHING_NEW" in kernel_zygote.last_refusal
    assert outputs[0][0]["text"].strip() == "1"


def test_a_forked_kernel_is_interrupted_and_shut_down_by_its_manager(zygote, tmp_path):
    manager = kernel_zygote.ZygoteKernelManager(kernel_name="python3")
    manager.start_kernel(cwd=str(tmp_path))
    assert isinstance(manager.provisioner.process, kernel_zygote.ForkedKernel)
    pid = manager.provisioner.process.pid
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        message = client.execute("import time\ntime.sleep(60)")
        time.sleep(1)
        manager.interrupt_kernel()
        reply = client.get_shell_msg(timeout=30)
        assert reply["parent_header"]["msg_id"] == message
        assert reply["content"]["status"] == "error"
        assert reply["content"]["ename"] == "KeyboardInterrupt"
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    assert not manager.is_alive()
    assert ended(pid)


def test_stopping_the_zygote_ends_the_kernels_left_running(tmp_path):
    zygote = kernel_zygote.start(("ipykernel.ipkernel",))
    from jupyter_client.connect import write_connection_file

    connection, _ = write_connection_file(str(tmp_path / "kernel.json"))
    env = {**os.environ, "JPY_PARENT_PID": str(os.getpid())}
    reply = zygote.request({"argv": ["-f", connection], "cwd": str(tmp_path), "env": env})
    kernel = kernel_zygote.ForkedKernel(reply["pid"])
    assert kernel.poll() is None
    zygote.stop()
    kernel.wait(timeout=30)
    assert ended(reply["pid"])


def test_a_forked_kernel_that_is_killed_is_seen_to_end(zygote, tmp_path):
    from jupyter_client.connect import write_connection_file

    connection, _ = write_connection_file(str(tmp_path / "kernel.json"))
    env = {**os.environ, "JPY_PARENT_PID": str(os.getpid())}
    reply = zygote.request({"argv": ["-f", connection], "cwd": str(tmp_path), "env": env})
    kernel = kernel_zygote.ForkedKernel(reply["pid"])
    assert kernel.poll() is None
    kernel.send_signal(signal.SIGKILL)
    assert kernel.wait(timeout=30) is not None
    assert kernel.poll() is not None


def test_a_zygote_whose_build_is_killed_ends_too(tmp_path):
    """A build killed before it stops its zygote (Ctrl-C, a timeout) leaves no process."""
    import subprocess

    script = (
        "import os, sys\n"
        f"sys.path.insert(0, {str(ROOT / '_ext')!r})\n"
        "import kernel_zygote\n"
        "zygote = kernel_zygote.start(('ipykernel.ipkernel',))\n"
        "print(zygote.process.pid, flush=True)\n"
        "os._exit(0)  # without zygote.stop()\n"
    )
    printed = tmp_path / "pid.txt"
    with printed.open("w") as out:  # a file: the zygote holds no pipe that run() waits on
        subprocess.run([sys.executable, "-c", script], stdout=out, timeout=120, check=True)
    pid = int(printed.read_text().split()[0])
    deadline = time.monotonic() + 15
    while not ended(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ended(pid)


def test_a_kernel_asked_for_before_the_zygote_is_ready_starts_the_ordinary_way(
    zygote, tmp_path, monkeypatch
):
    """The build does not wait for the zygote's imports: its first notebooks start as before."""
    library = tmp_path / "lib"  # not the notebook's folder, which would shadow it
    library.mkdir()
    (library / "slow_to_import.py").write_text("import time\ntime.sleep(4)\n")
    monkeypatch.setenv("PYTHONPATH", str(library))  # the zygote's and the kernels' alike
    slow = kernel_zygote.start(("ipykernel.ipkernel", "slow_to_import"), wait=False)
    kernel_zygote.use(slow)
    try:
        assert not slow.is_ready()
        early = run([parent_of_kernel()], tmp_path, forked=True)
        assert kernel_zygote.last_refusal == "the zygote is still importing its libraries"
        assert early[0][0]["text"].strip() == str(os.getpid())
        deadline = time.monotonic() + 60
        while not slow.is_ready() and time.monotonic() < deadline:
            time.sleep(0.1)
        late = run([parent_of_kernel()], tmp_path, forked=True)
        assert kernel_zygote.last_refusal is None
        assert late[0][0]["text"].strip() == str(slow.process.pid)
    finally:
        kernel_zygote.use(zygote)
        forked = slow.stop()
    assert forked == 1


WORKER_SCRIPT = """
import json, multiprocessing, os, sys, time
from concurrent.futures import ProcessPoolExecutor
sys.path.insert(0, sys.argv[1])
import kernel_zygote
import nbformat
from nbclient import NotebookClient

def job(cwd):
    deadline = time.monotonic() + 60
    while not kernel_zygote._ZYGOTE.is_ready() and time.monotonic() < deadline:
        time.sleep(0.1)
    cell = nbformat.v4.new_code_cell("import os\\nprint(os.getppid())")
    notebook = nbformat.v4.new_notebook(cells=[cell])
    NotebookClient(notebook, kernel_name="python3", resources={"metadata": {"path": cwd}},
                   kernel_manager_class=kernel_zygote.ZygoteKernelManager).execute()
    return notebook.cells[0].outputs[0]["text"].strip(), kernel_zygote.last_refusal

zygote = kernel_zygote.start(("ipykernel.ipkernel",), wait=False)
kernel_zygote.use(zygote)
context = multiprocessing.get_context("fork")
with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
    parent, refusal = pool.submit(job, sys.argv[2]).result(timeout=120)
print(json.dumps({"parent": parent, "refusal": refusal, "zygote": str(zygote.process.pid),
                  "forked": zygote.stop()}))
"""


def test_a_worker_forked_before_the_zygote_is_ready_gets_forked_kernels(tmp_path):
    """As in the build: the pool's worker is a fork of the process that started the zygote,
    made before the zygote is ready, and asks it for a kernel once it is."""
    import json
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", WORKER_SCRIPT, str(ROOT / "_ext"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["refusal"] is None
    assert found["parent"] == found["zygote"]
    assert found["forked"] == 1
