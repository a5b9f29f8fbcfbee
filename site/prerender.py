"""Execute every notebook of the static site with the project's environment, record what
its cells import, and write the page of each page to read now: a static page, sources
stripped as Voila strips them, its plotly charts interactive, over the Voici page
``site/build.py`` made for it.

A page runs in the visitor's browser (it keeps its Voici page: "live") unless it is a page
to read (:func:`static_reason`): the landing page, shown at once; a notebook that imports a
package the browser lacks (the chart notebooks' pandas has no browser build); a notebook
whose outputs are charts and no widget (its outputs are the same on every run, since the
notebooks are seeded: plotly's 10 MB would only draw the same picture again). So the apps,
the review app, the walkthroughs and any new page with exercises run live, without a list.

Run by ``site/build.py`` with the project's Python (``.venv``), the environment the
notebooks are tested in::

    python site/prerender.py --notebooks DIR --out SITE --landing index.ipynb --browser-lacks pandas,numpy \
        stars/play.ipynb=voici/render/stars/play.html ...

It writes ``SITE/pages.json``: ``{"live": {notebook: page}, "static": {notebook: page},
"imports": {notebook: [top-level modules its cells imported]}, "modules": {notebook: [every
module they imported]}, "why": {notebook: reason},
"widgets": [notebooks that show a widget]}``;
``site/build.py`` preloads a live page's imports while the browser's Python starts.
Charts are drawn by the site's renderer (``site/browser/helper/daynight_browser/charts.py``):
plotly.js is served once from the site (``static/plotly/plotly.min.js``), no MathJax from a CDN.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import jinja2
import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

HELPER = Path(__file__).resolve().parent / "browser" / "helper"
PLOTLY_JS = "static/plotly/plotly.min.js"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PLOTLY_OUTPUT = re.compile(r"Plotly\.newPlot\(|application/vnd\.plotly")
TIMEOUT = 600
#: printed by the last cell added to a notebook: the modules its own cells imported
IMPORTS_MARK = "daynight-site-imports "

#: nbconvert's lab page without the scripts it takes from CDNs (require.js, MathJax, mermaid;
#: none is needed by a page of prose, tables and plotly charts), and no icon to fetch (as on
#: Voici's pages)
TEMPLATE = """{%- extends 'lab/index.html.j2' -%}
{%- block html_head_js_requirejs -%}<link rel="icon" href="data:;base64,=">{%- endblock html_head_js_requirejs -%}
{%- block html_head_js_mathjax -%}{%- endblock html_head_js_mathjax -%}
{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}
"""

#: a relative link to a notebook, in a static page: it goes to that notebook's page
IPYNB_LINK = re.compile(r'(href="(?![a-z][a-z0-9+.-]*:|/|#)[^"]*?)\.ipynb(?=[#?"])', re.I)


def setup_cell(plotly_js_url: str):
    """A first cell (removed again before the page is written) that notes the modules loaded
    so far and those the site's chart renderer loads, then selects that renderer."""
    return nbformat.v4.new_code_cell(
        f"import sys\n_dn_modules = set(sys.modules)\nsys.path.insert(0, {str(HELPER)!r})\n"
        f"from daynight_browser import charts\ncharts.use({plotly_js_url!r})\n"
        "_dn_setup = set(sys.modules) - _dn_modules\ndel charts"
    )


def imports_cell():
    """A last cell (removed again) that prints the modules the notebook's own cells imported
    (plotly's only if a chart was drawn: the renderer above imported them)."""
    return nbformat.v4.new_code_cell(
        "import json as _dn_json\n"
        "print(" + repr(IMPORTS_MARK) + " + _dn_json.dumps(sorted(set(sys.modules) - _dn_modules - _dn_setup)))\n"
        "del _dn_modules, _dn_setup, _dn_json"
    )


def shows_widgets(nb) -> bool:
    return any(WIDGET_VIEW in out.get("data", {}) for cell in nb.cells for out in cell.get("outputs", ()))


def shows_charts(nb) -> bool:
    return any(
        PLOTLY_OUTPUT.search(json.dumps(out.get("data", {}))) for cell in nb.cells for out in cell.get("outputs", ())
    )


def static_reason(notebook: str, nb, imports: list[str], landing: str, lacks: set[str]) -> str | None:
    """Why ``notebook`` is a page to read (rendered now), or None: it runs in the browser."""
    if shows_widgets(nb):
        return None
    if notebook == landing:
        return "the landing page, shown at once"
    missing = sorted(lacks & set(imports))
    if missing:
        return f"imports {', '.join(missing)}, which the browser lacks"
    if shows_charts(nb):
        return "its outputs are charts, the same on every run"
    return None


def execute(notebook: Path, page: Path, site: Path):
    """``notebook`` executed (as its static ``page`` would show it) and the modules its cells
    imported."""
    nb = nbformat.read(notebook, as_version=4)
    rel = lambda target: os.path.relpath(site / target, page.parent).replace(os.sep, "/")  # noqa: E731
    nb.cells.insert(0, setup_cell(rel(PLOTLY_JS)))
    nb.cells.append(imports_cell())
    NotebookClient(
        nb,
        timeout=TIMEOUT,
        startup_timeout=TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(notebook.parent)}},
    ).execute()
    nb.cells.pop(0)
    last = nb.cells.pop()
    errors = [o for c in [*nb.cells, last] for o in c.get("outputs", []) if o.get("output_type") == "error"]
    if errors:
        raise SystemExit(f"prerender: {notebook}: {errors[0]['ename']}: {errors[0]['evalue']}")
    printed = "".join(o.get("text", "") for o in last.get("outputs", []))
    modules = json.loads(printed[printed.index(IMPORTS_MARK) + len(IMPORTS_MARK) :])
    return nb, modules


def write_static(nb, page: Path) -> None:
    """The static page of an executed notebook."""
    exporter = HTMLExporter(
        template_name="lab",
        template_file="daynight-static.html.j2",
        extra_loaders=[jinja2.DictLoader({"daynight-static.html.j2": TEMPLATE})],
        exclude_input=True,
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        embed_images=True,
    )
    html, _ = exporter.from_notebook_node(nb)
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(IPYNB_LINK.sub(r"\1.html", html), encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python site/prerender.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--notebooks", type=Path, required=True, help="the notebooks' root")
    p.add_argument("--out", type=Path, required=True, help="the site folder")
    p.add_argument("--landing", default="index.ipynb", help="the landing page's notebook (always static)")
    p.add_argument("--browser-lacks", default="", help="top-level modules the browser lacks, comma-separated")
    p.add_argument(
        "--plotly-js",
        type=Path,
        help="the plotly.js the site serves (default: this environment's plotly's); the browser's plotly uses it too",
    )
    p.add_argument(
        "pairs",
        nargs="+",
        metavar="NOTEBOOK=PAGE",
        help="a notebook relative to --notebooks and its page relative to --out",
    )
    args = p.parse_args(argv)
    import plotly

    target = args.out / PLOTLY_JS
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(args.plotly_js or Path(plotly.__file__).parent / "package_data" / "plotly.min.js", target)
    lacks = {m for m in args.browser_lacks.split(",") if m}
    pages: dict[str, Any] = {"live": {}, "static": {}, "imports": {}, "modules": {}, "why": {}, "widgets": []}
    for pair in args.pairs:
        notebook, page = pair.split("=", 1)
        nb, modules = execute(args.notebooks / notebook, args.out / page, args.out)
        imports = sorted({m.split(".")[0] for m in modules})
        why = static_reason(notebook, nb, imports, args.landing, lacks)
        if why:
            write_static(nb, args.out / page)
        pages["static" if why else "live"][notebook] = page
        pages["imports"][notebook] = imports
        pages["modules"][notebook] = modules
        pages["why"][notebook] = why or "runs in the browser"
        if shows_widgets(nb):
            pages["widgets"].append(notebook)
        print(
            f"prerender: {notebook}: {'static page: ' + why if why else 'runs in the browser'}; "
            f"imports {', '.join(imports)}",
            flush=True,
        )
    (args.out / "pages.json").write_text(json.dumps(pages, indent=1, sort_keys=True), encoding="utf-8")


if __name__ == "__main__":
    main()
