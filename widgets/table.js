// The drawn table (daynight.widgets.table.Table): the drawing, its targets as real controls,
// a toolbar and a status line. Python decides everything; this file only shows and reports.
//
// Page contract: <div class="dn-table" data-epoch="N" data-said="M">, targets are [data-target] elements,
// the status line is .dn-status. Nothing here fetches anything from the network.

const ACTIVATE = new Set(["Enter", " ", "Spacebar"]);

function render({ model, el }) {
  el.classList.add("dn-table");
  el.setAttribute("role", "region");

  const drawing = document.createElement("div");
  drawing.className = "dn-drawing";
  const actions = document.createElement("div");
  actions.className = "dn-actions";
  actions.setAttribute("role", "toolbar");
  const status = document.createElement("div");
  status.className = "dn-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  el.append(drawing, actions, status);

  let lastKey = null;   // the data-key (or target id) that had the focus before a redraw

  function choose(node) {
    if (!node || !el.contains(node)) return;
    lastKey = node.dataset.key || node.dataset.target;
    el.classList.add("dn-waiting");
    model.send({ event: "choose", target: node.dataset.target, epoch: model.get("epoch") });
  }

  function redraw() {
    const focused = el.contains(document.activeElement) ? document.activeElement : null;
    if (focused) lastKey = focused.dataset.key || focused.dataset.target || lastKey;
    el.setAttribute("aria-label", model.get("label"));
    drawing.innerHTML = model.get("svg");
    // a drawing fills the table's width, but is never blown up beyond 1.75 times its size
    for (const svg of drawing.querySelectorAll(":scope > svg, :scope > * > svg")) {
      const natural = svg.width && svg.width.baseVal ? svg.width.baseVal.value : 0;
      if (natural) svg.style.maxWidth = `${Math.round(natural * 1.75)}px`;
    }
    actions.replaceChildren();
    for (const t of model.get("targets")) {
      let node;
      if (t.key) {
        node = drawing.querySelector(`[data-key="${CSS.escape(t.key)}"]`);
        if (!node) continue;   // the drawing does not show this piece: no target
        node.setAttribute("role", "button");
        node.setAttribute("tabindex", "0");
        node.setAttribute("aria-label", t.name);
        const title = node.querySelector(":scope > title");
        if (title) title.textContent = t.name;
      } else {
        node = document.createElement("button");
        node.type = "button";
        node.textContent = t.name;
        if (t.primary) node.classList.add("dn-primary");
        actions.append(node);
      }
      node.dataset.target = t.id;
    }
    actions.hidden = actions.childElementCount === 0;
    el.dataset.epoch = String(model.get("epoch"));
    el.classList.remove("dn-waiting");
    if (focused || lastKey) {
      // keep the keyboard where it was: the same piece, else the first target of the table
      const all = [...el.querySelectorAll("[data-target]")];
      const again = all.find((n) => (n.dataset.key || n.dataset.target) === lastKey);
      const next = again || (focused ? all[0] : null);
      if (next) next.focus({ preventScroll: true });
    }
  }

  function showStatus() {
    status.textContent = model.get("status");
    status.dataset.kind = model.get("status_kind");
    el.dataset.said = String(model.get("said"));
    el.classList.remove("dn-waiting");
  }

  function onClick(event) {
    const node = event.target.closest("[data-target]");
    if (node && el.contains(node)) choose(node);
  }

  function onKey(event) {
    const node = event.target.closest ? event.target.closest("[data-target]") : null;
    if (node && el.contains(node) && node.tagName !== "BUTTON" && ACTIVATE.has(event.key)) {
      event.preventDefault();
      choose(node);
      return;
    }
    const id = model.get("shortcuts")[event.key];
    if (!id) return;
    const tag = (event.target.tagName || "").toLowerCase();
    if (["input", "select", "textarea"].includes(tag) || event.target.isContentEditable) return;
    if (!model.get("global_keys") && !el.contains(event.target)) return;
    const target = [...el.querySelectorAll("[data-target]")].find((n) => n.dataset.target === id);
    if (target) {
      event.preventDefault();
      choose(target);
    }
  }

  el.addEventListener("click", onClick);
  const keyRoot = () => (model.get("global_keys") ? document : el);
  let listening = keyRoot();
  listening.addEventListener("keydown", onKey);
  model.on("change:epoch", redraw);
  model.on("change:status", showStatus);
  model.on("change:status_kind", showStatus);
  model.on("change:said", showStatus);
  model.on("change:global_keys", () => {
    listening.removeEventListener("keydown", onKey);
    listening = keyRoot();
    listening.addEventListener("keydown", onKey);
  });
  redraw();
  showStatus();
  return () => {
    el.removeEventListener("click", onClick);
    listening.removeEventListener("keydown", onKey);
  };
}

export default { render };
