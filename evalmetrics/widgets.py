"""Explorers: a figure bound to sliders, live in Jupyter and still working in the static book.

One mechanism, :class:`Explorer`, binds named parameters (each a slider over given values) to a
function that updates a figure's artists in place and returns readouts (metric name -> value).
The same object renders two ways:

* **In Jupyter** it shows ipywidgets controls. Moving a slider calls the update function, redraws
  the one persistent figure (not a pyplot figure, never a new one) into PNG bytes and puts them
  into an ``ipywidgets.Image``; the readouts go into an ``ipywidgets.HTML``. Every callback
  is all or nothing, and an exception in it is shown as a red line under the readout (not
  only in the kernel's log); the explorer keeps its previous state and the next move works.
* **In the built book** there is no kernel, so the output also carries ``text/html``: a plain
  ``<input type="range">``, one PNG frame per slider value rendered at build time (palette
  quantised, as data URIs) with the readouts of each frame, swapped by a few lines of inline
  JavaScript on ``input`` events. No external script, no CDN; arrow keys work natively.

Frames are rendered only when the environment variable ``EVALMETRICS_STATIC_FRAMES`` is ``"1"``
(the book build sets it and the kernel inherits it). Then no ipywidgets are created at all, so
the executed notebook stores no widget state and the page carries only the frames. Otherwise the
``text/html`` is a one-line note and displaying an explorer in Jupyter stays instant.

The four explorers of the book are built on it: :func:`threshold_explorer`,
:func:`beta_explorer`, :func:`imbalance_explorer` and :func:`ranking_explorer`. Every number
they show comes from the evalmetrics core; this module only chooses parameters and draws.
"""

from __future__ import annotations

import base64
import collections
import dataclasses
import hashlib
import html
import io
import itertools
import json
import math
import os
import re
import traceback
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

import evalmetrics as em
from evalmetrics import ranking
from evalmetrics.plots import (
    CHANCE_COLOR,
    HIGHLIGHT_COLOR,
    LINE_WIDTH,
    fbeta_isocurve,
    plot_confusion_matrix,
    plot_fbeta_isocurves,
    plot_pr_curve,
    plot_ranked_list,
    plot_roc_curve,
    plot_score_distributions,
)

__all__ = [
    "MAX_FRAMES",
    "STATIC_FRAMES_VARIABLE",
    "Explorer",
    "Parameter",
    "RankingExplorer",
    "beta_explorer",
    "imbalance_explorer",
    "ranking_explorer",
    "static_frames_enabled",
    "threshold_explorer",
]

#: Environment variable that switches frame rendering on (value ``"1"``).
STATIC_FRAMES_VARIABLE = "EVALMETRICS_STATIC_FRAMES"

#: Most frames one explorer may render for the static book.
MAX_FRAMES = 41

#: Resolution of explorer figures (pixels per inch).
DPI = 80

_PALETTE_COLORS = 64  # colours of a quantised static frame
_LIVE_PNG_COMPRESSION = 1  # zlib level of live frames: speed over size
_explorer_counter = itertools.count(1)


def static_frames_enabled() -> bool:
    """True when ``EVALMETRICS_STATIC_FRAMES=1``: explorers render frames for the static book."""
    return os.environ.get(STATIC_FRAMES_VARIABLE, "") == "1"


@dataclass(frozen=True)
class Parameter:
    """A named slider over a fixed, ordered list of values.

    Parameters
    ----------
    name : str
        Keyword under which the update function receives the value.
    values : sequence of float
        The slider positions, in slider order (at least one).
    initial : float, optional
        Starting value (snapped to the nearest of ``values``); the middle value by default.
    label : str, optional
        Text next to the slider (default ``name``).
    format : str, default "{:.3g}"
        How a value is displayed, a ``str.format`` pattern (for example ``"{:.1%}"``).

    Examples
    --------
    >>> p = Parameter("beta", [0.5, 1.0, 2.0], initial=0.9)
    >>> p.values[p.index_of(p.initial)], p.display(2.0)
    (1.0, '2')
    """

    name: str
    values: tuple[float, ...]
    initial: float | None = None
    label: str | None = None
    format: str = "{:.3g}"

    def __post_init__(self) -> None:
        values = tuple(float(value) for value in np.asarray(self.values, dtype=np.float64).ravel())
        if not values:
            raise ValueError(f"values of parameter {self.name!r} is empty")
        if not all(math.isfinite(value) for value in values):
            raise ValueError(f"values of parameter {self.name!r} must be finite")
        if len(set(values)) != len(values):
            raise ValueError(f"values of parameter {self.name!r} contains duplicates")
        object.__setattr__(self, "values", values)
        if self.initial is None:
            object.__setattr__(self, "initial", values[(len(values) - 1) // 2])

    def index_of(self, value: float) -> int:
        """Index of the slider value nearest to ``value`` (the first one on a tie)."""
        return int(np.argmin(np.abs(np.asarray(self.values) - float(value))))

    def display(self, value: float) -> str:
        """The value as the slider shows it."""
        return self.format.format(value)


def _format_readout(value: float, pattern: str) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "undefined"
    return pattern.format(value)


class Explorer:
    """A figure whose artists follow one or more sliders, with readouts of metric values.

    Parameters
    ----------
    figure : matplotlib.figure.Figure
        A figure made with ``Figure(...)`` (not pyplot), drawn once; ``update`` changes its
        artists in place. Its layout is fixed after the first layout pass.
    parameters : sequence of Parameter
        The sliders. The static book renders one frame per combination of values, at most
        ``MAX_FRAMES`` in all.
    update : callable
        ``update(**values) -> mapping`` of readout name to value: moves the artists to the
        given parameter values and returns the readouts.
    artists : mapping, optional
        The artists, exposed as ``artists`` (for tests and for further styling).
    readout_labels : mapping of str to str, optional
        Display names of readouts (default: the readout keys). May contain HTML such as
        ``F<sub>β</sub>``.
    readout_formats : mapping of str to str, optional
        ``str.format`` patterns per readout (default ``"{:.3f}"``); NaN shows "undefined".
    name : str, default "explorer"
        Short name, used in ``repr``, in the static HTML and as the frames' alt text.
    description : str, optional
        Alt text of the figure (what it shows), for screen readers.
    dynamic_artists : sequence of matplotlib.artist.Artist, optional
        The artists ``update`` changes. When given, they are marked animated and drawn over a
        cached background of everything else, which makes an update several times faster.
        Everything else must then stay unchanged (call :meth:`refresh` after changing it),
        and dynamic artists are drawn above all static ones. Animated artists are left out
        of ``figure.savefig``; use :meth:`render_png` to save the figure.

    Attributes
    ----------
    figure : matplotlib.figure.Figure
        The persistent figure.
    parameters : dict
        The sliders (``Parameter``) by name.
    artists : dict
        The artists given at construction.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> figure = Figure(figsize=(2, 2))
    >>> ax = figure.add_subplot()
    >>> (line,) = ax.plot([0, 1], [0, 0])
    >>> def update(slope):
    ...     line.set_ydata([0, slope])
    ...     return {"slope": slope}
    >>> explorer = Explorer(figure, [Parameter("slope", [0.0, 0.5, 1.0])], update)
    >>> explorer.values, explorer.readout
    ({'slope': 0.5}, {'slope': 0.5})
    >>> explorer.set(slope=0.9)
    >>> explorer.values, list(line.get_ydata())
    ({'slope': 1.0}, [0, 1.0])
    """

    def __init__(
        self,
        figure: Figure,
        parameters: Sequence[Parameter],
        update: Callable[..., Mapping[str, float]],
        *,
        artists: Mapping[str, Any] | None = None,
        readout_labels: Mapping[str, str] | None = None,
        readout_formats: Mapping[str, str] | None = None,
        name: str = "explorer",
        description: str = "",
        dynamic_artists: Sequence[Artist] = (),
    ) -> None:
        if not parameters:
            raise ValueError("parameters is empty; an explorer needs at least one slider")
        names = [parameter.name for parameter in parameters]
        if len(set(names)) != len(names):
            raise ValueError(f"parameters has duplicate names: {names}")
        self.figure = figure
        self.parameters: dict[str, Parameter] = {p.name: p for p in parameters}
        self.artists: dict[str, Any] = dict(artists or {})
        self.name = name
        self.description = description
        self._update = update
        self._readout_labels = dict(readout_labels or {})
        self._readout_formats = dict(readout_formats or {})
        self._canvas = FigureCanvasAgg(figure)
        figure.patch.set_facecolor("white")
        figure.patch.set_alpha(1.0)
        # artists that move: drawn over a cached background of everything else (blitting)
        self._dynamic = sorted(dynamic_artists, key=lambda artist: artist.get_zorder())
        for artist in self._dynamic:
            artist.set_animated(True)
        self._background: Any = None
        self._values = {p.name: p.values[p.index_of(p.initial)] for p in parameters}
        self._readout = self._compute()
        self._freeze_layout()
        # live controls are made on first display only (never when frames are rendered)
        self._widget: Any = None
        self._sliders: dict[str, Any] = {}
        self._image_widget: Any = None
        self._readout_widget: Any = None
        self._message_widget: Any = None
        self._syncing = False
        #: The exception of the last failed live action (slider move, click), else None.
        self.last_error: BaseException | None = None

    # ------------------------------------------------------------------ state

    @property
    def values(self) -> dict[str, float]:
        """Current parameter values (a copy)."""
        return dict(self._values)

    @property
    def readout(self) -> dict[str, float]:
        """Current readouts, metric name -> value (a copy)."""
        return dict(self._readout)

    def set(self, **values: float) -> None:
        """Move sliders; each value snaps to the nearest value its slider offers.

        All or nothing: if the update fails, the explorer stays at its previous values and
        the exception propagates.

        Raises
        ------
        TypeError
            If a name is not one of the explorer's parameters (nothing is changed).
        """
        for name in values:
            if name not in self.parameters:
                raise TypeError(
                    f"{name} is not a parameter of this explorer; "
                    f"it has {', '.join(self.parameters)}"
                )
        self._apply(
            {
                name: self.parameters[name].values[self.parameters[name].index_of(value)]
                for name, value in values.items()
            }
        )

    def refresh(self) -> None:
        """Recompute and redraw everything at the current values (after the data changed)."""
        self._background = None
        self._apply({})

    def _apply(self, values: Mapping[str, float]) -> None:
        """Move to ``values`` (already snapped) as one transaction.

        Computes the readouts and, when the live view exists, renders the new frame before
        anything visible changes. If either step raises, the previous values are restored,
        the artists are moved back to them, the sliders are put back, and the exception
        propagates; the live image and readout keep showing the previous (consistent) state.
        """
        saved = dict(self._values)
        try:
            self._values.update(values)
            readout = self._compute()
            png = self.render_png() if self._widget is not None else None
        except Exception:
            self._values = saved
            self._background = None
            try:
                self._compute()  # the artists back at the saved values
            except Exception:  # the first error is the one to report
                pass
            if self._widget is not None:
                self._sync_sliders()
            raise
        self._readout = readout
        if self._widget is not None:
            self._sync_sliders()
            self._image_widget.value = png
            self._readout_widget.value = self.readout_html()
            self._show_message("")

    def _compute(self) -> dict[str, float]:
        with warnings.catch_warnings():
            # undefined values (0/0) are shown as "undefined"; no warning text on the page
            warnings.simplefilter("ignore", em.UndefinedMetricWarning)
            readout = self._update(**self._values)
        return {key: float(value) for key, value in readout.items()}

    def _freeze_layout(self) -> None:
        """Run the figure's layout engine once, then keep the positions (faster updates)."""
        engine = self.figure.get_layout_engine()
        if engine is not None:
            engine.execute(self.figure)
            self.figure.set_layout_engine("none")

    # ------------------------------------------------------------------ rendering

    def _draw(self) -> None:
        """Draw the figure into the canvas buffer.

        The first call draws everything but the dynamic artists and keeps that as the
        background; later calls restore it and draw only the dynamic artists on top (in zorder),
        which skips the costly axes, ticks and labels.
        """
        if not self._dynamic:
            self._canvas.draw()
            return
        if self._background is None:
            self._canvas.draw()  # animated (dynamic) artists are left out
            self._background = self._canvas.copy_from_bbox(self.figure.bbox)
        else:
            self._canvas.restore_region(self._background)
        renderer = self._canvas.get_renderer()
        for artist in self._dynamic:
            if artist.get_visible():
                artist.draw(renderer)

    def render_rgba(self) -> np.ndarray:
        """Draw the figure and return its pixels, shape (height, width, 4), uint8 (a copy)."""
        self._draw()
        return np.array(self._canvas.buffer_rgba())

    def render_png(self, *, palette: bool = False) -> bytes:
        """Draw the figure and return PNG bytes.

        Parameters
        ----------
        palette : bool, default False
            Quantise to a palette of at most 64 colours and optimise (small, slower: for the
            static book). False encodes fast for live updates.
        """
        from PIL import Image  # matplotlib's own dependency

        self._draw()
        width, height = self._canvas.get_width_height()
        image = Image.frombuffer(
            "RGBA", (width, height), self._canvas.buffer_rgba(), "raw", "RGBA", 0, 1
        ).convert("RGB")
        buffer = io.BytesIO()
        if palette:
            image = image.quantize(
                colors=_PALETTE_COLORS,
                # maximum coverage keeps small areas of colour (a marker) that median cut
                # merges into grey, and is twice as fast
                method=Image.Quantize.MAXCOVERAGE,
                dither=Image.Dither.NONE,
            )
            image.save(buffer, format="png", optimize=True)
        else:
            image.save(buffer, format="png", compress_level=_LIVE_PNG_COMPRESSION)
        return buffer.getvalue()

    def readout_html(self, readout: Mapping[str, float] | None = None) -> str:
        """The readouts as a line of HTML (each metric in a ``span.em-metric``)."""
        readout = self._readout if readout is None else readout
        items = []
        for key, value in readout.items():
            label = self._readout_labels.get(key, html.escape(key))
            text = _format_readout(value, self._readout_formats.get(key, "{:.3f}"))
            items.append(
                f'<span class="em-metric" data-metric="{html.escape(key)}" '
                f'data-value="{value!r}">{label} <b>{text}</b></span>'
            )
        return " &middot; ".join(items)

    def _frame_count(self) -> int:
        return math.prod(len(p.values) for p in self.parameters.values())

    def static_html(self, *, frames: bool | None = None) -> str:
        """HTML for a page without a kernel.

        Parameters
        ----------
        frames : bool, optional
            Render the frames (a slider that works offline). By default only when
            ``EVALMETRICS_STATIC_FRAMES=1``; otherwise a one-line note.

        Raises
        ------
        ValueError
            If the sliders have more than ``MAX_FRAMES`` combinations.
        """
        if frames is None:
            frames = static_frames_enabled()
        if not frames:
            return (
                f'<div class="em-explorer em-explorer-note"><p><em>Interactive {self.name}: '
                "run this notebook in Jupyter to move the slider.</em></p></div>"
            )
        n_frames = self._frame_count()
        if n_frames > MAX_FRAMES:
            raise ValueError(
                f"parameters give {n_frames} frames; the static book allows at most {MAX_FRAMES}"
            )
        parameters = list(self.parameters.values())
        saved = dict(self._values)
        frame_uris: list[str] = []
        readouts: list[str] = []
        try:
            for combination in itertools.product(*(p.values for p in parameters)):
                self._values = dict(zip(self._values, combination, strict=True))
                readouts.append(self.readout_html(self._compute()))
                png = self.render_png(palette=True)
                frame_uris.append("data:image/png;base64," + base64.b64encode(png).decode())
        finally:
            self._values = saved
            self._readout = self._compute()
        strides = _strides([len(p.values) for p in parameters])
        positions = [p.values.index(saved[p.name]) for p in parameters]
        current = sum(
            position * stride for position, stride in zip(positions, strides, strict=True)
        )
        digest = hashlib.sha1("".join(frame_uris).encode()).hexdigest()[:8]
        uid = f"em-explorer-{next(_explorer_counter)}-{digest}"
        data = {
            "frames": frame_uris,
            "readouts": readouts,
            "labels": [[p.display(value) for value in p.values] for p in parameters],
            "strides": strides,
        }
        payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
        width, height = self._canvas.get_width_height()
        controls = []
        for parameter, position in zip(parameters, positions, strict=True):
            slider_id = f"{uid}-{_html_id(parameter.name)}"
            label = html.escape(parameter.label or parameter.name)
            shown = html.escape(parameter.display(parameter.values[position]))
            controls.append(
                f'<div class="em-control"><label for="{slider_id}">{label}</label> '
                f'<input type="range" class="em-slider" id="{slider_id}" '
                f'data-parameter="{html.escape(parameter.name)}" min="0" '
                f'max="{len(parameter.values) - 1}" step="1" value="{position}" '
                f'aria-valuetext="{shown}" autocomplete="off"> '
                f'<output class="em-value" for="{slider_id}">{shown}</output></div>'
            )
        alt = html.escape(self.description or self.name)
        return (
            f'<div class="em-explorer" id="{uid}" data-explorer="{html.escape(self.name)}" '
            f'data-frames="{n_frames}">'
            f"<style>#{uid} .em-control{{display:flex;align-items:center;gap:0.6em;"
            f"margin:0.2em 0}}#{uid} .em-slider{{flex:0 1 24em}}"
            f"#{uid} .em-value{{font-variant-numeric:tabular-nums;min-width:4em}}"
            f"#{uid} .em-frame{{max-width:100%;height:auto;display:block}}"
            f"#{uid} .em-readout{{font-variant-numeric:tabular-nums;margin:0.3em 0}}</style>"
            + "".join(controls)
            + f'<img class="em-frame" src="{frame_uris[current]}" width="{width}" '
            f'height="{height}" alt="{alt}">'
            f'<div class="em-readout" aria-live="polite">{readouts[current]}</div>'
            f'<script type="application/json" class="em-data">{payload}</script>'
            f"<script>{_SWAP_SCRIPT.replace('UID', uid)}</script></div>"
        )

    # ------------------------------------------------------------------ Jupyter

    @property
    def widget(self) -> Any:
        """The live ipywidgets view (built on first access)."""
        if self._widget is None:
            self._widget = self._build_widget()
        return self._widget

    def _live_controls(self) -> list[Any]:
        """Extra live widgets below the readout (none here; subclasses add some)."""
        return []

    def _build_widget(self) -> Any:
        import ipywidgets as widgets

        for parameter in self.parameters.values():
            slider = widgets.SelectionSlider(
                options=[(parameter.display(v), i) for i, v in enumerate(parameter.values)],
                value=parameter.index_of(self._values[parameter.name]),
                description=parameter.label or parameter.name,
                continuous_update=True,
                style={"description_width": "initial"},
                layout=widgets.Layout(width="32em"),
            )
            slider.observe(self._on_slider, names="value")  # guarded inside
            self._sliders[parameter.name] = slider
        width, _ = self._canvas.get_width_height()
        self._image_widget = widgets.Image(
            value=self.render_png(),
            format="png",
            layout=widgets.Layout(width=f"{width}px", max_width="100%"),
        )
        self._readout_widget = widgets.HTML(self.readout_html())
        # errors of live actions show here (hidden while there is none), not only in a log
        self._message_widget = widgets.HTML("", layout=widgets.Layout(display="none"))
        return widgets.VBox(
            [
                *self._sliders.values(),
                self._image_widget,
                self._readout_widget,
                self._message_widget,
                *self._live_controls(),
            ]
        )

    def _guarded(self, action: Callable[..., Any], what: str) -> Callable[..., None]:
        """Wrap a widget callback: an exception is shown in the explorer, never lost in a log.

        ipywidgets runs callbacks outside any cell, so an uncaught exception would reach only
        the kernel's log (JupyterLab's log console). Here it is caught and shown as a red line
        under the readout; the action itself is all or nothing (see :meth:`_apply`), so the
        explorer stays consistent and the next action works. A successful action clears it.
        """

        def callback(*args: Any, **kwargs: Any) -> None:
            try:
                action(*args, **kwargs)
            except Exception as error:  # shown to the reader instead
                self._report(error, what)
            else:
                self.last_error = None
                self._show_message("")

        return callback

    def _report(self, error: BaseException, what: str) -> None:
        self.last_error = error
        frames = traceback.extract_tb(error.__traceback__)
        where = ""
        if frames:
            frame = frames[-1]
            where = f" (in {os.path.basename(frame.filename)}:{frame.lineno}, {frame.name})"
        text = f"{what}: {type(error).__name__}: {error}{where}"
        self._show_message(
            '<div class="em-error" role="alert" style="color:#b00020;line-height:1.3">'
            f"&#9888; {html.escape(text)}</div>"
        )

    def _show_message(self, message_html: str) -> None:
        widget = self._message_widget
        if widget is None:
            return
        if widget.value != message_html:
            widget.value = message_html
        display = "" if message_html else "none"
        if widget.layout.display != display:
            widget.layout.display = display

    @property
    def message(self) -> str:
        """The message the live view shows under the readout, as plain text ("" if none)."""
        if self._message_widget is None:
            return ""
        return html.unescape(re.sub(r"<[^>]*>", "", self._message_widget.value)).strip()

    def _on_slider(self, change: Mapping[str, Any]) -> None:
        if self._syncing:
            return
        for name, slider in self._sliders.items():
            if slider is change["owner"]:
                value = self.parameters[name].values[change["new"]]
                label = self.parameters[name].label or name
                self._guarded(
                    self._apply, f"{label} not moved to {self.parameters[name].display(value)}"
                )({name: value})

    def _sync_sliders(self) -> None:
        self._syncing = True
        try:
            for name, slider in self._sliders.items():
                slider.value = self.parameters[name].index_of(self._values[name])
        finally:
            self._syncing = False

    def __repr__(self) -> str:
        values = ", ".join(f"{k}={v:g}" for k, v in self._values.items())
        readout = ", ".join(f"{k}={v:.4g}" for k, v in self._readout.items())
        return f"<{self.name}: {values}; {readout}>"

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **kwargs: Any) -> dict:
        """Jupyter's display hook: widget view (live), ``text/html`` (static) and text."""
        bundle = {"text/plain": repr(self), "text/html": self.static_html()}
        if static_frames_enabled():
            return bundle  # building the book: frames only, no widget (no widget state stored)
        try:
            view = self.widget._repr_mimebundle_(**kwargs)
        except ImportError:  # ipywidgets missing: the note and the text are all there is
            return bundle
        bundle.update({key: value for key, value in view.items() if key != "text/plain"})
        return bundle


def _strides(sizes: Sequence[int]) -> list[int]:
    """Row-major strides: the frame index is sum(position * stride), last slider fastest."""
    return [math.prod(sizes[i + 1 :]) for i in range(len(sizes))]


def _html_id(text: str) -> str:
    return "".join(character if character.isalnum() else "-" for character in text)


# Swaps frame, readout and shown value on every `input` event of the explorer's sliders.
_SWAP_SCRIPT = """(function () {
var root = document.getElementById("UID");
var data = JSON.parse(root.querySelector("script.em-data").textContent);
var sliders = root.querySelectorAll("input.em-slider");
var shown = root.querySelectorAll("output.em-value");
var frame = root.querySelector("img.em-frame");
var readout = root.querySelector(".em-readout");
function show() {
  var index = 0;
  for (var i = 0; i < sliders.length; i++) {
    var position = Number(sliders[i].value);
    index += position * data.strides[i];
    shown[i].textContent = data.labels[i][position];
    sliders[i].setAttribute("aria-valuetext", data.labels[i][position]);
  }
  if (frame.getAttribute("src") !== data.frames[index]) { frame.src = data.frames[index]; }
  readout.innerHTML = data.readouts[index];
}
for (var i = 0; i < sliders.length; i++) { sliders[i].addEventListener("input", show); }
show();
})();"""


# ---------------------------------------------------------------------- the book's explorers


def _new_figure(width: float, height: float, dpi: float, *, constrained: bool = True) -> Figure:
    return Figure(
        figsize=(width, height),
        dpi=dpi,
        layout="constrained" if constrained else None,
        facecolor="white",
    )


def _default_thresholds(scores: np.ndarray) -> np.ndarray:
    """41 evenly spaced thresholds: over [0, 1] for probabilities, else over the score range.

    Over [0, 1] the values are rounded to 12 decimals, so 0.35 is exactly the float 0.35 (not
    ``linspace``'s 0.35000000000000003) and a score of 0.35 counts as positive at it.
    """
    low, high = float(scores.min()), float(scores.max())
    if 0.0 <= low and high <= 1.0:
        return np.round(np.linspace(0.0, 1.0, MAX_FRAMES), 12)
    if high == low:
        return np.array([low])
    return np.linspace(low, high, MAX_FRAMES)


def threshold_explorer(
    y_true: Sequence[object] | np.ndarray,
    y_score: Sequence[float] | np.ndarray,
    *,
    thresholds: Sequence[float] | np.ndarray | None = None,
    initial: float | None = None,
    pos_label: object = 1,
    scale: str = "count",
    dpi: float = DPI,
) -> Explorer:
    """Move a decision threshold and watch the counts, the metrics and the curve points follow.

    Shows the score histograms of both classes with the threshold and the four outcomes
    shaded, the confusion matrix, the ROC curve and the PR curve with the current point; the
    readouts are accuracy, precision, recall, F1 and the false positive rate. An item is
    predicted positive when its score is at least the threshold.

    Everything comes from one :func:`evalmetrics.sweep` of the scores: the counts at a
    threshold are ``sweep.at(threshold)``, and the curves are :func:`evalmetrics.roc_curve` and
    :func:`evalmetrics.pr_curve`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (two classes).
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    thresholds : array-like, optional
        Slider values (at most 41 for the static book). Default: 41 evenly spaced values over
        [0, 1] when every score lies in [0, 1], else over the score range.
    initial : float, optional
        Starting threshold (default: the middle slider value, 0.5 for probabilities).
    pos_label : default 1
        The label of the positive class.
    scale : {"count", "share"}, default "count"
        Histogram heights as counts, or as the share of each class (keeps a rare class
        visible); see :func:`evalmetrics.plots.plot_score_distributions`.
    dpi : float, default 80
        Resolution of the figure.

    Returns
    -------
    Explorer
        With parameter ``threshold``, readouts ``accuracy``, ``precision``, ``recall``, ``f1``
        and ``fpr``, and artists ``histogram``, ``matrix``, ``roc`` and ``pr``.

    Examples
    --------
    >>> explorer = threshold_explorer([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> explorer.set(threshold=0.35)
    >>> explorer.readout["precision"], explorer.readout["recall"]
    (0.6666666666666666, 1.0)
    """
    threshold_sweep = em.sweep(y_true, y_score, pos_label=pos_label)
    scores = np.asarray(y_score, dtype=np.float64)
    fpr, tpr, _ = em.roc_curve(y_true, y_score, pos_label=pos_label)
    precision, recall, _ = em.pr_curve(y_true, y_score, pos_label=pos_label)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        prevalence = threshold_sweep.counts(0).prevalence
    if thresholds is None:
        thresholds = _default_thresholds(scores)
    parameter = Parameter("threshold", thresholds, initial=initial)
    edges = np.sort(np.asarray(parameter.values))
    covers_scores = edges.size >= 2 and edges[0] <= scores.min() and edges[-1] >= scores.max()
    bins = edges if covers_scores else 40

    figure = _new_figure(8.0, 5.6, dpi)
    grid = figure.add_gridspec(2, 3, height_ratios=[1.0, 1.2])
    histogram = plot_score_distributions(
        figure.add_subplot(grid[0, :]),
        y_true,
        scores,
        parameter.initial,
        bins=bins,
        pos_label=pos_label,
        legend=False,  # the confusion matrix below is the colour key
        scale=scale,
    )
    matrix = plot_confusion_matrix(
        figure.add_subplot(grid[1, 0]), threshold_sweep.at(parameter.initial)
    )
    roc = plot_roc_curve(figure.add_subplot(grid[1, 1]), fpr, tpr)
    pr = plot_pr_curve(figure.add_subplot(grid[1, 2]), precision, recall, prevalence=prevalence)

    def update(threshold: float) -> dict[str, float]:
        counts = threshold_sweep.at(threshold)
        histogram.update(threshold)
        matrix.update(counts)
        roc.move_point(counts.fpr, counts.recall)
        pr.move_point(counts.recall, counts.precision)
        return {
            "accuracy": counts.accuracy,
            "precision": counts.precision,
            "recall": counts.recall,
            "f1": counts.f1,
            "fpr": counts.fpr,
        }

    return Explorer(
        figure,
        [parameter],
        update,
        artists={"histogram": histogram, "matrix": matrix, "roc": roc, "pr": pr},
        readout_labels={"f1": "F1", "fpr": "FPR"},
        name="threshold explorer",
        description=(
            "Score histograms of both classes with the threshold and the four outcomes shaded, "
            "the confusion matrix, and the current point on the ROC and PR curves."
        ),
        dynamic_artists=[
            *histogram.regions.values(),
            *histogram.outlines,
            histogram.threshold_line,
            *histogram.class_labels,
            *itertools.chain.from_iterable(matrix.texts),
            roc.point,
            pr.point,
        ],
    )


def _default_betas() -> np.ndarray:
    """41 log-spaced betas from 0.25 to 4 (ratio 2**0.1), the middle one exactly 1."""
    return 2.0 ** np.round(np.linspace(-2.0, 2.0, MAX_FRAMES), 12)


def _fbeta_candidates(
    precision: np.ndarray, recall: np.ndarray, thresholds: np.ndarray
) -> np.ndarray:
    """Thresholds that can maximise F-beta for some beta > 0, in descending order.

    :math:`1/F_\\beta = (\\beta^2 / R + 1 / P) / (1 + \\beta^2)` is linear in
    :math:`(1/R, 1/P)`, so for every beta its minimum over the curve's points lies on the
    lower-left convex hull of the points :math:`(1/R, 1/P)`; points with recall 0 have
    F-beta 0. Nearly collinear points are kept, so no maximiser is lost to rounding.
    """
    order = np.argsort(-thresholds, kind="stable")
    precision, recall, thresholds = precision[order], recall[order], thresholds[order]
    useful = recall > 0
    if not useful.any():
        return thresholds[:1]
    inverse_recall = 1.0 / recall[useful]
    inverse_precision = 1.0 / precision[useful]
    thresholds = thresholds[useful]
    hull: list[int] = []
    for index in np.lexsort((inverse_precision, inverse_recall)):
        while len(hull) >= 2:
            first, middle = hull[-2], hull[-1]
            du1 = inverse_recall[middle] - inverse_recall[first]
            dv1 = inverse_precision[middle] - inverse_precision[first]
            du2 = inverse_recall[index] - inverse_recall[first]
            dv2 = inverse_precision[index] - inverse_precision[first]
            cross = du1 * dv2 - dv1 * du2
            if cross < -1e-9 * math.hypot(du1, dv1) * math.hypot(du2, dv2):
                hull.pop()  # the middle point lies above the hull: never the best
            else:
                break
        hull.append(int(index))
    lowest = int(np.argmin(inverse_precision[hull]))
    chosen = thresholds[hull[: lowest + 1]]
    return np.sort(chosen)[::-1]


def beta_explorer(
    y_true: Sequence[object] | np.ndarray,
    y_score: Sequence[float] | np.ndarray,
    *,
    betas: Sequence[float] | np.ndarray | None = None,
    levels: Sequence[float] = (0.2, 0.4, 0.6, 0.8),
    pos_label: object = 1,
    dpi: float = DPI,
) -> Explorer:
    """Move beta and watch which threshold maximises F-beta along the PR curve.

    Draws the PR curve over curves of equal F-beta and marks the threshold with the highest
    F-beta, with the iso-curve through it: the best threshold is where the PR curve touches
    the highest iso-curve. Raising beta (recall weighs more) moves it towards high recall.

    Each F-beta is :meth:`evalmetrics.Counts.fbeta` of ``sweep.at(threshold)``. Only the
    thresholds that can win for some beta are evaluated: since
    :math:`1/F_\\beta = (\\beta^2/R + 1/P)/(1+\\beta^2)` is linear in :math:`1/R` and
    :math:`1/P`, the winner lies on the lower-left convex hull of the points
    :math:`(1/R, 1/P)`, usually a few dozen of them. Among equal maxima the highest threshold
    wins.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels (two classes).
    y_score : array-like of shape (n,)
        Scores; higher means more likely positive.
    betas : array-like, optional
        Slider values; default 41 log-spaced values from 0.25 to 4 including exactly 1.
    levels : sequence of float, default (0.2, 0.4, 0.6, 0.8)
        F-beta values of the background iso-curves.
    pos_label : default 1
        The label of the positive class.
    dpi : float, default 80
        Resolution of the figure.

    Returns
    -------
    Explorer
        With parameter ``beta``; readouts ``threshold`` (the best one), ``precision``,
        ``recall`` and ``fbeta`` there; artists ``isocurves``, ``pr`` and ``best_isocurve``.

    Examples
    --------
    >>> explorer = beta_explorer([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.7, 0.2])
    >>> explorer.values
    {'beta': 1.0}
    >>> explorer.readout["threshold"], explorer.readout["fbeta"]
    (0.2, 0.75)
    """
    threshold_sweep = em.sweep(y_true, y_score, pos_label=pos_label)
    precision, recall, thresholds = em.pr_curve(y_true, y_score, pos_label=pos_label)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        prevalence = threshold_sweep.counts(0).prevalence
    if math.isnan(prevalence) or prevalence == 0:
        raise ValueError("y_true has no positives; F-beta needs at least one")
    candidate_thresholds = _fbeta_candidates(precision, recall, thresholds)
    candidate_counts = [threshold_sweep.at(float(t)) for t in candidate_thresholds]

    parameter = Parameter(
        "beta", _default_betas() if betas is None else betas, initial=1.0, label="β"
    )
    width, height = 5.4, 5.5
    figure = _new_figure(width, height, dpi, constrained=False)
    # fixed square axes, with room above and right for the iso-curve labels, below for the legend
    ax = figure.add_axes((0.13, 0.2, 0.72, 0.72 * width / height))
    isocurves = plot_fbeta_isocurves(ax, parameter.initial, levels=levels)
    pr = plot_pr_curve(ax, precision, recall, prevalence=prevalence, label="PR curve")
    pr.point.set_label("best threshold")
    (best_isocurve,) = ax.plot(
        isocurves.recall,
        isocurves.recall,
        color=HIGHLIGHT_COLOR,
        linewidth=LINE_WIDTH,
        linestyle="--",
        label="iso-curve of the best F-β",
    )
    # the legend sits below the square, where no moving artist goes
    ax.legend(
        loc="upper center", bbox_to_anchor=(0.5, -0.13), ncols=2, fontsize="small", frameon=False
    )

    def update(beta: float) -> dict[str, float]:
        fbeta_values = [counts.fbeta(beta, zero_division=0.0) for counts in candidate_counts]
        best = int(np.argmax(fbeta_values))
        counts = candidate_counts[best]
        isocurves.update(beta)
        best_isocurve.set_data(
            isocurves.recall, fbeta_isocurve(fbeta_values[best], beta, isocurves.recall)
        )
        pr.move_point(counts.recall, counts.precision)
        return {
            "threshold": float(candidate_thresholds[best]),
            "precision": counts.precision,
            "recall": counts.recall,
            "fbeta": fbeta_values[best],
        }

    return Explorer(
        figure,
        [parameter],
        update,
        artists={"isocurves": isocurves, "pr": pr, "best_isocurve": best_isocurve},
        readout_labels={
            "threshold": "best threshold",
            "precision": "precision",
            "recall": "recall",
            "fbeta": "F<sub>β</sub>",
        },
        readout_formats={"threshold": "{:.4g}"},
        name="beta explorer",
        description=(
            "Precision-recall curve over curves of equal F-beta, with the threshold of highest "
            "F-beta marked."
        ),
        dynamic_artists=[
            *isocurves.lines,
            *isocurves.labels,
            best_isocurve,
            pr.curve,  # over the iso-curves, as in a full draw
            pr.point,
        ],
    )


def _default_prevalences() -> np.ndarray:
    """Readable prevalences from 0.1% to 50% (1, 1.5, 2, 3, 4, 5, 7 per decade): 20 values."""
    steps = np.array([1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 7.0])
    values = np.concatenate([steps * 1e-3, steps * 1e-2, steps * 1e-1])
    return np.round(values[values <= 0.5], 6)


def _round_half_up(value: float) -> int:
    return int(math.floor(value + 0.5))


def _counts_at_prevalence(model: em.Counts, prevalence: float, n_samples: int) -> em.Counts:
    """Counts of a test set of ``n_samples`` items at ``prevalence``, for a model with the
    true and false positive rates of ``model`` (each count rounded to the nearest integer)."""
    n_positive = _round_half_up(prevalence * n_samples)
    n_negative = n_samples - n_positive
    true_positives = _round_half_up(model.recall * n_positive)
    false_positives = _round_half_up(model.fpr * n_negative)
    return em.Counts(
        tp=true_positives,
        fp=false_positives,
        tn=n_negative - false_positives,
        fn=n_positive - true_positives,
    )


def imbalance_explorer(
    y_true: Sequence[object] | np.ndarray,
    y_score: Sequence[float] | np.ndarray,
    threshold: float = 0.5,
    *,
    prevalences: Sequence[float] | np.ndarray | None = None,
    initial: float | None = None,
    n_samples: int = 10_000,
    pos_label: object = 1,
    dpi: float = DPI,
) -> Explorer:
    """Change the share of positives and compare a real model with "always negative".

    The accuracy paradox: as positives get rare, the trivial model that predicts negative for
    everything reaches accuracy 1 - prevalence and beats a useful model, while the model's
    precision collapses and its recall moves only by the rounding of whole counts (visibly when
    ``prevalence * n_samples`` is small: 0.900 to 0.950 for chapter 1's model at 10,000 cases;
    chapter 1 simulates 10,000,000).

    How a prevalence is simulated: the model keeps its true positive rate (recall) and false
    positive rate at ``threshold``, measured on the given data with
    :func:`evalmetrics.counts_at`. A test set of ``n_samples`` items at prevalence ``p`` has
    ``round(p * n_samples)`` positives; the model's TP and FP are its rates times the class
    sizes, rounded to the nearest integer (halves up). Every readout is an attribute of those
    :class:`evalmetrics.Counts`; the trivial model's counts are TP = FP = 0.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        True labels of the data the model was measured on (two classes).
    y_score : array-like of shape (n,)
        The model's scores.
    threshold : float, default 0.5
        The model's decision threshold (positive when ``score >= threshold``).
    prevalences : array-like, optional
        Slider values in (0, 1); default 20 readable values from 0.001 to 0.5.
    initial : float, optional
        Starting prevalence; default the slider value nearest the data's own prevalence.
    n_samples : int, default 10000
        Size of the simulated test set.
    pos_label : default 1
        The label of the positive class.
    dpi : float, default 80
        Resolution of the figure.

    Returns
    -------
    Explorer
        With parameter ``prevalence``; readouts ``accuracy_always_negative``, ``accuracy``,
        ``precision`` and ``recall``; artists ``matrix``, ``lines`` and ``markers``.

    Examples
    --------
    >>> explorer = imbalance_explorer([0, 0, 1, 1], [0.1, 0.6, 0.7, 0.9], n_samples=1000)
    >>> explorer.set(prevalence=0.01)
    >>> explorer.readout["accuracy_always_negative"], explorer.readout["accuracy"]
    (0.99, 0.505)
    """
    model = em.counts_at(y_true, y_score, threshold, pos_label=pos_label)
    if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)):
        raise TypeError(f"n_samples must be a positive integer, got {n_samples!r}")
    if n_samples < 2:
        raise ValueError(f"n_samples must be at least 2, got {n_samples}")
    if model.tp + model.fn == 0 or model.fp + model.tn == 0:
        raise ValueError("y_true must contain both classes to measure the model's rates")
    values = _default_prevalences() if prevalences is None else np.asarray(prevalences, float)
    if np.any((values <= 0) | (values >= 1)):
        raise ValueError("prevalences must lie strictly between 0 and 1")
    parameter = Parameter(
        "prevalence",
        values,
        initial=model.prevalence if initial is None else initial,
        format="{:.2%}",
    )

    def scenario(prevalence: float) -> tuple[em.Counts, em.Counts]:
        counts = _counts_at_prevalence(model, prevalence, n_samples)
        trivial = em.Counts(tp=0, fp=0, tn=counts.tn + counts.fp, fn=counts.fn + counts.tp)
        return counts, trivial

    def metrics(prevalence: float) -> tuple[em.Counts, dict[str, float]]:
        counts, trivial = scenario(prevalence)
        return counts, {
            "accuracy_always_negative": trivial.accuracy,
            "accuracy": counts.accuracy,
            "precision": counts.precision,
            "recall": counts.recall,
        }

    grid = np.geomspace(min(parameter.values), max(parameter.values), 200)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        rows = [metrics(float(prevalence))[1] for prevalence in grid]
    curves = {key: np.array([row[key] for row in rows]) for key in rows[0]}

    figure = _new_figure(8.0, 3.3, dpi)
    grid_spec = figure.add_gridspec(1, 3, width_ratios=[1.0, 1.0, 0.8])
    ax_accuracy = figure.add_subplot(grid_spec[0, 0])
    ax_rates = figure.add_subplot(grid_spec[0, 1], sharex=ax_accuracy)
    matrix = plot_confusion_matrix(figure.add_subplot(grid_spec[0, 2]), scenario(0.5)[0])
    styles = {
        "accuracy": (ax_accuracy, "model", "black", "-"),
        "accuracy_always_negative": (ax_accuracy, "always negative", CHANCE_COLOR, "--"),
        "precision": (ax_rates, "precision", "black", "-"),
        "recall": (ax_rates, "recall", "#009E73", "--"),
    }
    lines = {}
    for key, (ax, label, color, style) in styles.items():
        (lines[key],) = ax.plot(
            grid, curves[key], color=color, linestyle=style, linewidth=LINE_WIDTH, label=label
        )
    markers = {}
    for name, ax in (("accuracy", ax_accuracy), ("rates", ax_rates)):
        ax.set_facecolor("white")
        ax.set_xscale("log")
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{100 * value:g}%"))
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlabel("prevalence (share of positives)")
        # legends above the axes, where the moving marker never goes
        ax.legend(
            loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2, fontsize="small", frameon=False
        )
        markers[f"{name}_line"] = ax.axvline(
            parameter.initial, color=HIGHLIGHT_COLOR, linewidth=LINE_WIDTH
        )
        (markers[f"{name}_points"],) = ax.plot(
            [np.nan, np.nan],
            [np.nan, np.nan],
            marker="o",
            linestyle="none",
            color=HIGHLIGHT_COLOR,
            markeredgecolor="black",
            markersize=8,
            zorder=5,
        )
    ax_accuracy.set_ylabel("accuracy")
    ax_rates.set_ylabel("precision, recall")

    def update(prevalence: float) -> dict[str, float]:
        counts, readout = metrics(prevalence)
        matrix.update(counts)
        for name, keys in (
            ("accuracy", ("accuracy", "accuracy_always_negative")),
            ("rates", ("precision", "recall")),
        ):
            markers[f"{name}_line"].set_xdata([prevalence, prevalence])
            markers[f"{name}_points"].set_data(
                [prevalence, prevalence], [readout[keys[0]], readout[keys[1]]]
            )
        return readout

    return Explorer(
        figure,
        [parameter],
        update,
        artists={"matrix": matrix, "lines": lines, "markers": markers},
        readout_labels={
            "accuracy_always_negative": "accuracy of “always negative”",
            "accuracy": "accuracy of the model",
            "precision": "precision of the model",
            "recall": "recall of the model",
        },
        name="imbalance explorer",
        description=(
            "Accuracy of a model and of always predicting negative, and the model's precision "
            "and recall, as the share of positives changes; the model's confusion matrix."
        ),
        dynamic_artists=[*markers.values(), *itertools.chain.from_iterable(matrix.texts)],
    )


_METRIC_STYLES = {
    "precision_at_k": ("P@K", "black", "-"),
    "recall_at_k": ("R@K", "#009E73", "-"),
    "average_precision_at_k": ("AP@K", HIGHLIGHT_COLOR, "--"),
    "reciprocal_rank_at_k": ("RR@K", "#E69F00", ":"),
    "ndcg_at_k": ("NDCG@K", "#0072B2", "-."),
}


@dataclass
class _RankingState:
    """The list a ranking explorer shows and the metric curves over K drawn from it.

    Grade changes apply to shown items, so what the list is measured against follows them:

    * ``missed`` relevant items (``n_relevant`` minus the relevant items of the given list)
      stay missed; the number of relevant items is the list's count plus ``missed``.
    * ``unretrieved`` holds the positive grades of the judged items that are not in the list
      (the given ``ideal`` minus the grades of the given list); the ideal is the shown grades
      plus these, recomputed after every change, so it always covers the list.
    * Only if the given ``ideal`` does not contain the list's positive grades (it is then not
      "the list plus other judged items") is it kept as given (``fixed_ideal``), and a change
      it would not cover is refused before anything changes.
    """

    rels: np.ndarray
    missed: int | None
    unretrieved: np.ndarray | None
    fixed_ideal: np.ndarray | None
    gain: str
    top_grade: float
    strip: Any = None
    curve_lines: dict[str, Any] | None = None

    @property
    def n_relevant(self) -> int | None:
        if self.missed is None:
            return None
        return int(np.count_nonzero(self.rels > 0)) + self.missed

    @property
    def ideal(self) -> np.ndarray | None:
        if self.unretrieved is not None:
            return np.concatenate([self.rels, self.unretrieved])
        return self.fixed_ideal

    def metrics(self, k: int) -> dict[str, float]:
        n_relevant = self.n_relevant
        return {
            "precision_at_k": ranking.precision_at_k(self.rels, k),
            "recall_at_k": ranking.recall_at_k(self.rels, k, n_relevant=n_relevant),
            "average_precision_at_k": ranking.average_precision(
                self.rels, n_relevant=n_relevant, k=k
            ),
            "reciprocal_rank_at_k": ranking.reciprocal_rank(self.rels, k=k),
            "ndcg_at_k": ranking.ndcg(self.rels, k=k, ideal=self.ideal, gain=self.gain),
        }

    def curves(self) -> dict[str, np.ndarray]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", em.UndefinedMetricWarning)
            rows = [self.metrics(k) for k in range(1, self.rels.size + 1)]
        return {key: np.array([row[key] for row in rows]) for key in _METRIC_STYLES}

    def next_grade(self, rank: int) -> float:
        """The grade a click gives ``rank``: 0 -> 1 -> ... -> top grade -> 0."""
        if isinstance(rank, bool) or not isinstance(rank, (int, np.integer)):
            raise TypeError(f"rank must be an integer, got {rank!r}")
        if not 1 <= rank <= self.rels.size:
            raise ValueError(f"rank must lie in 1..{self.rels.size}, got {rank}")
        grade = float(self.rels[rank - 1])
        return 0.0 if grade >= self.top_grade else math.floor(grade) + 1.0

    def curves_with(self, rels: np.ndarray) -> dict[str, np.ndarray]:
        """The curves for other grades, computed without changing this state (validates)."""
        return dataclasses.replace(self, rels=rels).curves()

    def show(self, rels: np.ndarray, curves: Mapping[str, np.ndarray]) -> None:
        """Make ``rels`` (already validated, with its ``curves``) the shown list."""
        self.rels = rels
        self.strip.update(rels=rels)
        assert self.curve_lines is not None
        for key, values in curves.items():
            self.curve_lines[key].set_ydata(values)


def _unretrieved_grades(rels: np.ndarray, ideal: np.ndarray) -> np.ndarray | None:
    """Positive grades of ``ideal`` left after taking out those of ``rels`` (None if it can't).

    None when ``ideal`` lacks a positive grade of ``rels`` (as a multiset): then ``ideal`` is
    not the list's grades plus those of other judged items.
    """
    remaining = collections.Counter(float(grade) for grade in ideal if grade > 0)
    for grade in rels[rels > 0]:
        if remaining[float(grade)] == 0:
            return None
        remaining[float(grade)] -= 1
    return np.array(sorted(remaining.elements(), reverse=True), dtype=np.float64)


class RankingExplorer(Explorer):
    """The explorer of :func:`ranking_explorer`: an :class:`Explorer` whose list can change.

    :meth:`toggle` changes the grade at one rank; in Jupyter a row of buttons calls it.
    """

    def __init__(self, *args: Any, state: _RankingState, **kwargs: Any) -> None:
        self._state = state
        self._buttons: list[Any] = []
        super().__init__(*args, **kwargs)

    @property
    def rels(self) -> np.ndarray:
        """The grades currently shown, in rank order (a copy)."""
        return self._state.rels.copy()

    @property
    def ideal(self) -> np.ndarray | None:
        """The grades the ideal DCG is computed from now (a copy; None: the list itself)."""
        ideal = self._state.ideal
        return None if ideal is None else ideal.copy()

    @property
    def n_relevant(self) -> int | None:
        """The number of relevant items recall and AP divide by now (None: the list's)."""
        return self._state.n_relevant

    def toggle(self, rank: int) -> None:
        """Change the grade at ``rank`` (1-based): 0 -> 1 -> ... -> top grade -> 0.

        For a binary list this switches relevant and not relevant. The ideal and the number of
        relevant items follow the new grade (see :func:`ranking_explorer`). All or nothing:
        the new list is validated (every metric at every K) before anything changes, and if
        drawing fails the old list is restored; either way the exception propagates.

        Raises
        ------
        ValueError
            If ``rank`` is outside the list, or the new grade is refused (only with an
            ``ideal`` that is kept fixed, when it would not cover the list); nothing changes.
        """
        state = self._state
        new_grade = state.next_grade(rank)
        old_rels = state.rels
        rels = old_rels.copy()
        rels[rank - 1] = new_grade
        try:
            curves = state.curves_with(rels)
        except ValueError as error:
            raise ValueError(
                f"grade {new_grade:g} at rank {rank} refused, the list is unchanged: {error}"
            ) from error
        old_curves = {key: line.get_ydata() for key, line in (state.curve_lines or {}).items()}
        try:
            state.show(rels, curves)
            self.refresh()
        except Exception:
            try:  # back to the old list, drawn as before
                state.show(old_rels, old_curves)
                self.refresh()
            except Exception:  # the first error is the one to report
                state.rels = old_rels
            raise
        finally:
            self._sync_buttons()

    def _sync_buttons(self) -> None:
        if not self._buttons:  # no live view yet
            return
        for button, grade in zip(self._buttons, self._state.rels, strict=True):
            description, style = f"{grade:g}", "info" if grade > 0 else ""
            if button.description != description:
                button.description = description
            if button.button_style != style:
                button.button_style = style

    def _live_controls(self) -> list[Any]:
        import ipywidgets as widgets

        self._buttons = []
        for rank, grade in enumerate(self._state.rels, start=1):
            button = widgets.Button(
                description=f"{grade:g}",
                tooltip=f"rank {rank}: click to change its grade",
                button_style="info" if grade > 0 else "",
                layout=widgets.Layout(width="2.6em", padding="0"),
            )
            action = self._guarded(
                lambda _, rank=rank: self.toggle(rank), f"Grade change at rank {rank} not made"
            )
            button.on_click(action)
            self._buttons.append(button)
        caption = widgets.HTML("Grades by rank (click one to change it):")
        row = widgets.Box(self._buttons, layout=widgets.Layout(flex_flow="row wrap"))
        return [caption, row]


def ranking_explorer(
    rels: Sequence[float] | np.ndarray,
    n_relevant: int | None = None,
    *,
    k_values: Sequence[int] | np.ndarray | None = None,
    initial: int | None = None,
    ideal: Sequence[float] | np.ndarray | None = None,
    gain: str = "exponential",
    dpi: float = DPI,
) -> RankingExplorer:
    """Move the cut-off K down a ranked list and watch P@K, R@K, AP@K, RR@K and NDCG@K.

    The strip shows the list (bar height = grade; outcome colours read as retrieval: relevant
    in the top K = TP, missed = FN); below it, each metric as a function of K with the current
    K marked. All values come from :mod:`evalmetrics.ranking`. In Jupyter, a row of buttons
    changes the grade at a rank (live only; the static book shows the given list).

    Parameters
    ----------
    rels : array-like of shape (n,)
        Relevance grades in rank order (0 = not relevant; graded lists allowed).
    n_relevant : int, optional
        Number of relevant items for the query, counting ones the list missed (recall and AP
        divide by it). Default: the relevant items in the list. A grade change keeps the
        missed ones missed: the count becomes the list's relevant items plus
        ``n_relevant`` minus those of the given list.
    k_values : array-like of int, optional
        Slider values; default every K from 1 to n, or 41 spread values when n > 41.
    initial : int, optional
        Starting K (default the middle slider value).
    ideal : array-like, optional
        Grades of every judged item, for the ideal DCG (see :func:`evalmetrics.ranking.ndcg`).
        The ideal follows grade changes: it is the shown grades plus the judged items not in
        the list (``ideal`` minus the given list's grades), recomputed after every change, so
        NDCG stays in [0, 1]. Only an ``ideal`` that lacks some of the given list's positive
        grades is kept as given; a change it would not cover is then refused.
    gain : {"exponential", "linear"}, default "exponential"
        DCG gain, passed to :func:`evalmetrics.ranking.ndcg`.
    dpi : float, default 80
        Resolution of the figure.

    Returns
    -------
    RankingExplorer
        With parameter ``k``; readouts ``precision_at_k``, ``recall_at_k``,
        ``average_precision_at_k``, ``reciprocal_rank_at_k`` and ``ndcg_at_k``; artists
        ``strip``, ``curves``, ``cutoff`` and ``points``; ``RankingExplorer.toggle``
        changes a grade. In Jupyter an error in a slider or button callback is shown under
        the readout, and the explorer stays as it was before the failed action.

    Examples
    --------
    >>> explorer = ranking_explorer([1, 0, 1, 0, 0], n_relevant=3)
    >>> explorer.set(k=3)
    >>> explorer.readout["precision_at_k"], explorer.readout["recall_at_k"]
    (0.6666666666666666, 0.6666666666666666)
    """
    grades = np.array(rels, dtype=np.float64)
    if grades.ndim != 1 or grades.size == 0:
        raise ValueError(f"rels must be a non-empty 1-D list of grades, got shape {grades.shape}")
    n_items = grades.size
    if k_values is None:
        if n_items <= MAX_FRAMES:
            k_values = np.arange(1, n_items + 1)
        else:
            k_values = np.unique(np.round(np.linspace(1, n_items, MAX_FRAMES)).astype(int))
    k_parameter = Parameter("k", k_values, initial=initial, label="K", format="{:.0f}")
    if any(not float(k).is_integer() or not 1 <= k <= n_items for k in k_parameter.values):
        raise ValueError(f"k_values must be integers in 1..{n_items}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", em.UndefinedMetricWarning)
        # the core validates rels, n_relevant, ideal and gain, naming them
        ranking.recall_at_k(grades, 1, n_relevant=n_relevant)
        ranking.ndcg(grades, k=1, ideal=ideal, gain=gain)
    judged = None if ideal is None else np.asarray(ideal, dtype=np.float64).ravel()
    unretrieved = None if judged is None else _unretrieved_grades(grades, judged)
    state = _RankingState(
        rels=grades,
        missed=None if n_relevant is None else int(n_relevant) - int(np.count_nonzero(grades > 0)),
        unretrieved=unretrieved,
        fixed_ideal=judged if unretrieved is None else None,
        gain=gain,
        top_grade=max(float(grades.max()), 1.0),
    )

    figure = _new_figure(8.0, 4.6, dpi)
    grid_spec = figure.add_gridspec(2, 1, height_ratios=[1.0, 1.5])
    ax_strip = figure.add_subplot(grid_spec[0, 0])
    ax_curves = figure.add_subplot(grid_spec[1, 0], sharex=ax_strip)
    initial_k = int(k_parameter.initial)
    strip = plot_ranked_list(ax_strip, grades, initial_k)
    ax_strip.set_xlabel("")
    state.strip = strip
    ranks = np.arange(1, n_items + 1)
    state.curve_lines = {}
    for key, values in state.curves().items():
        label, color, style = _METRIC_STYLES[key]
        (state.curve_lines[key],) = ax_curves.plot(
            ranks, values, color=color, linestyle=style, linewidth=LINE_WIDTH, label=label
        )
    cutoff = ax_curves.axvline(initial_k + 0.5, color="black", linewidth=LINE_WIDTH, linestyle="--")
    ax_curves.set_ylim(-0.02, 1.02)
    ax_curves.set_xlabel("rank (K)")
    ax_curves.set_ylabel("metric at K")
    ax_curves.set_facecolor("white")
    ax_curves.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small", frameon=False)
    (points,) = ax_curves.plot(
        [],
        [],
        marker="o",
        linestyle="none",
        color=HIGHLIGHT_COLOR,
        markeredgecolor="black",
        markersize=7,
        zorder=5,
    )

    def update(k: float) -> dict[str, float]:
        k = int(k)
        strip.update(k=k)
        cutoff.set_xdata([k + 0.5, k + 0.5])
        readout = state.metrics(k)
        points.set_data([k] * len(readout), list(readout.values()))
        return readout

    return RankingExplorer(
        figure,
        [k_parameter],
        update,
        state=state,
        artists={"strip": strip, "curves": state.curve_lines, "cutoff": cutoff, "points": points},
        readout_labels={key: style[0] for key, style in _METRIC_STYLES.items()},
        name="ranking explorer",
        description=(
            "A ranked list with the cut-off after rank K, and precision, recall, average "
            "precision, reciprocal rank and NDCG at each K."
        ),
        dynamic_artists=[strip.items, strip.cutoff, strip.cutoff_label, cutoff, points],
    )
