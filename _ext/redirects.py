"""Old chapter addresses keep working: a small page at each old address sends the reader on.

.. renumber: off

When chapters are renumbered (``tools/renumber.py``), a notebook's file name changes and so
does its page's address. A reader's bookmark and a course's link to the old address must still
reach the chapter, so ``redirects.json`` (written by the renumbering tool) maps each old page to
its current one::

    {"chapters/05_roc_auc": "chapters/07_roc_auc"}

A value may also name where sections went that moved to another page (a page, or a page and
the section's new id after ``#``)::

    {"chapters/05_roc_auc": {"to": "chapters/07_roc_auc",
                             "anchors": {"auc-for-more-than-two-classes":
                                         "chapters/08_auc_in_practice"}}}

.. renumber: on

After an HTML build this extension writes ``<old>.html`` for every entry: a page with a
``meta refresh`` (works without JavaScript) and a script that keeps the ``#section`` part of
the address (so a link to a section still lands on it, on the page it moved to), plus a visible
link for a reader whose browser follows neither. Nothing is loaded from another host.
"""

from __future__ import annotations

import html
import json
import posixpath
from pathlib import Path

from sphinx.application import Sphinx

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>This page has moved: {title}</title>
<meta name="robots" content="noindex">
<link rel="canonical" href="{href}">
<meta http-equiv="refresh" content="0; url={href}">
<script>
(function () {{
  var anchors = {anchors};
  var hash = window.location.hash.slice(1);
  var target = {href_js};
  if (hash && Object.prototype.hasOwnProperty.call(anchors, hash)) {{
    target = anchors[hash];
  }}
  if (target.indexOf("#") < 0 && hash) {{
    target += "#" + hash;
  }}
  window.location.replace(target);
}})();
</script>
</head>
<body>
<p>This page has moved to <a href="{href}">{title}</a>.</p>
</body>
</html>
"""


def load_redirects(path: Path) -> dict[str, dict]:
    """``redirects.json`` as ``{old page: {"to": new page, "anchors": {...}}}``."""
    if not path.exists():
        return {}
    raw = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for old, value in raw.items():
        entry = {"to": value, "anchors": {}} if isinstance(value, str) else dict(value)
        entry.setdefault("anchors", {})
        out[old] = entry
    return out


def redirect_page(old: str, new: str, anchors: dict[str, str], title: str) -> str:
    """The HTML of the page written at ``old`` (page names without ``.html``)."""

    def relative(target: str) -> str:
        page, _, fragment = target.partition("#")
        href = posixpath.relpath(page + ".html", posixpath.dirname(old) or ".")
        return f"{href}#{fragment}" if fragment else href

    href = relative(new)
    return _PAGE.format(
        title=html.escape(title),
        href=html.escape(href, quote=True),
        href_js=json.dumps(href),
        anchors=json.dumps({k: relative(v) for k, v in anchors.items()}, sort_keys=True),
    )


def _write(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    redirects = load_redirects(Path(app.srcdir) / "redirects.json")
    docnames = set(app.env.found_docs)
    for old, entry in redirects.items():
        new = entry["to"]
        if old in docnames:
            raise RuntimeError(f"redirects.json: {old} is a page of the book; it cannot redirect")
        if new not in docnames:
            raise RuntimeError(f"redirects.json: {old} -> {new}, which is not a page of the book")
        for anchor, page in entry["anchors"].items():
            if page.partition("#")[0] not in docnames:
                raise RuntimeError(f"redirects.json: {old}#{anchor} -> {page}: not a page")
        title = app.env.titles[new].astext() if new in app.env.titles else new
        target = Path(app.outdir) / f"{old}.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(redirect_page(old, new, entry["anchors"], title), encoding="utf-8")


def setup(app: Sphinx) -> dict:
    app.connect("build-finished", _write)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
