"""The Voila page template of the class server: Voila's own, without the links to a CDN, and
with a notice on a page that is slow to start.

Standard library and ``jupyter_core`` only (the static site's build uses it too).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from jupyter_core.paths import jupyter_path

from ..markup import resource

__all__ = ["BUSY_NOTICE", "CONTROL_DEADLINE", "CONTROL_DEADLINE_MS", "offline_template"]

#: a page still starting after 15 s (its kernel busy or not connected, a widget still
#: "Loading widget...") says so instead of staying blank; it goes when the page is ready
#: (the style and script of ``busy.html``, in the page's head)
BUSY_NOTICE = "busy.html"
#: the class server's page gives the kernel this long to answer ipywidgets' one request for all
#: the widget states (ipywidgets gives 4 s, counted from before the page's kernel channel is
#: open; the script of ``control_deadline.html``, in the page's head)
CONTROL_DEADLINE, CONTROL_DEADLINE_MS = "control_deadline.html", 60_000


def offline_template(root: Path, base: str = "lab", *, busy_notice: bool = True) -> tuple[str, str]:
    """Make a Voila template under ``root`` that is ``base`` without its CDN links.

    Voila's ``lab`` template links FontAwesome from cdn.jsdelivr.net although Voila's own
    bundle already carries FontAwesome, and nbconvert's adds a mermaid.js import from
    cdnjs; a served app must not send requests off the machine. The template also shows
    a notice on a page that is still not ready after a while (:data:`BUSY_NOTICE`) and gives
    the kernel :data:`CONTROL_DEADLINE_MS` to answer the page's one request for all the widget
    states (:data:`CONTROL_DEADLINE`), unless ``busy_notice`` is false (the static site: no
    server to be busy, no kernel channel to open, Python starts in the visitor's browser).
    The template is derived at start-up from the installed Voila, so it follows upgrades.
    Returns ``(jupyter_path_entry, template_name)``.
    """
    for data_dir in jupyter_path():
        source = Path(data_dir) / "voila" / "templates" / base / "index.html.j2"
        if source.exists():
            break
    else:
        raise FileNotFoundError(f"Voila's {base!r} template was not found")

    def strip(text: str) -> str:
        return re.sub(r'\s*<link[^>]+href="https?://[^"]+"[^>]*>', "", text)

    text = strip(source.read_text(encoding="utf-8"))
    # nbconvert's lab template imports mermaid.js from cdnjs when an output holds a mermaid
    # diagram; the apps have none, and a served page must never reach a CDN
    text += "\n{%- block html_head_js_mermaidjs -%}{%- endblock html_head_js_mermaidjs -%}\n"
    if busy_notice:
        text += (
            "{%- block html_head_css -%}"
            + resource("daynight.server", BUSY_NOTICE)
            + resource("daynight.server", CONTROL_DEADLINE).replace("CONTROL_DEADLINE_MS", str(CONTROL_DEADLINE_MS))
            + "{%- endblock html_head_css -%}\n"
        )
    name = f"daynight-{base}"
    target = root / "voila" / "templates" / name
    target.mkdir(parents=True, exist_ok=True)
    (target / "index.html.j2").write_text(text, encoding="utf-8")
    (target / "conf.json").write_text(json.dumps({"base_template": base}), encoding="utf-8")
    # the file-list and error pages extend voila's base page.html, which links FontAwesome 4
    # from the CDN outside any block: serve a copy without the link under our template
    page = source.parent / "page.html"
    base_page = source.parent.parent / "base" / "page.html"
    if page.exists() and base_page.exists():
        (target / "daynight-base-page.html").write_text(strip(base_page.read_text(encoding="utf-8")), encoding="utf-8")
        text = page.read_text(encoding="utf-8").replace(
            "'voila/templates/base/page.html'", f"'voila/templates/{name}/daynight-base-page.html'"
        )
        (target / "page.html").write_text(strip(text), encoding="utf-8")
    return str(root), name
