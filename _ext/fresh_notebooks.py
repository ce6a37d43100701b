"""Execute exactly the notebooks whose inputs changed, two at a time, and never show stale numbers.

myst-nb's ``cache`` mode (jupyter-cache) keys an executed notebook on its code cells only, and
Sphinx re-reads a page only when its own source changed. Alone, that would publish numbers the
package no longer computes: edit ``evalmetrics`` and rebuild, and every chapter is served from
the cache. This extension adds what the key leaves out, and runs the executions in parallel:

- **Inputs.** A notebook's *input key* hashes what its execution depends on besides its code:
  the ``evalmetrics`` modules it imports, followed through the package's own imports, and the
  repository modules it imports from a folder it puts on ``sys.path`` (a chapter
  that imports only ``evalmetrics.stats`` does not depend on ``evalmetrics.widgets`` unless
  ``stats`` imports it), the package's data files (JSON, HTML, CSS, JS), the figures'
  translations (``locales/*/LC_MESSAGES/figures.po``), any file of the repository whose path
  appears as a string in the notebook's code (``reference/data/...``),
  the environment (Python's version and the installed version of every distribution that
  ``requirements.txt`` pulls in, which ``constraints.txt`` pins) and the ``EVALMETRICS_*``
  environment variables of the build.
- **Invalidation.** Before Sphinx reads, each notebook's key and jupyter-cache's hash of its
  code are compared with the ones stored when it last executed (``fresh_notebooks.json`` in the
  cache folder); both must match and the copy must be in the cache, so a copy cached for older
  code (served again after a revert) is not trusted either. A stale notebook's copy is dropped
  and Sphinx re-reads the page. A page that pastes a value from another notebook
  (``{glue:text}`nb.ipynb::key```) is re-read when that notebook is. Each build remembers,
  in its environment, the key of the outputs it read every page from, and re-reads a page
  whose key changed since: the Chinese edition's build shares the English one's cache, and
  finds fresh a notebook the English build has just executed. The executed copies of the
  notebooks found current are touched, so ``tools/make_lab.py`` (which compares their time
  with the sources') reuses them instead of executing the chapters again.
- **Limits.** A file read through a path built at run time (an f-string) is not seen: name it
  in a string. A repository module is followed when the notebook imports it from a folder it
  names in a string (``sys.path.insert(0, "../tools")``).
- **Parallel execution.** The notebooks about to be read that have no valid cached copy are
  executed before the read, ``BOOK_JOBS`` (or the ``fresh_notebooks_jobs`` setting) at a time
  (default 2),
  longest first (by the last recorded run time), each in its own kernel exactly as myst-nb
  would run it (the notebook's folder as working directory, the configured timeout, errors not
  allowed), and stored in jupyter-cache; myst-nb then reads them from the cache. A notebook that
  fails is not stored, so myst-nb executes it once more and fails the build with its own report.
- **Kernels forked, not started.** When two or more notebooks execute, their kernels are forked
  from a *zygote* (``_ext/kernel_zygote.py``) that has imported, once, ipykernel and the heavy
  libraries of its list that these notebooks import; each child turns into the process
  ``python -m ipykernel_launcher`` would have been; the notebooks that start before the zygote
  is ready (its imports take 4 s warm, up to 19 s in a fresh clone) start theirs the
  ordinary way. Measured on two cores, the book's 28 notebooks executed in 95.2 s (26
  kernels forked) instead of 134.7 s, with the same outputs (those that differ from run to
  run aside: a temporary path and ranx's seeded Fisher test).
  ``BOOK_FORK_KERNELS=0`` (or ``fresh_notebooks_fork_kernels = False``) starts every kernel
  the ordinary way.

``make timings`` prints the recorded run times (``tools/notebook_timings.py``).

Why this is not upstream. MyST-NB keys a cached notebook on its code cells (jupyter-cache's
hash) and has no way to declare that a notebook depends on a file or a folder: the request,
"Functionality to invalidate notebooks if file/folder changes", is open since 2021 at
https://github.com/executablebooks/MyST-NB/issues/299 (read on GitHub, not run), and
https://github.com/jupyter-book/mystmd/issues/2885 asks the same of MyST's new engine. So
the key is computed here, from the notebook's code (its imports and the paths it names) rather
than from a list an author keeps by hand. What it touches of its hosts: myst-nb's reader
(``create_nb_reader``), jupyter-cache's cache object (``get_cache``, ``match_cache_notebook``,
``create_hashed_notebook``, ``remove_cache``, ``cache_notebook_bundle``) and
``jupyter_cache.executors.utils.single_nb_execution``, which jupyter-cache does not document as
API: an upgrade of either package is checked by ``tests/test_fresh_notebooks.py``, which builds
a small book three ways (a module edit re-executes exactly the notebooks that import it, a
Markdown edit executes nothing, a reverted edit is not served from a stale copy) and a second
edition from the same cache (it shows the new outputs and executes nothing). The zygote touches
jupyter-client's ``KernelManager._async_launch_kernel`` (documented as the method to override)
and runs ipykernel's ``ipykernel_launcher`` as ``python -m`` runs it; an upgrade of either is
checked by ``tests/test_kernel_zygote.py``, which holds a forked kernel to an ordinary one. The
pool forks (the ``multiprocessing`` "fork" context: Linux and macOS, not Windows). If MyST-NB
gains file dependencies, the "Inputs" above become its configuration and this step can go.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import multiprocessing
import os
import platform
import re
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from importlib import metadata
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError
from sphinx.util import logging

# the tools' notebook reading (tools/notebook_source.py): one definition of "what code imports"
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from notebook_source import imported_modules  # noqa: E402

logger = logging.getLogger(__name__)

MANIFEST = "fresh_notebooks.json"
GLUE_FROM = re.compile(r"([\w./-]+\.ipynb)::")


# --- what a notebook depends on -------------------------------------------------------------


def read_notebook(env: BuildEnvironment, path: Path):
    """The notebook as myst-nb reads it (``.ipynb``, or a MyST Markdown notebook), or None.

    Reading it the same way matters: jupyter-cache finds a cached copy by hashing exactly this
    object's code cells and their metadata.
    """
    from myst_nb.core.read import create_nb_reader

    text = path.read_text(encoding="utf-8")
    reader = create_nb_reader(str(path), env.myst_config, env.mystnb_config, text)
    return None if reader is None else reader.read(text)


def notebook_code(notebook) -> list[str]:
    """The notebook's code cells as Python (IPython magics turned into function calls)."""
    from IPython.core.inputtransformer2 import TransformerManager

    transform = TransformerManager().transform_cell
    return [transform(cell.source) for cell in notebook.cells if cell.cell_type == "code"]


def notebook_imports(notebook, code: list[str] | None = None) -> set[str]:
    """The modules the notebook's code cells import (``code``: its ``notebook_code``)."""
    code = notebook_code(notebook) if code is None else code
    return set().union(*(imported_modules(source) for source in code)) if code else set()


def package_closure(package_dir: Path, roots: Iterable[str]) -> set[Path]:
    """The package's source files that importing ``roots`` loads, following its own imports.

    A module ``pkg.a.b`` loads ``pkg/__init__.py``, ``pkg/a/__init__.py`` and ``pkg/a/b.py``;
    relative imports inside the package are resolved. Names that are not modules (``from pkg
    import function``) are ignored.
    """
    name = package_dir.name

    def files_of(module: str) -> list[Path]:
        parts = module.split(".")
        if parts[0] != name:
            return []
        files, folder = [], package_dir.parent
        for depth, part in enumerate(parts):
            folder = folder / part
            init = folder / "__init__.py"
            if init.exists():
                files.append(init)
            elif depth == len(parts) - 1 and folder.with_suffix(".py").exists():
                files.append(folder.with_suffix(".py"))
            else:
                break
        return files

    def module_of(path: Path) -> str:
        relative = path.relative_to(package_dir.parent).with_suffix("")
        parts = list(relative.parts)
        if parts[-1] == "__init__":
            parts.pop()
        return ".".join(parts)

    seen: set[Path] = set()
    todo = [file for root in roots for file in files_of(root)]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        here = module_of(path).split(".")
        package = here if path.name == "__init__.py" else here[:-1]
        for module in _imports(path.read_text(encoding="utf-8"), tuple(package)):
            todo.extend(files_of(module))
    return seen


@functools.lru_cache(maxsize=4096)
def _imports(source: str, package: tuple[str, ...]) -> tuple[str, ...]:
    """The modules a package file's source may import (relative imports resolved in
    ``package``), each a candidate: ``from a import b`` gives ``a`` and ``a.b``. Kept per
    source text, for every notebook's key follows the same files: parsed once a build, not
    once a notebook (5 s of a build's 8 s check of what is stale)."""
    modules: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            modules += [stem] + [f"{stem}.{alias.name}" for alias in node.names]
    return tuple(modules)


def environment_fingerprint(requirements: Path | None = None) -> str:
    """Python's version and the installed version of every distribution the book's requirements
    pull in (``requirements.txt`` and what it requires, followed through the installed metadata).

    Packages installed for the tests only (pytest, playwright, JupyterLab) are not part of it, so
    ``make test`` after ``make book`` does not execute every notebook again. Without a
    requirements file, every installed distribution counts.
    """
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.utils import canonicalize_name

    installed = {}
    for dist in metadata.distributions():
        if dist.metadata["Name"]:
            installed.setdefault(canonicalize_name(dist.metadata["Name"]), dist)
    if requirements is None or not requirements.exists():
        names = set(installed)
    else:
        todo = []
        for line in requirements.read_text(encoding="utf-8").splitlines():
            line = line.split("#")[0].strip()
            if not line or line.startswith("-"):
                continue
            try:
                todo.append(canonicalize_name(Requirement(line).name))
            except InvalidRequirement:
                continue
        names = set()
        while todo:
            name = todo.pop()
            if name in names or name not in installed:
                continue
            names.add(name)
            for text in installed[name].requires or []:
                try:
                    requirement = Requirement(text)
                except InvalidRequirement:
                    continue
                if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                    todo.append(canonicalize_name(requirement.name))
    versions = sorted(f"{name}=={installed[name].version}" for name in names)
    return "\n".join([platform.python_version(), *versions])


def local_modules(modules: set[str], folders: list[Path], package_dir: Path) -> set[Path]:
    """Modules of the repository that are not the package (``tools/spark_metrics.py`` put on
    ``sys.path`` by a notebook), found in ``folders``, with the package modules and further
    local modules they import, followed."""
    found: set[Path] = set()
    todo = sorted(modules)
    while todo:
        top = todo.pop().split(".")[0]
        if top == package_dir.name:
            continue
        for folder in folders:
            candidate = folder / f"{top}.py"
            if candidate.is_file() and candidate not in found:
                found.add(candidate)
                inner = imported_modules(candidate.read_text(encoding="utf-8"))
                found |= package_closure(package_dir, inner)
                todo.extend(inner)
    return found


def input_key(notebook, path: Path, root: Path, package_dir: Path, environment: str) -> str:
    """Hash of everything a notebook's execution reads besides its own code (see module doc)."""
    code = notebook_code(notebook)
    modules = notebook_imports(notebook, code)
    # folders a notebook may import from: its own, the root, and any folder it names
    folders = [path.parent, root]
    for source in code:
        for literal in re.findall(r"""["']([\w./-]+)["']""", source):
            candidate = (path.parent / literal).resolve()
            if candidate.is_dir() and (candidate == root or root in candidate.parents):
                folders.append(candidate)
    files = package_closure(package_dir, modules) | local_modules(modules, folders, package_dir)
    if any(package_dir in file.parents for file in files):
        files |= {
            path
            for path in package_dir.rglob("*")
            if path.is_file()
            and path.suffix in {".json", ".html", ".css", ".js"}
            and "__pycache__" not in path.parts
        }
        catalogs = sorted(root.glob("locales/*/LC_MESSAGES/figures.po"))
    else:
        catalogs = []
    for source in code:
        for literal in re.findall(r"""["']([\w./-]+\.\w+)["']""", source):
            for base in (path.parent, root):
                candidate = (base / literal).resolve()
                if candidate.is_file() and root in candidate.parents:
                    files.add(candidate)
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(str(path.relative_to(root)).encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    # the figures' translations (the build draws each figure in every language): what they
    # translate, not the file, whose header changes with every `translations.py update`
    for catalog in catalogs:
        digest.update(str(catalog.relative_to(root)).encode())
        digest.update(_translations_digest(catalog))
    digest.update(environment.encode())
    for name in sorted(os.environ):
        if name.startswith("EVALMETRICS_"):
            digest.update(f"{name}={os.environ[name]}".encode())
    return digest.hexdigest()


def _translations_digest(catalog: Path) -> bytes:
    """Hash of a message catalog's translated messages (English and translation)."""
    return _messages_digest(catalog.read_bytes())


@functools.lru_cache(maxsize=16)
def _messages_digest(po: bytes) -> bytes:
    """``_translations_digest`` of a catalog's bytes: parsed once a build, not once a notebook."""
    import io

    from babel.messages.pofile import read_po

    messages = read_po(io.BytesIO(po))
    pairs = sorted((m.id, m.string) for m in messages if m.id and m.string and not m.fuzzy)
    return hashlib.sha256(json.dumps(pairs, ensure_ascii=False).encode()).digest()


# --- execution ------------------------------------------------------------------------------


def _execute(source: str, cwd: str, timeout: int) -> tuple[str | None, float, str | None]:
    """Run one notebook in a fresh kernel as myst-nb does; (notebook JSON, seconds, error).

    The kernel is forked by the zygote of ``kernel_zygote.use`` when this process has one
    (``_run_pool``), else started as myst-nb starts it."""
    import kernel_zygote
    import nbformat
    from jupyter_cache.executors.utils import single_nb_execution

    notebook = nbformat.reads(source, as_version=4)
    try:
        result = single_nb_execution(
            notebook,
            cwd=cwd,
            timeout=timeout,
            allow_errors=False,
            meta_override=True,
            kernel_manager_class=kernel_zygote.ZygoteKernelManager,
        )
    except Exception as error:  # a dead kernel, a kernel that never started: myst-nb reports
        return None, 0.0, f"{type(error).__name__}: {error}"
    if result.err is not None:
        return None, result.time, result.exc_string
    return nbformat.writes(notebook), result.time, None


def _typical_seconds(root: Path) -> dict[str, float]:
    """The committed typical run times (``_ext/notebook_seconds.json``), or none."""
    try:
        return json.loads((root / "_ext" / "notebook_seconds.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


class Manifest:
    """The input key and last run time of each notebook, next to jupyter-cache's database."""

    def __init__(self, folder: Path):
        self.path = folder / MANIFEST
        try:
            self.data: dict[str, dict] = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.data = {}

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.data, indent=1, sort_keys=True), encoding="utf-8")


def _cache(app: Sphinx):
    from jupyter_cache import get_cache

    return get_cache(app.env.mystnb_config.execution_cache_path)


def _notebooks(env: BuildEnvironment) -> dict[str, tuple[Path, object]]:
    """Every page that is a notebook: docname -> (path, notebook as myst-nb reads it)."""
    found = {}
    for docname in env.found_docs:
        path = Path(env.doc2path(docname))
        if path.suffix in {".ipynb", ".md"}:
            notebook = read_notebook(env, path)
            if notebook is not None:
                found[docname] = (path, notebook)
    return found


def _cached(cache, notebook) -> bool:
    try:
        cache.match_cache_notebook(notebook)
    except KeyError:
        return False
    return True


def _lock(app: Sphinx, cache_path: str) -> None:
    """Hold the cache's lock from the check of what is stale to the end of the executions.

    Two builds may share one cache (the English and the Chinese edition, started together by
    ``make book``): the first to take the lock decides and executes; the second waits here, then
    finds every notebook current and executes nothing. Released in ``on_before_read`` or, if
    Sphinx reads nothing, when the build finishes.
    """
    import fcntl

    if getattr(app, "_fresh_notebooks_lock", None) is not None:
        return
    Path(cache_path).mkdir(parents=True, exist_ok=True)
    handle = open(Path(cache_path) / "fresh_notebooks.lock", "w")  # noqa: SIM115
    started = time.perf_counter()
    fcntl.flock(handle, fcntl.LOCK_EX)
    waited = time.perf_counter() - started
    if waited > 1:
        logger.info(f"[fresh_notebooks] waited {waited:.1f} s for another build's executions")
    app._fresh_notebooks_lock = handle


def _unlock(app: Sphinx, *_args) -> None:
    handle = getattr(app, "_fresh_notebooks_lock", None)
    if handle is not None:
        handle.close()  # closing the file releases the lock
        app._fresh_notebooks_lock = None


def on_get_outdated(app, env, added, changed, removed) -> list[str]:
    if app.env.mystnb_config.execution_mode != "cache":
        return []
    _lock(
        app,
        app.env.mystnb_config.execution_cache_path
        or str(Path(app.outdir).parent / ".jupyter_cache"),
    )
    root = Path(app.srcdir)
    package_dir = root / app.config.fresh_notebooks_package
    environment = environment_fingerprint(root / app.config.fresh_notebooks_requirements)
    cache = _cache(app)
    manifest = Manifest(Path(cache.path))
    stale: dict[str, str] = {}
    notebooks = _notebooks(env)
    current = []
    keys: dict[str, str] = {}
    for docname, (path, notebook) in notebooks.items():
        key = keys[docname] = input_key(notebook, path, root, package_dir, environment)
        record = manifest.data.get(docname, {})
        # fresh: executed with these inputs AND this code (a cached copy of older code, say
        # after a revert, was executed with other inputs), and still in the cache
        if (
            record.get("key") != key
            or record.get("code") != _code_hash(cache, notebook)
            or not _cached(cache, notebook)
        ):
            stale[docname] = key
        else:
            current.append(docname)
    if stale and not app.config.fresh_notebooks_execute:
        _unlock(app)
        raise ExtensionError(
            f"{len(stale)} notebook(s) not executed with their current inputs "
            f"({', '.join(sorted(stale)[:4])}{', ...' if len(stale) > 4 else ''}), and this "
            "build does not execute: run `make book` first"
        )
    _mark_current(app, current)
    app._fresh_notebooks = {
        "stale": stale,
        "manifest": manifest,
        "cache": cache,
        "notebooks": notebooks,
        "keys": keys,
    }
    for docname in stale:
        _drop(cache, notebooks[docname][1])  # its outputs may not be served again
    # and pages this build last read from other outputs: the other edition's build, which
    # shares the cache, may have executed them since (it then finds them fresh here)
    seen = getattr(env, "fresh_notebooks_seen", {})
    reread = set(stale) | {name for name in current if seen.get(name) != keys[name]}
    # pages that paste a value glued in a notebook read again (stale, or changed itself)
    pasted_from = reread | (set(changed) | set(added)) & set(notebooks)
    stale_paths = {Path(env.doc2path(name)).resolve() for name in pasted_from}
    for docname in env.found_docs - reread:
        source = Path(env.doc2path(docname))
        if not stale_paths:
            break
        text = source.read_text(encoding="utf-8")
        if any((source.parent / ref).resolve() in stale_paths for ref in GLUE_FROM.findall(text)):
            reread.add(docname)
    if stale:
        logger.info(f"[fresh_notebooks] inputs changed or not cached: {sorted(stale)}")
    return sorted(reread - set(added) - set(changed))


def on_before_read(app, env, docnames: list[str]) -> None:
    try:
        _execute_stale(app, env, docnames)
    finally:
        _unlock(app)


def _execute_stale(app, env, docnames: list[str]) -> None:
    state = getattr(app, "_fresh_notebooks", None)
    if state is None:
        return
    stale, manifest, cache = state["stale"], state["manifest"], state["cache"]
    notebooks = state["notebooks"]
    todo = [name for name in docnames if name in stale]
    # a notebook whose code changed (re-read by Sphinx itself) may have no cached copy either
    todo += [
        name
        for name in docnames
        if name in notebooks and name not in stale and not _cached(cache, notebooks[name][1])
    ]
    root = Path(app.srcdir)
    environment = environment_fingerprint(root / app.config.fresh_notebooks_requirements)
    package_dir = root / app.config.fresh_notebooks_package
    for name in todo:
        if name not in stale:
            path, notebook = notebooks[name]
            stale[name] = input_key(notebook, path, root, package_dir, environment)
    if not todo:
        return
    # longest first: two workers then finish close together. A notebook that has not run here
    # yet takes its typical time (tools/notebook_timings.py --write), a new one goes first.
    typical = _typical_seconds(Path(app.srcdir))
    todo.sort(key=lambda name: -manifest.data.get(name, {}).get("seconds", typical.get(name, 1e9)))
    wanted = int(os.environ.get("BOOK_JOBS") or app.config.fresh_notebooks_jobs or 2)
    jobs = max(1, min(wanted, len(todo)))
    timeout = app.env.mystnb_config.execution_timeout
    logger.info(f"[fresh_notebooks] executing {len(todo)} notebook(s), {jobs} at a time")
    start = time.perf_counter()
    context = multiprocessing.get_context("fork")
    zygote = _start_zygote(app, todo, notebooks)
    try:
        _run_pool(jobs, context, todo, notebooks, timeout, cache, manifest, stale)
    finally:
        manifest.save()
        if zygote is not None:
            import kernel_zygote

            kernel_zygote.use(None)
            forked = zygote.stop()
            logger.info(
                f"[fresh_notebooks] {forked or 0} of {len(todo)} kernels forked from the zygote"
                " (the others started before it was ready)"
            )
    logger.info(f"[fresh_notebooks] executed in {time.perf_counter() - start:.1f} s wall time")


def _start_zygote(app, todo: list[str], notebooks: dict):
    """A zygote (``_ext/kernel_zygote.py``) that has imported the libraries of
    ``kernel_zygote.PRELOAD`` these notebooks import, made the one the pool's workers ask for
    their kernels; None for a single notebook (nothing to share), or when it is turned off
    (``BOOK_FORK_KERNELS=0`` or the ``fresh_notebooks_fork_kernels`` setting) or cannot start."""
    import kernel_zygote

    wanted = os.environ.get("BOOK_FORK_KERNELS", "")
    turned_on = wanted != "0" if wanted else app.config.fresh_notebooks_fork_kernels
    if len(todo) < 2 or not turned_on:
        return None
    imported = set().union(*(notebook_imports(notebooks[name][1]) for name in todo))
    modules = ["ipykernel.ipkernel"] + [
        module
        for module in kernel_zygote.PRELOAD
        if any(name == module or name.startswith(module + ".") for name in imported)
    ]
    # not waited for: the first notebooks start their kernels the ordinary way meanwhile
    zygote = kernel_zygote.start(tuple(dict.fromkeys(modules)), cwd=app.srcdir, wait=False)
    if zygote is None:
        logger.info("[fresh_notebooks] kernels start the ordinary way (no zygote)")
        return None
    kernel_zygote.use(zygote)  # the pool's workers are forked after this: they inherit it
    logger.info(f"[fresh_notebooks] a zygote imports {len(modules)} module(s) for the kernels")
    return zygote


def _run_pool(jobs, context, todo, notebooks, timeout, cache, manifest, stale) -> None:
    import nbformat

    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = {
            name: pool.submit(
                _execute,
                nbformat.writes(notebooks[name][1]),
                str(notebooks[name][0].parent),
                timeout,
            )
            for name in todo
        }
        for name, future in futures.items():
            executed, seconds, error = future.result()
            if error is not None:
                logger.info(
                    f"[fresh_notebooks] {name} failed after {seconds:.1f} s; "
                    "myst-nb runs it again and reports the error"
                )
                manifest.data.pop(name, None)
                continue
            _store(cache, notebooks[name][0], executed, seconds)
            manifest.data[name] = {
                "key": stale[name],
                "code": _code_hash(cache, notebooks[name][1]),
                "seconds": round(seconds, 2),
            }
            logger.info(f"[fresh_notebooks] {name}: {seconds:.1f} s")


def _code_hash(cache, notebook) -> str:
    """jupyter-cache's own key of the notebook (its code cells and their metadata)."""
    return cache.create_hashed_notebook(notebook)[1]


def _mark_current(app, docnames: list[str]) -> None:
    """Touch the executed copies of the notebooks found current, so that a tool comparing their
    time with the sources' (``tools/make_lab.py``) sees that this build checked them."""
    folder = Path(app.outdir).parent / "jupyter_execute"
    now = time.time()
    for docname in docnames:
        for suffix in (".ipynb", ".glue.json"):
            copy = folder / f"{docname}{suffix}"
            if copy.exists():
                os.utime(copy, (now, now))


def _drop(cache, notebook) -> None:
    """Remove a notebook's cached copy, so that myst-nb cannot serve its old outputs."""
    try:
        record = cache.match_cache_notebook(notebook)
    except KeyError:
        return
    cache.remove_cache(record.pk)


def _store(cache, path: Path, executed: str, seconds: float) -> None:
    import nbformat
    from jupyter_cache.base import CacheBundleIn

    notebook = nbformat.reads(executed, as_version=4)
    cache.cache_notebook_bundle(
        CacheBundleIn(notebook, str(path), data={"execution_seconds": seconds}),
        check_validity=False,
        overwrite=True,
    )


def on_doctree_read(app, doctree) -> None:
    """Remember the key of the outputs this page was read from (see ``on_get_outdated``)."""
    state = getattr(app, "_fresh_notebooks", None)
    docname = app.env.docname
    if state is None or docname not in state["keys"]:
        return
    if not hasattr(app.env, "fresh_notebooks_seen"):
        app.env.fresh_notebooks_seen = {}
    app.env.fresh_notebooks_seen[docname] = state["keys"][docname]


def on_merge_info(app, env, docnames, other) -> None:
    """Parallel reading: the keys the workers saw."""
    seen = getattr(other, "fresh_notebooks_seen", {})
    if not hasattr(env, "fresh_notebooks_seen"):
        env.fresh_notebooks_seen = {}
    env.fresh_notebooks_seen.update({name: seen[name] for name in docnames if name in seen})


def setup(app: Sphinx) -> dict:
    app.add_config_value("fresh_notebooks_package", "evalmetrics", "env")
    app.add_config_value("fresh_notebooks_jobs", 2, "")
    # False: a build that only reads the executed notebooks (the messages' extraction) stops
    # when one is missing or stale instead of executing it
    app.add_config_value("fresh_notebooks_execute", True, "")
    app.add_config_value("fresh_notebooks_requirements", "requirements.txt", "env")
    # False (or BOOK_FORK_KERNELS=0): every kernel a fresh Python, as myst-nb starts it
    app.add_config_value("fresh_notebooks_fork_kernels", True, "")
    app.connect("env-get-outdated", on_get_outdated)
    app.connect("env-before-read-docs", on_before_read)
    app.connect("doctree-read", on_doctree_read)
    app.connect("env-merge-info", on_merge_info)
    app.connect("build-finished", _unlock)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
