"""``evalmetrics.notebook.glue``: what the book's ``{glue:text}`` roles will read."""

from __future__ import annotations

import numpy as np
import pytest

from evalmetrics.notebook import GLUED, glue


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (np.float64(0.1), float),
        (np.int64(7), int),
        (np.bool_(True), bool),
        (np.float32(0.5), float),
    ],
)
def test_numpy_scalars_are_stored_as_python_numbers(value, kind, monkeypatch):
    # outside the book (myst-nb's glue off): the stored value is what the roles format
    monkeypatch.setenv("EVALMETRICS_LAB", "1")
    glue("test_scalar", value)
    stored = GLUED["test_scalar"]
    assert type(stored) is kind
    assert stored == value
    assert "np." not in repr(stored)  # myst-nb formats the repr: "np.float64(0.1)" fails :.3f


def test_arrays_and_python_values_are_kept_as_given(monkeypatch):
    monkeypatch.setenv("EVALMETRICS_LAB", "1")
    array = np.array([0.1, 0.2])
    glue("test_array", array)
    assert GLUED["test_array"] is array
    glue("test_float", 0.25)
    assert GLUED["test_float"] == 0.25


def test_a_bad_name_is_refused():
    with pytest.raises(TypeError, match="name must be a non-empty string"):
        glue("", 1.0)
