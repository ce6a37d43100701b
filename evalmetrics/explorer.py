"""The explorer framework: a figure bound to sliders, live in Jupyter and in the static book.

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

The static page's HTML, CSS and JavaScript are package data files in ``evalmetrics/_assets/``
(listed in ``ASSETS``: the page, a slider, a readout, the note shown without frames, the
live view's error line, the CSS and the JavaScript), read with ``importlib.resources``.
They are ``string.Template`` texts (``${uid}``, ``${frame}``, ...). In the HTML templates
every line is stripped of its indentation and the lines are joined without a separator, so a
tag must not be broken across lines; the CSS and JavaScript are inserted as they are.

This module knows nothing about metrics; the book's explorers are in
:mod:`evalmetrics.widgets`, which re-exports the names defined here.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import functools
import hashlib
import html
import importlib.resources
import io
import itertools
import json
import math
import os
import re
import string
import traceback
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from evalmetrics import UndefinedMetricWarning, _validation

__all__ = [
    "ASSETS",
    "MAX_FRAMES",
    "STATIC_FRAMES_VARIABLE",
    "Explorer",
    "Parameter",
    "static_frames_enabled",
]

#: The package data files of the static HTML (in ``evalmetrics/_assets/``).
ASSETS = (
    "explorer.html",
    "explorer_control.html",
    "explorer_readout.html",
    "explorer_note.html",
    "explorer_error.html",
    "explorer.css",
    "explorer.js",
)

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

    ``name`` and ``values`` may be given by position; the options after them are
    keyword-only (``Parameter("k", [1, 2, 3], label="K")``).

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
    _: KW_ONLY
    initial: float | None = None
    label: str | None = None
    format: str = "{:.3g}"

    def __post_init__(self) -> None:
        name = f"values of parameter {self.name!r}"
        # 1-D, not empty, numeric, no NaN or infinity (the message names the index)
        values = tuple(_validation.check_finite_scores(self.values, name).tolist())
        if len(set(values)) != len(values):
            raise ValueError(f"{name} contains duplicates")
        object.__setattr__(self, "values", values)
        if self.initial is None:
            object.__setattr__(self, "initial", values[(len(values) - 1) // 2])
        else:
            initial = _validation.check_in_interval(
                self.initial, f"initial of parameter {self.name!r}", -math.inf, math.inf
            )
            object.__setattr__(self, "initial", initial)

    def index_of(self, value: float) -> int:
        """Index of the slider value nearest to ``value`` (the first one on a tie)."""
        return int(np.argmin(np.abs(np.asarray(self.values) - float(value))))

    def display(self, value: float) -> str:
        """The value as the slider shows it."""
        return self.format.format(value)


def _format_readout(value: float, pattern: str, undefined: str = "undefined") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return undefined
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
            warnings.simplefilter("ignore", UndefinedMetricWarning)
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

    def readout_html(self, *, readout: Mapping[str, float] | None = None) -> str:
        """The readouts as a line of HTML (each metric in a ``span.em-metric``)."""
        readout = self._readout if readout is None else readout
        items = []
        for key, value in readout.items():
            label = self._readout_labels.get(key, html.escape(key))
            pattern = self._readout_formats.get(key, "{:.3f}")
            text = _format_readout(value, pattern, getattr(self, "_undefined", "undefined"))
            items.append(
                _render(
                    "explorer_readout.html",
                    key=html.escape(key),
                    value=repr(value),
                    label=label,
                    text=text,
                )
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
            return _render("explorer_note.html", name=html.escape(self.name))
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
                readouts.append(self.readout_html(readout=self._compute()))
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
            controls.append(
                _render(
                    "explorer_control.html",
                    slider_id=f"{uid}-{_html_id(parameter.name)}",
                    label=html.escape(parameter.label or parameter.name),
                    parameter=html.escape(parameter.name),
                    max=len(parameter.values) - 1,
                    position=position,
                    shown=html.escape(parameter.display(parameter.values[position])),
                )
            )
        return _render(
            "explorer.html",
            uid=uid,
            name=html.escape(self.name),
            n_frames=n_frames,
            style=_render("explorer.css", uid=uid),
            controls="".join(controls),
            frame=frame_uris[current],
            width=width,
            height=height,
            alt=html.escape(self.description or self.name),
            readout=readouts[current],
            payload=payload,
            script=_render("explorer.js", uid=uid),
        )

    # ------------------------------------------------------------------ languages

    def texts(self) -> list[str]:
        """What a translator translates of this explorer (the Chinese edition): its figure's
        texts, slider labels, readout labels and description (its alt text), each once."""
        from ._languages import UNDEFINED, figure_texts, is_words

        found = dict.fromkeys(figure_texts(self.figure))
        labels = [p.label for p in self.parameters.values() if p.label]
        for label in [*labels, *self._readout_labels.values()]:
            if is_words(label):
                found.setdefault(label, None)
        if self.description:
            found.setdefault(self.description, None)
        found.setdefault(UNDEFINED, None)
        return list(found)

    @contextlib.contextmanager
    def in_language(self, language: str) -> Iterator[None]:
        """Within the block, the frames, sliders, readouts and alt text are in ``language``
        (each text looked up in the figures' catalog, ``evalmetrics/_languages.py``);
        afterwards the explorer is as it was."""
        from ._languages import ENGLISH, translated

        if language == ENGLISH:
            yield
            return
        saved = (self.parameters, self._readout_labels, self.description)
        self._speak(language)
        try:
            with translated(self.figure, language):
                yield
        finally:
            self.parameters, self._readout_labels, self.description = saved
            del self._compute
            del self._undefined
            self._background = None
            self._readout = self._compute()  # the texts of the current values again

    def _speak(self, language: str) -> None:
        """Slider labels, readout labels, "undefined", the alt text and every text the update
        function draws, in ``language`` from now on (:meth:`in_language` undoes it)."""
        from ._languages import UNDEFINED, retranslate, translations

        table = translations(language)
        original_compute = self._compute

        def compute() -> dict[str, float]:
            readout = original_compute()
            retranslate(self.figure, language)  # the update function set its texts anew
            return readout

        self.parameters = {
            name: dataclasses.replace(p, label=table.get(p.label, p.label)) if p.label else p
            for name, p in self.parameters.items()
        }
        self._readout_labels = {k: table.get(v, v) for k, v in self._readout_labels.items()}
        self.description = table.get(self.description, self.description)
        self._undefined = table.get(UNDEFINED, UNDEFINED)
        self._compute = compute  # type: ignore[method-assign]
        self._background = None  # cached with the other language's texts

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

        from ._languages import ENGLISH, reader_language

        language = reader_language()  # a Chinese copy (make lab LANG=zh): a Chinese explorer
        if language != ENGLISH:
            self._speak(language)
            self._readout = self._compute()
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
        self._show_message(_render("explorer_error.html", text=html.escape(text)))

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


@functools.cache
def _template(asset: str) -> string.Template:
    """The package data file ``_assets/<asset>`` as a template (read once).

    HTML templates lose their line breaks and indentation (lines joined without a separator);
    CSS and JavaScript are kept as they are.
    """
    text = (importlib.resources.files("evalmetrics") / "_assets" / asset).read_text("utf-8")
    if asset.endswith(".html"):
        text = "".join(line.strip() for line in text.splitlines())
    return string.Template(text.strip("\n"))


def _render(asset: str, **values: object) -> str:
    """Fill the template ``asset``; every placeholder must be given (KeyError otherwise)."""
    return _template(asset).substitute(values)
