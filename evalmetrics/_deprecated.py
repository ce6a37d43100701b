"""Old names kept for one release after a rename: each works and warns with its new name.

The renames and why are on the conventions page ("evalmetrics' own names"); the old names go in
evalmetrics 0.3. ``tests/test_deprecated.py`` calls each through its old name.
"""

from __future__ import annotations

import functools
import types
import warnings
from collections.abc import Callable

__all__ = ["REMOVED_IN", "RenamedModule", "renamed_function"]

REMOVED_IN = "0.3"


def _warn(old: str, new: str) -> None:
    warnings.warn(
        f"{old} is deprecated and will be removed in evalmetrics {REMOVED_IN}: use {new}",
        DeprecationWarning,
        stacklevel=3,
    )


def renamed_function(function: Callable, old: str, new: str) -> Callable:
    """``function`` under its old name ``old`` (qualified, ``ranking.hit_ratio``), warning."""

    @functools.wraps(function)
    def alias(*args, **kwargs):
        _warn(old, new)
        return function(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = old.rsplit(".", 1)[-1]
    alias.__doc__ = f"Deprecated alias of :func:`{new}`; removed in evalmetrics {REMOVED_IN}."
    alias.__wrapped__ = function
    return alias


class RenamedModule(types.ModuleType):
    """A module under its old dotted name: ``from old import x`` works and warns."""

    def __init__(self, old: str, module: types.ModuleType):
        super().__init__(old, f"Deprecated: {old} is now {module.__name__}.")
        self._module = module

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        _warn(f"{self.__name__}.{name}", f"{self._module.__name__}.{name}")
        return getattr(self._module, name)

    def __dir__(self) -> list[str]:
        return dir(self._module)
