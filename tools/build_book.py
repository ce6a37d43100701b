"""Build both editions: the English book into _build/html and the Chinese into _build/html/zh.

    python tools/build_book.py            # what `make book` runs
    python tools/build_book.py --only en  # one edition

The two builds run side by side and share one jupyter-cache. The notebooks whose inputs
changed are executed once, by whichever build takes the cache's lock first
(``_ext/fresh_notebooks.py``); the other waits and then reads them from the cache, so the
Chinese edition costs its own Sphinx run (on the second core) and no execution. The English
build's output is shown as it comes; the Chinese build's goes to ``_build/zh-build.log`` and its
end is printed when it is done. Either failing fails the command, warnings being errors in both.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOG = ROOT / "_build" / "zh-build.log"
CACHE_DB = ROOT / "_build" / ".jupyter_cache" / "global.db"


def english() -> list[str]:
    return [
        str(Path(sys.executable).parent / "jupyter-book"),
        "build",
        ".",
        "-W",
        "-n",
        "--keep-going",
    ]


def chinese() -> list[str]:
    return [sys.executable, str(ROOT / "tools" / "translations.py"), "build"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["en", "zh"], help="build one edition")
    args = parser.parse_args(argv)
    # explorers as prerendered frames, in both builds (as `make book` sets it): a notebook's
    # cache key includes the EVALMETRICS_ variables, so two builds that differed in it would
    # each execute every notebook again
    os.environ.setdefault("EVALMETRICS_STATIC_FRAMES", "1")
    if args.only == "en":
        return subprocess.run(english(), cwd=ROOT).returncode
    if args.only == "zh":
        return subprocess.run(chinese(), cwd=ROOT).returncode
    started = time.perf_counter()
    en = subprocess.Popen(english(), cwd=ROOT)
    # the English build creates the cache; the Chinese one starts once it exists, so the two
    # never create it at once (then the first to lock it executes, the other waits)
    while not CACHE_DB.exists() and en.poll() is None:
        time.sleep(0.2)
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with LOG.open("w", encoding="utf-8") as log:
        zh = subprocess.Popen(chinese(), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        en_code = en.wait()
        zh_code = zh.wait()
    text = LOG.read_text(encoding="utf-8").strip().splitlines()
    print(f"\nThe Chinese edition ({LOG.relative_to(ROOT)}):")
    print("\n".join(text[-15:]) if zh_code else (text[-1] if text else ""))
    print(f"both editions: {time.perf_counter() - started:.1f} s")
    return en_code or zh_code


if __name__ == "__main__":
    sys.exit(main())
