"""Plotly charts as HTML pages can show without plotly's lab extension and without a CDN.

Plotly's usual renderers either need its JupyterLab extension (4.8 MB of JavaScript that
every page of the site would load at start, chart or no chart) or add a MathJax
``<script>`` from a CDN to every figure. :class:`SiteRenderer` writes each figure as HTML
with ``include_mathjax=False`` and plotly.js taken from the plotly package itself:

* in the browser (``use()``), plotly.js goes inline with each figure: the figure arrives as
  a kernel output inserted into a live page, where a separate ``<script src>`` would load
  after the figure's own script has already run;
* in a page rendered when the site is built (``use("../../static/plotly.min.js")``), the
  first figure of the page loads plotly.js from the site by ``<script src>``, which the
  browser runs, in order, before the figures' scripts.
"""

from __future__ import annotations

from plotly.io import base_renderers, renderers, to_html

NAME = "daynight_site"


class SiteRenderer(base_renderers.MimetypeRenderer):
    def __init__(self, include_plotlyjs: bool | str = True):
        self.include_plotlyjs = include_plotlyjs
        self.shown = {"figures": 0}  # shared with the copies plotly makes of a renderer

    def to_mimebundle(self, fig_dict):
        include = self.include_plotlyjs if self.include_plotlyjs is True or not self.shown["figures"] else False
        self.shown["figures"] += 1
        html = to_html(
            fig_dict,
            include_plotlyjs=include,
            include_mathjax=False,
            full_html=False,
            default_width="100%",
            default_height=525,
            validate=False,
        )
        return {"text/html": html}


def use(include_plotlyjs: bool | str = True) -> SiteRenderer:
    """Make :class:`SiteRenderer` plotly's default renderer."""
    renderer = SiteRenderer(include_plotlyjs)
    renderers[NAME] = renderer
    renderers.default = NAME
    return renderer
