// The drawn table (daynight.widgets.table.Table): the drawing, its targets as real controls,
// a toolbar and a status line. Python decides everything; this file only shows and reports.
//
// Page contract: <div class="dn-table" data-epoch="N" data-said="M">, targets are [data-target] elements,
// the status line is .dn-status, a mark is a .dn-mark in a .dn-marks layer on top of the drawing (its piece
// has the class dn-marked). Nothing here fetches anything from the network.
//
// Kept values: for every key of `stored_keys` the table reads the browser's localStorage once when it is
// shown and sends {event: "stored", key, value} to the kernel; the kernel sends {event: "store", key, value}
// to keep a new value (null: forget it). Only the listed keys are read or written.

const ACTIVATE = new Set(["Enter", " ", "Spacebar"]);
const SVG_NS = "http://www.w3.org/2000/svg";
// the longest value kept, in characters (daynight.widgets.table.MAX_STORED)
const MAX_STORED = 60000;
const TONES = new Set(["reason", "chosen", "missed", "wrong"]);

// Words on a drawn piece: an outline around it and a short label at its foot, drawn in a layer on top of
// the whole drawing (so no later piece covers them); the label is added to the piece's accessible name.
function addMark(node, mark) {
  const svg = node.ownerSVGElement;
  let box, toRoot;
  try {
    box = node.getBBox();
    toRoot = svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
  } catch (e) {
    return;
  }
  if (!box || !box.width || !toRoot) return;
  const corner = (x, y) => new DOMPoint(x, y).matrixTransform(toRoot);
  const a = corner(box.x, box.y), b = corner(box.x + box.width, box.y + box.height);
  const [x, y, w, h] = [Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y)];
  let layer = svg.querySelector(":scope > g.dn-marks");
  if (!layer) {
    layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("class", "dn-marks");
    layer.setAttribute("aria-hidden", "true");
    svg.append(layer);
  }
  const tone = TONES.has(mark.tone) ? mark.tone : "reason";
  const g = document.createElementNS(SVG_NS, "g");
  g.setAttribute("class", `dn-mark dn-mark-${tone}`);
  const make = (tag, attrs) => {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    return el;
  };
  const outline = make("rect", { class: "dn-mark-outline", x: x - 4, y: y - 4, width: w + 8, height: h + 8, rx: 8 });
  const label = make("text", { class: "dn-mark-text", x: x + 4, y: y + h - 5 });
  label.textContent = mark.label;
  const back = make("rect", { class: "dn-mark-label", x: x, y: y + h - 18, width: 10, height: 17, rx: 4 });
  g.append(outline, back, label);
  layer.append(g);
  let width = mark.label.length * 6.5;
  try {
    width = label.getComputedTextLength();
  } catch (e) { /* not rendered: an estimate */ }
  back.setAttribute("width", String(width + 8));
  node.classList.add("dn-marked");
  const name = node.getAttribute("aria-label");
  if (name) node.setAttribute("aria-label", `${name}: ${mark.label}`);
}

function storage() {
  try {
    return window.localStorage;
  } catch (e) {
    return null;
  }
}

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
      if (t.pressed === true || t.pressed === false) node.setAttribute("aria-pressed", String(t.pressed));
    }
    for (const m of model.get("marks")) {
      const node = drawing.querySelector(`[data-key="${CSS.escape(m.key)}"]`);
      if (node && typeof m.label === "string") addMark(node, m);
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

  // values kept in the browser for this page
  const sent = new Set();
  function sendStored() {
    for (const key of model.get("stored_keys")) {
      if (sent.has(key)) continue;
      sent.add(key);
      const store = storage();
      const msg = { event: "stored", key, value: null };
      if (!store) {
        msg.problem = "no storage";
      } else {
        let value = null;
        try {
          value = store.getItem(key);
        } catch (e) {
          msg.problem = "no storage";
        }
        if (typeof value === "string" && value.length > MAX_STORED) msg.problem = "too long";
        else msg.value = value;
      }
      model.send(msg);
    }
  }
  function onCustom(msg) {
    if (!msg || msg.event !== "store" || typeof msg.key !== "string") return;
    if (!model.get("stored_keys").includes(msg.key)) return;
    const store = storage();
    if (!store) return;
    try {
      if (msg.value === null) store.removeItem(msg.key);
      else if (typeof msg.value === "string" && msg.value.length <= MAX_STORED) store.setItem(msg.key, msg.value);
    } catch (e) { /* full or refused: the kernel keeps the session's progress */ }
  }
  model.on("msg:custom", onCustom);
  model.on("change:stored_keys", sendStored);

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
  sendStored();
  return () => {
    model.off("msg:custom", onCustom);
    model.off("change:stored_keys", sendStored);
    el.removeEventListener("click", onClick);
    listening.removeEventListener("keydown", onKey);
  };
}

export default { render };
