"""Start the chapters' kernels by forking a process that has already imported their libraries.

Each chapter executes in a fresh IPython kernel. A fresh kernel starts a Python and imports
ipykernel (0.7 s here), and the chapter then imports numpy, scipy, scikit-learn and matplotlib
(about 2 s more), a chapter that calls ranx also ranx and numba's typed containers, which numba
compiles again in every process (3 s more).

A *zygote* does that work once. ``start`` launches it as a fresh interpreter (the same Python,
environment and working directory a kernel would get); it imports :data:`PRELOAD` and waits. The
kernel manager :class:`ZygoteKernelManager` asks it for each kernel: the zygote forks, and the
child becomes exactly the process ``python -m ipykernel_launcher -f <connection file>`` would
have been, in the notebook's folder with the kernel's environment, ``sys.argv`` and
``sys.path``, a fresh ``__main__``, default signal handlers and its own session (process group).
The libraries are already in ``sys.modules``; nothing of a notebook has run in the zygote, so
every notebook still starts from a clean kernel. ``_ext/fresh_notebooks.py`` uses it for the
notebooks a build executes: the book's 28 executed in 95.2 s instead of 134.7 s on two cores
(the first two started the ordinary way while the zygote imported).
``tests/test_kernel_zygote.py`` holds the child to a plain kernel.

It falls back to an ordinary launch (the same as without it) when it cannot give the same
kernel: a command other than this Python's ``-m ipykernel_launcher``, an environment that
differs from the zygote's in a variable read at import (``PYTHON*``, ``EVALMETRICS_*``,
``MPL*``, ``NUMBA_*``, ``IPYTHON*``, ``JUPYTER_*``, the thread counts), a notebook folder
holding a file or folder named like a preloaded module (which the notebook's import would have
found first), a system without ``os.pidfd_open`` (Linux 5.3+), or a zygote that failed to
start.

What it does not do: a chapter that imports a library the list leaves out imports it as
before; the zygote preloads nothing of a notebook's own folder; each notebook's random state
is its own (Python's ``random`` is reseeded at fork; numpy's global generator is the zygote's,
which the chapters never use: they seed their own); a warning a preloaded library gives when
it is imported is not shown in a forked kernel, since the zygote imports with warnings off
(the book's outputs showed none: forked and ordinary executions gave the same outputs).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from jupyter_client.manager import KernelManager
from jupyter_client.provisioning.local_provisioner import LocalProvisioner

#: What the zygote imports: ipykernel's kernel (not ``ipykernel.kernelapp``, which reads the
#: kernel manager's pid from the environment when it is imported, so each kernel imports it:
#: 6 ms) and the heavy libraries the chapters import. Not the package: importing
#: ``evalmetrics`` registers its figure display with the running IPython, and in the zygote
#: none runs yet (nor ipywidgets, which does the same).
PRELOAD = (
    "ipykernel.ipkernel",
    "numpy",
    "scipy.stats",
    "scipy.optimize",
    "matplotlib",
    "matplotlib.figure",
    "sklearn.metrics",
    "sklearn.model_selection",
    "sklearn.linear_model",
    "sklearn.preprocessing",
    "sklearn.pipeline",
    "sklearn.datasets",
    "pandas",
    "statsmodels.api",
    "pytrec_eval",
    "ranx",
)

#: Environment variables read when a module is imported: a kernel whose value differs from the
#: zygote's is launched the ordinary way.
IMPORT_TIME_PREFIXES = (
    "PYTHON",
    "EVALMETRICS_",
    "MPL",
    "NUMBA_",
    "OMP_",
    "OPENBLAS_",
    "MKL_",
    "IPYTHON",
    "JUPYTER_",
)

_KERNEL_MODULE = "ipykernel_launcher"


def _import_env(env: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in env.items() if k.startswith(IMPORT_TIME_PREFIXES)}


def _shadowed(folder: str, modules: list[str]) -> list[str]:
    """The preloaded top-level names that ``folder`` holds a module or package of."""
    names = sorted({name.split(".")[0] for name in modules})
    return [
        name
        for name in names
        if any(
            os.path.exists(os.path.join(folder, name + suffix)) for suffix in ("", ".py", ".pyc")
        )
    ]


# --- the zygote (its own process) -----------------------------------------------------------


def _preload(modules: list[str]) -> list[str]:
    """Import ``modules``; the ones that could not be imported are left out (and returned)."""
    import importlib
    import warnings

    missing = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in modules:
            try:
                importlib.import_module(name)
            except Exception:  # a library this environment lacks: its notebooks import it
                missing.append(name)
        if "ranx" in sys.modules:
            # numba compiles ranx's typed dictionaries in every process (about a second);
            # metrics are not run here, so numba starts no threads before the fork
            from ranx import Qrels, Run

            Qrels({"q": {"d": 1}})
            Run({"q": {"d": 0.5}})
    return missing


def _become_kernel(request: dict) -> None:
    """In the forked child: turn into ``python -m ipykernel_launcher <args>``; never returns."""
    code = 1
    try:
        os.setsid()
        # as a Python starts: SIGPIPE ignored, SIGINT raising KeyboardInterrupt, the rest default
        for number in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(number, signal.SIG_DFL)
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        import runpy
        import types

        # as `python -m` starts: the working directory first on the path (the zygote took its
        # own first entry out), a fresh __main__
        sys.path.insert(0, os.getcwd())
        sys.modules["__main__"] = types.ModuleType("__main__")
        sys.argv = [_KERNEL_MODULE, *request["argv"]]
        runpy._run_module_as_main(_KERNEL_MODULE, alter_argv=True)
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def serve(address: str, modules: list[str]) -> None:
    """The zygote's loop: preload, then fork a kernel for each request on ``address``."""
    own_env = _import_env(dict(os.environ))
    # the backend ipykernel sets when it starts (unless set), read when matplotlib is imported
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    missing = _preload(modules)
    loaded = [name for name in modules if name not in missing]
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernels are reaped as they end
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(address)
    listener.listen(8)
    listener.settimeout(1.0)
    parent = os.getppid()
    forked: list[int] = []
    while True:
        try:
            connection, _ = listener.accept()
        except TimeoutError:
            if os.getppid() != parent:  # the build ended without stopping it (killed)
                _end_orphans(forked)
                return
            continue
        connection.settimeout(None)
        with connection:
            request = json.loads(connection.makefile("r", encoding="utf-8").readline())
            if request.get("stop"):
                _end_orphans(forked)
                connection.sendall((json.dumps({"forked": len(forked)}) + "\n").encode())
                return
            if request.get("ping"):  # asked until the zygote answers (it listens once ready)
                connection.sendall(b'{"ready": true}\n')
                continue
            refusal = _refusal(request, own_env, loaded)
            if refusal:
                reply = {"refused": refusal}
            else:
                pid = os.fork()
                if pid == 0:
                    listener.close()
                    connection.close()
                    _become_kernel(request)
                forked.append(pid)
                reply = {"pid": pid}
            connection.sendall((json.dumps(reply) + "\n").encode())


def _end_orphans(pids: list[int]) -> None:
    """Kill the kernels of ``pids`` still running (their manager did not shut them down)."""
    own = str(os.getpid())
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8") as stat:
                parent = stat.read().rsplit(")", 1)[1].split()[1]
        except OSError:  # ended (or no /proc: the parent poller ends it with the zygote)
            continue
        if parent == own:  # still ours, not a new process that took the number
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)


def _refusal(request: dict, own_env: dict[str, str], loaded: list[str]) -> str | None:
    """Why the zygote cannot give the kernel ``request`` asks for, or None."""
    if _import_env(request["env"]) != own_env:
        changed = sorted(set(_import_env(request["env"]).items()) ^ set(own_env.items()))
        return f"environment differs from the zygote's: {sorted({k for k, _ in changed})}"
    shadowed = _shadowed(request["cwd"], loaded)
    if shadowed:
        return f"{request['cwd']} holds {shadowed}, which the notebook would import instead"
    return None


# --- the client side (the process that runs nbclient) ---------------------------------------


class Zygote:
    """A running zygote: its process and the socket it listens on."""

    def __init__(self, process: subprocess.Popen, address: str, folder: str):
        self.process = process
        self.address = address
        self.folder = folder
        self._ready = False

    def is_ready(self) -> bool:
        """Whether it has imported its libraries (it listens only then); never waits."""
        # (not self.process.poll(): in the pool's workers the zygote is not a child, and
        # Popen.poll reports a process it cannot wait for as ended)
        if not self._ready:
            try:
                self._ready = bool(self.request({"ping": True}).get("ready"))
            except (OSError, ValueError):  # not listening yet
                pass
        return self._ready

    def request(self, message: dict) -> dict:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.connect(self.address)
            client.sendall((json.dumps(message) + "\n").encode())
            return json.loads(client.makefile("r", encoding="utf-8").readline())

    def stop(self) -> int | None:
        """End the zygote and the kernels it forked that still run (end them first); the
        number of kernels it forked, or None if it never answered."""
        forked = None
        if self.process.poll() is None:
            with contextlib.suppress(OSError, ValueError):  # never ready: no answer
                forked = self.request({"stop": True}).get("forked")
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        with contextlib.suppress(OSError):
            os.unlink(self.address)
            os.rmdir(self.folder)
        return forked


def start(
    modules: tuple[str, ...] = PRELOAD,
    *,
    cwd: str | None = None,
    wait: bool = True,
    timeout: float = 120,
) -> Zygote | None:
    """Launch a zygote that imports ``modules``; None if this system cannot fork kernels.

    It is a fresh interpreter (this Python, this process's environment), so it imports what a
    kernel would import, from the same places. With ``wait``, it returns once the zygote is
    ready (or, after ``timeout`` seconds without an answer, stops it and returns None);
    without, at once: a kernel asked for before the zygote is ready starts the ordinary way,
    so the first notebooks do not wait for its imports.
    """
    try:  # Linux 5.3+ (the attribute exists wherever Python was built with it)
        os.close(os.pidfd_open(os.getpid()))
    except (AttributeError, OSError):
        return None
    # a socket's path holds at most 107 bytes: /tmp, not a long TMPDIR
    folder = tempfile.mkdtemp(prefix="zygote-", dir="/tmp" if os.path.isdir("/tmp") else None)
    address = os.path.join(folder, "socket")
    code = (
        "import sys; sys.path.pop(0); "
        f"sys.path.insert(0, {str(Path(__file__).parent)!r}); "
        "import kernel_zygote as z; sys.path.pop(0); "
        "z.serve(sys.argv[1], sys.argv[2:])"
    )
    # its output is this process's, as a kernel's would be (a kernel writes to it)
    process = subprocess.Popen(
        [sys.executable, "-c", code, address, *modules], cwd=cwd, stdin=subprocess.DEVNULL
    )
    zygote = Zygote(process, address, folder)
    if not wait:
        return zygote
    deadline = time.monotonic() + timeout
    while process.poll() is None and time.monotonic() < deadline:
        if zygote.is_ready():
            return zygote
        time.sleep(0.05)
    zygote.stop()
    return None


class ForkedKernel:
    """The parts of ``subprocess.Popen`` that jupyter-client uses, for a kernel the zygote
    forked (a child of the zygote, not of this process: watched through a pidfd)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int):
        self.pid = pid
        self.returncode: int | None = None
        self._pidfd = os.pidfd_open(pid)

    def poll(self) -> int | None:
        if self.returncode is None:
            import select

            ready, _, _ = select.select([self._pidfd], [], [], 0)
            if ready:
                # the zygote reaps it; its exit status is not ours to read
                self.returncode = 0
                os.close(self._pidfd)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(str(self.pid), timeout)
            time.sleep(0.02)
        return self.returncode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


#: The zygote the kernel managers of this process use (``use``); None: ordinary launches.
_ZYGOTE: Zygote | None = None
#: Why the last kernel was launched the ordinary way (for tests and messages), or None.
last_refusal: str | None = None


def use(zygote: Zygote | None) -> None:
    """Make :class:`ZygoteKernelManager` in this process ask ``zygote`` (None: stop asking)."""
    global _ZYGOTE
    _ZYGOTE = zygote


def _fork(cmd: list[str], kwargs: dict) -> ForkedKernel | None:
    """The kernel the zygote forked for ``cmd`` (jupyter-client's launch arguments), or None."""
    global last_refusal
    if not (
        len(cmd) >= 3
        and os.path.realpath(cmd[0]) == os.path.realpath(sys.executable)
        and cmd[1:3] == ["-m", _KERNEL_MODULE]
    ):
        last_refusal = f"not this Python's {_KERNEL_MODULE}: {cmd[:3]}"
        return None
    if _ZYGOTE is None:
        last_refusal = "no zygote in this process"
        return None
    if not _ZYGOTE.is_ready():
        last_refusal = "the zygote is still importing its libraries"
        return None
    # as jupyter_client.launcher.launch_kernel: the manager's pid (ipykernel then prints no
    # note that it was started by hand, and its parent poller ends it with the zygote)
    env = {**(kwargs.get("env") or os.environ), "JPY_PARENT_PID": str(os.getpid())}
    cwd = os.path.abspath(kwargs.get("cwd") or os.getcwd())
    try:
        reply = _ZYGOTE.request({"argv": cmd[3:], "cwd": cwd, "env": env})
    except OSError as error:
        reply = {"refused": f"the zygote did not answer: {error}"}
    if "pid" not in reply:
        last_refusal = reply["refused"]
        return None
    last_refusal = None
    return ForkedKernel(reply["pid"])


class ZygoteKernelManager(KernelManager):
    """A kernel manager whose kernels the zygote of :func:`use` forks when it can
    (nbclient's ``kernel_manager_class``); otherwise jupyter-client's own launch."""

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw) -> None:
        provisioner = self.provisioner
        forked = _fork(kernel_cmd, kw) if type(provisioner) is LocalProvisioner else None
        if forked is None:
            await super()._async_launch_kernel(kernel_cmd, **kw)
            return
        # what LocalProvisioner.launch_kernel sets, for a process it did not start; its poll,
        # wait, signals and kill then work on it unchanged
        provisioner.process = forked
        provisioner.pid = provisioner.pgid = forked.pid  # the child called setsid()
        provisioner.cwd = kw.get("cwd", Path.cwd())
        self._reconcile_connection_info(provisioner.connection_info)
