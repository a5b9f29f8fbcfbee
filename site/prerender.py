"""Render notebooks ahead for the static site: execute each with the project's environment
and write it as a static page, sources stripped as Voila strips them, its plotly charts
interactive, over the Voici page ``site/build.py`` made for it.

Run by ``site/build.py`` with the project's Python (``.venv``), the environment the
notebooks are tested in::

    python site/prerender.py --notebooks DIR --out SITE stars/charts.ipynb=voici/render/stars/charts.html ...

The charts are drawn by the site's renderer (``site/browser/helper/daynight_browser/charts.py``):
plotly.js is served once from the site (``static/plotly/plotly.min.js``), no MathJax from a CDN.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
from pathlib import Path

import jinja2
import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

HELPER = Path(__file__).resolve().parent / "browser" / "helper"
PLOTLY_JS = "static/plotly/plotly.min.js"
TIMEOUT = 600

#: nbconvert's lab page without the scripts it takes from CDNs (require.js, MathJax, mermaid;
#: none is needed by a page of prose, tables and plotly charts)
TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js_requirejs -%}{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
"""

IPYNB_LINK = re.compile(r'(href="(?![a-z][a-z0-9+.-]*:|/|#)[^"]*?)\.ipynb(?=[#?"])', re.I)


def setup_cell(plotly_js_url: str):
    return nbformat.v4.new_code_cell(
        f"import sys\nsys.path.insert(0, {str(HELPER)!r})\n"
        f"from daynight_browser import charts\ncharts.use({plotly_js_url!r})\ndel sys, charts")


def render(notebook: Path, page: Path, site: Path) -> None:
    nb = nbformat.read(notebook, as_version=4)
    plotly_js = os.path.relpath(site / PLOTLY_JS, page.parent).replace(os.sep, "/")
    nb.cells.insert(0, setup_cell(plotly_js))
    NotebookClient(nb, timeout=TIMEOUT, kernel_name="python3",
                   resources={"metadata": {"path": str(notebook.parent)}}).execute()
    nb.cells.pop(0)
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    if errors:
        raise SystemExit(f"prerender: {notebook.name}: {errors[0]['ename']}: {errors[0]['evalue']}")
    exporter = HTMLExporter(template_name="lab", template_file="daynight-static.html.j2",
                            extra_loaders=[jinja2.DictLoader({"daynight-static.html.j2": TEMPLATE})],
                            exclude_input=True, exclude_input_prompt=True, exclude_output_prompt=True,
                            embed_images=True)
    html, _ = exporter.from_notebook_node(nb)
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(IPYNB_LINK.sub(r"\1.html", html), encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python site/prerender.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--notebooks", type=Path, required=True, help="the notebooks' root")
    p.add_argument("--out", type=Path, required=True, help="the site folder")
    p.add_argument("pairs", nargs="+", metavar="NOTEBOOK=PAGE",
                   help="a notebook relative to --notebooks and its page relative to --out")
    args = p.parse_args(argv)
    import plotly  # noqa: PLC0415

    target = args.out / PLOTLY_JS
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(Path(plotly.__file__).parent / "package_data" / "plotly.min.js", target)
    for pair in args.pairs:
        notebook, page = pair.split("=", 1)
        print(f"prerender: {notebook} -> {page}", flush=True)
        render(args.notebooks / notebook, args.out / page, args.out)


if __name__ == "__main__":
    main()
