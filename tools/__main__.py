"""``python -m tools``: each script of tools/ with its one-line summary and its command."""

import ast
import sys
from pathlib import Path

from tools import MODULES, SCRIPTS

HERE = Path(__file__).resolve().parent


def summary(name: str) -> str:
    """The first sentence of the module's docstring, read without importing it."""
    tree = ast.parse((HERE / f"{name}.py").read_text(encoding="utf-8"))
    text = " ".join((ast.get_docstring(tree) or "").split())
    return text.split(". ")[0].rstrip(".") + "."


def main(argv: list[str] | None = None) -> int:
    print("Scripts (python -m tools.<name> --help, or python tools/<name>.py --help):")
    for name in SCRIPTS:
        print(f"  {name:<20} {summary(name)}")
    print("Shared modules (imported):")
    for name in MODULES:
        print(f"  {name:<20} {summary(name)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
