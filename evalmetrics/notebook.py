"""Glue values into a notebook's prose, in the book and outside it.

The chapters record the numbers their prose shows with :func:`glue`. When the book is built,
myst-nb's ``glue`` stores each value in the cell's output, and the ``{glue:text}`` roles of the
Markdown read it from there. A reader who downloads a chapter runs it in their own Jupyter,
usually without myst-nb: there :func:`glue` only keeps the value in :data:`GLUED`, so the
chapter runs unchanged. In JupyterLab started by ``make lab`` (``EVALMETRICS_LAB=1``) the
prose already shows the values (``tools/make_lab.py`` writes them in), and myst-nb's output,
a MIME type no Lab renderer knows, is not emitted.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

__all__ = ["GLUED", "glue"]

#: Every value glued in this kernel, by name.
GLUED: dict[str, Any] = {}


def glue(name: str, value: Any, *, display: bool = False) -> None:
    """Record ``value`` under ``name`` for the book's ``{glue:text}`name``` roles.

    Parameters
    ----------
    name : str
        The key the Markdown refers to.
    value : object
        The value; its ``repr`` is what the book formats. A numpy scalar is stored as the
        Python number it holds (``np.float64(0.1)`` as ``0.1``), so format specs apply.
    display : bool, default=False
        Also show the value as the cell's output (through ``myst_nb.glue`` in the book,
        through IPython's ``display`` elsewhere, so a reader sees what the book shows).

    Examples
    --------
    >>> from evalmetrics.notebook import GLUED, glue
    >>> glue("example_auc", 0.75)
    >>> GLUED["example_auc"]
    0.75
    """
    if not isinstance(name, str) or not name:
        raise TypeError(f"name must be a non-empty string, got {name!r}")
    if isinstance(value, np.generic):
        # a numpy scalar's repr is "np.float64(0.1)", which {glue:text}`name:.3f` cannot format
        value = value.item()
    GLUED[name] = value
    myst_glue = None
    if os.environ.get("EVALMETRICS_LAB") != "1":
        try:
            from myst_nb import glue as myst_glue
        except ImportError:  # a reader's own Jupyter: the value is kept
            myst_glue = None
    if myst_glue is not None:
        myst_glue(name, value, display=display)
    elif display:
        try:
            from IPython.display import display as show
        except ImportError:  # plain Python: nothing to show in
            return
        show(value)
